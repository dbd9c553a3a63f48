package crashgame

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/palaro/palaro/internal/platform/clock"
)

func TestHubFlushEvery(t *testing.T) {
	h := NewHub(clock.System{}, nil, 20, 8)
	addClients := func(n int) {
		for i := 0; i < n; i++ {
			if !h.add(&wsClient{send: make(chan []byte, 8), done: make(chan struct{})}) {
				t.Fatal("add refused")
			}
		}
	}
	for _, tc := range []struct {
		name    string
		clients int // in total
		want    time.Duration
	}{
		{"OK/FewClientsFlushEvery", 10, 25 * time.Millisecond},
		{"OK/AtTheBudgetStillFlushEvery", 1750, 25 * time.Millisecond},
		{"OK/ManyClientsStretched", 2000, time.Second * 2000 / 70000},
		{"OK/StretchCapped", 5000, 60 * time.Millisecond},
	} {
		t.Run(tc.name, func(t *testing.T) {
			addClients(tc.clients - h.Clients())
			if got := h.flushEvery(); got != tc.want {
				t.Fatalf("%d clients: %s, want %s", tc.clients, got, tc.want)
			}
		})
	}
	t.Run("OK/NoStretchWhenOff", func(t *testing.T) {
		h.WritesPerSecond = 0
		if got := h.flushEvery(); got != 25*time.Millisecond {
			t.Fatalf("%s, want 25ms", got)
		}
	})
}

