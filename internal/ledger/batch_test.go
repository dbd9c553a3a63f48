package ledger_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestBatchMixedOutcomes queues postings with every outcome into ONE batch
// (the writer is held until all are queued, in a known order) and checks
// that each gets the answer it would get if the postings ran one after the
// other: refusals fail alone, duplicates inside the batch are replays or
// mismatches, a key freed by a refusal can be used again later in the batch.
func TestBatchMixedOutcomes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		alice := b.player(1, 100)
		bob := b.player(2, 0)
		old := b.post("old", ledger.KindBet, alice.ID, b.house.ID, 5)   // alice 95
		win := b.post("old-win", ledger.KindWin, b.house.ID, bob.ID, 7) // bob 7
		before := b.s.Stats()

		type call struct {
			name string
			run  func() (ledger.Posting, error)
			code string // expected error code, "" for success
			// replayOf names the call (or "old") whose posting a replay returns
			replayOf string
		}
		post := func(key string, from, to, amount int64) func() (ledger.Posting, error) {
			return func() (ledger.Posting, error) {
				return b.s.Post(ctx, transfer(key, ledger.KindBet, from, to, amount))
			}
		}
		calls := []call{
			{name: "k1", run: post("k1", alice.ID, b.house.ID, 60)},                                             // alice 35
			{name: "k2-overdraw", run: post("k2", alice.ID, b.house.ID, 50), code: "ledger.insufficient_funds"}, // alice stays 35
			{name: "k3", run: post("k3", b.house.ID, bob.ID, 30)},                                               // bob 37
			{name: "k1-again", run: post("k1", alice.ID, b.house.ID, 60), replayOf: "k1"},
			{name: "k1-other-body", run: post("k1", alice.ID, b.house.ID, 61), code: "ledger.idempotency_mismatch"},
			{name: "k4", run: post("k4", alice.ID, b.house.ID, 35)}, // alice 0: the refused k2 took nothing
			{name: "old-again", run: post("old", alice.ID, b.house.ID, 5), replayOf: "old"},
			{name: "old-other-body", run: post("old", alice.ID, b.house.ID, 6), code: "ledger.idempotency_mismatch"},
			{name: "k2-reused", run: post("k2", bob.ID, alice.ID, 10)}, // the refused key is free: bob 27, alice 10
			{name: "unknown-account", run: post("k5", alice.ID, 999_999, 1), code: "ledger.unknown_account"},
			{name: "reverse-win", run: func() (ledger.Posting, error) { return b.s.Reverse(ctx, win.ID, "rev-win", "void") }}, // bob 20
			{name: "reverse-win-twice", run: func() (ledger.Posting, error) { return b.s.Reverse(ctx, win.ID, "rev-win-2", "void") },
				code: "ledger.already_reversed"},
			{name: "k6-overdraw-after-reuse", run: post("k6", alice.ID, b.house.ID, 11), code: "ledger.insufficient_funds"},
		}

		queued, release := ledger.HoldBatches(b.s)
		results := make([]ledger.Posting, len(calls))
		errs := make([]error, len(calls))
		var wg sync.WaitGroup
		for i, c := range calls {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i], errs[i] = c.run()
			}()
			// Queue in this order: wait for this one before starting the next.
			deadline := time.Now().Add(10 * time.Second)
			for queued() != i+1 {
				if time.Now().After(deadline) {
					t.Fatalf("call %s was not queued", c.name)
				}
				time.Sleep(time.Millisecond)
			}
		}
		release()
		wg.Wait()

		byName := map[string]ledger.Posting{"old": old}
		for i, c := range calls {
			if c.code != "" {
				if errs[i] == nil || apperr.As(errs[i]).Code != c.code {
					t.Errorf("%s: got %v, want %s", c.name, errs[i], c.code)
				}
				continue
			}
			if errs[i] != nil {
				t.Errorf("%s: %v", c.name, errs[i])
				continue
			}
			p := results[i]
			if c.replayOf != "" {
				if !p.Replay || p.ID != byName[c.replayOf].ID {
					t.Errorf("%s: replay %v id %d, want replay of %s (%d)", c.name, p.Replay, p.ID, c.replayOf, byName[c.replayOf].ID)
				}
				continue
			}
			if p.Replay || p.ID == 0 || len(p.Lines) != 2 {
				t.Errorf("%s: posting %+v", c.name, p)
			}
			byName[c.name] = p
		}
		// Written postings got ids in queue order.
		order := []string{"k1", "k3", "k4", "k2-reused", "reverse-win"}
		for i := 1; i < len(order); i++ {
			if byName[order[i]].ID <= byName[order[i-1]].ID {
				t.Errorf("ids out of order: %s %d after %s %d", order[i], byName[order[i]].ID, order[i-1], byName[order[i-1]].ID)
			}
		}
		// Each posting carries the balances right after it, in line order.
		afterOf := func(p ledger.Posting, acct int64) int64 {
			for i, l := range p.Lines {
				if l.AccountID == acct && i < len(p.BalancesAfter) {
					return p.BalancesAfter[i]
				}
			}
			return -1
		}
		if afterOf(byName["k1"], alice.ID) != 35 || afterOf(byName["k4"], alice.ID) != 0 || afterOf(byName["k2-reused"], alice.ID) != 10 ||
			afterOf(results[3], alice.ID) != 35 || afterOf(results[6], alice.ID) != 95 {
			t.Errorf("balances after: k1 %v k4 %v k2 %v k1-again %v old-again %v", byName["k1"].BalancesAfter, byName["k4"].BalancesAfter,
				byName["k2-reused"].BalancesAfter, results[3].BalancesAfter, results[6].BalancesAfter)
		}
		if got := b.s.Stats(); got.Batches-before.Batches != 1 || got.Postings-before.Postings != 5 {
			t.Errorf("stats %+v -> %+v, want one batch of 5 postings", before, got)
		}
		if a, bb := b.balance(alice.ID), b.balance(bob.ID); a != 10 || bb != 20 {
			t.Errorf("alice %d bob %d, want 10 and 20", a, bb)
		}
		if h := b.balance(b.house.ID); h != 5-7+60-30+35+7 {
			t.Errorf("house %d", h)
		}
		// balance_after of alice's lines, newest first, follow the batch order.
		rows, _, err := b.s.Lines(ctx, ledger.LinesQuery{AccountIDs: []int64{alice.ID}})
		if err != nil {
			t.Fatal(err)
		}
		var after []int64
		for _, r := range rows {
			after = append(after, r.BalanceAfter)
		}
		if fmt.Sprint(after) != "[10 0 35 95 100]" {
			t.Errorf("alice balance_after %v", after)
		}
		b.verifyClean()
	})
}

