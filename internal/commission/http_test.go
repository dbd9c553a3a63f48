package commission

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// members authenticates "m<id>:<type>" tokens (the tree's own members).
type members struct{}

func (members) Authenticate(_ context.Context, token string) (account.Caller, error) {
	if token == "" {
		return account.Caller{}, nil
	}
	id, typ, ok := strings.Cut(strings.TrimPrefix(token, "m"), ":")
	mid, err1 := strconv.ParseInt(id, 10, 64)
	t, err2 := strconv.Atoi(typ)
	if !ok || err1 != nil || err2 != nil {
		return account.Caller{}, apperr.Unauthorized("auth.session_expired")
	}
	return account.Caller{MemberID: mid, Account: "m" + id, Type: t}, nil
}

// operators authenticates "op:<ROLE>" tokens.
type operators struct{}

func (operators) Authenticate(_ context.Context, token string) (operator.Caller, error) {
	role, ok := strings.CutPrefix(token, "op:")
	if !ok {
		return operator.Caller{}, apperr.Unauthorized("auth.token_required")
	}
	return operator.Caller{ID: 9, Username: "ops", Role: operator.Role(role)}, nil
}

type envelope struct {
	Success bool            `json:"success"`
	Code    string          `json:"code"`
	Value   json.RawMessage `json:"value"`
}

func call(t *testing.T, srv *httptest.Server, method, path, token string, body any) (int, envelope) {
	t.Helper()
	var rd *bytes.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	} else {
		rd = bytes.NewReader(nil)
	}
	req, _ := http.NewRequest(method, srv.URL+path, rd)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	_ = json.NewDecoder(res.Body).Decode(&env)
	return res.StatusCode, env
}

func TestHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		mux := http.NewServeMux()
		NewHandler(f.svc, members{}).Routes(mux)
		NewOpsHandler(f.svc, operators{}).Routes(mux)
		srv := httptest.NewServer(mux)
		defer srv.Close()

		// Agents only; every route checks.
		for pattern := range RouteRoles {
			method, path, _ := strings.Cut(pattern, " ")
			path = strings.ReplaceAll(path, "{id}", "1")
			if st, env := call(t, srv, method, path, "m6:0", nil); st != 403 || env.Code != "auth.not_agent" {
				t.Errorf("%s as a player: %d %s", pattern, st, env.Code)
			}
			if st, _ := call(t, srv, method, path, "", nil); st != 401 {
				t.Errorf("%s as a visitor: %d", pattern, st)
			}
		}
		// Operators: a VIEWER reads but offers and approves nothing.
		for pattern, perm := range OpsRoutePerms {
			method, path, _ := strings.Cut(pattern, " ")
			path = strings.ReplaceAll(path, "{id}", "1")
			st, _ := call(t, srv, method, path, "op:VIEWER", nil)
			if want := operator.RoleViewer.Can(perm); want != (st != 403) {
				t.Errorf("%s as VIEWER: %d", pattern, st)
			}
		}

		// The platform offers agent 1 a contract; 1 sees it pending and accepts.
		st, env := call(t, srv, "POST", "/ops/v1/agents/contracts", "op:FINANCE",
			OfferRequest{DownlineID: 1, Type: TypeDailyWage, Tiers: dailyTiers})
		if st != 200 {
			t.Fatalf("%d %s", st, env.Code)
		}
		var c Contract
		_ = json.Unmarshal(env.Value, &c)
		st, env = call(t, srv, "GET", "/wps/agent/contracts?side=downline&status=pending", "m1:1", nil)
		var page Page[Contract]
		_ = json.Unmarshal(env.Value, &page)
		if st != 200 || page.Total != 1 || page.List[0].ID != c.ID || len(page.List[0].Tiers) != 3 {
			t.Fatalf("%d %s", st, env.Value)
		}
		if st, env = call(t, srv, "POST", "/wps/agent/contracts/"+strconv.FormatInt(c.ID, 10)+"/accept", "m1:1", nil); st != 200 {
			t.Fatalf("%d %s", st, env.Code)
		}
		// The console's lists carry the brand currency for wording amounts.
		var opsList struct {
			Page[Contract]
			Currency string `json:"currency"`
			Decimals int    `json:"decimals"`
		}
		st, env = call(t, srv, "GET", "/ops/v1/agents/contracts?agentId=1&status=active", "op:VIEWER", nil)
		_ = json.Unmarshal(env.Value, &opsList)
		if st != 200 || opsList.Total != 1 || opsList.List[0].ID != c.ID || opsList.Currency != "PHP" || opsList.Decimals != 2 {
			t.Fatalf("ops contracts: %d %s", st, env.Value)
		}
		st, env = call(t, srv, "GET", "/ops/v1/agents/bills?agentId=1&from=2026-11-01&to=2026-11-30", "op:VIEWER", nil)
		if st != 200 || !strings.Contains(string(env.Value), `"currency":"PHP","decimals":2`) || !strings.Contains(string(env.Value), `"sums":{`) ||
			!strings.Contains(string(env.Value), `"list":[]`) {
			t.Fatalf("ops bills: %d %s", st, env.Value)
		}
		if st, env = call(t, srv, "POST", "/wps/agent/contracts/"+strconv.FormatInt(c.ID, 10)+"/accept", "m1:1", nil); st != 409 || env.Code != "commission.not_pending" {
			t.Fatalf("accepted twice: %d %s", st, env.Code)
		}
		// Bad input: clear codes, no 500; unknown fields refused.
		for _, x := range []struct {
			body any
			code string
		}{
			{map[string]any{"downlineId": 2, "type": "daily_wage", "tiers": []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 90}}}, "commission.rate_above_upline"},
			{map[string]any{"downlineId": 3, "type": "daily_wage", "tiers": []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 40}}}, "commission.not_direct_downline"},
			{map[string]any{"downlineId": 2, "type": "daily_wage", "tiers": []Tier{{ValidBets: 5, Rate: 40}, {ValidBets: 4, Rate: 50}}}, "commission.tiers_order"},
			{map[string]any{"downlineId": 2, "type": "daily_wage", "rate": 5}, "request.invalid_json"},
		} {
			if st, env := call(t, srv, "POST", "/wps/agent/contracts", "m1:1", x.body); st >= 500 || env.Code != x.code {
				t.Errorf("%v: %d %s", x.body, st, env.Code)
			}
		}
		if st, env := call(t, srv, "GET", "/wps/agent/contracts/"+strconv.FormatInt(c.ID, 10), "m5:1", nil); st != 404 || env.Code != "commission.contract_not_found" {
			t.Errorf("a stranger: %d %s", st, env.Code)
		}
		if st, env := call(t, srv, "GET", "/wps/agent/contracts/info", "m1:1", nil); st != 200 || !strings.Contains(string(env.Value), `"divtypereq":true`) {
			t.Errorf("info: %d %s", st, env.Value)
		}
		if st, env := call(t, srv, "GET", "/wps/agent/commission/bills?from=2026-11-01&to=2026-11-30", "m1:1", nil); st != 200 || !strings.Contains(string(env.Value), `"sums"`) {
			t.Errorf("bills: %d %s", st, env.Value)
		}
		if st, env := call(t, srv, "GET", "/wps/agent/commission/income", "m1:1", nil); st != 200 || !strings.Contains(string(env.Value), `"paidOut"`) {
			t.Errorf("income: %d %s", st, env.Value)
		}
	})
}
