package records

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// FuzzQuery: any query string either fails with a client error or yields a
// range of whole brand days, from before to, at most MaxDays long, and a
// page within the limits.
func FuzzQuery(f *testing.F) {
	for _, seed := range []string{
		"", "from=2026-03-01&to=2026-03-10", "from=2026-03-10&to=2026-03-01", "from=2025-12-10&to=2026-03-11",
		"from=2026-02-30&to=2026-03-01", "page=0", "pageSize=1000", "status=open&gameType=RNG&vendor=PG",
		"from=%00&to=%ff", "gameType=RNG;DROP", "from=9999-12-31&to=9999-12-31", "from=0001-01-01&to=0001-01-02",
	} {
		f.Add(seed)
	}
	svc := NewService(nil, nil, clock.NewFixed(time.Date(2026, 3, 10, 4, 0, 0, 0, time.UTC)), nil)
	f.Fuzz(func(t *testing.T, raw string) {
		r := httptest.NewRequest("GET", "/wps/records/bets", nil)
		r.URL.RawQuery = raw
		q, err := betQuery(r)
		if err != nil {
			if e := apperr.As(err); e.Code == "server.internal" {
				t.Fatalf("%q: internal error %v", raw, err)
			}
			return
		}
		if q.Page < 1 || q.PageSize < 1 || q.PageSize > MaxPageSize {
			t.Fatalf("%q: page %d size %d", raw, q.Page, q.PageSize)
		}
		from, to, err := svc.span(BrandLocation(), q.From, q.To)
		if err != nil {
			if e := apperr.As(err); e.Code != "records.invalid_range" {
				t.Fatalf("%q: %v", raw, err)
			}
			return
		}
		if !from.Before(to) {
			t.Fatalf("%q: empty range %v..%v", raw, from, to)
		}
		days := 0
		for d := from; d.Before(to); d = d.AddDate(0, 0, 1) {
			days++
			if h, m, s := d.In(BrandLocation()).Clock(); h != 0 || m != 0 || s != 0 {
				t.Fatalf("%q: day start %v is not midnight", raw, d)
			}
		}
		if days < 1 || days > MaxDays {
			t.Fatalf("%q: %d days", raw, days)
		}
	})
}
