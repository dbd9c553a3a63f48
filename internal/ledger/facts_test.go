package ledger_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// fact is a test fact keyed key.
func fact(key string, member, amount int64) activity.Fact {
	return activity.Fact{Key: key, Kind: activity.DepositCredited, MemberID: member, Currency: php, Amount: amount,
		Ref: "order-" + key, Detail: "gcash", At: time.UnixMilli(1_700_000_000_123)}
}

// withFacts is req carrying facts.
func withFacts(req ledger.PostingRequest, facts ...activity.Fact) ledger.PostingRequest {
	req.Facts = facts
	return req
}

// factCount is the number of stream rows with key.
func factCount(t testing.TB, d *db.DB, key string) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), d.Rebind(`SELECT COUNT(*) FROM activity_event WHERE fact_key = ?`), key).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// TestPostingFacts checks that a posting's facts are in the stream once
// its posting is written, with their fields; that a replay of the key, a
// refused posting, a posting whose batch rolls back and a refused chain add
// none; that a chain's facts go in with it; and that a fact without a key
// is refused with nothing posted.
func TestPostingFacts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 100)

		p, err := b.s.Post(ctx, withFacts(transfer("d1", ledger.KindDeposit, b.clearing.ID, alice.ID, 40), fact("f:d1", 1, 40)))
		if err != nil || p.Replay {
			t.Fatalf("post: %+v %v", p, err)
		}
		var kind, cur, ref, detail string
		var member, amount, at, seq int64
		var seqNull *int64
		if err := d.QueryRowContext(ctx, d.Rebind(`SELECT kind, member_id, currency, amount, ref, detail, occurred_at, seq
			FROM activity_event WHERE fact_key = ?`), "f:d1").Scan(&kind, &member, &cur, &amount, &ref, &detail, &at, &seqNull); err != nil {
			t.Fatalf("read fact: %v", err)
		}
		if seqNull != nil {
			seq = *seqNull
		}
		wantSeq := int64(0) // PostgreSQL: numbered later by the sequencer
		if d.Dialect == db.SQLite {
			wantSeq = 1 // numbered at insert
		}
		if kind != string(activity.DepositCredited) || member != 1 || cur != php || amount != 40 || ref != "order-f:d1" ||
			detail != "gcash" || at != 1_700_000_000_123 || seq != wantSeq {
			t.Fatalf("fact read back: %s %d %s %d %s %s %d seq %d", kind, member, cur, amount, ref, detail, at, seq)
		}

		// A replay of the key writes no fact, not even one with a new key.
		r, err := b.s.Post(ctx, withFacts(transfer("d1", ledger.KindDeposit, b.clearing.ID, alice.ID, 40), fact("f:d1-again", 1, 40)))
		if err != nil || !r.Replay {
			t.Fatalf("replay: %+v %v", r, err)
		}
		// A refused posting writes none.
		_, err = b.s.Post(ctx, withFacts(transfer("big", ledger.KindBet, alice.ID, b.house.ID, 1_000), fact("f:big", 1, 1_000)))
		wantCode(t, err, "ledger.insufficient_funds")
		// A refused chain writes none of its postings' facts.
		chain := betWin("c-bad", alice.ID, b.house.ID, 10, 5)
		chain[0].Facts = []activity.Fact{fact("f:c-bad-bet", 1, 10)}
		chain[1].Lines = []ledger.Line{{AccountID: alice.ID, Amount: -10_000, Currency: php}, {AccountID: b.house.ID, Amount: 10_000, Currency: php}}
		chain[1].Facts = []activity.Fact{fact("f:c-bad-win", 1, 5)}
		_, err = b.s.PostChain(ctx, chain)
		wantCode(t, err, "ledger.insufficient_funds")
		// A written chain writes both.
		chain = betWin("c-ok", alice.ID, b.house.ID, 10, 5)
		chain[0].Facts = []activity.Fact{fact("f:c-ok-bet", 1, 10)}
		chain[1].Facts = []activity.Fact{fact("f:c-ok-win", 1, 5)}
		if _, err := b.s.PostChain(ctx, chain); err != nil {
			t.Fatal(err)
		}
		// A batch rolled back (a hook failing) writes none.
		failing := &recordingHook{seen: map[int64]bool{}, fail: errors.New("boom")}
		req := withFacts(transfer("hooked-fail", ledger.KindBet, alice.ID, b.house.ID, 1), fact("f:hooked-fail", 1, 1))
		req.Hook = failing
		if _, err := b.s.Post(ctx, req); err == nil {
			t.Fatal("a failing hook's posting was written")
		}
		// A posting whose hook writes through *db.Tx (the database/sql path
		// on PostgreSQL too) writes its fact.
		req = withFacts(transfer("hooked", ledger.KindBet, alice.ID, b.house.ID, 1), fact("f:hooked", 1, 1))
		req.Hook = &recordingHook{seen: map[int64]bool{}}
		if _, err := b.s.Post(ctx, req); err != nil {
			t.Fatal(err)
		}
		// A fact without a key is refused, and nothing is posted.
		bad := fact("", 1, 1)
		_, err = b.s.Post(ctx, withFacts(transfer("no-key", ledger.KindBet, alice.ID, b.house.ID, 1), bad))
		wantCode(t, err, "ledger.invalid_posting")
		// So is one PostgreSQL could not store (it would fail the whole batch there).
		for _, detail := range []string{"nul\x00byte", "bad\xffutf8"} {
			bad = fact("f:bad-text", 1, 1)
			bad.Detail = detail
			_, err = b.s.Post(ctx, withFacts(transfer("no-key", ledger.KindBet, alice.ID, b.house.ID, 1), bad))
			wantCode(t, err, "ledger.invalid_posting")
		}

		for key, want := range map[string]int{"f:d1": 1, "f:d1-again": 0, "f:big": 0, "f:c-bad-bet": 0, "f:c-bad-win": 0,
			"f:c-ok-bet": 1, "f:c-ok-win": 1, "f:hooked-fail": 0, "f:hooked": 1, "f:bad-text": 0} {
			if got := factCount(t, d, key); got != want {
				t.Errorf("fact %s: %d rows, want %d", key, got, want)
			}
		}
		var n int
		if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM ledger_posting WHERE idempotency_key = 'no-key'`).Scan(&n); err != nil || n != 0 {
			t.Errorf("posting with a bad fact: %d rows, %v", n, err)
		}
		b.verifyClean()
	})
}

// TestPostingFactsInOneBatch queues postings with every outcome into ONE
// batch and checks that exactly the written postings' facts are in the
// stream: not the refused one's, not a replay's (of an earlier posting or
// of one earlier in the batch), not a refused chain's; and a fact key
// carried by two written postings is in the stream once.
func TestPostingFactsInOneBatch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 100)
		b.post("old", ledger.KindBet, alice.ID, b.house.ID, 5) // alice 95

		bet := func(key string, amount int64, facts ...activity.Fact) func() error {
			return func() error {
				_, err := b.s.Post(ctx, withFacts(transfer(key, ledger.KindBet, alice.ID, b.house.ID, amount), facts...))
				return err
			}
		}
		badChain := betWin("chain-bad", alice.ID, b.house.ID, 1, 1)
		badChain[1].Lines = []ledger.Line{{AccountID: alice.ID, Amount: -10_000, Currency: php}, {AccountID: b.house.ID, Amount: 10_000, Currency: php}}
		badChain[0].Facts = []activity.Fact{fact("f:chain-bad", 1, 1)}
		calls := []struct {
			run     func() error
			n       int // postings it queues
			failing bool
		}{
			{run: bet("k1", 10, fact("f:k1", 1, 10))},                          // alice 85
			{run: bet("k2", 1_000, fact("f:k2", 1, 1_000)), failing: true},     // refused
			{run: bet("old", 5, fact("f:old-replay", 1, 5))},                   // replay of an earlier posting
			{run: bet("k1", 10, fact("f:k1-replay", 1, 10))},                   // replay inside the batch
			{run: bet("k3", 20, fact("f:k3", 1, 20), fact("f:shared", 1, 20))}, // alice 65
			{run: bet("k4", 5, fact("f:shared", 1, 5))},                        // alice 60; its fact key is in the stream already
			{run: func() error { _, err := b.s.PostChain(ctx, badChain); return err }, n: 2, failing: true},
		}
		queued, release := ledger.HoldBatches(b.s)
		errs := make([]error, len(calls))
		var wg sync.WaitGroup
		want := 0
		for i, c := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[i] = c.run()
			}()
			want += max(c.n, 1) // queue in this order
			waitQueued(t, queued, want, i)
		}
		release()
		wg.Wait()
		for i, c := range calls {
			if (errs[i] != nil) != c.failing {
				t.Errorf("call %d: %v", i, errs[i])
			}
		}
		for key, want := range map[string]int{"f:k1": 1, "f:k2": 0, "f:old-replay": 0, "f:k1-replay": 0, "f:k3": 1,
			"f:shared": 1, "f:chain-bad": 0} {
			if got := factCount(t, d, key); got != want {
				t.Errorf("fact %s: %d rows, want %d", key, got, want)
			}
		}
		if got := b.balance(alice.ID); got != 60 {
			t.Errorf("alice %d, want 60", got)
		}
		b.verifyClean()
	})
}

// TestPostingFactsParallelDuplicates posts the same key with its fact from
// many goroutines at once: one posting, one fact.
func TestPostingFactsParallelDuplicates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 0)
		var wg sync.WaitGroup
		for range 16 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := b.s.Post(ctx, withFacts(transfer("dup", ledger.KindDeposit, b.clearing.ID, alice.ID, 7), fact("f:dup", 1, 7))); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if got := factCount(t, d, "f:dup"); got != 1 {
			t.Errorf("fact: %d rows, want 1", got)
		}
		if got := b.balance(alice.ID); got != 7 {
			t.Errorf("alice %d, want 7", got)
		}
	})
}
