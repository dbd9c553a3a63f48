package ledger_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

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
			deadline := time.Now().Add(10 * time.Second)
			for queued() != i+1 {
				if time.Now().After(deadline) {
					t.Fatalf("call %d was not queued", i)
				}
				time.Sleep(time.Millisecond)
			}
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