// TestBatchRacesAcrossStores posts the same keys through two Stores (two
// writers, as two server processes would) at once: on PostgreSQL a batch that
// checked its keys before the other committed hits the unique index, is
// retried whole, and answers replays. Every key lands once.
func TestBatchRacesAcrossStores(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		other := ledger.NewStore(d, nil)
		const players, keys = 8, 60
		ids := make([]int64, players)
		for i := range ids {
			ids[i] = b.player(int64(i+1), 1_000).ID
		}
		var firsts, replays atomic.Int64
		parallel(2*keys, func(i int) {
			s := b.s
			if i%2 == 1 {
				s = other
			}
			k := i / 2
			p, err := s.Post(ctx, transfer(fmt.Sprintf("race-%d", k), ledger.KindBet, ids[k%players], b.house.ID, 3))
			if err != nil {
				t.Errorf("key %d: %v", k, err)
				return
			}
			if p.Replay {
				replays.Add(1)
			} else {
				firsts.Add(1)
			}
		})
		if firsts.Load() != keys || replays.Load() != keys {
			t.Fatalf("first %d replays %d, want %d each", firsts.Load(), replays.Load(), keys)
		}
		if got := b.balance(b.house.ID); got != 3*keys {
			t.Fatalf("house %d, want %d", got, 3*keys)
		}
		b.verifyClean()
	})
}

