package jobs

import (
	"context"
	"errors"
	"testing"
	"time"
)

func zone(t *testing.T, name string) *time.Location {
	t.Helper()
	l, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

type periodCase struct {
	at         string // RFC 3339 instant
	id         string
	start, end string // RFC 3339
	due        string // "" when the end
}

func checkPeriods(t *testing.T, s Schedule, cases []periodCase) {
	t.Helper()
	ctx := context.Background()
	for _, c := range cases {
		at, _ := time.Parse(time.RFC3339, c.at)
		start, _ := time.Parse(time.RFC3339, c.start)
		end, _ := time.Parse(time.RFC3339, c.end)
		p := s.At(ctx, at)
		if p.ID != c.id || !p.Start.Equal(start) || !p.End.Equal(end) {
			t.Errorf("%s At(%s) = %s [%s, %s), want %s [%s, %s)", s, c.at, p.ID, p.Start.UTC().Format(time.RFC3339), p.End.UTC().Format(time.RFC3339), c.id, c.start, c.end)
			continue
		}
		q, err := s.Parse(ctx, c.id)
		if err != nil || q.ID != p.ID || !q.Start.Equal(p.Start) || !q.End.Equal(p.End) {
			t.Errorf("%s Parse(%s) = %+v, %v; want %+v", s, c.id, q, err, p)
		}
		if n := next(ctx, s, p); !n.Start.Equal(p.End) || n.ID == p.ID {
			t.Errorf("%s next(%s) = %s starting %s, want the period starting %s", s, p.ID, n.ID, n.Start, p.End)
		}
		if pr := prev(ctx, s, p); !pr.End.Equal(p.Start) {
			t.Errorf("%s prev(%s) = %s ending %s, want the period ending %s", s, p.ID, pr.ID, pr.End, p.Start)
		}
		want := end
		if c.due != "" {
			want, _ = time.Parse(time.RFC3339, c.due)
		}
		if d := s.Due(ctx, p); !d.Equal(want) {
			t.Errorf("%s Due(%s) = %s, want %s", s, p.ID, d.UTC().Format(time.RFC3339), want.UTC().Format(time.RFC3339))
		}
	}
}

func TestSchedulesManila(t *testing.T) {
	mnl := In(zone(t, "Asia/Manila")) // +08:00 all year
	checkPeriods(t, EveryMinutes(5, mnl), []periodCase{
		{"2026-11-26T05:07:59Z", "2026-11-26T13:05", "2026-11-26T05:05:00Z", "2026-11-26T05:10:00Z", ""},
		{"2026-11-26T15:55:00Z", "2026-11-26T23:55", "2026-11-26T15:55:00Z", "2026-11-26T16:00:00Z", ""},
	})
	checkPeriods(t, Hourly(mnl), []periodCase{
		{"2026-11-26T05:59:59.999Z", "2026-11-26T13", "2026-11-26T05:00:00Z", "2026-11-26T06:00:00Z", ""},
		{"2026-12-31T16:00:00Z", "2027-01-01T00", "2026-12-31T16:00:00Z", "2026-12-31T17:00:00Z", ""},
	})
	checkPeriods(t, Daily(3*time.Hour+30*time.Minute, mnl), []periodCase{
		// 2026-11-26 in Manila is [25th 16:00Z, 26th 16:00Z); due 03:30 on the 27th (19:30Z on the 26th)
		{"2026-11-26T10:00:00Z", "2026-11-26", "2026-11-25T16:00:00Z", "2026-11-26T16:00:00Z", "2026-11-26T19:30:00Z"},
		{"2026-11-25T16:00:00Z", "2026-11-26", "2026-11-25T16:00:00Z", "2026-11-26T16:00:00Z", "2026-11-26T19:30:00Z"},
		{"2026-11-25T15:59:59Z", "2026-11-25", "2026-11-24T16:00:00Z", "2026-11-25T16:00:00Z", "2026-11-25T19:30:00Z"},
	})
	checkPeriods(t, Daily(0, mnl), []periodCase{
		{"2026-11-26T10:00:00Z", "2026-11-26", "2026-11-25T16:00:00Z", "2026-11-26T16:00:00Z", ""},
	})
	checkPeriods(t, Weekly(mnl), []periodCase{
		// Thursday 26 November 2026 is in ISO week 48, Monday the 23rd
		{"2026-11-26T10:00:00Z", "2026-W48", "2026-11-22T16:00:00Z", "2026-11-29T16:00:00Z", ""},
		// Friday 1 January 2027 belongs to 2026's week 53
		{"2027-01-01T10:00:00Z", "2026-W53", "2026-12-27T16:00:00Z", "2027-01-03T16:00:00Z", ""},
		// Monday 29 December 2025 is 2026's week 1
		{"2025-12-29T10:00:00Z", "2026-W01", "2025-12-28T16:00:00Z", "2026-01-04T16:00:00Z", ""},
	})
	checkPeriods(t, SemiMonthly(mnl), []periodCase{
		{"2026-11-26T10:00:00Z", "2026-11-H2", "2026-11-15T16:00:00Z", "2026-11-30T16:00:00Z", ""},
		{"2026-11-15T15:59:59Z", "2026-11-H1", "2026-10-31T16:00:00Z", "2026-11-15T16:00:00Z", ""},
		{"2028-02-20T00:00:00Z", "2028-02-H2", "2028-02-15T16:00:00Z", "2028-02-29T16:00:00Z", ""},
	})
	checkPeriods(t, Monthly(mnl), []periodCase{
		{"2026-11-26T10:00:00Z", "2026-11", "2026-10-31T16:00:00Z", "2026-11-30T16:00:00Z", ""},
		{"2026-12-31T16:00:00Z", "2027-01", "2026-12-31T16:00:00Z", "2027-01-31T16:00:00Z", ""},
	})
}

// Europe/London: summer time ends 2026-10-25 at 02:00 BST (01:00 UTC), so
// 01:00-02:00 happens twice, and begins 2026-03-29 at 01:00 GMT, so 01:xx
// never happens that day.
func TestSchedulesLondonDST(t *testing.T) {
	lon := In(zone(t, "Europe/London"))
	checkPeriods(t, Hourly(lon), []periodCase{
		{"2026-10-25T00:30:00Z", "2026-10-25T01+01:00", "2026-10-25T00:00:00Z", "2026-10-25T01:00:00Z", ""},
		{"2026-10-25T01:30:00Z", "2026-10-25T01+00:00", "2026-10-25T01:00:00Z", "2026-10-25T02:00:00Z", ""},
		{"2026-10-24T23:30:00Z", "2026-10-25T00", "2026-10-24T23:00:00Z", "2026-10-25T00:00:00Z", ""},
		{"2026-10-25T02:00:00Z", "2026-10-25T02", "2026-10-25T02:00:00Z", "2026-10-25T03:00:00Z", ""},
		// spring: 00:xx GMT then 02:xx BST
		{"2026-03-29T00:59:00Z", "2026-03-29T00", "2026-03-29T00:00:00Z", "2026-03-29T01:00:00Z", ""},
		{"2026-03-29T01:00:00Z", "2026-03-29T02", "2026-03-29T01:00:00Z", "2026-03-29T02:00:00Z", ""},
	})
	checkPeriods(t, EveryMinutes(15, lon), []periodCase{
		{"2026-10-25T01:20:00Z", "2026-10-25T01:15+00:00", "2026-10-25T01:15:00Z", "2026-10-25T01:30:00Z", ""},
		{"2026-07-01T12:44:00Z", "2026-07-01T13:30", "2026-07-01T12:30:00Z", "2026-07-01T12:45:00Z", ""},
	})
	checkPeriods(t, Daily(3*time.Hour, lon), []periodCase{
		// the day summer time ends has 25 hours; the next day's 03:00 is GMT
		{"2026-10-25T12:00:00Z", "2026-10-25", "2026-10-24T23:00:00Z", "2026-10-26T00:00:00Z", "2026-10-26T03:00:00Z"},
		// the day summer time begins has 23 hours; due at 03:00 BST on the 30th
		{"2026-03-29T12:00:00Z", "2026-03-29", "2026-03-29T00:00:00Z", "2026-03-29T23:00:00Z", "2026-03-30T02:00:00Z"},
		// the day before it begins: due at 03:00 on the 29th, already summer time
		{"2026-03-28T12:00:00Z", "2026-03-28", "2026-03-28T00:00:00Z", "2026-03-29T00:00:00Z", "2026-03-29T02:00:00Z"},
	})
	checkPeriods(t, Weekly(lon), []periodCase{
		{"2026-10-25T12:00:00Z", "2026-W43", "2026-10-18T23:00:00Z", "2026-10-26T00:00:00Z", ""},
	})
	checkPeriods(t, Monthly(lon), []periodCase{
		{"2026-10-31T23:30:00Z", "2026-10", "2026-09-30T23:00:00Z", "2026-11-01T00:00:00Z", ""},
	})

	ctx := context.Background()
	// an hour the zone repeats needs its offset; one it skips does not exist
	for _, bad := range []string{"2026-10-25T01", "2026-03-29T01", "2026-10-25T02+05:00"} {
		if _, err := Hourly(lon).Parse(ctx, bad); !errors.Is(err, ErrBadPeriod) {
			t.Errorf("Hourly(London).Parse(%q) = %v, want ErrBadPeriod", bad, err)
		}
	}
}

func TestParseRejectsMalformed(t *testing.T) {
	ctx := context.Background()
	mnl := In(zone(t, "Asia/Manila"))
	cases := []struct {
		s   Schedule
		ids []string
	}{
		{EveryMinutes(5, mnl), []string{"", "2026-11-26T13:07", "2026-11-26T13", "2026-11-26 13:05", "2026-11-26T13:05Z", "yesterday", "2026-11-26T13:05:00"}},
		{Hourly(mnl), []string{"2026-11-26", "2026-11-26T24", "2026-11-26T13:00", "2026-11-26T1"}},
		{Daily(0, mnl), []string{"2026-11-31", "2026-11-26T00", "26-11-2026", "2026-11", " 2026-11-26"}},
		{Weekly(mnl), []string{"2026-W54", "2026-W00", "2025-W53", "2026-48", "2026-W8", "2026-W480"}},
		{SemiMonthly(mnl), []string{"2026-11-H3", "2026-11", "2026-13-H1", "2026-11-H"}},
		{Monthly(mnl), []string{"2026-13", "2026-11-01", "2026-1", "202611"}},
	}
	for _, c := range cases {
		s := c.s
		for _, id := range c.ids {
			if p, err := s.Parse(ctx, id); !errors.Is(err, ErrBadPeriod) {
				t.Errorf("%s Parse(%q) = %+v, %v; want ErrBadPeriod", s, id, p, err)
			}
		}
	}
}

// The zone is asked at each computation: a brand moving zones is followed.
func TestZoneFollowsChange(t *testing.T) {
	ctx := context.Background()
	cur := zone(t, "Asia/Manila")
	s := Daily(0, func(context.Context) *time.Location { return cur })
	at := time.Date(2026, 11, 26, 20, 0, 0, 0, time.UTC)
	if p := s.At(ctx, at); p.ID != "2026-11-27" {
		t.Fatalf("Manila: %s", p.ID)
	}
	cur = time.UTC
	if p := s.At(ctx, at); p.ID != "2026-11-26" || !p.Start.Equal(time.Date(2026, 11, 26, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("UTC: %+v", p)
	}
}

func TestScheduleConstructorsRefuseNonsense(t *testing.T) {
	for _, f := range []func(){
		func() { EveryMinutes(7, nil) },
		func() { EveryMinutes(0, nil) },
		func() { EveryMinutes(120, nil) },
		func() { Daily(24*time.Hour, nil) },
		func() { Daily(-time.Minute, nil) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f()
		}()
	}
}

// DailyAt asks the time of day at each computation: a brand changing its
// settlement time is followed without a restart; nonsense counts as midnight.
func TestDailyAtFollowsChange(t *testing.T) {
	ctx := context.Background()
	mnl := zone(t, "Asia/Manila")
	at := 3 * time.Hour
	s := DailyAt(func(context.Context) time.Duration { return at }, In(mnl))
	p, err := s.Parse(ctx, "2026-11-26")
	if err != nil {
		t.Fatal(err)
	}
	if due := s.Due(ctx, p); !due.Equal(time.Date(2026, 11, 27, 3, 0, 0, 0, mnl)) {
		t.Fatalf("at 03:00: due %s", due)
	}
	at = 90 * time.Minute
	if due := s.Due(ctx, p); !due.Equal(time.Date(2026, 11, 27, 1, 30, 0, 0, mnl)) {
		t.Fatalf("at 01:30: due %s", due)
	}
	at = 25 * time.Hour
	if due := s.Due(ctx, p); !due.Equal(p.End) {
		t.Fatalf("out of range: due %s, want the day's end", due)
	}
}
