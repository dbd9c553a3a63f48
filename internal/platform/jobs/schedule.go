// Package jobs runs scheduled work exactly once per period across
// instances: a job's schedule cuts time into periods with stable ids, a
// period is due once it has ended (plus the job's delay), and the runner
// claims each due period in the job_run table under a lease before running
// the job's function, catching up on every period missed during downtime.
// See docs/jobs.md.
package jobs

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Period is one run of a job: [Start, End) with a stable id in the
// schedule's time zone (2026-11-26, 2026-11-26T13, 2026-11-26T13:05,
// 2026-W48, 2026-11-H2, 2026-11).
type Period struct {
	ID    string
	Start time.Time
	End   time.Time
}

func (p Period) String() string { return p.ID }

// Zone gives a schedule's time zone when a period is computed, so a brand
// whose zone changes is followed (brand.Service.Location is one).
type Zone func(ctx context.Context) *time.Location

// In is a fixed zone.
func In(loc *time.Location) Zone { return func(context.Context) *time.Location { return loc } }

// ErrBadPeriod: a period id that is not one of the schedule's periods.
var ErrBadPeriod = errors.New("jobs: malformed period")

// Schedule cuts time into periods.
type Schedule interface {
	// At is the period containing t.
	At(ctx context.Context, t time.Time) Period
	// Parse reads a period id; ErrBadPeriod unless id is exactly the id of
	// one of the schedule's periods.
	Parse(ctx context.Context, id string) (Period, error)
	// Due is when the period may run (before the job's Delay): its end,
	// or for Daily the given time of day on the following day.
	Due(ctx context.Context, p Period) time.Time
	String() string
}

// next and prev walk a schedule.
func next(ctx context.Context, s Schedule, p Period) Period { return s.At(ctx, p.End) }
func prev(ctx context.Context, s Schedule, p Period) Period {
	return s.At(ctx, p.Start.Add(-time.Nanosecond))
}

func loc(ctx context.Context, z Zone) *time.Location {
	if z == nil {
		return time.UTC
	}
	if l := z(ctx); l != nil {
		return l
	}
	return time.UTC
}

// --- every N minutes and hourly ---

type clockSchedule struct {
	minutes int
	zone    Zone
}

// EveryMinutes cuts each hour of the zone into slots of n minutes (n
// divides 60), ids like 2026-11-26T13:05 (the slot's start, wall clock).
// It panics on any other n: schedules are constants of the code.
func EveryMinutes(n int, zone Zone) Schedule {
	if n <= 0 || n > 60 || 60%n != 0 {
		panic(fmt.Sprintf("jobs.EveryMinutes(%d): n must divide 60", n))
	}
	return clockSchedule{minutes: n, zone: zone}
}

// Hourly cuts time into the zone's hours, ids like 2026-11-26T13.
func Hourly(zone Zone) Schedule { return clockSchedule{minutes: 60, zone: zone} }

func (s clockSchedule) layout() string {
	if s.minutes == 60 {
		return "2006-01-02T15"
	}
	return "2006-01-02T15:04"
}

func (s clockSchedule) String() string {
	if s.minutes == 60 {
		return "hourly"
	}
	return fmt.Sprintf("every %d minutes", s.minutes)
}

func (s clockSchedule) At(ctx context.Context, t time.Time) Period {
	l := loc(ctx, s.zone)
	w := t.In(l)
	// Slots are cut on the wall clock's minutes, then kept in absolute
	// time, so the hour a DST change repeats or skips stays whole.
	back := time.Duration(w.Minute()%s.minutes)*time.Minute + time.Duration(w.Second())*time.Second + time.Duration(w.Nanosecond())
	start := t.Add(-back)
	return Period{ID: s.id(start, l), Start: start, End: start.Add(time.Duration(s.minutes) * time.Minute)}
}

