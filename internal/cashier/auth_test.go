package cashier

import (
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestAuthorization walks every player route as every account role and
// every operator route as every operator role (and with the wrong kind of
// token), checking the statuses against routeRoles and OpsRoutePerms.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tokens := map[account.Role]string{
			account.RoleVisitor: "",
			account.RoleMember:  s.login("demo01"),
			account.RoleAgent:   s.login("agent01"),
			account.RoleTrial:   s.trial(),
		}
		own := map[account.Role]string{ // each real role's own bank deposit
			account.RoleMember: id(s.bankDeposit(tokens[account.RoleMember], "auth-m", "100", "REF-AUTH-M")),
			account.RoleAgent:  id(s.bankDeposit(tokens[account.RoleAgent], "auth-a", "100", "REF-AUTH-A")),
		}
		ownID := func(r account.Role) string {
			if v, ok := own[r]; ok {
				return v
			}
			return own[account.RoleMember] // visitors and trial users are refused before the id matters
		}
		type call struct {
			route  string
			method string
			path   func(account.Role) string
			body   func(account.Role) any
			hdr    map[string]string
			ok     int // status for an allowed caller
		}
		calls := []call{
			{"GET /wps/cashier/deposit/methods", "GET", func(account.Role) string { return "/wps/cashier/deposit/methods" }, nil, nil, 200},
			{"POST /wps/cashier/deposits", "POST", func(account.Role) string { return "/wps/cashier/deposits" },
				func(r account.Role) any { return map[string]string{"method": "GCASH", "amount": "100"} }, key("auth-online"), 200},
			{"GET /wps/cashier/deposits", "GET", func(account.Role) string { return "/wps/cashier/deposits" }, nil, nil, 200},
			{"GET /wps/cashier/deposits/{id}", "GET", func(r account.Role) string { return "/wps/cashier/deposits/" + ownID(r) }, nil, nil, 200},
			{"GET /wps/cashier/deposits/{id}/receipt", "GET", func(r account.Role) string { return "/wps/cashier/deposits/" + ownID(r) + "/receipt" }, nil, nil, 200},
			{"POST /wps/cashier/callback/{provider}", "POST", func(account.Role) string { return "/wps/cashier/callback/sandbox" },
				func(account.Role) any { return "{}" }, nil, 401}, // public: the signature decides
		}
		if len(calls) != len(routeRoles) {
			t.Fatalf("matrix covers %d routes, the handler has %d", len(calls), len(routeRoles))
		}
		for _, c := range calls {
			roles, routed := routeRoles[c.route]
			if !routed {
				t.Fatalf("%s not in routeRoles", c.route)
			}
			for _, role := range []account.Role{account.RoleVisitor, account.RoleMember, account.RoleTrial, account.RoleAgent} {
				var body any
				if c.body != nil {
					body = c.body(role)
				}
				r := s.do(c.method, c.path(role), tokens[role], body, c.hdr)
				want := c.ok
				if roles != nil {
					switch err := account.Allowed(callerOf(role), roles...); {
					case err == nil:
					case role == account.RoleVisitor:
						want = 401
					default:
						want = 403
					}
				}
				if r.status != want {
					t.Errorf("%s as %s: got %d %s, want %d", c.route, role, r.status, r.env.Code, want)
				}
			}
		}
		// Another member's deposit is not found, not forbidden.
		if r := s.do("GET", "/wps/cashier/deposits/"+own[account.RoleAgent], tokens[account.RoleMember], nil, nil); r.status != 404 {
			t.Errorf("other member's deposit: %d", r.status)
		}

		// Operator routes.
		opTokens := map[operator.Role]string{}
		for _, d := range operator.DemoOperators {
			opTokens[d.Role] = s.opLogin(d.Username)
		}
		pending := func() string { // a fresh deposit waiting for review
			s.t.Helper()
			return id(s.bankDeposit(tokens[account.RoleMember], "pend-"+randHex(), "100", "REF-PENDING"))
		}
		dep := own[account.RoleMember]
		opsCalls := []struct {
			route, method string
			path          func() string
			body          any
		}{
			{"GET /ops/v1/cashier/deposits", "GET", func() string { return "/ops/v1/cashier/deposits" }, nil},
			{"GET /ops/v1/cashier/deposits/report", "GET", func() string { return "/ops/v1/cashier/deposits/report" }, nil},
			{"GET /ops/v1/cashier/deposits/{id}", "GET", func() string { return "/ops/v1/cashier/deposits/" + dep }, nil},
			{"GET /ops/v1/cashier/deposits/{id}/receipt", "GET", func() string { return "/ops/v1/cashier/deposits/" + dep + "/receipt" }, nil},
			{"POST /ops/v1/cashier/deposits/{id}/approve", "POST", func() string { return "/ops/v1/cashier/deposits/" + pending() + "/approve" }, nil},
			{"POST /ops/v1/cashier/deposits/{id}/reject", "POST", func() string { return "/ops/v1/cashier/deposits/" + pending() + "/reject" },
				map[string]string{"reason": "Not received"}},
		}
		if len(opsCalls) != len(OpsRoutePerms) {
			t.Fatalf("ops matrix covers %d routes, the handler has %d", len(opsCalls), len(OpsRoutePerms))
		}
		for _, c := range opsCalls {
			perm, routed := OpsRoutePerms[c.route]
			if !routed {
				t.Fatalf("%s not in OpsRoutePerms", c.route)
			}
			for _, role := range operator.Roles {
				r := s.do(c.method, c.path(), opTokens[role], c.body, nil)
				want := 403
				if role.Can(perm) {
					want = 200
				}
				if r.status != want {
					t.Errorf("%s as %s: got %d %s, want %d", c.route, role, r.status, r.env.Code, want)
				}
			}
			for name, tok := range map[string]string{"none": "", "member": tokens[account.RoleMember], "garbage": "x"} {
				if r := s.do(c.method, c.path(), tok, c.body, nil); r.status != 401 {
					t.Errorf("%s with %s token: %d", c.route, name, r.status)
				}
			}
		}
		// A member token is not an operator token, and the reverse.
		if r := s.do("GET", "/wps/cashier/deposits", opTokens[operator.RoleAdmin], nil, nil); r.status != 401 {
			t.Errorf("operator token on player route: %d", r.status)
		}
	})
}

// callerOf is a caller with the role, for checking routeRoles against the statuses.
func callerOf(r account.Role) account.Caller {
	switch r {
	case account.RoleVisitor:
		return account.Caller{}
	case account.RoleTrial:
		return account.Caller{MemberID: 1, Type: account.TypeTrial}
	case account.RoleAgent:
		return account.Caller{MemberID: 1, Type: account.TypeAgent}
	}
	return account.Caller{MemberID: 1, Type: account.TypeMember}
}
