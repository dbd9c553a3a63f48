package gamewallet

import (
	"context"

	"github.com/palaro/palaro/internal/platform/batch"
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
	store *Store
	queue batch.Queue[*pendingLookup]
}

func newReader(store *Store) *reader {
	r := &reader{store: store}
	r.queue.Max, r.queue.Handle = maxGroup, r.read
	return r
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
	s.reads.queue.Add(p)
	<-p.done // a read: bounded by its statement, whatever ctx does
	return p.t, p.seen, p.r, p.exists, p.err
}

// read answers one group of lookups: one statement.
func (r *reader) read(group []*pendingLookup) {
	ctx := context.Background() // the group is everyone's
	if len(group) == 1 {
		p := group[0]
		p.t, p.seen, p.r, p.exists, p.err = r.store.lookup(ctx, r.store.db, p.vendor, p.txID, p.roundID)
	} else if err := r.store.lookupSet(ctx, group); err != nil {
		for _, p := range group {
			p.err = err
		}
	}
	for _, p := range group {
		close(p.done)
	}
}