// id is the start's wall clock; when the zone repeats that wall clock (the
// hour a DST change gives back) the offset is added, so each id names one
// period: 2026-10-25T01+01:00, then 2026-10-25T01+00:00 in Europe/London.
func (s clockSchedule) id(start time.Time, l *time.Location) string {
	w := start.In(l)
	id := w.Format(s.layout())
	for _, d := range []time.Duration{-time.Hour, time.Hour} {
		if start.Add(d).In(l).Format(s.layout()) == id {
			return id + w.Format("-07:00")
		}
	}
	return id
}

func (s clockSchedule) Parse(ctx context.Context, id string) (Period, error) {
	l := loc(ctx, s.zone)
	n := len(s.layout())
	var t time.Time
	var err error
	if len(id) > n {
		t, err = time.Parse(s.layout()+"-07:00", id)
	} else {
		t, err = time.ParseInLocation(s.layout(), id, l)
	}
	if err != nil {
		return Period{}, fmt.Errorf("%w: %q is not a %s period (%s)", ErrBadPeriod, id, s, s.layout())
	}
	return roundTrip(ctx, s, id, t)
}

func (s clockSchedule) Due(_ context.Context, p Period) time.Time { return p.End }

// roundTrip accepts id only when it is the id of the period starting at t:
// not a minute inside a slot, not a wall clock the zone skips, and an hour
// the zone repeats only with its offset.
func roundTrip(ctx context.Context, s Schedule, id string, t time.Time) (Period, error) {
	p := s.At(ctx, t)
	if p.ID != id || !p.Start.Equal(t) {
		return Period{}, fmt.Errorf("%w: %q is not a %s period (did you mean %s?)", ErrBadPeriod, id, s, p.ID)
	}
	return p, nil
}

// --- calendar schedules: daily, weekly, semi-monthly, monthly ---

type calendar int

const (
	day calendar = iota
	week
	halfMonth
	month
)

type calSchedule struct {
	unit calendar
	zone Zone
	at   time.Duration // Daily: time of day the day after a period becomes due
	// atFn, when set, gives at at each computation (DailyAt).
	atFn func(ctx context.Context) time.Duration
}

// Daily cuts time into the zone's calendar days (ids 2026-11-26); a day
// becomes due at the time of day at (0 ≤ at < 24h, wall clock) on the
// following day: Daily(3*time.Hour, z) runs the 26th at 03:00 on the 27th.
// It panics on an at outside a day.
func Daily(at time.Duration, zone Zone) Schedule {
	if at < 0 || at >= 24*time.Hour {
		panic(fmt.Sprintf("jobs.Daily(%s): the time of day must be in [0, 24h)", at))
	}
	return calSchedule{unit: day, zone: zone, at: at}
}

// DailyAt is Daily with the time of day asked at each computation (a
// brand setting), so a changed time applies without a restart. A value
// outside [0, 24h) counts as 0 (midnight).
func DailyAt(at func(ctx context.Context) time.Duration, zone Zone) Schedule {
	return calSchedule{unit: day, zone: zone, atFn: at}
}

func (s calSchedule) timeOfDay(ctx context.Context) time.Duration {
	if s.atFn == nil {
		return s.at
	}
	if at := s.atFn(ctx); at > 0 && at < 24*time.Hour {
		return at
	}
	return 0
}

// Weekly cuts time into ISO weeks from Monday 00:00 (ids 2026-W48).
func Weekly(zone Zone) Schedule { return calSchedule{unit: week, zone: zone} }

// SemiMonthly cuts each month into the 1st-15th (2026-11-H1) and the
// 16th-end (2026-11-H2).
func SemiMonthly(zone Zone) Schedule { return calSchedule{unit: halfMonth, zone: zone} }

// Monthly cuts time into calendar months (ids 2026-11).
func Monthly(zone Zone) Schedule { return calSchedule{unit: month, zone: zone} }

