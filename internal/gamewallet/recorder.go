package gamewallet

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/batch"
	"github.com/palaro/palaro/internal/platform/db"
)

// recorder commits the answers of concurrent callbacks (and their round
// updates) together: on SQLite every write transaction takes the
// database's single writer turn, so one per callback would cap the
// callbacks per second; grouping them (as the ledger does its postings)
// spends one turn on many. On PostgreSQL a group of answers with their
// round writes (no fn, no id or round twice) is ONE statement, atomic
// without BEGIN and COMMIT (groupsql.go): every statement there is a
// network round trip, and the group's writer is one goroutine. A group that
// fails is retried one record per transaction, so one bad record fails
// alone.
type recorder struct {
	store *Store
	queue batch.Queue[*pendingRecord] // a group per transaction (or set statement) of its own
}

func newRecorder(store *Store) *recorder {
	r := &recorder{store: store}
	r.queue.Max, r.queue.Handle = maxGroup, r.commit
	return r
}

type pendingRecord struct {
	t     txRow
	resp  reply
	round roundWrite            // the round write of a stored answer
	stake stakeWrite            // the bonus stake write of a stored answer (in the set statement too)
	fn    func(tx *db.Tx) error // more writes of a stored answer (rollbacks)
	// fill, for a money callback, completes the answer from its posting
	// (balance after, platform id); the record is then written by the
	// ledger in the posting's own transaction (WritePosted), and hooked
	// tells that it was.
	fill   func([]ledger.Posting) error // the posting, or a chain's postings in order
	hooked bool
	// guard: the posting is guarded (a betwin that did not look up its txId
	// and round; guard.go).
	guard bool

	out    reply
	stored bool     // this record's answer was stored (not a concurrent duplicate's)
	after  roundRow // the round after a stored win
	err    error
	done   chan struct{}
}

// maxGroup bounds the records of one transaction.
const maxGroup = 256

func (r *recorder) enqueue(p *pendingRecord) { r.queue.Add(p) }

// groups is how many transactions (or set statements) of its own the
// recorder has committed, for tests.
func (r *recorder) groups() int64 { return r.queue.Groups() }

