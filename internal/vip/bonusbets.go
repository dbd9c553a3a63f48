package vip

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strconv"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// CategoryLine is one category of a bonus-bets figure: the valid bets
// counted, the level's rate (basis points) and what it pays,
// floor(validBets × rate / 10000).
type CategoryLine struct {
	Category  string `json:"category"`
	ValidBets int64  `json:"validBets"`
	Rate      int64  `json:"rate"`
	Amount    int64  `json:"amount"`
}

// BonusBets is what a member may claim now.
type BonusBets struct {
	Level     int            `json:"level"`
	ValidBets int64          `json:"validBets"`
	Amount    int64          `json:"amount"`
	Minimum   int64          `json:"minimum"`
	Claimable bool           `json:"claimable"`
	Lines     []CategoryLine `json:"lines"`
}

// Claim is one bonus-bets claim.
type Claim struct {
	ID        int64          `json:"id"`
	Level     int            `json:"level"`
	ValidBets int64          `json:"validBets"`
	Amount    int64          `json:"amount"`
	Lines     []CategoryLine `json:"lines"`
	ClaimedAt int64          `json:"claimedAt"`
	// Paid: the reward was claimed into the main balance at once (false:
	// it waits in the reward centre).
	Paid bool `json:"paid,omitempty"`
	// Replayed: the answer of a request key's earlier claim.
	Replayed bool `json:"replayed,omitempty"`
}

// figure prices the waiting valid bets at the level's rates; a category
// whose sum is not positive (rolled back) pays nothing.
func figure(pending map[string]int64, l Level) (lines []CategoryLine, bets, amount int64) {
	cats := make([]string, 0, len(pending))
	for c := range pending {
		cats = append(cats, c)
	}
	slices.Sort(cats)
	lines = []CategoryLine{}
	for _, c := range cats {
		v := pending[c]
		if v <= 0 {
			continue
		}
		rate := l.Rates[c]
		ln := CategoryLine{Category: c, ValidBets: v, Rate: rate, Amount: v * rate / 10000}
		lines = append(lines, ln)
		bets += v
		amount += ln.Amount
	}
	return lines, bets, amount
}

func minimum(min int64) int64 { return max(1, min) }

