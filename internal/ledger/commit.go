package ledger

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Group commit. Concurrent Post and Reverse calls queue up; one writer
// goroutine per Store takes everything queued (up to maxBatchPostings) and
// applies it in ONE transaction, then answers every caller after COMMIT.
// Each posting keeps its own outcome: one that would overdraw an account fails
// alone with ledger.insufficient_funds while the rest of the batch commits.
// The writer runs only while there is work (it is started by the first
// queued posting and exits when nothing more arrives), so a Store needs no
// Close. See docs/ledger.md, "Group commit". Its own loop, not
// platform/batch's Queue: a batch is taken once the writer holds the SQLite
// write turn, a chain stays whole in one batch, the line budget bounds it,
// and on PostgreSQL it gathers for a window while the previous batch runs.

const (
	maxBatchPostings = 128  // postings per transaction
	maxBatchLines    = 4096 // lines per transaction (bounds statement sizes)
	batchTimeout     = 30 * time.Second
)

// BatchStats counts the group commits of a Store since it was made.
type BatchStats struct {
	Batches  int64 // committed batch transactions
	Postings int64 // postings they wrote (replays and refusals not counted)
}

// Stats returns the batch counters (the average batch is Postings/Batches).
func (s *Store) Stats() BatchStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// pending is one queued posting and where its answer goes.
type pending struct {
	ctx      context.Context
	req      PostingRequest
	lines    []Line // validated, sorted by account id
	reverses int64
	hash     string
	meta     string
	done     chan result // buffered: the writer never blocks on a caller
	// A PostChain call's postings are queued one after the other and go
	// in the same batch, all or none: chain is their number on the first
	// (0 on a lone posting) and linked marks the others.
	chain  int
	linked bool
}

type result struct {
	p   Posting
	err error
}

// enqueue queues p and waits for its answer. A caller whose context ends
// while its posting is in a running batch gets ctx.Err(); the posting may
// still commit, exactly as when an answer is lost on the network, and a retry
// with the same key returns it.
func (s *Store) enqueue(ctx context.Context, p *pending) (Posting, error) {
	ps, err := s.enqueueAll(ctx, []*pending{p})
	if err != nil {
		return Posting{}, err
	}
	return ps[0], nil
}

