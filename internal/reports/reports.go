// Package reports keeps the brand-wide daily rows the operator console's
// dashboard and reports read (docs/reports.md): settled rounds per day,
// category, vendor and game; money in and out, first deposits and
// registrations per day. It is the activity stream's consumer
// "reports.daily": it changes only by applying stream events, so a replay
// rebuilds it. Per-member sums (active players, rankings) come from the
// daily figures (internal/figures).
package reports

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/platform/db"
)

// Name is the consumer's name (its cursor and lease in the stream).
const Name = "reports.daily"

// Consumer applies stream events to the report rows.
type Consumer struct {
	db  *db.DB
	loc func(context.Context) *time.Location
}

var _ activity.Consumer = (*Consumer)(nil)

// NewConsumer: loc is the brand's time zone (brand.Service.Location).
func NewConsumer(d *db.DB, loc func(context.Context) *time.Location) *Consumer {
	return &Consumer{db: d, loc: loc}
}

func (c *Consumer) Name() string { return Name }

func location(ctx context.Context, loc func(context.Context) *time.Location) *time.Location {
	if loc != nil {
		if l := loc(ctx); l != nil {
			return l
		}
	}
	return time.UTC
}

type gameKey struct{ day, currency, category, vendor, game string }

type gameSums struct{ bets, validBets, wins, rounds int64 }

type cashKey struct{ day, currency string }

type cashSums struct {
	registrations, firstDeposits, firstDepositAmount     int64
	deposits, depositCount, withdrawals, withdrawalCount int64
	adjustments, bonus                                   int64
}

func (s *cashSums) values() []any {
	return []any{s.registrations, s.firstDeposits, s.firstDepositAmount, s.deposits, s.depositCount,
		s.withdrawals, s.withdrawalCount, s.adjustments, s.bonus}
}

const cashCols = `registrations, first_deposits, first_deposit_amount, deposits, deposit_count, withdrawals, withdrawal_count, adjustments, bonus`

// Apply sums a batch per row, then writes each table with one multi-row
// upsert per chunk; first deposits are decided by the insert into
// report_first_deposit taking, in stream order.
func (c *Consumer) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	loc := location(ctx, c.loc)
	games := map[gameKey]*gameSums{}
	cash := map[cashKey]*cashSums{}
	cashRow := func(k cashKey) *cashSums {
		s := cash[k]
		if s == nil {
			s = &cashSums{}
			cash[k] = s
		}
		return s
	}
	var played []memberDay
	seen := map[memberDay]bool{}
	for _, e := range events {
		day := figures.DayOf(e.At, loc)
		switch e.Kind {
		case activity.RoundSettled, activity.RoundCancelled:
			rounds := int64(1)
			if e.Kind == activity.RoundCancelled {
				if e.Detail != "rollback" { // cancelled while open: it counted nothing
					continue
				}
				rounds = -1 // the amounts come negated
			}
			if md := (memberDay{e.MemberID, day}); e.MemberID != 0 && !seen[md] {
				seen[md] = true
				played = append(played, md)
			}
			k := gameKey{day, e.Currency, e.Category, e.Vendor, e.Game}
			s := games[k]
			if s == nil {
				s = &gameSums{}
				games[k] = s
			}
			s.bets += e.Amount
			s.validBets += e.ValidBet
			s.wins += e.Win
			s.rounds += rounds
		case activity.DepositCredited:
			s := cashRow(cashKey{day, e.Currency})
			s.deposits += e.Amount
			s.depositCount++
			first, err := firstDeposit(ctx, tx, e, day)
			if err != nil {
				return err
			}
			if first {
				s.firstDeposits++
				s.firstDepositAmount += e.Amount
			}
		case activity.WithdrawalPaid:
			s := cashRow(cashKey{day, e.Currency})
			s.withdrawals += e.Amount
			s.withdrawalCount++
		case activity.Adjustment:
			cashRow(cashKey{day, e.Currency}).adjustments += e.Amount
		case activity.BonusGranted:
			// A bonus grant's own fact (key "bonus:<grant>") is bonus money,
			// not yet paid: it costs what it converts (bonus.converted).
			// The others are CASH rewards paid into main at their claim.
			if !strings.HasPrefix(e.Key, "bonus:") {
				cashRow(cashKey{day, e.Currency}).bonus += e.Amount
			}
		case activity.BonusConverted:
			cashRow(cashKey{day, e.Currency}).bonus += e.Amount
		case activity.Registered:
			if e.Detail != "trial" && e.MemberID != 0 {
				cashRow(cashKey{day, e.Currency}).registrations++
			}
		}
	}
	if err := upsertGames(ctx, tx, games); err != nil {
		return err
	}
	if err := applyActive(ctx, tx, played); err != nil {
		return err
	}
	return upsertCash(ctx, tx, cash)
}

