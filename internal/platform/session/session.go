// Package session is what members' and operators' sessions share: opaque
// bearer tokens stored only as their SHA-256, the idle and absolute expiry
// rule, and the few-second cache of resolved sessions that lets an
// authenticated request cost no query. Each domain keeps its own table and
// who may do what.
package session

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"sync"
	"sync/atomic"
	"time"
)

// TokenLen is a token's length: 32 random bytes, base64url without padding.
const TokenLen = 43

// NewToken makes a token and the hash to store in its place.
func NewToken() (token, hash string) {
	var b [32]byte
	_, _ = rand.Read(b[:])
	token = base64.RawURLEncoding.EncodeToString(b[:])
	return token, Hash(token)
}

// Hash is how a token (or any one-time secret sent to a user) is stored
// and looked up: a database leak reveals no usable token.
func Hash(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Live tells whether a session may still be used at now: not revoked, before
// its absolute end, and seen within the idle timeout.
func Live(now, lastSeen, expiresAt, revokedAt time.Time, idle time.Duration) bool {
	return revokedAt.IsZero() && now.Before(expiresAt) && now.Sub(lastSeen) <= idle
}

// Cache keeps resolved sessions (token hash -> V) for ttl. Revocations drop
// entries at once in this process; what an entry can miss otherwise (a
// change made on another instance) is bounded by ttl.
type Cache[V any] struct {
	ttl time.Duration
	max int

	mu      sync.RWMutex
	entries map[string]*Entry[V]
}

// Entry is one cached session.
type Entry[V any] struct {
	Value    V
	LoadedAt time.Time
	touching atomic.Bool // one last-seen write at a time per session
}

// NewCache makes a cache; ttl <= 0 turns it off.
func NewCache[V any](ttl time.Duration, max int) *Cache[V] {
	return &Cache[V]{ttl: ttl, max: max, entries: map[string]*Entry[V]{}}
}

// Get returns the entry of hash while it is fresh, else nil.
func (c *Cache[V]) Get(hash string, now time.Time) *Entry[V] {
	if c.ttl <= 0 {
		return nil
	}
	c.mu.RLock()
	e := c.entries[hash]
	c.mu.RUnlock()
	if e == nil || now.Sub(e.LoadedAt) >= c.ttl || now.Before(e.LoadedAt) {
		return nil
	}
	return e
}

// Put caches e under hash. A full cache first drops its stale entries, and
// starts over if that is not enough (rare; bounded memory).
func (c *Cache[V]) Put(hash string, e *Entry[V]) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	if len(c.entries) >= c.max {
		for k, v := range c.entries {
			if e.LoadedAt.Sub(v.LoadedAt) >= c.ttl {
				delete(c.entries, k)
			}
		}
		if len(c.entries) >= c.max {
			clear(c.entries)
		}
	}
	c.entries[hash] = e
	c.mu.Unlock()
}

// Drop forgets one session.
func (c *Cache[V]) Drop(hash string) {
	c.mu.Lock()
	delete(c.entries, hash)
	c.mu.Unlock()
}

// DropIf forgets every session for which drop answers true.
func (c *Cache[V]) DropIf(drop func(hash string, v V) bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, v := range c.entries {
		if drop(k, v.Value) {
			delete(c.entries, k)
		}
	}
}

// Touching claims the session's last-seen write; false while another
// request's write is under way. Touched gives the claim back.
func (e *Entry[V]) Touching() bool { return e.touching.CompareAndSwap(false, true) }

// Touched ends a claim Touching gave.
func (e *Entry[V]) Touched() { e.touching.Store(false) }
