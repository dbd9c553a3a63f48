package notify

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the member message endpoints.
type Handler struct {
	svc   *Service
	guard account.Guard
}

func NewHandler(svc *Service, auth account.Authenticator) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}}
}

// Who may call what (the authorization test walks this table). Trial users
// have no messages: the web does not ask, and the server refuses them.
var routeRoles = map[string][]account.Role{
	"GET /wps/message/unread":     {account.RoleMember, account.RoleAgent},
	"GET /wps/message/list":       {account.RoleMember, account.RoleAgent},
	"POST /wps/message/{id}/read": {account.RoleMember, account.RoleAgent},
	"POST /wps/message/read-all":  {account.RoleMember, account.RoleAgent},
}

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/message/unread", h.unread)
	mux.HandleFunc("GET /wps/message/list", h.list)
	mux.HandleFunc("POST /wps/message/{id}/read", h.read)
	mux.HandleFunc("POST /wps/message/read-all", h.readAll)
}

func (h *Handler) unread(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/message/unread"]...)
	if !ok {
		return
	}
	n, err := h.svc.Unread(r.Context(), c.MemberID)
	httpx.Respond(w, r, map[string]int{"count": n}, err)
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["GET /wps/message/list"]...)
	if !ok {
		return
	}
	q := httpx.NewQuery(r)
	page := q.Int("page", 1, 1, 1_000_000)
	size := q.Int("pageSize", 20, 1, MaxPageSize)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	p, err := h.svc.List(r.Context(), c.MemberID, httpx.Lang(r), page, size)
	httpx.Respond(w, r, p, err)
}

func (h *Handler) read(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["POST /wps/message/{id}/read"]...)
	if !ok {
		return
	}
	id, err := httpx.PathID(r, "id", "")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	if err := h.svc.Read(r.Context(), c.MemberID, id); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]bool{"read": true})
}

func (h *Handler) readAll(w http.ResponseWriter, r *http.Request) {
	c, ok := h.guard.Require(w, r, routeRoles["POST /wps/message/read-all"]...)
	if !ok {
		return
	}
	n, err := h.svc.ReadAll(r.Context(), c.MemberID)
	httpx.Respond(w, r, map[string]int64{"updated": n}, err)
}
