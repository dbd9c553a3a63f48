package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoSandboxGame drives the wired binary in demo mode: demo01 launches a
// seamless slot, the launch URL opens the sandbox game page, and a spin
// bets and pays through the seamless API at the server's own address,
// moving demo01's main balance by win - bet. Outside demo mode the sandbox
// games are not mounted.
func TestDemoSandboxGame(t *testing.T) {
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
		cat, err := game.NewService(game.NewStore(m.DB), clock.System{}, nil, 0).Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var slot game.GameView
		for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{"PG"}, GameType: "RNG", PageNo: 1, PageSize: 50}).Games {
			if !g.Maintenance {
				slot = g
				break
			}
		}
		req, _ := http.NewRequest("GET", "http://"+m.Addr()+"/wps/game/launchGame?vendor=PG&gameCode="+url.QueryEscape(slot.GameCode)+"&gameType=RNG&language=EN", nil)
		req.Header.Set("Authorization", "Bearer "+res.Token)
		r, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(r.Body)
		r.Body.Close()
		var env struct {
			Value struct {
				URL  string `json:"url"`
				Mode string `json:"mode"`
			} `json:"value"`
		}
		if err := json.Unmarshal(b, &env); err != nil || r.StatusCode != 200 || !strings.HasPrefix(env.Value.URL, "/sandbox/games/play?t=") {
			t.Fatalf("launch: %d %s", r.StatusCode, b)
		}
		if strings.Contains(env.Value.URL, res.Token) {
			t.Fatal("the login token is in the launch URL")
		}
		code, page := get(t, m, env.Value.URL)
		tok := regexp.MustCompile(`data-token="([^"]+)"`).FindStringSubmatch(page)
		if code != 200 || !strings.Contains(page, "SANDBOX GAME") || !strings.Contains(page, "10,000.00") || tok == nil {
			t.Fatalf("page: %d %s", code, page)
		}
		body, _ := json.Marshal(map[string]any{"token": tok[1], "bet": 1000})
		r, err = http.Post("http://"+m.Addr()+"/sandbox/games/api/play", "application/json", bytes.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var play struct {
			Win     int64  `json:"win"`
			Balance int64  `json:"balance"`
			Error   string `json:"error"`
		}
		_ = json.NewDecoder(r.Body).Decode(&play)
		r.Body.Close()
		if r.StatusCode != 200 {
			t.Fatalf("play: %d %+v", r.StatusCode, play)
		}
		mem, _ := account.NewStore(m.DB).MemberByAccount(ctx, "demo01")
		a, err := ledger.NewStore(m.DB, nil).FindAccount(ctx, ledger.PlayerMain(mem.ID, "PHP"))
		if want := int64(1_000_000 - 1000 + play.Win); err != nil || a.Balance != want || play.Balance != want {
			t.Fatalf("main %d (answer %d), want %d: %v", a.Balance, play.Balance, want, err)
		}
	})
	t.Run("NotMountedOutsideDemo", func(t *testing.T) {
		m := startMain(t, db.SQLite, false)
		if code, body := get(t, m, "/sandbox/games/play?t=x"); code == 200 || strings.Contains(body, "SANDBOX GAME") {
			t.Fatalf("sandbox game outside demo: %d", code)
		}
	})
}
