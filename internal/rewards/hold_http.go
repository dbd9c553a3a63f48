package rewards

import (
	"net/http"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// holdRoutes serves the held rewards' review (docs/rewards-api.md "Held
// rewards").
func (h *OpsHandler) holdRoutes(mux *http.ServeMux) {
	mux.HandleFunc("GET /ops/v1/rewards/holds", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/rewards/holds"]); !ok {
			return
		}
		q := httpx.NewQuery(r)
		status := q.OneOf("status", HoldHeld, HoldHeld, HoldApproved, HoldRejected, "ALL")
		member := int64(q.Int("memberId", 0, 0, 1<<31-1))
		page := q.Int("page", 1, 1, 100_000)
		size := q.Int("pageSize", 20, 1, 100)
		if err := q.Err(); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		if status == "ALL" {
			status = ""
		}
		v, err := h.ops.Holds(r.Context(), status, member, page, size)
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		b, err := h.ops.svc.brands.Current(r.Context())
		if err != nil {
			httpx.Fail(w, r, err)
			return
		}
		httpx.OK(w, r, map[string]any{"items": v.Items, "total": v.Total, "page": v.Page, "pageSize": v.PageSize, "decimals": b.Currency.Decimals})
	})
	for pattern, approve := range map[string]bool{"POST /ops/v1/rewards/holds/{id}/approve": true, "POST /ops/v1/rewards/holds/{id}/reject": false} {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			op, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			id, err := httpx.PathID(r, "id", "reward.hold_not_found")
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
			var v Hold
			if approve {
				v, err = h.ops.ApproveHold(r.Context(), op, id, req.Reason)
			} else {
				v, err = h.ops.RejectHold(r.Context(), op, id, req.Reason)
			}
			httpx.Respond(w, r, map[string]any{"hold": v}, err)
		})
	}
}

func init() {
	for code, m := range map[string][2]string{
		"reward.hold_not_found": {"This held reward does not exist.", "Walang ganitong naka-hold na reward."},
		"reward.hold_decided":   {"This held reward has been decided already.", "Napagpasyahan na ang naka-hold na reward na ito."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
