package activity

import (
	"context"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

var quietLog = slog.New(slog.DiscardHandler)

func fact(key string, member int64) Fact {
	return Fact{Key: key, Kind: DepositCredited, MemberID: member, Currency: "PHP", Amount: 100, At: time.Now()}
}

func appendOne(t testing.TB, d *db.DB, f Fact) {
	t.Helper()
	if err := d.InTx(context.Background(), func(tx *db.Tx) error { return Append(context.Background(), tx, f) }); err != nil {
		t.Fatal(err)
	}
}

// appendUnnumbered writes a fact without a position, as a PostgreSQL
// writer does (and a SQLite one did before facts were numbered at insert
// there), for the sequencer to number.
func appendUnnumbered(t testing.TB, d *db.DB, f Fact) {
	t.Helper()
	if _, err := d.ExecContext(context.Background(), d.Rebind(insertSQL), f.Key, string(f.Kind), f.MemberID, f.Currency, "", "", "",
		f.Amount, 0, 0, "", "", 0, f.At.UnixMilli(), f.At.UnixMilli()); err != nil {
		t.Fatal(err)
	}
}

// recorder is a consumer that writes what it is given into a table of its
// own in Apply's transaction, in the order given.
type recorder struct {
	name string
	mu   sync.Mutex
	seqs []int64
}

func (r *recorder) Name() string { return r.name }

func (r *recorder) Apply(ctx context.Context, tx *db.Tx, evs []Event) error {
	for _, e := range evs {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO test_seen (consumer, seq, fact_key) VALUES (?, ?, ?)`), r.name, e.Seq, e.Key); err != nil {
			return err
		}
	}
	return nil
}

func (r *recorder) Reset(ctx context.Context, tx *db.Tx) error {
	_, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM test_seen WHERE consumer = ?`), r.name)
	return err
}

