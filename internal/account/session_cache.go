package account

import (
	"context"
	"encoding/json"
	"log/slog"

	"github.com/redis/go-redis/v9"
)

// Resolved sessions are kept for a few seconds in a session.Cache (token
// hash -> session and member), so an authenticated request usually costs no
// query. Revocations in this process drop entries at once; with Redis they
// are published so other instances drop theirs too (UseRedis). What a cache
// entry can miss is bounded by the TTL: a member disabled in the back
// office, or a revocation while Redis is unreachable, takes effect within
// SessionCacheTTL.
type cachedSession struct {
	sess   Session
	member Member
	rule   SessionRule // the responsible-gaming gate's answer at load
}

// dropSessions forgets one session (hash set) or every session of a member
// but except.
func (s *Service) dropSessions(memberID int64, hash, except string) {
	if hash != "" {
		s.sessions.Drop(hash)
		return
	}
	s.sessions.DropIf(func(k string, v cachedSession) bool { return v.member.ID == memberID && k != except })
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
	s.dropSessions(memberID, hash, except)
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
				s.dropSessions(r.MemberID, r.Hash, r.Except)
				s.events.SessionsRevoked(r.MemberID, r.Hash, r.Except)
			}
		}
	}()
	<-ready
}
