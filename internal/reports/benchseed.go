package reports

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/platform/db"
)

// Bench data only (`palaro bench seed-members`): the report rows of
// generated rounds and cash, summed by the database from the rows that
// were written (a WITH clause naming r), as the stream consumer would have.

// BenchGames adds day's rows of the rounds in rows: r(game, category,
// bet, valid_bet, win) of vendor BENCH.
func BenchGames(ctx context.Context, tx *db.Tx, rows, day, currency string) error {
	_, err := tx.ExecContext(ctx, rows+fmt.Sprintf(`INSERT INTO report_games_daily (day, currency, category, vendor, game, bets, valid_bets, wins, rounds)
 SELECT '%s', '%s', category, 'BENCH', game, SUM(bet), SUM(valid_bet), SUM(win), COUNT(*) FROM r WHERE 1 = 1 GROUP BY category, game
 ON CONFLICT (day, currency, category, vendor, game) DO UPDATE SET bets = report_games_daily.bets + excluded.bets,
 valid_bets = report_games_daily.valid_bets + excluded.valid_bets, wins = report_games_daily.wins + excluded.wins,
 rounds = report_games_daily.rounds + excluded.rounds`, day, currency))
	if err != nil {
		return fmt.Errorf("reports: bench games: %w", err)
	}
	return nil
}

// BenchCash adds registrations and the sums of the credited deposits or
// paid withdrawals in rows (r(amount, counted), counted 1 for the rows to
// sum) to day's cash row.
func BenchCash(ctx context.Context, tx *db.Tx, rows, day, currency string, registrations int64, withdrawals bool) error {
	cols, set := `deposits, deposit_count`, `deposits = report_cash_daily.deposits + excluded.deposits,
 deposit_count = report_cash_daily.deposit_count + excluded.deposit_count`
	if withdrawals {
		cols, set = `withdrawals, withdrawal_count`, `withdrawals = report_cash_daily.withdrawals + excluded.withdrawals,
 withdrawal_count = report_cash_daily.withdrawal_count + excluded.withdrawal_count`
	}
	_, err := tx.ExecContext(ctx, rows+fmt.Sprintf(`INSERT INTO report_cash_daily (day, currency, registrations, %s)
 SELECT '%s', '%s', %d, COALESCE(SUM(amount), 0), COUNT(*) FROM r WHERE counted = 1
 ON CONFLICT (day, currency) DO UPDATE SET registrations = report_cash_daily.registrations + excluded.registrations, %s`,
		cols, day, currency, registrations, set))
	if err != nil {
		return fmt.Errorf("reports: bench cash: %w", err)
	}
	return nil
}

// BenchActive records day's active members of the rounds in rows
// (r(member_id)) as applyActive would: a new member day counts once under
// (day, the member's active day before it, or an empty one). Days are seeded
// oldest first with members new to the run, so no later day of a member
// exists yet and no later count moves.
func BenchActive(ctx context.Context, tx *db.Tx, rows, day string) error {
	if _, err := tx.ExecContext(ctx, rows+fmt.Sprintf(`INSERT INTO report_active_daily (day, prev_day, members)
 SELECT '%s', prev, COUNT(*) FROM (SELECT COALESCE((SELECT MAX(p.day) FROM report_member_day p WHERE p.member_id = a.m AND p.day < '%s'), '') AS prev
  FROM (SELECT DISTINCT member_id AS m FROM r WHERE member_id <> 0) a
  WHERE NOT EXISTS (SELECT 1 FROM report_member_day x WHERE x.member_id = a.m AND x.day = '%s')) q
 WHERE 1 = 1 GROUP BY prev
 ON CONFLICT (day, prev_day) DO UPDATE SET members = report_active_daily.members + excluded.members`, day, day, day)); err != nil {
		return fmt.Errorf("reports: bench active: %w", err)
	}
	if _, err := tx.ExecContext(ctx, rows+fmt.Sprintf(`INSERT INTO report_member_day (member_id, day)
 SELECT DISTINCT member_id, '%s' FROM r WHERE member_id <> 0 ON CONFLICT (member_id, day) DO NOTHING`, day)); err != nil {
		return fmt.Errorf("reports: bench member days: %w", err)
	}
	return nil
}
