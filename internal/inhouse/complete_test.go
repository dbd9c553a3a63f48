package inhouse

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestCompletionBatch completes rounds in ONE batch (the drainer is held
// until every completion is queued): each pending round completes once with
// its own win, multiplier and balance; a second completion of the same
// round in the batch is left for the next batch and answered false; an
// already completed round is answered false; the accrual gains exactly the
// contributions of the rounds completed. On PostgreSQL the batch's
// statement is then made to fail: each round is completed on its own, with
// the same answers.
func TestCompletionBatch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		for _, failSet := range []bool{false, true} {
			if failSet && d.Dialect != db.Postgres {
				continue
			}
			t.Run(fmt.Sprintf("failSet=%v", failSet), func(t *testing.T) {
				ctx := context.Background()
				s := NewStore(d)
				if failSet {
					s.done.setSQL = `SELECT id FROM inhouse_round WHERE id = 1/0`
				}
				cur := "T" + strconv.FormatBool(failSet)[:1] // a currency of its own per run
				contributions := []int64{10, 20, 0, 5, 7, 1000}
				ids := make([]int64, len(contributions))
				err := d.InTx(ctx, func(tx *db.Tx) error {
					for i, c := range contributions {
						state := "PENDING"
						if i == len(contributions)-1 {
							state = "COMPLETED"
						}
						r := &roundRow{MemberID: 1, Game: "dice", GameCode: "dice", NodeID: 1, Currency: cur, Amount: 100, State: state,
							Params: "{}", Outcome: "{}", JPContribution: c, Key: cur + strconv.Itoa(i), RequestHash: "h", CreatedAt: 1}
						if _, err := s.insertRound(ctx, tx, r); err != nil {
							return err
						}
						ids[i] = r.ID
					}
					return nil
				})
				if err != nil {
					t.Fatal(err)
				}
				// Hold the drainer: queue every completion, then run one.
				s.done.mu.Lock()
				s.done.running = true
				s.done.mu.Unlock()
				type answer struct {
					i  int
					ok bool
				}
				calls := append(append([]int{}, 0, 1, 2, 3, 4, 5), 1) // round 1 twice
				answers := make(chan answer, len(calls))
				var wg sync.WaitGroup
				for _, i := range calls {
					wg.Add(1)
					go func() {
						defer wg.Done()
						ok, err := s.completeRound(ctx, ids[i], int64(i)*100, int64(i)*10000, 5000+int64(i), 2)
						if err != nil {
							t.Errorf("complete %d: %v", i, err)
						}
						answers <- answer{i, ok}
					}()
				}
				waitFor(t, "every completion queued", func() bool {
					s.done.mu.Lock()
					defer s.done.mu.Unlock()
					return len(s.done.queue) == len(calls)
				})
				go s.drainCompletions()
				wg.Wait()
				close(answers)
				oks := map[int]int{}
				for a := range answers {
					if a.ok {
						oks[a.i]++
					}
				}
				for i := range contributions {
					want := 1
					if i == len(contributions)-1 {
						want = 0 // completed before
					}
					if oks[i] != want {
						t.Errorf("round %d: completed %d times, want %d", i, oks[i], want)
					}
				}
				for i := range contributions[:len(contributions)-1] {
					var state string
					var win, mult, bal, ended int64
					if err := d.QueryRowContext(ctx, d.Rebind(`SELECT state, win, multiplier, balance, ended_at FROM inhouse_round WHERE id = ?`), ids[i]).
						Scan(&state, &win, &mult, &bal, &ended); err != nil {
						t.Fatal(err)
					}
					if state != "COMPLETED" || win != int64(i)*100 || mult != int64(i)*10000 || bal != 5000+int64(i) || ended != 2 {
						t.Errorf("round %d: %s win %d mult %d balance %d ended %d", i, state, win, mult, bal, ended)
					}
				}
				var accrued int64
				if err := d.QueryRowContext(ctx, d.Rebind(`SELECT COALESCE(SUM(amount), 0) FROM inhouse_jackpot_accrual WHERE currency = ?`), cur).Scan(&accrued); err != nil {
					t.Fatal(err)
				}
				if accrued != 42 {
					t.Errorf("accrued %d, want 42 (10 + 20 + 0 + 5 + 7)", accrued)
				}
			})
		}
	})
}

