package account

import (
	"context"
	"sync"
	"time"
)

// Gates lets at most size requests per key through at once in this
// process, the others waiting their turn in memory. Lockouts that claim a
// try in the database before a password check put one in front of the
// claim, so a burst on one account waits here instead of polling the
// database while the budget's checks run.
type Gates struct {
	size int
	mu   sync.Mutex
	m    map[int64]*gate
}

type gate struct {
	ch    chan struct{}
	users int
}

func NewGates(size int) *Gates { return &Gates{size: max(size, 1), m: map[int64]*gate{}} }

// Enter waits for a turn on key until wait has passed or ctx ends
// (ErrHashBusy); release ends the turn.
func (g *Gates) Enter(ctx context.Context, key int64, wait time.Duration) (release func(), err error) {
	g.mu.Lock()
	gt := g.m[key]
	if gt == nil {
		gt = &gate{ch: make(chan struct{}, g.size)}
		g.m[key] = gt
	}
	gt.users++
	g.mu.Unlock()
	leave := func() {
		g.mu.Lock()
		if gt.users--; gt.users == 0 {
			delete(g.m, key)
		}
		g.mu.Unlock()
	}
	select {
	case gt.ch <- struct{}{}:
		return func() { <-gt.ch; leave() }, nil
	default:
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case gt.ch <- struct{}{}:
		return func() { <-gt.ch; leave() }, nil
	case <-t.C:
	case <-ctx.Done():
	}
	leave()
	return nil, ErrHashBusy
}
