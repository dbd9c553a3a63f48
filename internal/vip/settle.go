package vip

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/jobs"
	"github.com/palaro/palaro/internal/rewards"
)

// Figures is each member's valid bets per category over days (the daily
// figures, ordered by member), and a wait until they hold every committed
// fact.
type Figures interface {
	EachCategorySum(ctx context.Context, currency, first, last string, fn func(member int64, category string, validBets int64) error) error
	CaughtUp(ctx context.Context) error
}

// issueBatch is how many rewards one IssueMany call writes.
const issueBatch = 10_000

// Jobs are the club's settlements: "vip.weekly" after each week (Monday to
// Sunday, the brand's zone) and "vip.monthly" after each month.
func (s *Service) Jobs(zone jobs.Zone, figs Figures) []jobs.Job {
	days := func(ctx context.Context, p jobs.Period) (string, string) {
		l := zone(ctx)
		return p.Start.In(l).Format(time.DateOnly), p.End.In(l).AddDate(0, 0, -1).Format(time.DateOnly)
	}
	return []jobs.Job{
		{Name: "vip.weekly", Schedule: jobs.Weekly(zone), Run: func(ctx context.Context, p jobs.Period) error {
			first, last := days(ctx, p)
			_, err := s.SettleWeek(ctx, figs, p.ID, first, last)
			return err
		}},
		{Name: "vip.monthly", Schedule: jobs.Monthly(zone), Run: func(ctx context.Context, p jobs.Period) error {
			first, last := days(ctx, p)
			_, err := s.SettleMonth(ctx, figs, p.ID, first, last, p.Start)
			return err
		}},
	}
}

// Settlement tells what a settlement did.
type Settlement struct {
	Members int // members with valid bets in the period
	Issued  int // rewards written
	Dropped int // members dropped one level by the keep rule
}

// standing is the level table of the members who have one, by member id.
type standing struct {
	ids    []int64
	levels []int8
	since  []int64
}

