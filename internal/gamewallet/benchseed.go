package gamewallet

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Bench data only (`palaro bench seed-members`): settled rounds of vendor
// BENCH written straight into game_round by the database itself, one
// brand day per call. They move no money (no ledger postings, no facts):
// the daily figures and report rows the console reads are derived from
// the same rows by their own packages (BenchDay.Rows).

// BenchDay is one day of generated rounds. Round j of the day (0 ≤ j <
// Rounds) is played by member FirstMember + (Day·Stride + j mod Active)
// mod Members (Active players a day, a window sliding Stride members a
// day, so players come back on later days) on one of 50 games (two a
// player a day; SLOT, LIVE or FISH), at Start + j·Span/Rounds ms.
type BenchDay struct {
	Seq         int64 // round_id of the day's first round: r<Seq+j>
	Rounds      int
	Day         int // days before today
	Active      int
	Stride      int
	Members     int
	FirstMember int64
	Start, Span int64 // the day's first millisecond and its length (up to now for today)
}

// BenchGames is how many games the rounds are spread over.
const BenchGames = 50

// Rows is a WITH clause naming r(j, member_id, game, category, bet,
// valid_bet, win, at): the day's rounds, for the statement that follows it.
func (b BenchDay) Rows(dialect db.Dialect) string {
	g := fmt.Sprintf(`WITH RECURSIVE g(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM g WHERE j < %d)`, b.Rounds-1)
	if dialect == db.Postgres {
		g = fmt.Sprintf(`WITH g(j) AS (SELECT generate_series(0::bigint, %d::bigint))`, b.Rounds-1)
	}
	return g + fmt.Sprintf(`, r0(j, m, gm) AS (SELECT j, (%d * %d + j %% %d) %% %d, ((j %% %d) * 7 + %d + (j / %d) %% 2) %% %d FROM g),
 r(j, member_id, game, category, bet, valid_bet, win, at) AS (SELECT j, %d + m, 'bench-' || gm,
  CASE gm %% 5 WHEN 3 THEN 'LIVE' WHEN 4 THEN 'FISH' ELSE 'SLOT' END, 100 * (1 + j %% 5), 100 * (1 + j %% 5),
  CASE WHEN j %% 3 = 0 THEN 200 * (1 + j %% 5) + (j %% 7) * 10 ELSE 0 END, %d + j * %d / %d FROM r0) `,
		b.Day, b.Stride, b.Active, b.Members, b.Active, b.Day, b.Active, BenchGames,
		b.FirstMember, b.Start, b.Span, b.Rounds)
}

// BenchSeedRounds writes the day's rounds (status COMPLETED) in tx.
func BenchSeedRounds(ctx context.Context, tx *db.Tx, b BenchDay, currency string) error {
	q := b.Rows(tx.Dialect()) + fmt.Sprintf(`INSERT INTO game_round (vendor, round_id, member_id, node_id, game_code, game_type, currency,
 bet, valid_bet, win, wins, status, started_at, updated_at, ended_at)
 SELECT 'BENCH', 'r' || (%d + j), member_id, 0, game, category, '%s', bet, valid_bet, win, CASE WHEN win > 0 THEN 1 ELSE 0 END,
 'COMPLETED', at, at, at FROM r`, b.Seq, currency)
	if _, err := tx.ExecContext(ctx, q); err != nil {
		return apperr.Internal(err, "bench rounds")
	}
	return nil
}

// BenchRounds counts the generated rounds (the next day's Seq).
func BenchRounds(ctx context.Context, d *db.DB) (int64, error) {
	var n int64
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM game_round WHERE vendor = 'BENCH'`).Scan(&n); err != nil {
		return 0, apperr.Internal(err, "count bench rounds")
	}
	return n, nil
}
