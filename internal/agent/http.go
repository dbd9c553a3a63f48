package agent

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// Handler serves the agent centre's tree, register centre, team and
// transfer endpoints (docs/agents-api.md).
type Handler struct {
	svc      *Service
	guard    account.Guard
	clientIP func(*http.Request) string
}

// NewHandler serves /wps/agent/... and /wps/transfer/upline; clientIP
// reads the caller's address (nil: none recorded).
func NewHandler(svc *Service, auth account.Authenticator, clientIP func(*http.Request) string) *Handler {
	return &Handler{svc: svc, guard: account.Guard{Auth: auth}, clientIP: clientIP}
}

// Members and agents pass the guard; the agent routes then refuse
// non-agents with agent.not_agent (the spec's "not an agent").
var real = []account.Role{account.RoleMember, account.RoleAgent}

// RouteRoles: who may call what (the authorization test walks this table).
var RouteRoles = map[string][]account.Role{
	"GET /wps/agent/team":                real,
	"POST /wps/agent/downline":           real,
	"GET /wps/agent/links":               real,
	"POST /wps/agent/links":              real,
	"POST /wps/agent/links/{id}/disable": real,
	"GET /wps/agent/transfer":            real,
	"POST /wps/agent/transfer":           real,
	"GET /wps/transfer/upline":           real,
	"POST /wps/transfer/upline":          real,
}

func (h *Handler) Routes(mux *http.ServeMux) {
	handlers := map[string]func(http.ResponseWriter, *http.Request, account.Caller){
		"GET /wps/agent/team":                h.team,
		"POST /wps/agent/downline":           h.downline,
		"GET /wps/agent/links":               h.links,
		"POST /wps/agent/links":              h.createLink,
		"POST /wps/agent/links/{id}/disable": h.disableLink,
		"GET /wps/agent/transfer":            h.agentInfo,
		"POST /wps/agent/transfer":           h.toDownline,
		"GET /wps/transfer/upline":           h.uplineInfo,
		"POST /wps/transfer/upline":          h.toUpline,
	}
	for pattern, fn := range handlers {
		roles := RouteRoles[pattern]
		mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
			c, ok := h.guard.Require(w, r, roles...)
			if !ok {
				return
			}
			fn(w, r, c)
		})
	}
}

func (h *Handler) team(w http.ResponseWriter, r *http.Request, c account.Caller) {
	q := httpx.NewQuery(r)
	tq := TeamQuery{
		Parent:   int64(q.Int("parent", 0, 0, 1<<31-1)),
		Scope:    q.OneOf("scope", ScopeDirect, ScopeDirect, ScopeAll),
		Username: q.Text("username", "", 64),
		Page:     q.Int("page", 1, 1, 100_000),
		PageSize: q.Int("pageSize", DefaultPageSize, 1, MaxPageSize),
	}
	if err := q.Err(); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.Team(r.Context(), c, tq)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) downline(w http.ResponseWriter, r *http.Request, c account.Caller) {
	var req DownlineRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	ip := ""
	if h.clientIP != nil {
		ip = h.clientIP(r)
	}
	out, err := h.svc.CreateDownline(r.Context(), c, req, ip)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) links(w http.ResponseWriter, r *http.Request, c account.Caller) {
	out, err := h.svc.Links(r.Context(), c)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) createLink(w http.ResponseWriter, r *http.Request, c account.Caller) {
	var req LinkRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.CreateLink(r.Context(), c, req)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) disableLink(w http.ResponseWriter, r *http.Request, c account.Caller) {
	if err := requireAgent(c); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	id, err := httpx.PathID(r, "id", "agent.link_not_found")
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := h.svc.DisableLink(r.Context(), c, id)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) agentInfo(w http.ResponseWriter, r *http.Request, c account.Caller) {
	out, err := h.svc.AgentTransferInfo(r.Context(), c)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) uplineInfo(w http.ResponseWriter, r *http.Request, c account.Caller) {
	out, err := h.svc.UplineInfo(r.Context(), c)
	httpx.Respond(w, r, out, err)
}

func (h *Handler) toDownline(w http.ResponseWriter, r *http.Request, c account.Caller) {
	if err := requireAgent(c); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	h.transfer(w, r, c, h.svc.ToDownlineMember)
}

func (h *Handler) toUpline(w http.ResponseWriter, r *http.Request, c account.Caller) {
	h.transfer(w, r, c, h.svc.ToUpline)
}

func (h *Handler) transfer(w http.ResponseWriter, r *http.Request, c account.Caller,
	fn func(context.Context, account.Caller, TransferRequest, string) (TransferResult, error)) {
	key, err := httpx.IdempotencyKey(r)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	var req TransferRequest
	if err := httpx.DecodeJSONStrict(r, &req); err != nil {
		httpx.Fail(w, r, err)
		return
	}
	out, err := fn(r.Context(), c, req, key)
	httpx.Respond(w, r, out, err)
}

// OpsHandler serves /ops/v1/agents.
type OpsHandler struct {
	svc   *Service
	guard operator.Guard
}

func NewOpsHandler(svc *Service, auth operator.Authenticator) *OpsHandler {
	return &OpsHandler{svc: svc, guard: operator.Guard{Auth: auth}}
}

// OpsRoutePerms is the permission each console route needs.
var OpsRoutePerms = map[string]operator.Permission{
	"GET /ops/v1/agents/tree":  operator.PermAgentsRead,
	"POST /ops/v1/agents/move": operator.PermAgentsWrite,
}

func (h *OpsHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /ops/v1/agents/tree", func(w http.ResponseWriter, r *http.Request) {
		if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/agents/tree"]); !ok {
			return
		}
		q := httpx.NewQuery(r)
		id := int64(q.Int("member", 0, 0, 1<<31-1))
		page, size := q.Int("page", 1, 1, 100_000), q.Int("pageSize", 50, 1, MaxPageSize)
		if err := q.Err(); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		// account=<username>: the console's search names the member as an operator types it.
		if name := q.Value("account"); name != "" && id == 0 {
			var err error
			if id, err = h.svc.LookupMember(r.Context(), name); err != nil {
				httpx.Fail(w, r, err)
				return
			}
		}
		out, err := h.svc.MemberTree(r.Context(), id, page, size)
		httpx.Respond(w, r, out, err)
	})
	mux.HandleFunc("POST /ops/v1/agents/move", func(w http.ResponseWriter, r *http.Request) {
		op, ok := h.guard.Require(w, r, OpsRoutePerms["POST /ops/v1/agents/move"])
		if !ok {
			return
		}
		var req MoveRequest
		if err := httpx.DecodeJSONStrict(r, &req); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		out, err := h.svc.Move(r.Context(), op, req)
		httpx.Respond(w, r, out, err)
	})
}
