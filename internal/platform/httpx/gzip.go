package httpx

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"sync"
)

// GzipMinBytes is the smallest API body worth compressing: below it the
// gzip framing (about 20 bytes) and the CPU are not paid back, and the
// identity body already fits one write.
const GzipMinBytes = 1024

// Header values shared by every compressed response (never modified).
var (
	hdrGzip       = []string{"gzip"}
	hdrVaryAccept = []string{"Accept-Encoding"}
)

// AcceptsGzip reports whether the request's Accept-Encoding allows gzip
// (RFC 9110 section 12.5.3): "gzip" or "x-gzip" with a non-zero weight, or
// "*" with a non-zero weight when gzip is not listed on its own. Codings are
// case-insensitive; "gzip;q=0" refuses gzip even after "*". No header means
// no compression (the conservative reading: old clients and tools).
func AcceptsGzip(r *http.Request) bool {
	vals := r.Header["Accept-Encoding"]
	gzipSeen, gzipOK, starOK := false, false, false
	for _, v := range vals {
		for len(v) > 0 {
			var item string
			if i := indexByte(v, ','); i >= 0 {
				item, v = v[:i], v[i+1:]
			} else {
				item, v = v, ""
			}
			coding, params := item, ""
			if i := indexByte(item, ';'); i >= 0 {
				coding, params = item[:i], item[i+1:]
			}
			coding = trimOWS(coding)
			switch {
			case equalFold(coding, "gzip"), equalFold(coding, "x-gzip"):
				ok := qNonZero(params)
				if gzipSeen {
					gzipOK = gzipOK && ok // a repeated coding: any refusal wins
				} else {
					gzipSeen, gzipOK = true, ok
				}
			case coding == "*":
				starOK = qNonZero(params)
			}
		}
	}
	if gzipSeen {
		return gzipOK
	}
	return starOK
}

// qNonZero reads the parameters after a coding (";q=0.5", " ; q=0") and
// reports whether the weight is above zero. A missing or malformed q counts
// as 1 (the default weight); "0", "0.", "0.0", "0.00", "0.000" are zero.
func qNonZero(params string) bool {
	for len(params) > 0 {
		var p string
		if i := indexByte(params, ';'); i >= 0 {
			p, params = params[:i], params[i+1:]
		} else {
			p, params = params, ""
		}
		p = trimOWS(p)
		if len(p) < 2 || (p[0] != 'q' && p[0] != 'Q') {
			continue
		}
		val := trimOWS(p[1:])
		if len(val) == 0 || val[0] != '=' {
			continue
		}
		val = trimOWS(val[1:])
		if len(val) == 0 || val[0] != '0' {
			return true
		}
		for i := 1; i < len(val); i++ {
			if c := val[i]; c != '.' && c != '0' {
				return true
			}
		}
		return false
	}
	return true
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func trimOWS(s string) string {
	for len(s) > 0 && (s[0] == ' ' || s[0] == '\t') {
		s = s[1:]
	}
	for len(s) > 0 && (s[len(s)-1] == ' ' || s[len(s)-1] == '\t') {
		s = s[:len(s)-1]
	}
	return s
}

// equalFold is ASCII case-insensitive equality with a lower-case want.
func equalFold(s, want string) bool {
	if len(s) != len(want) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != want[i] {
			return false
		}
	}
	return true
}

// Pooled gzip writers at BestSpeed for bodies compressed per request; a
// writer is Reset onto the destination before use.
var fastGzip = sync.Pool{New: func() any {
	zw, _ := gzip.NewWriterLevel(nil, gzip.BestSpeed)
	return zw
}}

// Gzip returns body compressed at level (gzip.BestSpeed..gzip.BestCompression,
// or gzip.DefaultCompression). It is for bodies compressed once and reused,
// such as response caches.
func Gzip(body []byte, level int) []byte {
	var buf bytes.Buffer
	buf.Grow(len(body)/3 + 64)
	zw, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		zw = gzip.NewWriter(&buf)
	}
	_, _ = zw.Write(body)
	_ = zw.Close()
	return buf.Bytes()
}

// appendGzipFast appends body compressed with a pooled BestSpeed writer to dst.
func appendGzipFast(dst *bytes.Buffer, body []byte) {
	zw := fastGzip.Get().(*gzip.Writer)
	zw.Reset(dst)
	_, _ = zw.Write(body)
	_ = zw.Close()
	zw.Reset(nil)
	fastGzip.Put(zw)
}

// SetGzipHeaders marks a response as the gzip variant of a resource whose
// encoding depends on Accept-Encoding.
func SetGzipHeaders(h http.Header) {
	h["Content-Encoding"] = hdrGzip
	h["Vary"] = hdrVaryAccept
}

// SetVary records that the response depends on Accept-Encoding (sent on the
// identity variant too, so caches keep the two apart).
func SetVary(h http.Header) { h["Vary"] = hdrVaryAccept }
