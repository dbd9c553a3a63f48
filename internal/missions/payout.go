package missions

import (
	"context"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/jobs"
	"github.com/palaro/palaro/internal/rewards"
)

// PayoutJob pays the leaderboards' ended periods (job
// "missions.leaderboards.payout", every 5 minutes in the brand's zone),
// once the stream consumer holds every committed fact: each period that
// ended by the run's period end and is not paid yet.
func (s *Service) PayoutJob(zone jobs.Zone, caughtUp func(context.Context) error) jobs.Job {
	return jobs.Job{Name: "missions.leaderboards.payout", Schedule: jobs.EveryMinutes(5, zone), Run: func(ctx context.Context, per jobs.Period) error {
		if err := caughtUp(ctx); err != nil {
			return err
		}
		_, err := s.PayEnded(ctx, per.End)
		return err
	}}
}

// PayEnded pays every board period with scores that ended at or before
// cutoff and is not paid; it tells how many periods it paid.
func (s *Service) PayEnded(ctx context.Context, cutoff time.Time) (int, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT DISTINCT s.board_id, s.period_key FROM leaderboard_score s
		WHERE NOT EXISTS (SELECT 1 FROM leaderboard_payout p WHERE p.board_id = s.board_id AND p.period_key = s.period_key)
		ORDER BY s.board_id, s.period_key`)
	if err != nil {
		return 0, apperr.Internal(err, "select unpaid periods")
	}
	type due struct {
		board int64
		key   string
	}
	var dues []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.board, &d.key); err != nil {
			rows.Close()
			return 0, err
		}
		dues = append(dues, d)
	}
	rows.Close()
	loc := s.brands.Location(ctx)
	paid := 0
	for _, d := range dues {
		b, err := s.Board(ctx, d.board)
		if err != nil {
			return paid, err
		}
		_, end, ok := PeriodByKey(b.Period, d.key, loc)
		if !ok || end.After(cutoff) {
			continue
		}
		n, err := s.Pay(ctx, b, d.key, end)
		if err != nil {
			return paid, fmt.Errorf("missions: pay board %d period %s: %w", b.ID, d.key, err)
		}
		if n >= 0 {
			paid++
		}
	}
	return paid, nil
}

// Pay pays board b's period key (ended at end) in one transaction: the
// payout row is claimed first (a second run, here or on another instance,
// finds it and pays nothing: -1), then each paid place gets a CASH reward
// keyed leaderboard:<board>:<period>:<member>. It tells how many places it
// paid.
func (s *Service) Pay(ctx context.Context, b Board, key string, end time.Time) (int, error) {
	currency := ""
	if c, err := s.brands.Current(ctx); err == nil {
		currency = c.Currency.Code
	} else {
		return 0, err
	}
	now := s.clock.Now()
	winners := -1
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		winners = -1
		res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO leaderboard_payout (board_id, period_key, paid_at) VALUES (?, ?, ?)
			ON CONFLICT (board_id, period_key) DO NOTHING`), b.ID, key, now.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil // paid already
		}
		rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT member_id FROM leaderboard_score WHERE board_id = ? AND period_key = ? AND score > 0
			ORDER BY score DESC, reached_at, member_id LIMIT ?`), b.ID, key, len(b.Prizes))
		if err != nil {
			return err
		}
		var ids []int64
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return err
			}
			ids = append(ids, id)
		}
		rows.Close()
		claimBy := end.AddDate(0, 0, ClaimDays)
		if !claimBy.After(now) {
			claimBy = now.AddDate(0, 0, ClaimDays)
		}
		var total int64
		for i, id := range ids {
			prize := b.Prizes[i]
			if prize <= 0 {
				continue
			}
			place := itoa(int64(i + 1))
			err := rewards.IssueTx(ctx, tx, rewards.Issue{Key: "leaderboard:" + itoa(b.ID) + ":" + key + ":" + itoa(id), MemberID: id, Currency: currency,
				Source: SourceLeaderboard, TitleEN: b.TitleEN + " #" + place + " (" + key + ")", TitleTY: title(b.TitleEN, b.TitleTY, "TY") + " #" + place + " (" + key + ")",
				Amount: prize, Kind: rewards.KindCash, ClaimBy: claimBy}, now)
			if err != nil {
				return err
			}
			total += prize
		}
		winners = len(ids)
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE leaderboard_payout SET winners = ?, total = ? WHERE board_id = ? AND period_key = ?`),
			winners, total, b.ID, key)
		return err
	})
	if err == nil && winners >= 0 {
		s.logger.InfoContext(ctx, "leaderboard paid", "board", b.ID, "period", key, "winners", winners)
	}
	return winners, err
}
