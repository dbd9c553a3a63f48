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
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/crashgame"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestCrash plays real rounds through the wired server: a demo member bets
// with an automatic cash-out at 1.01x; the round's revealed hash proves the
// chain's terminal hash; the bet is an in-house round in recall with the
// win the point decides, the balance moved by exactly that, and the ledger
// verifies.
func TestCrash(t *testing.T) {
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
		res, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "127.0.0.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		call := func(method, path, key string, body any, into any) (int, string) {
			t.Helper()
			var rd io.Reader
			if body != nil {
				b, _ := json.Marshal(body)
				rd = bytes.NewReader(b)
			}
			req, _ := http.NewRequest(method, "http://"+m.Addr()+path, rd)
			req.Header.Set("Authorization", "Bearer "+res.Token)
			if key != "" {
				req.Header.Set("Idempotency-Key", key)
			}
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
		type state struct {
			Round struct {
				ID            int64  `json:"id"`
				Status        string `json:"status"`
				BettingEndsAt int64  `json:"bettingEndsAt"`
				ServerTime    int64  `json:"serverTime"`
			} `json:"round"`
			History []struct {
				ID    int64  `json:"id"`
				Point int64  `json:"point"`
				Hash  string `json:"hash"`
			} `json:"history"`
			Chain struct {
				TerminalHash string `json:"terminalHash"`
				Salt         string `json:"salt"`
			} `json:"chain"`
		}
		var st state
		deadline := time.Now().Add(60 * time.Second)
		for { // a round taking bets for at least 500 ms more
			call("GET", "/wps/inhouse/crash/state", "", nil, &st)
			if st.Round.Status == "BETTING" && st.Round.BettingEndsAt-st.Round.ServerTime > 500 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("no betting round: %+v", st)
			}
			time.Sleep(50 * time.Millisecond)
		}
		var placed struct {
			Bet struct {
				ID      int64 `json:"id"`
				RoundID int64 `json:"roundId"`
			} `json:"bet"`
			Balance int64 `json:"balance"`
		}
		if code, ecode := call("POST", "/wps/inhouse/crash/bet", "crash-test-1", map[string]any{"amount": 1000, "autoCashout": 101}, &placed); code != 200 {
			t.Fatalf("bet: %d %s", code, ecode)
		}
		if code, ecode := call("POST", "/wps/inhouse/crash/bet", "crash-test-2", map[string]any{"amount": 1000}, nil); code != 409 || ecode != "crash.already_bet" {
			t.Fatalf("second bet: %d %s", code, ecode)
		}
		var active struct {
			Rounds []struct {
				Game   string `json:"game"`
				Status string `json:"status"`
			} `json:"rounds"`
		}
		call("GET", "/wps/inhouse/active", "", nil, &active)
		if len(active.Rounds) != 1 || active.Rounds[0].Game != "crash" || active.Rounds[0].Status != "OPEN" {
			t.Fatalf("active: %+v", active)
		}
		// wait for the round's crash and the bet's settlement
		var point int64
		var hash string
		for deadline := time.Now().Add(60 * time.Second); point == 0; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatal("the round did not crash")
			}
			call("GET", "/wps/inhouse/crash/state", "", nil, &st)
			for _, h := range st.History {
				if h.ID == placed.Bet.RoundID {
					point, hash = h.Point, h.Hash
				}
			}
		}
		if fair.CrashPoint(hash, st.Chain.Salt) != point {
			t.Fatal("the revealed hash does not give the point")
		}
		// the chain's first rounds: hashing the revealed hash seq times gives the terminal hash
		h := hash
		for i := int64(0); i < placed.Bet.RoundID && h != st.Chain.TerminalHash; i++ {
			h = fair.HashHex(h)
		}
		if h != st.Chain.TerminalHash {
			t.Fatal("the revealed hash does not lead to the terminal hash")
		}
		wantWin := int64(0)
		if point >= 101 {
			wantWin = 1010
		}
		var recall struct {
			List []struct {
				Game    string          `json:"game"`
				Status  string          `json:"status"`
				Amount  int64           `json:"amount"`
				Win     int64           `json:"win"`
				Outcome json.RawMessage `json:"outcome"`
			} `json:"list"`
		}
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			call("GET", "/wps/inhouse/rounds?game=crash", "", nil, &recall)
			if len(recall.List) == 1 && recall.List[0].Status == "COMPLETED" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("recall: %+v", recall)
			}
		}
		if r := recall.List[0]; r.Game != "crash" || r.Amount != 1000 || r.Win != wantWin {
			t.Fatalf("recall round %+v (point %d)", r, point)
		}
		var out struct {
			Point int64  `json:"point"`
			Hash  string `json:"hash"`
		}
		_ = json.Unmarshal(recall.List[0].Outcome, &out)
		for deadline := time.Now().Add(10 * time.Second); out.Point != point || out.Hash != hash; time.Sleep(100 * time.Millisecond) {
			// a lost bet is settled after the crash; a win paid mid-flight gets the proof written in at the crash
			if time.Now().After(deadline) {
				t.Fatalf("outcome %s, want point %d and hash %s", recall.List[0].Outcome, point, hash)
			}
			call("GET", "/wps/inhouse/rounds?game=crash", "", nil, &recall)
			_ = json.Unmarshal(recall.List[0].Outcome, &out)
		}
		rep, err := ledger.NewStore(m.DB, nil).Verify(ctx)
		if err != nil || !rep.OK() {
			t.Fatalf("ledger verify: %v %+v", err, rep.Problems)
		}
		t.Logf("round %d crashed at %s, win %d", placed.Bet.RoundID, strconv.FormatInt(point, 10), wantWin)
	})
}

// plantShortChain stores, before the server starts, a chain whose first
// rounds all crash by 10.00x (at most 38 s of flight each): the server
// plays the chain it finds. With a chain of its own making a round can fly
// for minutes (P(point > 36x), a minute's flight, is about 2.7 %), longer
// than the test waits.
func plantShortChain(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	if _, err := d.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	for try := 0; try < 1000; try++ {
		ch, err := crashgame.NewChain(1000, "palaro-test")
		if err != nil {
			t.Fatal(err)
		}
		short := true
		for seq := int64(1); seq <= 8 && short; seq++ {
			short = ch.Point(seq) <= 1000
		}
		if short {
			if err := crashgame.NewStore(d).InsertChain(ctx, ch, time.Now()); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatal("no chain with short first rounds")
}
