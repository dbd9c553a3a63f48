package crashgame

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/crash"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestChain(t *testing.T) {
	c := &Chain{Seed: "abc", Length: 25_003, Salt: "salt"}
	c.build()
	out := fair.Chain("abc", 25_003)
	t.Run("OK/HashMatchesGeneratedChain", func(t *testing.T) {
		for _, seq := range []int64{1, 2, 3, 10_000, 10_001, 15_003, 15_004, 25_002, 25_003} {
			if got, want := c.Hash(seq), out[int64(len(out))-seq]; got != want {
				t.Fatalf("seq %d: %s, want %s", seq, got, want)
			}
		}
	})
	t.Run("OK/EachRoundProvesThePrevious", func(t *testing.T) {
		if fair.HashHex(c.Hash(1)) != c.TerminalHash {
			t.Fatal("round 1 does not hash to the terminal hash")
		}
		for seq := int64(1); seq < 50; seq++ {
			if !fair.VerifyChainLink(c.Hash(seq), c.Hash(seq+1)) {
				t.Fatalf("link %d→%d", seq, seq+1)
			}
		}
		if fair.VerifyChainLink(c.Hash(2), c.Hash(1)) {
			t.Fatal("a reversed link verified")
		}
	})
	t.Run("OK/PointIsFairCrashPoint", func(t *testing.T) {
		if c.Point(7) != fair.CrashPoint(c.Hash(7), "salt") {
			t.Fatal("point differs")
		}
	})
	t.Run("ErrTamperedSeed", func(t *testing.T) {
		bad := &Chain{Seed: "abd", Length: c.Length, TerminalHash: c.TerminalHash}
		if err := bad.Load(); err == nil {
			t.Fatal("a seed that does not give the terminal hash loaded")
		}
		good := &Chain{Seed: "abc", Length: c.Length, TerminalHash: c.TerminalHash}
		if err := good.Load(); err != nil {
			t.Fatal(err)
		}
	})
}

func TestWin(t *testing.T) {
	for _, tc := range []struct{ amount, mult, want int64 }{
		{100, 100, 100}, {100, 150, 150}, {1, 199, 1}, {999, 101, 1008}, {MaxAmount, crash.MaxTarget, MaxAmount / 100 * crash.MaxTarget},
	} {
		if got := Win(tc.amount, tc.mult); got != tc.want {
			t.Errorf("Win(%d, %d) = %d, want %d", tc.amount, tc.mult, got, tc.want)
		}
	}
}

