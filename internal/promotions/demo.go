package promotions

import (
	"context"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
)

// Demo is the demo brand's promotions, each linked to the demo article
// (internal/content/demo.go) whose text states these terms; the raffle runs
// the week from the seeding and is drawn at its end.
func Demo(now time.Time) []Draft {
	start, end := now.AddDate(0, 0, -10).UnixMilli(), now.AddDate(1, 0, 0).UnixMilli()
	return []Draft{
		{ArticleID: 105, Type: TypeReload, TitleEN: "Daily Reload: 30% bonus", TitleTY: "Daily Reload: 30% bonus", JoinRequired: true,
			Percent: 30_00, Cap: 1500_00, MinDeposit: 500_00, Frequency: Daily, StartsAt: start, EndsAt: end, Budget: 500_000_00,
			RewardKind: KindBonus, WagerMultiple: 10, MaxBet: 500_00, ValidDays: 7, ClaimDays: 7},
		{ArticleID: 108, Type: TypeFixed, TitleEN: "₱88 Free Bonus for new players", TitleTY: "₱88 Libreng Bonus para sa mga bagong manlalaro",
			JoinRequired: true, Amount: 88_00, Frequency: Once, NewWithinDays: 30, StartsAt: start, EndsAt: end, Budget: 100_000_00,
			RewardKind: KindBonus, WagerMultiple: 5, MaxBet: 100_00, ValidDays: 7, ClaimDays: 7},
		{ArticleID: 109, Type: TypeCashback, TitleEN: "Weekly Cashback: 10% of net losses", TitleTY: "Lingguhang Cashback: 10% ng netong talo",
			Percent: 0, Rates: map[string]int64{"RNG": 10_00, "FISH": 10_00, "LIVE": 5_00}, Cap: 2000_00, Frequency: Weekly,
			StartsAt: start, EndsAt: end, Budget: 1_000_000_00, RewardKind: KindCash, ClaimDays: 7},
		{ArticleID: 110, Type: TypeApplication, TitleEN: "Big Win Bonus: share your win", TitleTY: "Big Win Bonus: ibahagi ang iyong panalo",
			Cap: 500_00, Frequency: Once, StartsAt: start, EndsAt: end, Budget: 200_000_00, RewardKind: KindCash, ClaimDays: 7},
		{ArticleID: 111, Type: TypeRaffle, TitleEN: "Weekly Raffle: ₱1,000 × 5 winners", TitleTY: "Lingguhang Raffle: ₱1,000 × 5 mananalo",
			Amount: 1000_00, Winners: 5, Frequency: Once, StartsAt: now.UnixMilli(), EndsAt: now.AddDate(0, 0, 7).UnixMilli(), Budget: 5000_00,
			RewardKind: KindCash, ClaimDays: 7},
	}
}

// Seed stores promotions into an engine that has none; false when it
// already has some.
func Seed(ctx context.Context, d *db.DB, drafts []Draft, now time.Time) (bool, error) {
	var n int
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM promotion`).Scan(&n); err != nil {
		return false, fmt.Errorf("promotions seed: %w", err)
	}
	if n > 0 {
		return false, nil
	}
	err := d.InTx(ctx, func(tx *db.Tx) error {
		for _, dr := range drafts {
			dr.Normalize()
			if err := dr.Validate(false); err != nil {
				return fmt.Errorf("promotion %q: %w", dr.TitleEN, err)
			}
			if _, err := insertPromotion(ctx, tx, dr, now.UnixMilli()); err != nil {
				return err
			}
		}
		return nil
	})
	return err == nil, err
}
