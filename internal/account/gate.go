package account

import (
	"context"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Gate is responsible gaming's say on a member's login and sessions
// (internal/rg implements it; cmd/palaro wires it with UseGate). Account
// does not know the rules, only where they apply.
type Gate interface {
	// Login is asked after the password was right: an error refuses the
	// login and is answered as it is; restricted true makes the new
	// session withdrawal-only.
	Login(ctx context.Context, memberID int64) (restricted bool, err error)
	// Session is asked whenever a session is loaded (at most once per
	// SessionCacheTTL per session): an error refuses the token, even a
	// revoked one, so every device of a blocked player learns why.
	Session(ctx context.Context, memberID int64, startedAt time.Time) (SessionRule, error)
}

// SessionRule is what the gate says about one live session.
type SessionRule struct {
	// Restricted, when set, makes the session withdrawal-only: every route
	// outside RestrictedRoutes answers this error.
	Restricted error
	// EndsAt (zero: never) is when the token stops working, answering Ended.
	EndsAt time.Time
	Ended  error
}

// UseGate installs the responsible-gaming gate (set before serving).
func (s *Service) UseGate(g Gate) { s.gate = g }

// RestrictedRoutes are the routes a withdrawal-only session may call
// (docs/responsible-gaming.md): who it is, the balance, money back from the
// game wallets, the withdrawal and payout-account routes, the
// responsible-gaming settings and logout.
var RestrictedRoutes = map[string]bool{
	"GET /wps/member/info":                       true,
	"GET /wps/member/info/icon":                  true,
	"DELETE /wps/session/logout":                 true,
	"GET /wps/v2/wallets/balance":                true,
	"GET /wps/v2/wallets":                        true,
	"POST /wps/v2/wallets/transfer/all-back":     true,
	"GET /wps/v2/wallets/transfer/{id}":          true,
	"GET /wps/member/payment-password":           true,
	"PUT /wps/member/payment-password":           true,
	"GET /wps/member/payout-banks":               true,
	"GET /wps/member/payout-accounts":            true,
	"POST /wps/member/payout-accounts":           true,
	"DELETE /wps/member/payout-accounts/{id}":    true,
	"GET /wps/cashier/withdraw/info":             true,
	"POST /wps/cashier/withdrawals":              true,
	"GET /wps/cashier/withdrawals":               true,
	"GET /wps/cashier/withdrawals/{id}":          true,
	"POST /wps/cashier/withdrawals/{id}/confirm": true,
	"GET /wps/cashier/withdrawals/{id}/proof":    true,
	"GET /wps/rg/settings":                       true,
}

// restrictedRefusal is the error for a withdrawal-only caller on a route
// outside RestrictedRoutes, or nil.
func restrictedRefusal(c Caller, r *http.Request) error {
	if c.restricted == nil || RestrictedRoutes[r.Pattern] {
		return nil
	}
	return c.restricted
}

// EndSessions revokes every session of the member at once, here and (with
// Redis) on every instance, and closes their sockets.
func (s *Service) EndSessions(ctx context.Context, memberID int64) error {
	if memberID <= 0 {
		return apperr.Invalid("account.not_found")
	}
	if err := s.store.RevokeMemberSessions(ctx, memberID, s.clock.Now()); err != nil {
		return err
	}
	s.revoked(ctx, memberID, "", "")
	return nil
}
