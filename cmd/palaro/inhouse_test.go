package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestInhouseGames: in demo mode the BGS in-house games launch to their
// /originals/<slug> page in an iframe (BGS's other games stay with the
// sandbox vendor), and a spin through /wps/inhouse/slot/spin moves the
// demo member's balance through the seamless wallet.
func TestInhouseGames(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		cfg := account.DefaultConfig
		cfg.BotCheck = false
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		res, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "127.0.0.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		call := func(method, path string, body any) (int, map[string]any, string) {
			t.Helper()
			var rd io.Reader
			if body != nil {
				b, _ := json.Marshal(body)
				rd = bytes.NewReader(b)
			}
			req, _ := http.NewRequest(method, "http://"+m.Addr()+path, rd)
			req.Header.Set("Authorization", "Bearer "+res.Token)
			req.Header.Set("Idempotency-Key", "test-spin-1")
			r, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			b, _ := io.ReadAll(r.Body)
			var env struct {
				Value map[string]any `json:"value"`
			}
			_ = json.Unmarshal(b, &env)
			return r.StatusCode, env.Value, string(b)
		}
		cat, err := game.NewService(game.NewStore(m.DB), clock.System{}, nil, 0).Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]string{"Palaro Parol Spins": "slot", "Jeepney Crash": "crash", "Mines of Mindanao": "mines", "Plinko Parol": "plinko", "Dice Duel Davao": "dice"}
		found := 0
		for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{"BGS"}, PageNo: 1, PageSize: 200}).Games {
			code, v, body := call("GET", "/wps/game/launchGame?gameCode="+g.GameCode+"&language=EN", nil)
			u, _ := v["url"].(string)
			if slug, ok := want[g.GameName]; ok {
				found++
				if code != 200 || u != "/originals/"+slug || v["mode"] != "IFRAME" {
					t.Fatalf("launch %s: %d %s", g.GameName, code, body)
				}
			} else if code != 200 || !strings.HasPrefix(u, "/sandbox/games/play?") {
				t.Fatalf("launch %s (sandbox): %d %s", g.GameName, code, body)
			}
		}
		if found != len(want) {
			t.Fatalf("found %d in-house games", found)
		}
		code, v, body := call("POST", "/wps/inhouse/slot/spin", map[string]any{"amount": 100})
		round, _ := v["round"].(map[string]any)
		if code != 200 || round["game"] != "slot" {
			t.Fatalf("spin: %d %s", code, body)
		}
		code, v, body = call("GET", "/wps/inhouse/config", nil)
		if code != 200 || v["currency"] != "PHP" {
			t.Fatalf("config: %d %.300s", code, body)
		}
	})
}
