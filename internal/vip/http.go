package vip

import (
	"context"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/rewards"
)

// MonthBets is a member's valid bets from..to (the daily figures).
type MonthBets func(ctx context.Context, member int64, currency string, from, to time.Time) (int64, error)

// Handler serves /wps/vip (docs/rewards-api.md "VIP and bonus bets").
type Handler struct {
	svc     *Service
	members account.Guard
	month   MonthBets
}

// NewHandler returns the members' handler.
func NewHandler(svc *Service, members account.Authenticator, month MonthBets) *Handler {
	return &Handler{svc: svc, members: account.Guard{Auth: members}, month: month}
}

// RouteRoles is who may call each route: members and agents with a real
// account (trial users get reward.real_only).
var RouteRoles = map[string][]account.Role{
	"GET /wps/vip":                  {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"GET /wps/vip/bonusBets":        {account.RoleMember, account.RoleAgent, account.RoleTrial},
	"POST /wps/vip/bonusBets/claim": {account.RoleMember, account.RoleAgent, account.RoleTrial},
}

// Routes registers the routes.
func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/vip", h.real("GET /wps/vip", h.page))
	mux.HandleFunc("GET /wps/vip/bonusBets", h.real("GET /wps/vip/bonusBets", h.bonusBets))
	mux.HandleFunc("POST /wps/vip/bonusBets/claim", h.real("POST /wps/vip/bonusBets/claim", h.claim))
}

func (h *Handler) real(route string, fn func(http.ResponseWriter, *http.Request, account.Caller)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.members.Require(w, r, RouteRoles[route]...)
		if !ok {
			return
		}
		if c.Role() == account.RoleTrial {
			httpx.Fail(w, r, rewards.ErrRealOnly)
			return
		}
		fn(w, r, c)
	}
}

// Next is what the member still needs for the next level.
type Next struct {
	Level          int    `json:"level"`
	Name           string `json:"name"`
	ValidBetsToGo  int64  `json:"validBetsToGo"`
	DepositsToGo   int64  `json:"depositsToGo"`
	MinValidBets   int64  `json:"minValidBets"`
	MinDeposits    int64  `json:"minDeposits"`
	ProgressPermil int64  `json:"progressPermil"` // of the valid bets from this level's threshold to the next
}

// Page is GET /wps/vip.
type Page struct {
	HasVip        bool             `json:"hasVip"`
	Level         int              `json:"level"`
	Name          string           `json:"name"`
	ValidBets     int64            `json:"validBets"`
	Deposits      int64            `json:"deposits"`
	Next          *Next            `json:"next"`
	KeepValidBets int64            `json:"keepValidBets"`
	MonthBets     int64            `json:"monthBets"`
	Levels        Levels           `json:"levels"`
	History       []rewards.Reward `json:"history"`
	Currency      string           `json:"currency"`
	Decimals      int              `json:"decimals"`
}

// Page is the member's VIP page: level, progress to the next level, the
// levels table, the keep rule's month so far and the club's rewards.
func (s *Service) Page(ctx context.Context, member int64, lang string, month MonthBets) (Page, error) {
	b, ls, on, err := s.on(ctx)
	if err != nil {
		return Page{}, err
	}
	if !on {
		return Page{}, ErrOff
	}
	m, err := s.Member(ctx, member)
	if err != nil {
		return Page{}, err
	}
	ls = ls.InLanguage(lang)
	cur := ls.At(m.Level)
	p := Page{HasVip: true, Level: cur.Level, Name: cur.Name, ValidBets: m.ValidBets, Deposits: m.Deposits, KeepValidBets: cur.KeepValidBets,
		Levels: ls, Currency: b.Currency.Code, Decimals: b.Currency.Decimals}
	if cur.Level < len(ls) {
		n := ls.At(cur.Level + 1)
		p.Next = &Next{Level: n.Level, Name: n.Name, ValidBetsToGo: max(0, n.MinValidBets-m.ValidBets), DepositsToGo: max(0, n.MinDeposits-m.Deposits),
			MinValidBets: n.MinValidBets, MinDeposits: n.MinDeposits}
		if span := n.MinValidBets - cur.MinValidBets; span > 0 {
			p.Next.ProgressPermil = min(1000, max(0, (m.ValidBets-cur.MinValidBets)*1000/span))
		}
	}
	if month != nil {
		now := s.clock.Now().In(b.Info.Location())
		start := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, now.Location())
		if p.MonthBets, err = month(ctx, member, b.Currency.Code, start, now); err != nil {
			return Page{}, err
		}
	}
	if p.History, err = s.rewards.BySources(ctx, member, []string{SourceLevelUp, SourceWeekly, SourceMonthly}, lang, 50); err != nil {
		return Page{}, err
	}
	return p, nil
}

