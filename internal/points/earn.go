package points

import (
	"context"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/db"
)

// Earn is the stream consumer "points.earn": a settled round's valid bet
// (per its category) and a credited deposit (DEPOSIT) add to what the
// member carries towards the next point of that rule; every whole Per
// earns Points points, one history entry per fact that earned any, keyed
// by the fact. A rolled-back round takes its valid bet off the carry, so
// points already earned stay and the next ones come later; the balance
// never goes below zero.
type Earn struct{ s *Service }

// EarnConsumer is the service's earning consumer.
func (s *Service) EarnConsumer() *Earn { return &Earn{s} }

// Name implements activity.Consumer.
func (*Earn) Name() string { return "points.earn" }

// Wants implements activity.Selective.
func (*Earn) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.RoundSettled, activity.RoundCancelled, activity.DepositCredited}}
}

// Reset implements activity.Consumer: the carries start again; the history
// and balances stay, and a replay adds nothing twice (entry keys).
func (*Earn) Reset(ctx context.Context, tx *db.Tx) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM points_carry`)
	return err
}

// Apply implements activity.Consumer.
func (c *Earn) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	b, err := c.s.brands.Current(ctx)
	if err != nil {
		return err
	}
	rules := b.Rewards.Points.Earn
	if len(rules) == 0 {
		return nil
	}
	for _, e := range events {
		if e.MemberID <= 0 {
			continue
		}
		var category, typ, ref string
		var amount int64
		switch e.Kind {
		case activity.RoundSettled:
			category, typ, ref, amount = e.Category, TypeEarnBet, "R"+e.Ref, e.ValidBet
		case activity.RoundCancelled:
			if e.Detail != "rollback" {
				continue
			}
			category, amount = e.Category, e.ValidBet
		case activity.DepositCredited:
			category, typ, ref, amount = brand.PointsDeposit, TypeEarnDeposit, e.Ref, e.Amount
		default:
			continue
		}
		rule, ok := rules[category]
		if !ok || rule.Per <= 0 || amount == 0 {
			continue
		}
		var carry int64
		err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT carry FROM points_carry WHERE member_id = ? AND category = ?`), e.MemberID, category).Scan(&carry)
		if err != nil && !db.IsNoRows(err) {
			return err
		}
		carry += amount
		var earned int64
		if carry >= rule.Per {
			earned = carry / rule.Per * rule.Points
			carry %= rule.Per
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO points_carry (member_id, category, carry) VALUES (?, ?, ?)
			ON CONFLICT (member_id, category) DO UPDATE SET carry = excluded.carry`), e.MemberID, category, carry); err != nil {
			return err
		}
		if earned <= 0 {
			continue
		}
		if _, _, err := appendTx(ctx, tx, e.MemberID, entry{key: "earn:" + e.Key, ref: ref, typ: typ, name: category,
			amountRequired: amount, change: earned}, e.At.UnixMilli()); err != nil {
			return err
		}
	}
	return nil
}
