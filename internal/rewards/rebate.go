package rewards

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/jobs"
)

// SourceRebate is the daily rebate's rewards.
const SourceRebate = "REBATE"

// RebateFigures is each member's valid bets per category over days (the
// daily figures), and a wait until they hold every committed fact.
type RebateFigures interface {
	EachCategorySum(ctx context.Context, currency, first, last string, fn func(member int64, category string, validBets int64) error) error
	CaughtUp(ctx context.Context) error
}

// rebateBatch is how many rewards one statement issues; a transaction
// holds rebateStatements of them (fewer commits: each waits on the disk;
// on SQLite, where a transaction holds the one write turn, fewer rows).
const rebateBatch = 500

func rebateStatements(d db.Dialect) int {
	if d == db.Postgres {
		return 20
	}
	return 4
}

// RebateJob is the daily rebate (brand rewards.rebate): at its time of day
// (the brand's zone) the day before is paid, each member's valid bets per
// category times the category's rate, as a CASH reward keyed
// rebate:<member>:<day> (a rerun issues nothing twice) when it reaches the
// minimum.
func (s *Service) RebateJob(zone jobs.Zone, figs RebateFigures) jobs.Job {
	at := func(ctx context.Context) time.Duration {
		b, err := s.brands.Current(ctx)
		if err != nil {
			return brand.Rebate{}.AtTime()
		}
		return b.Rewards.Rebate.AtTime()
	}
	return jobs.Job{Name: "rewards.rebate.daily", Schedule: jobs.DailyAt(at, zone), Run: func(ctx context.Context, per jobs.Period) error {
		_, err := s.IssueRebates(ctx, figs, per.Start.In(zone(ctx)).Format(time.DateOnly), per.Start)
		return err
	}}
}

// IssueRebates issues the daily rebate of day (YYYY-MM-DD, starting at
// dayStart) and tells how many rewards it wrote.
func (s *Service) IssueRebates(ctx context.Context, figs RebateFigures, day string, dayStart time.Time) (int, error) {
	b, err := s.brands.Current(ctx)
	if err != nil {
		return 0, err
	}
	r := b.Rewards.Rebate
	if len(r.Rates) == 0 || dayStart.UnixMilli() < r.StartsAt {
		return 0, nil
	}
	if err := figs.CaughtUp(ctx); err != nil {
		return 0, err
	}
	now := s.clock.Now()
	claimBy := now.Add(time.Duration(r.ClaimDays) * 24 * time.Hour)
	titleEN, titleTY := "Daily rebate "+day, "Araw-araw na rebate "+day
	cur := b.Currency.Code
	var batch []Issue
	written := 0
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		n, err := s.issueMany(ctx, batch, now)
		written += n
		batch = batch[:0]
		return err
	}
	member, amount := int64(0), int64(0)
	add := func() error {
		if member == 0 || amount < max(1, r.MinAmount) {
			return nil
		}
		batch = append(batch, Issue{Key: "rebate:" + strconv.FormatInt(member, 10) + ":" + day, MemberID: member, Currency: cur, Source: SourceRebate,
			TitleEN: titleEN, TitleTY: titleTY, Amount: amount, Kind: KindCash, ClaimBy: claimBy})
		if len(batch) >= rebateBatch*rebateStatements(s.db.Dialect) {
			return flush()
		}
		return nil
	}
	err = figs.EachCategorySum(ctx, cur, day, day, func(m int64, category string, validBets int64) error {
		if m != member {
			if err := add(); err != nil {
				return err
			}
			member, amount = m, 0
		}
		amount += validBets * r.Rates[category] / 10000
		return nil
	})
	if err == nil {
		err = add()
	}
	if err == nil {
		err = flush()
	}
	if err != nil {
		return written, fmt.Errorf("rewards: daily rebate of %s: %w", day, err)
	}
	s.logger.InfoContext(ctx, "daily rebate issued", "day", day, "rewards", written)
	return written, nil
}

