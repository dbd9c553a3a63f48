package referral

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// Progress is the stream consumer "referral.progress": a member.referred
// fact opens a referral under the rule in force (none while the program is
// off); the friend's first deposit.credited fact, and the valid bets of its
// rounds settled (less those rolled back) inside the window, move it on;
// the fact that meets the rule issues the referrer's reward, or holds it
// when the two members are linked (docs/rewards.md "Referral").
type Progress struct{ s *Service }

// Consumer is the program's stream consumer.
func (s *Service) Consumer() *Progress { return &Progress{s} }

// Name implements activity.Consumer.
func (*Progress) Name() string { return "referral.progress" }

// Wants implements activity.Selective.
func (*Progress) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.Referred, activity.DepositCredited, activity.RoundSettled, activity.RoundCancelled}}
}

// Reset implements activity.Consumer: the referrals are built again; the
// rewards issued or held stay (their keys make a replay add nothing).
func (*Progress) Reset(ctx context.Context, tx *db.Tx) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM referral`)
	return err
}

// Apply implements activity.Consumer.
func (c *Progress) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	b, err := c.s.brands.Current(ctx)
	if err != nil {
		return err
	}
	rule := b.Rewards.Referral
	open := map[int64]*Referral{}
	dirty := map[int64]bool{}
	var members []int64
	seen := map[int64]bool{}
	for _, e := range events {
		if e.Kind == activity.Referred {
			referrer, err := strconv.ParseInt(e.Ref, 10, 64)
			if err != nil || referrer <= 0 || referrer == e.MemberID || rule.Amount <= 0 {
				continue
			}
			at := e.At.UnixMilli()
			_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO referral (referred_id, referrer_id, code, registered_at, window_ends, amount,
				min_first_deposit, min_valid_bets, claim_days, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'REGISTERED') ON CONFLICT (referred_id) DO NOTHING`),
				e.MemberID, referrer, e.Detail, at, e.At.Add(days(rule.WindowDays)).UnixMilli(), rule.Amount, rule.MinFirstDeposit, rule.MinValidBets, rule.ClaimDays)
			if err != nil {
				return err
			}
			continue
		}
		if !seen[e.MemberID] {
			seen[e.MemberID] = true
			members = append(members, e.MemberID)
		}
	}
	if err := c.load(ctx, tx, members, open); err != nil {
		return err
	}
	if len(open) == 0 {
		return nil
	}
	for _, e := range events {
		r := open[e.MemberID]
		if r == nil || e.Kind == activity.Referred || (r.Status != StatusRegistered && r.Status != StatusDeposited) {
			continue
		}
		at := e.At.UnixMilli()
		inWindow := at >= r.RegisteredAt && at <= r.WindowEnds
		switch e.Kind {
		case activity.DepositCredited:
			if r.FirstDepositAt != 0 {
				continue
			}
			r.FirstDeposit, r.FirstDepositAt, r.Currency = e.Amount, at, e.Currency
			r.Status = StatusDeposited
			if !inWindow || e.Amount < r.MinFirstDeposit {
				r.Status = StatusMissed
			}
		case activity.RoundSettled:
			if !inWindow {
				continue
			}
			r.ValidBets += e.ValidBet
		case activity.RoundCancelled:
			if !inWindow || e.Detail != "rollback" {
				continue
			}
			r.ValidBets += e.ValidBet // negated: what the round counted is taken back
		}
		dirty[r.ReferredID] = true
		if r.Status == StatusDeposited && r.ValidBets >= r.MinValidBets {
			if err := c.qualify(ctx, tx, r, e); err != nil {
				return err
			}
		}
	}
	for id := range dirty {
		r := open[id]
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE referral SET currency = ?, first_deposit = ?, first_deposit_at = ?, valid_bets = ?, status = ?,
			qualified_at = ?, flags = ? WHERE referred_id = ?`),
			r.Currency, r.FirstDeposit, r.FirstDepositAt, r.ValidBets, r.Status, r.QualifiedAt, r.Flags, r.ReferredID); err != nil {
			return err
		}
	}
	return nil
}

// load reads the open referrals (not yet decided) of the batch's members.
func (c *Progress) load(ctx context.Context, tx *db.Tx, members []int64, into map[int64]*Referral) error {
	for len(members) > 0 {
		n := min(len(members), 500)
		chunk := members[:n]
		members = members[n:]
		args := make([]any, len(chunk))
		for i, id := range chunk {
			args[i] = id
		}
		rows, err := tx.QueryContext(ctx, tx.Rebind(`SELECT `+cols+` FROM referral WHERE referred_id IN (?`+strings.Repeat(`, ?`, n-1)+`)
			AND status IN ('REGISTERED', 'DEPOSITED')`), args...)
		if err != nil {
			return err
		}
		for rows.Next() {
			r, err := scan(rows)
			if err != nil {
				rows.Close()
				return err
			}
			into[r.ReferredID] = &r
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
	}
	return nil
}

// qualify issues the referrer's reward for r, met by e, or holds it when
// the friend is linked to the referrer (a device, IP, payout account or
// phone in common: most likely one person).
func (c *Progress) qualify(ctx context.Context, tx *db.Tx, r *Referral, e activity.Event) error {
	now := c.s.clock.Now()
	if e.At.After(now) {
		now = e.At
	}
	r.Status, r.QualifiedAt = StatusQualified, e.At.UnixMilli()
	currency := r.Currency
	if currency == "" {
		currency = e.Currency
	}
	in := rewards.Issue{Key: RewardKey(r.ReferredID), MemberID: r.ReferrerID, Currency: currency, Source: SourceReferral,
		TitleEN: "Refer a Friend reward", TitleTY: "Gantimpala sa pag-imbita ng kaibigan", Amount: r.Amount, Kind: rewards.KindCash,
		ClaimBy: now.Add(days(r.ClaimDays))}
	var flags []string
	if c.s.linker != nil {
		links, err := c.s.linker.LinkedTx(ctx, tx, r.ReferredID)
		if err != nil {
			return err
		}
		flags = append(flags, links[r.ReferrerID]...)
		sort.Strings(flags)
	}
	if len(flags) > 0 {
		r.Status, r.Flags = StatusHeld, strings.Join(flags, ",")
		return rewards.HoldTx(ctx, tx, in, flags, []int64{r.ReferrerID}, now)
	}
	return rewards.IssueTx(ctx, tx, in, now)
}
