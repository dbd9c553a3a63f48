package account

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/sync/semaphore"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// ErrHashBusy answers a password check that found no hashing capacity
// within the wait: 503 auth.busy. Compare with errors.Is.
var ErrHashBusy = apperr.New(apperr.KindUnavailable, "auth.busy")

// Hasher runs every argon2id hash and verification of the process under
// one bound, a weighted semaphore over memory: each hash weighs its m
// parameter in KiB (19 MiB with DefaultArgon2), and the capacity is a number
// of slots of the configured parameters. Without it, 200 parallel password
// checks held 200 x 19 MiB at once and took every core. A check that finds
// no room waits up to the hasher's wait (or its context), then fails with
// ErrHashBusy; callers make their cheap refusals (rate limits, lockout
// claims, amounts, balances) before they ask for a slot.
type Hasher struct {
	params Argon2Params
	sem    *semaphore.Weighted
	cap    int64 // KiB
	wait   time.Duration

	inFlight atomic.Int64
	peak     atomic.Int64
	runs     atomic.Int64
	busy     atomic.Int64
}

// HashWait is how long a password check waits for a hashing slot by default.
const HashWait = 2 * time.Second

// NewHasher makes a bound of slots hashes with parameters p (at least one);
// a hash with other parameters weighs its own memory.
func NewHasher(p Argon2Params, slots int, wait time.Duration) *Hasher {
	if slots < 1 {
		slots = 1
	}
	c := int64(slots) * int64(max(p.MemoryKiB, 1))
	return &Hasher{params: p, sem: semaphore.NewWeighted(c), cap: c, wait: wait}
}

// HashSlots sizes the bound. Memory: a quarter of the Go soft memory limit
// (the rest is the heap the server runs on, and the garbage of finished
// hashes until the next collection) over the size of one hash. CPU: one
// core is always left to everything else, so at most GOMAXPROCS-1 hashes
// run at once (one on one or two cores). The smaller wins; at least one.
// With the default 1 GiB limit and 19 MiB hashes memory allows 13.
func HashSlots(memLimit int64, p Argon2Params, procs int) int {
	slots := max(procs-1, 1)
	if memLimit > 0 && memLimit < math.MaxInt64 {
		per := int64(max(p.MemoryKiB, 1)) << 10
		slots = min(slots, int(memLimit/4/per))
	}
	return max(slots, 1)
}

var (
	sharedOnce sync.Once
	shared     *Hasher
)

// SharedHasher is the process's hasher for DefaultArgon2, sized from the Go
// soft memory limit in force at its first use and GOMAXPROCS. Services use
// it unless given another one (UseHasher); cmd/palaro wires it everywhere.
func SharedHasher() *Hasher {
	sharedOnce.Do(func() {
		shared = NewHasher(DefaultArgon2, HashSlots(debug.SetMemoryLimit(-1), DefaultArgon2, runtime.GOMAXPROCS(0)), HashWait)
	})
	return shared
}

// Slots is the number of hashes of the configured parameters that run at once.
func (h *Hasher) Slots() int { return int(h.cap / int64(max(h.params.MemoryKiB, 1))) }

// HashStats are the hasher's counters since it was made.
type HashStats struct {
	Runs int64 // hashes and verifications computed
	Peak int64 // most computed at the same time
	Busy int64 // checks refused with ErrHashBusy
}

func (h *Hasher) Stats() HashStats {
	return HashStats{Runs: h.runs.Load(), Peak: h.peak.Load(), Busy: h.busy.Load()}
}

// acquire takes room for one hash of memKiB within the wait.
func (h *Hasher) acquire(ctx context.Context, memKiB uint32) (func(), error) {
	w := min(int64(max(memKiB, 1)), h.cap)
	if !h.sem.TryAcquire(w) {
		wctx, cancel := context.WithTimeout(ctx, h.wait)
		err := h.sem.Acquire(wctx, w)
		cancel()
		if err != nil {
			h.busy.Add(1)
			return nil, ErrHashBusy
		}
	}
	n := h.inFlight.Add(1)
	for p := h.peak.Load(); n > p && !h.peak.CompareAndSwap(p, n); p = h.peak.Load() {
	}
	h.runs.Add(1)
	return func() { h.inFlight.Add(-1); h.sem.Release(w) }, nil
}

// Verify checks a password against a stored PHC string under the bound
// (VerifyPassword; want decides needsRehash). ErrHashBusy (also when ctx
// ends first) means nothing was checked.
func (h *Hasher) Verify(ctx context.Context, password, encoded string, want Argon2Params) (ok, needsRehash bool, err error) {
	release, err := h.acquire(ctx, hashMemory(encoded, want.MemoryKiB))
	if err != nil {
		return false, false, err
	}
	defer release()
	return VerifyPassword(password, encoded, want)
}

// Hash hashes a new password with parameters p under the bound.
func (h *Hasher) Hash(ctx context.Context, password string, p Argon2Params) (string, error) {
	release, err := h.acquire(ctx, p.MemoryKiB)
	if err != nil {
		return "", err
	}
	defer release()
	return HashPassword(password, p)
}

// IsBusy tells a refusal for want of hashing room (nothing was checked)
// from a wrong password or an unreadable hash.
func IsBusy(err error) bool { return errors.Is(err, ErrHashBusy) }

// hashMemory reads m (KiB) from a PHC string; unreadable ones weigh def
// (VerifyPassword refuses them without hashing).
func hashMemory(encoded string, def uint32) uint32 {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 {
		return def
	}
	var m, t, p uint32
	if _, err := fmt.Sscanf(parts[3], "m=%d,t=%d,p=%d", &m, &t, &p); err != nil || m == 0 {
		return def
	}
	return m
}

// UseHasher sets the bound this service's password hashes run under
// (SharedHasher by default).
func (s *Service) UseHasher(h *Hasher) {
	if h != nil {
		s.hasher = h
	}
}

// hash hashes a new password under the bound; busy stays ErrHashBusy.
func (s *Service) hash(ctx context.Context, password string) (string, error) {
	h, err := s.hasher.Hash(ctx, password, s.cfg.Argon2)
	if err != nil && !IsBusy(err) {
		return "", apperr.Internal(err, "hash")
	}
	return h, err
}
