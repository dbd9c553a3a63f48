package commission

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// SlotsName is the stream consumer keeping each member's play per 5-minute
// slot (commission_member_slot) for the periods shorter than a day.
const SlotsName = "commission.slots"

// Slot is the slots' width: every period of a contract is a whole number
// of slots (time zones are whole quarter hours from UTC, so a zone's hours
// and 5-minute marks are slot boundaries).
const Slot = 5 * time.Minute

// SlotRetention is how far back the slots are kept: an hourly wage or a
// real-time salary whose period started earlier cannot be settled (a
// downtime longer than that is caught up for days, weeks and months only).
const SlotRetention = 8 * 24 * time.Hour

// ErrSlotsPruned: a sub-day period older than SlotRetention.
var ErrSlotsPruned = errors.New("commission: the period's slots are older than the retention")

// SlotConsumer applies settled and rolled-back rounds to the slots.
type SlotConsumer struct {
	clock clock.Clock

	mu     sync.Mutex
	pruned time.Time
}

var _ activity.Selective = (*SlotConsumer)(nil)

// NewSlotConsumer: clk tells when slots are old enough to prune.
func NewSlotConsumer(clk clock.Clock) *SlotConsumer {
	if clk == nil {
		clk = clock.System{}
	}
	return &SlotConsumer{clock: clk}
}

func (c *SlotConsumer) Name() string { return SlotsName }

func (c *SlotConsumer) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.RoundSettled, activity.RoundCancelled}}
}

type slotKey struct {
	slot     int64
	member   int64
	currency string
}

type slotPlay struct{ bets, validBets, wins int64 }

// Apply sums the batch per (slot, member, currency) in memory and upserts
// the rows in one order (two writers never deadlock on them).
func (c *SlotConsumer) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	rows := map[slotKey]*slotPlay{}
	for _, e := range events {
		if e.MemberID == 0 || (e.Kind == activity.RoundCancelled && e.Detail != "rollback") {
			continue // a round cancelled while open counted nothing
		}
		// A rollback's fact carries what was counted, negated.
		k := slotKey{slot: e.At.UnixMilli() - e.At.UnixMilli()%Slot.Milliseconds(), member: e.MemberID, currency: e.Currency}
		p := rows[k]
		if p == nil {
			p = &slotPlay{}
			rows[k] = p
		}
		p.bets += e.Amount
		p.validBets += e.ValidBet
		p.wins += e.Win
	}
	keys := make([]slotKey, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b slotKey) int {
		return cmp.Or(cmp.Compare(a.slot, b.slot), cmp.Compare(a.member, b.member), strings.Compare(a.currency, b.currency))
	})
	const chunk = 200
	for start := 0; start < len(keys); start += chunk {
		part := keys[start:min(start+chunk, len(keys))]
		var q strings.Builder
		q.WriteString(`INSERT INTO commission_member_slot (slot, member_id, currency, bets, valid_bets, wins) VALUES `)
		args := make([]any, 0, len(part)*6)
		for i, k := range part {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?)")
			p := rows[k]
			args = append(args, k.slot, k.member, k.currency, p.bets, p.validBets, p.wins)
		}
		q.WriteString(` ON CONFLICT (slot, member_id, currency) DO UPDATE SET bets = commission_member_slot.bets + excluded.bets,
 valid_bets = commission_member_slot.valid_bets + excluded.valid_bets, wins = commission_member_slot.wins + excluded.wins`)
		if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("commission: slots upsert: %w", err)
		}
	}
	return c.prune(ctx, tx)
}

// prune drops slots past the retention, at most once an hour per process.
func (c *SlotConsumer) prune(ctx context.Context, tx *db.Tx) error {
	now := c.clock.Now()
	c.mu.Lock()
	due := now.Sub(c.pruned) >= time.Hour
	c.mu.Unlock()
	if !due {
		return nil
	}
	if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM commission_member_slot WHERE slot < ?`), now.Add(-SlotRetention).UnixMilli()); err != nil {
		return fmt.Errorf("commission: slots prune: %w", err)
	}
	c.mu.Lock()
	c.pruned = now
	c.mu.Unlock()
	return nil
}

func (c *SlotConsumer) Reset(ctx context.Context, tx *db.Tx) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM commission_member_slot`)
	return err
}

// Play is a member's play over a period: bets, valid bets and wins.
type Play struct{ Bets, ValidBets, Wins int64 }

