package teamreport

import (
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// MaxDays bounds a report's period (both ends included): overview and user
// loss then read at most this many rows per agent and line.
const MaxDays = 31

const dayLayout = "2006-01-02"

// PeriodQuery is how a report's days are asked for (docs/agent-reports-api.md).
type PeriodQuery struct {
	From, To string // YYYY-MM-DD, both included
	Preset   string // today, yesterday, last7, last30, thisMonth, lastMonth
	Step     string // prev7, next7, prev30, next30: the date picker's arrows (spec section 9)
}

// Period is a resolved range of whole days in the brand's zone.
type Period struct {
	First, Last string         // YYYY-MM-DD, both included
	From, To    time.Time      // [First 00:00, the day after Last 00:00)
	Loc         *time.Location // the brand's zone
}

// Days lists the period's days, oldest first.
func (p Period) Days() []string {
	var out []string
	for d := p.From; d.Before(p.To); d = d.AddDate(0, 0, 1) {
		out = append(out, d.Format(dayLayout))
	}
	return out
}

func rangeError() error { return apperr.Invalid("teamreport.invalid_range").With("max", MaxDays) }

// resolvePeriod reads q against today in loc.
func resolvePeriod(q PeriodQuery, now time.Time, loc *time.Location) (Period, error) {
	y, m, d := now.In(loc).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, loc)
	var from, last time.Time // last: the period's last day
	switch {
	case q.From != "" || q.To != "":
		if q.Preset != "" {
			return Period{}, apperr.Invalid("teamreport.invalid_preset")
		}
		a, errA := time.ParseInLocation(dayLayout, q.From, loc)
		b, errB := time.ParseInLocation(dayLayout, q.To, loc)
		if errA != nil || errB != nil || b.Before(a) {
			return Period{}, rangeError()
		}
		from, last = a, b
	default:
		switch q.Preset {
		case "today":
			from, last = today, today
		case "yesterday":
			from, last = today.AddDate(0, 0, -1), today.AddDate(0, 0, -1)
		case "last7", "":
			from, last = today.AddDate(0, 0, -6), today
		case "last30":
			from, last = today.AddDate(0, 0, -29), today
		case "thisMonth":
			from, last = time.Date(y, m, 1, 0, 0, 0, 0, loc), today
		case "lastMonth":
			first := time.Date(y, m-1, 1, 0, 0, 0, 0, loc)
			from, last = first, first.AddDate(0, 1, -1)
		default:
			return Period{}, apperr.Invalid("teamreport.invalid_preset")
		}
	}
	if from.After(today) || last.AddDate(0, 0, 1-MaxDays).After(from) {
		return Period{}, rangeError()
	}
	var shift int
	switch q.Step {
	case "":
	case "prev7":
		shift = -7
	case "next7":
		shift = 7
	case "prev30":
		shift = -30
	case "next30":
		shift = 30
	default:
		return Period{}, apperr.Invalid("teamreport.invalid_step")
	}
	if shift != 0 {
		n := daysBetween(from, last)
		from, last = from.AddDate(0, 0, shift), last.AddDate(0, 0, shift)
		if last.After(today) { // a forward step never ends after today
			last = today
			from = today.AddDate(0, 0, -n)
		}
	}
	return Period{First: from.Format(dayLayout), Last: last.Format(dayLayout), From: from, To: last.AddDate(0, 0, 1), Loc: loc}, nil
}

// daysBetween is how many calendar days b is after a (both midnights in one zone).
func daysBetween(a, b time.Time) int {
	n := 0
	for d := a; d.Before(b); d = d.AddDate(0, 0, 1) {
		n++
	}
	return n
}

func init() {
	apperr.Register("teamreport.invalid_range", map[string]string{
		"EN": "Choose a valid date range of at most 31 days, not starting after today.",
		"TY": "Pumili ng tamang hanay ng petsa na hindi hihigit sa 31 araw at hindi nagsisimula pagkatapos ngayong araw.",
	})
	apperr.Register("teamreport.invalid_preset", map[string]string{
		"EN": "Choose one of the offered periods, or dates.",
		"TY": "Pumili ng isa sa mga inaalok na panahon, o ng mga petsa.",
	})
	apperr.Register("teamreport.invalid_step", map[string]string{
		"EN": "The period can move 7 or 30 days back or forward.",
		"TY": "Ang panahon ay maaaring iusog nang 7 o 30 araw pabalik o pasulong.",
	})
	apperr.Register("teamreport.invalid_sort", map[string]string{
		"EN": "Choose a column to sort by and an order (ascending or descending).",
		"TY": "Pumili ng hanay na pag-aayusan at ng pagkakasunod (pataas o pababa).",
	})
	apperr.Register("teamreport.not_in_team", map[string]string{
		"EN": "No such member in your team.",
		"TY": "Walang ganitong miyembro sa iyong team.",
	})
	apperr.Register("teamreport.team_too_large", map[string]string{
		"EN": "Your team is too large to list together: enter a username.",
		"TY": "Masyadong malaki ang iyong team para ilista nang sabay: maglagay ng username.",
	})
}
