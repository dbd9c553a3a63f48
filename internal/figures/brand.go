package figures

import (
	"context"
	"fmt"
)

// Brand-wide reads of the rows (internal/reports asks them): who was
// active, and members ranked by their sums. Days are YYYY-MM-DD in the
// brand's time zone, both ends included; as of the rows (the consumer's
// lag, about a second, is not added as Totals adds it).

// ActivePlayers counts the members with a round row on the days
// [first, last]: the distinct members, read from the index (day,
// member_id, category) alone.
func (f *Figures) ActivePlayers(ctx context.Context, first, last string) (int64, error) {
	var n int64
	err := f.db.QueryRowContext(ctx, f.db.Rebind(`SELECT COUNT(DISTINCT member_id) FROM figures_daily
 WHERE day >= ? AND day <= ? AND category <> ''`), first, last).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("figures: active players: %w", err)
	}
	return n, nil
}

// ActivePlayersByDay is ActivePlayers of each day of [first, last] that had any.
func (f *Figures) ActivePlayersByDay(ctx context.Context, first, last string) (map[string]int64, error) {
	rows, err := f.db.QueryContext(ctx, f.db.Rebind(`SELECT day, COUNT(DISTINCT member_id) FROM figures_daily
 WHERE day >= ? AND day <= ? AND category <> '' GROUP BY day`), first, last)
	if err != nil {
		return nil, fmt.Errorf("figures: active players by day: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var day string
		var n int64
		if err := rows.Scan(&day, &n); err != nil {
			return nil, err
		}
		out[day] = n
	}
	return out, rows.Err()
}

// Rank orders members in MemberRanking.
type Rank string

const (
	RankProfit   Rank = "pnl"      // the house's result from the member: bets - wins
	RankDeposits Rank = "deposits" // credited deposits
	RankTurnover Rank = "turnover" // bets of settled rounds
)

var rankExpr = map[Rank]string{
	RankProfit:   "SUM(bets) - SUM(wins)",
	RankDeposits: "SUM(deposits)",
	RankTurnover: "SUM(bets)",
}

// MemberSums is one member's sums over the days of a ranking.
type MemberSums struct {
	MemberID int64
	Sums
}

// MemberRanking lists members by rank, highest first (ties by member id),
// over the days [first, last] in currency: offset and limit page it, and
// total counts the members with any row.
func (f *Figures) MemberRanking(ctx context.Context, currency, first, last string, rank Rank, offset, limit int) ([]MemberSums, int64, error) {
	expr, ok := rankExpr[rank]
	if !ok {
		return nil, 0, fmt.Errorf("figures: unknown rank %q", rank)
	}
	var total int64
	if err := f.db.QueryRowContext(ctx, f.db.Rebind(`SELECT COUNT(DISTINCT member_id) FROM figures_daily
 WHERE day >= ? AND day <= ? AND currency = ?`), first, last, currency).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("figures: ranking count: %w", err)
	}
	rows, err := f.db.QueryContext(ctx, f.db.Rebind(`SELECT member_id, `+coalesced("", "SUM")+` FROM figures_daily
 WHERE day >= ? AND day <= ? AND currency = ? GROUP BY member_id ORDER BY `+expr+` DESC, member_id LIMIT ? OFFSET ?`),
		first, last, currency, limit, offset)
	if err != nil {
		return nil, 0, fmt.Errorf("figures: ranking: %w", err)
	}
	defer rows.Close()
	var out []MemberSums
	for rows.Next() {
		var m MemberSums
		if err := rows.Scan(append([]any{&m.MemberID}, m.Sums.ptrs()...)...); err != nil {
			return nil, 0, err
		}
		out = append(out, m)
	}
	return out, total, rows.Err()
}

// PlaySums is every member's bets, valid bets and wins over the days
// [first, last] in one currency, for members with any (the agents'
// settlements sum them per team). It reads the rows only: the caller waits
// for the consumer to catch up first.
func (f *Figures) PlaySums(ctx context.Context, currency, first, last string) (map[int64]Sums, error) {
	rows, err := f.db.QueryContext(ctx, f.db.Rebind(`SELECT member_id, COALESCE(SUM(bets), 0), COALESCE(SUM(valid_bets), 0), COALESCE(SUM(wins), 0)
 FROM figures_daily WHERE day >= ? AND day <= ? AND currency = ? GROUP BY member_id
 HAVING SUM(bets) <> 0 OR SUM(valid_bets) <> 0 OR SUM(wins) <> 0`), first, last, currency)
	if err != nil {
		return nil, fmt.Errorf("figures: play sums: %w", err)
	}
	defer rows.Close()
	out := map[int64]Sums{}
	for rows.Next() {
		var m int64
		var s Sums
		if err := rows.Scan(&m, &s.Bets, &s.ValidBets, &s.Wins); err != nil {
			return nil, fmt.Errorf("figures: play sums: %w", err)
		}
		out[m] = s
	}
	return out, rows.Err()
}

// EachCategorySum calls fn with every member's valid bets per category over
// the days [first, last] in one currency, members in ascending order, for
// the rows with any (the daily rebate pays them by category). It reads the
// rows only: the caller waits for the consumer to catch up first.
func (f *Figures) EachCategorySum(ctx context.Context, currency, first, last string, fn func(member int64, category string, validBets int64) error) error {
	rows, err := f.db.QueryContext(ctx, f.db.Rebind(`SELECT member_id, category, SUM(valid_bets) FROM figures_daily
 WHERE day >= ? AND day <= ? AND currency = ? GROUP BY member_id, category HAVING SUM(valid_bets) > 0 ORDER BY member_id, category`), first, last, currency)
	if err != nil {
		return fmt.Errorf("figures: category sums: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var m, v int64
		var c string
		if err := rows.Scan(&m, &c, &v); err != nil {
			return fmt.Errorf("figures: category sums: %w", err)
		}
		if err := fn(m, c, v); err != nil {
			return err
		}
	}
	return rows.Err()
}

// EachCategoryNetLoss calls fn with every member's net loss (settled bets
// minus wins) per game category over the days [first, last] in one
// currency, members in ascending order, for the rows with a category (the
// promotions' cashback pays a rate of the losses). It reads the rows only:
// the caller waits for the consumer to catch up first.
func (f *Figures) EachCategoryNetLoss(ctx context.Context, currency, first, last string, fn func(member int64, category string, netLoss int64) error) error {
	rows, err := f.db.QueryContext(ctx, f.db.Rebind(`SELECT member_id, category, SUM(bets) - SUM(wins) FROM figures_daily
 WHERE day >= ? AND day <= ? AND currency = ? AND category <> '' GROUP BY member_id, category ORDER BY member_id, category`), first, last, currency)
	if err != nil {
		return fmt.Errorf("figures: category net loss: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var m, v int64
		var c string
		if err := rows.Scan(&m, &c, &v); err != nil {
			return fmt.Errorf("figures: category net loss: %w", err)
		}
		if err := fn(m, c, v); err != nil {
			return err
		}
	}
	return rows.Err()
}
