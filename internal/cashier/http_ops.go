package cashier

import (
	"net/http"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// OpsHandler serves the operator deposit queue under /ops/v1/cashier/.
type OpsHandler struct {
	svc   *Service
	guard operator.Guard
}

func NewOpsHandler(svc *Service, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{svc: svc, guard: operator.Guard{Auth: auth}}
}

// OpsRoutePerms is the permission each operator route needs (the
// authorization test walks it for every role).
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/cashier/deposits":               operator.PermCashierRead,
	"GET /ops/v1/cashier/deposits/report":        operator.PermCashierRead,
	"GET /ops/v1/cashier/deposits/{id}":          operator.PermCashierRead,
	"GET /ops/v1/cashier/deposits/{id}/receipt":  operator.PermCashierRead,
	"POST /ops/v1/cashier/deposits/{id}/approve": operator.PermCashierDecide,
	"POST /ops/v1/cashier/deposits/{id}/reject":  operator.PermCashierDecide,
}

func (h *OpsHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /ops/v1/cashier/deposits", h.list)
	mux.HandleFunc("GET /ops/v1/cashier/deposits/report", h.report)
	mux.HandleFunc("GET /ops/v1/cashier/deposits/{id}", h.get)
	mux.HandleFunc("GET /ops/v1/cashier/deposits/{id}/receipt", h.receipt)
	mux.HandleFunc("POST /ops/v1/cashier/deposits/{id}/approve", h.approve)
	mux.HandleFunc("POST /ops/v1/cashier/deposits/{id}/reject", h.reject)
}

func (h *OpsHandler) list(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/cashier/deposits"]); !ok {
		return
	}
	f, err := listQuery(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	q := httpx.NewQuery(r)
	if f.MemberID = int64(q.Int("memberId", 0, 1, 1<<53)); q.Err() != nil {
		httpx.Fail(w, r, q.Err())
		return
	}
	p, err := h.svc.OpsList(r.Context(), f)
	httpx.Respond(w, r, p, err)
}

func (h *OpsHandler) get(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/cashier/deposits/{id}"]); !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	d, err := h.svc.OpsGet(r.Context(), id)
	httpx.Respond(w, r, d, err)
}

func (h *OpsHandler) receipt(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/cashier/deposits/{id}/receipt"]); !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	rc, err := h.svc.OpsReceipt(r.Context(), id)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.WriteImage(w, r, rc.ContentType, rc.Data)
}

func (h *OpsHandler) approve(w http.ResponseWriter, r *http.Request) {
	op, ok := h.guard.Require(w, r, OpsRoutePerms["POST /ops/v1/cashier/deposits/{id}/approve"])
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	d, err := h.svc.Approve(r.Context(), op, id)
	httpx.Respond(w, r, d, err)
}

// RejectRequest is the body of .../reject.
type RejectRequest struct {
	Reason string `json:"reason"`
}

func (h *OpsHandler) reject(w http.ResponseWriter, r *http.Request) {
	op, ok := h.guard.Require(w, r, OpsRoutePerms["POST /ops/v1/cashier/deposits/{id}/reject"])
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req RejectRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	d, err := h.svc.Reject(r.Context(), op, id, req.Reason)
	httpx.Respond(w, r, d, err)
}
