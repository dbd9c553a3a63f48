package benchkit

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// TestHTTPConn: requests go out with their headers and body on one kept-alive
// connection, answers with a Content-Length and chunked ones are read whole,
// and a connection the server closes is dialled again.
func TestHTTPConn(t *testing.T) {
	var conns atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if r.Method != http.MethodPost || r.Header.Get("Authorization") != "Bearer tok" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		switch r.URL.Path {
		case "/echo":
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"key":%q,"body":%s}`, r.Header.Get("Idempotency-Key"), body)
		case "/big": // over net/http's buffer: sent chunked
			w.Write([]byte(strings.Repeat("x", 10000)))
		case "/close":
			w.Header().Set("Connection", "close")
			w.Write([]byte("bye"))
		}
	}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			conns.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()

	c := NewHTTPConn(srv.Listener.Addr().String(), 5*time.Second)
	defer c.Close()
	h := []Header{{"Authorization", "Bearer tok"}, {"Content-Type", "application/json"}}
	var buf []byte
	for i := 0; i < 3; i++ {
		status, out, err := c.Post("/echo", append(h, Header{"Idempotency-Key", fmt.Sprint("k", i)}), `{"amount":5}`, buf)
		if err != nil || status != 200 || string(out) != fmt.Sprintf(`{"key":"k%d","body":{"amount":5}}`, i) {
			t.Fatalf("echo %d: %d %q %v", i, status, out, err)
		}
		buf = out
	}
	status, out, err := c.Post("/big", h, "", buf)
	if err != nil || status != 200 || len(out) != 10000 {
		t.Fatalf("big: %d, %d bytes, %v", status, len(out), err)
	}
	if n := conns.Load(); n != 1 {
		t.Fatalf("%d connections for 4 requests, want 1 (keep-alive)", n)
	}
	status, _, err = c.Post("/echo", []Header{{"Authorization", "Bearer other"}}, "", nil)
	if err != nil || status != 400 {
		t.Fatalf("refused: %d %v", status, err)
	}
	if status, out, err := c.Post("/close", h, "", nil); err != nil || status != 200 || string(out) != "bye" {
		t.Fatalf("close: %d %q %v", status, out, err)
	}
	if status, _, err := c.Post("/echo", h, `1`, nil); err != nil || status != 200 {
		t.Fatalf("after close: %d %v", status, err)
	}
	if n := conns.Load(); n != 2 {
		t.Fatalf("%d connections, want 2 (dialled again after the server closed)", n)
	}
}
