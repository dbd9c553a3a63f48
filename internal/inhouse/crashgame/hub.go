package crashgame

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"sync"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/platform/clock"
)

// Hub keeps this instance's view of the current round (fed only by the
// messages it relays, so every instance shows the same thing) and its
// websocket clients. Each batch of messages is encoded once and queued on
// every client; a frame carries the batch as one JSON object per line. A
// client whose queue is full is dropped (close 4008) rather than slowing
// the round.
type Hub struct {
	clock  clock.Clock
	logger *slog.Logger
	queue  int // frames per client

	// FlushEvery is the shortest time between two frames to the clients:
	// messages arriving meanwhile share the next frame, which bounds the
	// writes per client (40/s at the default 25 ms) however many players
	// bet or cash out, for at most FlushEvery of added delay. Set before Run.
	FlushEvery time.Duration
	// WritesPerSecond stretches the time between frames when there are
	// many sockets: every frame is one write per socket (a system call
	// that, on loopback, also does the receiver's TCP work), so at most
	// WritesPerSecond of them are spent per second: 2,000 sockets at the
	// default 70,000/s get a frame every 29 ms. 0: no stretching.
	WritesPerSecond int
	// MaxFlushEvery caps the stretched time between frames (so the added
	// delay stays well under the 100 ms budget). Set before Run.
	MaxFlushEvery time.Duration

	in      chan event
	rdb     redis.UniversalClient
	channel string

	mu      sync.RWMutex
	clients map[*wsClient]struct{}
	closed  bool
	round   *RoundView
	bets    []*BetView
	betIdx  map[int64]int
	history []HistoryItem
	chain   *ChainView
	hist    int
}

// event is a message with the member who owns its bet (0: none), which is
// how the owner's sockets get "mine": true.
type event struct {
	M   int64   `json:"m"`
	Msg Message `json:"msg"`
}

// wsClient is one open socket.
type wsClient struct {
	memberID int64
	send     chan []byte
	done     chan struct{}
	once     sync.Once
	code     int
	reason   string
}

// stop ends the socket with a close code and reason (code 0: closed at
// once, without the close handshake); the first stop wins.
func (c *wsClient) stop(code int, reason string) {
	c.once.Do(func() {
		c.code, c.reason = code, reason
		close(c.done)
	})
}

// Close codes.
const (
	CloseSlowClient = 4008
	CloseGoingAway  = 1001
)

// RedisChannel carries Crash messages between instances (UseRedis).
const RedisChannel = "palaro:crash"

// NewHub makes a hub; Run delivers its messages.
func NewHub(clk clock.Clock, logger *slog.Logger, history, queue int) *Hub {
	if logger == nil {
		logger = slog.Default()
	}
	if queue <= 0 {
		queue = 64
	}
	if history <= 0 {
		history = 20
	}
	return &Hub{clock: clk, logger: logger, queue: queue, FlushEvery: 25 * time.Millisecond, WritesPerSecond: 70000, MaxFlushEvery: 60 * time.Millisecond, in: make(chan event, 8192), clients: map[*wsClient]struct{}{}, betIdx: map[int64]int{}, hist: history}
}

// UseRedis relays every message through Redis, so each instance (this one
// too) applies and delivers the messages of the instance that made them.
func (h *Hub) UseRedis(ctx context.Context, rdb redis.UniversalClient, channel string) error {
	sub := rdb.Subscribe(ctx, channel)
	if _, err := sub.Receive(ctx); err != nil {
		sub.Close()
		return err
	}
	h.rdb, h.channel = rdb, channel
	go func() {
		defer sub.Close()
		ch := sub.Channel()
		for {
			select {
			case <-ctx.Done():
				return
			case m, ok := <-ch:
				if !ok {
					return
				}
				var ev event
				if err := json.Unmarshal([]byte(m.Payload), &ev); err != nil {
					h.logger.Warn("crash: bad message on channel", "err", err)
					continue
				}
				h.enqueue(ev)
			}
		}
	}()
	return nil
}

