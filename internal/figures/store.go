package figures

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Figures is the consumer and the read API of the daily figures.
type Figures struct {
	db     *db.DB
	stream Stream
	loc    func(context.Context) *time.Location
	clock  clock.Clock
}

// New: loc is the brand's time zone (brand.Service.Location); days are cut
// in the zone loc gives when an event is applied.
func New(d *db.DB, stream Stream, loc func(context.Context) *time.Location) *Figures {
	return &Figures{db: d, stream: stream, loc: loc, clock: clock.System{}}
}

// UseClock sets the clock Totals takes "now" from (a window ending at or
// after now takes its last day whole).
func (f *Figures) UseClock(c clock.Clock) { f.clock = c }

var _ activity.Consumer = (*Figures)(nil)

func (f *Figures) Name() string { return Name }

func (f *Figures) location(ctx context.Context) *time.Location {
	if f.loc == nil {
		return time.UTC
	}
	if l := f.loc(ctx); l != nil {
		return l
	}
	return time.UTC
}

const sumCols = `bets, valid_bets, wins, rounds, deposits, deposit_count, withdrawals, withdrawal_count, transfers_out, transfers_in, adjustments, bonus`

func (s *Sums) ptrs() []any {
	return []any{&s.Bets, &s.ValidBets, &s.Wins, &s.Rounds, &s.Deposits, &s.DepositCount, &s.Withdrawals,
		&s.WithdrawalCount, &s.TransfersOut, &s.TransfersIn, &s.Adjustments, &s.Bonus}
}

func (s Sums) values() []any {
	return []any{s.Bets, s.ValidBets, s.Wins, s.Rounds, s.Deposits, s.DepositCount, s.Withdrawals,
		s.WithdrawalCount, s.TransfersOut, s.TransfersIn, s.Adjustments, s.Bonus}
}

// upsertRows bounds the rows of one statement (17 values each).
const upsertRows = 200

// Apply adds a batch of events to the rows they fall in: the batch is
// summed per row first, then written with one multi-row upsert per 200
// rows, and the position moves to the batch's last event, all in tx.
func (f *Figures) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	if len(events) == 0 {
		return nil
	}
	rows := map[rowKey]*Sums{}
	aggregate(rows, events, f.location(ctx))
	keys := make([]rowKey, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareKeys) // one order for every writer
	var set strings.Builder
	for i, c := range strings.Split(sumCols, ", ") {
		if i > 0 {
			set.WriteString(", ")
		}
		fmt.Fprintf(&set, "%s = figures_daily.%s + excluded.%s", c, c, c)
	}
	for start := 0; start < len(keys); start += upsertRows {
		chunk := keys[start:min(start+upsertRows, len(keys))]
		var q strings.Builder
		q.WriteString(`INSERT INTO figures_daily (member_id, day, currency, category, vendor, ` + sumCols + `) VALUES `)
		args := make([]any, 0, len(chunk)*17)
		for i, k := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, k.MemberID, k.Day, k.Currency, k.Category, k.Vendor)
			args = append(args, rows[k].values()...)
		}
		q.WriteString(` ON CONFLICT (member_id, day, currency, category, vendor) DO UPDATE SET ` + set.String())
		if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("figures: upsert: %w", err)
		}
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE figures_position SET position = ? WHERE id = 1`), events[len(events)-1].Seq)
	return err
}

func compareKeys(a, b rowKey) int {
	return cmp.Or(cmp.Compare(a.MemberID, b.MemberID), strings.Compare(a.Day, b.Day),
		strings.Compare(a.Currency, b.Currency), strings.Compare(a.Category, b.Category), strings.Compare(a.Vendor, b.Vendor))
}

// Reset forgets every row before a replay.
func (f *Figures) Reset(ctx context.Context, tx *db.Tx) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM figures_daily`); err != nil {
		return fmt.Errorf("figures: reset: %w", err)
	}
	_, err := tx.ExecContext(ctx, `UPDATE figures_position SET position = 0 WHERE id = 1`)
	return err
}

