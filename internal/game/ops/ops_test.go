package gameops_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/game"
	gameops "github.com/palaro/palaro/internal/game/ops"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var testNow = time.Date(2026, 11, 20, 12, 0, 0, 0, time.UTC)

func demoService(t testing.TB, d *db.DB) (*game.Service, *clock.Fixed) {
	t.Helper()
	if seeded, err := game.SeedDemo(context.Background(), game.NewStore(d), testNow); err != nil || !seeded {
		t.Fatalf("seed: %v, %v", seeded, err)
	}
	clk := clock.NewFixed(testNow)
	return game.NewService(game.NewStore(d), clk, nil, time.Second), clk
}

type opsAuth struct{}

func (opsAuth) Authenticate(_ context.Context, token string) (operator.Caller, error) {
	r := operator.Role(token)
	if !r.Valid() {
		return operator.Caller{}, apperr.Unauthorized("operator.session_expired")
	}
	return operator.Caller{ID: 3, Role: r}, nil
}

type opsAudit struct {
	mu      sync.Mutex
	actions []string
	details []map[string]any
}

func (a *opsAudit) Audit(_ context.Context, _ operator.Caller, action, _ string, detail map[string]any) error {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.actions = append(a.actions, action)
	a.details = append(a.details, detail)
	return nil
}

func opsCall(mux *http.ServeMux, method, path, role string, body any) (int, map[string]any) {
	raw, _ := json.Marshal(body)
	req := httptest.NewRequest(method, path, strings.NewReader(string(raw)))
	if role != "" {
		req.Header.Set("Authorization", "Bearer "+role)
	}
	rec := httptest.NewRecorder()
	mux.ServeHTTP(rec, req)
	var env struct {
		Code  string         `json:"code"`
		Value map[string]any `json:"value"`
	}
	_ = json.Unmarshal(rec.Body.Bytes(), &env)
	if env.Value == nil {
		env.Value = map[string]any{}
	}
	env.Value["_code"] = env.Code
	return rec.Code, env.Value
}

