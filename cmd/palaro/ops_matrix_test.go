package main

import (
	"context"
	"encoding/json"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/commission"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/account/feedbackops"
	"github.com/palaro/palaro/internal/affiliate"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/brand"
	brandops "github.com/palaro/palaro/internal/brand/ops"
	"github.com/palaro/palaro/internal/cashier"
	contentops "github.com/palaro/palaro/internal/content/ops"
	gameops "github.com/palaro/palaro/internal/game/ops"
	"github.com/palaro/palaro/internal/missions"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/players"
	"github.com/palaro/palaro/internal/points"
	"github.com/palaro/palaro/internal/promotions"
	"github.com/palaro/palaro/internal/referral"
	"github.com/palaro/palaro/internal/reports"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/rg"
	"github.com/palaro/palaro/internal/vip"
	"github.com/palaro/palaro/internal/withdraw"
)

// opsRoutes is every /ops/ route of the binary with its permission: the
// route tables of every package that serves one.
func opsRoutes() map[string]operator.Permission {
	all := operator.RoutePermissions()
	for _, t := range []map[string]operator.Permission{cashier.OpsRoutePerms, withdraw.OpsRoutePerms, rg.OpsRoutePerms, reports.RoutePerms,
		brandops.RoutePerms, gameops.RoutePerms, feedbackops.RoutePerms, players.RoutePerms(), contentops.RoutePerms, agent.OpsRoutePerms,
		commission.OpsRoutePerms, affiliate.RoutePerms, rewards.OpsRoutePerms, vip.OpsRoutePerms, missions.OpsRoutePerms, referral.OpsRoutePerms, points.OpsRoutePerms, promotions.OpsRoutePerms} {
		for k, v := range t {
			all[k] = v
		}
	}
	return all
}

var opsPattern = regexp.MustCompile(`"((?:GET|POST|PUT|PATCH|DELETE) /ops/[^"]*)"`)

// TestOpsRouteTables: every /ops/ route pattern written in the Go sources
// is in a route table the matrix below walks, with a permission of the
// one table (operator.Permissions), and the reverse.
func TestOpsRouteTables(t *testing.T) {
	t.Parallel()
	table := opsRoutes()
	inSource := map[string]string{}
	for _, root := range []string{"../../internal", "."} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			for _, m := range opsPattern.FindAllStringSubmatch(string(b), -1) {
				inSource[m[1]] = path
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(inSource) < 25 {
		t.Fatalf("found only %d /ops/ routes in the sources", len(inSource))
	}
	for route, path := range inSource {
		if _, ok := table[route]; !ok {
			t.Errorf("%s (%s) is in no route table of opsRoutes", route, path)
		}
	}
	known := map[operator.Permission]bool{operator.PermPublic: true, operator.PermAnyOperator: true}
	for _, p := range operator.Permissions {
		known[p] = true
	}
	for route, p := range table {
		if _, ok := inSource[route]; !ok {
			t.Errorf("%s is in a table but not served", route)
		}
		if !known[p] {
			t.Errorf("%s needs %q, not a permission of the table", route, p)
		}
	}
}

// TestOpsAuthorizationMatrix: every /ops/ route of the running binary, as
// every role (the demo operators), with no token and with a player's token:
// a role without the route's permission gets 403 operator.forbidden, one
// with it the route's own answer (never 401, 403 or 5xx), no operator 401.
func TestOpsAuthorizationMatrix(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		base := "http://" + m.Addr()
		n := 0
		call := func(method, path, token, body string) (int, string) {
			t.Helper()
			n++
			req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Idempotency-Key", "matrix-"+strconv.Itoa(n))
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var env struct {
				Code  string          `json:"code"`
				Value json.RawMessage `json:"value"`
			}
			_ = json.NewDecoder(res.Body).Decode(&env)
			return res.StatusCode, env.Code
		}
		// skew moves the code a step ahead for a second login in one step.
		login := func(user string, role operator.Role, skew time.Duration) string {
			t.Helper()
			body := map[string]string{"username": user, "password": account.DemoPassword}
			if role.TOTPAlways() {
				code, err := operator.TOTPCode(operator.DemoTOTPSecret, time.Now().Add(skew))
				if err != nil {
					t.Fatal(err)
				}
				body["otp"] = code
			}
			raw, _ := json.Marshal(body)
			res, err := http.Post(base+"/ops/v1/login", "application/json", strings.NewReader(string(raw)))
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var env struct {
				Code  string `json:"code"`
				Value struct {
					Token string `json:"token"`
				} `json:"value"`
			}
			_ = json.NewDecoder(res.Body).Decode(&env)
			if res.StatusCode != 200 || env.Value.Token == "" {
				t.Fatalf("login %s: %d %s", user, res.StatusCode, env.Code)
			}
			return env.Value.Token
		}
		tokens := map[operator.Role]string{}
		for _, o := range operator.DemoOperators {
			tokens[o.Role] = login(o.Username, o.Role, 0)
		}
		if len(tokens) != len(operator.Roles) {
			t.Fatalf("demo operators cover %d of %d roles", len(tokens), len(operator.Roles))
		}
		acfg := account.DefaultConfig
		acfg.BotCheck = false // a session made beside the server, not through its login form
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}),
			account.NewMemoryLimiter(clock.System{}), clock.System{}, acfg)
		res, err := accounts.Login(context.Background(), account.LoginRequest{Username: "demo01", Password: account.DemoPassword},
			account.Client{IP: "127.0.0.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		member := res.Token

		routes := opsRoutes()
		names := make([]string, 0, len(routes))
		for r := range routes {
			names = append(names, r)
		}
		sort.Strings(names) // POST /ops/v1/logout is walked with tokens of its own
		checked := 0
		for _, route := range names {
			perm := routes[route]
			method, path, _ := strings.Cut(route, " ")
			path = regexp.MustCompile(`\{[^}]+\}`).ReplaceAllString(path, "999999")
			for _, o := range operator.DemoOperators {
				tok := tokens[o.Role]
				if route == "POST /ops/v1/logout" {
					tok = login(o.Username, o.Role, 30*time.Second)
				}
				status, code := call(method, path, tok, "{}")
				checked++
				allowed := perm == operator.PermPublic || perm == operator.PermAnyOperator || o.Role.Can(perm)
				switch {
				case !allowed && (status != 403 || code != "operator.forbidden"):
					t.Errorf("%s as %s: %d %s, want 403 operator.forbidden", route, o.Role, status, code)
				case allowed && perm != operator.PermPublic && (status == 401 || status == 403 || status >= 500):
					t.Errorf("%s as %s (allowed): %d %s", route, o.Role, status, code)
				case allowed && (status == 403 || status >= 500):
					t.Errorf("%s as %s (public): %d %s", route, o.Role, status, code)
				}
			}
			for name, tok := range map[string]string{"none": "", "member": member} {
				status, code := call(method, path, tok, "{}")
				if perm == operator.PermPublic {
					if status == 403 || status >= 500 {
						t.Errorf("%s as %s (public): %d %s", route, name, status, code)
					}
				} else if status != 401 {
					t.Errorf("%s as %s: %d %s, want 401", route, name, status, code)
				}
			}
		}
		if checked != len(routes)*len(operator.Roles) {
			t.Fatalf("checked %d of %d", checked, len(routes)*len(operator.Roles))
		}
	})
}
