package account

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// TestGuardRefusals: a caller whose role a route does not take is told
// why: a visitor to log in, a trial account that a real one is needed, a
// non-agent on an agent route that it is no agent, a logged-in caller on a
// visitors' route (login, registration) that it is logged in already, and
// any other refused role that its account type may not do this, never
// that it is logged in already.
func TestGuardRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		member, agent := e.login(t, "demo01", DemoPassword).Token, e.login(t, "agent01", DemoPassword).Token
		mux := http.NewServeMux()
		g := Guard{Auth: e.svc}
		route := func(path string, roles ...Role) {
			mux.Handle("GET "+path, Middleware(e.svc)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if _, ok := g.Require(w, r, roles...); ok {
					httpx.OK(w, r, nil)
				}
			})))
		}
		route("/members-and-trials", RoleMember, RoleTrial)
		route("/members", RoleMember)
		route("/agents", RoleAgent)
		route("/visitors", RoleVisitor, RoleTrial)
		for _, c := range []struct {
			name, path, token string
			status            int
			code              string
		}{
			{"ErrAgentOnMembersAndTrials", "/members-and-trials", agent, 403, "auth.role_not_allowed"},
			{"ErrAgentOnMembers", "/members", agent, 403, "auth.role_not_allowed"},
			{"ErrMemberOnAgents", "/agents", member, 403, "auth.not_agent"},
			{"ErrMemberOnVisitors", "/visitors", member, 403, "auth.already_logged_in"},
			{"ErrVisitorOnMembers", "/members", "", 401, "auth.token_required"},
			{"MemberOnMembers", "/members", member, 200, "ok"},
		} {
			t.Run(c.name, func(t *testing.T) {
				req := httptest.NewRequest("GET", c.path, nil)
				req.Header.Set("Accept-Language", "fil-PH")
				if c.token != "" {
					req.Header.Set("Authorization", "Bearer "+c.token)
				}
				rec := httptest.NewRecorder()
				mux.ServeHTTP(rec, req)
				var env httpx.Envelope
				_ = json.Unmarshal(rec.Body.Bytes(), &env)
				if rec.Code != c.status || env.Code != c.code {
					t.Fatalf("%d %s, want %d %s", rec.Code, env.Code, c.status, c.code)
				}
				if c.status >= 400 && (env.Message == "" || env.Message == c.code) {
					t.Fatalf("no message for %s: %q", c.code, env.Message)
				}
			})
		}
	})
}
