package withdraw

import (
	"net/http"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// OpsHandler serves the operators' withdrawal queue under /ops/v1/.
type OpsHandler struct {
	svc   *Service
	guard operator.Guard
}

func NewOpsHandler(svc *Service, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{svc: svc, guard: operator.Guard{Auth: auth}}
}

// OpsRoutePerms: the permission each operator route needs (the
// authorization test walks this table).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/cashier/withdrawals":                    operator.PermCashierRead,
	"GET /ops/v1/cashier/withdrawals/report":             operator.PermCashierRead,
	"GET /ops/v1/cashier/withdrawals/{id}":               operator.PermCashierRead,
	"GET /ops/v1/cashier/withdrawals/{id}/proof":         operator.PermCashierRead,
	"POST /ops/v1/cashier/withdrawals/{id}/approve":      operator.PermCashierDecide,
	"POST /ops/v1/cashier/withdrawals/{id}/reject":       operator.PermCashierDecide,
	"POST /ops/v1/cashier/withdrawals/{id}/full-payment": operator.PermCashierDecide,
}

func (h *OpsHandler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, operator.Caller){
		"GET /ops/v1/cashier/withdrawals":                    h.list,
		"GET /ops/v1/cashier/withdrawals/report":             h.report,
		"GET /ops/v1/cashier/withdrawals/{id}":               h.get,
		"GET /ops/v1/cashier/withdrawals/{id}/proof":         h.proof,
		"POST /ops/v1/cashier/withdrawals/{id}/approve":      h.approve,
		"POST /ops/v1/cashier/withdrawals/{id}/reject":       h.reject,
		"POST /ops/v1/cashier/withdrawals/{id}/full-payment": h.fullPayment,
	}
	for pattern, fn := range handlers {
		perm := OpsRoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, perm)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

func (h *OpsHandler) list(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	f, err := listFilter(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	q := httpx.NewQuery(r)
	if f.MemberID = int64(q.Int("memberId", 0, 1, 1<<53)); q.Err() != nil {
		httpx.Fail(w, r, q.Err())
		return
	}
	v, err := h.svc.OpsList(r.Context(), f)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) get(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.OpsGet(r.Context(), id)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) proof(w http.ResponseWriter, r *http.Request, _ operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.OpsProof(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.WriteImage(w, r, p.ContentType, p.Data)
}

func (h *OpsHandler) approve(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Approve(r.Context(), c, id)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) reject(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Reject(r.Context(), c, id, req.Reason)
	httpx.Respond(w, r, v, err)
}

func (h *OpsHandler) fullPayment(w http.ResponseWriter, r *http.Request, c operator.Caller) {
	id, err := httpx.PathID(r, "id", "withdraw.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.FullPayment(r.Context(), c, id)
	httpx.Respond(w, r, v, err)
}
