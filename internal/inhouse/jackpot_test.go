package inhouse

import (
	"context"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestJackpotHitProbability(t *testing.T) {
	// The draw depends on the seeds, nonce, amount and divisor only.
	hits := 0
	const n = 200000
	for i := int64(0); i < n; i++ {
		if jackpotHit("5e1b0c4a7f3d2e9b8c6a4f2e1d0c9b8a7f6e5d4c3b2a1f0e9d8c7b6a5f4e3d2c", "client", i, 100, 10000) {
			hits++
		}
	}
	// p = 1/100: expect 2000, sd ~44.
	if hits < 1780 || hits > 2220 {
		t.Fatalf("hits %d of %d at p=1%%", hits, n)
	}
	if jackpotHit("s", "c", 1, 0, 100) || !jackpotHit("s", "c", 1, 100, 100) {
		t.Fatal("edges")
	}
}

// sums reads the jackpot bookkeeping from the game server's tables.
type jpSums struct {
	contributions int64 // of COMPLETED rounds
	batched       int64 // of batches posted
	paid          int64 // jackpot wins of COMPLETED rounds
	hits          int64
}

func (s *site) jpSums() jpSums {
	s.t.Helper()
	var j jpSums
	ctx := context.Background()
	s.settle()
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(jp_contribution), 0), COALESCE(SUM(jp_win), 0), COALESCE(SUM(CASE WHEN jp_win > 0 THEN 1 ELSE 0 END), 0)
		FROM inhouse_round WHERE state = 'COMPLETED'`).Scan(&j.contributions, &j.paid, &j.hits); err != nil {
		s.t.Fatal(err)
	}
	if err := s.db.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM inhouse_jackpot_batch WHERE posted = 1`).Scan(&j.batched); err != nil {
		s.t.Fatal(err)
	}
	return j
}

// Jackpot accounting against the ledger: the pool account holds exactly
// seed + contributions - (paid - seed per hit); the winner board lists the
// hit; the ledger verifies.
func TestJackpotAccounting(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		const seed = 1_000_000
		s := newSite(t, d, Config{Jackpot: JackpotConfig{Seed: seed, HitDivisor: 1 << 62}})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 10_000_000)
		if got := s.systemBalance(ledger.PurposeJackpotPool); got != seed {
			t.Fatalf("seeded pool %d", got)
		}
		s.restart() // seeding is once only
		if got := s.systemBalance(ledger.PurposeJackpotPool); got != seed {
			t.Fatalf("pool after restart %d", got)
		}

		// Rounds without a hit: 1% of each completed bet reaches the pool.
		for i := 0; i < 5; i++ {
			s.post("/wps/inhouse/dice/bet", tok, map[string]any{"amount": 10_000 + i*1_000, "target": 5000})
		}
		open := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 50_000, "size": 5, "mines": 3}).Round // not completed: no contribution yet
		if err := s.svc.FlushJackpot(context.Background()); err != nil {
			t.Fatal(err)
		}
		want := int64(seed + (10_000+11_000+12_000+13_000+14_000)/100)
		if got := s.systemBalance(ledger.PurposeJackpotPool); got != want {
			t.Fatalf("pool %d, want %d", got, want)
		}
		s.post("/wps/inhouse/mines/cashout", tok, map[string]any{"roundId": open.ID}) // refunded (nothing revealed): CANCELLED, no contribution
		if err := s.svc.FlushJackpot(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := s.systemBalance(ledger.PurposeJackpotPool); got != want {
			t.Fatalf("pool after a cancelled round %d, want %d", got, want)
		}

		// Every bet hits now: the pool is paid through the seamless win
		// (jackpot flagged) and starts again from the seed.
		s.cfg.Jackpot.HitDivisor = 1
		s.restart()
		before := s.balance(id)
		pool := s.systemBalance(ledger.PurposeJackpotPool)
		p := s.post("/wps/inhouse/dice/bet", tok, map[string]any{"amount": 2_000, "target": 5000})
		if p.Round.JackpotWin != pool {
			t.Fatalf("jackpot win %d, pool was %d", p.Round.JackpotWin, pool)
		}
		if got := s.balance(id); got != before-2_000+p.Round.Win+pool || p.Balance != got {
			t.Fatalf("balance %d (answered %d), want %d", got, p.Balance, before-2_000+p.Round.Win+pool)
		}
		if got := s.systemBalance(ledger.PurposeJackpotPool); got != seed {
			t.Fatalf("pool after the hit %d, want the seed", got)
		}
		if err := s.svc.FlushJackpot(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := s.systemBalance(ledger.PurposeJackpotPool); got != seed+20 {
			t.Fatalf("pool after the hit's contribution %d", got)
		}

		// The books: pool = seed + batches - sum(paid - seed); batches = contributions.
		j := s.jpSums()
		if j.batched != j.contributions {
			t.Fatalf("batched %d, contributions %d", j.batched, j.contributions)
		}
		if got, want := s.systemBalance(ledger.PurposeJackpotPool), seed+j.batched-(j.paid-j.hits*seed); got != want || j.hits != 1 {
			t.Fatalf("pool %d, books say %d (%+v)", got, want, j)
		}
		s.verifyLedger()

		// The winner board shows it, through the round fact in the activity stream.
		waitFor(t, "jackpot winner", func() bool {
			if err := s.games.Reload(context.Background()); err != nil { // entries show at the snapshot's next version check
				t.Fatal(err)
			}
			var info JackpotInfo
			s.call(http.MethodGet, "/wps/inhouse/jackpot", nil, "", "", nil, &info)
			for _, w := range info.Winners {
				if w.Game == GameDice && w.Amount == p.Round.Win+pool {
					return true
				}
			}
			return false
		})
		cat, err := s.games.Catalog(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if len(cat.Winners(game.KindJackpot, "ALL", 50)) == 0 {
			t.Fatal("catalogue jackpot board empty")
		}
	})
}

