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

// Offset is the system clock shifted by a fixed duration (`palaro jobs run
// --as-of`: a drill run as if it were another time).
type Offset time.Duration

func (o Offset) Now() time.Time { return time.Now().Add(time.Duration(o)) }
