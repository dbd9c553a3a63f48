package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoLaunch: in demo mode every vendor launches into the sandbox game
// vendor's page (seamless vendors with a game session, transfer vendors
// without), and `palaro catalog maintenance` run beside the server puts a
// game into maintenance for the running server.
func TestDemoLaunch(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		cfg := account.DefaultConfig
		cfg.BotCheck = false // a session made beside the server, not through its login form
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		res, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "127.0.0.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		call := func(path, token string) (int, string, map[string]any, string) {
			t.Helper()
			req, _ := http.NewRequest("GET", "http://"+m.Addr()+path, nil)
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			r, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			b, _ := io.ReadAll(r.Body)
			var env struct {
				Code  string         `json:"code"`
				Value map[string]any `json:"value"`
			}
			_ = json.Unmarshal(b, &env)
			return r.StatusCode, env.Code, env.Value, string(b)
		}
		cat, err := game.NewService(game.NewStore(m.DB), clock.System{}, nil, 0).Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		first := func(vendor, gameType string) game.GameView {
			return cat.ListGames(game.ListFilter{GameType: gameType, Vendors: []string{vendor}, PageNo: 1, PageSize: 1}).Games[0]
		}
		pg, jdb := first("PG", "RNG"), first("JDB", "RNG")

		if code, c, _, body := call("/wps/game/launchGame?gameCode="+pg.GameCode, ""); code != 401 || c != "auth.token_required" {
			t.Fatalf("visitor: %d %s", code, body)
		}
		for _, g := range []game.GameView{pg, jdb} {
			code, _, v, body := call("/wps/game/launchGame?gameCode="+g.GameCode+"&language=EN&device=WEB", res.Token)
			u, _ := v["url"].(string)
			if code != 200 || v["mode"] != "IFRAME" || !strings.HasPrefix(u, "/sandbox/games/play?") {
				t.Fatalf("launch %s: %d %s", g.GameCode, code, body)
			}
			if code, _, _, page := call(u, ""); code != 200 || !strings.Contains(page, g.GameName) {
				t.Fatalf("sandbox page of %s: %d %.300s", g.GameCode, code, page)
			}
		}

		if code, out := runPalaro(t, m.Config.DatabaseURL, "catalog", "maintenance", "--game", pg.GameCode, "--on"); code != 0 {
			t.Fatalf("catalog maintenance: exit %d %s", code, out)
		}
		deadline := time.Now().Add(game.DefaultRefreshInterval + 3*time.Second)
		for {
			code, c, _, body := call("/wps/game/launchGame?gameCode="+pg.GameCode, res.Token)
			if code == 409 && c == "launch.maintenance" {
				break
			}
			if code != 200 || time.Now().After(deadline) {
				t.Fatalf("after maintenance on: %d %s", code, body)
			}
			time.Sleep(200 * time.Millisecond)
		}
		code, _, v, body := call("/wps/game/recommended?gameType=RNG&exclude="+strconv.FormatInt(pg.NodeID, 10), "")
		if list, _ := v["list"].([]any); code != 200 || len(list) != 6 {
			t.Fatalf("recommended: %d %s", code, body)
		}
	})
}
