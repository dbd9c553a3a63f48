package jobs

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var t0 = time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)

// recorder is a job function that notes the periods it ran, in order.
type recorder struct {
	mu   sync.Mutex
	ran  []string
	fail map[string]int // period → failures left
}

func (r *recorder) run(_ context.Context, p Period) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.ran = append(r.ran, p.ID)
	if r.fail[p.ID] > 0 {
		r.fail[p.ID]--
		return fmt.Errorf("bill %s: insufficient funds", p.ID)
	}
	return nil
}

func (r *recorder) got() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.ran...)
}

func newRunner(t *testing.T, store *db.DB, clk clock.Clock, cfg Config, jobs ...Job) *Runner {
	t.Helper()
	reg := NewRegistry()
	for _, j := range jobs {
		if err := reg.Register(j); err != nil {
			t.Fatal(err)
		}
	}
	return NewRunner(NewStore(store), reg, clk, nil, cfg)
}

func tickAll(t *testing.T, r *Runner) int {
	t.Helper()
	total := 0
	for i := 0; i < 100; i++ {
		n, err := r.Tick(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return total
		}
		total += n
	}
	t.Fatal("ticks never ran out of work")
	return total
}

func hours(from, n int) []string {
	var out []string
	for h := from; h < from+n; h++ {
		out = append(out, fmt.Sprintf("2026-11-26T%02d", h))
	}
	return out
}

// After downtime every missed period since Since runs, oldest first, at
// most MaxPerTick per tick; done periods never run again, in this runner
// or a new one (a restarted instance).
func TestCatchUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		ctx := context.Background()
		clk := clock.NewFixed(t0)
		rec := &recorder{}
		job := Job{Name: "test.hourly", Schedule: Hourly(In(time.UTC)), Run: rec.run, Since: t0.Add(-10 * time.Hour)}
		r := newRunner(t, store, clk, Config{MaxPerTick: 4}, job)

		if n, err := r.Tick(ctx); err != nil || n != 4 {
			t.Fatalf("first tick ran %d, %v; want 4 (MaxPerTick)", n, err)
		}
		tickAll(t, r)
		if got := rec.got(); !slices.Equal(got, hours(0, 10)) {
			t.Fatalf("ran %v, want hours 00-09 in order", got)
		}
		clk.Advance(3*time.Hour + time.Minute)
		tickAll(t, r)
		if got := rec.got(); !slices.Equal(got, hours(0, 13)) {
			t.Fatalf("after 3 more hours ran %v", got)
		}
		// a restarted instance (no memory) finds nothing to do
		if n := tickAll(t, newRunner(t, store, clk, Config{}, job)); n != 0 {
			t.Fatalf("a new runner ran %d done periods again", n)
		}
		st, err := r.Status(ctx)
		if err != nil || len(st) != 1 {
			t.Fatal(st, err)
		}
		if st[0].Last == nil || st[0].Last.Period != "2026-11-26T12" || st[0].Last.Status != StatusDone || st[0].Next.ID != "2026-11-26T13" || st[0].Backlog != 0 ||
			!st[0].NextDue.Equal(time.Date(2026, 11, 26, 14, 0, 0, 0, time.UTC)) {
			t.Fatalf("status %+v last %+v", st[0], st[0].Last)
		}
	})
}

// A job the scheduler never ran and that has no Since starts at the latest
// due period (an old period run by hand starts no backfill); the following
// ones are caught up from there.
func TestStartWithoutSince(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		clk := clock.NewFixed(t0.Add(30 * time.Minute))
		rec := &recorder{}
		job := Job{Name: "test.daily", Schedule: Daily(2*time.Hour, In(time.UTC)), Run: rec.run}
		r := newRunner(t, store, clk, Config{}, job)
		if _, err := r.RunPeriod(context.Background(), job.Name, "2026-11-01"); err != nil {
			t.Fatal(err)
		}
		tickAll(t, r)
		if got := rec.got(); !slices.Equal(got, []string{"2026-11-01", "2026-11-25"}) {
			t.Fatalf("ran %v, want the day run by hand, then only the latest due day", got)
		}
		clk.Advance(72 * time.Hour)
		tickAll(t, newRunner(t, store, clk, Config{}, job)) // after a restart too
		if got := rec.got(); !slices.Equal(got, []string{"2026-11-01", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"}) {
			t.Fatalf("ran %v", got)
		}
		// now the 29th 10:30; the 29th is due at 02:00 on the 30th
		clk.Advance(15 * time.Hour)
		if n := tickAll(t, r); n != 0 {
			t.Fatalf("ran %d before the time of day", n)
		}
		clk.Advance(30 * time.Minute)
		if n := tickAll(t, r); n != 1 || rec.got()[5] != "2026-11-29" {
			t.Fatalf("ran %d: %v", n, rec.got())
		}
	})
}

