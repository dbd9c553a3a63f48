package account

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/redis/go-redis/v9"
)

// sessionCache keeps resolved sessions (token hash -> session and member)
// for a few seconds, so an authenticated request usually costs no query.
// Revocations in this process drop entries at once; with Redis they are
// published so other instances drop theirs too (UseRedis). What a cache
// entry can miss is bounded by the TTL: a member disabled in the back
// office, or a revocation while Redis is unreachable, takes effect within
// SessionCacheTTL.
type sessionCache struct {
	ttl time.Duration
	max int

	mu      sync.RWMutex
	entries map[string]*cachedSession
}

type cachedSession struct {
	sess     Session
	member   Member
	loadedAt time.Time
	rule     SessionRule // the responsible-gaming gate's answer at load
	touching atomic.Bool // one last-seen write at a time per session
}

func newSessionCache(ttl time.Duration, max int) *sessionCache {
	return &sessionCache{ttl: ttl, max: max, entries: map[string]*cachedSession{}}
}

func (c *sessionCache) get(hash string, now time.Time) *cachedSession {
	if c.ttl <= 0 {
		return nil
	}
	c.mu.RLock()
	e := c.entries[hash]
	c.mu.RUnlock()
	if e == nil || now.Sub(e.loadedAt) >= c.ttl || now.Before(e.loadedAt) {
		return nil
	}
	return e
}

func (c *sessionCache) put(hash string, e *cachedSession) {
	if c.ttl <= 0 {
		return
	}
	c.mu.Lock()
	if len(c.entries) >= c.max { // full: drop the expired, else start over (rare; bounded memory)
		for k, v := range c.entries {
			if e.loadedAt.Sub(v.loadedAt) >= c.ttl {
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

// drop forgets one session (hash set) or every session of a member but except.
func (c *sessionCache) drop(memberID int64, hash, except string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if hash != "" {
		delete(c.entries, hash)
		return
	}
	for k, v := range c.entries {
		if v.member.ID == memberID && k != except {
			delete(c.entries, k)
		}
	}
}

// SessionEvents hears about revoked sessions: hash set means that one
// session; otherwise every session of the member except the one hashed
// except. The realtime hub closes the matching sockets.
type SessionEvents interface {
	SessionsRevoked(memberID int64, hash, except string)
}

type noEvents struct{}

func (noEvents) SessionsRevoked(int64, string, string) {}

// OnRevoke registers who hears about revoked sessions (set before serving).
func (s *Service) OnRevoke(ev SessionEvents) { s.events = ev }

// revocation is one message on the Redis channel.
type revocation struct {
	MemberID int64  `json:"m"`
	Hash     string `json:"h,omitempty"`
	Except   string `json:"e,omitempty"`
}

const revokeChannel = "palaro:account:revoked"

// revoked drops the cached sessions, tells the listeners here, and tells
// the other instances through Redis when there is one.
func (s *Service) revoked(ctx context.Context, memberID int64, hash, except string) {
	s.sessions.drop(memberID, hash, except)
	s.events.SessionsRevoked(memberID, hash, except)
	if s.rdb != nil {
		b, _ := json.Marshal(revocation{MemberID: memberID, Hash: hash, Except: except})
		if err := s.rdb.Publish(ctx, revokeChannel, b).Err(); err != nil {
			slog.WarnContext(ctx, "session revocation not published", "err", err)
		}
	}
}

// UseRedis publishes revocations to the other instances and applies
// theirs, until ctx ends. Call it once before serving.
func (s *Service) UseRedis(ctx context.Context, rdb redis.UniversalClient) {
	s.rdb = rdb
	sub := rdb.Subscribe(ctx, revokeChannel)
	ready := make(chan struct{})
	go func() {
		defer sub.Close()
		if _, err := sub.Receive(ctx); err != nil { // the subscription confirmation
			slog.WarnContext(ctx, "session revocation channel", "err", err)
		}
		close(ready)
		ch := sub.Channel()
		for {
			select {
			case <-ctx.Done():
				return
			case msg, ok := <-ch:
				if !ok {
					return
				}
				var r revocation
				if json.Unmarshal([]byte(msg.Payload), &r) != nil {
					continue
				}
				s.sessions.drop(r.MemberID, r.Hash, r.Except)
				s.events.SessionsRevoked(r.MemberID, r.Hash, r.Except)
			}
		}
	}()
	<-ready
}
