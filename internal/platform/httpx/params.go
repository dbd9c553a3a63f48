package httpx

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Query reads and validates query parameters, collecting the first error.
// The query string is parsed once, not once per parameter (hot read paths).
type Query struct {
	vals url.Values
	err  error
}

func NewQuery(r *http.Request) *Query { return &Query{vals: r.URL.Query()} }

// Value is the raw (trimmed) value of a parameter, "" when absent, for
// checks the typed readers do not cover.
func (q *Query) Value(name string) string { return strings.TrimSpace(q.vals.Get(name)) }

// Err is the first validation error met, if any.
func (q *Query) Err() error { return q.err }

func (q *Query) fail(err error) {
	if q.err == nil {
		q.err = err
	}
}

// Int reads an integer within [min,max], def when absent.
func (q *Query) Int(name string, def, min, max int) int {
	raw := q.Value(name)
	if raw == "" {
		return def
	}
	v, err := strconv.Atoi(raw)
	if err != nil || v < min || v > max {
		code := "request.invalid_param"
		switch name {
		case "pageNo", "pageNum", "page":
			code = "request.invalid_page"
		case "pageSize", "limitNum", "limit":
			code = "request.invalid_page_size"
		}
		q.fail(apperr.Invalid(code).With("name", name).With("max", max))
		return def
	}
	return v
}

// Code reads an identifier-like value ([A-Za-z0-9_,-], at most maxLen), def when absent.
func (q *Query) Code(name, def string, maxLen int) string {
	raw := q.Value(name)
	if raw == "" {
		return def
	}
	if len(raw) > maxLen || !isCode(raw) {
		q.fail(apperr.Invalid("request.invalid_param").With("name", name))
		return def
	}
	return raw
}

// OneOf reads a value from a fixed set (case-insensitive, returned upper-case).
func (q *Query) OneOf(name, def string, allowed ...string) string {
	raw := strings.ToUpper(q.Value(name))
	if raw == "" {
		return def
	}
	for _, a := range allowed {
		if raw == strings.ToUpper(a) {
			return raw
		}
	}
	q.fail(apperr.Invalid("request.invalid_param").With("name", name))
	return def
}

// Text reads free text up to maxLen runes, def when absent.
func (q *Query) Text(name, def string, maxLen int) string {
	raw := q.Value(name)
	if raw == "" {
		return def
	}
	if len([]rune(raw)) > maxLen {
		q.fail(apperr.Invalid("request.invalid_param").With("name", name))
		return def
	}
	return raw
}

func isCode(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == ',' || c == '.') {
			return false
		}
	}
	return true
}