// A failed period is retried with backoff; later periods go on meanwhile,
// unless the job is Sequential.
func TestFailureThenRetry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		ctx := context.Background()
		for _, seq := range []bool{false, true} {
			clk := clock.NewFixed(t0)
			rec := &recorder{fail: map[string]int{"2026-11-26T08": 2}}
			name := fmt.Sprintf("test.retry.%t", seq)
			job := Job{Name: name, Schedule: Hourly(In(time.UTC)), Run: rec.run, Since: t0.Add(-3 * time.Hour), Sequential: seq}
			r := newRunner(t, store, clk, Config{RetryBase: time.Minute, RetryMax: 90 * time.Second}, job)
			tickAll(t, r)
			want := []string{"2026-11-26T07", "2026-11-26T08", "2026-11-26T09"}
			if seq {
				want = want[:2]
			}
			if got := rec.got(); !slices.Equal(got, want) {
				t.Fatalf("sequential %t: ran %v, want %v", seq, got, want)
			}
			row, _, _ := NewStore(store).Get(ctx, name, "2026-11-26T08")
			if row.Status != StatusFailed || row.Attempts != 1 || row.Error != "bill 2026-11-26T08: insufficient funds" || !row.RetryAt.Equal(t0.Add(time.Minute)) {
				t.Fatalf("failed row %+v", row)
			}
			clk.Advance(59 * time.Second)
			if n := tickAll(t, r); n != 0 {
				t.Fatalf("retried %d before the backoff", n)
			}
			clk.Advance(time.Second)
			tickAll(t, r) // fails again: the next wait is doubled, capped at 90s
			row, _, _ = NewStore(store).Get(ctx, name, "2026-11-26T08")
			if row.Attempts != 2 || row.Status != StatusFailed || !row.RetryAt.Equal(clk.Now().Add(90*time.Second)) {
				t.Fatalf("second failure %+v", row)
			}
			st, _ := r.Status(ctx)
			wantSchedule := map[bool]string{false: "hourly", true: "hourly, in order"}[seq]
			if st[0].Schedule != wantSchedule || st[0].Next.ID != "2026-11-26T08" || st[0].Failed != 1 || !st[0].NextDue.Equal(row.RetryAt) {
				t.Fatalf("status %+v", st[0])
			}
			clk.Advance(90 * time.Second)
			tickAll(t, r)
			row, _, _ = NewStore(store).Get(ctx, name, "2026-11-26T08")
			if row.Attempts != 3 || row.Status != StatusDone || row.Error != "" {
				t.Fatalf("after the retry %+v", row)
			}
			want = []string{"2026-11-26T07", "2026-11-26T08", "2026-11-26T09", "2026-11-26T08", "2026-11-26T08"}
			if seq {
				want = []string{"2026-11-26T07", "2026-11-26T08", "2026-11-26T08", "2026-11-26T08", "2026-11-26T09"}
			}
			if got := rec.got(); !slices.Equal(got, want) {
				t.Fatalf("sequential %t: ran %v, want %v", seq, got, want)
			}
		}
	})
}

// Failing periods waiting for their retry do not count against MaxPerTick:
// the periods after them still run.
func TestFailuresDoNotBlockLaterPeriods(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		clk := clock.NewFixed(t0)
		rec := &recorder{fail: map[string]int{"2026-11-26T05": 9, "2026-11-26T06": 9, "2026-11-26T07": 9}}
		job := Job{Name: "test.blocked", Schedule: Hourly(In(time.UTC)), Run: rec.run, Since: t0.Add(-5 * time.Hour)}
		r := newRunner(t, store, clk, Config{MaxPerTick: 2}, job)
		tickAll(t, r)
		if got := rec.got(); !slices.Equal(got, hours(5, 5)) {
			t.Fatalf("ran %v, want every hour 05-09 once", got)
		}
		st, err := r.Status(context.Background())
		if err != nil || st[0].Backlog != 3 || st[0].Failed != 3 || st[0].Next.ID != "2026-11-26T05" || !st[0].NextDue.Equal(t0.Add(30*time.Second)) {
			t.Fatalf("status %+v %v", st[0], err)
		}
	})
}

