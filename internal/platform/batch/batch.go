// Package batch is the group-commit queue the hot paths share: callers add
// an item and wait on it; one goroutine, started when work arrives and gone
// when there is none, hands everything queued meanwhile to one call, so
// under load many items share one statement or transaction and alone an
// item waits for nobody (no timer).
package batch

import "sync"

// Queue gathers items for Handle, at most Max at a time (Max <= 0: all).
// Handle runs on the queue's one goroutine, so calls never overlap; it
// answers each item itself (items carry their own done channel).
type Queue[T any] struct {
	Max    int
	Handle func(group []T)

	mu      sync.Mutex
	items   []T
	running bool
	groups  int64
}

// Add queues item and makes sure a goroutine is handling the queue.
func (q *Queue[T]) Add(item T) {
	q.mu.Lock()
	q.items = append(q.items, item)
	if !q.running {
		q.running = true
		go q.drain()
	}
	q.mu.Unlock()
}

// Groups is how many calls of Handle there have been (for tests).
func (q *Queue[T]) Groups() int64 {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.groups
}

func (q *Queue[T]) drain() {
	for {
		q.mu.Lock()
		n := len(q.items)
		if q.Max > 0 {
			n = min(n, q.Max)
		}
		if n == 0 {
			q.running = false
			q.mu.Unlock()
			return
		}
		group := q.items[:n:n]
		q.items = q.items[n:]
		q.groups++
		q.mu.Unlock()
		q.Handle(group)
	}
}