// TestCallerGivesUp: a caller whose context is already done is refused
// before queueing, and one whose context ends while queued gets the context
// error; nothing it asked for is half-written.
func TestCallerGivesUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		b := newBook(t, d)
		alice := b.player(1, 100)
		done, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := b.s.Post(done, transfer("gone", ledger.KindBet, alice.ID, b.house.ID, 1)); err != context.Canceled {
			t.Fatalf("got %v, want context.Canceled", err)
		}
		queued, release := ledger.HoldBatches(b.s)
		ctx, cancel2 := context.WithCancel(context.Background())
		errc := make(chan error, 1)
		go func() {
			_, err := b.s.Post(ctx, transfer("left", ledger.KindBet, alice.ID, b.house.ID, 1))
			errc <- err
		}()
		for queued() != 1 {
			time.Sleep(time.Millisecond)
		}
		cancel2()
		if err := <-errc; err != context.Canceled {
			t.Fatalf("got %v, want context.Canceled", err)
		}
		release()
		// The writer drops the abandoned posting; a new one still goes through.
		p := b.post("after", ledger.KindBet, alice.ID, b.house.ID, 2)
		if p.Replay || b.balance(alice.ID) != 98 {
			t.Fatalf("balance %d", b.balance(alice.ID))
		}
		b.verifyClean()
	})
}

// TestBatchManyPostings queues one batch of 37 postings of two and three lines
// (more than one chunk of every multi-row statement on SQLite, with chunks of
// lines that straddle postings), one in-batch replay and one refusal: every
// posting gets a rising id in queue order, the balances after each line follow
// the queue, the stored lines read back as posted, and the ledger verifies.
func TestBatchManyPostings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		b := newBook(t, d)
		players := make([]ledger.Account, 5)
		bal := map[int64]int64{b.house.ID: 0}
		for i := range players {
			players[i] = b.player(int64(i+1), 1_000)
			bal[players[i].ID] = 1_000
		}
		var reqs []ledger.PostingRequest
		for i := 0; i < 35; i++ {
			p := players[i%len(players)]
			amount := int64(10 + i)
			if i%3 == 2 { // three lines: player -> another player and the house
				q := players[(i+1)%len(players)]
				reqs = append(reqs, ledger.PostingRequest{Key: fmt.Sprintf("many-%d", i), Kind: ledger.KindTransfer, Lines: []ledger.Line{
					{AccountID: p.ID, Amount: -amount, Currency: php},
					{AccountID: q.ID, Amount: amount - 1, Currency: php},
					{AccountID: b.house.ID, Amount: 1, Currency: php},
				}})
				continue
			}
			reqs = append(reqs, transfer(fmt.Sprintf("many-%d", i), ledger.KindBet, p.ID, b.house.ID, amount))
		}
		reqs = append(reqs, reqs[4])                                                                 // in-batch replay of many-4
		reqs = append(reqs, transfer("many-over", ledger.KindBet, players[0].ID, b.house.ID, 5_000)) // refused

		queued, release := ledger.HoldBatches(b.s)
		before := b.s.Stats()
		results := make([]ledger.Posting, len(reqs))
		errs := make([]error, len(reqs))
		var wg sync.WaitGroup
		for i, r := range reqs {
			wg.Add(1)
			go func() { defer wg.Done(); results[i], errs[i] = b.s.Post(ctx, r) }()
			for queued() != i+1 {
				time.Sleep(time.Millisecond)
			}
		}
		release()
		wg.Wait()
		if got := b.s.Stats(); got.Batches-before.Batches != 1 || got.Postings-before.Postings != 35 {
			t.Fatalf("stats %+v -> %+v, want one batch of 35 postings", before, got)
		}
		wantCode(t, errs[36], "ledger.insufficient_funds")
		if errs[35] != nil || !results[35].Replay || results[35].ID != results[4].ID {
			t.Fatalf("in-batch replay: %+v %v", results[35], errs[35])
		}
		for i := 0; i < 35; i++ {
			p, err := results[i], errs[i]
			if err != nil || p.Replay {
				t.Fatalf("posting %d: %+v %v", i, p, err)
			}
			if i > 0 && p.ID <= results[i-1].ID {
				t.Fatalf("posting %d: id %d after %d", i, p.ID, results[i-1].ID)
			}
			for j, l := range p.Lines {
				bal[l.AccountID] += l.Amount
				if p.BalancesAfter[j] != bal[l.AccountID] {
					t.Fatalf("posting %d line %d: balance after %d, want %d", i, j, p.BalancesAfter[j], bal[l.AccountID])
				}
			}
			stored, err := b.s.Posting(ctx, p.ID)
			if err != nil || stored.Key != reqs[i].Key || fmt.Sprint(stored.Lines) != fmt.Sprint(p.Lines) ||
				fmt.Sprint(stored.BalancesAfter) != fmt.Sprint(p.BalancesAfter) {
				t.Fatalf("posting %d read back: %+v %v, posted %+v", i, stored, err, p)
			}
		}
		for id, want := range bal {
			if got := b.balance(id); got != want {
				t.Errorf("account %d: balance %d, want %d", id, got, want)
			}
		}
		b.verifyClean()
	})
}

