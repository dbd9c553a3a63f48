package teamreport

import (
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// TestPresetsAndSteps: the presets and the picker's steps in the brand's
// zone (spec section 9), and the bad periods.
func TestPresetsAndSteps(t *testing.T) {
	manila := time.FixedZone("Asia/Manila", 8*3600)
	// 2026-11-26 17:30 UTC is already the 27th in Manila.
	now := time.Date(2026, 11, 26, 17, 30, 0, 0, time.UTC)
	for _, c := range []struct {
		q           PeriodQuery
		first, last string
	}{
		{PeriodQuery{}, "2026-11-21", "2026-11-27"},
		{PeriodQuery{Preset: "today"}, "2026-11-27", "2026-11-27"},
		{PeriodQuery{Preset: "yesterday"}, "2026-11-26", "2026-11-26"},
		{PeriodQuery{Preset: "last7"}, "2026-11-21", "2026-11-27"},
		{PeriodQuery{Preset: "last30"}, "2026-10-29", "2026-11-27"},
		{PeriodQuery{Preset: "thisMonth"}, "2026-11-01", "2026-11-27"},
		{PeriodQuery{Preset: "lastMonth"}, "2026-10-01", "2026-10-31"},
		{PeriodQuery{Preset: "last7", Step: "prev7"}, "2026-11-14", "2026-11-20"},
		{PeriodQuery{Preset: "last30", Step: "prev30"}, "2026-09-29", "2026-10-28"},
		{PeriodQuery{From: "2026-11-01", To: "2026-11-07", Step: "next7"}, "2026-11-08", "2026-11-14"},
		{PeriodQuery{From: "2026-11-10", To: "2026-11-16", Step: "next7"}, "2026-11-17", "2026-11-23"},
		{PeriodQuery{From: "2026-11-20", To: "2026-11-26", Step: "next7"}, "2026-11-21", "2026-11-27"}, // never after today
		{PeriodQuery{From: "2026-10-01", To: "2026-10-30", Step: "next30"}, "2026-10-29", "2026-11-27"},
		{PeriodQuery{From: "2026-10-28", To: "2026-11-27"}, "2026-10-28", "2026-11-27"}, // 31 days
	} {
		p, err := resolvePeriod(c.q, now, manila)
		if err != nil || p.First != c.first || p.Last != c.last {
			t.Errorf("%+v: %s..%s %v, want %s..%s", c.q, p.First, p.Last, err, c.first, c.last)
			continue
		}
		if !p.From.Equal(mustDay(t, c.first, manila)) || !p.To.Equal(mustDay(t, c.last, manila).AddDate(0, 0, 1)) || len(p.Days()) == 0 {
			t.Errorf("%+v: instants %v %v", c.q, p.From, p.To)
		}
	}
	for _, c := range []struct {
		q    PeriodQuery
		code string
	}{
		{PeriodQuery{From: "2026-10-27", To: "2026-11-27"}, "teamreport.invalid_range"}, // 32 days
		{PeriodQuery{From: "2026-11-10", To: "2026-11-09"}, "teamreport.invalid_range"},
		{PeriodQuery{From: "2026-11-28", To: "2026-11-28"}, "teamreport.invalid_range"},
		{PeriodQuery{From: "2026-11-1", To: "2026-11-09"}, "teamreport.invalid_range"},
		{PeriodQuery{From: "2026-11-01"}, "teamreport.invalid_range"},
		{PeriodQuery{Preset: "tomorrow"}, "teamreport.invalid_preset"},
		{PeriodQuery{Preset: "today", From: "2026-11-01", To: "2026-11-02"}, "teamreport.invalid_preset"},
		{PeriodQuery{Step: "prev8"}, "teamreport.invalid_step"},
	} {
		_, err := resolvePeriod(c.q, now, manila)
		if e := apperr.As(err); e == nil || e.Code != c.code {
			t.Errorf("%+v: %v, want %s", c.q, err, c.code)
		}
	}
}

func mustDay(t *testing.T, s string, loc *time.Location) time.Time {
	t.Helper()
	d, err := time.ParseInLocation(dayLayout, s, loc)
	if err != nil {
		t.Fatal(err)
	}
	return d
}