// TestRound plays one full round with two sockets and three players.
func TestRound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		bank := newFakeBank()
		r := newRig(t, d, bank, clock.NewFixed(t0))
		chain := seedChain(t, r.store, 300)
		point := chain.Point(1)
		for m := int64(1); m <= 4; m++ {
			bank.fund(m, 100_000)
		}
		r.tick() // round 1: BETTING
		watcher := r.dial("")
		mine := r.dial("m1")
		st := watcher.next("state")
		round := st["round"].(map[string]any)
		if round["status"] != StatusBetting || round["hash"] != nil || round["point"] != nil {
			t.Fatalf("state round %v", round)
		}
		if st["chain"].(map[string]any)["terminalHash"] != chain.TerminalHash {
			t.Fatal("terminal hash not published")
		}
		roundID := int64(round["id"].(float64))

		// bets: manual (m1), auto at 2.00x (m2), auto above the point (m3)
		if st, code, a := r.bet("m1", "k1", 1000, 0); st != 200 || a.Balance != 99_000 || !a.Bet.Mine {
			t.Fatalf("bet m1: %d %s %+v", st, code, a)
		}
		if st, code, _ := r.bet("m2", "k2", 1000, 200); st != 200 {
			t.Fatalf("bet m2: %d %s", st, code)
		}
		if st, code, _ := r.bet("m3", "k3", 1000, point+1); st != 200 {
			t.Fatalf("bet m3: %d %s", st, code)
		}
		t.Run("ErrAlreadyBet", func(t *testing.T) {
			if st, code, _ := r.bet("m1", "k1-again", 500, 0); st != http.StatusConflict || code != "crash.already_bet" {
				t.Fatalf("%d %s", st, code)
			}
		})
		t.Run("OK/ReplaySameKey", func(t *testing.T) {
			st, code, a := r.bet("m1", "k1", 1000, 0)
			if st != 200 || a.Balance != 99_000 || bank.bal(1) != 99_000 {
				t.Fatalf("%d %s %+v bal %d", st, code, a, bank.bal(1))
			}
		})
		t.Run("ErrCashoutWhileBetting", func(t *testing.T) {
			if st, code, _ := r.cashout("m1", "c0", roundID); st != http.StatusConflict || code != "crash.not_running" {
				t.Fatalf("%d %s", st, code)
			}
		})
		// the watcher sees the bets, masked and not mine; m1 sees its own as mine
		b := watcher.next("bet")["bet"].(map[string]any)
		if b["player"] != "pl***1" || b["mine"] != false {
			t.Fatalf("bet message %v", b)
		}
		if mb := mine.next("bet")["bet"].(map[string]any); mb["mine"] != true {
			t.Fatalf("own bet not mine: %v", mb)
		}

		r.clk.Advance(7 * time.Second)
		r.tick() // RUNNING
		running := watcher.next("running")["round"].(map[string]any)
		startedAt := time.UnixMilli(int64(running["startedAt"].(float64)))

		t.Run("ErrBetWhileRunning", func(t *testing.T) {
			if st, code, _ := r.bet("m4", "k4", 1000, 0); st != http.StatusConflict || code != "crash.betting_closed" {
				t.Fatalf("%d %s", st, code)
			}
			if bank.bal(4) != 100_000 {
				t.Fatal("money moved")
			}
		})

		r.flyTo(startedAt, 150)
		st1, code, a := r.cashout("m1", "c1", roundID)
		if st1 != 200 || a.Bet.CashedOutAt != 150 || a.Bet.Win != 1500 || a.Balance != 100_500 {
			t.Fatalf("cashout: %d %s %+v", st1, code, a)
		}
		if c := watcher.next("cashout")["bet"].(map[string]any); c["cashedOutAt"].(float64) != 150 {
			t.Fatalf("cashout message %v", c)
		}
		t.Run("ErrDoubleCashout", func(t *testing.T) {
			if st, code, _ := r.cashout("m1", "c1-other", roundID); st != http.StatusConflict || code != "inhouse.double_cashout" {
				t.Fatalf("%d %s", st, code)
			}
			if st, _, a := r.cashout("m1", "c1", roundID); st != 200 || a.Balance != 100_500 { // same key: the answer again
				t.Fatalf("replay %d %+v", st, a)
			}
			if bank.bal(1) != 100_500 {
				t.Fatalf("paid twice: %d", bank.bal(1))
			}
		})

		r.flyTo(startedAt, 200)
		r.tick() // m2's automatic cash-out at exactly 2.00x
		if c := watcher.next("cashout")["bet"].(map[string]any); c["cashedOutAt"].(float64) != 200 || c["win"].(float64) != 2000 {
			t.Fatalf("auto cashout %v", c)
		}
		t.Run("ErrAutoFirst", func(t *testing.T) {
			if st, code, _ := r.cashout("m2", "c2", roundID); st != http.StatusConflict || code != "inhouse.double_cashout" {
				t.Fatalf("%d %s", st, code)
			}
		})

		r.flyTo(startedAt, point)
		r.tick() // crash
		crashed := watcher.next("crashed")["round"].(map[string]any)
		if int64(crashed["point"].(float64)) != point || crashed["hash"] != chain.Hash(1) {
			t.Fatalf("crashed %v", crashed)
		}
		if fair.HashHex(crashed["hash"].(string)) != chain.TerminalHash {
			t.Fatal("revealed hash does not prove the terminal hash")
		}
		t.Run("ErrTooLate", func(t *testing.T) {
			if st, code, _ := r.cashout("m3", "c3", roundID); st != http.StatusConflict || code != "crash.too_late" {
				t.Fatalf("%d %s", st, code)
			}
		})
		if err := r.svc.SettleAll(r.ctx); err != nil {
			t.Fatal(err)
		}
		want := map[int64]int64{1: 100_500, 2: 101_000, 3: 99_000, 4: 100_000}
		for m, w := range want {
			if got := bank.bal(m); got != w {
				t.Errorf("member %d balance %d, want %d", m, got, w)
			}
		}
		bets, _ := r.store.RoundBets(r.ctx, roundID)
		for _, b := range bets {
			fr := bank.round(b.InhouseID)
			if !b.Settled || fr.credits != 1 || fr.status != "COMPLETED" {
				t.Errorf("bet %d: settled %v, credits %d, status %s", b.ID, b.Settled, fr.credits, fr.status)
			}
			if fr.outcome.RoundID != roundID {
				t.Errorf("bet %d outcome %+v", b.ID, fr.outcome)
			}
		}
		if lost := bank.round(bets[2].InhouseID); lost.win != 0 || lost.outcome.Point != point || lost.outcome.Hash != chain.Hash(1) {
			t.Errorf("lost bet %+v", lost)
		}
		// m1 was paid mid-flight (no proof then); the crash writes the proof in
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(10 * time.Millisecond) {
			if o := bank.round(bets[0].InhouseID).outcome; o.Point == point && o.Hash == chain.Hash(1) && o.CashedOutAt == 150 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("proof not written into the cashed-out bet: %+v", bank.round(bets[0].InhouseID).outcome)
			}
		}

		// the next round comes after the cool-down; a reconnecting client gets the history
		r.clk.Advance(3 * time.Second)
		r.tick()
		watcher.next("betting") // the hub has applied round 2
		st2 := r.dial("").next("state")
		if hist := st2["history"].([]any); len(hist) != 1 || hist[0].(map[string]any)["hash"] != chain.Hash(1) {
			t.Fatalf("history %v", st2["history"])
		}
		if st2["round"].(map[string]any)["status"] != StatusBetting {
			t.Fatalf("round 2 %v", st2["round"])
		}
	})
}