type memberDay struct {
	member int64
	day    string
}

type activeKey struct{ day, prev string }

// applyActive records each member's new active days and keeps
// report_active_daily's counts of (day, the member's active day before it).
// A day that lands between two known ones (a late round) moves the next
// day's count from (next, prev) to (next, day).
func applyActive(ctx context.Context, tx *db.Tx, played []memberDay) error {
	delta := map[activeKey]int64{}
	for _, md := range played {
		res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO report_member_day (member_id, day) VALUES (?, ?) ON CONFLICT (member_id, day) DO NOTHING`),
			md.member, md.day)
		if err != nil {
			return fmt.Errorf("reports: member day: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			continue
		}
		var prev, next string
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT
 COALESCE((SELECT MAX(day) FROM report_member_day WHERE member_id = ? AND day < ?), ''),
 COALESCE((SELECT MIN(day) FROM report_member_day WHERE member_id = ? AND day > ?), '')`),
			md.member, md.day, md.member, md.day).Scan(&prev, &next); err != nil {
			return fmt.Errorf("reports: member days around: %w", err)
		}
		delta[activeKey{md.day, prev}]++
		if next != "" {
			delta[activeKey{next, prev}]--
			delta[activeKey{next, md.day}]++
		}
	}
	keys := make([]activeKey, 0, len(delta))
	for k, n := range delta {
		if n != 0 {
			keys = append(keys, k)
		}
	}
	slices.SortFunc(keys, func(a, b activeKey) int {
		return cmp.Or(strings.Compare(a.day, b.day), strings.Compare(a.prev, b.prev))
	})
	for start := 0; start < len(keys); start += upsertChunk {
		chunk := keys[start:min(start+upsertChunk, len(keys))]
		var q strings.Builder
		q.WriteString(`INSERT INTO report_active_daily (day, prev_day, members) VALUES `)
		args := make([]any, 0, len(chunk)*3)
		for i, k := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?)")
			args = append(args, k.day, k.prev, delta[k])
		}
		q.WriteString(` ON CONFLICT (day, prev_day) DO UPDATE SET members = report_active_daily.members + excluded.members`)
		if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("reports: active upsert: %w", err)
		}
	}
	return nil
}

// activePlayers counts the distinct members with a settled round in [first, last].
func activePlayers(ctx context.Context, d *db.DB, first, last string) (int64, error) {
	var n int64
	err := d.QueryRowContext(ctx, d.Rebind(`SELECT COALESCE(SUM(members), 0) FROM report_active_daily
 WHERE day >= ? AND day <= ? AND prev_day < ?`), first, last, first).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("reports: active players: %w", err)
	}
	return n, nil
}

// activePlayersByDay is activePlayers of each day of [first, last] that had any.
func activePlayersByDay(ctx context.Context, d *db.DB, first, last string) (map[string]int64, error) {
	rows, err := d.QueryContext(ctx, d.Rebind(`SELECT day, SUM(members) FROM report_active_daily
 WHERE day >= ? AND day <= ? GROUP BY day`), first, last)
	if err != nil {
		return nil, fmt.Errorf("reports: active players by day: %w", err)
	}
	defer rows.Close()
	out := map[string]int64{}
	for rows.Next() {
		var day string
		var n int64
		if err := rows.Scan(&day, &n); err != nil {
			return nil, err
		}
		if n != 0 {
			out[day] = n
		}
	}
	return out, rows.Err()
}

