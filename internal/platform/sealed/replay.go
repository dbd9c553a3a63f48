package sealed

import (
	"context"
	"encoding/hex"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"
)

// Replay remembers the sealed requests seen within the time window, so a
// captured body cannot be sent again.
type Replay interface {
	// Fresh records id and reports whether it was not seen within ttl.
	Fresh(ctx context.Context, id []byte, now time.Time, ttl time.Duration) (bool, error)
}

// MemoryReplay is the one-instance cache: two generations of ids, the older
// dropped when the newer is ttl old (so an id is kept between ttl and 2 ttl)
// or when the newer is full (bounded memory under a flood, at the price of
// forgetting early; with several instances use RedisReplay).
type MemoryReplay struct {
	max int

	mu         sync.Mutex
	cur, prev  map[[16]byte]struct{}
	curStarted time.Time
}

// NewMemoryReplay keeps at most max ids per generation (0: 200 000).
func NewMemoryReplay(max int) *MemoryReplay {
	if max <= 0 {
		max = 200_000
	}
	return &MemoryReplay{max: max, cur: map[[16]byte]struct{}{}, prev: map[[16]byte]struct{}{}}
}

func (m *MemoryReplay) Fresh(_ context.Context, id []byte, now time.Time, ttl time.Duration) (bool, error) {
	var k [16]byte
	copy(k[:], id)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.curStarted.IsZero() {
		m.curStarted = now
	}
	if now.Sub(m.curStarted) >= ttl || len(m.cur) >= m.max {
		m.prev, m.cur, m.curStarted = m.cur, make(map[[16]byte]struct{}, len(m.cur)), now
	}
	if _, seen := m.cur[k]; seen {
		return false, nil
	}
	if _, seen := m.prev[k]; seen {
		return false, nil
	}
	m.cur[k] = struct{}{}
	return true, nil
}

// RedisReplay shares the seen ids between instances (SET NX with expiry).
type RedisReplay struct {
	rdb    redis.Cmdable
	prefix string
}

func NewRedisReplay(rdb redis.Cmdable, prefix string) *RedisReplay {
	if prefix == "" {
		prefix = "palaro:sealed:seen:"
	}
	return &RedisReplay{rdb: rdb, prefix: prefix}
}

func (r *RedisReplay) Fresh(ctx context.Context, id []byte, _ time.Time, ttl time.Duration) (bool, error) {
	return r.rdb.SetNX(ctx, r.prefix+hex.EncodeToString(id), 1, ttl).Result()
}