// TestBatchStatementsUseIndexes checks that the PostgreSQL batch statements,
// prepared once per connection, have generic plans of index lookups when
// made on a new ledger of a few rows, never analysed (where, without the
// batch's setNoSeqScan, PostgreSQL plans sequential scans and keeps them as
// the ledger grows).
func TestBatchStatementsUseIndexes(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	b := newBook(t, d)
	alice := b.player(1, 100)
	b.post("few-rows", ledger.KindBet, alice.ID, b.house.ID, 5)
	for name, c := range map[string]struct {
		query  string
		params []string
	}{
		"read":   {ledger.ReadSQL, []string{`'{1,2}'`, `'{k}'`, `'{3}'`, `2`}},
		"hashes": {ledger.HashesSQL, []string{`'{k}'`}},
		"write": {ledger.WriteSQL, []string{`'{1}'`, `'{k}'`, `'{h}'`, `'{bet}'`, `'{0}'`, `'{"{}"}'`, `1`,
			`'{1,1}'`, `'{1,2}'`, `'{-1,1}'`, `'{PHP,PHP}'`, `'{0,1}'`, `'{1,2}'`, `'{0,1}'`, `'{1,1}'`}},
		"facts": {ledger.FactsSQL, []string{`'{k}'`, `'{deposit.credited}'`, `'{1}'`, `'{PHP}'`, `'{""}'`, `'{""}'`, `'{""}'`,
			`'{5}'`, `'{0}'`, `'{0}'`, `'{r}'`, `'{d}'`, `'{0}'`, `'{1}'`, `1`}},
	} {
		if plan := dbtest.GenericPlan(t, d, []string{ledger.SetNoSeqScan}, c.query, c.params...); strings.Contains(plan, "Seq Scan") {
			t.Errorf("%s: a sequential scan in the generic plan:\n%s", name, plan)
		}
	}
}

// TestSQLiteBatchReadsSeek: the SQLite batch's reads stay index seeks after
// an ANALYZE of a young ledger, whose statistics (a few rows) make an IN
// list a scan of the whole table as it grows.
func TestSQLiteBatchReadsSeek(t *testing.T) {
	d := dbtest.Open(t, db.SQLite)
	b := newBook(t, d)
	alice := b.player(1, 100)
	b.post("few-rows", ledger.KindBet, alice.ID, b.house.ID, 5)
	ctx := context.Background()
	if _, err := d.ExecContext(ctx, `ANALYZE`); err != nil {
		t.Fatal(err)
	}
	for name, query := range map[string]string{"keys": ledger.SQLiteKeysByKey, "accounts": ledger.SQLiteAccountsToLock} {
		rows, err := d.QueryContext(ctx, `EXPLAIN QUERY PLAN `+query, make([]any, 16)...)
		if err != nil {
			t.Fatal(err)
		}
		var plan strings.Builder
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan.WriteString(detail + "\n")
		}
		rows.Close()
		for _, table := range []string{"ledger_posting", "ledger_account"} {
			if strings.Contains(plan.String(), "SCAN "+table) {
				t.Errorf("%s: scans %s:\n%s", name, table, plan.String())
			}
		}
	}
	// A short chunk repeats its last value, whose row comes twice: a
	// posting still moves each balance once, and its key replays.
	first := b.post("after-analyze", ledger.KindBet, alice.ID, b.house.ID, 5)
	if again := b.post("after-analyze", ledger.KindBet, alice.ID, b.house.ID, 5); again.ID != first.ID || !again.Replay {
		t.Fatalf("replay %+v of %+v", again, first)
	}
	if got := b.balance(alice.ID); got != 90 {
		t.Fatalf("alice %d", got)
	}
}