// Messages published while a frame is being held share the next frame, one
// JSON object per line, in order, and the owner's copy marks its bet.
func TestHubBatchesMessages(t *testing.T) {
	h := NewHub(clock.System{}, nil, 20, 8)
	h.FlushEvery = 200 * time.Millisecond
	watcher := &wsClient{send: make(chan []byte, 8), done: make(chan struct{})}
	owner := &wsClient{memberID: 7, send: make(chan []byte, 8), done: make(chan struct{})}
	for _, c := range []*wsClient{watcher, owner} {
		if !h.add(c) {
			t.Fatal("add refused")
		}
		<-c.send // the state
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go h.Run(ctx)
	h.Publish(ctx, 0, Message{Type: "betting", Round: &RoundView{ID: 1, Status: StatusBetting}})
	first := payloadOf(t, <-watcher.send) // delivered at once: nothing was sent before
	if bytes.Count(first, []byte("\n")) != 0 {
		t.Fatalf("first frame %q, want one message", first)
	}
	<-owner.send
	for i := int64(1); i <= 3; i++ {
		h.Publish(ctx, 7*(i%2), Message{Type: "bet", Bet: &BetView{ID: i, RoundID: 1, State: BetPlaced}})
	}
	var frame, own []byte
	select {
	case frame = <-watcher.send:
	case <-time.After(2 * time.Second):
		t.Fatal("no frame")
	}
	frame, own = payloadOf(t, frame), payloadOf(t, <-owner.send)
	lines := bytes.Split(frame, []byte("\n"))
	if len(lines) != 3 {
		t.Fatalf("frame %q: %d lines, want 3 in one frame", frame, len(lines))
	}
	for i, l := range lines {
		if !bytes.Contains(l, []byte(`"id":`+string(rune('1'+i)))) || !bytes.Contains(l, []byte(`"at":`)) || bytes.Contains(l, []byte(`"mine":true`)) {
			t.Fatalf("line %d: %s", i, l)
		}
	}
	ownLines := bytes.Split(own, []byte("\n"))
	if len(ownLines) != 3 || !bytes.Contains(ownLines[0], []byte(`"mine":true`)) || bytes.Contains(ownLines[1], []byte(`"mine":true`)) || !bytes.Contains(ownLines[2], []byte(`"mine":true`)) {
		t.Fatalf("owner's frame %q: bets 1 and 3 should be mine", own)
	}
}

// A client whose queue is full is dropped (4008); the others keep getting
// every frame.
func TestHubDropsSlowClient(t *testing.T) {
	h := NewHub(clock.System{}, nil, 20, 2)
	h.FlushEvery = time.Millisecond
	slow := &wsClient{send: make(chan []byte, 2), done: make(chan struct{})}
	fast := &wsClient{send: make(chan []byte, 2), done: make(chan struct{})}
	for _, c := range []*wsClient{slow, fast} {
		if !h.add(c) {
			t.Fatal("add refused")
		}
	}
	<-fast.send // the state; slow never reads
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go h.Run(ctx)
	for i := int64(1); i <= 3; i++ {
		h.Publish(ctx, 0, Message{Type: "running", Round: &RoundView{ID: i}})
		select {
		case <-fast.send:
		case <-time.After(2 * time.Second):
			t.Fatalf("message %d not delivered to the fast client", i)
		}
	}
	select {
	case <-slow.done:
		if slow.code != CloseSlowClient {
			t.Fatalf("closed with %d, want %d", slow.code, CloseSlowClient)
		}
	default:
		t.Fatal("slow client not dropped")
	}
	select {
	case <-fast.done:
		t.Fatal("fast client dropped")
	default:
	}
}

// TestPumpEndsStuckWrite: a client that stops reading fills the socket's
// buffers, and the frame being written then blocks; the pump's watchdog
// closes the connection after WriteTimeout, which ends the write and the
// pump (it would wait forever without it: the frames are written with a
// context that never ends).
func TestPumpEndsStuckWrite(t *testing.T) {
	h := &Handler{ws: WSConfig{PingEvery: time.Hour, WriteTimeout: 300 * time.Millisecond}}
	c := &wsClient{send: make(chan []byte, 64), done: make(chan struct{})}
	big := textFrame(bytes.Repeat([]byte("x"), 1<<20))
	for range cap(c.send) {
		c.send <- big
	}
	ended := make(chan time.Duration, 1)
	srv := pumpServer(t, h, c, ended)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow() // never reads
	select {
	case d := <-ended:
		if d < h.ws.WriteTimeout {
			t.Fatalf("the pump ended after %s, before the write timeout", d)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a write to a client that does not read was not ended")
	}
}

// A ping waiting for its pong does not hold the frames back: a client that
// reads but never answers pings still gets the frames queued meanwhile,
// and the socket ends once the pong is overdue.
func TestPumpFramesPassPing(t *testing.T) {
	h := &Handler{ws: WSConfig{PingEvery: 50 * time.Millisecond, WriteTimeout: 2 * time.Second}}
	c := &wsClient{send: make(chan []byte, 64), done: make(chan struct{})}
	ended := make(chan time.Duration, 1)
	srv := pumpServer(t, h, c, ended)
	defer srv.Close()
	// A bare client: it reads frames and never sends a pong.
	nc, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer nc.Close()
	_, _ = io.WriteString(nc, "GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"+
		"Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n")
	br := bufio.NewReader(nc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("handshake: %v %v", resp, err)
	}
	frames := make(chan string, 16)
	go func() {
		defer close(frames)
		for {
			var hdr [2]byte
			if _, err := io.ReadFull(br, hdr[:]); err != nil {
				return
			}
			p := make([]byte, hdr[1]&0x7f) // the test's frames are short
			if _, err := io.ReadFull(br, p); err != nil {
				return
			}
			if hdr[0]&0x0f == 0x1 {
				frames <- string(p)
			}
		}
	}()
	time.Sleep(200 * time.Millisecond) // a ping is out and unanswered
	start := time.Now()
	c.send <- textFrame([]byte(`{"type":"bet"}`))
	select {
	case f := <-frames:
		if f != `{"type":"bet"}` {
			t.Fatalf("frame %q", f)
		}
		if d := time.Since(start); d > time.Second {
			t.Fatalf("the frame waited %s behind the ping", d)
		}
	case <-time.After(h.ws.WriteTimeout):
		t.Fatal("the frame was held back by the unanswered ping")
	}
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the socket outlived its unanswered ping")
	}
}
