package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/launch"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoFreePlay: the demo brand is seeded with free-play games; a trial
// user launches one and plays it on the sandbox page with FUN money (the
// balance moves by win - bet), while any other game answers
// auth.real_account_required.
func TestDemoFreePlay(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		cfg := account.DefaultConfig
		cfg.BotCheck = false
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		res, err := accounts.Freeplay(ctx, account.Client{IP: "127.0.0.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		launchGame := func(query string) (int, string, string) {
			t.Helper()
			req, _ := http.NewRequest("GET", "http://"+m.Addr()+"/wps/game/launchGame?"+query, nil)
			req.Header.Set("Authorization", "Bearer "+res.Token)
			r, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			b, _ := io.ReadAll(r.Body)
			var env struct {
				Code  string `json:"code"`
				Value struct {
					URL string `json:"url"`
				} `json:"value"`
			}
			_ = json.Unmarshal(b, &env)
			return r.StatusCode, env.Code, env.Value.URL
		}
		free := launch.DemoFreePlay[0]
		if rule, err := launch.NewStore(m.DB).Rule(ctx, free.Vendor, free.GameCode); err != nil || !rule.FreePlay {
			t.Fatalf("demo seed: %+v %v", rule, err)
		}
		code, ecode, u := launchGame("vendor=" + free.Vendor + "&gameCode=" + free.GameCode + "&gameType=RNG&language=EN")
		if code != 200 || !strings.HasPrefix(u, "/sandbox/games/play?t=") {
			t.Fatalf("free-play launch: %d %s", code, ecode)
		}
		_, page := get(t, m, u)
		tok := regexp.MustCompile(`data-token="([^"]+)"`).FindStringSubmatch(page)
		if tok == nil || !strings.Contains(page, "2,000.00") {
			t.Fatalf("page: %s", page)
		}
		b, _ := json.Marshal(map[string]any{"token": tok[1], "bet": 1000})
		r, err := http.Post("http://"+m.Addr()+"/sandbox/games/api/play", "application/json", bytes.NewReader(b))
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
		if r.StatusCode != 200 || play.Balance != 200_000-1000+play.Win {
			t.Fatalf("play: %d %+v", r.StatusCode, play)
		}
		if code, ecode, _ := launchGame("vendor=PG&gameCode=PG_LUCKY_LANTERNS&gameType=RNG&language=EN"); code != 403 || ecode != "auth.real_account_required" {
			t.Fatalf("not free play: %d %s", code, ecode)
		}
	})
}