// TestConcurrentCashouts: many concurrent cash-outs of one bet pay once.
func TestConcurrentCashouts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		bank := newFakeBank()
		r := newRig(t, d, bank, clock.NewFixed(t0))
		seedChain(t, r.store, 300)
		bank.fund(1, 10_000)
		r.tick()
		a, _ := r.betAndFly("m1", 1000, 120)
		var wg sync.WaitGroup
		codes := make(chan string, 20)
		for i := 0; i < 20; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, code, _ := r.cashout("m1", "c"+string(rune('a'+i)), a.Bet.RoundID)
				codes <- code
			}(i)
		}
		wg.Wait()
		close(codes)
		ok := 0
		for c := range codes {
			switch c {
			case "ok":
				ok++
			case "inhouse.double_cashout":
			default:
				t.Errorf("code %s", c)
			}
		}
		if ok != 1 {
			t.Fatalf("%d cash-outs succeeded", ok)
		}
		if got := bank.bal(1); got != 10_000-1000+1200 {
			t.Fatalf("balance %d", got)
		}
	})
}

// TestRestart: an instance dies mid-flight; the next one takes the lease and
// ends the round by the restart rule.
func TestRestart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		bank := newFakeBank()
		clk := clock.NewFixed(t0)
		a := newRig(t, d, bank, clk)
		chain := seedChain(t, a.store, 300)
		point := chain.Point(1)
		for m := int64(1); m <= 4; m++ {
			bank.fund(m, 10_000)
		}
		a.tick()
		a.bet("m1", "k", 1000, 150)           // auto below the point: paid at 1.50x
		a.bet("m2", "k", 1000, point+50)      // auto above the point: refunded
		a.bet("m3", "k", 1000, 0)             // manual, cashed out before the restart: paid
		_, _, m4 := a.bet("m4", "k", 1000, 0) // manual, never cashed out: refunded
		clk.Advance(7 * time.Second)
		a.tick()
		round, _, _ := a.store.LatestRound(a.ctx)
		a.flyTo(round.StartedAt, 120)
		bank.failNext = 1 // m3's win call is lost on the way
		if st, code, _ := a.cashout("m3", "c", round.ID); st != 500 {
			t.Fatalf("cashout with a lost wallet answer: %d %s", st, code)
		}
		// instance a dies here; b starts after the crash time and the lease expiry
		a.flyTo(round.StartedAt, point)
		clk.Advance(11 * time.Second)
		b := newRig(t, d, bank, clk)
		b.tick()
		if err := b.svc.SettleAll(b.ctx); err != nil {
			t.Fatal(err)
		}
		want := map[int64]int64{1: 10_500, 2: 10_000, 3: 10_200, 4: 10_000}
		for m, w := range want {
			if got := bank.bal(m); got != w {
				t.Errorf("member %d balance %d, want %d", m, got, w)
			}
		}
		after, _, _ := b.store.Round(b.ctx, round.ID)
		if after.Status != StatusCrashed {
			t.Fatalf("round %s", after.Status)
		}
		bet4, _, _ := b.store.BetByID(b.ctx, m4.Bet.ID)
		if bet4.State != BetCancelled || !bet4.Settled {
			t.Fatalf("m4 bet %+v", bet4)
		}
		// a second pass moves nothing
		if err := b.svc.SettleAll(b.ctx); err != nil {
			t.Fatal(err)
		}
		for m, w := range want {
			if got := bank.bal(m); got != w {
				t.Errorf("second pass: member %d balance %d, want %d", m, got, w)
			}
		}
	})
}