// A claim whose holder died mid-run (claimed, never finished) is left alone
// while its lease holds, then taken over.
func TestAbandonedClaimTakenOver(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		ctx := context.Background()
		clk := clock.NewFixed(t0)
		rec := &recorder{}
		sched := EveryMinutes(5, In(time.UTC))
		job := Job{Name: "test.slots", Schedule: sched, Run: rec.run, Since: t0.Add(-5 * time.Minute)}
		p := sched.At(ctx, t0.Add(-time.Minute))
		ok, _, err := NewStore(store).claim(ctx, job.Name, p, "killed-instance", t0, time.Minute, false)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		r := newRunner(t, store, clk, Config{Lease: time.Minute}, job)
		if n := tickAll(t, r); n != 0 {
			t.Fatalf("ran %d under another holder's live lease", n)
		}
		if _, err := r.RunPeriod(ctx, job.Name, p.ID); !errors.Is(err, ErrRunning) {
			t.Fatalf("by hand under a live lease: %v", err)
		}
		clk.Advance(61 * time.Second)
		if n := tickAll(t, r); n != 1 {
			t.Fatalf("ran %d after the lease passed", n)
		}
		row, _, _ := NewStore(store).Get(ctx, job.Name, p.ID)
		if row.Status != StatusDone || row.Attempts != 2 || row.Owner != r.Owner() || !slices.Equal(rec.got(), []string{"2026-11-26T09:55"}) {
			t.Fatalf("row %+v ran %v", row, rec.got())
		}
		// the dead holder coming back cannot record over it
		if held, err := NewStore(store).finish(ctx, job.Name, p.ID, "killed-instance", clk.Now(), "late", time.Time{}); err != nil || held {
			t.Fatalf("the old holder finished: %v %v", held, err)
		}
	})
}

// Two instances on one database tick at once: every period runs once, never
// two at a time.
func TestExactlyOnceTwoRunners(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		other, err := db.Open(context.Background(), store.URL) // the second instance's own connections
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { other.Close() })
		clk := clock.NewFixed(t0)
		var mu sync.Mutex
		runs := map[string]int{}
		inFlight := map[string]bool{}
		var overlaps atomic.Int32
		run := func(_ context.Context, p Period) error {
			mu.Lock()
			if inFlight[p.ID] {
				overlaps.Add(1)
			}
			inFlight[p.ID] = true
			runs[p.ID]++
			mu.Unlock()
			time.Sleep(2 * time.Millisecond)
			mu.Lock()
			inFlight[p.ID] = false
			mu.Unlock()
			return nil
		}
		job := Job{Name: "test.race", Schedule: EveryMinutes(5, In(time.UTC)), Run: run, Since: t0.Add(-4 * time.Hour)}
		a := newRunner(t, store, clk, Config{MaxPerTick: 5}, job)
		b := newRunner(t, other, clk, Config{MaxPerTick: 5}, job)
		var wg sync.WaitGroup
		for _, r := range []*Runner{a, b, a, b} { // two loops per instance too
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < 200; i++ {
					if _, err := r.Tick(context.Background()); err != nil {
						t.Error(err)
						return
					}
					if st, _ := r.Status(context.Background()); st[0].Backlog == 0 {
						return
					}
				}
			}()
		}
		wg.Wait()
		if len(runs) != 48 || overlaps.Load() != 0 {
			t.Fatalf("%d periods run, %d overlaps", len(runs), overlaps.Load())
		}
		for id, n := range runs {
			if n != 1 {
				t.Errorf("%s ran %d times", id, n)
			}
		}
	})
}

