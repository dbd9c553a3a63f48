package ledger_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// parallel runs fn(i) for i in [0, n) at the same moment and waits for all.
func parallel(n int, fn func(i int)) {
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			fn(i)
		}()
	}
	close(start)
	wg.Wait()
}

func TestParallelDebitsNeverOverdraw(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		// 50 debits of 7 against 200: exactly 28 fit (196), 22 must be refused.
		alice := b.player(1, 200)
		var ok, refused atomic.Int64
		var other sync.Map
		parallel(50, func(i int) {
			_, err := b.s.Post(ctx, transfer(fmt.Sprintf("debit-%d", i), ledger.KindBet, alice.ID, b.house.ID, 7))
			switch {
			case err == nil:
				ok.Add(1)
			case apperr.As(err).Code == "ledger.insufficient_funds":
				refused.Add(1)
			default:
				other.Store(i, err)
			}
		})
		other.Range(func(k, v any) bool { t.Errorf("debit %v: %v", k, v); return true })
		if ok.Load() != 28 || refused.Load() != 22 {
			t.Fatalf("ok %d refused %d, want 28 and 22", ok.Load(), refused.Load())
		}
		if got := b.balance(alice.ID); got != 4 {
			t.Fatalf("alice %d, want 4", got)
		}
		if got := b.balance(b.house.ID); got != 196 {
			t.Fatalf("house %d, want 196", got)
		}
		b.verifyClean()
	})
}

func TestSameKeyConcurrentlyPostsOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 1_000)
		var firsts, replays atomic.Int64
		ids := make([]int64, 20)
		errs := make([]error, 20)
		parallel(20, func(i int) {
			p, err := b.s.Post(ctx, transfer("once", ledger.KindBet, alice.ID, b.house.ID, 10))
			ids[i], errs[i] = p.ID, err
			if err == nil && p.Replay {
				replays.Add(1)
			} else if err == nil {
				firsts.Add(1)
			}
		})
		for i, err := range errs {
			if err != nil {
				t.Fatalf("goroutine %d: %v", i, err)
			}
			if ids[i] != ids[0] {
				t.Fatalf("posting ids differ: %v", ids)
			}
		}
		if firsts.Load() != 1 || replays.Load() != 19 {
			t.Fatalf("first %d replays %d", firsts.Load(), replays.Load())
		}
		if got := b.balance(alice.ID); got != 990 {
			t.Fatalf("alice %d, want 990", got)
		}
		b.verifyClean()
	})
}

func TestOppositeTransfersDoNotDeadlock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		b := newBook(t, d)
		alice := b.player(1, 10_000)
		bob := b.player(2, 10_000)
		const workers, each = 16, 10
		var failed atomic.Int64
		parallel(workers, func(w int) {
			from, to := alice.ID, bob.ID
			if w%2 == 1 {
				from, to = to, from
			}
			// Each posting also touches the house, so locks span three rows.
			for i := 0; i < each; i++ {
				amount := int64(1 + i%5)
				_, err := b.s.Post(ctx, ledger.PostingRequest{Key: fmt.Sprintf("x-%d-%d", w, i), Kind: ledger.KindTransfer, Lines: []ledger.Line{
					{AccountID: from, Amount: -amount - 1, Currency: php},
					{AccountID: to, Amount: amount, Currency: php},
					{AccountID: b.house.ID, Amount: 1, Currency: php},
				}})
				if err != nil {
					failed.Add(1)
					t.Errorf("worker %d posting %d: %v", w, i, err)
				}
			}
		})
		if ctx.Err() != nil {
			t.Fatal("transfers did not finish in time")
		}
		if failed.Load() != 0 {
			t.FailNow()
		}
		total := b.balance(alice.ID) + b.balance(bob.ID) + b.balance(b.house.ID)
		if total != 20_000 {
			t.Fatalf("money not conserved: %d", total)
		}
		if got := b.balance(b.house.ID); got != workers*each {
			t.Fatalf("house fees %d, want %d", got, workers*each)
		}
		b.verifyClean()
	})
}

// BenchmarkPost posts bets and wins between random players and one hot
// house account from 32 concurrent goroutines (the load shape): the
// house row is the contention point every posting locks, and group commit
// batches the concurrent postings into shared transactions. Reports
// postings/s and the p50/p99 latency of one Post.
func BenchmarkPost(b *testing.B) { benchPost(b, false) }

// BenchmarkPostWithFact is BenchmarkPost with a fact on every posting (the
// activity stream's cost on the ledger's write).
func BenchmarkPostWithFact(b *testing.B) { benchPost(b, true) }

func benchPost(b *testing.B, withFact bool) {
	for _, dialect := range []db.Dialect{db.SQLite, db.Postgres} {
		b.Run(string(dialect), func(b *testing.B) {
			d := dbtest.Open(b, dialect)
			bk := newBook(b, d)
			const players = 200
			ids := make([]int64, players)
			for i := range ids {
				ids[i] = bk.player(int64(i+1), 1<<40).ID
			}
			ctx := context.Background()
			var seq atomic.Int64
			var mu sync.Mutex
			var lat []time.Duration
			b.SetParallelism((32 + runtime.GOMAXPROCS(0) - 1) / runtime.GOMAXPROCS(0))
			b.ResetTimer()
			start := time.Now()
			b.RunParallel(func(pb *testing.PB) {
				var mine []time.Duration
				for pb.Next() {
					n := seq.Add(1)
					from, to := ids[rand.IntN(players)], bk.house.ID
					if n%2 == 0 {
						from, to = to, from
					}
					t0 := time.Now()
					req := transfer(fmt.Sprintf("bench-%d", n), ledger.KindBet, from, to, 1+n%100)
					if withFact {
						req.Facts = []activity.Fact{{Key: req.Key, Kind: activity.TransferOut, MemberID: 1, Currency: php,
							Vendor: "bench", Amount: 1 + n%100, At: t0}}
					}
					if _, err := bk.s.Post(ctx, req); err != nil {
						b.Error(err)
						return
					}
					mine = append(mine, time.Since(t0))
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			})
			elapsed := time.Since(start)
			b.StopTimer()
			if len(lat) > 0 {
				slices.Sort(lat)
				b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "postings/s")
				b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
				b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
			}
		})
	}
}