// ErrRange: to is not after from, or the member is missing.
var ErrRange = errors.New("figures: a member and a time range with to after from are required")

// dayRange is the first and last day (inclusive) that [from, to) touches.
func dayRange(from, to time.Time, loc *time.Location) (string, string) {
	return DayOf(from, loc), DayOf(to.Add(-time.Millisecond), loc)
}

// tailPage is how many of a member's unapplied events are read at a time.
const tailPage = 1000

// tail adds to rows the member's events the figures do not include yet:
// those after position and those not yet given a position, on the days
// [first, last] (and in currency, when not "").
func (f *Figures) tail(ctx context.Context, memberID, position int64, currency, first, last string, loc *time.Location, rows map[rowKey]*Sums) error {
	after := position
	for page := 0; ; page++ {
		evs, err := f.stream.MemberEventsAfter(ctx, memberID, after, tailPage, page == 0)
		if err != nil {
			return err
		}
		positioned := 0
		keep := evs[:0]
		for _, e := range evs {
			if e.Seq != 0 {
				positioned++
				after = e.Seq
			}
			if d := DayOf(e.At, loc); d >= first && d <= last && (currency == "" || e.Currency == currency) {
				keep = append(keep, e)
			}
		}
		aggregate(rows, keep, loc)
		if positioned < tailPage {
			return nil
		}
	}
}

// Totals sums a member's figures in one currency over [from, to), exact to
// the millisecond and as of the committed facts:
//
//   - the whole days (brand time zone) inside the window come from the rows,
//     plus the member's events the consumer has not applied yet, so a
//     lagging consumer changes nothing a caller sees;
//   - a part of a day at either end (a session, a window starting at noon)
//     is summed from the member's events of that part, at a cost of the
//     number of those events. A window ending at or after now takes its
//     last day whole: nothing has happened later.
//
// Limits per day, week and month (windows from midnight to now) therefore
// read rows only.
func (f *Figures) Totals(ctx context.Context, memberID int64, currency string, from, to time.Time) (Sums, error) {
	if memberID <= 0 || !to.After(from) {
		return Sums{}, ErrRange
	}
	loc := f.location(ctx)
	wholeFrom := dayStart(from, loc)
	if wholeFrom.Before(from) {
		wholeFrom = nextDay(wholeFrom, loc)
	}
	lastDay := dayStart(to.Add(-time.Millisecond), loc)
	wholeTo := lastDay
	if end := nextDay(lastDay, loc); !to.Before(end) || !to.Before(f.clock.Now()) {
		wholeTo = end
	}
	var s Sums
	if !wholeFrom.Before(wholeTo) { // within one day, not whole
		return s, f.eventSums(ctx, memberID, currency, from, to, &s)
	}
	if from.Before(wholeFrom) {
		if err := f.eventSums(ctx, memberID, currency, from, wholeFrom, &s); err != nil {
			return Sums{}, err
		}
	}
	if wholeTo.Before(to) {
		if err := f.eventSums(ctx, memberID, currency, wholeTo, to, &s); err != nil {
			return Sums{}, err
		}
	}
	first, last := dayRange(wholeFrom, wholeTo, loc)
	var position int64
	var days Sums
	// One statement: the rows and the position they include, one snapshot.
	err := f.db.QueryRowContext(ctx, f.db.Rebind(`SELECT p.position, `+coalesced("d.", "sum")+`
 FROM figures_position p LEFT JOIN figures_daily d
   ON d.member_id = ? AND d.day >= ? AND d.day <= ? AND d.currency = ?
 WHERE p.id = 1 GROUP BY p.position`), memberID, first, last, currency).Scan(append([]any{&position}, days.ptrs()...)...)
	if err != nil {
		return Sums{}, fmt.Errorf("figures: totals: %w", err)
	}
	s.Add(days)
	rows := map[rowKey]*Sums{}
	if err := f.tail(ctx, memberID, position, currency, first, last, loc, rows); err != nil {
		return Sums{}, err
	}
	for _, r := range rows {
		s.Add(*r)
	}
	return s, nil
}