// TestBatchesTakenWithTheWriteTurn (SQLite): a batch of round inserts or
// completions is taken once its transaction holds the write lock, so what
// queues while it waits for its turn (behind another writer) goes in the
// same transaction instead of the next one.
func TestBatchesTakenWithTheWriteTurn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.SQLite {
			t.Skip("SQLite's writers take turns; PostgreSQL's do not")
		}
		ctx := context.Background()
		s := NewStore(d)
		ids := pendingRounds(t, d, s, "turn", 3)
		// holdTurn keeps the write turn until the returned func is called.
		holdTurn := func() func() {
			inside, release := make(chan struct{}), make(chan struct{})
			go func() {
				_ = d.InTx(ctx, func(*db.Tx) error { close(inside); <-release; return nil })
			}()
			<-inside
			return func() { close(release) }
		}

		release := holdTurn()
		var wg sync.WaitGroup
		complete := func(id int64) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if ok, err := s.completeRound(ctx, id, 0, 0, 0, 2); err != nil || !ok {
					t.Errorf("complete %d: %v %v", id, ok, err)
				}
			}()
		}
		complete(ids[0])
		time.Sleep(50 * time.Millisecond) // its drainer now waits for the turn
		complete(ids[1])
		complete(ids[2])
		waitFor(t, "the later completions queued", func() bool {
			s.done.mu.Lock()
			defer s.done.mu.Unlock()
			return len(s.done.queue) == 3
		})
		release()
		wg.Wait()
		if s.done.batches != 1 {
			t.Errorf("completions in %d transactions, want 1", s.done.batches)
		}

		release = holdTurn()
		txs := make(chan *db.Tx, 3)
		open := func() {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := s.openRound(ctx, 1, func(tx *db.Tx) error { txs <- tx; return nil }); err != nil {
					t.Error(err)
				}
			}()
		}
		open()
		time.Sleep(50 * time.Millisecond)
		open()
		open()
		waitFor(t, "the later inserts queued", func() bool {
			s.opens.mu.Lock()
			defer s.opens.mu.Unlock()
			return len(s.opens.queue) == 3
		})
		release()
		wg.Wait()
		close(txs)
		seen := map[*db.Tx]bool{}
		for tx := range txs {
			seen[tx] = true
		}
		if len(seen) != 1 {
			t.Errorf("round inserts in %d transactions, want 1", len(seen))
		}
	})
}

