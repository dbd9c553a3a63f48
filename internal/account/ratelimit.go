package account

import (
	"context"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/platform/clock"
)

// Limiter counts events per key in fixed windows that open at a key's first
// event. Hit is atomic: n parallel hits on one key return 1..n, so a budget
// checked against Hit's count is never exceeded under concurrency.
type Limiter interface {
	// Hit records one event and returns the count in the current window, this one included.
	Hit(ctx context.Context, key string, window time.Duration) (int64, error)
	// Count returns the count in the current window without recording.
	Count(ctx context.Context, key string) (int64, error)
	// Reset forgets the key.
	Reset(ctx context.Context, key string) error
	// Undo takes back one event of the current window (never below zero):
	// a claimed attempt that turned out not to count (a right password, a
	// check that could not run).
	Undo(ctx context.Context, key string) error
}

// MemoryLimiter is the in-process Limiter; expired keys are swept as it is used.
type MemoryLimiter struct {
	clock clock.Clock

	mu        sync.Mutex
	entries   map[string]*window
	lastSweep time.Time
}

type window struct {
	count int64
	ends  time.Time
}

func NewMemoryLimiter(clk clock.Clock) *MemoryLimiter {
	return &MemoryLimiter{clock: clk, entries: map[string]*window{}}
}

// sweepEvery bounds how long expired keys stay in memory.
const sweepEvery = time.Minute

func (l *MemoryLimiter) Hit(_ context.Context, key string, d time.Duration) (int64, error) {
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if now.Sub(l.lastSweep) >= sweepEvery {
		for k, w := range l.entries {
			if !now.Before(w.ends) {
				delete(l.entries, k)
			}
		}
		l.lastSweep = now
	}
	w := l.entries[key]
	if w == nil || !now.Before(w.ends) {
		w = &window{ends: now.Add(d)}
		l.entries[key] = w
	}
	w.count++
	return w.count, nil
}

func (l *MemoryLimiter) Count(_ context.Context, key string) (int64, error) {
	now := l.clock.Now()
	l.mu.Lock()
	defer l.mu.Unlock()
	if w := l.entries[key]; w != nil && now.Before(w.ends) {
		return w.count, nil
	}
	return 0, nil
}

func (l *MemoryLimiter) Reset(_ context.Context, key string) error {
	l.mu.Lock()
	delete(l.entries, key)
	l.mu.Unlock()
	return nil
}

func (l *MemoryLimiter) Undo(_ context.Context, key string) error {
	now := l.clock.Now()
	l.mu.Lock()
	if w := l.entries[key]; w != nil && now.Before(w.ends) && w.count > 0 {
		w.count--
	}
	l.mu.Unlock()
	return nil
}

// Len is the number of keys held (tests check the sweep).
func (l *MemoryLimiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.entries)
}

// RedisLimiter shares the counts between instances through Redis
// (INCR, and PEXPIRE on the window's first event, in one script).
type RedisLimiter struct {
	rdb    redis.UniversalClient
	prefix string
}

func NewRedisLimiter(rdb redis.UniversalClient, prefix string) *RedisLimiter {
	if prefix == "" {
		prefix = "palaro:rl:"
	}
	return &RedisLimiter{rdb: rdb, prefix: prefix}
}

var hitScript = redis.NewScript(`
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return n`)

func (l *RedisLimiter) Hit(ctx context.Context, key string, d time.Duration) (int64, error) {
	return hitScript.Run(ctx, l.rdb, []string{l.prefix + key}, d.Milliseconds()).Int64()
}

func (l *RedisLimiter) Count(ctx context.Context, key string) (int64, error) {
	n, err := l.rdb.Get(ctx, l.prefix+key).Int64()
	if err == redis.Nil {
		return 0, nil
	}
	return n, err
}

var undoScript = redis.NewScript(`
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then
  return redis.call('DECR', KEYS[1])
end
return 0`)

func (l *RedisLimiter) Undo(ctx context.Context, key string) error {
	return undoScript.Run(ctx, l.rdb, []string{l.prefix + key}).Err()
}

func (l *RedisLimiter) Reset(ctx context.Context, key string) error {
	return l.rdb.Del(ctx, l.prefix+key).Err()
}