func (r *recorder) commit(batch []*pendingRecord) {
	ctx := context.Background() // not one request's: the group is everyone's
	if r.store.db.Dialect == db.Postgres && settable(batch) {
		err := r.commitSet(ctx, r.store.db, batch)
		if err == nil {
			for _, p := range batch {
				close(p.done)
			}
			return
		}
		// A failed statement wrote nothing; when it was the read of an
		// answer stored before that failed, the group is stored and the
		// retry replays it.
		r.one(ctx, batch)
		return
	}
	err := r.store.db.InTx(ctx, func(tx *db.Tx) error {
		for _, p := range batch {
			if err := r.apply(ctx, tx, p); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil && len(batch) > 1 {
		r.one(ctx, batch)
		return
	}
	for _, p := range batch {
		p.err = err
		close(p.done)
	}
}

// one stores every record of batch in a transaction of its own.
func (r *recorder) one(ctx context.Context, batch []*pendingRecord) {
	for _, p := range batch {
		p.err = r.store.db.InTx(ctx, func(tx *db.Tx) error { return r.apply(ctx, tx, p) })
		close(p.done)
	}
}

// settable tells whether batch can be one set statement: no record runs
// more writes (fn), and no transaction id or round comes twice (a
// statement changes a row once; the round lock makes that the rule anyway).
func settable(batch []*pendingRecord) bool {
	seen := make(map[string]bool, 2*len(batch))
	for _, p := range batch {
		tx, round := "t\x00"+p.t.Vendor+"\x00"+p.t.TxID, "r\x00"+p.t.Vendor+"\x00"+p.t.RoundID
		if p.fn != nil || seen[tx] || (p.round.op != roundNone && seen[round]) {
			return false
		}
		seen[tx] = true
		if p.round.op != roundNone {
			seen[round] = true
		}
	}
	return true
}

// commitSet stores batch in one statement; a record whose transaction id
// was stored before gets the answer stored then.
func (r *recorder) commitSet(ctx context.Context, q db.Querier, batch []*pendingRecord) error {
	recs := records(batch)
	stored, won, err := r.store.recordSet(ctx, q, recs)
	if err != nil {
		return err
	}
	return r.settle(ctx, q, batch, stored, won)
}

func records(batch []*pendingRecord) []record {
	recs := make([]record, len(batch))
	for i, p := range batch {
		recs[i] = record{tx: p.t, round: p.round, stake: p.stake}
	}
	return recs
}

// settle gives each record of a set statement its answer: its own when it
// was stored, else the one stored before (read through q).
func (r *recorder) settle(ctx context.Context, q db.Querier, batch []*pendingRecord, stored []bool, won map[string]roundRow) error {
	for i, p := range batch {
		p.stored = stored[i]
		if p.stored {
			p.out = p.resp
			if p.round.op == roundWin || p.round.op == roundBetWin {
				p.after = won[roundKey(p.t.Vendor, p.t.RoundID)]
			}
			continue
		}
		prior, _, err := r.store.tx(ctx, q, p.t.Vendor, p.t.TxID)
		if err != nil {
			return err // the answers are stored: a retry replays them
		}
		p.out = replay(prior, p.t.RequestHash)
	}
	return nil
}

// apply stores one answer in tx: the answer, its round write and fn when
// the transaction id is new, else the answer stored before.
func (r *recorder) apply(ctx context.Context, tx *db.Tx, p *pendingRecord) error {
	p.stored = false
	inserted, err := r.store.insertTx(ctx, tx, p.t)
	if err != nil {
		return err
	}
	if !inserted {
		prior, _, err := r.store.tx(ctx, tx, p.t.Vendor, p.t.TxID)
		if err != nil {
			return err
		}
		p.out = replay(prior, p.t.RequestHash)
		return nil
	}
	p.out, p.stored = p.resp, true
	if p.after, err = r.store.writeRound(ctx, tx, p.round); err != nil {
		return err
	}
	if err := p.stake.write(ctx, r.store, tx, p.t, p.round.at); err != nil {
		return err
	}
	if p.fn != nil {
		return p.fn(tx)
	}
	return nil
}

// WritePosted implements ledger.Hook: the answers of money callbacks (bets,
// wins, refunds) and their round writes, stored in the transaction of their
// postings, so one commit covers the money, the answer and the round and
// the callback waits for no commit of its own. The writes cannot fail for
// one record alone: an answer whose transaction id was stored before is
// not inserted (ON CONFLICT DO NOTHING) and the record gets that answer,
// exactly as in the recorder's own groups. On PostgreSQL a settable group
// is one statement; otherwise one record after the other.
func (r *recorder) WritePosted(ctx context.Context, tx *db.Tx, posted []ledger.Hooked) error {
	batch, err := filled(posted)
	if err != nil {
		return err
	}
	if tx.Dialect() == db.Postgres && settable(batch) {
		if err := r.commitSet(ctx, tx, batch); err != nil {
			return err
		}
	} else {
		for _, p := range batch {
			if err := r.apply(ctx, tx, p); err != nil {
				return err
			}
		}
	}
	for _, p := range batch {
		p.hooked = true
	}
	return nil
}

// PipelineStatement implements ledger.PipelinedHook (PostgreSQL): a settable
// group's answers and round writes are the one set statement, which the
// ledger sends with its batch's write and COMMIT, so the money, the answers
// and the rounds take one round trip and one commit. After COMMIT, Done
// gives each record its answer (reading the one stored before for a
// transaction id that was). A group that is not settable declines; the
// ledger then runs WritePosted in a transaction.
func (r *recorder) PipelineStatement(ctx context.Context, posted []ledger.Hooked) (ledger.HookStatement, bool, error) {
	batch, err := filled(posted)
	if err != nil {
		return ledger.HookStatement{}, false, err
	}
	if !settable(batch) {
		return ledger.HookStatement{}, false, nil
	}
	recs := records(batch)
	return ledger.HookStatement{Query: sqlRecordSet, Args: recordSetArgs(recs), Done: func(ctx context.Context, rows ledger.HookRows) error {
		i := 0
		stored, won, err := recordSetResult(recs, func() (interface{ Scan(...any) error }, bool) {
			if i >= rows.Len() {
				return nil, false
			}
			i++
			return hookRow{rows, i - 1}, true
		})
		if err != nil {
			return err
		}
		if err := r.settle(ctx, r.store.db, batch, stored, won); err != nil {
			return err
		}
		for _, p := range batch {
			p.hooked = true
		}
		return nil
	}}, true, nil
}

// filled completes each hooked record's answer from its posting.
func filled(posted []ledger.Hooked) ([]*pendingRecord, error) {
	batch := make([]*pendingRecord, len(posted))
	for i, h := range posted {
		p, ok := h.Data.(*pendingRecord)
		if !ok || p.fill == nil {
			return nil, fmt.Errorf("seamless: posting %d hooked without a record (%T)", h.Posting.ID, h.Data)
		}
		p.hooked = false
		if err := p.fill(append(append([]ledger.Posting(nil), h.Chain...), h.Posting)); err != nil {
			return nil, err
		}
		batch[i] = p
	}
	return batch, nil
}

// hookRow is row i of a pipelined statement's result.
type hookRow struct {
	rows ledger.HookRows
	i    int
}

func (h hookRow) Scan(dest ...any) error { return h.rows.Scan(h.i, dest...) }