// Runs by hand: the latest due period by default, a done period again
// (recorded), and clear refusals.
func TestRunPeriodByHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		ctx := context.Background()
		clk := clock.NewFixed(t0.Add(20 * time.Minute))
		rec := &recorder{fail: map[string]int{"2026-11-25": 1}}
		job := Job{Name: "test.manual", Schedule: Daily(0, In(time.UTC)), Run: rec.run, Delay: 15 * time.Minute}
		r := newRunner(t, store, clk, Config{}, job)
		p, err := r.RunPeriod(ctx, job.Name, "")
		if p.ID != "2026-11-25" || err == nil || err.Error() != "bill 2026-11-25: insufficient funds" {
			t.Fatalf("latest due: %s, %v", p.ID, err)
		}
		if p, err = r.RunPeriod(ctx, job.Name, "2026-11-25"); err != nil { // a failed one at once, no backoff by hand
			t.Fatal(err)
		}
		if _, err = r.RunPeriod(ctx, job.Name, "2026-11-25"); err != nil { // done: run again
			t.Fatal(err)
		}
		row, _, _ := NewStore(store).Get(ctx, job.Name, "2026-11-25")
		if row.Status != StatusDone || row.Attempts != 3 {
			t.Fatalf("row %+v", row)
		}
		if _, err := r.RunPeriod(ctx, job.Name, "2026-11-26"); !errors.Is(err, ErrNotDue) {
			t.Fatalf("today: %v", err)
		}
		if _, err := r.RunPeriod(ctx, job.Name, "2026-11-32"); !errors.Is(err, ErrBadPeriod) {
			t.Fatalf("malformed: %v", err)
		}
		if _, err := r.RunPeriod(ctx, "nope", ""); !errors.Is(err, ErrUnknownJob) {
			t.Fatalf("unknown: %v", err)
		}
		if got := rec.got(); !slices.Equal(got, []string{"2026-11-25", "2026-11-25", "2026-11-25"}) {
			t.Fatalf("ran %v", got)
		}
		// the scheduler never runs the done period again
		if n := tickAll(t, r); n != 0 {
			t.Fatalf("the scheduler ran %d", n)
		}
		if st, err := r.Status(ctx); err != nil || st[0].Schedule != "daily at 00:00 + 15m0s" || st[0].Last.Attempts != 3 {
			t.Fatalf("status %+v %v", st, err)
		}
		// before the delay, the day before is the latest due
		clk2 := clock.NewFixed(t0.Add(-10*time.Hour + 10*time.Minute))
		if p, err := newRunner(t, store, clk2, Config{}, job).RunPeriod(ctx, job.Name, ""); err != nil || p.ID != "2026-11-24" {
			t.Fatalf("latest due within the delay: %s %v", p.ID, err)
		}
	})
}

// The lease is renewed while a job runs longer than it, so nobody takes the
// period over; Stop cancels a run, which is recorded failed and retryable
// at once.
func TestLeaseRenewedAndStop(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, store *db.DB) {
		ctx := context.Background()
		started := make(chan Period, 1)
		job := Job{Name: "test.long", Schedule: Hourly(In(time.UTC)), Run: func(ctx context.Context, p Period) error {
			select {
			case started <- p:
			default: // a second run (a failure the test reports)
			}
			<-ctx.Done()
			return ctx.Err()
		}}
		// a lease long enough for a loaded machine's renewals, short enough
		// that the run outlives it several times
		cfg := Config{Lease: 1500 * time.Millisecond, Tick: 20 * time.Millisecond}
		a := newRunner(t, store, clock.System{}, cfg, job)
		a.Start(ctx)
		p := <-started
		b := newRunner(t, store, clock.System{}, cfg, job)
		deadline := time.Now().Add(4 * time.Second) // over two leases and a half
		for time.Now().Before(deadline) {
			bctx, cancel := context.WithTimeout(ctx, 2*time.Second) // a wrong claim's run ends
			_, err := b.RunPeriod(bctx, job.Name, p.ID)
			cancel()
			if !errors.Is(err, ErrRunning) {
				t.Fatalf("the other instance took a renewed claim: %v", err)
			}
			time.Sleep(200 * time.Millisecond)
		}
		stopCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		if err := a.Stop(stopCtx); err != nil {
			t.Fatal(err)
		}
		row, _, _ := NewStore(store).Get(ctx, job.Name, p.ID)
		if row.Status != StatusFailed || row.Error != context.Canceled.Error() || row.RetryAt.After(time.Now()) {
			t.Fatalf("after stop %+v", row)
		}
	})
}

func TestRegisterRefusesBadJobs(t *testing.T) {
	reg := NewRegistry()
	ok := Job{Name: "a", Schedule: Hourly(nil), Run: func(context.Context, Period) error { return nil }}
	if err := reg.Register(ok); err != nil {
		t.Fatal(err)
	}
	for _, j := range []Job{ok, {Name: "", Schedule: ok.Schedule, Run: ok.Run}, {Name: "b", Run: ok.Run}, {Name: "c", Schedule: ok.Schedule},
		{Name: "d", Schedule: ok.Schedule, Run: ok.Run, Delay: -time.Second}} {
		if err := reg.Register(j); err == nil {
			t.Errorf("registered %+v", j)
		}
	}
	if got := reg.Names(); !slices.Equal(got, []string{"a"}) {
		t.Fatal(got)
	}
}
