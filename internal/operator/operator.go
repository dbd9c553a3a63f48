// Package operator is the back-office side of Palaro: operator accounts,
// their sessions, the role -> permission table every /ops/ handler checks,
// the audit trail, and manual balance adjustments.
package operator

import (
	"context"
	"net/http"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Role is what an operator is allowed to do, as a whole.
type Role string

const (
	RoleAdmin   Role = "ADMIN"   // everything
	RoleFinance Role = "FINANCE" // money: queues, adjustments and their approval, reports
	RoleCashier Role = "CASHIER" // deposit and withdrawal queues: read and decide
	RoleContent Role = "CONTENT" // storefront content
	RoleSupport Role = "SUPPORT" // players: look up, lock, reset, responsible gaming
	RoleViewer  Role = "VIEWER"  // read only
)

// Roles lists every role (validation, tests).
var Roles = []Role{RoleAdmin, RoleFinance, RoleCashier, RoleContent, RoleSupport, RoleViewer}

// Valid tells whether r is a known role.
func (r Role) Valid() bool {
	_, ok := rolePerms[r]
	return ok
}

// TOTPAlways tells whether the role must enrol a TOTP second factor
// whatever the brand says.
func (r Role) TOTPAlways() bool { return r == RoleAdmin || r == RoleFinance }

// Permission is one thing a handler asks for.
type Permission string

const (
	PermCashierRead   Permission = "cashier.read"
	PermCashierDecide Permission = "cashier.decide"
	PermAdjust        Permission = "ledger.adjust"
	PermAdjustApprove Permission = "ledger.adjust.approve" // approve or reject another operator's adjustment
	PermOperators     Permission = "operators.manage"
	PermAuditRead     Permission = "audit.read"
	PermRGRead        Permission = "rg.read"  // responsible-gaming settings of a member
	PermRGWrite       Permission = "rg.write" // impose limits, time-outs, exclusions
	PermPlayersRead   Permission = "players.read"
	PermPlayersWrite  Permission = "players.write" // lock, unlock, log out, reset password, notes
	PermBrandRead     Permission = "brand.read"
	PermBrandWrite    Permission = "brand.write"
	PermContentWrite  Permission = "content.write"
	PermGamesRead     Permission = "games.read"  // vendors and games with their switches
	PermGamesWrite    Permission = "games.write" // switch them, order them, schedule maintenance
	PermReportsRead   Permission = "reports.read"
	PermFeedbackRead  Permission = "feedback.read"  // the players' feedback inbox
	PermFeedbackReply Permission = "feedback.reply" // answer and close it
	PermAgentsRead    Permission = "agents.read"    // the agent tree, a member's upline chain, affiliate applications
	PermAgentsWrite   Permission = "agents.write"   // move a member to another upline, decide affiliate applications
	// Agents' contracts and commission bills (internal/commission).
	PermCommissionRead    Permission = "commission.read"
	PermCommissionWrite   Permission = "commission.write"   // offer and end platform contracts to top agents
	PermCommissionApprove Permission = "commission.approve" // approve or reject platform-paid bills
	// A player's rewards and bonus, and the bonus cost report (internal/rewards).
	PermRewardsRead  Permission = "rewards.read"
	PermRewardsWrite Permission = "rewards.write" // issue a reward to a player, forfeit a player's bonus
)

// Permissions lists every permission (tests walk it).
var Permissions = []Permission{PermCashierRead, PermCashierDecide, PermAdjust, PermAdjustApprove, PermOperators, PermAuditRead,
	PermRGRead, PermRGWrite, PermPlayersRead, PermPlayersWrite, PermBrandRead, PermBrandWrite, PermContentWrite, PermGamesRead,
	PermGamesWrite, PermReportsRead, PermFeedbackRead, PermFeedbackReply, PermAgentsRead, PermAgentsWrite, PermCommissionRead, PermCommissionWrite,
	PermCommissionApprove, PermRewardsRead, PermRewardsWrite}

// rolePerms is the one table of who may do what (docs/operator-api.md,
// "Roles"). ADMIN holds everything.
var rolePerms = map[Role]map[Permission]bool{
	RoleAdmin: all(Permissions),
	RoleFinance: all([]Permission{PermCashierRead, PermCashierDecide, PermAdjust, PermAdjustApprove, PermAuditRead, PermRGRead,
		PermPlayersRead, PermReportsRead, PermBrandRead, PermGamesRead, PermAgentsRead, PermCommissionRead, PermCommissionWrite, PermCommissionApprove,
		PermRewardsRead, PermRewardsWrite}),
	RoleCashier: all([]Permission{PermCashierRead, PermCashierDecide, PermRGRead, PermRGWrite, PermPlayersRead, PermRewardsRead}),
	RoleContent: all([]Permission{PermContentWrite, PermBrandRead}),
	RoleSupport: all([]Permission{PermPlayersRead, PermPlayersWrite, PermRGRead, PermRGWrite, PermCashierRead, PermFeedbackRead, PermFeedbackReply,
		PermAgentsRead, PermAgentsWrite, PermRewardsRead}),
	RoleViewer: all([]Permission{PermCashierRead, PermRGRead, PermPlayersRead, PermReportsRead, PermBrandRead, PermAuditRead, PermGamesRead, PermFeedbackRead,
		PermAgentsRead, PermCommissionRead, PermRewardsRead}),
}

func all(ps []Permission) map[Permission]bool {
	m := make(map[Permission]bool, len(ps))
	for _, p := range ps {
		m[p] = true
	}
	return m
}

// Can tells whether the role holds the permission.
func (r Role) Can(p Permission) bool { return rolePerms[r][p] }

// Caller is the operator behind a request.
type Caller struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
	Role     Role   `json:"role"`

	ip string // the client IP Guard.Require saw (for audit rows)
}

