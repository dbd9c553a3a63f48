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

// TestAuthorization walks every route of this package as every role, no
// token and a player's token: a role without the route's permission gets
// 403 operator.forbidden, no operator token 401, and a role with it the
// route's own answer.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		demo := s.memberID("demo01")
		n := 0
		// Each request and the status an allowed caller gets.
		requests := map[string]struct {
			do   func(token string) reply
			want int
		}{
			"POST /ops/v1/login": {func(string) reply {
				return s.do("POST", "/ops/v1/login", "", map[string]string{"username": "cashier01", "password": account.DemoPassword}, nil)
			}, 200},
			"POST /ops/v1/login/enrol": {func(string) reply {
				return s.do("POST", "/ops/v1/login/enrol", "", map[string]string{"token": strings.Repeat("x", 43), "otp": "123456"}, nil)
			}, 401},
			"POST /ops/v1/logout":             {func(tok string) reply { return s.do("POST", "/ops/v1/logout", tok, nil, nil) }, 200},
			"GET /ops/v1/me":                  {func(tok string) reply { return s.do("GET", "/ops/v1/me", tok, nil, nil) }, 200},
			"GET /ops/v1/me/sessions":         {func(tok string) reply { return s.do("GET", "/ops/v1/me/sessions", tok, nil, nil) }, 200},
			"DELETE /ops/v1/me/sessions/{id}": {func(tok string) reply { return s.do("DELETE", "/ops/v1/me/sessions/0000000000000000", tok, nil, nil) }, 404},
			"GET /ops/v1/audit":               {func(tok string) reply { return s.do("GET", "/ops/v1/audit?page=1&pageSize=5", tok, nil, nil) }, 200},
			"POST /ops/v1/adjustments": {func(tok string) reply {
				n++
				return s.do("POST", "/ops/v1/adjustments", tok, AdjustRequest{MemberID: demo, Direction: "CREDIT", Amount: "1", Reason: "matrix"},
					map[string]string{"Idempotency-Key": fmt.Sprintf("matrix-%d", n)})
			}, 200},
			"GET /ops/v1/adjustments": {func(tok string) reply {
				return s.do("GET", "/ops/v1/adjustments?status=PENDING_APPROVAL", tok, nil, nil)
			}, 200},
			"POST /ops/v1/adjustments/{id}/approve": {func(tok string) reply {
				return s.do("POST", "/ops/v1/adjustments/999999/approve", tok, nil, nil)
			}, 404},
			"POST /ops/v1/adjustments/{id}/reject": {func(tok string) reply {
				return s.do("POST", "/ops/v1/adjustments/999999/reject", tok, map[string]string{"reason": "matrix"}, nil)
			}, 404},
			"GET /ops/v1/operators":  {func(tok string) reply { return s.do("GET", "/ops/v1/operators?q=01", tok, nil, nil) }, 200},
			"POST /ops/v1/operators": {func(tok string) reply { return s.do("POST", "/ops/v1/operators", tok, map[string]string{}, nil) }, 400},
			"PATCH /ops/v1/operators/{id}": {func(tok string) reply {
				return s.do("PATCH", "/ops/v1/operators/999999", tok, map[string]string{}, nil)
			}, 404},
			"POST /ops/v1/operators/{id}/reset-totp": {func(tok string) reply {
				return s.do("POST", "/ops/v1/operators/999999/reset-totp", tok, nil, nil)
			}, 404},
			"POST /ops/v1/operators/{id}/sessions/revoke": {func(tok string) reply {
				return s.do("POST", "/ops/v1/operators/999999/sessions/revoke", tok, nil, nil)
			}, 404},
		}
		if len(requests) != len(routeRoles) {
			t.Fatalf("the matrix covers %d routes, routeRoles has %d", len(requests), len(routeRoles))
		}
		tokens := map[Role]string{}
		for route, req := range requests {
			perm, ok := routeRoles[route]
			if !ok {
				t.Fatalf("%s is not in routeRoles", route)
			}
			for _, role := range Roles {
				tok := tokens[role]
				if tok == "" || route == "POST /ops/v1/logout" {
					tok = s.login(roleUsers[role])
					tokens[role] = tok
				}
				r := req.do(tok)
				want := req.want
				if perm != PermPublic && perm != PermAnyOperator && !role.Can(perm) {
					want = 403
				}
				if route == "POST /ops/v1/logout" {
					delete(tokens, role)
				}
				if r.status != want || (want == 403 && r.env.Code != "operator.forbidden") {
					t.Errorf("%s as %s: %d %s, want %d", route, role, r.status, r.env.Code, want)
				}
			}
			for caller, tok := range map[string]string{"none": "", "member": s.memberToken(), "garbage": "x"} {
				r := req.do(tok)
				want := 401
				if perm == PermPublic {
					want = req.want
				}
				if r.status != want {
					t.Errorf("%s as %s: %d %s, want %d", route, caller, r.status, r.env.Code, want)
				}
			}
		}
		if r := s.do("GET", "/ops/v1/nothing", "", nil, nil); r.status != 404 || r.env.Code != "request.not_found" {
			t.Fatalf("unknown /ops path: %d %s", r.status, r.env.Code)
		}
	})
}

