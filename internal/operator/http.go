package operator

import (
	"net/http"

	"github.com/palaro/palaro/internal/platform/httpx"
)

// maxBody bounds the JSON bodies of these routes.
const maxBody = 16 << 10

// Handler serves /ops/v1/login, logout, me, audit and adjustments.
type Handler struct {
	svc   *Service
	guard Guard
}

func NewHandler(svc *Service) *Handler { return &Handler{svc: svc, guard: Guard{Auth: svc}} }

// Who may call what (the authorization tests walk this table): public,
// any logged-in operator, or one permission.
const (
	PermPublic      Permission = "public"
	PermAnyOperator Permission = "operator"
)

var routeRoles = map[string]Permission{
	"POST /ops/v1/login":                          PermPublic,
	"POST /ops/v1/login/enrol":                    PermPublic,
	"POST /ops/v1/logout":                         PermAnyOperator,
	"GET /ops/v1/me":                              PermAnyOperator,
	"GET /ops/v1/me/sessions":                     PermAnyOperator,
	"DELETE /ops/v1/me/sessions/{id}":             PermAnyOperator,
	"GET /ops/v1/audit":                           PermAuditRead,
	"POST /ops/v1/adjustments":                    PermAdjust,
	"GET /ops/v1/adjustments":                     PermAdjust,
	"POST /ops/v1/adjustments/{id}/approve":       PermAdjustApprove,
	"POST /ops/v1/adjustments/{id}/reject":        PermAdjustApprove,
	"GET /ops/v1/operators":                       PermOperators,
	"POST /ops/v1/operators":                      PermOperators,
	"PATCH /ops/v1/operators/{id}":                PermOperators,
	"POST /ops/v1/operators/{id}/reset-totp":      PermOperators,
	"POST /ops/v1/operators/{id}/sessions/revoke": PermOperators,
}

// RoutePermissions is a copy of this package's route table (the binary's
// authorization matrix merges every package's).
func RoutePermissions() map[string]Permission {
	out := make(map[string]Permission, len(routeRoles))
	for k, v := range routeRoles {
		out[k] = v
	}
	return out
}

func (h *Handler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, Caller){
		"POST /ops/v1/login":                          h.login,
		"POST /ops/v1/login/enrol":                    h.enrol,
		"POST /ops/v1/logout":                         h.logout,
		"GET /ops/v1/me":                              h.me,
		"GET /ops/v1/me/sessions":                     h.mySessions,
		"DELETE /ops/v1/me/sessions/{id}":             h.revokeMySession,
		"GET /ops/v1/audit":                           h.auditList,
		"POST /ops/v1/adjustments":                    h.adjust,
		"GET /ops/v1/adjustments":                     h.adjustments,
		"POST /ops/v1/adjustments/{id}/approve":       h.approve,
		"POST /ops/v1/adjustments/{id}/reject":        h.reject,
		"GET /ops/v1/operators":                       h.operators,
		"POST /ops/v1/operators":                      h.addOperator,
		"PATCH /ops/v1/operators/{id}":                h.patchOperator,
		"POST /ops/v1/operators/{id}/reset-totp":      h.resetTOTP,
		"POST /ops/v1/operators/{id}/sessions/revoke": h.revokeSessions,
	}
	for pattern, fn := range handlers {
		perm, fn := routeRoles[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			r.Body = http.MaxBytesReader(w, r.Body, maxBody)
			var c Caller
			switch perm {
			case PermPublic:
			case PermAnyOperator:
				var err error
				if c, err = h.svc.Authenticate(r.Context(), TokenFrom(r)); err != nil {
					httpx.Fail(w, r, err)
					return
				}
				c.ip = h.svc.ClientIP(r)
			default:
				var ok bool
				if c, ok = h.guard.Require(w, r, perm); !ok {
					return
				}
			}
			fn(w, r, c)
		})
	}
}

func (h *Handler) login(w http.ResponseWriter, r *http.Request, _ Caller) {
	var req LoginRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.svc.Login(r.Context(), req, Client{IP: h.svc.ClientIP(r), UserAgent: r.UserAgent()})
	httpx.Respond(w, r, res, err)
}

func (h *Handler) logout(w http.ResponseWriter, r *http.Request, c Caller) {
	if err := h.svc.Logout(r.Context(), c, TokenFrom(r)); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, nil)
}

func (h *Handler) me(w http.ResponseWriter, r *http.Request, c Caller) {
	me, err := h.svc.Me(r.Context(), c)
	httpx.Respond(w, r, map[string]any{"operator": me}, err)
}

