package operator

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestAuthorization walks every /ops route as every role, no token and a
// player's token.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		demo := s.memberID("demo01")
		n := 0
		requests := map[string]func(token string) reply{
			"POST /ops/v1/login": func(string) reply {
				return s.do("POST", "/ops/v1/login", "", map[string]string{"username": "ops01", "password": account.DemoPassword}, nil)
			},
			"POST /ops/v1/logout": func(tok string) reply { return s.do("POST", "/ops/v1/logout", tok, nil, nil) },
			"GET /ops/v1/me":      func(tok string) reply { return s.do("GET", "/ops/v1/me", tok, nil, nil) },
			"GET /ops/v1/audit":   func(tok string) reply { return s.do("GET", "/ops/v1/audit?page=1&pageSize=5", tok, nil, nil) },
			"POST /ops/v1/adjustments": func(tok string) reply {
				n++
				return s.do("POST", "/ops/v1/adjustments", tok, AdjustRequest{MemberID: demo, Direction: "CREDIT", Amount: "1", Reason: "matrix"},
					map[string]string{"Idempotency-Key": fmt.Sprintf("matrix-%d", n)})
			},
		}
		if len(requests) != len(routeRoles) {
			t.Fatalf("the matrix covers %d routes, routeRoles has %d", len(requests), len(routeRoles))
		}
		callers := map[string]func() string{
			"ADMIN":   func() string { return s.login("ops01") },
			"CASHIER": func() string { return s.login("cashier01") },
			"FINANCE": func() string { return s.login("finance01") },
			"VIEWER":  func() string { return s.login("viewer01") },
			"none":    func() string { return "" },
			"member":  func() string { return s.memberToken() },
		}
		// want[route][caller] is the expected status.
		want := map[string]map[string]int{
			"POST /ops/v1/login":       {"ADMIN": 200, "CASHIER": 200, "FINANCE": 200, "VIEWER": 200, "none": 200, "member": 200},
			"POST /ops/v1/logout":      {"ADMIN": 200, "CASHIER": 200, "FINANCE": 200, "VIEWER": 200, "none": 401, "member": 401},
			"GET /ops/v1/me":           {"ADMIN": 200, "CASHIER": 200, "FINANCE": 200, "VIEWER": 200, "none": 401, "member": 401},
			"GET /ops/v1/audit":        {"ADMIN": 200, "CASHIER": 403, "FINANCE": 403, "VIEWER": 403, "none": 401, "member": 401},
			"POST /ops/v1/adjustments": {"ADMIN": 200, "CASHIER": 403, "FINANCE": 200, "VIEWER": 403, "none": 401, "member": 401},
		}
		for route, req := range requests {
			for caller, tok := range callers {
				r := req(tok())
				if r.status != want[route][caller] {
					t.Errorf("%s as %s: %d %s, want %d", route, caller, r.status, r.env.Code, want[route][caller])
				}
				if r.status == 403 && r.env.Code != "operator.forbidden" {
					t.Errorf("%s as %s: code %s", route, caller, r.env.Code)
				}
			}
		}
		if r := s.do("GET", "/ops/v1/nothing", "", nil, nil); r.status != 404 || r.env.Code != "request.not_found" {
			t.Fatalf("unknown /ops path: %d %s", r.status, r.env.Code)
		}
	})
}

// TestRolePermissions pins the role -> permission table.
func TestRolePermissions(t *testing.T) {
	want := map[Role][]Permission{
		RoleAdmin:   {PermCashierRead, PermCashierDecide, PermAdjust, PermOperators, PermRGRead, PermRGWrite, PermReportsRead, PermBrandRead, PermBrandWrite, PermGamesRead, PermGamesWrite, PermFeedbackRead, PermFeedbackReply, PermPlayersRead, PermPlayersWrite},
		RoleCashier: {PermCashierRead, PermCashierDecide, PermRGRead, PermRGWrite, PermPlayersRead},
		RoleFinance: {PermCashierRead, PermAdjust, PermRGRead, PermReportsRead, PermBrandRead, PermGamesRead, PermPlayersRead},
		RoleViewer:  {PermCashierRead, PermRGRead, PermReportsRead, PermBrandRead, PermGamesRead, PermFeedbackRead, PermPlayersRead},
	}
	for _, r := range Roles {
		var got []Permission
		for _, p := range Permissions {
			if r.Can(p) {
				got = append(got, p)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(want[r]) {
			t.Errorf("%s: %v, want %v", r, got, want[r])
		}
	}
	if Role("ROOT").Can(PermCashierRead) || Role("").Valid() {
		t.Fatal("unknown role has permissions")
	}
}

func TestAuditList(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		admin := s.login("ops01")
		ctx := context.Background()
		c := Caller{ID: 1, Username: "ops01", Role: RoleAdmin}
		var wg sync.WaitGroup
		for i := 0; i < 40; i++ { // concurrent writers share group commits
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				if err := s.svc.Audit(WithIP(ctx, "198.51.100.7"), c, "deposit.approve", fmt.Sprintf("deposit:%d", i), map[string]any{"n": i}); err != nil {
					t.Error(err)
				}
			}(i)
		}
		wg.Wait()
		r := s.do("GET", "/ops/v1/audit?action=deposit.approve&page=2&pageSize=15", admin, nil, nil)
		list, _ := r.value["list"].([]any)
		if r.status != 200 || num(r.value["total"]) != 40 || len(list) != 15 || num(r.value["page"]) != 2 {
			t.Fatalf("audit page: %d total=%v len=%d", r.status, r.value["total"], len(list))
		}
		row := list[0].(map[string]any)
		if row["operator"] != "ops01" || row["ip"] != "198.51.100.7" || !strings.HasPrefix(row["target"].(string), "deposit:") || row["detail"].(map[string]any)["n"] == nil {
			t.Fatalf("row: %+v", row)
		}
		all := s.do("GET", "/ops/v1/audit?pageSize=100", admin, nil, nil)
		if num(all.value["total"]) != 41 { // + the login
			t.Fatalf("total %v", all.value["total"])
		}
		for _, q := range []string{"page=0", "pageSize=101", "action=a%20b", "operatorId=x"} {
			if r := s.do("GET", "/ops/v1/audit?"+q, admin, nil, nil); r.status != 400 {
				t.Errorf("%s: %d", q, r.status)
			}
		}
	})
}
