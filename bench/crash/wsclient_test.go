package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// The bench's client against the server's websocket library: the
// subprotocol handshake, messages of every length encoding, a fragmented
// message, a ping answered while reading, and the server's close code;
// read with readMessage (copied into the caller's buffer) and with next
// (in place when the message fits the connection's buffer).
func TestWSClient(t *testing.T) {
	t.Run("readMessage", func(t *testing.T) {
		var buf []byte
		testWSClient(t, func(c *wsConn) ([]byte, error) {
			var err error
			buf, err = c.readMessage(buf[:0])
			return buf, err
		})
	})
	t.Run("next", func(t *testing.T) { testWSClient(t, (*wsConn).next) })
}

func testWSClient(t *testing.T, read func(*wsConn) ([]byte, error)) {
	sizes := []int{0, 5, 125, 126, 4000, 65535, 65536, 300_000}
	serverDone := make(chan error, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{"palaro.crash.v1"}, CompressionMode: websocket.CompressionDisabled})
		if err != nil {
			serverDone <- err
			return
		}
		if ws.Subprotocol() != "palaro.crash.v1" {
			serverDone <- errors.New("subprotocol " + ws.Subprotocol())
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		// The client reads (and so answers pings) only inside readMessage:
		// the ping is sent before the messages, so the pong comes back
		// while the client reads them. Pongs are seen by a reader.
		go func() {
			for {
				if _, _, err := ws.Read(ctx); err != nil {
					return
				}
			}
		}()
		pinged := make(chan error, 1)
		go func() { pinged <- ws.Ping(ctx) }()
		for _, n := range sizes {
			if err := ws.Write(ctx, websocket.MessageText, bytes.Repeat([]byte{'a' + byte(n%26)}, n)); err != nil {
				serverDone <- err
				return
			}
		}
		w2, err := ws.Writer(ctx, websocket.MessageText)
		if err == nil {
			_, _ = w2.Write([]byte("frag"))
			_, _ = w2.Write([]byte("mented")) // flushed as a second frame on Close
			err = w2.Close()
		}
		if err != nil {
			serverDone <- err
			return
		}
		if err := <-pinged; err != nil {
			serverDone <- fmt.Errorf("ping: %w", err)
			return
		}
		serverDone <- ws.Close(4008, "too slow")
	}))
	defer srv.Close()

	c, err := wsDial(strings.TrimPrefix(srv.URL, "http://"), "/", []string{"palaro.crash.v1", "bearer.tok"}, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var buf []byte
	for _, n := range sizes {
		buf, err = read(c)
		if err != nil {
			t.Fatalf("message of %d bytes: %v", n, err)
		}
		if len(buf) != n || (n > 0 && (buf[0] != 'a'+byte(n%26) || buf[n-1] != 'a'+byte(n%26))) {
			t.Fatalf("message of %d bytes read as %d bytes", n, len(buf))
		}
	}
	if buf, err = read(c); err != nil || string(buf) != "fragmented" {
		t.Fatalf("fragmented message: %q, %v", buf, err)
	}
	_, err = read(c)
	if closeCode(err) != 4008 {
		t.Fatalf("after the close: %v, want close code 4008", err)
	}
	if err := <-serverDone; err != nil {
		t.Fatalf("server: %v", err)
	}
}

// A server that does not answer with 101 and the right accept key is refused.
func TestWSClientHandshakeRefused(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no", http.StatusUnauthorized)
	}))
	defer srv.Close()
	if _, err := wsDial(strings.TrimPrefix(srv.URL, "http://"), "/", nil, 5*time.Second); err == nil || !strings.Contains(err.Error(), "401") {
		t.Fatalf("dial: %v, want the 401 status", err)
	}
}
