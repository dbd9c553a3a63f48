package points

import (
	"net/http"
	"sort"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves /wps/points (docs/rewards-api.md "Points mall").
type Handler struct {
	svc     *Service
	members account.Guard
	// Wrap, when set before Routes, wraps each route by pattern (the sealed
	// payloads' guard for the E routes).
	Wrap func(pattern string, h http.Handler) http.Handler
}

// NewHandler returns the handler.
func NewHandler(svc *Service, members account.Authenticator) *Handler {
	return &Handler{svc: svc, members: account.Guard{Auth: members}}
}

// RouteRoles is who may call each route: members and agents with a real
// account; trial users are refused (reward.real_only).
var RouteRoles = map[string][]account.Role{
	"GET /wps/points/balance":     {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/points/config":      {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/points/items":       {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"POST /wps/points/redeem":     {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/points/redemptions": {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"POST /wps/points/convert":    {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/points/history":     {account.RoleMember, account.RoleAgent, account.RoleTrial},
}

// SealedRoutes are the spec's E routes of the mall (section 7: redeem and
// convert points, password-checked).
var SealedRoutes = []string{"POST /wps/points/redeem", "POST /wps/points/convert"}

// Routes registers the routes.
func (h *Handler) Routes(mux *http.ServeMux) {
	for pattern, fn := range map[string]func(http.ResponseWriter, *http.Request, account.Caller){
		"GET /wps/points/balance":     h.balance,
		"GET /wps/points/config":      h.config,
		"GET /wps/points/items":       h.items,
		"POST /wps/points/redeem":     h.redeem,
		"GET /wps/points/redemptions": h.redemptions,
		"POST /wps/points/convert":    h.convert,
		"GET /wps/points/history":     h.history,
	} {
		var route http.Handler = h.real(pattern, fn)
		if h.Wrap != nil {
			route = h.Wrap(pattern, route)
		}
		mux.Handle(pattern, route)
	}
}

// real admits the route's roles and then refuses trial users with a code
// of their own.
func (h *Handler) real(route string, fn func(http.ResponseWriter, *http.Request, account.Caller)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.members.Require(w, r, RouteRoles[route]...)
		if !ok {
			return
		}
		if c.Role() == account.RoleTrial {
			httpx.Fail(w, r, ErrRealOnly)
			return
		}
		fn(w, r, c)
	}
}

func (h *Handler) balance(w http.ResponseWriter, r *http.Request, c account.Caller) {
	v, err := h.svc.Balance(r.Context(), c.MemberID)
	httpx.Respond(w, r, v, err)
}

// Rule is one earning rule as the rules page shows it.
type Rule struct {
	Category string `json:"category"`
	Per      int64  `json:"per"`
	Points   int64  `json:"points"`
}

// Config is the mall's rules: earning per category, conversion, currency.
type Config struct {
	Earn          []Rule `json:"earn"`
	ConvertPoints int64  `json:"convertPoints"`
	ConvertAmount int64  `json:"convertAmount"`
	ConvertMin    int64  `json:"convertMin"`
	ConvertOn     bool   `json:"convertOn"`
	ClaimDays     int    `json:"claimDays"`
	MaxQuantity   int    `json:"maxQuantity"`
	Currency      string `json:"currency"`
	Decimals      int    `json:"decimals"`
}

func (h *Handler) config(w http.ResponseWriter, r *http.Request, _ account.Caller) {
	b, err := h.svc.brands.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p := b.Rewards.Points
	out := Config{Earn: []Rule{}, ConvertPoints: p.Convert.Points, ConvertAmount: p.Convert.Amount, ConvertMin: max(p.Convert.MinPoints, p.Convert.Points),
		ConvertOn: p.Convert.Points > 0 && p.Convert.Amount > 0, ClaimDays: p.PointsClaimDays(), MaxQuantity: MaxQuantity,
		Currency: b.Currency.Code, Decimals: b.Currency.Decimals}
	for c, rule := range p.Earn {
		if rule.Points > 0 {
			out.Earn = append(out.Earn, Rule{Category: c, Per: rule.Per, Points: rule.Points})
		}
	}
	sort.Slice(out.Earn, func(i, j int) bool { return out.Earn[i].Category < out.Earn[j].Category })
	httpx.OK(w, r, out)
}

func (h *Handler) items(w http.ResponseWriter, r *http.Request, c account.Caller) {
	v, err := h.svc.Items(r.Context(), c.MemberID, httpx.Lang(r), false)
	httpx.Respond(w, r, map[string]any{"list": v}, err)
}

func (h *Handler) redeem(w http.ResponseWriter, r *http.Request, c account.Caller) {
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req RedeemRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Redeem(r.Context(), c.MemberID, key, req, httpx.Lang(r))
	if err == nil && v.Replayed {
		w.Header().Set("Idempotency-Hit", "true")
	}
	httpx.Respond(w, r, v, err)
}

func (h *Handler) convert(w http.ResponseWriter, r *http.Request, c account.Caller) {
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req ConvertRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Convert(r.Context(), c.MemberID, key, req)
	if err == nil && v.Replayed {
		w.Header().Set("Idempotency-Hit", "true")
	}
	httpx.Respond(w, r, v, err)
}

func (h *Handler) redemptions(w http.ResponseWriter, r *http.Request, c account.Caller) {
	q := httpx.NewQuery(r)
	page := q.Int("pageNo", 1, 1, 100_000)
	size := q.Int("pageSize", 20, 1, 50)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Redemptions(r.Context(), c.MemberID, "", page, size)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) history(w http.ResponseWriter, r *http.Request, c account.Caller) {
	q := httpx.NewQuery(r)
	page := q.Int("pageNo", 1, 1, 100_000)
	size := q.Int("pageSize", 20, 1, 50)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.History(r.Context(), c.MemberID, page, size)
	httpx.Respond(w, r, v, err)
}
