package rewards

import (
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// OpsRoutePerms is the permission each console route needs (cmd/palaro's
// authorization matrix walks it).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/players/{id}/rewards":        operator.PermRewardsRead,
	"POST /ops/v1/players/{id}/rewards":       operator.PermRewardsWrite,
	"POST /ops/v1/players/{id}/bonus/forfeit": operator.PermRewardsWrite,
	"GET /ops/v1/rewards/costs":               operator.PermRewardsRead,
	"GET /ops/v1/rewards/holds":               operator.PermRewardsRead,
	"POST /ops/v1/rewards/holds/{id}/approve": operator.PermRewardsWrite,
	"POST /ops/v1/rewards/holds/{id}/reject":  operator.PermRewardsWrite,
}

// MaxCostDays bounds the cost report's period.
const MaxCostDays = 366

// OpsHandler serves the console's reward routes (docs/operator-api.md
// "Rewards and bonuses").
type OpsHandler struct {
	ops   *Ops
	guard operator.Guard
}

// NewOpsHandler returns the console's reward handler.
func NewOpsHandler(ops *Ops, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{ops: ops, guard: operator.Guard{Auth: auth}}
}

// Routes registers the routes.
func (h *OpsHandler) Routes(mux *http.ServeMux) {
	byPlayer := map[string]func(http.ResponseWriter, *http.Request, operator.Caller, int64){
		"GET /ops/v1/players/{id}/rewards":        h.player,
		"POST /ops/v1/players/{id}/rewards":       h.issue,
		"POST /ops/v1/players/{id}/bonus/forfeit": h.forfeit,
	}
	for pattern, fn := range byPlayer {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			op, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			id, err := httpx.PathID(r, "id", "players.not_found")
			if err != nil {
				httpx.Fail(w, r, err)
				return
			}
			fn(w, r, op, id)
		})
	}
	mux.HandleFunc("GET /ops/v1/rewards/costs", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/rewards/costs"]); ok {
			h.costs(w, r)
		}
	})
	h.holdRoutes(mux)
}

func (h *OpsHandler) player(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 100_000)
	size := q.Int("pageSize", 20, 1, 100)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.Player(r.Context(), id, page, size)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) issue(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req IssueRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.ops.Issue(r.Context(), op, id, key, req)
	if err == nil && v.Replayed {
		w.Header().Set("Idempotency-Hit", "true")
	}
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) forfeit(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	var req struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	g, err := h.ops.ForfeitBonus(r.Context(), op, id, req.Reason)
	httpx.Respond(w, r, map[string]any{"grant": g}, err)
}

func (h *OpsHandler) costs(w http.ResponseWriter, r *http.Request) {
	b, err := h.ops.svc.brands.Current(r.Context())
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	loc := b.Info.Location()
	from, to, err := httpx.DayRange(r, loc, h.ops.svc.clock.Now(), MaxCostDays)
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
