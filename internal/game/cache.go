package game

import (
	"hash/fnv"
	"strconv"
	"sync"
)

// Response cache bounds.
const (
	DefaultCacheEntries = 4096
	DefaultCacheBytes   = 64 << 20
)

// cacheEntry is an encoded response with its header values ready to share.
type cacheEntry struct {
	body   []byte
	length []string // Content-Length
	etag   []string // ETag, art only
}

// responseCache holds encoded responses of one snapshot generation, keyed
// by the normalised query. A newer generation empties it; when full it drops
// an arbitrary entry, which is enough for a cache whose hot set (first pages
// of each category and vendor) is small.
type responseCache struct {
	mu         sync.RWMutex
	gen        uint64
	entries    map[string]cacheEntry
	bytes      int
	maxEntries int
	maxBytes   int
}

func newResponseCache(maxEntries, maxBytes int) *responseCache {
	if maxEntries <= 0 {
		maxEntries = DefaultCacheEntries
	}
	if maxBytes <= 0 {
		maxBytes = DefaultCacheBytes
	}
	return &responseCache{entries: map[string]cacheEntry{}, maxEntries: maxEntries, maxBytes: maxBytes}
}

func (c *responseCache) get(gen uint64, key []byte) (cacheEntry, bool) {
	c.mu.RLock()
	defer c.mu.RUnlock()
	if c.gen != gen {
		return cacheEntry{}, false
	}
	e, ok := c.entries[string(key)]
	return e, ok
}

// put stores body for gen (an older generation is not stored) and returns the entry.
func (c *responseCache) put(gen uint64, key string, body []byte, etag string) cacheEntry {
	e := cacheEntry{body: body, length: []string{strconv.Itoa(len(body))}}
	if etag != "" {
		e.etag = []string{etag}
	}
	if len(body) > c.maxBytes/16 {
		return e // too big to be worth keeping
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case gen < c.gen:
		return e
	case gen > c.gen:
		c.gen, c.entries, c.bytes = gen, make(map[string]cacheEntry, len(c.entries)), 0
	}
	if old, ok := c.entries[key]; ok {
		delete(c.entries, key)
		c.bytes -= len(old.body)
	}
	for k, old := range c.entries {
		if len(c.entries) < c.maxEntries && c.bytes+len(body) <= c.maxBytes {
			break
		}
		delete(c.entries, k)
		c.bytes -= len(old.body)
	}
	c.entries[key] = e
	c.bytes += len(body)
	return e
}

// len reports the number of cached entries (tests).
func (c *responseCache) len() int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return len(c.entries)
}

func etagOf(body []byte) string {
	h := fnv.New64a()
	_, _ = h.Write(body)
	return `"` + strconv.FormatUint(h.Sum64(), 36) + `"`
}
