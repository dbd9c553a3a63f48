// Package gameops serves the operator routes over the catalogue
// (/ops/v1/games, docs/operator-api.md "Games"): the service side is
// game.Service's Ops methods; this package is apart because the operator
// package's own dependencies reach package game.
package gameops

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves /ops/v1/games.
type Handler struct {
	svc     *game.Service
	guard   operator.Guard
	auditor operator.Auditor
}

func NewHandler(svc *game.Service, auth operator.Authenticator, auditor operator.Auditor) *Handler {
	return &Handler{svc: svc, guard: operator.Guard{Auth: auth}, auditor: auditor}
}

// RoutePerms is the permission each route needs (the authorization test
// walks it for every role).
var RoutePerms = map[string]operator.Permission{
	"GET /ops/v1/games/vendors":                     operator.PermGamesRead,
	"PATCH /ops/v1/games/vendors/{code}/{gameType}": operator.PermGamesWrite,
	"GET /ops/v1/games":                             operator.PermGamesRead,
	"PATCH /ops/v1/games/{id}":                      operator.PermGamesWrite,
	"POST /ops/v1/games/order":                      operator.PermGamesWrite,
	"GET /ops/v1/games/inhouse":                     operator.PermGamesRead,
	"PATCH /ops/v1/games/inhouse/{game}":            operator.PermGamesWrite,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	routes := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/games/vendors":                     h.vendors,
		"PATCH /ops/v1/games/vendors/{code}/{gameType}": h.patchVendor,
		"GET /ops/v1/games":                             h.games,
		"PATCH /ops/v1/games/{id}":                      h.patchGame,
		"POST /ops/v1/games/order":                      h.order,
	}
	for pattern, fn := range routes { // the in-house routes are InhouseHandler's
		perm, fn := RoutePerms[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

func (h *Handler) vendors(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	vs, err := h.svc.OpsVendors(r.Context())
	httpx.Respond(w, r, map[string]any{"items": vs}, err)
}

func (h *Handler) games(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	q := httpx.NewQuery(r)
	f := game.OpsGameFilter{
		Vendor:   q.Code("vendor", "", 32),
		GameType: q.Code("gameType", "", 16),
		Page:     q.Int("page", 1, 1, 100_000),
		PageSize: q.Int("pageSize", 50, 1, 200),
	}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	f.Query = r.URL.Query().Get("q")
	if utf8.RuneCountInString(f.Query) > 64 {
		httpx.Fail(w, r, apperr.Invalid("request.invalid_param").With("name", "q"))
		return
	}
	p, err := h.svc.OpsGames(r.Context(), f)
	httpx.Respond(w, r, p, err)
}

func (h *Handler) patchVendor(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var p game.VendorPatch
	if err := httpx.DecodeJSONStrict(r, &p); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	reason, err := game.CheckReason(p.Reason)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	code, gameType := r.PathValue("code"), r.PathValue("gameType")
	before, after, err := h.svc.PatchVendor(r.Context(), code, gameType, p)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "game.vendor", "vendor:"+code+"/"+gameType, before, after, reason)
	httpx.OK(w, r, after)
}

func (h *Handler) patchGame(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "game.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var p game.GamePatch
	if err := httpx.DecodeJSONStrict(r, &p); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	reason, err := game.CheckReason(p.Reason)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	before, after, err := h.svc.PatchGame(r.Context(), id, p)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "game.game", fmt.Sprintf("game:%d", id), before, after, reason)
	httpx.OK(w, r, after)
}

func (h *Handler) order(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	var body struct {
		GameType string  `json:"gameType"`
		NodeIDs  []int64 `json:"nodeIds"`
		Reason   string  `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &body); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	reason, err := game.CheckReason(body.Reason)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := h.svc.Order(r.Context(), body.GameType, body.NodeIDs); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.audit(r.Context(), c, "game.order", "category:"+body.GameType, nil, map[string]any{"nodeIds": body.NodeIDs}, reason)
	httpx.OK(w, r, nil)
}

func (h *Handler) audit(ctx context.Context, c operator.Caller, action, target string, before, after any, reason string) {
	audit(ctx, h.auditor, c, action, target, before, after, reason)
}

func audit(ctx context.Context, auditor operator.Auditor, c operator.Caller, action, target string, before, after any, reason string) {
	if auditor == nil {
		return
	}
	detail := map[string]any{"before": asMap(before), "after": asMap(after), "reason": reason}
	if err := auditor.Audit(context.WithoutCancel(ctx), c, action, target, detail); err != nil {
		slog.ErrorContext(ctx, "games audit not written", "action", action, "err", err)
	}
}

func asMap(v any) map[string]any {
	if v == nil {
		return nil
	}
	raw, _ := json.Marshal(v)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return m
}