// A hit whose payment is interrupted is finished after a restart, once.
func TestJackpotRecovery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		const seed = 500_000
		s := newSite(t, d, Config{Jackpot: JackpotConfig{Seed: seed, HitDivisor: 1}})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 1_000_000)
		before := s.balance(id)
		s.faults.failNext("win", "before") // the jackpot win never arrives
		status, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "jp-lost", map[string]any{"amount": 1_000, "target": 5000}, nil)
		if status != http.StatusServiceUnavailable {
			t.Fatalf("status %d %s", status, env.Code)
		}
		r := s.lastRound(id)
		if r.State != stateSettling || r.JPWin != seed {
			t.Fatalf("round %s jp %d", r.State, r.JPWin)
		}
		s.restart()
		s.clk.Advance(DefaultPendingGrace + 1e9)
		if rep := s.recover(); rep.Settled != 1 {
			t.Fatalf("report %+v", rep)
		}
		r = s.roundState(r.ID)
		if r.State != stateCompleted || s.balance(id) != before-1_000+r.Win+seed {
			t.Fatalf("after recovery %s balance %d", r.State, s.balance(id))
		}
		if got := s.systemBalance(ledger.PurposeJackpotPool); got != seed {
			t.Fatalf("pool %d", got)
		}
		s.verifyLedger()
	})
}

// Contributions accrue as rounds complete, in parallel, while flushes run:
// every completed round's contribution reaches a batch exactly once.
func TestJackpotAccrualUnderConcurrentFlushes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		const seed = 100_000
		s := newSite(t, d, Config{Jackpot: JackpotConfig{Seed: seed, HitDivisor: 1 << 62}})
		tok := s.login("demo01")
		s.fund(s.memberID("demo01"), 100_000_000)

		const workers, each = 6, 15
		stop := make(chan struct{})
		flushed := make(chan error, 1)
		go func() { // flush as often as it can while the rounds complete
			for {
				select {
				case <-stop:
					flushed <- nil
					return
				default:
				}
				if err := s.svc.FlushJackpot(context.Background()); err != nil {
					flushed <- err
					return
				}
			}
		}()
		var wg sync.WaitGroup
		failures := make(chan string, workers*each)
		for w := 0; w < workers; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				for i := 0; i < each; i++ {
					key := "acc-" + strconv.Itoa(w) + "-" + strconv.Itoa(i)
					status, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, key, map[string]any{"amount": 1_000 + 100*(w*each+i), "target": 5000}, nil)
					if status != http.StatusOK {
						failures <- key + ": " + env.Code
					}
				}
			}(w)
		}
		wg.Wait()
		close(stop)
		if err := <-flushed; err != nil {
			t.Fatal(err)
		}
		close(failures)
		for f := range failures {
			t.Fatal(f)
		}
		if err := s.svc.FlushJackpot(context.Background()); err != nil {
			t.Fatal(err)
		}
		j := s.jpSums()
		if j.contributions == 0 || j.batched != j.contributions {
			t.Fatalf("batched %d, contributions %d", j.batched, j.contributions)
		}
		var left int64
		if err := s.db.QueryRowContext(context.Background(), `SELECT COALESCE(SUM(amount), 0) FROM inhouse_jackpot_accrual`).Scan(&left); err != nil || left != 0 {
			t.Fatalf("accrual left %d (%v)", left, err)
		}
		if got := s.systemBalance(ledger.PurposeJackpotPool); got != seed+j.batched {
			t.Fatalf("pool %d, want %d", got, seed+j.batched)
		}
		s.verifyLedger()
	})
}