// TestCompletionStatementUsesKeys (PostgreSQL): the completion batch runs
// prepared in a Trailing session, i.e. with a generic plan made once. That
// plan must find each round by its primary key, on a new database of a few
// rows and on one whose index of unfinished rounds holds many entries (no
// vacuum has run): a plan that also read inhouse_round_unfinished cost as
// much as that index's entries, dead ones included (2.6 ms a batch under the
// slot load, where the key lookups take a tenth of it).
func TestCompletionStatementUsesKeys(t *testing.T) {
	d := dbtest.Open(t, db.Postgres)
	ctx := context.Background()
	s := NewStore(d)
	insert := func(n int, prefix string) []int64 {
		var ids []int64
		err := d.InTx(ctx, func(tx *db.Tx) error {
			for i := range n {
				r := &roundRow{MemberID: 1, Game: "dice", GameCode: "dice", NodeID: 1, Currency: "PHP", Amount: 100, State: statePending,
					Params: "{}", Outcome: "{}", Key: prefix + strconv.Itoa(i), RequestHash: "h", CreatedAt: 1}
				if _, err := s.insertRound(ctx, tx, r); err != nil {
					return err
				}
				ids = append(ids, r.ID)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return ids
	}
	check := func(when string) {
		t.Helper()
		plan := dbtest.GenericPlan(t, d, []string{"SET LOCAL enable_seqscan = off"}, completeSetSQL,
			`'{1,2}'`, `'{0,0}'`, `'{0,0}'`, `'{0,0}'`, `'{1,1}'`, `0`)
		keys, lookups := strings.Count(plan, "inhouse_round_pkey"), strings.Count(plan, "Index Cond: (id = ")
		if keys == 0 || keys != lookups || strings.Contains(plan, "inhouse_round_unfinished") || strings.Contains(plan, "Seq Scan") {
			t.Errorf("%s: the generic plan does not look each round up by its key:\n%s", when, plan)
		}
	}
	insert(3, "few")
	check("a few rows")
	for batch := range 4 {
		for _, id := range insert(500, "many"+strconv.Itoa(batch)+"-") {
			if _, err := s.completeRound(ctx, id, 0, 0, 0, 2); err != nil {
				t.Fatal(err)
			}
		}
	}
	check("2,000 rounds completed")
}

// holdCompletions stops the store's completions from being committed: they
// queue, and nothing drains them until releaseCompletions.
func holdCompletions(t *testing.T, st *Store) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		st.done.mu.Lock()
		if !st.done.running {
			st.done.running = true
			st.done.mu.Unlock()
			return
		}
		st.done.mu.Unlock()
	}
	t.Fatal("the completions' drainer did not stop")
}

func releaseCompletions(st *Store) { go st.drainCompletions() }

// TestAnsweredCompletion: a round played in one wallet call (Dice, a slot
// spin without free spins) is answered without waiting for its completion
// to commit; what the player can ask next waits for it and sees the round
// completed: the rounds of recall, the round, and a seed rotation (which
// is refused while a slot round is unfinished).
func TestAnsweredCompletion(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		s := newSite(t, d, Config{})
		c := s.caller("demo01")
		s.fund(c.MemberID, 1_000_000)
		st := s.svc.store

		// answer plays fn while the completions are held; it must answer.
		answer := func(fn func() (Play, error)) Play {
			t.Helper()
			got := make(chan Play, 1)
			errs := make(chan error, 1)
			go func() {
				p, err := fn()
				if err != nil {
					errs <- err
					return
				}
				got <- p
			}()
			select {
			case p := <-got:
				return p
			case err := <-errs:
				t.Fatal(err)
			case <-time.After(10 * time.Second):
				t.Fatal("the answer waited for the round's completion")
			}
			return Play{}
		}
		// blocked runs read in the background and checks that it waits
		// while the completions are held; the returned func releases them
		// and returns read's error.
		blocked := func(what string, read func() error) func() error {
			t.Helper()
			done := make(chan error, 1)
			go func() { done <- read() }()
			select {
			case err := <-done:
				t.Fatalf("%s did not wait for the held completion (err %v)", what, err)
			case <-time.After(100 * time.Millisecond):
			}
			return func() error {
				releaseCompletions(st)
				select {
				case err := <-done:
					return err
				case <-time.After(10 * time.Second):
					t.Fatalf("%s still waits after the completions were released", what)
					return nil
				}
			}
		}

		holdCompletions(t, st)
		p := answer(func() (Play, error) { return s.svc.Dice(ctx, c, "dice-1", DiceRequest{Amount: 1000, Target: 5000}) })
		if p.Round.Status != stateCompleted {
			t.Fatalf("answered %s", p.Round.Status)
		}
		if r, err := NewStore(d).round(ctx, p.Round.ID); err != nil || r.State != statePending {
			t.Fatalf("stored %s before the completion (err %v)", r.State, err)
		}
		var page RoundPage
		finish := blocked("the rounds", func() (err error) {
			page, err = s.svc.Rounds(ctx, c, RoundQuery{Game: GameDice})
			return err
		})
		if err := finish(); err != nil {
			t.Fatal(err)
		}
		if len(page.List) != 1 || page.List[0].ID != p.Round.ID || page.List[0].Status != stateCompleted || page.List[0].Win != p.Round.Win {
			t.Fatalf("rounds %+v, answered %+v", page.List, p.Round)
		}

		holdCompletions(t, st)
		p = answer(func() (Play, error) { return s.svc.Dice(ctx, c, "dice-2", DiceRequest{Amount: 1000, Target: 5000}) })
		var one Round
		finish = blocked("the round", func() (err error) {
			one, err = s.svc.Round(ctx, c, p.Round.ID)
			return err
		})
		if err := finish(); err != nil {
			t.Fatal(err)
		}
		if one.Status != stateCompleted || one.Win != p.Round.Win {
			t.Fatalf("round %+v, answered %+v", one, p.Round)
		}

		// A slot spin that opens free spins is unfinished until they are
		// played: spin until one is decided at once (about 99 in 100).
		for i := 0; ; i++ {
			holdCompletions(t, st)
			key := "slot-" + strconv.Itoa(i)
			p = answer(func() (Play, error) { return s.svc.SlotSpin(ctx, c, key, SlotRequest{Amount: 1000}) })
			if p.Round.Status == stateCompleted {
				break
			}
			releaseCompletions(st)
			for n := 0; p.Round.Status == stateOpen; n++ {
				var err error
				if p, err = s.svc.SlotFree(ctx, c, key+"-free-"+strconv.Itoa(n), SlotFreeRequest{RoundID: p.Round.ID}); err != nil {
					t.Fatal(err)
				}
			}
			if i == 5 {
				t.Fatal("six slot spins in a row opened free spins")
			}
		}
		finish = blocked("the seed rotation", func() error {
			_, err := s.svc.Rotate(ctx, c, "")
			return err
		})
		if err := finish(); err != nil {
			t.Fatalf("rotation after a completed spin: %v", err)
		}
		s.verifyLedger()
	})
}