func (h *Handler) auditList(w http.ResponseWriter, r *http.Request, _ Caller) {
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 1_000_000)
	size := q.Int("pageSize", 20, 1, 100)
	f := AuditFilter{Action: q.Code("action", "", 64), OperatorID: int64(q.Int("operatorId", 0, 0, 1<<31-1)),
		TargetType: q.Code("targetType", "", 32), TargetID: q.Code("targetId", "", 64),
		From: int64(q.Int("from", 0, 0, 1<<53)), To: int64(q.Int("to", 0, 0, 1<<53))}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	list, err := h.svc.AuditPage(r.Context(), f, page, size)
	httpx.Respond(w, r, list, err)
}

func (h *Handler) adjust(w http.ResponseWriter, r *http.Request, c Caller) {
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	req, err := decodeAdjust(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	sub, err := h.svc.Submit(r.Context(), c, key, req)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if sub.Pending != nil {
		httpx.Accepted(w, r, map[string]any{"adjustment": sub.Pending})
		return
	}
	if sub.Posted.Replay {
		w.Header().Set("Idempotency-Replay", "true")
	}
	httpx.OK(w, r, sub.Posted)
}

// decodeAdjust reads the adjustment body (shape only; Service checks values).
func decodeAdjust(r *http.Request) (AdjustRequest, error) {
	var req AdjustRequest
	err := httpx.DecodeJSON(r, &req)
	return req, err
}

func (h *Handler) enrol(w http.ResponseWriter, r *http.Request, _ Caller) {
	var req EnrolRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.svc.Enrol(r.Context(), req, Client{IP: h.svc.ClientIP(r), UserAgent: r.UserAgent()})
	httpx.Respond(w, r, res, err)
}

func (h *Handler) mySessions(w http.ResponseWriter, r *http.Request, c Caller) {
	list, err := h.svc.MySessions(r.Context(), c, TokenFrom(r))
	httpx.Respond(w, r, list, err)
}

func (h *Handler) revokeMySession(w http.ResponseWriter, r *http.Request, c Caller) {
	httpx.Respond(w, r, nil, h.svc.RevokeMySession(r.Context(), c, r.PathValue("id")))
}

func (h *Handler) adjustments(w http.ResponseWriter, r *http.Request, _ Caller) {
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 1_000_000)
	size := q.Int("pageSize", 20, 1, 100)
	status := q.OneOf("status", "", StatusPending, StatusPosted, StatusRejected)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	list, err := h.svc.Adjustments(r.Context(), status, page, size)
	httpx.Respond(w, r, list, err)
}

func (h *Handler) approve(w http.ResponseWriter, r *http.Request, c Caller) {
	id, err := httpx.PathID(r, "id", "operator.adjustment_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	a, err := h.svc.Approve(r.Context(), c, id)
	httpx.Respond(w, r, map[string]any{"adjustment": a}, err)
}

func (h *Handler) reject(w http.ResponseWriter, r *http.Request, c Caller) {
	id, err := httpx.PathID(r, "id", "operator.adjustment_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var body struct {
		Reason string `json:"reason"`
	}
	if err := httpx.DecodeJSONStrict(r, &body); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	a, err := h.svc.Reject(r.Context(), c, id, body.Reason)
	httpx.Respond(w, r, map[string]any{"adjustment": a}, err)
}

func (h *Handler) operators(w http.ResponseWriter, r *http.Request, _ Caller) {
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 1_000_000)
	size := q.Int("pageSize", 20, 1, 100)
	text := q.Text("q", "", 32)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	list, err := h.svc.Operators(r.Context(), text, page, size)
	httpx.Respond(w, r, list, err)
}

func (h *Handler) addOperator(w http.ResponseWriter, r *http.Request, c Caller) {
	var req NewOperator
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	it, err := h.svc.AddOperator(r.Context(), c, req)
	httpx.Respond(w, r, map[string]any{"operator": it}, err)
}

func (h *Handler) patchOperator(w http.ResponseWriter, r *http.Request, c Caller) {
	id, err := httpx.PathID(r, "id", "operator.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var p OperatorPatch
	if err := httpx.DecodeJSONStrict(r, &p); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	it, err := h.svc.PatchOperator(r.Context(), c, id, p)
	httpx.Respond(w, r, map[string]any{"operator": it}, err)
}

func (h *Handler) resetTOTP(w http.ResponseWriter, r *http.Request, c Caller) {
	id, err := httpx.PathID(r, "id", "operator.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	it, err := h.svc.ResetTOTP(r.Context(), c, id)
	httpx.Respond(w, r, map[string]any{"operator": it}, err)
}

func (h *Handler) revokeSessions(w http.ResponseWriter, r *http.Request, c Caller) {
	id, err := httpx.PathID(r, "id", "operator.not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	res, err := h.svc.RevokeOperatorSessions(r.Context(), c, id)
	httpx.Respond(w, r, res, err)
}
