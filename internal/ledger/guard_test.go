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

// blockHook is a GuardedHook whose guard holds while the key in a
// posting's HookData (a blockData) is not posted. It records which way each
// guard ran and what WritePosted was handed.
type blockHook struct {
	recordingHook
	guards, statements int // Guard calls, GuardStatement calls
	query              string
}

// PipelineStatement makes blockHook a PipelinedHook, so that a PostgreSQL
// batch carrying it is pipelined.
func (h *blockHook) PipelineStatement(ctx context.Context, posted []ledger.Hooked) (ledger.HookStatement, bool, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls = append(h.calls, posted)
	ids := make([]int64, len(posted))
	for i, p := range posted {
		ids[i] = p.Posting.ID
	}
	return ledger.HookStatement{Query: `SELECT count(*) FROM unnest($1::bigint[])`, Args: []any{ids}}, true, nil
}

// txGuard is a GuardedHook that is not a PipelinedHook: its batches run in
// a database/sql transaction on PostgreSQL too.
type txGuard struct {
	ledger.GuardedHook
}

type blockData struct {
	name, blocker string
}

func (h *blockHook) Guard(ctx context.Context, q *db.Tx, data []any) ([]bool, error) {
	h.mu.Lock()
	h.guards++
	h.mu.Unlock()
	holds := make([]bool, len(data))
	for i, d := range data {
		var n int
		if err := q.QueryRowContext(ctx, q.Rebind(`SELECT COUNT(*) FROM ledger_posting WHERE idempotency_key = ?`), d.(blockData).blocker).Scan(&n); err != nil {
			return nil, err
		}
		holds[i] = n == 0
	}
	return holds, nil
}

func (h *blockHook) GuardStatement(data []any) ledger.GuardStatement {
	h.mu.Lock()
	h.statements++
	h.mu.Unlock()
	keys := make([]string, len(data))
	for i, d := range data {
		keys[i] = d.(blockData).blocker
	}
	q := h.query
	if q == "" {
		q = `SELECT g.i - 1 FROM unnest($1::text[]) WITH ORDINALITY AS g(k, i)
			WHERE EXISTS (SELECT 1 FROM ledger_posting p WHERE p.idempotency_key = g.k) ORDER BY g.i`
	}
	return ledger.GuardStatement{Query: q, Args: []any{keys}, Failed: func(rows ledger.HookRows) ([]int, error) {
		out := make([]int, rows.Len())
		for i := range out {
			if err := rows.Scan(i, &out[i]); err != nil {
				return nil, err
			}
		}
		return out, nil
	}}
}