// Publish sends a message to every instance's clients; memberID owns the
// message's bet (0 for round messages).
func (h *Hub) Publish(ctx context.Context, memberID int64, msg Message) {
	if msg.At == 0 {
		msg.At = h.clock.Now().UnixMilli()
	}
	ev := event{M: memberID, Msg: msg}
	if h.rdb != nil {
		b, err := json.Marshal(ev)
		if err == nil {
			err = h.rdb.Publish(ctx, h.channel, b).Err()
		}
		if err == nil {
			return
		}
		h.logger.Warn("crash: redis publish failed, delivering locally", "err", err)
	}
	h.enqueue(ev)
}

func (h *Hub) enqueue(ev event) {
	select {
	case h.in <- ev:
	default: // the hub is hopelessly behind: a blocking send keeps the order
		h.in <- ev
	}
}

// Run applies and delivers messages in batches until ctx ends.
func (h *Hub) Run(ctx context.Context) {
	batch := make([]event, 0, 256)
	var last time.Time
	for {
		select {
		case <-ctx.Done():
			h.Close()
			return
		case ev := <-h.in:
			if wait := h.flushEvery() - time.Since(last); wait > 0 {
				time.Sleep(wait) // let the messages of this moment share the frame
			}
			batch = append(batch[:0], ev)
		drain:
			for len(batch) < 1024 {
				select {
				case ev := <-h.in:
					batch = append(batch, ev)
				default:
					break drain
				}
			}
			h.deliver(batch)
			last = time.Now()
		}
	}
}

// flushEvery is the time between two frames for the current number of
// sockets: FlushEvery, stretched to keep the writes per second at most
// WritesPerSecond, but not beyond MaxFlushEvery.
func (h *Hub) flushEvery() time.Duration {
	d := h.FlushEvery
	if h.WritesPerSecond <= 0 {
		return d
	}
	h.mu.RLock()
	n := len(h.clients)
	h.mu.RUnlock()
	if s := time.Duration(n) * time.Second / time.Duration(h.WritesPerSecond); s > d {
		d = min(s, max(h.MaxFlushEvery, h.FlushEvery))
	}
	return d
}

// deliver applies a batch to the view, encodes it once as a websocket
// frame (and once more per member owning a bet in it: the same lines, its
// bets marked) and queues the frame on every client.
func (h *Hub) deliver(batch []event) {
	owners := map[int64][]int{} // member → indexes of their messages
	lines := make([][]byte, len(batch))
	size := 0
	h.mu.Lock()
	for i, ev := range batch {
		h.apply(ev)
		b, err := json.Marshal(ev.Msg)
		if err != nil {
			continue
		}
		lines[i] = b
		size += len(b) + 1
		if ev.M != 0 && ev.Msg.Bet != nil {
			owners[ev.M] = append(owners[ev.M], i)
		}
	}
	h.mu.Unlock()
	// join writes the batch's lines as one frame, the lines of idx with
	// the bet's "mine" (its only one) set.
	join := func(idx []int) []byte {
		f := newFrame(size + 4*len(idx))
		n := 0
		for i, l := range lines {
			if l == nil {
				continue
			}
			if n > 0 {
				f = append(f, '\n')
			}
			n++
			if containsInt(idx, i) {
				f = append(f, bytes.Replace(l, mineFalse, mineTrue, 1)...)
			} else {
				f = append(f, l...)
			}
		}
		return sealFrame(f)
	}
	frame := join(nil)
	var mine map[int64][]byte
	if len(owners) > 0 {
		mine = make(map[int64][]byte, len(owners))
		for m, idx := range owners {
			mine[m] = join(idx)
		}
	}
	h.mu.RLock()
	defer h.mu.RUnlock()
	for c := range h.clients {
		f := frame
		if c.memberID != 0 && mine != nil {
			if own, ok := mine[c.memberID]; ok {
				f = own
			}
		}
		select {
		case c.send <- f:
		default:
			c.stop(CloseSlowClient, "too slow")
		}
	}
}