func (h *Handler) page(w http.ResponseWriter, r *http.Request, c account.Caller) {
	p, err := h.svc.Page(r.Context(), c.MemberID, httpx.Lang(r), h.month)
	httpx.Respond(w, r, p, err)
}

func (h *Handler) bonusBets(w http.ResponseWriter, r *http.Request, c account.Caller) {
	bb, err := h.svc.BonusBets(r.Context(), c.MemberID)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	claims, err := h.svc.Claims(r.Context(), c.MemberID, 50)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	b, err := h.svc.brands.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"current": bb, "claims": claims, "currency": b.Currency.Code, "decimals": b.Currency.Decimals})
}

func (h *Handler) claim(w http.ResponseWriter, r *http.Request, c account.Caller) {
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cl, err := h.svc.ClaimBonusBets(r.Context(), c.MemberID, key, httpx.Lang(r))
	if err == nil && cl.Replayed {
		w.Header().Set("Idempotency-Hit", "true")
	}
	httpx.Respond(w, r, map[string]any{"claim": cl}, err)
}

// OpsRoutePerms is the permission each console route needs.
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/vip/levels":       operator.PermRewardsRead,
	"PUT /ops/v1/vip/levels":       operator.PermRewardsWrite,
	"GET /ops/v1/players/{id}/vip": operator.PermRewardsRead,
}

// Auditor writes one operator audit row with before and after
// (operator.Service).
type Auditor interface {
	AuditChange(ctx context.Context, c operator.Caller, action, targetType, targetID, reason string, before, after any) error
}

// OpsHandler serves the console's VIP routes.
type OpsHandler struct {
	svc     *Service
	guard   operator.Guard
	auditor Auditor
}

// NewOpsHandler returns the console's VIP handler.
func NewOpsHandler(svc *Service, auth operator.Authenticator, auditor Auditor) *OpsHandler {
	return &OpsHandler{svc: svc, guard: operator.Guard{Auth: auth}, auditor: auditor}
}

// Routes registers the routes.
func (h *OpsHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /ops/v1/vip/levels", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/vip/levels"]); ok {
			h.levels(w, r)
		}
	})
	mux.HandleFunc("PUT /ops/v1/vip/levels", func(w http.ResponseWriter, r *http.Request) {
		if op, ok := h.guard.Require(w, r, OpsRoutePerms["PUT /ops/v1/vip/levels"]); ok {
			h.save(w, r, op)
		}
	})
	mux.HandleFunc("GET /ops/v1/players/{id}/vip", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/players/{id}/vip"]); !ok {
			return
		}
		id, err := httpx.PathID(r, "id", "players.not_found")
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		h.player(w, r, id)
	})
}

func (h *OpsHandler) levels(w http.ResponseWriter, r *http.Request) {
	b, err := h.svc.brands.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	ls, err := h.svc.Levels(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if ls == nil {
		ls = Levels{}
	}
	httpx.OK(w, r, map[string]any{"levels": ls, "categories": Categories, "enabled": b.SwitchOn("VIP"), "currency": b.Currency.Code,
		"decimals": b.Currency.Decimals, "maxLevels": MaxLevels, "maxRate": MaxRate, "bonusBetsMin": b.Rewards.VIP.BonusBetsMin})
}

func (h *OpsHandler) save(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	var req struct {
		Levels Levels `json:"levels"`
	}
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, err := h.svc.Levels(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := h.svc.SaveLevels(r.Context(), req.Levels); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if h.auditor != nil {
		if err := h.auditor.AuditChange(r.Context(), op, "vip.levels", "vip", "levels", "", before, req.Levels); err != nil {
			h.svc.logger.ErrorContext(r.Context(), "audit vip levels", "err", err)
		}
	}
	httpx.OK(w, r, map[string]any{"levels": req.Levels})
}

func (h *OpsHandler) player(w http.ResponseWriter, r *http.Request, id int64) {
	_, ls, on, err := h.svc.on(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if !on {
		httpx.OK(w, r, map[string]any{"enabled": false})
		return
	}
	m, err := h.svc.Member(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	l := ls.At(m.Level)
	httpx.OK(w, r, map[string]any{"enabled": true, "level": l.Level, "name": l.Name, "validBets": m.ValidBets, "deposits": m.Deposits, "levelSince": m.LevelSince})
}
