package gamewallet

import (
	"context"
	"sync"

	"github.com/palaro/palaro/internal/platform/db"
)

// reader answers the lookups (transaction id and round) of concurrent
// callbacks on PostgreSQL with one statement per group: a callback's only
// statement of its own is its lookup, so under load it is most of the round
// trips, each costing CPU on both sides of the connection. One goroutine
// reads while there is work, taking every lookup queued meanwhile; with one
// callback at a time it is one statement as before. On SQLite a lookup is a
// call in-process and runs directly.
type reader struct {
	store   *Store
	mu      sync.Mutex
	queue   []*pendingLookup
	reading bool
}

type pendingLookup struct {
	vendor, txID, roundID string

	t      txRow
	seen   bool
	r      roundRow
	exists bool
	err    error
	done   chan struct{}
}

// lookup reads a callback's transaction id and its round (Store.lookup).
func (s *Service) lookup(ctx context.Context, vendor, txID, roundID string) (txRow, bool, roundRow, bool, error) {
	if s.store.db.Dialect != db.Postgres {
		// A point read in-process: a context that cannot end spares it the
		// driver's interrupt watcher (a goroutine per statement).
		return s.store.lookup(context.WithoutCancel(ctx), s.store.db, vendor, txID, roundID)
	}
	p := &pendingLookup{vendor: vendor, txID: txID, roundID: roundID, done: make(chan struct{})}
	s.reads.enqueue(p)
	<-p.done // a read: bounded by its statement, whatever ctx does
	return p.t, p.seen, p.r, p.exists, p.err
}

func (r *reader) enqueue(p *pendingLookup) {
	r.mu.Lock()
	r.queue = append(r.queue, p)
	if !r.reading {
		r.reading = true
		go r.drain()
	}
	r.mu.Unlock()
}

func (r *reader) drain() {
	for {
		r.mu.Lock()
		n := min(len(r.queue), maxGroup)
		if n == 0 {
			r.reading = false
			r.mu.Unlock()
			return
		}
		batch := r.queue[:n:n]
		r.queue = r.queue[n:]
		r.mu.Unlock()
		ctx := context.Background() // the group is everyone's
		if len(batch) == 1 {
			p := batch[0]
			p.t, p.seen, p.r, p.exists, p.err = r.store.lookup(ctx, r.store.db, p.vendor, p.txID, p.roundID)
		} else if err := r.store.lookupSet(ctx, batch); err != nil {
			for _, p := range batch {
				p.err = err
			}
		}
		for _, p := range batch {
			close(p.done)
		}
	}
}