// IssueMany stores CASH rewards that share currency, source, titles and
// claim-by (a settlement's), in batches; keys issued before add nothing. It
// tells how many rows it wrote.
func (s *Service) IssueMany(ctx context.Context, rs []Issue) (int, error) {
	if len(rs) == 0 {
		return 0, nil
	}
	now := s.clock.Now()
	f := rs[0]
	for _, r := range rs {
		if r.Key == "" || r.MemberID <= 0 || r.Amount <= 0 || r.Kind != KindCash || !r.ClaimBy.Equal(f.ClaimBy) || !r.ClaimBy.After(now) ||
			r.Currency != f.Currency || r.Source != f.Source || r.TitleEN != f.TitleEN || r.TitleTY != f.TitleTY {
			return 0, apperr.Invalid("reward.invalid_issue")
		}
	}
	written := 0
	step := rebateBatch * rebateStatements(s.db.Dialect)
	for lo := 0; lo < len(rs); lo += step {
		n, err := s.issueMany(ctx, rs[lo:min(lo+step, len(rs))], now)
		written += n
		if err != nil {
			return written, err
		}
	}
	return written, nil
}

// issueMany stores rewards that share everything but key, member and
// amount (a day's rebates) in one transaction, rebateBatch a statement;
// keys issued before add nothing. It tells how many rows it wrote.
func (s *Service) issueMany(ctx context.Context, rs []Issue, now time.Time) (int, error) {
	if s.db.Dialect == db.Postgres {
		return s.issueManyPG(ctx, rs, now)
	}
	var n int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		n = 0
		for start := 0; start < len(rs); start += rebateBatch {
			part := rs[start:min(start+rebateBatch, len(rs))]
			var sb strings.Builder
			sb.WriteString(`INSERT INTO reward (reward_key, member_id, currency, source, title_en, title_ty, amount, kind, wager_multiple, wager_required,
		max_bet, max_convert, valid_days, weights, status, issued_at, expires_at) VALUES `)
			args := make([]any, 0, len(part)*10)
			for i, r := range part {
				if i > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString(`(?, ?, ?, ?, ?, ?, ?, ?, 0, 0, 0, 0, 0, '{}', 'ISSUED', ?, ?)`)
				args = append(args, r.Key, r.MemberID, r.Currency, r.Source, r.TitleEN, r.TitleTY, r.Amount, r.Kind, now.UnixMilli(), r.ClaimBy.UnixMilli())
			}
			sb.WriteString(` ON CONFLICT (reward_key) DO NOTHING`)
			res, err := tx.ExecContext(ctx, tx.Rebind(sb.String()), args...)
			if err != nil {
				return err
			}
			k, err := res.RowsAffected()
			if err != nil {
				return err
			}
			n += k
		}
		return nil
	})
	return int(n), err
}

// issueManyPG is issueMany on PostgreSQL: one statement of a fixed text
// over arrays (planned once per connection, whatever the rows), the
// rewards' shared fields as scalars: the rebate's rewards differ only in
// key, member and amount.
func (s *Service) issueManyPG(ctx context.Context, rs []Issue, now time.Time) (int, error) {
	keys, members, amounts := make([]string, len(rs)), make([]int64, len(rs)), make([]int64, len(rs))
	for i, r := range rs {
		keys[i], members[i], amounts[i] = r.Key, r.MemberID, r.Amount
	}
	f := rs[0]
	var n int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO reward (reward_key, member_id, currency, source, title_en, title_ty, amount, kind, wager_multiple, wager_required,
		max_bet, max_convert, valid_days, weights, status, issued_at, expires_at)
		SELECT v.k, v.m, $4, $5, $6, $7, v.a, $8, 0, 0, 0, 0, 0, '{}', 'ISSUED', $9, $10
		FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS v(k, m, a)
		ON CONFLICT (reward_key) DO NOTHING`, keys, members, amounts, f.Currency, f.Source, f.TitleEN, f.TitleTY, f.Kind, now.UnixMilli(), f.ClaimBy.UnixMilli())
		if err != nil {
			return err
		}
		n, err = res.RowsAffected()
		return err
	})
	return int(n), err
}
