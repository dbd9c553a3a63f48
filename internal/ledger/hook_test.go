package ledger_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// recordingHook records what it is handed and, inside the batch's
// transaction, reads back each posting it is handed (which only the batch's
// own transaction can see before COMMIT).
type recordingHook struct {
	mu    sync.Mutex
	calls [][]ledger.Hooked
	seen  map[int64]bool // posting id -> visible in the hook's transaction
	fail  error
}

func (h *recordingHook) WritePosted(ctx context.Context, tx *db.Tx, posted []ledger.Hooked) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, posted)
	for _, p := range posted {
		var n int
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*) FROM ledger_posting WHERE id = ?`), p.Posting.ID).Scan(&n); err != nil {
			return err
		}
		h.seen[p.Posting.ID] = n == 1
	}
	return h.fail
}

// TestHook checks that a posting's Hook runs in the posting's own batch
// transaction, once per batch with every written posting that carries it
// (not replays, not refusals), and that a hook's error rolls the batch back.
func TestHook(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 100)
		old := b.post("old", ledger.KindBet, alice.ID, b.house.ID, 5) // alice 95

		h := &recordingHook{seen: map[int64]bool{}}
		other := &recordingHook{seen: map[int64]bool{}}
		hooked := func(key string, amount int64, hook ledger.Hook) func() (ledger.Posting, error) {
			return func() (ledger.Posting, error) {
				req := transfer(key, ledger.KindBet, alice.ID, b.house.ID, amount)
				req.Hook, req.HookData = hook, key
				return b.s.Post(ctx, req)
			}
		}
		calls := []func() (ledger.Posting, error){
			hooked("a", 10, h),     // written
			hooked("old", 5, h),    // a replay: not handed
			hooked("big", 1000, h), // refused: not handed
			hooked("b", 20, other), // another hook: its own call
			hooked("c", 30, h),     // written
			hooked("a", 10, h),     // in-batch replay: not handed
			func() (ledger.Posting, error) {
				return b.s.Post(ctx, transfer("plain", ledger.KindBet, alice.ID, b.house.ID, 1))
			},
		}
		queued, release := ledger.HoldBatches(b.s)
		results := make([]ledger.Posting, len(calls))
		errs := make([]error, len(calls))
		var wg sync.WaitGroup
		for i, c := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = c()
			}()
			waitQueued(t, queued, i+1, i)
		}
		release()
		wg.Wait()
		wantCode(t, errs[2], "ledger.insufficient_funds")
		if !results[1].Replay || results[1].ID != old.ID || !results[5].Replay {
			t.Fatalf("replays: %+v %+v", results[1], results[5])
		}
		if len(h.calls) != 1 || len(h.calls[0]) != 2 || h.calls[0][0].Data != "a" || h.calls[0][1].Data != "c" ||
			h.calls[0][0].Posting.ID != results[0].ID || h.calls[0][1].Posting.ID != results[4].ID {
			t.Fatalf("hook calls %+v", h.calls)
		}
		if len(other.calls) != 1 || len(other.calls[0]) != 1 || other.calls[0][0].Data != "b" {
			t.Fatalf("other hook calls %+v", other.calls)
		}
		if p := h.calls[0][0].Posting; len(p.BalancesAfter) != 2 || p.Key != "a" {
			t.Fatalf("hooked posting %+v", p)
		}
		for _, id := range []int64{results[0].ID, results[4].ID} {
			if !h.seen[id] {
				t.Errorf("posting %d not visible in its hook's transaction", id)
			}
		}

		// A hook's error fails the batch: nothing is posted, the caller gets it.
		bad := &recordingHook{seen: map[int64]bool{}, fail: errors.New("hook broke")}
		before := b.balance(alice.ID)
		if _, err := hooked("d", 7, bad)(); err == nil {
			t.Fatal("posting with a failing hook succeeded")
		}
		if len(bad.calls) == 0 || b.balance(alice.ID) != before {
			t.Fatalf("failing hook: calls %d, balance %d -> %d", len(bad.calls), before, b.balance(alice.ID))
		}
		if _, err := b.s.Post(ctx, transfer("d", ledger.KindBet, alice.ID, b.house.ID, 7)); err != nil {
			t.Fatalf("key of the rolled back posting not free: %v", err)
		}
		b.verifyClean()
	})
}

// pipeHook is a PipelinedHook: on PostgreSQL its statement reads each
// posting it is handed back inside the batch's transaction (visible before
// COMMIT only there), in the pipeline; ok false and WritePosted otherwise.
type pipeHook struct {
	recordingHook
	decline bool   // answer ok false: the batch must take WritePosted
	query   string // the statement (default: count the postings by id)
	done    [][]int64
	doneErr error
}

func (h *pipeHook) PipelineStatement(ctx context.Context, posted []ledger.Hooked) (ledger.HookStatement, bool, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, posted)
	if h.decline {
		return ledger.HookStatement{}, false, nil
	}
	ids, keys := make([]int64, len(posted)), make([]string, len(posted))
	for i, p := range posted {
		ids[i], keys[i] = p.Posting.ID, p.Data.(string)
	}
	q := h.query
	if q == "" {
		q = `SELECT p.id, k.key FROM unnest($1::bigint[], $2::text[]) AS k(id, key) JOIN ledger_posting p ON p.id = k.id ORDER BY p.id`
	}
	return ledger.HookStatement{Query: q, Args: []any{ids, keys}, Done: func(ctx context.Context, rows ledger.HookRows) error {
		h.mu.Lock()
		defer h.mu.Unlock()
		var got []int64
		for i := 0; i < rows.Len(); i++ {
			var id int64
			var key string
			if err := rows.Scan(i, &id, &key); err != nil {
				return err
			}
			h.seen[id] = true
			got = append(got, id)
		}
		h.done = append(h.done, got)
		return h.doneErr
	}}, true, nil
}

// TestPipelinedHook: on PostgreSQL a PipelinedHook's statement runs in the
// batch's pipeline, sees the batch's own postings, and its rows reach Done
// after COMMIT; a failing statement fails the batch (nothing posted), a
// hook that declines runs as a plain Hook, and an error from Done is the
// answer of that hook's postings only (they are committed).
func TestPipelinedHook(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 1000)
		post := func(key string, amount int64, hook ledger.Hook) (ledger.Posting, error) {
			req := transfer(key, ledger.KindBet, alice.ID, b.house.ID, amount)
			req.Hook, req.HookData = hook, key
			return b.s.Post(ctx, req)
		}
		pg := d.Dialect == db.Postgres

		h := &pipeHook{recordingHook: recordingHook{seen: map[int64]bool{}}}
		p1, err := post("p1", 10, h)
		if err != nil {
			t.Fatal(err)
		}
		if pg {
			if len(h.done) != 1 || len(h.done[0]) != 1 || h.done[0][0] != p1.ID || !h.seen[p1.ID] {
				t.Fatalf("pipelined statement: done %v seen %v", h.done, h.seen)
			}
		} else if len(h.done) != 0 || !h.seen[p1.ID] { // SQLite: WritePosted in the transaction
			t.Fatalf("sqlite: done %v seen %v", h.done, h.seen)
		}

		// A statement that fails fails the batch.
		bad := &pipeHook{recordingHook: recordingHook{seen: map[int64]bool{}, fail: errors.New("hook broke")}, query: `SELECT 1/0, 'x' FROM unnest($1::bigint[], $2::text[])`}
		before := b.balance(alice.ID)
		if _, err := post("p2", 7, bad); err == nil {
			t.Fatal("posting with a failing hook statement succeeded")
		}
		if b.balance(alice.ID) != before {
			t.Fatalf("failing hook moved money: %d -> %d", before, b.balance(alice.ID))
		}
		if _, err := b.s.Post(ctx, transfer("p2", ledger.KindBet, alice.ID, b.house.ID, 7)); err != nil {
			t.Fatalf("key of the rolled back posting not free: %v", err)
		}

		// A hook that declines runs through WritePosted in a transaction.
		dec := &pipeHook{recordingHook: recordingHook{seen: map[int64]bool{}}, decline: true}
		p3, err := post("p3", 5, dec)
		if err != nil || !dec.seen[p3.ID] || len(dec.done) != 0 {
			t.Fatalf("declining hook: %v seen %v done %v", err, dec.seen, dec.done)
		}

		// Done's error answers the hook's posting; the posting is committed.
		de := &pipeHook{recordingHook: recordingHook{seen: map[int64]bool{}}, doneErr: errors.New("answer lost")}
		before = b.balance(alice.ID)
		_, err = post("p4", 4, de)
		if pg {
			if err == nil || b.balance(alice.ID) != before-4 {
				t.Fatalf("done error: err %v, balance %d -> %d", err, before, b.balance(alice.ID))
			}
			if r, err := post("p4", 4, nil); err != nil || !r.Replay {
				t.Fatalf("retry after a lost answer: %+v %v", r, err)
			}
		} else if err != nil {
			t.Fatal(err)
		}
		b.verifyClean()
	})
}
