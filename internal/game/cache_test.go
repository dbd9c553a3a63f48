package game

import (
	"bytes"
	"strconv"
	"testing"
)

func TestResponseCache(t *testing.T) {
	t.Run("NewerGenerationEmptiesIt", func(t *testing.T) {
		c := newResponseCache(8, 1<<20)
		c.put(1, "a", []byte("one"), "", false)
		if _, ok := c.get(1, []byte("a")); !ok {
			t.Fatal("miss after put")
		}
		if _, ok := c.get(2, []byte("a")); ok {
			t.Fatal("hit for a newer generation")
		}
		c.put(2, "b", []byte("two"), "", false)
		if _, ok := c.get(2, []byte("a")); ok || c.len() != 1 {
			t.Fatalf("old entry survived a new generation (%d entries)", c.len())
		}
	})
	t.Run("OlderGenerationNotStored", func(t *testing.T) {
		c := newResponseCache(8, 1<<20)
		c.put(3, "a", []byte("x"), "", false)
		c.put(2, "b", []byte("y"), "", false)
		if _, ok := c.get(3, []byte("b")); ok {
			t.Fatal("stale put stored")
		}
	})
	t.Run("BoundedByEntriesReplaceKeepsBytes", func(t *testing.T) {
		c := newResponseCache(4, 1<<10)
		for i := 0; i < 50; i++ {
			c.put(1, strconv.Itoa(i), []byte("0123"), "", false)
			c.put(1, strconv.Itoa(i), []byte("012345"), "", false) // replace keeps the byte count right
		}
		if c.len() != 4 || c.bytes != 6*c.len() {
			t.Fatalf("%d entries, %d bytes", c.len(), c.bytes)
		}
	})
}

func TestResponseCacheGzipCopy(t *testing.T) {
	c := newResponseCache(8, 1<<20)
	big := bytes.Repeat([]byte(`{"gameName":"Lucky Jeepney"},`), 100)
	e := c.put(1, "k", big, "", true)
	if e.gz == nil || len(e.gz) >= len(big) || e.gzLength[0] != strconv.Itoa(len(e.gz)) {
		t.Fatalf("no useful gzip copy: %d bytes", len(e.gz))
	}
	if got, ok := c.get(1, []byte("k")); !ok || !bytes.Equal(got.gz, e.gz) || c.bytes != len(big)+len(e.gz) {
		t.Fatalf("stored entry %v, %d bytes", ok, c.bytes)
	}
	if small := c.put(1, "s", []byte(`{"a":1}`), "", true); small.gz != nil {
		t.Fatal("small body compressed")
	}
	if art := c.put(1, "a", big, `"x"`, false); art.gz != nil {
		t.Fatal("compressed without asking")
	}
}