// TestResumeAfterQuickRestart: a restart before the crash time resumes the
// round: the players can still cash out.
func TestResumeAfterQuickRestart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		bank := newFakeBank()
		clk := clock.NewFixed(t0)
		a := newRig(t, d, bank, clk)
		seedChain(t, a.store, 300)
		bank.fund(1, 10_000)
		a.tick()
		a.bet("m1", "k", 1000, 0)
		clk.Advance(7 * time.Second)
		a.tick()
		round, _, _ := a.store.LatestRound(a.ctx)
		if err := a.store.ReleaseLease(a.ctx, a.svc.holder); err != nil { // clean shutdown
			t.Fatal(err)
		}
		b := newRig(t, d, bank, clk)
		b.tick()
		b.flyTo(round.StartedAt, 180)
		if st, code, ans := b.cashout("m1", "c", round.ID); st != 200 || ans.Bet.CashedOutAt != 180 {
			t.Fatalf("%d %s %+v", st, code, ans)
		}
	})
}

func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		bank := newFakeBank()
		r := newRig(t, d, bank, clock.NewFixed(t0))
		seedChain(t, r.store, 200)
		bank.fund(1, 10_000)
		bank.fund(5, 10_000)
		r.tick()
		for _, tc := range []struct {
			name, path, token, key string
			status                 int
			code                   string
		}{
			{"ErrVisitorBet", "/wps/inhouse/crash/bet", "", "k", 401, "auth.token_required"},
			{"ErrVisitorCashout", "/wps/inhouse/crash/cashout", "", "k", 401, "auth.token_required"},
			{"ErrDeadToken", "/wps/inhouse/crash/bet", "mx", "k", 401, "auth.session_expired"},
			{"ErrTrialBet", "/wps/inhouse/crash/bet", "t5", "k", 403, "inhouse.real_account_required"},
			{"ErrTrialCashout", "/wps/inhouse/crash/cashout", "t5", "k", 403, "inhouse.real_account_required"},
			{"ErrNoIdempotencyKey", "/wps/inhouse/crash/bet", "m1", "", 400, "money.idempotency_key_required"},
		} {
			t.Run(tc.name, func(t *testing.T) {
				st, env := r.post(tc.path, tc.token, tc.key, map[string]any{"amount": 100, "roundId": 1})
				if st != tc.status || env.Code != tc.code {
					t.Fatalf("%d %s, want %d %s", st, env.Code, tc.status, tc.code)
				}
			})
		}
		if bank.bal(1) != 10_000 || bank.bal(5) != 10_000 {
			t.Fatal("money moved")
		}
		t.Run("ErrBadInput", func(t *testing.T) {
			for _, body := range []map[string]any{{"amount": 0}, {"amount": -5}, {"amount": 100, "autoCashout": 100}, {"amount": 100, "autoCashout": 1_000_001}, {"amount": 1.5}, {"amount": 100, "extra": 1}} {
				st, env := r.post("/wps/inhouse/crash/bet", "m1", "bad", body)
				if st != 400 {
					t.Errorf("%v: %d %s", body, st, env.Code)
				}
			}
			if st, code, _ := r.cashout("m1", "x", 999); st != 404 || code != "inhouse.unknown_round" {
				t.Errorf("unknown round: %d %s", st, code)
			}
			if st, code, _ := r.bet("m1", "poor", 1_000_000, 0); st != 409 || code != "inhouse.insufficient_funds" {
				t.Errorf("insufficient: %d %s", st, code)
			}
			if bank.bal(1) != 10_000 {
				t.Fatal("money moved")
			}
			if bets, _ := r.store.RoundBets(context.Background(), 1); len(bets) != 0 {
				t.Fatalf("refused bets kept: %+v", bets)
			}
		})
	})
}

