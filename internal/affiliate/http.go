package affiliate

import (
	"net/http"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the storefront's application endpoints and the console's
// /ops/v1/affiliates.
type Handler struct {
	svc      *Service
	members  account.Guard
	ops      operator.Guard
	clientIP func(*http.Request) string
}

func NewHandler(svc *Service, members account.Authenticator, ops operator.Authenticator, clientIP func(*http.Request) string) *Handler {
	return &Handler{svc: svc, members: account.Guard{Auth: members}, ops: operator.Guard{Auth: ops}, clientIP: clientIP}
}

// RouteRoles is who may call the storefront routes. Agents may call apply
// to be told they are agents already; trial users are refused (they have
// no real account to become an agent).
var RouteRoles = map[string][]account.Role{
	"POST /wps/affiliate/apply":      {account.RoleVisitor, account.RoleMember, account.RoleAgent},
	"GET /wps/affiliate/application": {account.RoleMember, account.RoleAgent},
}

// RoutePerms is the permission each console route needs (cmd/palaro's
// authorization matrix walks it).
var RoutePerms = map[string]operator.Permission{
	"GET /ops/v1/affiliates":               operator.PermAgentsRead,
	"GET /ops/v1/affiliates/{id}":          operator.PermAgentsRead,
	"POST /ops/v1/affiliates/{id}/approve": operator.PermAgentsWrite,
	"POST /ops/v1/affiliates/{id}/reject":  operator.PermAgentsWrite,
}

// Page sizes of the console list.
const (
	DefaultPageSize = 20
	MaxPageSize     = 100
)

func (h *Handler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("POST /wps/affiliate/apply", h.apply)
	mux.HandleFunc("GET /wps/affiliate/application", h.mine)
	mux.HandleFunc("GET /ops/v1/affiliates", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.ops.Require(w, r, RoutePerms["GET /ops/v1/affiliates"]); ok {
			h.list(w, r)
		}
	})
	byID := map[string]func(http.ResponseWriter, *http.Request, operator.Caller, int64){
		"GET /ops/v1/affiliates/{id}":          h.get,
		"POST /ops/v1/affiliates/{id}/approve": h.approve,
		"POST /ops/v1/affiliates/{id}/reject":  h.reject,
	}
	for pattern, fn := range byID {
		perm := RoutePerms[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			op, ok := h.ops.Require(w, r, perm)
			if !ok {
				return
			}
			id, err := httpx.PathID(r, "id", "affiliate.not_found")
			if err != nil {
				httpx.Fail(w, r, err)
				return
			}
			fn(w, r, op, id)
		})
	}
}

func (h *Handler) apply(w http.ResponseWriter, r *http.Request) {
	c, ok := h.members.Require(w, r, RouteRoles["POST /wps/affiliate/apply"]...)
	if !ok {
		return
	}
	var req ApplyRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	cl := account.Client{IP: h.clientIP(r), UserAgent: r.UserAgent()}
	v, err := h.svc.Apply(r.Context(), c, req, cl, httpx.Lang(r))
	httpx.Respond(w, r, v, err)
}

// mine answers the member's newest application (null: none), so the page
// shows "under review" or the decision instead of the form.
func (h *Handler) mine(w http.ResponseWriter, r *http.Request) {
	c, ok := h.members.Require(w, r, RouteRoles["GET /wps/affiliate/application"]...)
	if !ok {
		return
	}
	a, err := h.svc.Mine(r.Context(), c.MemberID)
	if err != nil || a == nil {
		httpx.Respond(w, r, nil, err)
		return
	}
	// The member's own view: what it sent and the decision, not the
	// back office's fields.
	httpx.OK(w, r, map[string]any{"id": a.ID, "status": a.StatusName, "channel": a.Channel, "createdAt": a.CreatedAtMS,
		"decidedAt": a.DecidedAtMS, "reason": a.Reason, "invitationCode": a.InvitationCode})
}

func (h *Handler) list(w http.ResponseWriter, r *http.Request) {
	q := httpx.NewQuery(r)
	status := q.OneOf("status", "", "", "PENDING", "APPROVED", "REJECTED")
	channel := q.OneOf("channel", "", append([]string{""}, Channels...)...)
	text := q.Text("q", "", 64)
	page := q.Int("page", 1, 1, 1_000_000)
	size := q.Int("pageSize", DefaultPageSize, 1, MaxPageSize)
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	f := Filter{Status: -1, Channel: channel, Q: strings.TrimSpace(text), Offset: (page - 1) * size, Limit: size}
	for k, v := range StatusNames {
		if v == status {
			f.Status = k
		}
	}
	items, total, err := h.svc.List(r.Context(), f)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	httpx.OK(w, r, map[string]any{"items": items, "total": total, "page": page, "pageSize": size})
}

func (h *Handler) get(w http.ResponseWriter, r *http.Request, _ operator.Caller, id int64) {
	a, err := h.svc.Get(r.Context(), id)
	httpx.Respond(w, r, a, err)
}

func (h *Handler) approve(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	var req ApproveRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Approve(r.Context(), op, id, req)
	httpx.Respond(w, r, v, err)
}

func (h *Handler) reject(w http.ResponseWriter, r *http.Request, op operator.Caller, id int64) {
	var req RejectRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	v, err := h.svc.Reject(r.Context(), op, id, req)
	httpx.Respond(w, r, v, err)
}
