package seamless

import (
	"context"
	"sync"

	"github.com/palaro/palaro/internal/platform/db"
)

// recorder commits the answers of concurrent callbacks (and their round
// updates) in one transaction: on SQLite every write transaction takes the
// database's single writer turn, so one per callback would cap the
// callbacks per second; grouping them (as the ledger does its postings)
// spends one turn on many. A group that fails is retried one record per
// transaction, so one bad record fails alone.
type recorder struct {
	store   *Store
	mu      sync.Mutex
	queue   []*pendingRecord
	writing bool
}

type pendingRecord struct {
	t    txRow
	resp Response
	fn   func(q db.Querier) error

	out  Response
	err  error
	done chan struct{}
}

// maxGroup bounds the records of one transaction.
const maxGroup = 256

func (r *recorder) enqueue(p *pendingRecord) {
	r.mu.Lock()
	r.queue = append(r.queue, p)
	if !r.writing {
		r.writing = true
		go r.drain()
	}
	r.mu.Unlock()
}

func (r *recorder) drain() {
	for {
		r.mu.Lock()
		n := min(len(r.queue), maxGroup)
		if n == 0 {
			r.writing = false
			r.mu.Unlock()
			return
		}
		batch := r.queue[:n:n]
		r.queue = r.queue[n:]
		r.mu.Unlock()
		r.commit(batch)
	}
}

func (r *recorder) commit(batch []*pendingRecord) {
	ctx := context.Background() // not one request's: the group is everyone's
	err := r.store.db.InTx(ctx, func(tx *db.Tx) error {
		for _, p := range batch {
			if err := r.apply(ctx, tx, p); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil && len(batch) > 1 {
		for _, p := range batch {
			p.err = r.store.db.InTx(ctx, func(tx *db.Tx) error { return r.apply(ctx, tx, p) })
			close(p.done)
		}
		return
	}
	for _, p := range batch {
		p.err = err
		close(p.done)
	}
}

// apply stores one answer in tx: the answer and fn when the transaction id
// is new, else the answer stored before.
func (r *recorder) apply(ctx context.Context, tx *db.Tx, p *pendingRecord) error {
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
	p.out = p.resp
	if p.fn != nil {
		return p.fn(tx)
	}
	return nil
}