func FuzzDecodeBet(f *testing.F) {
	for _, s := range []string{`{"amount":100}`, `{"amount":100,"autoCashout":250}`, `{"amount":"1"}`, `[]`, `{"amount":1e3}`, `{"amount":100}{}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := DecodeBet(b)
		if err != nil {
			return
		}
		if req.Amount <= 0 || req.Amount > MaxAmount || (req.AutoCashout != 0 && (req.AutoCashout < MinAutoCashout || req.AutoCashout > MaxAutoCashout)) {
			t.Fatalf("accepted %+v from %q", req, b)
		}
	})
}

func FuzzDecodeCashout(f *testing.F) {
	for _, s := range []string{`{"roundId":1}`, `{"roundId":-1}`, `{}`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		req, err := DecodeCashout(b)
		if err == nil && req.RoundID <= 0 {
			t.Fatalf("accepted %+v from %q", req, b)
		}
	})
}

// TestTwoInstancesThroughRedis: one engine (the lease holder) plays the
// round; the other instance takes a bet and relays everything, so sockets
// on either instance see the same messages.
func TestTwoInstancesThroughRedis(t *testing.T) {
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379"})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		rdb.Close()
		t.Skip("no Redis on 127.0.0.1:6379")
	}
	t.Cleanup(func() { rdb.Close() })
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		channel := "palaro:test:crash:" + time.Now().Format("150405.000000000")
		viaRedis := func(ctx context.Context, h *Hub) {
			if err := h.UseRedis(ctx, rdb, channel); err != nil {
				t.Fatal(err)
			}
		}
		bank := newFakeBank()
		clk := clock.NewFixed(t0)
		a := newRig(t, d, bank, clk, viaRedis)
		b := newRig(t, d, bank, clk, viaRedis)
		seedChain(t, a.store, 200)
		bank.fund(1, 10_000)
		onA, onB := a.dial(""), b.dial("m1")
		a.tick() // a takes the lease and opens the round
		if _, err := b.svc.Tick(b.ctx); err != nil || b.svc.leading {
			t.Fatalf("second engine leads (%v)", err)
		}
		if onB.next("betting")["round"] == nil {
			t.Fatal("b's socket missed the round a opened")
		}
		onA.next("betting")
		if st, code, _ := b.bet("m1", "k", 1000, 0); st != 200 {
			t.Fatalf("bet on b: %d %s", st, code)
		}
		if bet := onA.next("bet")["bet"].(map[string]any); bet["mine"] != false || bet["amount"].(float64) != 1000 {
			t.Fatalf("a's socket: %v", bet)
		}
		if bet := onB.next("bet")["bet"].(map[string]any); bet["mine"] != true {
			t.Fatalf("b's socket: %v", bet)
		}
		clk.Advance(7 * time.Second)
		a.tick()
		onB.next("running")
		if st := b.svc.State(1); len(st.Bets) != 1 || !st.Bets[0].Mine || st.Round.Status != StatusRunning {
			t.Fatalf("b's state %+v", st)
		}
	})
}

// TestConcurrentBets: many members bet at once (all accepted, each once);
// one member racing two keys gets one bet.
func TestConcurrentBets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		bank := newFakeBank()
		r := newRig(t, d, bank, clock.NewFixed(t0))
		seedChain(t, r.store, 200)
		for m := int64(1); m <= 30; m++ {
			bank.fund(m, 10_000)
		}
		r.tick()
		var wg sync.WaitGroup
		codes := make(chan string, 40)
		for m := int64(1); m <= 30; m++ {
			wg.Add(1)
			go func(m int64) {
				defer wg.Done()
				_, code, _ := r.bet("m"+strconv.FormatInt(m, 10), "k", 100, 0)
				codes <- code
			}(m)
		}
		for i := 0; i < 6; i++ { // member 1 again, other keys
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, code, _ := r.bet("m1", "other"+strconv.Itoa(i), 100, 0)
				codes <- code
			}(i)
		}
		wg.Wait()
		close(codes)
		n := map[string]int{}
		for c := range codes {
			n[c]++
		}
		if n["ok"] != 30 || n["crash.already_bet"] != 6 {
			t.Fatalf("answers %v", n)
		}
		round, _, _ := r.store.LatestRound(r.ctx)
		bets, _ := r.store.RoundBets(r.ctx, round.ID)
		if len(bets) != 30 || bank.bal(1) != 9_900 {
			t.Fatalf("%d bets, member 1 balance %d", len(bets), bank.bal(1))
		}
	})
}

// A manual cash-out decided just before the crash is announced before
// "crashed", even when its broadcast is slower than the engine's: the crash
// waits for it.
func TestCashoutAnnouncedBeforeCrash(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		bank := newFakeBank()
		r := newRig(t, d, bank, clock.NewFixed(t0))
		seedChain(t, r.store, 300)
		bank.fund(1, 10_000)
		r.tick()
		sock := r.dial("m1")
		a, round := r.betAndFly("m1", 1000, 120)

		decided, release := make(chan struct{}), make(chan struct{})
		r.svc.decided = func() { close(decided); <-release }
		cashed := make(chan string, 1)
		go func() {
			_, code, _ := r.cashout("m1", "c", a.Bet.RoundID)
			cashed <- code
		}()
		<-decided // won in the database, not announced yet
		r.clk.Advance(round.StartedAt.Add(crash.TimeTo(round.Point)).Sub(r.clk.Now()))
		ticked := make(chan error, 1)
		go func() {
			_, err := r.svc.Tick(r.ctx)
			ticked <- err
		}()
		time.Sleep(100 * time.Millisecond) // the crash would be announced by now if it did not wait
		close(release)
		if code := <-cashed; code != "ok" {
			t.Fatalf("cash-out %s", code)
		}
		if err := <-ticked; err != nil {
			t.Fatal(err)
		}
		var order []string
		for len(order) == 0 || order[len(order)-1] != "crashed" {
			select {
			case m, ok := <-sock.msgs:
				if !ok {
					t.Fatal("socket closed")
				}
				if typ := m["type"].(string); typ == "cashout" || typ == "crashed" {
					order = append(order, typ)
				}
			case <-time.After(5 * time.Second):
				t.Fatalf("messages so far %v", order)
			}
		}
		if fmt.Sprint(order) != "[cashout crashed]" {
			t.Fatalf("announced %v", order)
		}
	})
}
