package missions

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// Name is the stream consumer's name.
const Name = "missions"

// Consumer is the stream consumer "missions": it counts each fact towards
// the missions and leaderboards live at the fact's time, in the period
// (brand zone) holding it, and issues a mission's reward in the same
// transaction as the progress that completes it.
type Consumer struct{ s *Service }

// Consumer is the service's stream consumer.
func (s *Service) Consumer() *Consumer { return &Consumer{s} }

// Name implements activity.Consumer.
func (*Consumer) Name() string { return Name }

// Wants implements activity.Selective.
func (*Consumer) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.RoundSettled, activity.RoundCancelled, activity.DepositCredited, activity.LoggedIn}}
}

// Reset implements activity.Consumer: progress and scores are counted
// again from the start; rewards issued and periods paid stay (their keys
// make a replay issue nothing twice).
func (*Consumer) Reset(ctx context.Context, tx *db.Tx) error {
	if _, err := tx.ExecContext(ctx, `DELETE FROM mission_progress`); err != nil {
		return err
	}
	_, err := tx.ExecContext(ctx, `DELETE FROM leaderboard_score`)
	return err
}

// Apply implements activity.Consumer.
func (c *Consumer) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	ms, err := missionsIn(ctx, tx, `WHERE status = ?`, StatusActive)
	if err != nil {
		return err
	}
	bs, err := boardsIn(ctx, tx, `WHERE status = ?`, StatusActive)
	if err != nil {
		return err
	}
	if len(ms) == 0 && len(bs) == 0 {
		return nil
	}
	loc := c.s.brands.Location(ctx)
	var weights map[string]int64 // a bonus reward counts play as the welcome bonus does
	currency := ""               // for facts that carry none (logins)
	if b, err := c.s.brands.Current(ctx); err == nil {
		weights, currency = b.Rewards.Welcome.Weights, b.Currency.Code
	}
	for _, e := range events {
		if e.MemberID <= 0 {
			continue
		}
		for _, m := range ms {
			if !live(m.Status, m.StartsAt, m.EndsAt, e.At) {
				continue
			}
			if d, ok := delta(m, e); ok {
				if e.Currency == "" {
					e.Currency = currency
				}
				if err := c.progress(ctx, tx, m, e, d, loc, weights); err != nil {
					return err
				}
			}
		}
		if e.Kind != activity.RoundSettled && !(e.Kind == activity.RoundCancelled && e.Detail == "rollback") {
			continue
		}
		for _, b := range bs {
			if !live(b.Status, b.StartsAt, b.EndsAt, e.At) || (b.Category != "" && b.Category != e.Category) {
				continue
			}
			if err := c.score(ctx, tx, b, e, loc); err != nil {
				return err
			}
		}
	}
	return nil
}

// delta is what e adds to m's progress (a rolled-back round takes its count
// back); false when e does not count for m.
func delta(m Mission, e activity.Event) (int64, bool) {
	catOK := m.Category == "" || m.Category == e.Category
	rollback := e.Kind == activity.RoundCancelled && e.Detail == "rollback"
	switch m.Kind {
	case KindBet:
		if (e.Kind == activity.RoundSettled || rollback) && catOK && e.ValidBet != 0 {
			return e.ValidBet, true
		}
	case KindRounds:
		if (e.Kind == activity.RoundSettled || rollback) && catOK && (m.Game == "" || m.Game == e.Game) {
			if rollback {
				return -1, true
			}
			return 1, true
		}
	case KindDeposit:
		if e.Kind == activity.DepositCredited && e.Amount > 0 {
			return e.Amount, true
		}
	case KindLogin:
		if e.Kind == activity.LoggedIn {
			return 0, true
		}
	}
	return 0, false
}