// TestRolePermissions pins the role -> permission table (the console
// contract's).
func TestRolePermissions(t *testing.T) {
	want := map[Role][]Permission{
		RoleAdmin: Permissions,
		RoleFinance: {PermCashierRead, PermCashierDecide, PermAdjust, PermAdjustApprove, PermAuditRead, PermRGRead, PermPlayersRead,
			PermBrandRead, PermGamesRead, PermReportsRead, PermAgentsRead, PermCommissionRead, PermCommissionWrite, PermCommissionApprove,
			PermRewardsRead, PermRewardsWrite},
		RoleCashier: {PermCashierRead, PermCashierDecide, PermRGRead, PermRGWrite, PermPlayersRead, PermRewardsRead},
		RoleContent: {PermBrandRead, PermContentWrite},
		RoleSupport: {PermCashierRead, PermRGRead, PermRGWrite, PermPlayersRead, PermPlayersWrite, PermFeedbackRead, PermFeedbackReply,
			PermAgentsRead, PermAgentsWrite, PermRewardsRead},
		RoleViewer: {PermCashierRead, PermAuditRead, PermRGRead, PermPlayersRead, PermBrandRead, PermGamesRead, PermReportsRead, PermFeedbackRead,
			PermAgentsRead, PermCommissionRead, PermRewardsRead},
	}
	if len(Roles) != 6 || len(Permissions) != 25 { // the contract's 15, games.read, feedback.read, feedback.reply, agents.read and .write, commission.read, .write and .approve, rewards.read and .write
		t.Fatalf("%d roles, %d permissions", len(Roles), len(Permissions))
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
		list, _ := r.value["items"].([]any)
		if r.status != 200 || num(r.value["total"]) != 40 || len(list) != 15 || num(r.value["page"]) != 2 {
			t.Fatalf("audit page: %d total=%v len=%d", r.status, r.value["total"], len(list))
		}
		row := list[0].(map[string]any)
		if row["operatorUsername"] != "ops01" || row["ip"] != "198.51.100.7" || row["targetType"] != "deposit" || row["after"].(map[string]any)["n"] == nil ||
			row["before"] != nil || row["at"] == nil {
			t.Fatalf("row: %+v", row)
		}
		all := s.do("GET", "/ops/v1/audit?pageSize=100", admin, nil, nil)
		if num(all.value["total"]) != 41 { // + the login
			t.Fatalf("total %v", all.value["total"])
		}
		one := s.do("GET", "/ops/v1/audit?targetType=deposit&targetId=7", admin, nil, nil)
		if items, _ := one.value["items"].([]any); len(items) != 1 || items[0].(map[string]any)["targetId"] != "7" {
			t.Fatalf("by target: %+v", one.value)
		}
		now := s.clk.Now().UnixMilli()
		if r := s.do("GET", fmt.Sprintf("/ops/v1/audit?from=%d&to=%d", now+1, now+1000), admin, nil, nil); num(r.value["total"]) != 0 {
			t.Fatalf("from the future: %+v", r.value)
		}
		if r := s.do("GET", fmt.Sprintf("/ops/v1/audit?from=%d&to=%d&action=deposit.approve", now-1, now), admin, nil, nil); num(r.value["total"]) != 40 {
			t.Fatalf("now: %+v", r.value["total"])
		}
		for _, q := range []string{"page=0", "pageSize=101", "action=a%20b", "operatorId=x", "from=-1", "to=x"} {
			if r := s.do("GET", "/ops/v1/audit?"+q, admin, nil, nil); r.status != 400 {
				t.Errorf("%s: %d", q, r.status)
			}
		}
	})
}

// TestAuditDetailStates: a detail with before and after (other domains'
// Audit calls) lists them as the row's states, with the rest of the detail
// as their context and its reason as the row's reason.
func TestAuditDetailStates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		admin := s.login("ops01")
		c := Caller{ID: 1, Username: "ops01", Role: RoleAdmin}
		ctx := context.Background()
		if err := s.svc.Audit(ctx, c, "rg.limit", "member:5", map[string]any{"type": "DEPOSIT", "before": 5000, "after": nil, "reason": "asked"}); err != nil {
			t.Fatal(err)
		}
		if err := s.svc.Audit(ctx, c, "deposit.approve", "deposit:9", map[string]any{"amount": 100, "before": map[string]any{"status": "PENDING_REVIEW"},
			"after": map[string]any{"status": "CREDITED"}}); err != nil {
			t.Fatal(err)
		}
		r := s.do("GET", "/ops/v1/audit?targetType=member&targetId=5", admin, nil, nil)
		row := r.value["items"].([]any)[0].(map[string]any)
		if fmt.Sprint(row["before"]) != "map[type:DEPOSIT value:5000]" || fmt.Sprint(row["after"]) != "map[type:DEPOSIT value:<nil>]" || row["reason"] != "asked" {
			t.Fatalf("rg row: %+v", row)
		}
		r = s.do("GET", "/ops/v1/audit?targetType=deposit", admin, nil, nil)
		row = r.value["items"].([]any)[0].(map[string]any)
		if fmt.Sprint(row["before"]) != "map[amount:100 status:PENDING_REVIEW]" || fmt.Sprint(row["after"]) != "map[amount:100 status:CREDITED]" || row["reason"] != "" {
			t.Fatalf("deposit row: %+v", row)
		}
	})
}
