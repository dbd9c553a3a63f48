package ledger_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// betWin is a round played in one call: the bet, then its win.
func betWin(key string, player, house, bet, win int64) []ledger.PostingRequest {
	return []ledger.PostingRequest{
		transfer(key, ledger.KindBet, player, house, bet),
		transfer(key+":win", ledger.KindWin, house, player, win),
	}
}

// TestPostChain checks that a chain's postings are written together and in
// order, that the bet of a bet-and-win is checked against the balance
// before the win, that a refusal refuses the whole chain (and leaves the
// batch's other postings alone), and the replays of a chain.
func TestPostChain(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 100)
		bob := b.player(2, 50)

		ps, err := b.s.PostChain(ctx, betWin("r1", alice.ID, b.house.ID, 30, 75))
		if err != nil {
			t.Fatal(err)
		}
		if len(ps) != 2 || ps[0].ID >= ps[1].ID || ps[0].Kind != ledger.KindBet || ps[1].Kind != ledger.KindWin || ps[0].Replay || ps[1].Replay {
			t.Fatalf("chain postings %+v", ps)
		}
		if got := b.balance(alice.ID); got != 145 {
			t.Fatalf("alice %d, want 145", got)
		}

		// The same chain again: both replays, nothing moves.
		again, err := b.s.PostChain(ctx, betWin("r1", alice.ID, b.house.ID, 30, 75))
		if err != nil || !again[0].Replay || !again[1].Replay || again[0].ID != ps[0].ID || again[1].ID != ps[1].ID {
			t.Fatalf("replayed chain %+v, %v", again, err)
		}
		// Its keys with another input: a mismatch.
		if _, err := b.s.PostChain(ctx, betWin("r1", alice.ID, b.house.ID, 30, 80)); err == nil {
			t.Fatal("chain with a changed win accepted")
		} else {
			wantCode(t, err, "ledger.idempotency_mismatch")
		}
		// Only its first key posted before: a mismatch, nothing moves.
		b.post("half", ledger.KindBet, alice.ID, b.house.ID, 5) // alice 140
		if _, err := b.s.PostChain(ctx, betWin("half", alice.ID, b.house.ID, 5, 9)); err == nil {
			t.Fatal("half-posted chain accepted")
		} else {
			wantCode(t, err, "ledger.idempotency_mismatch")
		}
		if got := b.balance(alice.ID); got != 140 {
			t.Fatalf("alice %d after the half-posted chain, want 140", got)
		}

		// A bet the balance cannot cover is refused even though its win
		// would: the win does not fund its own bet.
		if _, err := b.s.PostChain(ctx, betWin("r2", bob.ID, b.house.ID, 60, 500)); err == nil {
			t.Fatal("uncovered bet accepted")
		} else {
			wantCode(t, err, "ledger.insufficient_funds")
		}
		if got := b.balance(bob.ID); got != 50 {
			t.Fatalf("bob %d, want 50", got)
		}
		// Its keys stay free.
		if _, err := b.s.PostChain(ctx, betWin("r2", bob.ID, b.house.ID, 50, 1)); err != nil {
			t.Fatal(err)
		}

		// Keys must differ; an invalid posting refuses the chain up front.
		dup := []ledger.PostingRequest{transfer("x", ledger.KindBet, alice.ID, b.house.ID, 1), transfer("x", ledger.KindWin, b.house.ID, alice.ID, 1)}
		if _, err := b.s.PostChain(ctx, dup); err == nil {
			t.Fatal("chain with a repeated key accepted")
		}
		if _, err := b.s.PostChain(ctx, nil); err == nil {
			t.Fatal("empty chain accepted")
		}
		b.verifyClean()
	})
}