// standings reads the members above level 1 and those the keep rule
// dropped in month (since -1: settled for the month already).
func (s *Service) standings(ctx context.Context, month string) (standing, error) {
	var st standing
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT member_id, level, CASE WHEN kept_month = ? THEN -1 ELSE level_since END FROM vip_member
		WHERE level > 1 OR kept_month = ? ORDER BY member_id`), month, month)
	if err != nil {
		return st, err
	}
	defer rows.Close()
	for rows.Next() {
		var id, since int64
		var l int
		if err := rows.Scan(&id, &l, &since); err != nil {
			return st, err
		}
		st.ids, st.levels, st.since = append(st.ids, id), append(st.levels, int8(l)), append(st.since, since)
	}
	return st, rows.Err()
}

// eachMember walks the period's members with valid bets (ordered by id)
// with their level (1 when the member has no standing); after the last it
// calls done with every member of a standing above 1 that had no valid
// bets.
func (s *Service) eachMember(ctx context.Context, figs Figures, currency, first, last string, st standing,
	fn func(member int64, level int, since, bets int64) error, idle func(member int64, level int, since int64) error) (int, error) {
	i, count := 0, 0
	cur, sum := int64(0), int64(0)
	emit := func() error {
		if cur == 0 {
			return nil
		}
		for i < len(st.ids) && st.ids[i] < cur {
			if idle != nil {
				if err := idle(st.ids[i], int(st.levels[i]), st.since[i]); err != nil {
					return err
				}
			}
			i++
		}
		level, since := 1, int64(0)
		if i < len(st.ids) && st.ids[i] == cur {
			level, since = int(st.levels[i]), st.since[i]
			i++
		}
		count++
		return fn(cur, level, since, sum)
	}
	err := figs.EachCategorySum(ctx, currency, first, last, func(m int64, _ string, v int64) error {
		if m != cur {
			if err := emit(); err != nil {
				return err
			}
			cur, sum = m, 0
		}
		sum += v
		return nil
	})
	if err == nil {
		err = emit()
	}
	for ; err == nil && i < len(st.ids); i++ {
		if idle != nil {
			err = idle(st.ids[i], int(st.levels[i]), st.since[i])
		}
	}
	return count, err
}

// SettleWeek issues the weekly reward of week (its id, e.g. 2026-W48;
// days first..last): every member with valid bets that week gets their
// level's weekly reward (key vip:week:<member>:<week>), when the level has
// one.
func (s *Service) SettleWeek(ctx context.Context, figs Figures, week, first, last string) (Settlement, error) {
	return s.settle(ctx, figs, "vip:week:", week, first, last, time.Time{})
}

// SettleMonth settles month (e.g. 2026-11; days first..last; it began at
// start): a member whose valid bets of the month reach their level's
// KeepValidBets is issued the level's monthly reward (key
// vip:month:<member>:<month>); a member above level 1 who fell short
// (none played counts as 0), and held the level since before the month,
// drops one level, their accumulated valid bets set to the new level's
// threshold. Each member drops at most once per month (kept_month).
func (s *Service) SettleMonth(ctx context.Context, figs Figures, month, first, last string, start time.Time) (Settlement, error) {
	return s.settle(ctx, figs, "vip:month:", month, first, last, start)
}

func (s *Service) settle(ctx context.Context, figs Figures, prefix, period, first, last string, monthStart time.Time) (Settlement, error) {
	var out Settlement
	b, ls, on, err := s.on(ctx)
	if err != nil || !on {
		return out, err
	}
	if err := figs.CaughtUp(ctx); err != nil {
		return out, err
	}
	st, err := s.standings(ctx, period)
	if err != nil {
		return out, fmt.Errorf("vip: standings: %w", err)
	}
	monthly := !monthStart.IsZero()
	now := s.clock.Now()
	by := claimBy(b, now)
	titleEN, titleTY, source := "VIP weekly reward "+period, "Lingguhang VIP reward "+period, SourceWeekly
	if monthly {
		titleEN, titleTY, source = "VIP monthly reward "+period, "Buwanang VIP reward "+period, SourceMonthly
	}
	var batch []rewards.Issue
	flush := func() error {
		if len(batch) == 0 {
			return nil
		}
		n, err := s.rewards.IssueMany(ctx, batch)
		out.Issued += n
		batch = batch[:0]
		return err
	}
	drops := map[int][]int64{} // level held -> members dropping from it
	dropped := 0
	flushDrops := func() error {
		for level, ids := range drops {
			n, err := s.drop(ctx, ls, level, ids, period, now)
			if err != nil {
				return err
			}
			out.Dropped += n
		}
		clear(drops)
		dropped = 0
		return nil
	}
	keep := func(member int64, level int, since int64) error {
		if level <= 1 || since < 0 || since >= monthStart.UnixMilli() {
			return nil
		}
		drops[level] = append(drops[level], member)
		if dropped++; dropped >= issueBatch {
			return flushDrops()
		}
		return nil
	}
	out.Members, err = s.eachMember(ctx, figs, b.Currency.Code, first, last, st, func(m int64, level int, since, bets int64) error {
		if monthly && since < 0 {
			return nil // dropped by this month's run before
		}
		l := ls.At(level)
		amount := l.WeeklyReward
		if monthly {
			amount = 0
			if bets >= l.KeepValidBets {
				amount = l.MonthlyReward
			} else if err := keep(m, level, since); err != nil {
				return err
			}
		}
		if amount <= 0 || bets <= 0 {
			return nil
		}
		batch = append(batch, rewards.Issue{Key: prefix + strconv.FormatInt(m, 10) + ":" + period, MemberID: m, Currency: b.Currency.Code, Source: source,
			TitleEN: titleEN, TitleTY: titleTY, Amount: amount, Kind: rewards.KindCash, ClaimBy: by})
		if len(batch) >= issueBatch {
			return flush()
		}
		return nil
	}, func(m int64, level int, since int64) error {
		if !monthly || ls.At(level).KeepValidBets <= 0 {
			return nil
		}
		return keep(m, level, since)
	})
	if err == nil {
		err = flush()
	}
	if err == nil {
		err = flushDrops()
	}
	if err != nil {
		return out, fmt.Errorf("vip: settle %s: %w", period, err)
	}
	s.logger.InfoContext(ctx, "vip settled", "period", period, "members", out.Members, "rewards", out.Issued, "dropped", out.Dropped)
	return out, nil
}

// dropChunk bounds the ids of one statement.
const dropChunk = 500

// drop moves members from level to level-1 (their accumulated valid bets
// set to its threshold), once per month, and records the changes.
func (s *Service) drop(ctx context.Context, ls Levels, level int, ids []int64, month string, now time.Time) (int, error) {
	slices.Sort(ids)
	to := ls.At(level - 1)
	total := 0
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		total = 0
		for lo := 0; lo < len(ids); lo += dropChunk {
			part := ids[lo:min(lo+dropChunk, len(ids))]
			marks := strings.Repeat(", ?", len(part))[2:]
			args := []any{to.Level, to.MinValidBets, month, now.UnixMilli()}
			for _, id := range part {
				args = append(args, id)
			}
			args = append(args, level, month)
			rows, err := tx.QueryContext(ctx, tx.Rebind(`UPDATE vip_member SET level = ?, valid_bets = ?, kept_month = ?, updated_at = ?
				WHERE member_id IN (`+marks+`) AND level = ? AND kept_month < ? RETURNING member_id`), args...)
			if err != nil {
				return err
			}
			var moved []int64
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					rows.Close()
					return err
				}
				moved = append(moved, id)
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return err
			}
			if len(moved) == 0 {
				continue
			}
			total += len(moved)
			vals := strings.Repeat(", (?, ?, ?, 'KEEP', ?)", len(moved))[2:]
			args = args[:0]
			for _, id := range moved {
				args = append(args, id, level, to.Level, now.UnixMilli())
			}
			if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO vip_change (member_id, from_level, to_level, reason, at) VALUES `+vals), args...); err != nil {
				return err
			}
		}
		return nil
	})
	return total, err
}
