package vip

import (
	"context"
	"slices"
	"strconv"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// Progress is the stream consumer "vip.progress": settled rounds' valid
// bets and credited deposits (in the brand's currency) add to each member's
// accumulated totals and, by category, to the valid bets waiting for the
// member's next bonus-bets claim; a member whose totals reach a higher
// level climbs to it and is issued the upgrade reward of every level
// climbed (key vip:up:<member>:<level>, so a level pays once per member).
// A rolled-back round takes its valid bet back from both totals; it never
// lowers the level (only the keep rule does).
type Progress struct{ s *Service }

// ProgressConsumer is the club's consumer.
func (s *Service) ProgressConsumer() *Progress { return &Progress{s} }

// Name implements activity.Consumer.
func (*Progress) Name() string { return "vip.progress" }

// Wants implements activity.Selective.
func (*Progress) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.RoundSettled, activity.RoundCancelled, activity.DepositCredited}}
}

// Reset implements activity.Consumer: totals and waiting bonus bets are
// derived again from the start; levels reached and rewards issued stay
// (their keys make a replay add nothing), claims stay.
func (*Progress) Reset(ctx context.Context, tx *db.Tx) error {
	for _, q := range []string{`UPDATE vip_member SET valid_bets = 0, deposits = 0`, `DELETE FROM vip_rebate_pending`} {
		if _, err := tx.ExecContext(ctx, q); err != nil {
			return err
		}
	}
	return nil
}

type memberDelta struct {
	bets, deposits int64
	byCategory     map[string]int64
}

// Apply implements activity.Consumer.
func (c *Progress) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	b, err := c.s.brands.Current(ctx)
	if err != nil {
		return err
	}
	deltas := map[int64]*memberDelta{}
	for _, e := range events {
		if e.MemberID <= 0 || e.Currency != b.Currency.Code {
			continue
		}
		d := deltas[e.MemberID]
		if d == nil {
			d = &memberDelta{byCategory: map[string]int64{}}
			deltas[e.MemberID] = d
		}
		switch {
		case e.Kind == activity.DepositCredited:
			d.deposits += e.Amount
		case e.Kind == activity.RoundSettled, e.Kind == activity.RoundCancelled && e.Detail == "rollback":
			d.bets += e.ValidBet
			if e.Category != "" && e.ValidBet != 0 {
				d.byCategory[e.Category] += e.ValidBet
			}
		}
	}
	if len(deltas) == 0 {
		return nil
	}
	levels, err := readLevels(ctx, tx.QueryContext)
	if err != nil {
		return err
	}
	members := make([]int64, 0, len(deltas))
	for m := range deltas {
		members = append(members, m)
	}
	slices.Sort(members) // one lock order for every writer
	now := c.s.clock.Now()
	by := claimBy(b, now)
	for _, m := range members {
		d := deltas[m]
		if d.bets == 0 && d.deposits == 0 {
			continue
		}
		var bets, deps int64
		var level int
		err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO vip_member (member_id, valid_bets, deposits, level, level_since, updated_at) VALUES (?, ?, ?, 1, ?, ?)
			ON CONFLICT (member_id) DO UPDATE SET valid_bets = vip_member.valid_bets + excluded.valid_bets, deposits = vip_member.deposits + excluded.deposits,
			updated_at = excluded.updated_at RETURNING valid_bets, deposits, level`), m, d.bets, d.deposits, now.UnixMilli(), now.UnixMilli()).Scan(&bets, &deps, &level)
		if err != nil {
			return err
		}
		cats := make([]string, 0, len(d.byCategory))
		for k := range d.byCategory {
			cats = append(cats, k)
		}
		slices.Sort(cats)
		for _, cat := range cats {
			_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO vip_rebate_pending (member_id, category, valid_bets) VALUES (?, ?, ?)
				ON CONFLICT (member_id, category) DO UPDATE SET valid_bets = vip_rebate_pending.valid_bets + excluded.valid_bets`), m, cat, d.byCategory[cat])
			if err != nil {
				return err
			}
		}
		reached := levels.Reached(bets, deps)
		if reached <= level {
			continue
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE vip_member SET level = ?, level_since = ? WHERE member_id = ?`), reached, now.UnixMilli(), m); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO vip_change (member_id, from_level, to_level, reason, at) VALUES (?, ?, ?, 'PLAY', ?)`),
			m, level, reached, now.UnixMilli()); err != nil {
			return err
		}
		for n := level + 1; n <= reached; n++ {
			l := levels.At(n)
			if l.UpgradeReward <= 0 {
				continue
			}
			err := rewards.IssueTx(ctx, tx, rewards.Issue{Key: "vip:up:" + strconv.FormatInt(m, 10) + ":" + strconv.Itoa(n), MemberID: m, Currency: b.Currency.Code,
				Source: SourceLevelUp, TitleEN: "VIP level-up reward: " + l.LabelName("EN"), TitleTY: "Reward sa pag-akyat sa VIP " + l.LabelName("TY"),
				Amount: l.UpgradeReward, Kind: rewards.KindCash, ClaimBy: by}, now)
			if err != nil {
				return err
			}
		}
	}
	return nil
}