// progress adds d (or a login day) to the member's progress on m in e's
// period; reaching the target completes the mission and issues its reward
// under the key mission:<id>:<member>:<period>.
func (c *Consumer) progress(ctx context.Context, tx *db.Tx, m Mission, e activity.Event, d int64, loc *time.Location, weights map[string]int64) error {
	key, _, end := PeriodOf(m.Period, e.At, loc)
	var progress, completed, lastSeq int64
	var lastDay string
	err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT progress, last_day, completed_at, last_seq FROM mission_progress
		WHERE mission_id = ? AND member_id = ? AND period_key = ?`), m.ID, e.MemberID, key).Scan(&progress, &lastDay, &completed, &lastSeq)
	fresh := db.IsNoRows(err)
	if err != nil && !fresh {
		return err
	}
	if !fresh && e.Seq > 0 && e.Seq <= lastSeq {
		return nil // counted already
	}
	if m.Kind == KindLogin {
		day := e.At.In(loc).Format(time.DateOnly)
		switch {
		case day == lastDay:
		case lastDay != "" && nextDay(lastDay, loc) == day:
			progress++
		default:
			progress = 1 // a first login, or the run broke: count again
		}
		if day > lastDay {
			lastDay = day
		}
	} else {
		progress += d
	}
	done := completed == 0 && progress >= m.Target
	if done {
		completed = e.At.UnixMilli()
	}
	if fresh {
		_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO mission_progress (mission_id, member_id, period_key, progress, last_day, completed_at, last_seq)
			VALUES (?, ?, ?, ?, ?, ?, ?)`), m.ID, e.MemberID, key, progress, lastDay, completed, e.Seq)
	} else {
		_, err = tx.ExecContext(ctx, tx.Rebind(`UPDATE mission_progress SET progress = ?, last_day = ?, completed_at = ?, last_seq = ?
			WHERE mission_id = ? AND member_id = ? AND period_key = ?`), progress, lastDay, completed, max(lastSeq, e.Seq), m.ID, e.MemberID, key)
	}
	if err != nil || !done {
		return err
	}
	return rewards.IssueTx(ctx, tx, missionReward(m, e.MemberID, e.Currency, key, end, weights), e.At)
}

// missionReward is the reward of m completed by member in the period key
// ending at end.
func missionReward(m Mission, member int64, currency, key string, end time.Time, weights map[string]int64) rewards.Issue {
	r := rewards.Issue{Key: "mission:" + itoa(m.ID) + ":" + itoa(member) + ":" + key, MemberID: member, Currency: currency,
		Source: SourceMission, TitleEN: m.TitleEN, TitleTY: m.TitleTY, Amount: m.RewardAmount, Kind: m.RewardKind,
		ClaimBy: end.AddDate(0, 0, ClaimDays)}
	if m.RewardKind == rewards.KindBonus {
		r.WagerMultiple, r.WagerRequired, r.ValidDays, r.Weights = m.WagerMultiple, m.RewardAmount*m.WagerMultiple, 30, weights
	}
	return r
}

func nextDay(day string, loc *time.Location) string {
	t, err := time.ParseInLocation(time.DateOnly, day, loc)
	if err != nil {
		return ""
	}
	return t.AddDate(0, 0, 1).Format(time.DateOnly)
}

// score counts round e on board b: the best multiplier, or the valid bets
// summed (a rolled-back round takes its valid bet back; a multiplier, once
// reached, stays).
func (c *Consumer) score(ctx context.Context, tx *db.Tx, b Board, e activity.Event, loc *time.Location) error {
	key, _, _ := PeriodOf(b.Period, e.At, loc)
	rollback := e.Kind == activity.RoundCancelled
	bet := e.Amount
	if rollback {
		bet = -bet
	}
	if bet < b.MinBet || bet <= 0 {
		return nil
	}
	at := e.At.UnixMilli()
	switch b.Metric {
	case MetricMultiplier:
		if rollback || e.Win <= 0 {
			return nil
		}
		v := e.Win * 100 / bet
		_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO leaderboard_score (board_id, period_key, member_id, score, reached_at, last_seq)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (board_id, period_key, member_id) DO UPDATE SET
			score = excluded.score, reached_at = excluded.reached_at, last_seq = excluded.last_seq
			WHERE leaderboard_score.score < excluded.score`), b.ID, key, e.MemberID, v, at, e.Seq)
		return err
	case MetricValidBet:
		v := e.ValidBet
		if v == 0 {
			return nil
		}
		_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO leaderboard_score (board_id, period_key, member_id, score, reached_at, last_seq)
			VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (board_id, period_key, member_id) DO UPDATE SET
			score = leaderboard_score.score + excluded.score, reached_at = excluded.reached_at, last_seq = excluded.last_seq
			WHERE leaderboard_score.last_seq < excluded.last_seq OR excluded.last_seq = 0`), b.ID, key, e.MemberID, v, at, e.Seq)
		return err
	}
	return nil
}
