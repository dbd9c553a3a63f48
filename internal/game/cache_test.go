package game

import (
	"strconv"
	"testing"
)

func TestResponseCache(t *testing.T) {
	t.Run("NewerGenerationEmptiesIt", func(t *testing.T) {
		c := newResponseCache(8, 1<<20)
		c.put(1, "a", []byte("one"), "")
		if _, ok := c.get(1, []byte("a")); !ok {
			t.Fatal("miss after put")
		}
		if _, ok := c.get(2, []byte("a")); ok {
			t.Fatal("hit for a newer generation")
		}
		c.put(2, "b", []byte("two"), "")
		if _, ok := c.get(2, []byte("a")); ok || c.len() != 1 {
			t.Fatalf("old entry survived a new generation (%d entries)", c.len())
		}
	})
	t.Run("OlderGenerationNotStored", func(t *testing.T) {
		c := newResponseCache(8, 1<<20)
		c.put(3, "a", []byte("x"), "")
		c.put(2, "b", []byte("y"), "")
		if _, ok := c.get(3, []byte("b")); ok {
			t.Fatal("stale put stored")
		}
	})
	t.Run("BoundedByEntriesReplaceKeepsBytes", func(t *testing.T) {
		c := newResponseCache(4, 1<<10)
		for i := 0; i < 50; i++ {
			c.put(1, strconv.Itoa(i), []byte("0123"), "")
			c.put(1, strconv.Itoa(i), []byte("012345"), "") // replace keeps the byte count right
		}
		if c.len() != 4 || c.bytes != 6*c.len() {
			t.Fatalf("%d entries, %d bytes", c.len(), c.bytes)
		}
	})
}
