package session

import (
	"testing"
	"time"
)

func TestToken(t *testing.T) {
	tok, hash := NewToken()
	if len(tok) != TokenLen || hash != Hash(tok) || len(hash) != 64 {
		t.Fatalf("token %q hash %q", tok, hash)
	}
	if other, _ := NewToken(); other == tok {
		t.Fatal("two tokens alike")
	}
}

func TestLive(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name                    string
		lastSeen, expires, revo time.Time
		want                    bool
	}{
		{"fresh", now.Add(-time.Minute), now.Add(time.Hour), time.Time{}, true},
		{"idle", now.Add(-31 * time.Minute), now.Add(time.Hour), time.Time{}, false},
		{"expired", now.Add(-time.Minute), now, time.Time{}, false},
		{"revoked", now.Add(-time.Minute), now.Add(time.Hour), now.Add(-time.Second), false},
	} {
		if got := Live(now, c.lastSeen, c.expires, c.revo, 30*time.Minute); got != c.want {
			t.Errorf("%s: %v", c.name, got)
		}
	}
}

// TestCache: entries last ttl, a full cache drops the stale first, DropIf
// and Drop forget, the touch claim is one at a time.
func TestCache(t *testing.T) {
	now := time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)
	c := NewCache[int](5*time.Second, 2)
	c.Put("a", &Entry[int]{Value: 1, LoadedAt: now.Add(-10 * time.Second)})
	c.Put("b", &Entry[int]{Value: 2, LoadedAt: now})
	if c.Get("a", now) != nil || c.Get("b", now).Value != 2 || c.Get("b", now.Add(5*time.Second)) != nil {
		t.Fatal("ttl")
	}
	c.Put("c", &Entry[int]{Value: 3, LoadedAt: now}) // full: the stale "a" goes, "b" stays
	if c.Get("b", now) == nil || c.Get("c", now) == nil {
		t.Fatal("a full cache dropped a fresh entry")
	}
	c.DropIf(func(_ string, v int) bool { return v == 3 })
	c.Drop("b")
	if c.Get("b", now) != nil || c.Get("c", now) != nil {
		t.Fatal("drop")
	}
	e := &Entry[int]{}
	if !e.Touching() || e.Touching() {
		t.Fatal("touch claim")
	}
	e.Touched()
	if !e.Touching() {
		t.Fatal("touch claim given back")
	}
	if NewCache[int](0, 1).Get("x", now) != nil {
		t.Fatal("off")
	}
}
