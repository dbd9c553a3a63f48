package rewards

import (
	"context"
	"net/http"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// BonusWallet is what the bonus pages read and do in the game wallet.
type BonusWallet interface {
	Bonus(ctx context.Context, member int64) (gamewallet.Grant, bool, error)
	BonusHistory(ctx context.Context, member int64, limit int) ([]gamewallet.Grant, error)
	ForfeitBonus(ctx context.Context, member int64, reason string) (gamewallet.Grant, error)
}

// VIPState is the VIP club's public fields of a member (internal/vip):
// hasVip, vipLabelName, vipRankLevel.
type VIPState interface {
	PublicFields(ctx context.Context, member int64, lang string) (map[string]any, error)
}

// Handler serves /wps/rewards and /wps/bonus (docs/rewards-api.md).
type Handler struct {
	svc     *Service
	bonus   BonusWallet
	members account.Guard
	vip     VIPState
}

// WithVIP adds the VIP club's fields to the summary.
func (h *Handler) WithVIP(v VIPState) *Handler {
	h.vip = v
	return h
}

// NewHandler returns the handler.
func NewHandler(svc *Service, bonus BonusWallet, members account.Authenticator) *Handler {
	return &Handler{svc: svc, bonus: bonus, members: account.Guard{Auth: members}}
}

// RouteRoles is who may call each route: members and agents with a real
// account; trial users are refused (reward.real_only).
var RouteRoles = map[string][]account.Role{
	"GET /wps/rewards":             {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/rewards/summary":     {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"POST /wps/rewards/{id}/claim": {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"POST /wps/rewards/claimAll":   {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/bonus":               {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"POST /wps/bonus/cancel":       {account.RoleMember, account.RoleAgent, account.RoleTrial},
}

// Routes registers the routes.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/rewards", h.real("GET /wps/rewards", h.list))
	mux.HandleFunc("GET /wps/rewards/summary", h.real("GET /wps/rewards/summary", h.summary))
	mux.HandleFunc("POST /wps/rewards/{id}/claim", h.real("POST /wps/rewards/{id}/claim", h.claim))
	mux.HandleFunc("POST /wps/rewards/claimAll", h.real("POST /wps/rewards/claimAll", h.claimAll))
	mux.HandleFunc("GET /wps/bonus", h.real("GET /wps/bonus", h.bonusPage))
	mux.HandleFunc("POST /wps/bonus/cancel", h.real("POST /wps/bonus/cancel", h.cancel))
}

// real admits the route's roles and then refuses trial users with a code
// of its own, so the storefront can say why.
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

func (h *Handler) currency(r *http.Request) (string, int) {
	b, err := h.svc.brands.Current(r.Context())
	if err != nil {
		return "", 0
	}
	return b.Currency.Code, b.Currency.Decimals
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request, c account.Caller) {
	q := httpx.NewQuery(r)
	status := q.OneOf("status", "waiting", "waiting", "history")
	page := q.Int("pageNo", 1, 1, 100_000)
	size := q.Int("pageSize", 20, 1, 50)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.List(r.Context(), c.MemberID, status == "history", httpx.Lang(r), page, size)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec := h.currency(r)
	httpx.OK(w, r, map[string]any{"list": p.List, "total": p.Total, "waiting": p.Waiting, "currency": cur, "decimals": dec})
}

func (h *Handler) summary(w http.ResponseWriter, r *http.Request, c account.Caller) {
	n, err := h.svc.Waiting(r.Context(), c.MemberID)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	b, err := h.svc.brands.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out := map[string]any{"availablePromoCount": n,
		"availablePromo": []map[string]any{{"type": "REFERRAL", "enabled": b.SwitchOn("REFERRAL")}},
		"hasVip":         false, "vipLabelName": "", "vipRankLevel": 0}
	if h.vip != nil {
		v, err := h.vip.PublicFields(r.Context(), c.MemberID, httpx.Lang(r))
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		for k, x := range v {
			out[k] = x
		}
	}
	httpx.OK(w, r, out)
}

func (h *Handler) claim(w http.ResponseWriter, r *http.Request, c account.Caller) {
	if _, err := httpx.IdempotencyKey(r); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	id, err := httpx.PathID(r, "id", "reward.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	rw, g, err := h.svc.Claim(r.Context(), c.MemberID, id, httpx.Lang(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"reward": rw, "grant": g})
}

func (h *Handler) claimAll(w http.ResponseWriter, r *http.Request, c account.Caller) {
	if _, err := httpx.IdempotencyKey(r); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	n, skipped, err := h.svc.ClaimAll(r.Context(), c.MemberID, httpx.Lang(r))
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"claimed": n, "skipped": skipped})
}

func (h *Handler) bonusPage(w http.ResponseWriter, r *http.Request, c account.Caller) {
	g, live, err := h.bonus.Bonus(r.Context(), c.MemberID)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	hist, err := h.bonus.BonusHistory(r.Context(), c.MemberID, 20)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cur, dec := h.currency(r)
	out := map[string]any{"active": nil, "history": titled(hist, r), "balance": int64(0), "currency": cur, "decimals": dec}
	if live {
		t := titled([]gamewallet.Grant{g}, r)
		out["active"], out["balance"] = t[0], g.Balance
	}
	httpx.OK(w, r, out)
}

// titled words grants' titles for the caller (a grant keeps its English
// title; the welcome bonus is named in Tagalog for TY).
func titled(gs []gamewallet.Grant, r *http.Request) []gamewallet.Grant {
	if httpx.Lang(r) != "TY" {
		return gs
	}
	for i := range gs {
		if gs[i].Source == SourceWelcome || strings.EqualFold(gs[i].Title, "Welcome Bonus") {
			gs[i].Title = "Welcome Bonus sa unang deposito"
		}
	}
	return gs
}

func (h *Handler) cancel(w http.ResponseWriter, r *http.Request, c account.Caller) {
	if _, err := httpx.IdempotencyKey(r); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	g, err := h.bonus.ForfeitBonus(r.Context(), c.MemberID, gamewallet.ReasonCancelled)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"grant": g})
}
