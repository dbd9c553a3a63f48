package figures_test

import (
	"context"
	"os"
	"os/exec"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// The child process of the crash tests: a server's stream service with the
// figures (each batch slowed down inside its transaction, so a kill lands
// mid-batch), until the figures reach FIGURES_CHILD_EXPECT.
const (
	envChildURL    = "FIGURES_CHILD_URL"
	envChildExpect = "FIGURES_CHILD_EXPECT"
	envChildName   = "FIGURES_CHILD_INSTANCE"
)

type slowFigures struct{ *figures.Figures }

func (s slowFigures) Apply(ctx context.Context, tx *db.Tx, evs []activity.Event) error {
	if err := s.Figures.Apply(ctx, tx, evs); err != nil {
		return err
	}
	time.Sleep(15 * time.Millisecond)
	return nil
}

func TestChildConsumer(t *testing.T) {
	url := os.Getenv(envChildURL)
	if url == "" {
		t.Skip("the crash tests' child process")
	}
	want, _ := strconv.ParseInt(os.Getenv(envChildExpect), 10, 64)
	ctx := context.Background()
	d, err := db.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	st := activity.NewStore(d)
	svc := activity.NewService(st, clock.System{}, quiet, activity.Config{Instance: os.Getenv(envChildName),
		LeaseTTL: 2 * time.Second, Renew: 200 * time.Millisecond, SequenceEvery: 20 * time.Millisecond,
		SequenceBatch: 100, PollEvery: 20 * time.Millisecond, ConsumeBatch: 50})
	svc.Register(slowFigures{figures.New(d, st, inManila)})
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	for {
		if p, err := st.Position(ctx, figures.Name); err == nil && p >= want {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func startChild(t *testing.T, url, instance string, want int64) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestChildConsumer$", "-test.count=1")
	cmd.Env = append(os.Environ(), envChildURL+"="+url, envChildExpect+"="+strconv.FormatInt(want, 10), envChildName+"="+instance)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	return cmd
}

func position(t testing.TB, st *activity.Store) int64 {
	t.Helper()
	p, err := st.Position(context.Background(), figures.Name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// expected is what the figures must hold for facts: the sums per member,
// computed here without the consumer.
func expected(facts []activity.Fact) map[int64]figures.Sums {
	out := map[int64]figures.Sums{}
	for _, f := range facts {
		s := out[f.MemberID]
		switch f.Kind {
		case activity.RoundSettled:
			s.Add(figures.Sums{Bets: f.Amount, ValidBets: f.ValidBet, Wins: f.Win, Rounds: 1})
		case activity.DepositCredited:
			s.Add(figures.Sums{Deposits: f.Amount, DepositCount: 1})
		case activity.WithdrawalPaid:
			s.Add(figures.Sums{Withdrawals: f.Amount, WithdrawalCount: 1})
		}
		out[f.MemberID] = s
	}
	return out
}

func checkFigures(t *testing.T, d *db.DB, f *figures.Figures, facts []activity.Fact, from time.Time) {
	t.Helper()
	ctx := context.Background()
	rep, err := f.Verify(ctx, nil, time.Time{})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK() {
		t.Fatalf("figures differ from their recompute: %q", rep.Problems)
	}
	for m, want := range expected(facts) {
		got, err := f.Totals(ctx, m, "PHP", from.Add(-48*time.Hour), time.Now().Add(48*time.Hour))
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("member %d: %+v, want %+v", m, got, want)
		}
	}
	// Every fact once: the figures' rounds and deposits count every fact.
	var n int64
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(sum(rounds + deposit_count + withdrawal_count), 0) FROM figures_daily`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	var counted int64
	for _, f := range facts {
		if f.Kind != activity.LoggedIn {
			counted++
		}
	}
	if n != counted {
		t.Fatalf("figures count %d facts, want %d", n, counted)
	}
}

// kill -9 of the process consuming, mid-way, then a restart: every fact
// takes effect once and the figures equal their recompute.
func TestExactlyOnceAcrossKill(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		st := activity.NewStore(d)
		from := time.Now().Add(-72 * time.Hour)
		facts := randomFacts(2000, from)
		appendFacts(t, d, facts...)
		total := int64(len(facts))

		first := startChild(t, d.URL, "first", total)
		deadline := time.Now().Add(30 * time.Second)
		for position(t, st) < 300 {
			if time.Now().After(deadline) {
				t.Fatal("the first child did not start consuming")
			}
			time.Sleep(5 * time.Millisecond)
		}
		if err := first.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = first.Wait()
		killedAt := position(t, st)
		if killedAt >= total {
			t.Fatalf("killed after the end (%d of %d): nothing proved", killedAt, total)
		}
		t.Logf("killed at position %d of %d", killedAt, total)

		second := startChild(t, d.URL, "second", total)
		done := make(chan error, 1)
		go func() { done <- second.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("second child: %v", err)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("second child did not finish")
		}
		checkFigures(t, d, figures.New(d, st, inManila), facts, from)
	})
}

// Two server processes on one PostgreSQL: one consumes, it is killed with
// SIGKILL while facts keep coming, the other takes the consumer over within
// seconds, and every fact is applied once.
func TestTwoProcessesOneKilled(t *testing.T) {
	if testing.Short() {
		t.Skip("starts child processes")
	}
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.Postgres {
			t.Skip("several instances share a PostgreSQL database")
		}
		ctx := context.Background()
		st := activity.NewStore(d)
		from := time.Now().Add(-72 * time.Hour)
		facts := randomFacts(3000, from)
		appendFacts(t, d, facts[:1000]...)
		total := int64(len(facts))
		children := map[string]*exec.Cmd{
			"one": startChild(t, d.URL, "one", total),
			"two": startChild(t, d.URL, "two", total),
		}
		appended := make(chan struct{})
		go func() {
			defer close(appended)
			for start := 1000; start < len(facts); start += 50 {
				chunk := facts[start:min(start+50, len(facts))]
				if err := d.InTx(ctx, func(tx *db.Tx) error { return activity.Append(ctx, tx, chunk...) }); err != nil {
					t.Error(err)
					return
				}
				time.Sleep(10 * time.Millisecond)
			}
		}()
		deadline := time.Now().Add(30 * time.Second)
		for position(t, st) < 200 {
			if time.Now().After(deadline) {
				t.Fatal("nobody consumed")
			}
			time.Sleep(5 * time.Millisecond)
		}
		status, err := st.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var holder string
		for _, c := range status.Consumers {
			if c.Name == figures.Name {
				holder = c.Lease.Holder
			}
		}
		victim, ok := children[holder]
		if !ok {
			t.Fatalf("lease holder %q is not a child", holder)
		}
		if err := victim.Process.Signal(syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
		_ = victim.Wait()
		killed := time.Now()
		at := position(t, st)
		for position(t, st) == at {
			if time.Since(killed) > 10*time.Second {
				t.Fatal("the survivor did not take over within 10 s")
			}
			time.Sleep(10 * time.Millisecond)
		}
		took := time.Since(killed)
		t.Logf("killed %s at position %d; the survivor went on after %v", holder, at, took)
		if took > 5*time.Second {
			t.Fatalf("takeover took %v (lease 2 s)", took)
		}
		<-appended
		survivor := children["one"]
		if holder == "one" {
			survivor = children["two"]
		}
		done := make(chan error, 1)
		go func() { done <- survivor.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatalf("survivor: %v", err)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("the survivor did not finish")
		}
		checkFigures(t, d, figures.New(d, st, inManila), facts, from)
		if s, _ := st.Status(ctx); s.Head != total {
			t.Fatalf("head %d, want %d", s.Head, total)
		}
	})
}
