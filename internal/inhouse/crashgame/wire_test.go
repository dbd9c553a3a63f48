package crashgame

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// payloadOf checks that f is one final, unmasked text frame and returns
// its payload.
func payloadOf(t *testing.T, f []byte) []byte {
	t.Helper()
	if len(f) < 2 || f[0] != 0x81 || f[1]&0x80 != 0 {
		t.Fatalf("frame header % x", f[:min(len(f), 2)])
	}
	n, h := int(f[1]&0x7f), 2
	switch n {
	case 126:
		n, h = int(binary.BigEndian.Uint16(f[2:4])), 4
	case 127:
		n, h = int(binary.BigEndian.Uint64(f[2:10])), 10
	}
	if len(f) != h+n {
		t.Fatalf("frame of %d bytes, header says %d + %d", len(f), h, n)
	}
	return f[h:]
}

// pumpServer serves each request as the handler serves a socket: accepted
// through rawWrites, then h's pump over c. When the pump returns, the time
// it ran is sent on ended.
func pumpServer(t *testing.T, h *Handler, c *wsClient, ended chan<- time.Duration) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rw := &rawWrites{ResponseWriter: w}
		ws, err := websocket.Accept(rw, r, &websocket.AcceptOptions{CompressionMode: websocket.CompressionDisabled})
		if err != nil || rw.conn == nil {
			t.Errorf("accept: %v (conn %v)", err, rw.conn)
			return
		}
		start := time.Now()
		h.pump(context.Background(), ws, rw.conn, c)
		ended <- time.Since(start)
	}))
}

// The frames the hub builds are read by a standard websocket client as
// sent, for every length encoding, while the client pings the server (the
// library's pongs go through the same connection as the frames) and
// several queued frames go out in one write; the server's close reaches
// the client with its code.
func TestRawFramesReadByClient(t *testing.T) {
	h := &Handler{ws: WSConfig{PingEvery: 20 * time.Millisecond, WriteTimeout: 5 * time.Second}}
	c := &wsClient{send: make(chan []byte, 64), done: make(chan struct{})}
	sizes := []int{0, 1, 125, 126, 127, 4000, 65535, 65536, 300000}
	var want [][]byte
	for i, n := range sizes {
		p := bytes.Repeat([]byte{byte('a' + i)}, n)
		want = append(want, p)
		c.send <- textFrame(p)
	}
	ended := make(chan time.Duration, 1)
	srv := pumpServer(t, h, c, ended)
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http"), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	conn.SetReadLimit(1 << 20)

	// The client pings throughout (its reads answer the server's pings and
	// take the pongs). The pings' context is never cancelled: the library
	// closes a connection whose write is cancelled.
	var wg sync.WaitGroup
	stop := make(chan struct{})
	pings := 0
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			if err := conn.Ping(ctx); err != nil {
				select {
				case <-stop: // the socket is closing
				default:
					t.Errorf("ping: %v", err)
				}
				return
			}
			pings++
		}
	}()
	read := func(want []byte) {
		t.Helper()
		typ, got, err := conn.Read(ctx)
		if err != nil {
			t.Fatalf("read: %v", err)
		}
		if typ != websocket.MessageText || !bytes.Equal(got, want) {
			t.Fatalf("message of %d bytes (%v), want %d", len(got), typ, len(want))
		}
	}
	for _, p := range want {
		read(p)
	}
	// More frames while the pings go on, one at a time.
	for i := range 200 {
		p := []byte(strings.Repeat("x", i*37))
		c.send <- textFrame(p)
		read(p)
	}
	close(stop)
	c.stop(CloseSlowClient, "too slow")
	_, _, err = conn.Read(ctx) // a pong still coming is read on the way
	var ce websocket.CloseError
	if !errors.As(err, &ce) || ce.Code != CloseSlowClient {
		t.Fatalf("close: %v", err)
	}
	<-ended
	wg.Wait()
	if pings == 0 {
		t.Fatal("no ping answered")
	}
}

func TestSealFrameLengths(t *testing.T) {
	for _, n := range []int{0, 125, 126, 65535, 65536, 70000} {
		p := bytes.Repeat([]byte("z"), n)
		f := textFrame(p)
		if got := payloadOf(t, f); !bytes.Equal(got, p) {
			t.Fatalf("%d: payload differs", n)
		}
		wantHead := 2
		if n > 125 {
			wantHead = 4
		}
		if n > 65535 {
			wantHead = 10
		}
		if len(f) != wantHead+n {
			t.Fatalf("%d: frame of %d bytes, want %d", n, len(f), wantHead+n)
		}
	}
}