func (s calSchedule) String() string {
	switch s.unit {
	case day:
		if s.atFn != nil {
			return "daily at the brand's time"
		}
		return "daily at " + fmt.Sprintf("%02d:%02d", int(s.at.Hours()), int(s.at.Minutes())%60)
	case week:
		return "weekly"
	case halfMonth:
		return "semi-monthly"
	}
	return "monthly"
}

func (s calSchedule) At(ctx context.Context, t time.Time) Period {
	l := loc(ctx, s.zone)
	w := t.In(l)
	y, m, d := w.Date()
	var start, end time.Time
	var id string
	switch s.unit {
	case day:
		start, end = time.Date(y, m, d, 0, 0, 0, 0, l), time.Date(y, m, d+1, 0, 0, 0, 0, l)
		id = start.Format(time.DateOnly)
	case week:
		back := (int(w.Weekday()) + 6) % 7 // days since Monday
		start, end = time.Date(y, m, d-back, 0, 0, 0, 0, l), time.Date(y, m, d-back+7, 0, 0, 0, 0, l)
		iy, iw := start.ISOWeek()
		id = fmt.Sprintf("%04d-W%02d", iy, iw)
	case halfMonth:
		if d <= 15 {
			start, end = time.Date(y, m, 1, 0, 0, 0, 0, l), time.Date(y, m, 16, 0, 0, 0, 0, l)
			id = start.Format("2006-01") + "-H1"
		} else {
			start, end = time.Date(y, m, 16, 0, 0, 0, 0, l), time.Date(y, m+1, 1, 0, 0, 0, 0, l)
			id = start.Format("2006-01") + "-H2"
		}
	default:
		start, end = time.Date(y, m, 1, 0, 0, 0, 0, l), time.Date(y, m+1, 1, 0, 0, 0, 0, l)
		id = start.Format("2006-01")
	}
	return Period{ID: id, Start: start, End: end}
}

func (s calSchedule) Parse(ctx context.Context, id string) (Period, error) {
	l := loc(ctx, s.zone)
	bad := fmt.Errorf("%w: %q is not a %s period", ErrBadPeriod, id, s)
	var t time.Time
	var err error
	switch s.unit {
	case day:
		t, err = time.ParseInLocation(time.DateOnly, id, l)
	case week: // 2026-W48: the Monday of ISO week 48 (week 1 holds 4 January)
		y, w, ok := strings.Cut(id, "-W")
		yy, e1 := strconv.Atoi(y)
		ww, e2 := strconv.Atoi(w)
		if !ok || e1 != nil || e2 != nil || ww < 1 || ww > 53 {
			return Period{}, bad
		}
		jan4 := time.Date(yy, 1, 4, 0, 0, 0, 0, l)
		t = time.Date(yy, 1, 4-(int(jan4.Weekday())+6)%7+7*(ww-1), 0, 0, 0, 0, l)
	case halfMonth:
		mo, half, ok := strings.Cut(id, "-H")
		if !ok || (half != "1" && half != "2") {
			return Period{}, bad
		}
		if t, err = time.ParseInLocation("2006-01", mo, l); err == nil && half == "2" {
			t = time.Date(t.Year(), t.Month(), 16, 0, 0, 0, 0, l)
		}
	default:
		t, err = time.ParseInLocation("2006-01", id, l)
	}
	if err != nil {
		return Period{}, bad
	}
	return roundTrip(ctx, s, id, t)
}

func (s calSchedule) Due(ctx context.Context, p Period) time.Time {
	at := s.timeOfDay(ctx)
	if s.unit != day || at == 0 {
		return p.End
	}
	// The wall clock, not End+at: on a DST day 03:00 is still 03:00.
	e := p.End.In(loc(ctx, s.zone))
	h, mi, sec := int(at/time.Hour), int(at/time.Minute)%60, int(at/time.Second)%60
	return time.Date(e.Year(), e.Month(), e.Day(), h, mi, sec, 0, e.Location())
}
