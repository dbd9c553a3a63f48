// Package figures keeps the daily figures: per member, day in the brand's
// time zone, currency, game category and vendor, the sums later features
// read (withdrawal turnover, responsible-gaming limits, reports, VIP,
// rebates, commissions). It is the activity stream's consumer
// "figures.daily": it changes only by applying stream events, so it can be
// rebuilt from the stream (replay) and checked against it (Verify). See
// docs/activity.md.
package figures

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/activity"
)

// Name is the consumer's name (its cursor and lease in the stream).
const Name = "figures.daily"

// Sums are a member's figures over some days; money in minor units.
type Sums struct {
	Bets      int64 // settled rounds' bets
	ValidBets int64 // settled rounds' valid bets (docs/valid-bet.md)
	Wins      int64
	Rounds    int64 // settled rounds

	Deposits     int64 // credited deposits
	DepositCount int64

	Withdrawals     int64 // paid withdrawals
	WithdrawalCount int64

	TransfersOut int64 // main balance -> transfer-wallet vendors
	TransfersIn  int64 // and back
	Adjustments  int64 // operators' manual adjustments, signed
	Bonus        int64 // bonus amounts (zero until rewards land)
}

// Add adds o to s.
func (s *Sums) Add(o Sums) {
	s.Bets += o.Bets
	s.ValidBets += o.ValidBets
	s.Wins += o.Wins
	s.Rounds += o.Rounds
	s.Deposits += o.Deposits
	s.DepositCount += o.DepositCount
	s.Withdrawals += o.Withdrawals
	s.WithdrawalCount += o.WithdrawalCount
	s.TransfersOut += o.TransfersOut
	s.TransfersIn += o.TransfersIn
	s.Adjustments += o.Adjustments
	s.Bonus += o.Bonus
}

// NetLoss is settled bets minus wins plus transfers out minus transfers in
// (what a loss limit counts).
func (s Sums) NetLoss() int64 { return s.Bets - s.Wins + s.TransfersOut - s.TransfersIn }

// Day is one row of the figures: one member's sums of one day, currency,
// category and vendor.
type Day struct {
	MemberID int64
	Day      string // YYYY-MM-DD in the brand's time zone
	Currency string
	Category string // game category; "" for deposits, withdrawals, transfers, adjustments
	Vendor   string // "" for deposits, withdrawals, adjustments
	Sums
}

type rowKey struct {
	MemberID                        int64
	Day, Currency, Category, Vendor string
}

// DayOf is the day t falls on in loc, as the figures name days.
func DayOf(t time.Time, loc *time.Location) string { return t.In(loc).Format(time.DateOnly) }

// eventSums is what one event adds to its row, and the row; ok false for
// events the figures do not count (registrations, logins, limit changes,
// cancelled rounds, released withdrawals).
func eventSums(e activity.Event, loc *time.Location) (rowKey, Sums, bool) {
	if e.MemberID == 0 {
		return rowKey{}, Sums{}, false
	}
	k := rowKey{MemberID: e.MemberID, Day: DayOf(e.At, loc), Currency: e.Currency}
	var s Sums
	switch e.Kind {
	case activity.RoundSettled:
		k.Category, k.Vendor = e.Category, e.Vendor
		s = Sums{Bets: e.Amount, ValidBets: e.ValidBet, Wins: e.Win, Rounds: 1}
	case activity.RoundCancelled:
		if e.Detail != "rollback" { // a round cancelled while open counted nothing
			return rowKey{}, Sums{}, false
		}
		// a settled round taken back: its fact carries what was counted, negated
		k.Category, k.Vendor = e.Category, e.Vendor
		s = Sums{Bets: e.Amount, ValidBets: e.ValidBet, Wins: e.Win, Rounds: -1}
	case activity.DepositCredited:
		s = Sums{Deposits: e.Amount, DepositCount: 1}
	case activity.WithdrawalPaid:
		s = Sums{Withdrawals: e.Amount, WithdrawalCount: 1}
	case activity.TransferOut:
		k.Vendor = e.Vendor
		s = Sums{TransfersOut: e.Amount}
	case activity.TransferIn:
		k.Vendor = e.Vendor
		s = Sums{TransfersIn: e.Amount}
	case activity.Adjustment:
		s = Sums{Adjustments: e.Amount}
	case activity.BonusGranted:
		s = Sums{Bonus: e.Amount}
	default:
		return rowKey{}, Sums{}, false
	}
	return k, s, true
}

// aggregate adds events into rows.
func aggregate(rows map[rowKey]*Sums, events []activity.Event, loc *time.Location) {
	for _, e := range events {
		k, s, ok := eventSums(e, loc)
		if !ok {
			continue
		}
		r := rows[k]
		if r == nil {
			r = &Sums{}
			rows[k] = r
		}
		r.Add(s)
	}
}

// Stream is the activity stream's read side: *activity.Store.
type Stream interface {
	EventsAfter(ctx context.Context, after int64, limit int) ([]activity.Event, error)
	MembersEventsAfter(ctx context.Context, memberIDs []int64, after int64, limit int, pending bool) ([]activity.Event, error)
	MembersEventsBetween(ctx context.Context, windows []activity.MemberWindow) ([]activity.Event, error)
	FirstAppended(ctx context.Context) (time.Time, error)
}
