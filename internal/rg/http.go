package rg

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the player routes under /wps/rg/ and the operator routes
// under /ops/v1/members/{id}/rg.
type Handler struct {
	svc   *Service
	guard account.Guard
	ops   operator.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

// Members and agents; a trial account has nothing to limit.
var players = []account.Role{account.RoleMember, account.RoleAgent}

// RouteRoles is who may call each player route (the authorization test walks it).
var RouteRoles = map[string][]account.Role{
	"GET /wps/rg/settings":        players,
	"PUT /wps/rg/limits":          players,
	"POST /wps/rg/limits/confirm": players,
	"POST /wps/rg/limits/cancel":  players,
	"PUT /wps/rg/reality-check":   players,
	"POST /wps/rg/timeout":        players,
	"POST /wps/rg/exclusion":      players,
	"GET /wps/rg/history":         players,
}

// OpsRoutePerms is the permission each operator route needs.
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/members/{id}/rg":                operator.PermRGRead,
	"PUT /ops/v1/members/{id}/rg/limits":         operator.PermRGWrite,
	"POST /ops/v1/members/{id}/rg/timeout":       operator.PermRGWrite,
	"POST /ops/v1/members/{id}/rg/exclusion":     operator.PermRGWrite,
	"POST /ops/v1/members/{id}/rg/exclusion/end": operator.PermRGWrite,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	player := map[string]func(http.ResponseWriter, *http.Request, Player){
		"GET /wps/rg/settings":        h.settings,
		"PUT /wps/rg/limits":          h.setLimit,
		"POST /wps/rg/limits/confirm": h.confirm,
		"POST /wps/rg/limits/cancel":  h.cancel,
		"PUT /wps/rg/reality-check":   h.realityCheck,
		"POST /wps/rg/timeout":        h.timeout,
		"POST /wps/rg/exclusion":      h.exclusion,
		"GET /wps/rg/history":         h.history,
	}
	for pattern, fn := range player {
		roles, fn := RouteRoles[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, roles...)
			if !ok {
				return
			}
			fn(w, r, PlayerOf(c))
		})
	}
}

// OpsRoutes serves the operator routes (operators authenticate with ops).
func (h *Handler) OpsRoutes(mux *http.ServeMux, ops operator.Authenticator) {
	h.ops = operator.Guard{Auth: ops}
	routes := map[string]func(http.ResponseWriter, *http.Request, operator.Caller, int64){
		"GET /ops/v1/members/{id}/rg":                h.opsGet,
		"PUT /ops/v1/members/{id}/rg/limits":         h.opsLimit,
		"POST /ops/v1/members/{id}/rg/timeout":       h.opsBlock(BlockTimeout),
		"POST /ops/v1/members/{id}/rg/exclusion":     h.opsBlock(BlockExclusion),
		"POST /ops/v1/members/{id}/rg/exclusion/end": h.opsEndExclusion,
	}
	for pattern, fn := range routes {
		perm, fn := OpsRoutePerms[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			op, ok := h.ops.Require(w, r, perm)
			if !ok {
				return
			}
			id, err := httpx.PathID(r, "id", "operator.member_not_found")
			if err != nil {
				httpx.Fail(w, r, err)
				return
			}
			fn(w, r, op, id)
		})
	}
}

// limitBody is a limit change. Amount stays raw so a fraction, a string or
// an exponent is refused as rg.invalid_amount rather than rounded.
type limitBody struct {
	Type   string          `json:"type"`
	Period string          `json:"period"`
	Amount json.RawMessage `json:"amount"`
	Reason string          `json:"reason"`
}

// amountOf reads an integer amount; absent or null is nil (remove).
func amountOf(raw json.RawMessage) (*int64, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return nil, nil
	}
	v, err := strconv.ParseInt(string(raw), 10, 64)
	if err != nil {
		return nil, ErrInvalidAmount
	}
	return &v, nil
}

func decodeLimit(r *http.Request) (LimitInput, string, error) {
	var b limitBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		return LimitInput{}, "", err
	}
	amount, err := amountOf(b.Amount)
	if err != nil {
		return LimitInput{}, "", err
	}
	return LimitInput{Type: Type(b.Type), Period: Period(b.Period), Amount: amount}, b.Reason, nil
}

type kindBody struct {
	Type   string `json:"type"`
	Period string `json:"period"`
}

type periodBody struct {
	Period string `json:"period"`
	Reason string `json:"reason"`
}

func (h *Handler) settings(w http.ResponseWriter, r *http.Request, p Player) {
	out, err := h.svc.Settings(r.Context(), p)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) setLimit(w http.ResponseWriter, r *http.Request, p Player) {
	in, _, err := decodeLimit(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.SetLimit(r.Context(), p, in)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) confirm(w http.ResponseWriter, r *http.Request, p Player) {
	var b kindBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Confirm(r.Context(), p, Type(b.Type), Period(b.Period))
	httpx.Respond(w, r, out, err)
}

func (h *Handler) cancel(w http.ResponseWriter, r *http.Request, p Player) {
	var b kindBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Cancel(r.Context(), p, Type(b.Type), Period(b.Period))
	httpx.Respond(w, r, out, err)
}

func (h *Handler) realityCheck(w http.ResponseWriter, r *http.Request, p Player) {
	var b struct {
		Minutes json.RawMessage `json:"minutes"`
	}
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	m, err := strconv.Atoi(string(bytes.TrimSpace(b.Minutes)))
	if err != nil {
		httpx.Fail(w, r, ErrInvalidMinutes)
		return
	}
	out, err := h.svc.SetRealityCheck(r.Context(), p, m)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) timeout(w http.ResponseWriter, r *http.Request, p Player) {
	var b periodBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Timeout(r.Context(), p, b.Period)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) exclusion(w http.ResponseWriter, r *http.Request, p Player) {
	var b periodBody
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Exclude(r.Context(), p, b.Period)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) history(w http.ResponseWriter, r *http.Request, p Player) {
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 100000)
	size := q.Int("size", 20, 1, 100)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.History(r.Context(), p.MemberID, page, size)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) opsGet(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	out, err := h.svc.OpsSettings(r.Context(), id)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) opsLimit(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	in, reason, err := decodeLimit(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Impose(r.Context(), op, id, in, reason)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) opsEndExclusion(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	var b struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(r, &b); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.EndExclusion(r.Context(), op, id, b.Reason)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) opsBlock(kind string) func(http.ResponseWriter, *http.Request, operator.Caller, int64) {
	return func(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
		var b periodBody
		if err := httpx.DecodeJSON(r, &b); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		out, err := h.svc.OpsBlock(r.Context(), op, id, kind, b.Period, b.Reason)
		httpx.Respond(w, r, out, err)
	}
}