// eventSums adds to s the member's events in currency with a time in
// [from, to).
func (f *Figures) eventSums(ctx context.Context, memberID int64, currency string, from, to time.Time, s *Sums) error {
	evs, err := f.stream.MemberEventsBetween(ctx, memberID, from, to)
	if err != nil {
		return err
	}
	for _, e := range evs {
		if _, add, ok := eventSums(e, time.UTC); ok && e.Currency == currency {
			s.Add(add)
		}
	}
	return nil
}

// dayStart is midnight of t's day in loc; nextDay the next midnight.
func dayStart(t time.Time, loc *time.Location) time.Time {
	y, m, d := t.In(loc).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, loc)
}

func nextDay(midnight time.Time, loc *time.Location) time.Time {
	y, m, d := midnight.In(loc).Date()
	return time.Date(y, m, d+1, 0, 0, 0, 0, loc)
}

// coalesced lists the sum columns as COALESCE(fn(prefix col), 0).
func coalesced(prefix, fn string) string {
	var b strings.Builder
	for i, c := range strings.Split(sumCols, ", ") {
		if i > 0 {
			b.WriteString(", ")
		}
		if fn != "" {
			fmt.Fprintf(&b, "COALESCE(%s(%s%s), 0)", fn, prefix, c)
		} else {
			fmt.Fprintf(&b, "COALESCE(%s%s, 0)", prefix, c)
		}
	}
	return b.String()
}

// Days returns a member's rows of every day [from, to) touches (brand time
// zone), by day, currency, category and vendor, with the events the
// consumer has not applied yet added as Totals does.
func (f *Figures) Days(ctx context.Context, memberID int64, from, to time.Time) ([]Day, error) {
	if memberID <= 0 || !to.After(from) {
		return nil, ErrRange
	}
	loc := f.location(ctx)
	first, last := dayRange(from, to, loc)
	position, rows, err := f.read(ctx, `d.member_id = ? AND d.day >= ? AND d.day <= ?`, memberID, first, last)
	if err != nil {
		return nil, err
	}
	if err := f.tail(ctx, memberID, position, "", first, last, loc, rows); err != nil {
		return nil, err
	}
	return sortedDays(rows), nil
}

// read returns the rows a join condition on d selects and the position they
// include, in one statement (the position comes with no row too).
func (f *Figures) read(ctx context.Context, on string, args ...any) (int64, map[rowKey]*Sums, error) {
	q, err := f.db.QueryContext(ctx, f.db.Rebind(`SELECT p.position, COALESCE(d.member_id, 0), COALESCE(d.day, ''),
 COALESCE(d.currency, ''), COALESCE(d.category, ''), COALESCE(d.vendor, ''), `+coalesced("d.", "")+`
 FROM figures_position p LEFT JOIN figures_daily d ON `+on+` WHERE p.id = 1`), args...)
	if err != nil {
		return 0, nil, fmt.Errorf("figures: read: %w", err)
	}
	defer q.Close()
	var position int64
	rows := map[rowKey]*Sums{}
	for q.Next() {
		var k rowKey
		s := &Sums{}
		if err := q.Scan(append([]any{&position, &k.MemberID, &k.Day, &k.Currency, &k.Category, &k.Vendor}, s.ptrs()...)...); err != nil {
			return 0, nil, err
		}
		if k.MemberID != 0 {
			rows[k] = s
		}
	}
	return position, rows, q.Err()
}

func sortedDays(rows map[rowKey]*Sums) []Day {
	out := make([]Day, 0, len(rows))
	for k, s := range rows {
		out = append(out, Day{MemberID: k.MemberID, Day: k.Day, Currency: k.Currency, Category: k.Category, Vendor: k.Vendor, Sums: *s})
	}
	slices.SortFunc(out, func(a, b Day) int {
		return compareKeys(rowKey{a.MemberID, a.Day, a.Currency, a.Category, a.Vendor}, rowKey{b.MemberID, b.Day, b.Currency, b.Category, b.Vendor})
	})
	return out
}
