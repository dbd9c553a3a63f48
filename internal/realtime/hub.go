package realtime

import (
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/platform/clock"
)

// Hub holds the open sockets of this instance, by member.
type Hub struct {
	cfg    Config
	clock  clock.Clock
	logger *slog.Logger

	mu      sync.RWMutex
	members map[int64][]*client
	closed  bool

	rdb redis.UniversalClient // nil: in-process fan-out only
}

// client is one open socket as the hub sees it.
type client struct {
	memberID  int64
	tokenHash string
	send      chan []byte
	done      chan struct{}
	once      sync.Once
	code      int // close code, set once with done
	reason    string
}

// stop ends the socket with a close code; the connection goroutines do the rest.
func (c *client) stop(code int, reason string) {
	c.once.Do(func() {
		c.code, c.reason = code, reason
		close(c.done)
	})
}

func NewHub(cfg Config, clk clock.Clock, logger *slog.Logger) *Hub {
	if logger == nil {
		logger = slog.Default()
	}
	return &Hub{cfg: cfg, clock: clk, logger: logger, members: map[int64][]*client{}}
}

// wire is an event on the Redis channel.
type wire struct {
	MemberID int64 `json:"m"`
	Event    Event `json:"e"`
}

// UseRedis makes Publish go through Redis, so every instance (this one
// included) delivers to its own sockets; it returns once subscribed and
// stops listening when ctx ends.
func (h *Hub) UseRedis(ctx context.Context, rdb redis.UniversalClient) error {
	sub := rdb.Subscribe(ctx, h.cfg.RedisChannel)
	if _, err := sub.Receive(ctx); err != nil {
		sub.Close()
		return err
	}
	h.rdb = rdb
	go func() {
		defer sub.Close()
		ch := sub.Channel()
		for {
			select {
			case <-ctx.Done():
				return
			case msg, ok := <-ch:
				if !ok {
					return
				}
				var w wire
				if err := json.Unmarshal([]byte(msg.Payload), &w); err != nil {
					h.logger.Warn("realtime: bad message on channel", "err", err)
					continue
				}
				h.deliver(w.MemberID, w.Event)
			}
		}
	}()
	return nil
}

// Publish sends ev to the member's sockets on every instance.
func (h *Hub) Publish(ctx context.Context, memberID int64, ev Event) error {
	if ev.At == 0 {
		ev.At = h.clock.Now().UnixMilli()
	}
	if h.rdb != nil {
		b, err := json.Marshal(wire{MemberID: memberID, Event: ev})
		if err != nil {
			return err
		}
		return h.rdb.Publish(ctx, h.cfg.RedisChannel, b).Err()
	}
	h.deliver(memberID, ev)
	return nil
}

// deliver queues ev on this instance's sockets of the member; a socket
// whose queue is full is dropped rather than slowing everyone down.
func (h *Hub) deliver(memberID int64, ev Event) {
	b, err := json.Marshal(ev)
	if err != nil {
		return
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	for _, c := range h.members[memberID] {
		select {
		case c.send <- b:
		default:
			c.stop(CloseSlowClient, "too slow")
		}
	}
}

// add registers a socket; beyond MaxPerMember the oldest is closed.
func (h *Hub) add(c *client) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	list := append(h.members[c.memberID], c)
	if h.cfg.MaxPerMember > 0 && len(list) > h.cfg.MaxPerMember {
		list[0].stop(CloseReplaced, "too many connections")
		list = list[1:]
	}
	h.members[c.memberID] = list
	return true
}

func (h *Hub) remove(c *client) {
	h.mu.Lock()
	defer h.mu.Unlock()
	list := h.members[c.memberID]
	for i, x := range list {
		if x == c {
			list = append(list[:i:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(h.members, c.memberID)
	} else {
		h.members[c.memberID] = list
	}
}

// SessionsRevoked closes the sockets of revoked sessions: the one hashed
// hash, or every one of the member except the one hashed except. The
// account service calls it (account.SessionEvents), for revocations here
// and, through its Redis channel, on other instances.
func (h *Hub) SessionsRevoked(memberID int64, hash, except string) {
	h.mu.RLock()
	defer h.mu.RUnlock()
	for _, c := range h.members[memberID] {
		if (hash != "" && c.tokenHash == hash) || (hash == "" && c.tokenHash != except) {
			c.stop(CloseSessionEnded, "session ended")
		}
	}
}

// Count is the number of open sockets of a member on this instance (tests, metrics).
func (h *Hub) Count(memberID int64) int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.members[memberID])
}

// Close ends every socket (server shutdown) and refuses new ones.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for _, list := range h.members {
		for _, c := range list {
			c.stop(1001, "server shutting down")
		}
	}
}

var _ Publisher = (*Hub)(nil)

func timeout(ctx context.Context, d time.Duration) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, d)
}
