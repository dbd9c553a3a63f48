package figures

import (
	"cmp"
	"context"
	"database/sql"
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

// tail adds to rows the members' events the figures do not include yet:
// those after position and those not yet given a position, on each
// member's days [first, last] (and in currency, when not "").
func (f *Figures) tail(ctx context.Context, days map[int64]dayBounds, position int64, currency string, loc *time.Location, rows map[rowKey]*Sums) error {
	ids := make([]int64, 0, len(days))
	for id := range days {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	after := position
	for page := 0; ; page++ {
		evs, err := f.stream.MembersEventsAfter(ctx, ids, after, tailPage, page == 0)
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
			b := days[e.MemberID]
			if d := DayOf(e.At, loc); d >= b.first && d <= b.last && (currency == "" || e.Currency == currency) {
				keep = append(keep, e)
			}
		}
		aggregate(rows, keep, loc)
		if positioned < tailPage {
			return nil
		}
	}
}

// dayBounds are the first and last day (inclusive) of a member's read.
type dayBounds struct{ first, last string }

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
	if memberID <= 0 {
		return Sums{}, ErrRange
	}
	all, err := f.TotalsMany(ctx, currency, map[int64]time.Time{memberID: from}, to)
	return all[memberID], err
}

// TotalsMany is Totals of several members, each from its own time, all to
// the same end: a page of withdrawal orders (each member's turnover since
// their last payout) in three statements whatever the number of members
// (the rows with the position they include, the members' tail, the parts
// of days), where Totals member by member takes three to five each.
func (f *Figures) TotalsMany(ctx context.Context, currency string, from map[int64]time.Time, to time.Time) (map[int64]Sums, error) {
	out := make(map[int64]Sums, len(from))
	loc := f.location(ctx)
	lastDay := dayStart(to.Add(-time.Millisecond), loc)
	wholeTo := lastDay
	if end := nextDay(lastDay, loc); !to.Before(end) || !to.Before(f.clock.Now()) {
		wholeTo = end
	}
	ids := make([]int64, 0, len(from))
	for id := range from {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var parts []activity.MemberWindow
	days := map[int64]dayBounds{}
	for _, id := range ids {
		fr := from[id]
		if id <= 0 || !to.After(fr) {
			return nil, ErrRange
		}
		wholeFrom := dayStart(fr, loc)
		if wholeFrom.Before(fr) {
			wholeFrom = nextDay(wholeFrom, loc)
		}
		if !wholeFrom.Before(wholeTo) { // within one day, not whole
			parts = append(parts, activity.MemberWindow{MemberID: id, From: fr, To: to})
			continue
		}
		if fr.Before(wholeFrom) {
			parts = append(parts, activity.MemberWindow{MemberID: id, From: fr, To: wholeFrom})
		}
		if wholeTo.Before(to) {
			parts = append(parts, activity.MemberWindow{MemberID: id, From: wholeTo, To: to})
		}
		first, last := dayRange(wholeFrom, wholeTo, loc)
		days[id] = dayBounds{first, last}
	}
	add := func(id int64, s Sums) {
		t := out[id]
		t.Add(s)
		out[id] = t
	}
	if len(parts) > 0 {
		evs, err := f.stream.MembersEventsBetween(ctx, parts)
		if err != nil {
			return nil, err
		}
		for _, e := range evs {
			if _, s, ok := eventSums(e, time.UTC); ok && e.Currency == currency {
				add(e.MemberID, s)
			}
		}
	}
	if len(days) == 0 {
		return out, nil
	}
	// One statement: the rows and the position they include, one snapshot.
	q, err := f.totalsRows(ctx, currency, ids, days)
	if err != nil {
		return nil, fmt.Errorf("figures: totals: %w", err)
	}
	var position int64
	for q.Next() {
		var id int64
		var s Sums
		if err := q.Scan(append([]any{&position, &id}, s.ptrs()...)...); err != nil {
			q.Close()
			return nil, fmt.Errorf("figures: totals: %w", err)
		}
		if id != 0 {
			add(id, s)
		}
	}
	q.Close()
	if err := q.Err(); err != nil {
		return nil, fmt.Errorf("figures: totals: %w", err)
	}
	rows := map[rowKey]*Sums{}
	if err := f.tail(ctx, days, position, currency, loc, rows); err != nil {
		return nil, err
	}
	for k, r := range rows {
		add(k.MemberID, *r)
	}
	return out, nil
}

// sqlTotalsSet is totalsRows on PostgreSQL, in a Fixed session: the
// members and their days travel as arrays, so it is planned once per
// connection (an OR of a range per member, the statement SQLite runs, was
// planned again at every page of withdrawal orders), each member's range
// read from the primary key (a lateral sum per member: a join's generic
// plan made on a new database's few rows hashes every row of the
// currency).
var sqlTotalsSet = `SELECT p.position, COALESCE(d.member_id, 0), ` + coalesced("d.", "") + `
 FROM figures_position p LEFT JOIN (SELECT k.id AS member_id, s.*
   FROM unnest($2::bigint[], $3::text[], $4::text[]) AS k(id, first_day, last_day)
   CROSS JOIN LATERAL (SELECT ` + sums() + ` FROM figures_daily
     WHERE member_id = k.id AND day >= k.first_day AND day <= k.last_day AND currency = $1 HAVING COUNT(*) > 0) s) d ON true
 WHERE p.id = 1`

// totalsRows reads the sums of the rows of each member of ids on its days
// (in days: members without are left out), one row per member, each with
// the position they include (one row of position and no member: none).
func (f *Figures) totalsRows(ctx context.Context, currency string, ids []int64, days map[int64]dayBounds) (*sql.Rows, error) {
	if f.db.Dialect == db.Postgres {
		var members []int64
		var first, last []string
		for _, id := range ids {
			if b, ok := days[id]; ok {
				members, first, last = append(members, id), append(first, b.first), append(last, b.last)
			}
		}
		return f.db.Fixed().QueryContext(ctx, sqlTotalsSet, currency, members, first, last)
	}
	var cond strings.Builder
	args := []any{currency}
	for _, id := range ids {
		b, ok := days[id]
		if !ok {
			continue
		}
		if len(args) > 1 {
			cond.WriteString(" OR ")
		}
		cond.WriteString("(member_id = ? AND day >= ? AND day <= ?)")
		args = append(args, id, b.first, b.last)
	}
	return f.db.QueryContext(ctx, f.db.Rebind(`SELECT p.position, COALESCE(d.member_id, 0), `+coalesced("d.", "")+`
 FROM figures_position p LEFT JOIN (SELECT member_id, `+sums()+` FROM figures_daily
   WHERE currency = ? AND (`+cond.String()+`) GROUP BY member_id) d ON 1 = 1
 WHERE p.id = 1`), args...)
}

// sums lists SUM(col) AS col for each sum column.
func sums() string {
	cols := strings.Split(sumCols, ", ")
	for i, c := range cols {
		cols[i] = "SUM(" + c + ") AS " + c
	}
	return strings.Join(cols, ", ")
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
	if err := f.tail(ctx, map[int64]dayBounds{memberID: {first, last}}, position, "", loc, rows); err != nil {
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
