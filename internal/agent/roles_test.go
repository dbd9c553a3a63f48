package agent_test

import (
	"context"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// Every route of the table for every kind of caller: visitors 401, trial
// accounts 403, members 403 agent.not_agent on the agent routes (the
// upline routes are theirs), agents pass the guard.
func TestAuthorizationMatrix(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		trial, err := s.accounts.Freeplay(context.Background(), account.Client{IP: "192.0.2.7"})
		if err != nil {
			t.Fatal(err)
		}
		member := s.mustLoginToken2(account.DemoMember, account.DemoPassword)
		agentTok := s.mustLoginToken2(account.DemoAgent, account.DemoPassword)
		if len(agent.RouteRoles) != 9 {
			t.Fatalf("%d routes", len(agent.RouteRoles))
		}
		for route := range agent.RouteRoles {
			method, path, _ := strings.Cut(route, " ")
			path = strings.ReplaceAll(path, "{id}", "1")
			var body any
			if method == "POST" {
				body = map[string]any{}
			}
			key := map[string]string{"Idempotency-Key": "matrix"}
			if r := s.call(method, path, "", body, key); r.status != 401 || r.env.Code != "auth.token_required" {
				t.Errorf("visitor %s: %d %s", route, r.status, r.env.Code)
			}
			if r := s.call(method, path, trial.Token, body, key); r.status != 403 || r.env.Code != "auth.real_account_required" {
				t.Errorf("trial %s: %d %s", route, r.status, r.env.Code)
			}
			r := s.call(method, path, member, body, key)
			agentOnly := strings.HasPrefix(path, "/wps/agent/")
			if agentOnly && (r.status != 403 || r.env.Code != "agent.not_agent") {
				t.Errorf("member %s: %d %s", route, r.status, r.env.Code)
			}
			if !agentOnly && (r.status == 401 || r.status == 403) {
				t.Errorf("member %s refused: %d %s", route, r.status, r.env.Code)
			}
			if r := s.call(method, path, agentTok, body, key); r.status == 401 || r.status == 403 || r.status >= 500 {
				t.Errorf("agent %s: %d %s", route, r.status, r.env.Code)
			}
		}
	})
}

func (s *site) mustLoginToken2(user, password string) string {
	tok, _ := s.login(user, password)
	return tok
}
