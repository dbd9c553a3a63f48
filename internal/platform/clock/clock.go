// Package clock lets services take the time as a dependency, so tests can fix it.
package clock

import (
	"sync"
	"time"
)

type Clock interface{ Now() time.Time }

type System struct{}

func (System) Now() time.Time { return time.Now() }

// Fixed is a settable clock for tests.
type Fixed struct {
	mu sync.Mutex
	t  time.Time
}

func NewFixed(t time.Time) *Fixed { return &Fixed{t: t} }

func (f *Fixed) Now() time.Time { f.mu.Lock(); defer f.mu.Unlock(); return f.t }

func (f *Fixed) Advance(d time.Duration) { f.mu.Lock(); f.t = f.t.Add(d); f.mu.Unlock() }
