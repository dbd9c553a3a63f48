package content

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// AgentHandler serves the agent centre's announcements
// (GET /wps/agent/announcements, docs/content.md "Agent announcements").
type AgentHandler struct {
	svc   *Service
	guard account.Guard
}

func NewAgentHandler(svc *Service, auth account.Authenticator) *AgentHandler {
	return &AgentHandler{svc: svc, guard: account.Guard{Auth: auth}}
}

// AgentRouteRoles: agents only; any other logged-in account answers
// auth.not_agent, a visitor auth.token_required.
var AgentRouteRoles = map[string][]account.Role{
	"GET /wps/agent/announcements": {account.RoleAgent},
}

func (h *AgentHandler) Routes(mux *http.ServeMux) {
	mux.HandleFunc("GET /wps/agent/announcements", func(w http.ResponseWriter, r *http.Request) {
		c, ok := h.guard.Require(w, r, AgentRouteRoles["GET /wps/agent/announcements"]...)
		if !ok {
			return
		}
		list, err := h.svc.AgentAnnouncements(r.Context(), c.Type, httpx.Lang(r))
		httpx.Respond(w, r, map[string]any{"list": list}, err)
	})
}
