package httpx

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

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

// DayRange reads ?from and ?to (YYYY-MM-DD, both days included) as the
// instants [from 00:00, the day after to 00:00) in loc; absent, the last
// 30 days to today. At most maxDays days (request.invalid_range).
func DayRange(r *http.Request, loc *time.Location, now time.Time, maxDays int) (time.Time, time.Time, error) {
	q := r.URL.Query()
	from, to := q.Get("from"), q.Get("to")
	bad := apperr.Invalid("request.invalid_range").With("max", maxDays)
	if from == "" && to == "" {
		y, m, d := now.In(loc).Date()
		end := time.Date(y, m, d+1, 0, 0, 0, 0, loc)
		return end.AddDate(0, 0, -30), end, nil
	}
	a, errA := time.ParseInLocation(time.DateOnly, from, loc)
	b, errB := time.ParseInLocation(time.DateOnly, to, loc)
	if errA != nil || errB != nil || b.Before(a) || b.After(a.AddDate(0, 0, maxDays-1)) {
		return time.Time{}, time.Time{}, bad
	}
	return a, b.AddDate(0, 0, 1), nil
}