var mineFalse, mineTrue = []byte(`"mine":false`), []byte(`"mine":true`)

func containsInt(s []int, v int) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// apply updates the view with one message (h.mu held).
func (h *Hub) apply(ev event) {
	m := ev.Msg
	switch m.Type {
	case "betting":
		r := *m.Round
		h.round = &r
		h.bets, h.betIdx = h.bets[:0:0], map[int64]int{}
		if m.Chain != nil {
			c := *m.Chain
			h.chain = &c
		}
	case "running":
		if h.round != nil && h.round.ID == m.Round.ID {
			h.round.Status, h.round.StartedAt = StatusRunning, m.Round.StartedAt
		}
	case "bet", "cashout", "settled":
		if m.Bet == nil || h.round == nil || m.Bet.RoundID != h.round.ID {
			return
		}
		b := *m.Bet
		b.memberID = ev.M
		if i, ok := h.betIdx[b.ID]; ok {
			h.bets[i] = &b
		} else {
			h.betIdx[b.ID] = len(h.bets)
			h.bets = append(h.bets, &b)
		}
	case "crashed":
		if h.round != nil && h.round.ID == m.Round.ID {
			h.round.Status, h.round.Point, h.round.Hash, h.round.CrashedAt = StatusCrashed, m.Round.Point, m.Round.Hash, m.Round.CrashedAt
			for _, b := range h.bets {
				if b.State == BetPlaced {
					b.State = BetLost
				}
			}
		}
		h.history = append([]HistoryItem{{ID: m.Round.ID, Point: m.Round.Point, Hash: m.Round.Hash}}, h.history...)
		if len(h.history) > h.hist {
			h.history = h.history[:h.hist]
		}
	}
}

// Load sets the view from the store (start-up, before any message).
func (h *Hub) Load(st State) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.round, h.history, h.chain = st.Round, st.History, st.Chain
	h.bets, h.betIdx = nil, map[int64]int{}
	for i := range st.Bets {
		b := st.Bets[i]
		h.betIdx[b.ID] = len(h.bets)
		h.bets = append(h.bets, &b)
	}
}

// Snapshot is the current state, with the member's bets marked mine.
func (h *Hub) Snapshot(memberID int64) State {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return h.snapshot(memberID)
}

func (h *Hub) snapshot(memberID int64) State {
	st := State{Bets: make([]BetView, 0, len(h.bets)), History: append([]HistoryItem{}, h.history...), Chain: h.chain, At: h.clock.Now().UnixMilli()}
	if h.round != nil {
		r := *h.round
		r.ServerTime = st.At
		st.Round = &r
	}
	for _, b := range h.bets {
		v := *b
		v.Mine = memberID != 0 && b.memberID == memberID
		st.Bets = append(st.Bets, v)
	}
	return st
}

// add registers a socket and queues its first frame (the state) in the
// same critical section, so no message falls between the two.
func (h *Hub) add(c *wsClient) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	st := h.snapshot(c.memberID)
	st.Type = "state"
	b, err := json.Marshal(st)
	if err != nil {
		return false
	}
	c.send <- textFrame(b)
	h.clients[c] = struct{}{}
	return true
}

func (h *Hub) remove(c *wsClient) {
	h.mu.Lock()
	delete(h.clients, c)
	h.mu.Unlock()
}

// Clients is the number of open sockets on this instance.
func (h *Hub) Clients() int {
	h.mu.RLock()
	defer h.mu.RUnlock()
	return len(h.clients)
}

// Close ends every socket and refuses new ones.
func (h *Hub) Close() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for c := range h.clients {
		c.stop(CloseGoingAway, "server shutting down")
	}
}
