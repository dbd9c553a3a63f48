package game

import (
	"compress/gzip"
	"hash/fnv"
	"strconv"
	"sync"

	"github.com/palaro/palaro/internal/platform/httpx"
)

// Response cache bounds.
const (
	DefaultCacheEntries = 4096
	DefaultCacheBytes   = 64 << 20
)

// cacheEntry is an encoded response with its header values ready to share.
type cacheEntry struct {
	body     []byte
	length   []string // Content-Length
	etag     []string // ETag, art only
	gz       []byte   // gzip of body (JSON only, when it is worth it), nil otherwise
	gzLength []string // Content-Length of gz
}

// size is what an entry counts against the cache's byte bound.
func (e cacheEntry) size() int { return len(e.body) + len(e.gz) }

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

// put stores body for gen (an older generation is not stored) and returns the
// entry. With compress, a gzip copy is made once here (outside the lock) when
// the body is big enough for it to pay and it comes out smaller.
func (c *responseCache) put(gen uint64, key string, body []byte, etag string, compress bool) cacheEntry {
	e := cacheEntry{body: body, length: []string{strconv.Itoa(len(body))}}
	if etag != "" {
		e.etag = []string{etag}
	}
	if compress && len(body) >= httpx.GzipMinBytes {
		if gz := httpx.Gzip(body, gzip.DefaultCompression); len(gz) < len(body) {
			e.gz, e.gzLength = gz, []string{strconv.Itoa(len(gz))}
		}
	}
	if e.size() > c.maxBytes/16 {
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
		c.bytes -= old.size()
	}
	for k, old := range c.entries {
		if len(c.entries) < c.maxEntries && c.bytes+e.size() <= c.maxBytes {
			break
		}
		delete(c.entries, k)
		c.bytes -= old.size()
	}
	c.entries[key] = e
	c.bytes += e.size()
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
