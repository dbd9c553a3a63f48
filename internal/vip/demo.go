package vip

import (
	"context"

	"github.com/palaro/palaro/internal/platform/db"
)

// DemoLevels is the demo brand's club (content promotion 103 and
// docs/rewards.md "Demo levels"): Bronze to Diamond, 8 levels by
// accumulated valid bets, monthly gifts from Silver up; names in English
// and Tagalog.
func DemoLevels() Levels {
	names := func(en, ty string) map[string]string { return map[string]string{"EN": en, "TY": ty} }
	r := func(rng, live, fish, sports, bgs int64) map[string]int64 {
		return map[string]int64{"RNG": rng, "LIVE": live, "FISH": fish, "SPORTS": sports, "BGS": bgs}
	}
	return Levels{
		{Level: 1, Name: "Bronze", Names: names("Bronze", "Tanso"), Rates: r(20, 10, 20, 10, 10)},
		{Level: 2, Name: "Silver", Names: names("Silver", "Pilak"), MinValidBets: 1_000_00, KeepValidBets: 500_00, UpgradeReward: 18_00, MonthlyReward: 38_00, Rates: r(30, 15, 30, 15, 15)},
		{Level: 3, Name: "Gold", Names: names("Gold", "Ginto"), MinValidBets: 10_000_00, KeepValidBets: 3_000_00, UpgradeReward: 88_00, WeeklyReward: 18_00, MonthlyReward: 88_00, Rates: r(40, 20, 40, 20, 20)},
		{Level: 4, Name: "Platinum", Names: names("Platinum", "Platino"), MinValidBets: 50_000_00, KeepValidBets: 10_000_00, UpgradeReward: 288_00, WeeklyReward: 58_00, MonthlyReward: 188_00, Rates: r(50, 25, 50, 25, 25)},
		{Level: 5, Name: "Ruby", Names: names("Ruby", "Rubi"), MinValidBets: 200_000_00, KeepValidBets: 30_000_00, UpgradeReward: 888_00, WeeklyReward: 128_00, MonthlyReward: 388_00, Rates: r(60, 30, 60, 30, 30)},
		{Level: 6, Name: "Sapphire", Names: names("Sapphire", "Sapiro"), MinValidBets: 500_000_00, KeepValidBets: 80_000_00, UpgradeReward: 1_888_00, WeeklyReward: 288_00, MonthlyReward: 888_00, Rates: r(70, 35, 70, 35, 35)},
		{Level: 7, Name: "Emerald", Names: names("Emerald", "Esmeralda"), MinValidBets: 1_500_000_00, KeepValidBets: 200_000_00, UpgradeReward: 5_888_00, WeeklyReward: 588_00, MonthlyReward: 1_888_00, Rates: r(80, 40, 80, 40, 40)},
		{Level: 8, Name: "Diamond", Names: names("Diamond", "Diyamante"), MinValidBets: 5_000_000_00, KeepValidBets: 500_000_00, UpgradeReward: 18_888_00, WeeklyReward: 1_288_00, MonthlyReward: 3_888_00, Rates: r(100, 50, 100, 50, 50)},
	}
}

// SeedDemo writes the demo levels into an empty table; false when the
// table has levels already.
func SeedDemo(ctx context.Context, d *db.DB, now int64) (bool, error) {
	var n int
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM vip_level`).Scan(&n); err != nil || n > 0 {
		return false, err
	}
	return true, d.InTx(ctx, func(tx *db.Tx) error { return writeLevels(ctx, tx, DemoLevels(), now) })
}
