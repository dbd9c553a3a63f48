package inhouse

import (
	"context"
	"database/sql"
	"sort"
	"sync"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// A spin writes twice: its round's insert (nonce and PENDING round) before
// the callbacks and its completion (COMPLETED, the win and the balance
// answered) after them. On SQLite, where writers take turns, concurrent
// ones of each kind are committed together, one transaction (one writer
// turn) per batch, by whichever request finds no batch of that kind
// running. On PostgreSQL each runs in its own transaction, in parallel:
// concurrent commits share their WAL flush there, while a batch would line
// its statements' round trips up one after the other.

type completion struct {
	id, win, mult, balance, now int64
	ok                          bool
	err                         error
	done                        chan struct{}
}

type completions struct {
	mu      sync.Mutex
	queue   []*completion
	running bool
}

// maxCompletions bounds one batch.
const maxCompletions = 256

const completeSQL = `UPDATE inhouse_round SET state = 'COMPLETED', version = version + 1, updated_at = ?, win = ?, multiplier = ?, balance = ?, ended_at = ?
	WHERE id = ? AND state IN ('PENDING', 'SETTLING') RETURNING currency, jp_contribution`

// A completed round's jackpot contribution accrues in the statement that
// completes it (docs/games/server.md, "Jackpot"): on PostgreSQL one of
// accrualShards rows per currency (by round id), so parallel completions
// rarely wait on the same row; on SQLite, where a batch completes rounds in
// one transaction, once per batch and currency on shard 0.
const accrualShards = 8

const accrueSQL = `INSERT INTO inhouse_jackpot_accrual (currency, shard, amount) VALUES (?, ?, ?)
	ON CONFLICT (currency, shard) DO UPDATE SET amount = inhouse_jackpot_accrual.amount + excluded.amount`

// completeAccrueSQL (PostgreSQL): the completion and its accrual in one
// statement; the row is the number of rounds completed (0 or 1).
const completeAccrueSQL = `WITH c AS (` + completeSQL + `),
	a AS (INSERT INTO inhouse_jackpot_accrual (currency, shard, amount) SELECT currency, CAST(? AS INTEGER), jp_contribution FROM c WHERE jp_contribution > 0
		ON CONFLICT (currency, shard) DO UPDATE SET amount = inhouse_jackpot_accrual.amount + excluded.amount)
	SELECT COUNT(*) FROM c`

// completeRound marks a PENDING or SETTLING round COMPLETED; ok false: it
// was not in one of those states (completed by another request).
func (s *Store) completeRound(ctx context.Context, id, win, mult, balance, now int64) (bool, error) {
	if s.db.Dialect == db.Postgres { // concurrent commits share their WAL flush; a batch would serialise round trips
		var n int
		err := s.db.QueryRowContext(context.WithoutCancel(ctx), s.db.Rebind(completeAccrueSQL), now, win, mult, balance, now, id, id%accrualShards).Scan(&n)
		if err != nil {
			return false, apperr.Internal(err, "complete round")
		}
		return n == 1, nil
	}
	c := &completion{id: id, win: win, mult: mult, balance: balance, now: now, done: make(chan struct{})}
	q := &s.done
	q.mu.Lock()
	q.queue = append(q.queue, c)
	start := !q.running
	q.running = true
	q.mu.Unlock()
	if start {
		go s.drainCompletions()
	}
	<-c.done // not cut short by ctx: once queued, the commit's outcome is the answer
	return c.ok, c.err
}

func (s *Store) drainCompletions() {
	q := &s.done
	for {
		q.mu.Lock()
		batch := q.queue
		if len(batch) > maxCompletions {
			batch, q.queue = batch[:maxCompletions], batch[maxCompletions:]
		} else {
			q.queue = nil
		}
		if len(batch) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		err := s.db.InTx(context.Background(), func(tx *db.Tx) error {
			accrued := map[string]int64{}
			for _, c := range batch {
				var cur string
				var contribution int64
				err := s.txQueryRow(context.Background(), tx, completeSQL, c.now, c.win, c.mult, c.balance, c.now, c.id).Scan(&cur, &contribution)
				switch {
				case err == sql.ErrNoRows:
					c.ok = false
				case err != nil:
					return err
				default:
					c.ok = true
					accrued[cur] += contribution
				}
			}
			for cur, amount := range accrued {
				if amount == 0 {
					continue
				}
				if _, err := s.txExec(context.Background(), tx, accrueSQL, cur, 0, amount); err != nil {
					return err
				}
			}
			return nil
		})
		for _, c := range batch {
			if err != nil {
				c.ok, c.err = false, apperr.Internal(err, "complete round")
			}
			close(c.done)
		}
	}
}

// opening is one round insert waiting for its batch: fn runs inside the
// batch's transaction (it takes the nonce, decides the outcome and inserts
// the round). An apperr refusal or errReplay of fn concerns its request
// only (fn changed nothing then); any other error fails the whole batch.
type openItem struct {
	member int64
	fn     func(tx *db.Tx) error
	err    error
	done   chan struct{}
}

type openings struct {
	mu      sync.Mutex
	queue   []*openItem
	running bool
}

// openRound runs fn in the next batch of round inserts.
func (s *Store) openRound(ctx context.Context, memberID int64, fn func(tx *db.Tx) error) error {
	if s.db.Dialect == db.Postgres { // as completeRound: own transaction, in parallel
		return s.db.InTx(context.WithoutCancel(ctx), fn)
	}
	it := &openItem{member: memberID, fn: fn, done: make(chan struct{})}
	q := &s.opens
	q.mu.Lock()
	q.queue = append(q.queue, it)
	start := !q.running
	q.running = true
	q.mu.Unlock()
	if start {
		go s.drainOpenings()
	}
	<-it.done
	return it.err
}

func (s *Store) drainOpenings() {
	q := &s.opens
	for {
		q.mu.Lock()
		batch := q.queue
		if len(batch) > maxCompletions {
			batch, q.queue = batch[:maxCompletions], batch[maxCompletions:]
		} else {
			q.queue = nil
		}
		if len(batch) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		// Seed rows are locked in ascending member order, so batches of two
		// instances cannot deadlock.
		sort.SliceStable(batch, func(i, j int) bool { return batch[i].member < batch[j].member })
		err := s.db.InTx(context.Background(), func(tx *db.Tx) error {
			for _, it := range batch {
				err := it.fn(tx)
				if err != nil && err != errReplay && apperr.As(err).Kind == apperr.KindInternal {
					return err
				}
				it.err = err
			}
			return nil
		})
		for _, it := range batch {
			if err != nil {
				it.err = err
			}
			close(it.done)
		}
	}
}