func firstDeposit(ctx context.Context, tx *db.Tx, e activity.Event, day string) (bool, error) {
	if e.MemberID == 0 {
		return false, nil
	}
	res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO report_first_deposit (member_id, day, currency, amount)
 VALUES (?, ?, ?, ?) ON CONFLICT (member_id) DO NOTHING`), e.MemberID, day, e.Currency, e.Amount)
	if err != nil {
		return false, fmt.Errorf("reports: first deposit: %w", err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// upsertChunk bounds the rows of one statement.
const upsertChunk = 200

func upsertGames(ctx context.Context, tx *db.Tx, rows map[gameKey]*gameSums) error {
	keys := make([]gameKey, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b gameKey) int { // one order for every writer
		return cmp.Or(strings.Compare(a.day, b.day), strings.Compare(a.currency, b.currency), strings.Compare(a.category, b.category),
			strings.Compare(a.vendor, b.vendor), strings.Compare(a.game, b.game))
	})
	for start := 0; start < len(keys); start += upsertChunk {
		chunk := keys[start:min(start+upsertChunk, len(keys))]
		var q strings.Builder
		q.WriteString(`INSERT INTO report_games_daily (day, currency, category, vendor, game, bets, valid_bets, wins, rounds) VALUES `)
		args := make([]any, 0, len(chunk)*9)
		for i, k := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?)")
			s := rows[k]
			args = append(args, k.day, k.currency, k.category, k.vendor, k.game, s.bets, s.validBets, s.wins, s.rounds)
		}
		q.WriteString(` ON CONFLICT (day, currency, category, vendor, game) DO UPDATE SET bets = report_games_daily.bets + excluded.bets,
 valid_bets = report_games_daily.valid_bets + excluded.valid_bets, wins = report_games_daily.wins + excluded.wins,
 rounds = report_games_daily.rounds + excluded.rounds`)
		if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("reports: games upsert: %w", err)
		}
	}
	return nil
}

func upsertCash(ctx context.Context, tx *db.Tx, rows map[cashKey]*cashSums) error {
	keys := make([]cashKey, 0, len(rows))
	for k := range rows {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b cashKey) int {
		return cmp.Or(strings.Compare(a.day, b.day), strings.Compare(a.currency, b.currency))
	})
	var set strings.Builder
	for i, col := range strings.Split(cashCols, ", ") {
		if i > 0 {
			set.WriteString(", ")
		}
		fmt.Fprintf(&set, "%s = report_cash_daily.%s + excluded.%s", col, col, col)
	}
	for start := 0; start < len(keys); start += upsertChunk {
		chunk := keys[start:min(start+upsertChunk, len(keys))]
		var q strings.Builder
		q.WriteString(`INSERT INTO report_cash_daily (day, currency, ` + cashCols + `) VALUES `)
		args := make([]any, 0, len(chunk)*11)
		for i, k := range chunk {
			if i > 0 {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")
			args = append(args, k.day, k.currency)
			args = append(args, rows[k].values()...)
		}
		q.WriteString(` ON CONFLICT (day, currency) DO UPDATE SET ` + set.String())
		if _, err := tx.ExecContext(ctx, tx.Rebind(q.String()), args...); err != nil {
			return fmt.Errorf("reports: cash upsert: %w", err)
		}
	}
	return nil
}

// Reset forgets every row before a replay.
func (c *Consumer) Reset(ctx context.Context, tx *db.Tx) error {
	for _, t := range []string{"report_games_daily", "report_cash_daily", "report_first_deposit", "report_member_day", "report_active_daily"} {
		if _, err := tx.ExecContext(ctx, `DELETE FROM `+t); err != nil {
			return fmt.Errorf("reports: reset %s: %w", t, err)
		}
	}
	return nil
}