func seenTable(t testing.TB, d *db.DB) {
	t.Helper()
	if _, err := d.ExecContext(context.Background(), `CREATE TABLE test_seen (consumer TEXT NOT NULL, seq BIGINT NOT NULL, fact_key TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
}

func fastConfig(instance string) Config {
	return Config{Instance: instance, LeaseTTL: time.Second, Renew: 100 * time.Millisecond, SequenceEvery: 10 * time.Millisecond,
		SequenceBatch: 50, PollEvery: 10 * time.Millisecond, ConsumeBatch: 40}
}

func waitFor(t testing.TB, what string, within time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Many goroutines append, each transaction lingering a random while after
// its insert so they commit out of id order, while the sequencer and a
// consumer run: every fact gets one position, positions are dense, and the
// consumer is given each fact once, in position order.
func TestSequencerUnderConcurrentAppends(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		seenTable(t, d)
		svc := NewService(NewStore(d), clock.System{}, quietLog, fastConfig("a"))
		svc.Register(&recorder{name: "rec"})
		if err := svc.Start(ctx); err != nil {
			t.Fatal(err)
		}
		const writers, each = 16, 40
		var wg sync.WaitGroup
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range each {
					err := d.InTx(ctx, func(tx *db.Tx) error {
						if err := Append(ctx, tx, fact(fmt.Sprintf("w%d:%d", w, i), int64(w+1))); err != nil {
							return err
						}
						time.Sleep(time.Duration(rand.IntN(3000)) * time.Microsecond)
						return nil
					})
					if err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		wg.Wait()
		st := svc.Store()
		waitFor(t, "consumer caught up", 20*time.Second, func() bool {
			p, err := st.Position(ctx, "rec")
			return err == nil && p == writers*each
		})
		if h, _ := st.Head(ctx); h != writers*each {
			t.Fatalf("head %d, want %d", h, writers*each)
		}
		rows, err := d.QueryContext(ctx, `SELECT seq, fact_key FROM test_seen ORDER BY seq`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		keys := map[string]bool{}
		var want int64 = 1
		for rows.Next() {
			var seq int64
			var key string
			if err := rows.Scan(&seq, &key); err != nil {
				t.Fatal(err)
			}
			if seq != want {
				t.Fatalf("consumer saw position %d, want %d (skipped or repeated)", seq, want)
			}
			if keys[key] {
				t.Fatalf("%s given twice", key)
			}
			keys[key] = true
			want++
		}
		if len(keys) != writers*each {
			t.Fatalf("consumer saw %d facts, want %d", len(keys), writers*each)
		}
	})
}

// On PostgreSQL a transaction that took a lower id can commit after one
// with a higher id was numbered and consumed: it gets the next position, so
// a consumer reading after its cursor still finds it.
func TestLateCommitGetsALaterPosition(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.Postgres {
			t.Skip("SQLite writers commit one at a time, in id order")
		}
		ctx := context.Background()
		st := NewStore(d)
		late, err := d.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		f := fact("late", 1)
		if _, err := late.ExecContext(ctx, d.Rebind(insertSQL), f.Key, string(f.Kind), f.MemberID, f.Currency, "", "", "", f.Amount, 0, 0, "", "", 0, f.At.UnixMilli(), f.At.UnixMilli()); err != nil {
			t.Fatal(err)
		}
		appendOne(t, d, fact("early", 1))
		if n, err := st.sequence(ctx, 100); err != nil || n != 1 {
			t.Fatalf("sequence: %d, %v", n, err)
		}
		evs, _ := st.EventsAfter(ctx, 0, 10)
		if len(evs) != 1 || evs[0].Key != "early" || evs[0].Seq != 1 {
			t.Fatalf("first read %+v", evs)
		}
		if err := late.Commit(); err != nil {
			t.Fatal(err)
		}
		if n, err := st.sequence(ctx, 100); err != nil || n != 1 {
			t.Fatalf("sequence: %d, %v", n, err)
		}
		evs, _ = st.EventsAfter(ctx, 1, 10)
		if len(evs) != 1 || evs[0].Key != "late" || evs[0].Seq != 2 {
			t.Fatalf("after the cursor: %+v", evs)
		}
	})
}

// A fact whose key is in the stream already is not added again.
func TestAppendIsIdempotentOnTheKey(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		appendOne(t, d, fact("k", 1))
		appendOne(t, d, fact("k", 1))
		st := NewStore(d)
		if _, err := st.sequence(context.Background(), 10); err != nil {
			t.Fatal(err)
		}
		if h, err := st.Head(context.Background()); err != nil || h != 1 {
			t.Fatalf("head %d, %v; want 1", h, err)
		}
		// Neither the skipped duplicate nor a rolled-back append leaves a
		// gap in the positions.
		rolledBack := d.InTx(context.Background(), func(tx *db.Tx) error {
			if err := Append(context.Background(), tx, fact("gone", 1)); err != nil {
				return err
			}
			return fmt.Errorf("roll back")
		})
		if rolledBack == nil {
			t.Fatal("no rollback")
		}
		appendOne(t, d, fact("k2", 1))
		if _, err := st.sequence(context.Background(), 10); err != nil {
			t.Fatal(err)
		}
		evs, err := st.EventsAfter(context.Background(), 0, 10)
		if err != nil || len(evs) != 2 || evs[0].Key != "k" || evs[0].Seq != 1 || evs[1].Key != "k2" || evs[1].Seq != 2 {
			t.Fatalf("events %+v, %v", evs, err)
		}
		if d.Dialect == db.SQLite {
			plan := dbtest.Plan(t, d, `SELECT `+sqliteHead)
			if !strings.Contains(plan, "activity_event_seq") {
				t.Fatalf("the position at insert does not read the seq index:\n%s", plan)
			}
		}
	})
}

// A lease another instance holds is left alone until it expires; then this
// instance takes the sequencer over within about a renewal.
func TestLeaseTakeover(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		st := NewStore(d)
		if err := st.ensureLease(ctx, SequencerLease); err != nil {
			t.Fatal(err)
		}
		// "dead" took the lease and never renews it.
		taken := time.Now()
		if ok, err := st.acquire(ctx, SequencerLease, "dead", taken, 1500*time.Millisecond); err != nil || !ok {
			t.Fatalf("acquire: %v %v", ok, err)
		}
		appendUnnumbered(t, d, fact("x", 1))
		svc := NewService(st, clock.System{}, quietLog, fastConfig("alive"))
		if err := svc.Start(ctx); err != nil {
			t.Fatal(err)
		}
		time.Sleep(700 * time.Millisecond)
		if h, _ := st.Head(ctx); h != 0 {
			t.Fatal("numbered while another instance held the lease")
		}
		waitFor(t, "takeover", 3*time.Second, func() bool { h, _ := st.Head(ctx); return h == 1 })
		if since := time.Since(taken); since > 2500*time.Millisecond {
			t.Fatalf("took over %v after the lease was taken (TTL 1.5 s)", since)
		}
		s, err := st.Status(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if s.Sequencer.Holder != "alive" {
			t.Fatalf("holder %q", s.Sequencer.Holder)
		}
		// Stopping gives the lease up at once.
		cancel()
		if err := svc.Wait(context.Background()); err != nil {
			t.Fatal(err)
		}
		if ok, err := st.acquire(context.Background(), SequencerLease, "next", time.Now(), time.Second); err != nil || !ok {
			t.Fatalf("lease not released on stop: %v %v", ok, err)
		}
	})
}

// A batch applied from a stale cursor (a second holder, or one that lost its
// lease) changes nothing.
func TestStaleBatchRollsBack(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		seenTable(t, d)
		st := NewStore(d)
		for i := range 3 {
			appendOne(t, d, fact(fmt.Sprint(i), 1))
		}
		if _, err := st.sequence(ctx, 10); err != nil {
			t.Fatal(err)
		}
		if err := st.ensureCursor(ctx, "rec", time.Now()); err != nil {
			t.Fatal(err)
		}
		evs, _ := st.EventsAfter(ctx, 0, 10)
		rec := &recorder{name: "rec"}
		if err := st.apply(ctx, rec, 0, evs[len(evs)-1].Seq, evs, time.Now()); err != nil {
			t.Fatal(err)
		}
		if err := st.apply(ctx, rec, 0, evs[len(evs)-1].Seq, evs, time.Now()); err != ErrCursorMoved {
			t.Fatalf("second apply from 0: %v, want ErrCursorMoved", err)
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM test_seen`).Scan(&n); err != nil || n != 3 {
			t.Fatalf("rows %d (%v), want 3", n, err)
		}
		// A replay forgets and rewinds in one transaction.
		if err := st.Replay(ctx, rec, time.Now()); err != nil {
			t.Fatal(err)
		}
		if p, _ := st.Position(ctx, "rec"); p != 0 {
			t.Fatalf("position after replay %d", p)
		}
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM test_seen`).Scan(&n); err != nil || n != 0 {
			t.Fatalf("rows after replay %d (%v)", n, err)
		}
	})
}

// A member's unapplied events come with the ones not numbered yet.
func TestMemberEventsAfter(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := NewStore(d)
		appendOne(t, d, fact("a", 7))
		appendOne(t, d, fact("b", 8))
		appendOne(t, d, fact("c", 7))
		if _, err := st.sequence(ctx, 10); err != nil {
			t.Fatal(err)
		}
		appendUnnumbered(t, d, fact("d", 7))
		evs, err := st.MemberEventsAfter(ctx, 7, 1, 10, true)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) != 2 || evs[0].Key != "c" || evs[0].Seq != 3 || evs[1].Key != "d" || evs[1].Seq != 0 {
			t.Fatalf("got %+v", evs)
		}
		evs, _ = st.MemberEventsAfter(ctx, 7, 1, 10, false)
		if len(evs) != 1 {
			t.Fatalf("without pending: %+v", evs)
		}
		plan := dbtest.Plan(t, d, `SELECT seq FROM activity_event WHERE member_id = ? AND seq > ? ORDER BY seq LIMIT 10`, 7, 0)
		if !strings.Contains(plan, "activity_event_member") {
			t.Fatalf("member read does not use its index:\n%s", plan)
		}
		plan = dbtest.Plan(t, d, `SELECT seq FROM activity_event WHERE member_id = ? AND occurred_at >= ? AND occurred_at < ? ORDER BY occurred_at, id`, 7, 0, 1)
		if !strings.Contains(plan, "activity_event_member_time") {
			t.Fatalf("member read by time does not use its index:\n%s", plan)
		}
		evs, err = st.MemberEventsBetween(ctx, 7, time.Now().Add(-time.Minute), time.Now().Add(time.Minute))
		if err != nil || len(evs) != 3 {
			t.Fatalf("by time: %+v %v", evs, err)
		}
		for _, q := range []string{probeSQL, `SELECT id FROM activity_event WHERE seq IS NULL ORDER BY id LIMIT 10`} {
			plan = dbtest.Plan(t, d, q)
			if !strings.Contains(plan, "activity_event_unsequenced") {
				t.Fatalf("sequencer read does not use its index:\n%s\n%s", q, plan)
			}
		}
	})
}

// flaky fails its first Apply after writing: the batch rolls back whole and
// is given again, so every fact still takes effect once.
type flaky struct {
	recorder
	fails int
}

func (f *flaky) Apply(ctx context.Context, tx *db.Tx, evs []Event) error {
	if err := f.recorder.Apply(ctx, tx, evs); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.fails > 0 {
		f.fails--
		return fmt.Errorf("consumer failed")
	}
	return nil
}

func TestFailedApplyIsRetried(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		seenTable(t, d)
		for i := range 5 {
			appendOne(t, d, fact(fmt.Sprint(i), 1))
		}
		svc := NewService(NewStore(d), clock.System{}, quietLog, fastConfig("a"))
		svc.Register(&flaky{recorder: recorder{name: "rec"}, fails: 1})
		if err := svc.Start(ctx); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "consumer caught up", 10*time.Second, func() bool { p, _ := svc.Store().Position(ctx, "rec"); return p == 5 })
		var n int
		if err := d.QueryRowContext(ctx, `SELECT count(*) FROM test_seen`).Scan(&n); err != nil || n != 5 {
			t.Fatalf("rows %d (%v), want 5", n, err)
		}
		if err := svc.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

// Correctness does not rest on the lease: sequencers running at once (as two
// instances would while clocks disagree) still give every event one
// position, densely.
func TestConcurrentSequencersNumberOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		st := NewStore(d)
		const n = 400
		var wg sync.WaitGroup
		stop := make(chan struct{})
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					if _, err := st.sequence(ctx, 7); err != nil {
						t.Error(err)
						return
					}
				}
			}()
		}
		var writers sync.WaitGroup
		for w := range 8 {
			writers.Add(1)
			go func() {
				defer writers.Done()
				for i := range n / 8 {
					f := fact(fmt.Sprintf("%d:%d", w, i), 1)
					if w%2 == 0 {
						appendUnnumbered(t, d, f)
					} else {
						appendOne(t, d, f) // numbered at insert on SQLite
					}
				}
			}()
		}
		writers.Wait()
		waitFor(t, "every event numbered", 20*time.Second, func() bool { h, _ := st.Head(ctx); return h == n })
		close(stop)
		wg.Wait()
		var count, distinct, lo, hi int64
		if err := d.QueryRowContext(ctx, `SELECT count(*), count(DISTINCT seq), min(seq), max(seq) FROM activity_event`).Scan(&count, &distinct, &lo, &hi); err != nil {
			t.Fatal(err)
		}
		if count != n || distinct != n || lo != 1 || hi != n {
			t.Fatalf("%d events, %d positions from %d to %d; want %d dense", count, distinct, lo, hi, n)
		}
	})
}

// picky wants the settled rounds with a win only.
type picky struct{ recorder }

func (p *picky) Wants() Filter { return Filter{Kinds: []Kind{RoundSettled}, Wins: true} }

// A selective consumer is given only the events it wants, once each, and
// its cursor still moves past every position.
func TestSelectiveConsumer(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		seenTable(t, d)
		const n = 97
		want := map[string]bool{}
		for i := range n {
			f := fact(fmt.Sprint(i), 1)
			switch i % 3 {
			case 0:
				f.Kind, f.Win = RoundSettled, 50
				want[f.Key] = true
			case 1:
				f.Kind = RoundSettled // no win
			}
			appendOne(t, d, f)
		}
		cfg := fastConfig("a")
		cfg.ConsumeBatch = 10 // several batches, some without a wanted event
		svc := NewService(NewStore(d), clock.System{}, quietLog, cfg)
		svc.Register(&picky{recorder{name: "picky"}})
		if err := svc.Start(ctx); err != nil {
			t.Fatal(err)
		}
		waitFor(t, "consumer caught up", 20*time.Second, func() bool { p, _ := svc.Store().Position(ctx, "picky"); return p == n })
		rows, err := d.QueryContext(ctx, `SELECT fact_key FROM test_seen ORDER BY seq`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		got := map[string]bool{}
		for rows.Next() {
			var k string
			if err := rows.Scan(&k); err != nil {
				t.Fatal(err)
			}
			if !want[k] || got[k] {
				t.Fatalf("given %s (wanted %v, given before %v)", k, want[k], got[k])
			}
			got[k] = true
		}
		if len(got) != len(want) {
			t.Fatalf("given %d events, want %d", len(got), len(want))
		}
		if err := svc.Stop(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}
