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

// Who may call what (the authorization test walks this table): public,
// any logged-in operator, or one permission.
const (
	public      Permission = "public"
	anyOperator Permission = "operator"
)

var routeRoles = map[string]Permission{
	"POST /ops/v1/login":       public,
	"POST /ops/v1/logout":      anyOperator,
	"GET /ops/v1/me":           anyOperator,
	"GET /ops/v1/audit":        PermOperators,
	"POST /ops/v1/adjustments": PermAdjust,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, Caller){
		"POST /ops/v1/login":       h.login,
		"POST /ops/v1/logout":      h.logout,
		"GET /ops/v1/me":           h.me,
		"GET /ops/v1/audit":        h.auditList,
		"POST /ops/v1/adjustments": h.adjust,
	}
	for pattern, fn := range handlers {
		perm, fn := routeRoles[pattern], fn
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			r.Body = http.MaxBytesReader(w, r.Body, maxBody)
			var c Caller
			switch perm {
			case public:
			case anyOperator:
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
	httpx.OK(w, r, h.svc.Me(c))
}

func (h *Handler) auditList(w http.ResponseWriter, r *http.Request, _ Caller) {
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 1_000_000)
	size := q.Int("pageSize", 20, 1, 100)
	action := q.Code("action", "", 64)
	opID := q.Int("operatorId", 0, 0, 1<<31-1)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	list, err := h.svc.AuditPage(r.Context(), action, int64(opID), page, size)
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
	res, err := h.svc.Adjust(r.Context(), c, key, req)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if res.Replay {
		w.Header().Set("Idempotency-Replay", "true")
	}
	httpx.OK(w, r, res)
}

// decodeAdjust reads the adjustment body (shape only; Service checks values).
func decodeAdjust(r *http.Request) (AdjustRequest, error) {
	var req AdjustRequest
	err := httpx.DecodeJSON(r, &req)
	return req, err
}
