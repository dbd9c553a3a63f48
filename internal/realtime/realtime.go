// Package realtime pushes member events (balance changed, notification, ...)
// to the member's open websockets (issue 3: "a websocket connection for
// logged-in users that later issues push events through"). Domains publish
// through the Publisher interface; the Hub fans out in process, and through
// Redis pub/sub between instances when one is configured. Design notes:
// docs/accounts.md, "Realtime".
package realtime

import (
	"context"
	"encoding/json"
	"time"
)

// Event is one message to a member's sockets, sent as JSON text.
type Event struct {
	Type string          `json:"type"`           // "balance", "notification", "session" ...
	Data json.RawMessage `json:"data,omitempty"` // the event's own shape, owned by its domain
	At   int64           `json:"at"`             // Unix ms, set by Publish when zero
}

// Publisher is what other domains see: deliver ev to every open socket of
// the member, on whichever instance it is connected. Delivery is best
// effort (a socket that is closed or too slow misses it): clients refetch
// state on reconnect.
type Publisher interface {
	Publish(ctx context.Context, memberID int64, ev Event) error
}

// Config holds the socket limits; DefaultConfig is production.
type Config struct {
	PingEvery     time.Duration // keepalive ping; a missing pong within PingTimeout closes the socket
	PingTimeout   time.Duration
	WriteTimeout  time.Duration // one frame
	SendQueue     int           // events queued per socket; a full queue drops the socket (slow client)
	RecheckEvery  time.Duration // the session is checked again this often (expiry, disabled member)
	MaxPerMember  int           // open sockets per member; the oldest closes beyond it
	ReadLimit     int64         // bytes per client message
	RedisChannel  string
	OriginPattern []string // extra allowed Origin hosts (same host is always allowed)
}

var DefaultConfig = Config{
	PingEvery:    25 * time.Second,
	PingTimeout:  10 * time.Second,
	WriteTimeout: 5 * time.Second,
	SendQueue:    32,
	RecheckEvery: time.Minute,
	MaxPerMember: 8,
	ReadLimit:    4096,
	RedisChannel: "palaro:realtime:member",
}

// Subprotocol is the one the client must offer; the token travels as a
// second offered subprotocol "bearer.<token>" (browsers cannot set headers
// on a WebSocket), so it never appears in a URL or an access log.
const Subprotocol = "palaro.v1"

// Close codes the client can act on (4000-4999 are for applications).
const (
	CloseSessionEnded = 4001 // logged out, password changed, expired: do not reconnect until logged in again
	CloseSlowClient   = 4008 // the send queue overflowed: reconnect and refetch
	CloseReplaced     = 4009 // too many sockets for the member: this, the oldest, was closed
)
