package figures

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/platform/db"
)

// Bench data only (`palaro bench seed-members`): the daily figures of
// generated rounds and cash, summed by the database from the rows that
// were written (a WITH clause naming r), as the stream consumer would
// have summed their facts.

const benchUpsert = ` ON CONFLICT (member_id, day, currency, category, vendor) DO UPDATE SET bets = figures_daily.bets + excluded.bets,
 valid_bets = figures_daily.valid_bets + excluded.valid_bets, wins = figures_daily.wins + excluded.wins,
 rounds = figures_daily.rounds + excluded.rounds, deposits = figures_daily.deposits + excluded.deposits,
 deposit_count = figures_daily.deposit_count + excluded.deposit_count, withdrawals = figures_daily.withdrawals + excluded.withdrawals,
 withdrawal_count = figures_daily.withdrawal_count + excluded.withdrawal_count`

// BenchRounds adds day's rows of the rounds in rows: r(member_id,
// category, bet, valid_bet, win) of vendor BENCH.
func BenchRounds(ctx context.Context, tx *db.Tx, rows, day, currency string) error {
	_, err := tx.ExecContext(ctx, rows+fmt.Sprintf(`INSERT INTO figures_daily (member_id, day, currency, category, vendor, bets, valid_bets, wins, rounds)
 SELECT member_id, '%s', '%s', category, 'BENCH', SUM(bet), SUM(valid_bet), SUM(win), COUNT(*) FROM r WHERE 1 = 1
 GROUP BY member_id, category`, day, currency)+benchUpsert)
	if err != nil {
		return fmt.Errorf("figures: bench rounds: %w", err)
	}
	return nil
}

// BenchCash adds day's rows of the credited deposits or paid withdrawals
// in rows: r(member_id, amount, counted), counted 1 for the rows to sum.
func BenchCash(ctx context.Context, tx *db.Tx, rows, day, currency string, withdrawals bool) error {
	cols := `deposits, deposit_count`
	if withdrawals {
		cols = `withdrawals, withdrawal_count`
	}
	_, err := tx.ExecContext(ctx, rows+fmt.Sprintf(`INSERT INTO figures_daily (member_id, day, currency, category, vendor, %s)
 SELECT member_id, '%s', '%s', '', '', SUM(amount), COUNT(*) FROM r WHERE counted = 1 GROUP BY member_id`, cols, day, currency)+benchUpsert)
	if err != nil {
		return fmt.Errorf("figures: bench cash: %w", err)
	}
	return nil
}
