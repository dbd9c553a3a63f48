package main

import (
	"net"
	"path/filepath"
	"testing"
	"time"
)

func TestSummarize(t *testing.T) {
	d := make([]time.Duration, 1000)
	for i := range d { // 1000 µs down to 1 µs, out of order
		d[i] = time.Duration(1000-i) * time.Microsecond
	}
	got := summarize(d)
	want := Dist{N: 1000, P50: 501, P99: 991, P999: 1000, Max: 1000}
	if got != want {
		t.Fatalf("summarize = %+v, want %+v", got, want)
	}
	if (summarize(nil) != Dist{}) {
		t.Fatal("an empty distribution is not zero")
	}
}

func TestStalls(t *testing.T) {
	ms := time.Millisecond
	got := stalls([]time.Duration{ms, 10 * ms, 11 * ms, 250 * ms, 2 * ms}, 7*time.Second)
	want := Stalls{N: 2, Ms: 261, WallMs: 7000}
	if got != want {
		t.Fatalf("stalls = %+v, want %+v", got, want)
	}
}

func TestTimerNeverNegative(t *testing.T) {
	for _, d := range timer(20) {
		if d < 0 {
			t.Fatalf("oversleep %v", d)
		}
	}
}

func TestRoundTripsThroughEcho(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	errc := make(chan error, 1)
	go func() { errc <- echo(ln) }()
	c, err := net.Dial("tcp", ln.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	for _, idle := range []time.Duration{0, time.Millisecond} {
		d, err := roundTrips(c, 300, idle) // the message counter wraps past 255
		if err != nil {
			t.Fatal(err)
		}
		if len(d) != 300 || summarize(d).P50 <= 0 {
			t.Fatalf("idle %v: %d round trips, %+v", idle, len(d), summarize(d))
		}
	}
	c.Close()
	if err := <-errc; err != nil {
		t.Fatalf("echo: %v", err)
	}
}

// A peer that answers with the wrong message is an error, not a figure.
func TestRoundTripsWrongAnswer(t *testing.T) {
	a, b := net.Pipe()
	defer a.Close()
	go func() {
		buf := make([]byte, msgSize)
		for {
			if _, err := b.Read(buf); err != nil {
				return
			}
			buf[0]++
			if _, err := b.Write(buf); err != nil {
				return
			}
		}
	}()
	if _, err := roundTrips(a, 3, 0); err == nil {
		t.Fatal("a wrong echo was accepted")
	}
	b.Close()
}

func TestFlushes(t *testing.T) {
	dir := t.TempDir()
	d, err := flushes(dir, 5, 0)
	if err != nil {
		t.Fatal(err)
	}
	if len(d) != 5 {
		t.Fatalf("%d flushes", len(d))
	}
	for _, x := range d {
		if x <= 0 {
			t.Fatalf("flush took %v", x)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
		t.Fatalf("left behind: %v", left)
	}
	if _, err := flushes(filepath.Join(dir, "missing"), 1, 0); err == nil {
		t.Fatal("no error for a missing directory")
	}
}
