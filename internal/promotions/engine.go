package promotions

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/jobs"
)

// ReloadAmount is what a RELOAD promotion gives for a deposit: Percent
// (basis points) of it, rounded down to the minor unit, at most Cap; 0 below
// MinDeposit.
func ReloadAmount(p Promotion, deposit int64) int64 {
	if deposit < p.MinDeposit || deposit <= 0 {
		return 0
	}
	return min(deposit*p.Percent/10000, p.Cap)
}

// CashbackAmount is what a CASHBACK promotion gives for a member's net loss
// per category over its period: each losing category's loss times its
// rate (Rates, else Percent), rounded down per category, summed, at most
// Cap. Winning categories count nothing (they do not offset losses).
func CashbackAmount(p Promotion, netLoss map[string]int64) int64 {
	var total int64
	for c, loss := range netLoss {
		if loss <= 0 {
			continue
		}
		rate, ok := p.Rates[c]
		if !ok {
			rate = p.Percent
		}
		total += loss * rate / 10000
	}
	return min(total, p.Cap)
}

// Deposits is the stream consumer "promotions.deposits": each credited
// deposit is offered to every RELOAD promotion open at its time; a member
// who joined (when a join is asked), is eligible and deposited at least the
// minimum gets the match once per member or per day, within the budget.
type Deposits struct{ s *Service }

// DepositConsumer is the engine's deposit consumer.
func (s *Service) DepositConsumer() *Deposits { return &Deposits{s} }

// Name implements activity.Consumer.
func (*Deposits) Name() string { return "promotions.deposits" }

// Wants implements activity.Selective.
func (*Deposits) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.DepositCredited}}
}

// Reset implements activity.Consumer: what was granted stays (its unique
// rows and reward keys make a replay add nothing).
func (*Deposits) Reset(context.Context, *db.Tx) error { return nil }

// Apply implements activity.Consumer.
func (c *Deposits) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	promos, err := listPromotionsTx(ctx, tx, TypeReload)
	if err != nil || len(promos) == 0 {
		return err
	}
	loc, b, err := c.s.zone(ctx)
	if err != nil {
		return err
	}
	for _, e := range events {
		if e.MemberID == 0 || e.Currency != b.Currency.Code {
			continue
		}
		for i := range promos {
			// spent moves within this transaction: read it again
			p, err := getPromotionTx(ctx, tx, promos[i].ID)
			if err != nil {
				return err
			}
			if err := c.offer(ctx, tx, p, e, loc, b); err != nil {
				return err
			}
		}
	}
	return nil
}