// enqueueAll queues ps together (a chain when there are several) and waits
// for their answers: the postings, or the first error.
func (s *Store) enqueueAll(ctx context.Context, ps []*pending) ([]Posting, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	for i, p := range ps {
		p.ctx = ctx
		p.done = make(chan result, 1)
		p.linked = i > 0
	}
	if len(ps) > 1 {
		ps[0].chain = len(ps)
	}
	s.mu.Lock()
	s.queue = append(s.queue, ps...)
	if !s.writing {
		s.writing = true
		go s.drain()
	}
	if len(s.queue) >= s.expect {
		select { // wake a writer that is gathering
		case s.arrived <- struct{}{}:
		default:
		}
	}
	s.mu.Unlock()
	out := make([]Posting, len(ps))
	for i, p := range ps {
		select {
		case r := <-p.done:
			if r.err != nil {
				return nil, r.err
			}
			out[i] = r.p
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return out, nil
}

// gatherWindow bounds how long the writer waits, after a commit, for the
// callers it just answered to come back before it starts the next batch.
// Under a closed-loop load (N clients each waiting for its answer before
// sending the next posting) starting at once would split the clients into two
// cohorts that alternate, each batch half the size it could be. The wait ends
// as soon as that many postings are queued, so under light load it is short
// (a lone posting after a lone posting: none), and a writer that finds the
// queue empty after the window exits; the next posting starts a new one,
// which does not wait.
//
// On PostgreSQL the window is a quarter of that (gatherWindowPostgres): a
// batch there lasts two network round trips and a WAL flush, long enough for
// the next batch to gather while it runs, and waiting longer mostly delayed
// it (bench/README.md, "Measured costs behind the code's shape").
const (
	gatherWindow         = time.Millisecond
	gatherWindowPostgres = 250 * time.Microsecond
)

// drain writes batches until the queue is empty.
func (s *Store) drain() {
	var lastEnd time.Time
	for {
		s.mu.Lock()
		if len(s.queue) < s.expect {
			if wait := s.gather - time.Since(lastEnd); wait > 0 {
				s.mu.Unlock()
				timer := time.NewTimer(wait)
				select {
				case <-s.arrived:
				case <-timer.C:
				}
				timer.Stop()
				s.mu.Lock()
			}
		}
		if len(s.queue) == 0 {
			s.writing = false
			s.expect = 0
			s.mu.Unlock()
			return
		}
		// SQLite: the batch is taken once the writer holds the database's
		// write turn, so the postings queued while it waited (behind another
		// domain's transaction) go in this batch rather than the next.
		s.mu.Unlock()
		ctx, release, err := s.db.HoldWriteTurn(context.Background())
		if err != nil { // cannot happen with a context that never ends
			ctx, release = context.Background(), func() {}
		}
		s.mu.Lock()
		n, lines := 0, 0
		for n < len(s.queue) && n < maxBatchPostings && (n == 0 || lines+len(s.queue[n].lines) <= maxBatchLines) {
			lines += len(s.queue[n].lines)
			n++
		}
		for n < len(s.queue) && s.queue[n].linked { // a chain is never split
			n++
		}
		batch := append([]*pending(nil), s.queue[:n]...)
		rest := copy(s.queue, s.queue[n:])
		clear(s.queue[rest:])
		s.queue = s.queue[:rest]
		s.mu.Unlock()

		s.commitBatch(ctx, batch)
		release()

		// Expect the answered callers back, on top of what queued meanwhile.
		s.mu.Lock()
		s.expect = min(len(s.queue)+n, maxBatchPostings)
		select { // drop a stale wake-up
		case <-s.arrived:
		default:
		}
		s.mu.Unlock()
		lastEnd = time.Now()
	}
}

// commitBatch runs the batch's transaction, retrying the whole of it when it
// lost a race, and answers every caller.
func (s *Store) commitBatch(parent context.Context, batch []*pending) {
	// Callers that gave up before their batch started are answered and left out.
	live := batch[:0]
	var gone error // the decision of a chain's first posting holds for the chain
	for _, p := range batch {
		if !p.linked {
			gone = p.ctx.Err()
		}
		if gone != nil {
			p.done <- result{err: gone}
			continue
		}
		live = append(live, p)
	}
	if len(live) == 0 {
		return
	}
	// The batch belongs to no single caller: one caller giving up must not
	// roll back the others' postings.
	ctx, cancel := context.WithTimeout(parent, batchTimeout)
	defer cancel()
	if s.db.Dialect == db.SQLite {
		// SQLite runs the batch in-process: its statements are point reads and
		// writes, a lock held by another process is bounded by the busy timeout
		// (10 s), and an interrupt could not stop a stuck write anyway. A context
		// that cannot end spares every statement of the batch the watcher the
		// driver (modernc interruptOnDone) and database/sql (Rows) start
		// otherwise: a goroutine, a channel and two progress-handler calls per
		// statement, several per posting on the writer's critical path.
		ctx = context.WithoutCancel(ctx)
	}
	var results []result
	var err error
	pipelined := s.db.Dialect == db.Postgres && !slices.ContainsFunc(live, func(p *pending) bool {
		_, ok := p.req.Hook.(PipelinedHook)
		return p.req.Hook != nil && !ok
	})
	for attempt := 1; ; attempt++ {
		if pipelined { // BEGIN with the read, COMMIT with the write (pipe.go)
			results, err = s.commitPipelined(ctx, live, s.clock.Now())
			if errors.Is(err, errNeedsTx) { // rolled back: run it the other way
				pipelined = false
				attempt--
				continue
			}
		} else {
			err = s.db.InTx(ctx, func(tx *db.Tx) error {
				var err error
				results, err = applyBatch(ctx, s.batchSQL(ctx, tx), live, s.clock.Now())
				if err != nil {
					return err
				}
				return runHooks(ctx, tx, live, results)
			})
		}
		if err == nil || attempt >= maxAttempts || !retryable(err) {
			break
		}
		// Back off a little, with jitter, so the racers do not collide again.
		d := time.Duration(attempt*attempt) * time.Millisecond
		select {
		case <-time.After(d + rand.N(d+time.Millisecond)):
		case <-ctx.Done():
		}
	}
	if err != nil {
		var ae *apperr.Error
		if !errors.As(err, &ae) {
			err = apperr.Internal(err, "post batch of %d (first key %s)", len(live), live[0].req.Key)
		}
		for _, p := range live {
			p.done <- result{err: err}
		}
		return
	}
	written := 0
	for i := range live {
		if results[i].err == nil && !results[i].p.Replay {
			written++
		}
	}
	// Counted before the callers hear back: a caller reading Stats after
	// its Post returned sees its batch.
	s.mu.Lock()
	s.stats.Batches++
	s.stats.Postings += int64(written)
	s.mu.Unlock()
	for i, p := range live {
		p.done <- results[i]
	}
}

// lockedAccount is an account row read under the batch's lock.
type lockedAccount struct {
	currency string
	neg      bool
	balance  int64
	touched  int64 // postings of this batch that touched the account
}

// storedKey is an idempotency key found in the ledger.
type storedKey struct {
	id   int64
	hash string
}

// applyBatch is one attempt at a batch: the idempotency check of every key,
// the lock of every account in ascending id order, the postings applied one
// after the other in memory, then the postings, their lines and the touched
// accounts written (batchSQL says how, per database). It returns one result
// per pending, in order; only an error that dooms the whole batch (a database
// error, which the caller may retry) is returned as error.
func applyBatch(ctx context.Context, q batchSQL, batch []*pending, now time.Time) ([]result, error) {
	results := make([]result, len(batch))

	// 1. Keys already posted, and postings already reversed.
	keys := make([]string, 0, len(batch))
	seenKey := make(map[string]bool, len(batch))
	var reverses []int64
	for _, p := range batch {
		if !seenKey[p.req.Key] {
			seenKey[p.req.Key] = true
			keys = append(keys, p.req.Key)
		}
		if p.reverses != 0 {
			reverses = append(reverses, p.reverses)
		}
	}

	// 2. Lock every account of the batch in ascending id order, so two
	// transactions over overlapping accounts never wait on each other in a
	// cycle (one read with step 1 on PostgreSQL).
	var ids []int64
	seenAcct := map[int64]bool{}
	for _, p := range batch {
		for _, l := range p.lines {
			if !seenAcct[l.AccountID] {
				seenAcct[l.AccountID] = true
				ids = append(ids, l.AccountID)
			}
		}
	}
	slices.Sort(ids)
	st, err := q.read(keys, reverses, ids, len(batch), guardCalls(batch))
	if err != nil {
		return nil, err
	}
	existing, reversed, accts := st.existing, st.reversed, st.accts

	// 3. Apply the postings in queue order, in memory. A key seen earlier in
	// this batch behaves as if that posting had committed just before.
	type applied struct {
		i     int     // index in batch
		after []int64 // balance after each line
	}
	var accepted []applied
	batchKey := map[string]int{} // key -> index of the pending that posts it in this batch
	var replays []int
	// one applies batch[i] in memory, or records why not in results[i].
	one := func(i int) {
		p := batch[i]
		if st, ok := existing[p.req.Key]; ok {
			if st.hash != p.hash {
				results[i].err = ErrIdempotencyMismatch
				return
			}
			results[i].p.ID = st.id
			replays = append(replays, i)
			return
		}
		if j, ok := batchKey[p.req.Key]; ok {
			if batch[j].hash != p.hash {
				results[i].err = ErrIdempotencyMismatch
				return
			}
			results[i].p.ID = -1 - int64(j) // filled from batch[j] once it has its id
			replays = append(replays, i)
			return
		}
		if p.reverses != 0 && reversed[p.reverses] {
			results[i].err = ErrAlreadyReversed
			return
		}
		after, err := applyLines(accts, p.lines)
		if err != nil {
			results[i].err = err
			return
		}
		for _, l := range p.lines {
			accts[l.AccountID].touched++
		}
		batchKey[p.req.Key] = i
		if p.reverses != 0 {
			reversed[p.reverses] = true
		}
		accepted = append(accepted, applied{i: i, after: after})
	}
	for i := 0; i < len(batch); i++ {
		n := max(batch[i].chain, 1)
		// A posting whose guard failed is left out with its whole chain.
		if guardFailed(st.unguarded, i, n) {
			for k := i; k < i+n; k++ {
				results[k] = result{err: ErrGuardFailed}
			}
			i += n - 1
			continue
		}
		if n < 2 {
			one(i)
			continue
		}
		// A chain: every posting applied, or all of them replays (posted
		// together before); else none, and each gets the first error.
		type saved struct{ balance, touched int64 }
		before := map[int64]saved{}
		for _, p := range batch[i : i+n] {
			for _, l := range p.lines {
				if a := accts[l.AccountID]; a != nil {
					before[l.AccountID] = saved{a.balance, a.touched}
				}
			}
		}
		na, nr := len(accepted), len(replays)
		for k := i; k < i+n; k++ {
			if one(k); results[k].err != nil {
				break
			}
		}
		var failed error
		for k := i; k < i+n && failed == nil; k++ {
			failed = results[k].err
		}
		if failed == nil && len(accepted) > na && len(replays) > nr {
			failed = ErrIdempotencyMismatch // part of it was posted before, part not
		}
		if failed != nil {
			for id, b := range before {
				accts[id].balance, accts[id].touched = b.balance, b.touched
			}
			for _, a := range accepted[na:] {
				delete(batchKey, batch[a.i].req.Key)
			}
			accepted, replays = accepted[:na], replays[:nr]
			for k := i; k < i+n; k++ {
				results[k] = result{err: failed}
			}
		}
		i += n - 1
	}

	// 4. Write the postings (ids rising in apply order, which the
	// balance_after chains follow), their lines and the touched accounts.
	if len(accepted) > 0 {
		at := now.UnixMilli()
		writes := make([]postingWrite, len(accepted))
		for k, a := range accepted {
			writes[k] = postingWrite{p: batch[a.i], after: a.after}
			if st.ids != nil {
				writes[k].id = st.ids[k]
			}
		}
		var ups []accountUpdate
		for _, id := range ids {
			if a := accts[id]; a != nil && a.touched > 0 { // nil: an unknown account
				ups = append(ups, accountUpdate{id: id, balance: a.balance, touched: a.touched})
			}
		}
		if err := q.write(writes, ups, at); err != nil {
			return nil, err // a unique violation is retried and then answered as a replay or already_reversed
		}
		for k, a := range accepted {
			if k > 0 && writes[k].id <= writes[k-1].id {
				return nil, fmt.Errorf("ledger: posting ids not in apply order (%d after %d)", writes[k].id, writes[k-1].id)
			}
			p := batch[a.i]
			results[a.i].p = Posting{ID: writes[k].id, Key: p.req.Key, InputHash: p.hash, Kind: p.req.Kind, ReversesID: p.reverses,
				Metadata: orEmpty(p.req.Metadata), CreatedAt: time.UnixMilli(at), Lines: p.lines, BalancesAfter: a.after}
		}
	}

	// 5. Replays: the first answer, read back (in-batch duplicates share the
	// posting just written).
	for _, i := range replays {
		if id := results[i].p.ID; id < 0 {
			results[i].p = results[-1-id].p
		} else {
			p, err := q.posting(id)
			if err != nil {
				return nil, err
			}
			results[i].p = p
		}
		results[i].p.Replay = true
	}
	return results, nil
}

// guardFailed tells whether a guard failed for a posting of batch[i:i+n].
func guardFailed(unguarded map[int]bool, i, n int) bool {
	for k := i; k < i+n; k++ {
		if unguarded[k] {
			return true
		}
	}
	return false
}

// applyLines checks a posting against the locked balances and, when every
// line is allowed, applies it. It returns the balance after each line; on a
// refusal nothing is applied.
func applyLines(accts map[int64]*lockedAccount, lines []Line) ([]int64, error) {
	after := make([]int64, len(lines))
	for i, l := range lines {
		a := accts[l.AccountID]
		if a == nil {
			return nil, ErrUnknownAccount.With("id", l.AccountID)
		}
		if a.currency != l.Currency {
			return nil, ErrCurrencyMismatch.With("id", l.AccountID)
		}
		nb := a.balance + l.Amount
		if (l.Amount > 0 && nb < a.balance) || (l.Amount < 0 && nb > a.balance) {
			return nil, ErrInvalidPosting.With("reason", "amount_range")
		}
		if nb < 0 && !a.neg {
			return nil, ErrInsufficientFunds.With("id", l.AccountID)
		}
		after[i] = nb
	}
	for i, l := range lines { // an account appears once per posting (validate)
		accts[l.AccountID].balance = after[i]
	}
	return after, nil
}

// hooked is batch[i] for its hook, with the postings of its chain written
// before it.
func hooked(batch []*pending, results []result, i int) Hooked {
	h := Hooked{Posting: results[i].p, Data: batch[i].req.HookData}
	for k := i; batch[k].linked; {
		k--
		h.Chain = append([]Posting{results[k].p}, h.Chain...)
	}
	return h
}

// runHooks hands every written posting that carries a Hook to it, one call
// per distinct Hook, inside the batch's transaction.
func runHooks(ctx context.Context, tx *db.Tx, batch []*pending, results []result) error {
	var hooks []Hook
	var posted [][]Hooked
	for i, p := range batch {
		h := p.req.Hook
		if h == nil || results[i].err != nil || results[i].p.Replay {
			continue
		}
		k := slices.Index(hooks, h)
		if k < 0 {
			k = len(hooks)
			hooks = append(hooks, h)
			posted = append(posted, nil)
		}
		posted[k] = append(posted[k], hooked(batch, results, i))
	}
	for k, h := range hooks {
		if err := h.WritePosted(ctx, tx, posted[k]); err != nil {
			return err
		}
	}
	return nil
}