func TestGamesOps(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		svc, clk := demoService(t, d)
		audit := &opsAudit{}
		mux := http.NewServeMux()
		gameops.NewHandler(svc, opsAuth{}, audit).Routes(mux)
		c, _ := svc.Catalog(ctx)
		all, err := svc.OpsVendors(ctx)
		if err != nil || len(all) == 0 {
			t.Fatalf("vendors %v", err)
		}
		v := all[0]
		gamesOf := func(c *game.Catalog) int {
			return len(c.ListGames(game.ListFilter{GameType: v.GameType, Vendors: []string{v.Code}, PageNo: 1, PageSize: 500}).Games)
		}
		before := gamesOf(c)
		if before == 0 {
			t.Fatalf("vendor %s has no games", v.Code)
		}

		// Switched off: gone from the storefront's catalogue, still listed for the operator.
		path := "/ops/v1/games/vendors/" + v.Code + "/" + v.GameType
		if code, r := opsCall(mux, "PATCH", path, "VIEWER", map[string]any{"disabled": true, "reason": "contract ended"}); code != 403 {
			t.Fatalf("viewer may not switch: %d %v", code, r)
		}
		if code, r := opsCall(mux, "PATCH", path, "ADMIN", map[string]any{"disabled": true, "reason": "contract ended"}); code != 200 || r["disabled"] != true {
			t.Fatalf("disable: %d %v", code, r)
		}
		c, _ = svc.Catalog(ctx)
		if _, ok := c.VendorOf(v.Code, v.GameType); ok || gamesOf(c) != 0 {
			t.Fatalf("a switched-off vendor is still in the catalogue (%d games)", gamesOf(c))
		}
		code, r := opsCall(mux, "GET", "/ops/v1/games/vendors", "VIEWER", nil)
		found := false
		for _, it := range r["items"].([]any) {
			m := it.(map[string]any)
			if m["code"] == v.Code && m["gameType"] == v.GameType {
				found = m["disabled"] == true && m["games"].(float64) == float64(before)
			}
		}
		if code != 200 || !found {
			t.Fatalf("ops list: %d %v", code, r)
		}
		opsCall(mux, "PATCH", path, "ADMIN", map[string]any{"disabled": false, "reason": "back on"})

		// A game: hot, sub-category, then a scheduled maintenance window.
		page, err := svc.OpsGames(ctx, game.OpsGameFilter{Vendor: v.Code, GameType: v.GameType, Page: 1, PageSize: 10})
		if err != nil || page.Total != before {
			t.Fatalf("ops games %+v %v", page, err)
		}
		g := page.Items[0]
		gpath := "/ops/v1/games/" + strconv.FormatInt(g.NodeID, 10)
		from, to := clk.Now().Add(time.Minute).UnixMilli(), clk.Now().Add(time.Hour).UnixMilli()
		if code, r := opsCall(mux, "PATCH", gpath, "ADMIN", map[string]any{"isHot": true, "subCategory": "JP",
			"maintenanceWindow": map[string]any{"from": from, "to": to}, "reason": "server move"}); code != 200 || r["isHot"] != true || r["inMaintenance"] != false {
			t.Fatalf("patch game: %d %v", code, r)
		}
		c, _ = svc.Catalog(ctx)
		if gv, _ := c.Game(g.NodeID); gv.Maintenance || gv.IsHot != 1 || gv.SubCategory != "JP" {
			t.Fatalf("before the window: %+v", gv)
		}
		clk.Advance(2 * time.Minute)
		c, _ = svc.Catalog(ctx)
		if gv, _ := c.Game(g.NodeID); !gv.Maintenance {
			t.Fatal("in the window the game is in maintenance")
		}
		clk.Advance(time.Hour)
		c, _ = svc.Catalog(ctx)
		if gv, _ := c.Game(g.NodeID); gv.Maintenance {
			t.Fatal("after the window the game is back")
		}

		// Order: the last game first.
		last := page.Items[len(page.Items)-1]
		if code, r := opsCall(mux, "POST", "/ops/v1/games/order", "ADMIN", map[string]any{"gameType": v.GameType, "nodeIds": []int64{last.NodeID}, "reason": "promote"}); code != 200 {
			t.Fatalf("order: %d %v", code, r)
		}
		c, _ = svc.Catalog(ctx)
		if first := c.ListGames(game.ListFilter{GameType: v.GameType, PageNo: 1, PageSize: 1}).Games; len(first) != 1 || first[0].NodeID != last.NodeID {
			t.Fatalf("first after ordering: %+v", first)
		}

		// Bad input changes nothing.
		for name, call := range map[string][3]any{
			"no reason":       {"PATCH", gpath, map[string]any{"isHot": false}},
			"past window":     {"PATCH", gpath, map[string]any{"maintenanceWindow": map[string]any{"from": 1, "to": 2}, "reason": "oops"}},
			"inverted window": {"PATCH", gpath, map[string]any{"maintenanceWindow": map[string]any{"from": to * 2, "to": to}, "reason": "oops"}},
			"bad sub":         {"PATCH", gpath, map[string]any{"subCategory": "XX", "reason": "oops"}},
			"bad sort":        {"PATCH", gpath, map[string]any{"sort": -1, "reason": "oops"}},
			"unknown field":   {"PATCH", gpath, map[string]any{"price": 1, "reason": "oops"}},
			"order twice":     {"POST", "/ops/v1/games/order", map[string]any{"gameType": v.GameType, "nodeIds": []int64{last.NodeID, last.NodeID}, "reason": "oops"}},
			"order other cat": {"POST", "/ops/v1/games/order", map[string]any{"gameType": "COCKFIGHT", "nodeIds": []int64{last.NodeID}, "reason": "oops"}},
			"order bad cat":   {"POST", "/ops/v1/games/order", map[string]any{"gameType": "NOPE", "nodeIds": []int64{last.NodeID}, "reason": "oops"}},
		} {
			if code, r := opsCall(mux, call[0].(string), call[1].(string), "ADMIN", call[2]); code != 400 {
				t.Errorf("%s: %d %v", name, code, r)
			}
		}
		if code, _ := opsCall(mux, "PATCH", "/ops/v1/games/999999", "ADMIN", map[string]any{"isHot": true, "reason": "nope"}); code != 404 {
			t.Errorf("unknown game: %d", code)
		}
		if code, _ := opsCall(mux, "PATCH", "/ops/v1/games/vendors/NOPE/RNG", "ADMIN", map[string]any{"isNew": true, "reason": "nope"}); code != 404 {
			t.Errorf("unknown vendor: %d", code)
		}
		if got := strings.Join(audit.actions, ","); got != "game.vendor,game.vendor,game.game,game.order" {
			t.Fatalf("audit %s", got)
		}
		if b, a := audit.details[2]["before"].(map[string]any), audit.details[2]["after"].(map[string]any); b["subCategory"] == "JP" || a["subCategory"] != "JP" {
			t.Fatalf("audit before %v after %v", b, a)
		}
	})
}

func TestGamesOpsAuthorization(t *testing.T) {
	svc, _ := demoService(t, dbtest.Open(t, db.SQLite))
	mux := http.NewServeMux()
	gameops.NewHandler(svc, opsAuth{}, &opsAudit{}).Routes(mux)
	gameops.NewInhouseHandler(nil, opsAuth{}, &opsAudit{}).Routes(mux)
	for pattern, perm := range gameops.RoutePerms {
		method, path, _ := strings.Cut(pattern, " ")
		path = strings.NewReplacer("{code}", "X", "{gameType}", "RNG", "{id}", "1", "{game}", "slot").Replace(path)
		if code, _ := opsCall(mux, method, path, "", map[string]any{}); code != 401 {
			t.Errorf("%s without a token: %d", pattern, code)
		}
		for _, role := range operator.Roles {
			code, _ := opsCall(mux, method, path, string(role), map[string]any{})
			if role.Can(perm) == (code == 403) {
				t.Errorf("%s as %s: %d (may: %v)", pattern, role, code, role.Can(perm))
			}
		}
	}
}