// TestGuardedHook checks a guarded posting: written with its hook when the
// guard holds; left out when it does not, with the rest of its chain and
// nothing moved, its caller answered ErrGuardFailed while the rest of the
// batch commits; its key left free. On PostgreSQL the guard runs as its
// statement in the pipelined read, elsewhere through Guard in the batch's
// transaction; a guard that errs fails the batch; Guarded without a
// GuardedHook is refused.
func TestGuardedHook(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 1000)
		b.post("taken", ledger.KindBet, alice.ID, b.house.ID, 1) // alice 999

		h := &blockHook{recordingHook: recordingHook{seen: map[int64]bool{}}}
		guarded := func(key, blocker string, amount int64) ledger.PostingRequest {
			req := transfer(key, ledger.KindBet, alice.ID, b.house.ID, amount)
			req.Hook, req.HookData, req.Guarded = h, blockData{key, blocker}, true
			return req
		}
		chain := func(key, blocker string) []ledger.PostingRequest {
			reqs := betWin(key, alice.ID, b.house.ID, 20, 5)
			last := &reqs[1]
			last.Hook, last.HookData, last.Guarded = h, blockData{key, blocker}, true
			return reqs
		}
		calls := []func() ([]ledger.Posting, error){
			func() ([]ledger.Posting, error) { return one(b.s.Post(ctx, guarded("g1", "free", 10))) },   // written
			func() ([]ledger.Posting, error) { return one(b.s.Post(ctx, guarded("g2", "taken", 100))) }, // guard fails
			func() ([]ledger.Posting, error) { return b.s.PostChain(ctx, chain("c1", "taken")) },        // guard fails: the whole chain
			func() ([]ledger.Posting, error) { return b.s.PostChain(ctx, chain("c2", "free")) },         // written
			func() ([]ledger.Posting, error) {
				return one(b.s.Post(ctx, transfer("u1", ledger.KindBet, alice.ID, b.house.ID, 3)))
			}, // not guarded
		}
		queued, release := ledger.HoldBatches(b.s)
		results := make([][]ledger.Posting, len(calls))
		errs := make([]error, len(calls))
		var wg sync.WaitGroup
		want := 0
		for i, c := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = c()
			}()
			want += map[bool]int{true: 2, false: 1}[i == 2 || i == 3]
			waitQueued(t, queued, want, i)
		}
		release()
		wg.Wait()
		for _, i := range []int{0, 3, 4} {
			if errs[i] != nil {
				t.Fatalf("call %d: %v", i, errs[i])
			}
		}
		for _, i := range []int{1, 2} {
			if !errors.Is(errs[i], ledger.ErrGuardFailed) {
				t.Fatalf("call %d: %v, want the guard's failure", i, errs[i])
			}
		}
		// 999 - 10 (g1) - 20 + 5 (c2) - 3 (u1); g2 and c1 moved nothing.
		if got := b.balance(alice.ID); got != 971 {
			t.Fatalf("alice %d, want 971", got)
		}
		if len(h.calls) != 1 || len(h.calls[0]) != 2 || h.calls[0][0].Data.(blockData).name != "g1" || h.calls[0][1].Data.(blockData).name != "c2" ||
			len(h.calls[0][1].Chain) != 1 || h.calls[0][1].Chain[0].ID != results[3][0].ID {
			t.Fatalf("hook calls %+v", h.calls)
		}
		if d.Dialect == db.Postgres {
			if h.statements != 1 || h.guards != 0 {
				t.Fatalf("postgres: %d guard statements, %d Guard calls; want the one statement", h.statements, h.guards)
			}
		} else if h.guards != 1 || h.statements != 0 {
			t.Fatalf("sqlite: %d Guard calls, %d guard statements; want one Guard", h.guards, h.statements)
		}

		// The keys of what the guard left out are free.
		if _, err := b.s.PostChain(ctx, betWin("c1", alice.ID, b.house.ID, 20, 5)); err != nil {
			t.Fatalf("chain key after its guard failed: %v", err)
		}
		// A guard that holds alone: its own batch.
		if _, err := b.s.Post(ctx, guarded("g3", "nothing", 1)); err != nil {
			t.Fatal(err)
		}
		// A guard that errs fails the batch: nothing posted.
		bad := &blockHook{recordingHook: recordingHook{seen: map[int64]bool{}}, query: `SELECT 1/0 FROM unnest($1::text[])`}
		badReq := guarded("g4", "free", 1)
		badReq.Hook = bad
		before := b.balance(alice.ID)
		if d.Dialect == db.Postgres {
			if _, err := b.s.Post(ctx, badReq); err == nil || errors.Is(err, ledger.ErrGuardFailed) {
				t.Fatalf("failing guard statement: %v", err)
			}
			if b.balance(alice.ID) != before {
				t.Fatal("a failing guard moved money")
			}
		}
		// A guarded hook that needs a transaction guards through Guard.
		tg := &blockHook{recordingHook: recordingHook{seen: map[int64]bool{}}}
		for _, c := range []struct {
			key, blocker string
			fails        bool
		}{{"t1", "free", false}, {"t2", "taken", true}} {
			req := transfer(c.key, ledger.KindBet, alice.ID, b.house.ID, 2)
			req.Hook, req.HookData, req.Guarded = txGuard{tg}, blockData{c.key, c.blocker}, true
			if _, err := b.s.Post(ctx, req); errors.Is(err, ledger.ErrGuardFailed) != c.fails || (err != nil && !c.fails) {
				t.Fatalf("%s through a transaction: %v", c.key, err)
			}
		}
		if tg.guards != 2 || tg.statements != 0 || len(tg.calls) != 1 {
			t.Fatalf("transaction guard: %d Guard calls, %d statements, %d hook calls", tg.guards, tg.statements, len(tg.calls))
		}
		// Guarded without a GuardedHook.
		plain := transfer("g5", ledger.KindBet, alice.ID, b.house.ID, 1)
		plain.Hook, plain.Guarded = &recordingHook{seen: map[int64]bool{}}, true
		if _, err := b.s.Post(ctx, plain); err == nil {
			t.Fatal("guarded posting without a guarded hook accepted")
		} else {
			wantCode(t, err, "ledger.invalid_posting")
		}
		b.verifyClean()
	})
}

func one(p ledger.Posting, err error) ([]ledger.Posting, error) {
	if err != nil {
		return nil, err
	}
	return []ledger.Posting{p}, nil
}
