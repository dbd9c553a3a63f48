package referral

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/platform/money"
)

// OpsRoutePerms is the permission each console route needs (cmd/palaro's
// authorization matrix walks it).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/referral/rule":          operator.PermRewardsRead,
	"PUT /ops/v1/referral/rule":          operator.PermRewardsWrite,
	"GET /ops/v1/players/{id}/referrals": operator.PermRewardsRead,
}

// BrandEditor reads and writes the brand document (brand.Service).
type BrandEditor interface {
	Versioned(ctx context.Context) (brand.Config, int64, error)
	Update(ctx context.Context, c brand.Config, version int64) (brand.Config, int64, error)
}

// ChangeAuditor writes one operator audit row (operator.Service).
type ChangeAuditor interface {
	AuditChange(ctx context.Context, c operator.Caller, action, targetType, targetID, reason string, before, after any) error
}

// OpsHandler serves the console's referral routes.
type OpsHandler struct {
	svc     *Service
	editor  BrandEditor
	auditor ChangeAuditor
	guard   operator.Guard
}

// NewOpsHandler returns the console's referral handler.
func NewOpsHandler(svc *Service, editor BrandEditor, auditor ChangeAuditor, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{svc: svc, editor: editor, auditor: auditor, guard: operator.Guard{Auth: auth}}
}

// Routes registers the routes.
func (h *OpsHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /ops/v1/referral/rule", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/referral/rule"]); !ok {
			return
		}
		b, err := h.svc.brands.Current(r.Context())
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.OK(w, r, ruleView(b))
	})
	mux.HandleFunc("PUT /ops/v1/referral/rule", func(w http.ResponseWriter, r *http.Request) {
		op, ok := h.guard.Require(w, r, OpsRoutePerms["PUT /ops/v1/referral/rule"])
		if !ok {
			return
		}
		var req RuleRequest
		if err := httpx.DecodeJSONStrict(r, &req); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		v, err := h.SetRule(r.Context(), op, req)
		httpx.Respond(w, r, v, err)
	})
	mux.HandleFunc("GET /ops/v1/players/{id}/referrals", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/players/{id}/referrals"]); !ok {
			return
		}
		id, err := httpx.PathID(r, "id", "players.not_found")
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		v, err := h.player(r.Context(), id)
		httpx.Respond(w, r, v, err)
	})
}