// TestCompletionGather (PostgreSQL): the completions of answered rounds wait
// for company (completionGather) and go in one statement; a read that must
// see them (settled) and an awaited completion (completeRound) end the wait
// at once.
func TestCompletionGather(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		if d.Dialect != db.Postgres {
			t.Skip("SQLite's completions take the write turn as it comes; only PostgreSQL's gather")
		}
		ctx := context.Background()
		state := func(id int64) string {
			var st string
			if err := d.QueryRowContext(ctx, d.Rebind(`SELECT state FROM inhouse_round WHERE id = ?`), id).Scan(&st); err != nil {
				t.Fatal(err)
			}
			return st
		}
		sets := func(s *Store) int {
			s.done.mu.Lock()
			defer s.done.mu.Unlock()
			return s.done.sets
		}
		run := strconv.FormatInt(time.Now().UnixNano(), 36)
		// waiting: a store whose drainer waits (20 s) with the first of n
		// pending rounds' answered completion queued.
		waiting := func(prefix string, n int) (*Store, []int64) {
			s := NewStore(d)
			s.done.gather = 20 * time.Second
			ids := pendingRounds(t, d, s, prefix+run+"-", n)
			s.completeAnswered(ids[0], 0, 0, 0, 2)
			time.Sleep(20 * time.Millisecond) // the drainer now waits
			return s, ids
		}

		t.Run("answered ones share a statement", func(t *testing.T) {
			s := NewStore(d)
			s.done.gather = 300 * time.Millisecond
			ids := pendingRounds(t, d, s, "gather-"+run+"-", 5)
			for _, id := range ids {
				s.completeAnswered(id, 0, 0, 0, 2)
			}
			waitFor(t, "the rounds completed", func() bool { return state(ids[len(ids)-1]) == "COMPLETED" })
			for _, id := range ids {
				if st := state(id); st != "COMPLETED" {
					t.Errorf("round %d: %s", id, st)
				}
			}
			if n := sets(s); n != 1 {
				t.Errorf("%d statements for 5 answered completions queued together, want 1", n)
			}
		})

		t.Run("a read ends the wait", func(t *testing.T) {
			s, ids := waiting("read-", 1)
			if st := state(ids[0]); st != "PENDING" {
				t.Fatalf("round %s before the wait ended", st)
			}
			start := time.Now()
			if err := s.settled(ctx); err != nil {
				t.Fatal(err)
			}
			if el := time.Since(start); el > 5*time.Second {
				t.Errorf("settled took %s", el)
			}
			if st := state(ids[0]); st != "COMPLETED" {
				t.Errorf("round %s after settled", st)
			}
		})

		t.Run("an awaited completion ends the wait", func(t *testing.T) {
			s, ids := waiting("await-", 2)
			start := time.Now()
			ok, err := s.completeRound(ctx, ids[1], 0, 0, 0, 2)
			if err != nil || !ok {
				t.Fatalf("complete: %v %v", ok, err)
			}
			if el := time.Since(start); el > 5*time.Second {
				t.Errorf("completeRound took %s", el)
			}
			for _, id := range ids {
				if st := state(id); st != "COMPLETED" {
					t.Errorf("round %d: %s", id, st)
				}
			}
			if n := sets(s); n != 1 {
				t.Errorf("%d statements, want 1 (the answered one went with the awaited one)", n)
			}
		})
	})
}

// pendingRounds inserts n PENDING dice rounds of member 1 (keys prefix0…)
// in one transaction and returns their ids.
func pendingRounds(t *testing.T, d *db.DB, s *Store, prefix string, n int) []int64 {
	t.Helper()
	ctx := context.Background()
	ids := make([]int64, n)
	if err := d.InTx(ctx, func(tx *db.Tx) error {
		for i := range ids {
			r := &roundRow{MemberID: 1, Game: "dice", GameCode: "dice", NodeID: 1, Currency: "PHP", Amount: 100, State: "PENDING",
				Params: "{}", Outcome: "{}", Key: prefix + strconv.Itoa(i), RequestHash: "h", CreatedAt: 1}
			if _, err := s.insertRound(ctx, tx, r); err != nil {
				return err
			}
			ids[i] = r.ID
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	return ids
}