// BonusBets is the member's waiting bonus bets at their level's rates now.
func (s *Service) BonusBets(ctx context.Context, member int64) (BonusBets, error) {
	b, ls, on, err := s.on(ctx)
	if err != nil {
		return BonusBets{}, err
	}
	if !on {
		return BonusBets{}, ErrOff
	}
	m, err := s.Member(ctx, member)
	if err != nil {
		return BonusBets{}, err
	}
	pending := map[string]int64{}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT category, valid_bets FROM vip_rebate_pending WHERE member_id = ?`), member)
	if err != nil {
		return BonusBets{}, apperr.Internal(err, "select bonus bets")
	}
	defer rows.Close()
	for rows.Next() {
		var c string
		var v int64
		if err := rows.Scan(&c, &v); err != nil {
			return BonusBets{}, apperr.Internal(err, "scan bonus bets")
		}
		pending[c] = v
	}
	if err := rows.Err(); err != nil {
		return BonusBets{}, apperr.Internal(err, "select bonus bets")
	}
	lines, bets, amount := figure(pending, ls.At(m.Level))
	minAmt := minimum(b.Rewards.VIP.BonusBetsMin)
	return BonusBets{Level: ls.At(m.Level).Level, ValidBets: bets, Amount: amount, Minimum: minAmt, Claimable: amount >= minAmt, Lines: lines}, nil
}

// ClaimBonusBets claims the member's waiting bonus bets, exactly once: one
// transaction takes every waiting row (DELETE ... RETURNING: a concurrent
// claim waits for it and then finds none; the consumer's next rows start
// the next window), prices them at the member's level now, refuses below
// the brand's minimum (ErrBelowMinimum, nothing taken), records the claim
// and issues its CASH reward vip:bonusbets:<claim>. After the commit the
// reward is claimed into the main balance; should that fail, it waits in
// the reward centre (Paid false) and the member claims it there.
//
// A request key (the request's Idempotency-Key) makes one claim: a repeat
// answers the claim it made (Replayed), whatever came in since; of
// parallel requests with one key, one claims and the others, once it has
// committed, answer its claim (the unique request key refuses a second).
func (s *Service) ClaimBonusBets(ctx context.Context, member int64, requestKey, lang string) (Claim, error) {
	b, ls, on, err := s.on(ctx)
	if err != nil {
		return Claim{}, err
	}
	if !on {
		return Claim{}, ErrOff
	}
	rk := strconv.FormatInt(member, 10) + ":" + requestKey
	if c, found, err := s.claimByRequest(ctx, member, rk); err != nil || found {
		return c, err
	}
	now := s.clock.Now()
	var c Claim
	key := ""
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		// A same-key claim that committed while this one waited to begin
		// (SQLite's single writer) is found here and answered below.
		var n int
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*) FROM vip_rebate_claim WHERE request_key = ?`), rk).Scan(&n); err != nil {
			return err
		}
		if n > 0 {
			return errReplay
		}
		rows, err := tx.QueryContext(ctx, tx.Rebind(`DELETE FROM vip_rebate_pending WHERE member_id = ? RETURNING category, valid_bets`), member)
		if err != nil {
			return err
		}
		pending := map[string]int64{}
		for rows.Next() {
			var cat string
			var v int64
			if err := rows.Scan(&cat, &v); err != nil {
				rows.Close()
				return err
			}
			pending[cat] += v
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		level := 1
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT level FROM vip_member WHERE member_id = ?`), member).Scan(&level); err != nil && !db.IsNoRows(err) {
			return err
		}
		l := ls.At(level)
		lines, bets, amount := figure(pending, l)
		if amount < minimum(b.Rewards.VIP.BonusBetsMin) {
			return ErrBelowMinimum.With("minimum", minimum(b.Rewards.VIP.BonusBetsMin))
		}
		detail, err := json.Marshal(lines)
		if err != nil {
			return err
		}
		c = Claim{Level: l.Level, ValidBets: bets, Amount: amount, Lines: lines, ClaimedAt: now.UnixMilli()}
		if err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO vip_rebate_claim (member_id, level, valid_bets, amount, detail, claimed_at, request_key) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			member, l.Level, bets, amount, string(detail), now.UnixMilli(), rk).Scan(&c.ID); err != nil {
			return err
		}
		key = "vip:bonusbets:" + strconv.FormatInt(c.ID, 10)
		return rewards.IssueTx(ctx, tx, rewards.Issue{Key: key, MemberID: member, Currency: b.Currency.Code, Source: SourceBonusBets,
			TitleEN: "VIP bonus bets", TitleTY: "VIP bonus bets (rebate)", Amount: amount, Kind: rewards.KindCash, ClaimBy: claimBy(b, now)}, now)
	})
	if err != nil {
		// A same-key request that took the waiting rows (or the request
		// key) first answers for this one: it has committed by now.
		if prev, found, rerr := s.claimByRequest(ctx, member, rk); rerr == nil && found {
			return prev, nil
		}
		if apperr.As(err) != nil {
			return Claim{}, err
		}
		return Claim{}, apperr.Internal(err, "claim bonus bets")
	}
	if _, err := s.rewards.ClaimByKey(ctx, member, key, lang); err != nil {
		s.logger.WarnContext(ctx, "bonus bets left in the reward centre", "member", member, "claim", c.ID, "err", err)
		return c, nil
	}
	c.Paid = true
	return c, nil
}

// errReplay ends a claim's transaction that found its request key used.
var errReplay = errors.New("vip: request key used")

// claimByRequest reads the claim a request key made, Replayed, with Paid
// from its reward's status.
func (s *Service) claimByRequest(ctx context.Context, member int64, rk string) (Claim, bool, error) {
	var c Claim
	var detail string
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT id, level, valid_bets, amount, detail, claimed_at FROM vip_rebate_claim WHERE request_key = ? AND member_id = ?`),
		rk, member).Scan(&c.ID, &c.Level, &c.ValidBets, &c.Amount, &detail, &c.ClaimedAt)
	if db.IsNoRows(err) {
		return Claim{}, false, nil
	}
	if err != nil {
		return Claim{}, false, apperr.Internal(err, "read bonus bets claim")
	}
	_ = json.Unmarshal([]byte(detail), &c.Lines)
	c.Replayed = true
	key := "vip:bonusbets:" + strconv.FormatInt(c.ID, 10)
	st, err := s.rewards.KeyStatuses(ctx, member, []string{key})
	if err != nil {
		return Claim{}, false, err
	}
	c.Paid = st[key] == rewards.StatusClaimed
	return c, true, nil
}

// Claims lists the member's latest bonus-bets claims, newest first.
func (s *Service) Claims(ctx context.Context, member int64, limit int) ([]Claim, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, level, valid_bets, amount, detail, claimed_at FROM vip_rebate_claim WHERE member_id = ? ORDER BY id DESC LIMIT ?`),
		member, limit)
	if err != nil {
		return nil, apperr.Internal(err, "select bonus bets claims")
	}
	defer rows.Close()
	out := []Claim{}
	for rows.Next() {
		var c Claim
		var detail string
		if err := rows.Scan(&c.ID, &c.Level, &c.ValidBets, &c.Amount, &detail, &c.ClaimedAt); err != nil {
			return nil, apperr.Internal(err, "scan bonus bets claim")
		}
		_ = json.Unmarshal([]byte(detail), &c.Lines)
		out = append(out, c)
	}
	return out, rows.Err()
}
