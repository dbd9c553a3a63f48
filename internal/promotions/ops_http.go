package promotions

import (
	"net/http"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/rewards"
)

// OpsRoutePerms is the permission each console route needs (cmd/palaro's
// authorization matrix walks it).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/promotions":                                operator.PermRewardsRead,
	"POST /ops/v1/promotions":                               operator.PermRewardsWrite,
	"PUT /ops/v1/promotions/{id}":                           operator.PermRewardsWrite,
	"POST /ops/v1/promotions/{id}/pause":                    operator.PermRewardsWrite,
	"POST /ops/v1/promotions/{id}/resume":                   operator.PermRewardsWrite,
	"GET /ops/v1/promotions/applications":                   operator.PermRewardsRead,
	"POST /ops/v1/promotions/applications/{id}/approve":     operator.PermRewardsWrite,
	"POST /ops/v1/promotions/applications/{id}/reject":      operator.PermRewardsWrite,
	"GET /ops/v1/promotions/applications/{id}/images/{seq}": operator.PermRewardsRead,
	"GET /ops/v1/promotions/{id}/raffle":                    operator.PermRewardsRead,
	"GET /ops/v1/promotions/costs":                          operator.PermRewardsRead,
	"POST /ops/v1/promotions/{id}/raffle/draw":              operator.PermRewardsWrite,
}

// OpsHandler serves the console's promotions routes.
type OpsHandler struct {
	ops   *Ops
	guard operator.Guard
}

// NewOpsHandler returns the console's promotions handler.
func NewOpsHandler(ops *Ops, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{ops: ops, guard: operator.Guard{Auth: auth}}
}

// Routes registers the routes.
func (h *OpsHandler) Routes(mux *http.ServeMux) {
	routes := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/promotions":                                h.list,
		"POST /ops/v1/promotions":                               h.create,
		"PUT /ops/v1/promotions/{id}":                           h.update,
		"POST /ops/v1/promotions/{id}/pause":                    h.pause(true),
		"POST /ops/v1/promotions/{id}/resume":                   h.pause(false),
		"GET /ops/v1/promotions/applications":                   h.applications,
		"POST /ops/v1/promotions/applications/{id}/approve":     h.approve,
		"POST /ops/v1/promotions/applications/{id}/reject":      h.reject,
		"GET /ops/v1/promotions/applications/{id}/images/{seq}": h.image,
		"GET /ops/v1/promotions/{id}/raffle":                    h.raffle,
		"GET /ops/v1/promotions/costs":                          h.costs,
		"POST /ops/v1/promotions/{id}/raffle/draw":              h.draw,
	}
	for pattern, fn := range routes {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			if op, ok := h.guard.Require(w, r, perm); ok {
				fn(w, r, op)
			}
		})
	}
}

func (h *OpsHandler) list(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	v, err := h.ops.List(r.Context())
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) create(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	var d Draft
	if err := httpx.DecodeJSONStrict(r, &d); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.Create(r.Context(), op, d)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) update(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var d Draft
	if err := httpx.DecodeJSONStrict(r, &d); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.Update(r.Context(), op, id, d)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) pause(paused bool) func(http.ResponseWriter, *http.Request, operator.Caller) {
	return func(w http.ResponseWriter, r *http.Request, op operator.Caller) {
		id, err := httpx.PathID(r, "id", "promotion.not_found")
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		v, err := h.ops.SetPaused(r.Context(), op, id, paused)
		httpx.Respond(w, r, v, err)
	}
}

func (h *OpsHandler) applications(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	q := httpx.NewQuery(r)
	status := q.OneOf("status", AppPending, AppPending, AppApproved, AppRejected)
	page := q.Int("page", 1, 1, 100_000)
	size := q.Int("pageSize", 20, 1, 100)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.Applications(r.Context(), status, page, size)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) approve(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.application_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req struct {
		Amount int64 `json:"amount"`
	}
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.Approve(r.Context(), op, id, req.Amount)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) reject(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.application_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.Reject(r.Context(), op, id, req.Reason)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) image(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.image_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	seq, err := strconv.Atoi(r.PathValue("seq"))
	if err != nil || seq < 1 || seq > MaxImages {
		httpx.Fail(w, r, ErrImageNotFound)
		return
	}
	im, err := h.ops.s.Image(r.Context(), 0, id, seq)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.WriteImage(w, r, im.ContentType, im.Data)
}

// raffle answers a raffle's tickets count and, once drawn, its seed and winners.
func (h *OpsHandler) raffle(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.Raffle(r.Context(), id)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) draw(w http.ResponseWriter, r *http.Request, op operator.Caller) {
	id, err := httpx.PathID(r, "id", "promotion.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.DrawNow(r.Context(), op, id)
	httpx.Respond(w, r, v, err)
}

// MaxCostDays bounds the cost report's period (as the rewards' one).
const MaxCostDays = rewards.MaxCostDays

func (h *OpsHandler) costs(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	b, err := h.ops.s.brands.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	loc := b.Info.Location()
	from, to, err := httpx.DayRange(r, loc, h.ops.s.clock.Now(), MaxCostDays)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	c, err := h.ops.Costs(r.Context(), from, to)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"from": from.Format(time.DateOnly), "to": to.AddDate(0, 0, -1).Format(time.DateOnly), "timezone": loc.String(),
		"currency": b.Currency.Code, "decimals": b.Currency.Decimals, "rows": c.Rows, "total": c.Total})
}
