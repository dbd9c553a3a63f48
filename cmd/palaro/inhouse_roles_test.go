package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestInhouseRoles: every in-house game, Crash included, lets the same
// roles play through the wired server: the demo agent bets on Dice,
// Plinko, Mines, the slot and Crash; a trial account is refused on each
// with the same code; a visitor is asked to log in.
func TestInhouseRoles(t *testing.T) {
	t.Setenv("PALARO_CRASH_BETTING", "1500ms")
	t.Setenv("PALARO_CRASH_COOLDOWN", "200ms")
	t.Setenv("PALARO_CRASH_CHAIN_LENGTH", "1000")
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		plantShortChain(t, ctx, url)
		m := startMainAt(t, url, true)
		cfg := account.DefaultConfig
		cfg.BotCheck = false
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		agent, err := accounts.Login(ctx, account.LoginRequest{Username: "agent01", Password: account.DemoPassword}, account.Client{IP: "127.0.0.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		trial, err := accounts.Freeplay(ctx, account.Client{IP: "127.0.0.2", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		call := func(token, path string, body any, into any) (int, string) {
			t.Helper()
			var rd io.Reader
			method := "GET"
			if body != nil {
				b, _ := json.Marshal(body)
				rd, method = bytes.NewReader(b), "POST"
			}
			req, _ := http.NewRequest(method, "http://"+m.Addr()+path, rd)
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			n++
			req.Header.Set("Idempotency-Key", "roles-"+strconv.Itoa(n))
			r, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			b, _ := io.ReadAll(r.Body)
			var env struct {
				Code  string          `json:"code"`
				Value json.RawMessage `json:"value"`
			}
			_ = json.Unmarshal(b, &env)
			if into != nil {
				_ = json.Unmarshal(env.Value, into)
			}
			return r.StatusCode, env.Code
		}
		bets := []struct {
			name, path string
			body       map[string]any
		}{
			{"Dice", "/wps/inhouse/dice/bet", map[string]any{"amount": 100, "target": 5000}},
			{"Plinko", "/wps/inhouse/plinko/bet", map[string]any{"amount": 100, "rows": 8, "risk": "low"}},
			{"Mines", "/wps/inhouse/mines/start", map[string]any{"amount": 100, "size": 5, "mines": 3}},
			{"Slot", "/wps/inhouse/slot/spin", map[string]any{"amount": 100}},
			{"Crash", "/wps/inhouse/crash/bet", map[string]any{"amount": 100}},
		}
		for _, b := range bets {
			t.Run("Agent"+b.name, func(t *testing.T) {
				if b.name == "Crash" {
					var st struct {
						Round struct {
							Status        string `json:"status"`
							BettingEndsAt int64  `json:"bettingEndsAt"`
							ServerTime    int64  `json:"serverTime"`
						} `json:"round"`
					}
					for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(50 * time.Millisecond) { // a first round may fly up to 38 s (plantShortChain)
						call("", "/wps/inhouse/crash/state", nil, &st)
						if st.Round.Status == "BETTING" && st.Round.BettingEndsAt-st.Round.ServerTime > 500 {
							break
						}
						if time.Now().After(deadline) {
							t.Fatalf("no betting round: %+v", st)
						}
					}
				}
				if code, ecode := call(agent.Token, b.path, b.body, nil); code != 200 {
					t.Fatalf("agent: %d %s", code, ecode)
				}
			})
			t.Run("ErrTrial"+b.name, func(t *testing.T) {
				if code, ecode := call(trial.Token, b.path, b.body, nil); code != 403 || ecode != "inhouse.real_account_required" {
					t.Fatalf("trial: %d %s", code, ecode)
				}
			})
			t.Run("ErrVisitor"+b.name, func(t *testing.T) {
				if code, ecode := call("", b.path, b.body, nil); code != 401 || ecode != "auth.token_required" {
					t.Fatalf("visitor: %d %s", code, ecode)
				}
			})
		}
	})
}