// offer grants p's match of deposit e when it qualifies.
func (c *Deposits) offer(ctx context.Context, tx *db.Tx, p Promotion, e activity.Event, loc *time.Location, b *brand.Config) error {
	if open(p, e.At.UnixMilli()) != nil {
		return nil
	}
	amount := ReloadAmount(p, e.Amount)
	if amount <= 0 {
		return nil
	}
	if p.JoinRequired {
		var joinedAt int64
		err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT joined_at FROM promotion_join WHERE promotion_id = ? AND member_id = ? AND period_key = 'once'`),
			p.ID, e.MemberID).Scan(&joinedAt)
		if db.IsNoRows(err) || err == nil && joinedAt > e.At.UnixMilli() {
			return nil
		}
		if err != nil {
			return err
		}
	}
	m, err := c.s.member(ctx, e.MemberID)
	if err != nil {
		return err
	}
	if ok, err := c.s.eligible(ctx, p, m, e.At); err != nil || !ok {
		return err
	}
	err = c.s.grantTx(ctx, tx, p, e.MemberID, periodKey(p, e.At, loc), amount, b, e.At)
	switch {
	case errors.Is(err, ErrAlreadyGranted):
		return nil
	case errors.Is(err, ErrBudget):
		// the grant row insert must not stay: the stream's transaction goes on
		_, err = tx.ExecContext(ctx, tx.Rebind(`DELETE FROM promotion_grant WHERE promotion_id = ? AND member_id = ? AND period_key = ?`),
			p.ID, e.MemberID, periodKey(p, e.At, loc))
		c.s.logger.InfoContext(ctx, "reload budget exhausted", "promotion", p.ID, "member", e.MemberID)
		return err
	}
	return err
}

// CashbackFigures is each member's net loss per category over days (the
// daily figures), and a wait until they hold every committed fact.
type CashbackFigures interface {
	EachCategoryNetLoss(ctx context.Context, currency, first, last string, fn func(member int64, category string, netLoss int64) error) error
	CaughtUp(ctx context.Context) error
}

// cashbackAt is when the cashback job runs each day (the brand's zone),
// after the daily rebate.
const cashbackAt = 5*time.Hour + 30*time.Minute

// CashbackJob runs every day at 05:30 (the brand's zone) and pays every
// CASHBACK promotion whose period ended with the day before: DAILY ones
// each day, WEEKLY ones after Sunday.
func (s *Service) CashbackJob(zone jobs.Zone, figs CashbackFigures) jobs.Job {
	return jobs.Job{Name: "promotions.cashback", Schedule: jobs.Daily(cashbackAt, zone), Run: func(ctx context.Context, per jobs.Period) error {
		_, err := s.IssueCashbacks(ctx, figs, per.Start.In(zone(ctx)))
		return err
	}}
}

// IssueCashbacks pays the cashback periods that end on day (a midnight in
// the brand's zone) and tells how many rewards it issued.
func (s *Service) IssueCashbacks(ctx context.Context, figs CashbackFigures, day time.Time) (int, error) {
	promos, err := listPromotions(ctx, s.db, TypeCashback)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, p := range promos {
		first := day
		if p.Frequency == Weekly {
			if day.Weekday() != time.Sunday {
				continue
			}
			first = day.AddDate(0, 0, -6)
		}
		k, err := s.IssueCashback(ctx, figs, p.ID, first.Format(time.DateOnly), day.Format(time.DateOnly))
		n += k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}

// IssueCashback pays promotion id's cashback over the days [first, last]:
// to every member with a net loss in its period (who joined before its end
// when a join is asked, and is eligible), as one reward keyed by the
// period's first day, within the budget (members the budget cannot cover
// are skipped and logged). It tells how many rewards it issued.
func (s *Service) IssueCashback(ctx context.Context, figs CashbackFigures, id int64, first, last string) (int, error) {
	p, err := getPromotion(ctx, s.db, id)
	if err != nil {
		return 0, err
	}
	loc, b, err := s.zone(ctx)
	if err != nil {
		return 0, err
	}
	start, err := time.ParseInLocation(time.DateOnly, first, loc)
	if err != nil {
		return 0, ErrInvalid.With("field", "period")
	}
	end, err := time.ParseInLocation(time.DateOnly, last, loc)
	if err != nil {
		return 0, ErrInvalid.With("field", "period")
	}
	end = end.AddDate(0, 0, 1)
	// a period counts when it lies in the schedule and the promotion is not paused when paid
	if p.Paused || end.UnixMilli() <= p.StartsAt || start.UnixMilli() >= p.EndsAt {
		return 0, nil
	}
	if err := figs.CaughtUp(ctx); err != nil {
		return 0, err
	}
	losses := map[int64]map[string]int64{}
	err = figs.EachCategoryNetLoss(ctx, b.Currency.Code, first, last, func(m int64, cat string, loss int64) error {
		if losses[m] == nil {
			losses[m] = map[string]int64{}
		}
		losses[m][cat] += loss
		return nil
	})
	if err != nil {
		return 0, err
	}
	members := make([]int64, 0, len(losses))
	for m := range losses {
		members = append(members, m)
	}
	sort.Slice(members, func(i, j int) bool { return members[i] < members[j] })
	now := s.clock.Now()
	n := 0
	for _, mid := range members {
		amount := CashbackAmount(p, losses[mid])
		if amount <= 0 {
			continue
		}
		if p.JoinRequired {
			var joinedAt int64
			err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT joined_at FROM promotion_join WHERE promotion_id = ? AND member_id = ? AND period_key = 'once'`),
				p.ID, mid).Scan(&joinedAt)
			if db.IsNoRows(err) || err == nil && joinedAt >= end.UnixMilli() {
				continue
			}
			if err != nil {
				return n, err
			}
		}
		m, err := s.member(ctx, mid)
		if err != nil {
			return n, err
		}
		if ok, err := s.eligible(ctx, p, m, end); err != nil {
			return n, err
		} else if !ok {
			continue
		}
		err = s.inTx(ctx, "issue cashback", func(tx *db.Tx) error {
			return s.grantTx(ctx, tx, p, mid, first, amount, b, now)
		})
		switch {
		case err == nil:
			n++
		case errors.Is(err, ErrAlreadyGranted):
		case errors.Is(err, ErrBudget):
			s.logger.InfoContext(ctx, "cashback budget exhausted", "promotion", p.ID, "member", mid, "amount", amount)
		default:
			return n, fmt.Errorf("promotions: cashback %d: %w", p.ID, err)
		}
	}
	s.logger.InfoContext(ctx, "cashback issued", "promotion", p.ID, "first", first, "last", last, "rewards", n)
	return n, nil
}
