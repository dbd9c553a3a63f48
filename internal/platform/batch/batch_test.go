package batch

import (
	"sync"
	"testing"
)

// TestQueue: every item is handled once, in order, never more than Max at
// a time, never two calls at once; items added while a call runs go
// together in the next.
func TestQueue(t *testing.T) {
	var (
		mu      sync.Mutex
		seen    []int
		running int
		release = make(chan struct{})
		first   = make(chan struct{})
	)
	q := &Queue[int]{Max: 3}
	q.Handle = func(group []int) {
		mu.Lock()
		running++
		if running > 1 || len(group) > 3 {
			t.Errorf("%d calls at once, group of %d", running, len(group))
		}
		firstCall := len(seen) == 0
		seen = append(seen, group...)
		mu.Unlock()
		if firstCall {
			close(first)
			<-release
		}
		mu.Lock()
		running--
		mu.Unlock()
	}
	var wg sync.WaitGroup
	wg.Add(1)
	q.Add(0) // its call blocks until the others are queued
	<-first
	for i := 1; i <= 7; i++ {
		q.Add(i)
	}
	close(release)
	go func() {
		defer wg.Done()
		for {
			mu.Lock()
			n := len(seen)
			mu.Unlock()
			if n == 8 {
				return
			}
		}
	}()
	wg.Wait()
	for i, v := range seen {
		if v != i {
			t.Fatalf("order %v", seen)
		}
	}
	if g := q.Groups(); g != 1+3 { // 0, then 1-3, 4-6, 7
		t.Fatalf("%d groups, want 4", g)
	}
}