// TestPostChainInBatch queues chains and lone postings into one batch: a
// chain whose second posting is refused is undone in memory (its first
// posting's debit given back before the next posting of the batch is
// checked), the others commit, and a hooked chain hands its hook the
// postings before it.
func TestPostChainInBatch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 100)
		h := &recordingHook{seen: map[int64]bool{}}

		// The second posting of "bad" moves money from an account that may
		// not go negative and has nothing: refused, so its first posting
		// (alice's 60) must not count against "after", which needs 90.
		empty := b.player(3, 0)
		bad := []ledger.PostingRequest{
			transfer("bad", ledger.KindBet, alice.ID, b.house.ID, 60),
			transfer("bad:win", ledger.KindWin, empty.ID, alice.ID, 10),
		}
		hookedChain := betWin("hooked", alice.ID, b.house.ID, 5, 15)
		hookedChain[1].Hook, hookedChain[1].HookData = h, "hooked"

		type outcome struct {
			ps  []ledger.Posting
			err error
		}
		calls := []func() outcome{
			func() outcome { ps, err := b.s.PostChain(ctx, bad); return outcome{ps, err} },
			func() outcome {
				p, err := b.s.Post(ctx, transfer("after", ledger.KindBet, alice.ID, b.house.ID, 90))
				return outcome{[]ledger.Posting{p}, err}
			},
			func() outcome { ps, err := b.s.PostChain(ctx, hookedChain); return outcome{ps, err} },
		}
		sizes := []int{2, 1, 2}
		queued, release := ledger.HoldBatches(b.s)
		out := make([]outcome, len(calls))
		var wg sync.WaitGroup
		want := 0
		for i, c := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				out[i] = c()
			}()
			want += sizes[i]
			waitQueued(t, queued, want, i)
		}
		release()
		wg.Wait()
		wantCode(t, out[0].err, "ledger.insufficient_funds")
		if out[1].err != nil || out[2].err != nil {
			t.Fatalf("other postings of the batch: %v, %v", out[1].err, out[2].err)
		}
		if got := b.balance(alice.ID); got != 100-90-5+15 {
			t.Fatalf("alice %d, want %d", got, 100-90-5+15)
		}
		if got := b.balance(empty.ID); got != 0 {
			t.Fatalf("empty account %d", got)
		}
		if len(h.calls) != 1 || len(h.calls[0]) != 1 {
			t.Fatalf("hook calls %+v", h.calls)
		}
		hk := h.calls[0][0]
		if hk.Data != "hooked" || hk.Posting.ID != out[2].ps[1].ID || len(hk.Chain) != 1 || hk.Chain[0].ID != out[2].ps[0].ID {
			t.Fatalf("hooked %+v, chain %+v", hk, out[2].ps)
		}
		for _, key := range []string{"bad", "bad:win"} {
			if _, err := b.s.Post(ctx, transfer(key, ledger.KindBet, alice.ID, b.house.ID, 1)); err != nil {
				t.Fatalf("key %s of the refused chain not free: %v", key, err)
			}
		}
		b.verifyClean()
	})
}

// TestBatchTakenWithTheWriteTurn (SQLite): the writer takes its batch once
// it holds the database's write turn, so postings queued while it waited
// behind another writer go in the same batch.
func TestBatchTakenWithTheWriteTurn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.SQLite {
			t.Skip("SQLite's writers take turns; PostgreSQL's do not")
		}
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 100)
		inside, release := make(chan struct{}), make(chan struct{})
		go func() {
			_ = d.InTx(ctx, func(*db.Tx) error { close(inside); <-release; return nil })
		}()
		<-inside
		before := b.s.Stats()
		var wg sync.WaitGroup
		post := func(key string) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := b.s.Post(ctx, transfer(key, ledger.KindBet, alice.ID, b.house.ID, 1)); err != nil {
					t.Error(err)
				}
			}()
		}
		post("t1")
		time.Sleep(50 * time.Millisecond) // its writer now waits for the turn
		post("t2")
		post("t3")
		time.Sleep(50 * time.Millisecond)
		close(release)
		wg.Wait()
		after := b.s.Stats()
		if after.Batches-before.Batches != 1 || after.Postings-before.Postings != 3 {
			t.Fatalf("%d postings in %d batches, want 3 in 1", after.Postings-before.Postings, after.Batches-before.Batches)
		}
	})
}
