package inhouse

import (
	"context"
	"database/sql"
	"log/slog"
	"sort"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// A spin writes twice: its round's insert (nonce and PENDING round) before
// the callbacks and its completion (COMPLETED, the win and the balance
// answered) after them. On SQLite, where writers take turns, concurrent
// ones of each kind are committed together, one transaction (one writer
// turn) per batch, by whichever request finds no batch of that kind
// running. On PostgreSQL a round's insert runs in its own transaction, in
// parallel with the others (concurrent commits share their WAL flush); the
// completions of concurrent rounds are one statement over arrays
// (completeSetSQL), one commit for the batch instead of one per round: at
// 1,000 spins/s a commit per completion was a thousand commits a second,
// each a WAL flush, with PostgreSQL's backends already the busiest processes
// on the machine.

type completion struct {
	id, win, mult, balance, now int64
	ok                          bool
	err                         error
	done                        chan struct{}
	// answered: the player has the round's answer already and nobody
	// waits for done (completeAnswered); the drainer logs a failure.
	answered bool
}

// The completions keep their own loop rather than platform/batch's Queue:
// answered ones wait for company on PostgreSQL (gatherCompletions), a read
// waits for those queued before it (settled, hence inflight), a round goes
// once per batch, and on SQLite the batch is taken once the write turn is
// held.
type completions struct {
	mu       sync.Mutex
	queue    []*completion
	inflight []*completion // the batch being committed (its done channels close after)
	running  bool
	setSQL   string       // completeSetSQL; tests make it fail to reach the fallback
	batches  int          // SQLite transactions that completed rounds (tests)
	logger   *slog.Logger // set by NewService
	// gather (PostgreSQL): how long answered completions may wait for
	// company before their statement (gatherCompletions); hurry cuts the
	// wait short (someone waits for a completion).
	gather time.Duration
	hurry  chan struct{}
	urgent int // reads waiting for the completions queued (settled)
	sets   int // completeSetSQL statements run (tests)
}

// completionGather is how long, on PostgreSQL, the completions of answered
// rounds (nobody waits for them, completeAnswered) may wait for the ones
// that follow before their statement goes, unless completionsEnough are
// queued first or a read waits for them (settled) or a caller waits for
// its completion (completeRound): then they go at once. Without the wait
// the completions go a round or two per statement (the batch that queued
// while the previous one ran); gathered, several rounds share each
// statement and commit, which PostgreSQL's CPU shows (bench/README.md,
// "Measured costs behind the code's shape"). Rounds are
// listed, shown, replayed and rotated only after settled, which ends the
// wait, so no reader sees the delay.
const (
	completionGather  = 5 * time.Millisecond
	completionsEnough = 64
)

// maxCompletions bounds one batch.
const maxCompletions = 256

const completeSQL = `UPDATE inhouse_round SET state = 'COMPLETED', version = version + 1, updated_at = ?, win = ?, multiplier = ?, balance = ?, ended_at = ?
	WHERE id = ? AND state IN ('PENDING', 'SETTLING') RETURNING currency, jp_contribution`

// A completed round's jackpot contribution accrues in the statement that
// completes it (docs/games/server.md, "Jackpot"), once per batch and
// currency: on PostgreSQL on one of accrualShards rows per currency (by the
// batch's first round id), so the batches of several instances rarely wait
// on the same row; on SQLite on shard 0.
const accrualShards = 8

const accrueSQL = `INSERT INTO inhouse_jackpot_accrual (currency, shard, amount) VALUES (?, ?, ?)
	ON CONFLICT (currency, shard) DO UPDATE SET amount = inhouse_jackpot_accrual.amount + excluded.amount`

// completeAccrueSQL (PostgreSQL): one round's completion and its accrual in
// one statement, for a batch whose statement failed; the row is the number
// of rounds completed (0 or 1).
const completeAccrueSQL = `WITH c AS (` + completeSQL + `),
	a AS (INSERT INTO inhouse_jackpot_accrual (currency, shard, amount) SELECT currency, CAST(? AS INTEGER), jp_contribution FROM c WHERE jp_contribution > 0
		ON CONFLICT (currency, shard) DO UPDATE SET amount = inhouse_jackpot_accrual.amount + excluded.amount)
	SELECT COUNT(*) FROM c`

// completeSetSQL (PostgreSQL): a batch of completions and their accrual
// (one row per currency, on one shard) in one statement; the rows are the
// ids of the rounds completed. The batch holds a round once (a row is
// changed at most once per statement). It runs in a Trailing session
// (db.DB.Trailing: prepared once, its commit does not wait for the log's
// flush; the next synchronous commit, any session's, flushes it). Its
// rounds' money is already durable (the wallet's commit came first) and
// the completion is visible at once, so the player is answered without a
// flush of its own: a completion lost in a PostgreSQL crash leaves a
// PENDING round (a one-call round: recovery finds its seamless round
// COMPLETED and completes it as played, recoverStale) or a SETTLING one
// (recovery pays it again with the same txIds, a replay, and completes
// it). At 1,000 spins/s this took a WAL flush per batch off every spin's
// answer: p50 6.8–7.6 → 5.2–5.4 ms, p99 23–27 → 17–21 ms on PostgreSQL
// (bench/README.md). Its generic
// plan, made once, must look the rounds up by key whatever the table's size
// (TestCompletionStatementUsesKeys): the state is tested as an expression
// (the state joined to an empty string), which the partial index of unfinished rounds
// (inhouse_round_unfinished) cannot answer. Tested as a column, PostgreSQL
// chose that index when the plan was made on a new database (a hash join
// over every unfinished round) and combined it with the key lookups later
// (reading all its entries, dead ones included: 2.6 ms a batch under the
// slot load, where the key lookups take a tenth of it).
const completeSetSQL = `WITH v AS (
		SELECT * FROM unnest($1::bigint[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[]) AS v(id, win, mult, balance, at)),
	c AS (UPDATE inhouse_round r SET state = 'COMPLETED', version = r.version + 1, updated_at = v.at, win = v.win, multiplier = v.mult, balance = v.balance, ended_at = v.at
		FROM v WHERE r.id = ANY($1::bigint[]) AND r.id = v.id AND r.state || '' IN ('PENDING', 'SETTLING') RETURNING r.id, r.currency, r.jp_contribution),
	a AS (INSERT INTO inhouse_jackpot_accrual (currency, shard, amount) SELECT currency, CAST($6 AS INTEGER), SUM(jp_contribution) FROM c WHERE jp_contribution > 0 GROUP BY currency
		ON CONFLICT (currency, shard) DO UPDATE SET amount = inhouse_jackpot_accrual.amount + excluded.amount)
	SELECT id FROM c`

// completeRound marks a PENDING or SETTLING round COMPLETED; ok false: it
// was not in one of those states (completed by another request).
func (s *Store) completeRound(ctx context.Context, id, win, mult, balance, now int64) (bool, error) {
	c := s.queueCompletion(id, win, mult, balance, now, false)
	<-c.done // not cut short by ctx: once queued, the commit's outcome is the answer
	return c.ok, c.err
}

// completeAnswered queues the completion of a round played in one wallet
// call (bet and win) and returns without waiting for it. The wallet's
// commit came first and was durable, and it holds the round COMPLETED, so
// the round's answer does not depend on this statement: its outcome was
// fixed before the bet, and the only other way the round ends is
// recovery completing it as played (recoverStale), with the same figures.
// When the statement fails, the round stays PENDING until recovery does
// that. Reads that must see the round completed (the member's rounds, a
// round, a seed rotation, a repeated key, the jackpot flush) first wait
// for the completions queued before them (settled), so a player who asks
// right after the answer sees the round as answered.
//
// This takes the completion's batch (its wait for the batch before it,
// its round trip) off the answer of nearly every spin, Dice roll and
// Plinko drop.
func (s *Store) completeAnswered(id, win, mult, balance, now int64) {
	s.queueCompletion(id, win, mult, balance, now, true)
}

func (s *Store) queueCompletion(id, win, mult, balance, now int64, answered bool) *completion {
	c := &completion{id: id, win: win, mult: mult, balance: balance, now: now, done: make(chan struct{}), answered: answered}
	q := &s.done
	q.mu.Lock()
	q.queue = append(q.queue, c)
	start := !q.running
	q.running = true
	enough := !answered || len(q.queue) >= completionsEnough
	q.mu.Unlock()
	if enough {
		q.hurryUp()
	}
	if start {
		go s.drainCompletions()
	}
	return c
}

// hurryUp ends the drainer's wait for more completions, if it waits.
func (q *completions) hurryUp() {
	select {
	case q.hurry <- struct{}{}:
	default:
	}
}

// gatherCompletions (PostgreSQL) lets the answered completions queued wait
// up to q.gather for more before the next statement, unless a completion
// is awaited or enough are queued.
func (q *completions) gatherCompletions() {
	q.mu.Lock()
	wait := q.gather > 0 && len(q.queue) < completionsEnough && q.urgent == 0
	for _, c := range q.queue {
		wait = wait && c.answered
	}
	q.mu.Unlock()
	if !wait {
		return
	}
	t := time.NewTimer(q.gather)
	defer t.Stop()
	select {
	case <-t.C:
	case <-q.hurry:
	}
}

// settled waits until every completion queued before it is committed (or
// has failed). It must not be called inside a transaction: on SQLite the
// completions need the write turn such a transaction holds.
func (s *Store) settled(ctx context.Context) error {
	q := &s.done
	q.mu.Lock()
	q.urgent++
	defer func() {
		q.mu.Lock()
		q.urgent--
		q.mu.Unlock()
	}()
	wait := make([]chan struct{}, 0, len(q.queue)+len(q.inflight))
	for _, c := range q.inflight {
		wait = append(wait, c.done)
	}
	for _, c := range q.queue {
		wait = append(wait, c.done)
	}
	q.mu.Unlock()
	q.hurryUp()
	for _, ch := range wait {
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// finished closes the batch's done channels and logs the answered
// completions that failed (recovery completes those rounds later).
func (q *completions) finished(batch []*completion) {
	for _, c := range batch {
		if c.answered && c.err != nil && q.logger != nil {
			q.logger.Error("in-house round completion failed; recovery completes the round", "round", c.id, "err", c.err)
		}
		close(c.done)
	}
}

func (s *Store) drainCompletions() {
	q := &s.done
	for {
		q.mu.Lock()
		if len(q.queue) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		if s.db.Dialect == db.Postgres {
			q.gatherCompletions()
			batch := q.take()
			s.completePostgres(batch)
			q.finished(batch)
			continue
		}
		// SQLite: the callers are answered before the write turn is handed
		// on. Waking a goroutine puts it first in line for this CPU, ahead
		// of the one woken before it; waking the batch's callers after the
		// next writer had its turn would queue that writer behind all of
		// them, holding the database's only write lock while it waits.
		ctx, release, err := s.db.HoldWriteTurn(context.Background())
		if err != nil { // cannot happen with a context that never ends
			ctx, release = context.Background(), func() {}
		}
		q.finished(s.completeSQLite(ctx, q))
		release()
	}
}

// take takes the next batch off the queue: each round once (a second
// completion of a round, a request and recovery racing, waits for the next
// batch), at most maxCompletions.
func (q *completions) take() []*completion {
	q.mu.Lock()
	defer q.mu.Unlock()
	var batch, rest []*completion
	seen := map[int64]bool{}
	for _, c := range q.queue {
		if len(batch) < maxCompletions && !seen[c.id] {
			seen[c.id] = true
			batch = append(batch, c)
		} else {
			rest = append(rest, c)
		}
	}
	q.queue, q.inflight = rest, batch
	select { // drop a wake-up meant for the completions now taken
	case <-q.hurry:
	default:
	}
	return batch
}

// completeSQLite completes the next batch in one transaction, a statement
// per round and the accrual once per currency, and returns the batch. The
// batch is taken once the transaction holds the write lock: the
// completions queued while it waited for its turn (behind the ledger's
// batch, say) go in it too, rather than in a transaction of their own.
func (s *Store) completeSQLite(ctx context.Context, q *completions) (batch []*completion) {
	taken := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		batch, taken = q.take(), true
		q.mu.Lock()
		q.batches++
		q.mu.Unlock()
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
	if !taken { // no transaction: the batch fails with it
		batch = q.take()
	}
	if err != nil {
		for _, c := range batch {
			c.ok, c.err = false, apperr.Internal(err, "complete round")
		}
	}
	return batch
}

// completePostgres completes a batch with completeSetSQL. When the
// statement fails (it changed nothing then: a lost lock race with another
// instance, say), each round is completed on its own instead, so one
// round's failure is its own.
func (s *Store) completePostgres(batch []*completion) {
	ctx := context.Background()
	ids, wins, mults, balances, ats := make([]int64, len(batch)), make([]int64, len(batch)), make([]int64, len(batch)), make([]int64, len(batch)), make([]int64, len(batch))
	for i, c := range batch {
		ids[i], wins[i], mults[i], balances[i], ats[i] = c.id, c.win, c.mult, c.balance, c.now
	}
	done, err := func() (map[int64]bool, error) {
		query := completeSetSQL
		if s.done.setSQL != "" {
			query = s.done.setSQL
		}
		s.done.mu.Lock()
		s.done.sets++
		s.done.mu.Unlock()
		rows, err := s.db.Trailing().QueryContext(ctx, query, ids, wins, mults, balances, ats, batch[0].id%accrualShards)
		if err != nil {
			return nil, err
		}
		defer rows.Close()
		done := map[int64]bool{}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				return nil, err
			}
			done[id] = true
		}
		return done, rows.Err()
	}()
	if err == nil {
		for _, c := range batch {
			c.ok = done[c.id]
		}
		return
	}
	for _, c := range batch {
		var n int
		if err := s.db.Trailing().QueryRowContext(ctx, s.db.Rebind(completeAccrueSQL), c.now, c.win, c.mult, c.balance, c.now, c.id, c.id%accrualShards).Scan(&n); err != nil {
			c.ok, c.err = false, apperr.Internal(err, "complete round")
			continue
		}
		c.ok = n == 1
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

// openings keep their own loop (SQLite): the batch is taken once the write
// turn is held, so inserts queued meanwhile join it, and sorted by member.
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

// take takes the next batch of round inserts off the queue.
func (q *openings) take() []*openItem {
	q.mu.Lock()
	defer q.mu.Unlock()
	batch := q.queue
	if len(batch) > maxCompletions {
		batch, q.queue = batch[:maxCompletions], batch[maxCompletions:]
	} else {
		q.queue = nil
	}
	// Seed rows are locked in ascending member order, so batches of two
	// instances cannot deadlock.
	sort.SliceStable(batch, func(i, j int) bool { return batch[i].member < batch[j].member })
	return batch
}

func (s *Store) drainOpenings() {
	q := &s.opens
	for {
		q.mu.Lock()
		if len(q.queue) == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
		// The batch is taken once the transaction holds the write lock, so
		// the inserts queued while it waited for its turn go in it too.
		var batch []*openItem
		taken := false
		// The callers are answered before the write turn is handed on (see
		// drainCompletions).
		ctx, release, err := s.db.HoldWriteTurn(context.Background())
		if err != nil {
			ctx, release = context.Background(), func() {}
		}
		err = s.db.InTx(ctx, func(tx *db.Tx) error {
			batch, taken = q.take(), true
			for _, it := range batch {
				err := it.fn(tx)
				if err != nil && err != errReplay && apperr.As(err).Kind == apperr.KindInternal {
					return err
				}
				it.err = err
			}
			return nil
		})
		if !taken { // no transaction: the batch fails with it
			batch = q.take()
		}
		for _, it := range batch {
			if err != nil {
				it.err = err
			}
			close(it.done)
		}
		release()
	}
}
