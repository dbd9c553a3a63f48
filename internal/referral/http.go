package referral

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the refer-and-earn page's data (docs/rewards-api.md
// "Referral").
type Handler struct {
	svc     *Service
	members account.Guard
}

// NewHandler returns the storefront's referral handler.
func NewHandler(svc *Service, members account.Authenticator) *Handler {
	return &Handler{svc: svc, members: account.Guard{Auth: members}}
}

// RouteRoles is who may call each route: members and agents with a real
// account (trial users are refused with referral.real_only).
var RouteRoles = map[string][]account.Role{
	"GET /wps/referral": {account.RoleMember, account.RoleAgent, account.RoleTrial},
}

// Routes registers the routes.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/referral", func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.members.Require(w, r, RouteRoles["GET /wps/referral"]...)
		if !ok {
			return
		}
		if c.Role() == account.RoleTrial {
			httpx.Fail(w, r, ErrRealOnly)
			return
		}
		v, err := h.svc.Page(r.Context(), c.MemberID)
		httpx.Respond(w, r, v, err)
	})
}

// Rule is the referral rule as pages show it.
type Rule struct {
	Amount          int64 `json:"amount"`
	MinFirstDeposit int64 `json:"minFirstDeposit"`
	MinValidBets    int64 `json:"minValidBets"`
	WindowDays      int   `json:"windowDays"`
	ClaimDays       int   `json:"claimDays"`
}

func ruleOf(b *brand.Config) Rule {
	r := b.Rewards.Referral
	return Rule{Amount: r.Amount, MinFirstDeposit: r.MinFirstDeposit, MinValidBets: r.MinValidBets, WindowDays: r.WindowDays, ClaimDays: r.ClaimDays}
}

// PageView is GET /wps/referral: the member's code, the path of its link
// (the register page with ?referralCode=; the page adds its origin), the
// rule, its friends and what they earned it.
type PageView struct {
	Code     string   `json:"code"`
	Path     string   `json:"path"`
	Rule     Rule     `json:"rule"`
	Friends  []Friend `json:"friends"`
	Totals   Totals   `json:"totals"`
	Currency string   `json:"currency"`
	Decimals int      `json:"decimals"`
}

// Page is the member's refer-and-earn page; ErrDisabled while the program
// is off.
func (s *Service) Page(ctx context.Context, member int64) (PageView, error) {
	code, err := s.Code(ctx, member)
	if err != nil {
		return PageView{}, err
	}
	b, err := s.brands.Current(ctx)
	if err != nil {
		return PageView{}, err
	}
	friends, tot, err := s.Friends(ctx, member, true)
	if err != nil {
		return PageView{}, err
	}
	return PageView{Code: code, Path: "/register?referralCode=" + code, Rule: ruleOf(b), Friends: friends, Totals: tot,
		Currency: b.Currency.Code, Decimals: b.Currency.Decimals}, nil
}
