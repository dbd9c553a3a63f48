package missions

import (
	"context"
	"encoding/json"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// DemoBoardPrizes is the demo leaderboard's prize table (minor units):
// places 1-3 ₱30,000, ₱20,000, ₱15,000; 4-10 ₱5,000; 11-50 ₱1,500;
// 51-100 ₱800: 100 places sharing the ₱200,000 pool the demo content's
// "Lantern Nights Leaderboard" promises.
func DemoBoardPrizes() []int64 {
	p := []int64{3_000_000, 2_000_000, 1_500_000}
	for len(p) < 10 {
		p = append(p, 500_000)
	}
	for len(p) < 50 {
		p = append(p, 150_000)
	}
	for len(p) < 100 {
		p = append(p, 80_000)
	}
	return p
}

// DemoSlot is the catalogue code of the in-house slot, Palaro Parol Spins
// (vendor BGS, catalogued as a slot: its rounds are RNG).
const DemoSlot = "BGS_PALARO_PAROL_SPINS"

// Demo is the demo brand's missions and its leaderboard, live from
// now-5 days (the content promotion's start) to now+30 days (its end).
func Demo(now time.Time) ([]Mission, []Board) {
	start, end := now.Add(-5*24*time.Hour).UnixMilli(), now.Add(30*24*time.Hour).UnixMilli()
	m := func(sort int, period, kind, cat string, target, reward int64, rkind string, wager int64, en, ty string) Mission {
		game := ""
		if kind == KindRounds {
			game, cat = DemoSlot, ""
		}
		return Mission{TitleEN: en, TitleTY: ty, Period: period, Kind: kind, Category: cat, Game: game, Target: target, RewardAmount: reward, RewardKind: rkind,
			WagerMultiple: wager, Status: StatusActive, StartsAt: start, EndsAt: end, Sort: sort}
	}
	ms := []Mission{
		m(1, Daily, KindLogin, "", 1, 200, rewards.KindCash, 0, "Log in today", "Mag-log in ngayong araw"),
		m(2, Daily, KindRounds, "", 3, 1_000, rewards.KindCash, 0, "Play 3 rounds of Palaro Parol Spins", "Maglaro ng 3 round sa Palaro Parol Spins"),
		m(3, Daily, KindBet, "RNG", 50_000, 2_000, rewards.KindCash, 0, "Bet ₱500 on slots", "Tumaya ng ₱500 sa slots"),
		m(4, Weekly, KindDeposit, "", 100_000, 5_000, rewards.KindCash, 0, "Deposit ₱1,000 this week", "Magdeposito ng ₱1,000 ngayong linggo"),
		m(5, Weekly, KindLogin, "", 5, 10_000, rewards.KindBonus, 5, "Log in 5 days in a row", "Mag-log in nang 5 magkakasunod na araw"),
		m(6, Weekly, KindBet, "", 500_000, 10_000, rewards.KindCash, 0, "Bet ₱5,000 on any game this week", "Tumaya ng ₱5,000 sa kahit anong laro ngayong linggo"),
		// Content promotion 107 ("Sports Week").
		m(7, Weekly, KindBet, "SPORTS", 100_000, 10_000, rewards.KindBonus, 1, "Bet ₱1,000 on sports this week", "Tumaya ng ₱1,000 sa sports ngayong linggo"),
	}
	bs := []Board{{TitleEN: "Lantern Nights Leaderboard", TitleTY: "Gabi ng Parol Leaderboard", Period: Weekly, Metric: MetricMultiplier,
		Category: "RNG", MinBet: 1_000, Prizes: DemoBoardPrizes(), Status: StatusActive, StartsAt: start, EndsAt: end}}
	return ms, bs
}

// Seed stores missions and boards into an empty database (no mission and
// no board yet); false when it has some already.
func (s *Service) Seed(ctx context.Context, ms []Mission, bs []Board) (bool, error) {
	seeded := false
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT (SELECT COUNT(*) FROM mission) + (SELECT COUNT(*) FROM leaderboard)`).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return nil
		}
		now := s.clock.Now().UnixMilli()
		for _, m := range ms {
			if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO mission (title_en, title_ty, period, kind, category, game, target, reward_amount, reward_kind,
				wager_multiple, status, starts_at, ends_at, sort, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				m.TitleEN, m.TitleTY, m.Period, m.Kind, m.Category, m.Game, m.Target, m.RewardAmount, m.RewardKind, m.WagerMultiple, m.Status,
				m.StartsAt, m.EndsAt, m.Sort, now, now); err != nil {
				return err
			}
		}
		for _, b := range bs {
			prizes, _ := json.Marshal(b.Prizes)
			if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO leaderboard (title_en, title_ty, period, metric, category, min_bet, prizes, status,
				starts_at, ends_at, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
				b.TitleEN, b.TitleTY, b.Period, b.Metric, b.Category, b.MinBet, string(prizes), b.Status, b.StartsAt, b.EndsAt, now, now); err != nil {
				return err
			}
		}
		seeded = true
		return nil
	})
	return seeded, err
}