// RuleView is the rule editor's data.
type RuleView struct {
	Enabled  bool   `json:"enabled"` // the REFERRAL switch
	Rule     Rule   `json:"rule"`
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

func ruleView(b *brand.Config) RuleView {
	return RuleView{Enabled: b.SwitchOn("REFERRAL"), Rule: ruleOf(b), Currency: b.Currency.Code, Decimals: b.Currency.Decimals}
}

// RuleRequest is PUT /ops/v1/referral/rule: amounts are decimal strings in
// major units, as the console's other money inputs.
type RuleRequest struct {
	Enabled         *bool  `json:"enabled"`
	Amount          string `json:"amount"`
	MinFirstDeposit string `json:"minFirstDeposit"`
	MinValidBets    string `json:"minValidBets"`
	WindowDays      int    `json:"windowDays"`
	ClaimDays       int    `json:"claimDays"`
	Reason          string `json:"reason"`
}

// ErrInvalidRule: the rule's amounts or days are out of range.
var ErrInvalidRule = apperr.Invalid("referral.invalid_rule").With("maxDays", brand.MaxReferralDays)

// ruleTries bounds the read-change-write retries of the rule.
const ruleTries = 5

// SetRule switches the program and sets its rule: referrals already made
// keep the rule they were made under. Audited.
func (h *OpsHandler) SetRule(ctx context.Context, op operator.Caller, req RuleRequest) (RuleView, error) {
	if req.Enabled == nil {
		return RuleView{}, apperr.Invalid("request.invalid_param").With("name", "enabled")
	}
	for range ruleTries {
		cfg, v, err := h.editor.Versioned(ctx)
		if err != nil {
			return RuleView{}, err
		}
		dec := cfg.Currency.Decimals
		var next brand.Referral
		if next.Amount, err = money.Parse(req.Amount, dec); err != nil {
			return RuleView{}, err
		}
		if next.MinFirstDeposit, err = parseMin(req.MinFirstDeposit, dec); err != nil {
			return RuleView{}, err
		}
		if next.MinValidBets, err = parseMin(req.MinValidBets, dec); err != nil {
			return RuleView{}, err
		}
		next.WindowDays, next.ClaimDays = req.WindowDays, req.ClaimDays
		if next.Amount <= 0 || brand.ValidateReferral(next) != nil {
			return RuleView{}, ErrInvalidRule
		}
		before := cfg
		after := cfg
		after.Rewards.Referral = next
		after.Whitelabel = setSwitch(cfg.Whitelabel, "REFERRAL", *req.Enabled)
		_, _, err = h.editor.Update(ctx, after, v)
		if errors.Is(err, brand.ErrVersionConflict) {
			continue
		}
		if err != nil {
			return RuleView{}, err
		}
		if h.auditor != nil {
			_ = h.auditor.AuditChange(context.WithoutCancel(ctx), op, "referral.rule", "brand", "referral", req.Reason,
				map[string]any{"enabled": before.SwitchOn("REFERRAL"), "rule": before.Rewards.Referral},
				map[string]any{"enabled": *req.Enabled, "rule": next})
		}
		return ruleView(&after), nil
	}
	return RuleView{}, brand.ErrVersionConflict
}

// parseMin parses a minimum, which may be zero (no minimum).
func parseMin(s string, dec int) (int64, error) {
	if v, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil && v == 0 {
		return 0, nil
	}
	return money.Parse(s, dec)
}

// setSwitch is nodes with modID's switch set to on (a copy; the tree's
// other nodes as they were).
func setSwitch(nodes []brand.Switch, modID string, on bool) []brand.Switch {
	out := make([]brand.Switch, len(nodes))
	for i, n := range nodes {
		if n.ModID == modID {
			n.Enabled = on
		}
		n.ChildrenNodes = setSwitch(n.ChildrenNodes, modID, on)
		out[i] = n
	}
	return out
}

// PlayerReferrals is a member's referrals for the console: who referred it
// and whom it referred, with the flags of held ones.
type PlayerReferrals struct {
	ReferredBy int64    `json:"referredBy"`
	Code       string   `json:"code"`
	Friends    []Friend `json:"friends"`
	Totals     Totals   `json:"totals"`
	Decimals   int      `json:"decimals"`
}

func (h *OpsHandler) player(ctx context.Context, id int64) (PlayerReferrals, error) {
	ms, err := h.svc.members.MembersByID(ctx, []int64{id})
	if err != nil {
		return PlayerReferrals{}, apperr.Internal(err, "read member")
	}
	if _, ok := ms[id]; !ok {
		return PlayerReferrals{}, apperr.NotFound("players.not_found").With("id", strconv.FormatInt(id, 10))
	}
	out := PlayerReferrals{}
	if out.ReferredBy, err = h.svc.ReferredBy(ctx, id); err != nil {
		return out, err
	}
	if err := h.svc.db.QueryRowContext(ctx, h.svc.db.Rebind(`SELECT code FROM referral_code WHERE member_id = ?`), id).Scan(&out.Code); err != nil && !db.IsNoRows(err) {
		return out, apperr.Internal(err, "select referral code")
	}
	if out.Friends, out.Totals, err = h.svc.Friends(ctx, id, false); err != nil {
		return out, err
	}
	b, err := h.svc.brands.Current(ctx)
	if err != nil {
		return out, err
	}
	out.Decimals = b.Currency.Decimals
	return out, nil
}

func init() {
	apperr.Register("referral.invalid_rule", map[string]string{
		"EN": "The referral rule needs a reward above zero, amounts within the limits and days within 1 to {maxDays}.",
		"TY": "Kailangan ng tuntunin ng pag-imbita ang reward na higit sa zero, mga halagang pasok sa limitasyon at mga araw mula 1 hanggang {maxDays}.",
	})
}
