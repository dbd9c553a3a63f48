package main

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/palaro/palaro/internal/inhouse/crashgame"
)

// crashSocketServer answers the Crash websocket's handshake, waits, then
// sends the messages given (one frame each) and keeps the socket open
// until the test ends.
func crashSocketServer(t *testing.T, wait time.Duration, msgs ...string) string {
	t.Helper()
	stop := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{Subprotocols: []string{crashgame.Subprotocol}, CompressionMode: websocket.CompressionDisabled})
		if err != nil {
			return
		}
		defer ws.CloseNow()
		time.Sleep(wait)
		for _, m := range msgs {
			if err := ws.Write(context.Background(), websocket.MessageText, []byte(m)); err != nil {
				return
			}
		}
		<-stop
	}))
	t.Cleanup(func() { close(stop); srv.Close() })
	return strings.TrimPrefix(srv.URL, "http://")
}

// A socket counts as open only once its state message came: the server
// subscribes it after the handshake, and what happened in between is in
// the state, not in messages the delivery count would miss.
func TestWaitReadyWaitsForTheStateMessage(t *testing.T) {
	addr := crashSocketServer(t, 200*time.Millisecond, `{"type":"state","round":{"id":1},"bets":[{"id":5}],"at":1}`, `{"type":"bet","bet":{"id":6},"at":2}`)
	s, err := dial(context.Background(), addr, "tok", 10)
	if err != nil {
		t.Fatal(err)
	}
	defer s.conn.Close()
	select {
	case <-s.ready:
		t.Fatal("ready before the state message")
	default:
	}
	t0 := time.Now()
	if err := s.waitReady(context.Background(), 5*time.Second); err != nil {
		t.Fatal(err)
	}
	if waited := time.Since(t0); waited < 100*time.Millisecond {
		t.Fatalf("ready after %v: did not wait for the state message", waited)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		s.mu.Lock()
		n := s.bets.get(6)
		s.mu.Unlock()
		if n == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the bet after the state was not counted")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestWaitReadyGivesUp(t *testing.T) {
	addr := crashSocketServer(t, 0, `{"type":"bet","bet":{"id":6},"at":2}`)
	s, err := dial(context.Background(), addr, "tok", 10)
	if err != nil {
		t.Fatal(err)
	}
	defer s.conn.Close()
	if err := s.waitReady(context.Background(), 300*time.Millisecond); err == nil || !strings.Contains(err.Error(), "no state message") {
		t.Fatalf("err = %v, want no state message", err)
	}
}
