package main

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"
)

// The bench waits for the engine's first round instead of failing on a
// server that answers before it has one.
func TestOpenRoundWaitsForTheFirstRound(t *testing.T) {
	var calls atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/wps/inhouse/crash/state" {
			http.NotFound(w, r)
			return
		}
		if calls.Add(1) < 3 {
			_, _ = w.Write([]byte(`{"value":{"round":null,"bets":[],"history":[]}}`))
			return
		}
		_, _ = w.Write([]byte(`{"value":{"round":{"id":77,"status":"BETTING"},"bets":[],"history":[]}}`))
	}))
	defer srv.Close()
	r, err := openRound(srv.URL, 5*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if r.ID != 77 || calls.Load() != 3 {
		t.Fatalf("round %d after %d calls", r.ID, calls.Load())
	}
}

func TestOpenRoundGivesUp(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte(`{"value":{"round":null}}`))
	}))
	defer srv.Close()
	if _, err := openRound(srv.URL, 300*time.Millisecond); err == nil {
		t.Fatal("no error without a round")
	}
}