// DayFigures gives every member's play over whole days of the brand
// (internal/figures, the daily figures), in one currency; days are
// YYYY-MM-DD, both included. Members without play may be left out.
type DayFigures interface {
	MemberPlay(ctx context.Context, currency, first, last string) (map[int64]Play, error)
}

// Uplines gives each member's uplines at every level (internal/agent, the
// closure); members without one may be left out.
type Uplines interface {
	Uplines(ctx context.Context, members []int64) (map[int64][]int64, error)
}

// Teams sums agents' teams for the settlements: per member play over the
// period (whole days from the daily figures, parts of days from the slots),
// added to the member itself and to every upline, in the tree as it is
// when the period is settled. Fresh waits until the stream consumers it
// reads have applied every fact committed before it was called.
type Teams struct {
	DB      *db.DB
	Days    DayFigures
	Uplines Uplines
	Fresh   func(ctx context.Context) error
	Clock   clock.Clock
}

var _ TeamFigures = (*Teams)(nil)

// Teams implements TeamFigures.
func (t *Teams) Teams(ctx context.Context, agents []int64, currency string, from, to time.Time, loc *time.Location, activeMin int64) (map[int64]TeamTotals, error) {
	out := make(map[int64]TeamTotals, len(agents))
	if len(agents) == 0 {
		return out, nil
	}
	if t.Fresh != nil {
		if err := t.Fresh(ctx); err != nil {
			return nil, err
		}
	}
	var plays map[int64]Play
	var err error
	if wholeDays(from, to, loc) {
		plays, err = t.Days.MemberPlay(ctx, currency, from.In(loc).Format(time.DateOnly), to.Add(-time.Millisecond).In(loc).Format(time.DateOnly))
	} else {
		plays, err = t.slots(ctx, currency, from, to)
	}
	if err != nil {
		return nil, err
	}
	want := make(map[int64]bool, len(agents))
	for _, a := range agents {
		want[a] = true
	}
	members := make([]int64, 0, len(plays))
	for m := range plays {
		members = append(members, m)
	}
	slices.Sort(members)
	ups, err := t.Uplines.Uplines(ctx, members)
	if err != nil {
		return nil, err
	}
	add := func(agent int64, p Play, active bool) {
		s := out[agent]
		s.Bets += p.Bets
		s.ValidBets += p.ValidBets
		s.Wins += p.Wins
		if active {
			s.ActiveMembers++
		}
		out[agent] = s
	}
	for _, m := range members {
		p := plays[m]
		active := p.ValidBets > 0 && p.ValidBets >= activeMin
		if want[m] {
			add(m, p, active)
		}
		for _, a := range ups[m] {
			if want[a] {
				add(a, p, active)
			}
		}
	}
	for a, s := range out {
		s.NetLoss = s.Bets - s.Wins
		out[a] = s
	}
	return out, nil
}

// wholeDays: [from, to) starts and ends at midnights of loc.
func wholeDays(from, to time.Time, loc *time.Location) bool {
	mid := func(x time.Time) bool {
		w := x.In(loc)
		return w.Hour() == 0 && w.Minute() == 0 && w.Second() == 0 && w.Nanosecond() == 0
	}
	return mid(from) && mid(to) && to.After(from)
}

// slots sums each member's slots of [from, to), both slot boundaries.
func (t *Teams) slots(ctx context.Context, currency string, from, to time.Time) (map[int64]Play, error) {
	if from.UnixMilli()%Slot.Milliseconds() != 0 || to.UnixMilli()%Slot.Milliseconds() != 0 || !to.After(from) {
		return nil, fmt.Errorf("commission: [%s, %s) is not whole slots", from, to)
	}
	now := time.Now()
	if t.Clock != nil {
		now = t.Clock.Now()
	}
	if from.Before(now.Add(-SlotRetention + time.Hour)) {
		return nil, ErrSlotsPruned
	}
	rows, err := t.DB.QueryContext(ctx, t.DB.Rebind(`SELECT member_id, SUM(bets), SUM(valid_bets), SUM(wins) FROM commission_member_slot
 WHERE slot >= ? AND slot < ? AND currency = ? GROUP BY member_id`), from.UnixMilli(), to.UnixMilli(), currency)
	if err != nil {
		return nil, apperr.Internal(err, "commission slots")
	}
	defer rows.Close()
	out := map[int64]Play{}
	for rows.Next() {
		var m int64
		var p Play
		if err := rows.Scan(&m, &p.Bets, &p.ValidBets, &p.Wins); err != nil {
			return nil, apperr.Internal(err, "scan commission slots")
		}
		out[m] = p
	}
	return out, rows.Err()
}