// ipOr is the IP Guard saw, else the one carried by ctx (WithIP).
func (c Caller) ipOr(ctx context.Context) string {
	if c.ip != "" {
		return c.ip
	}
	return IPFrom(ctx)
}

// Authenticator resolves a bearer token to an operator; a missing or dead
// token is an error (auth.token_required / operator.session_expired).
type Authenticator interface {
	Authenticate(ctx context.Context, token string) (Caller, error)
}

// Auditor writes one audit row per operator action.
type Auditor interface {
	Audit(ctx context.Context, c Caller, action, target string, detail map[string]any) error
}

// Guard checks operator permissions for handlers of any domain.
type Guard struct{ Auth Authenticator }

// Require answers the request with 401 (no or dead token) or 403 (role
// lacks the permission) unless the caller may act; ok false means the
// response has been written.
func (g Guard) Require(w http.ResponseWriter, r *http.Request, p Permission) (Caller, bool) {
	c, err := g.Auth.Authenticate(r.Context(), TokenFrom(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return c, false
	}
	if ipr, ok := g.Auth.(interface{ ClientIP(*http.Request) string }); ok {
		c.ip = ipr.ClientIP(r)
	} else {
		c.ip = peerIP(r)
	}
	if !c.Role.Can(p) {
		httpx.Fail(w, r, apperr.Forbidden("operator.forbidden").With("permission", string(p)))
		return c, false
	}
	return c, true
}

// TokenFrom reads "Authorization: Bearer <token>".
func TokenFrom(r *http.Request) string {
	if a := r.Header.Get("Authorization"); len(a) > 7 && strings.EqualFold(a[:7], "bearer ") {
		return strings.TrimSpace(a[7:])
	}
	return ""
}

type ipKey struct{}

// WithIP carries a client IP to Audit for a Caller that did not come from
// Guard.Require (which records the request's IP on the Caller itself).
func WithIP(ctx context.Context, ip string) context.Context {
	if ip == "" {
		return ctx
	}
	return context.WithValue(ctx, ipKey{}, ip)
}

// IPFrom returns the IP stored by WithIP, or "".
func IPFrom(ctx context.Context) string {
	s, _ := ctx.Value(ipKey{}).(string)
	return s
}

// peerIP is the peer address without port (Service.SetClientIP replaces it
// with the brand's edge rules).
func peerIP(r *http.Request) string {
	h := r.RemoteAddr
	if i := strings.LastIndexByte(h, ':'); i > 0 {
		h = h[:i]
	}
	return strings.Trim(h, "[]")
}
