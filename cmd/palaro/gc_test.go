package main

import (
	"runtime/debug"
	"testing"
)

func TestParseSize(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]int64{
		"1048576": 1 << 20, "768MiB": 768 << 20, "1GiB": 1 << 30, "1g": 1 << 30, "512MB": 512e6, "64 KiB": 64 << 10, "1.5GiB": 3 << 29,
	} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("%q: %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "lots", "12XB", "-1", "MiB"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("%q: no error", in)
		}
	}
}

func TestTuneGC(t *testing.T) {
	t.Parallel()
	oldGC, oldLimit := debug.SetGCPercent(100), debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetGCPercent(oldGC); debug.SetMemoryLimit(oldLimit) })
	env := func(kv map[string]string) func(string) string { return func(k string) string { return kv[k] } }

	s, err := tuneGC(env(nil))
	if err != nil || debug.SetGCPercent(-1) != defaultGOGC || s.GOGC != "400" {
		t.Fatalf("default GOGC: %+v %v", s, err)
	}
	if l := debug.SetMemoryLimit(-1); l <= 0 || l > defaultMemoryLimit {
		t.Fatalf("default limit %d", l)
	}

	debug.SetGCPercent(100)
	s, err = tuneGC(env(map[string]string{"GOGC": "150", "PALARO_MEMORY_LIMIT": "256MiB"}))
	if err != nil || debug.SetGCPercent(-1) != 100 || debug.SetMemoryLimit(-1) != 256<<20 || s.MemoryLimit != "256MiB" {
		t.Fatalf("explicit: %+v %v", s, err)
	}
	if _, err := tuneGC(env(map[string]string{"PALARO_MEMORY_LIMIT": "plenty"})); err == nil {
		t.Fatal("bad PALARO_MEMORY_LIMIT accepted")
	}
}
