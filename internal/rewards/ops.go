package rewards

import (
	"context"
	"errors"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/money"
)

// The console's side of the reward centre (docs/rewards.md "Console"): a
// player's rewards and bonus, an operator's reward, forfeiting a player's
// bonus, and what rewards and bonuses cost per source.

// OpsWallet is what the console reads and does in the game wallet's bonus
// balance (gamewallet.Service).
type OpsWallet interface {
	BonusWallet
	GrantCosts(ctx context.Context, from, to time.Time) ([]gamewallet.GrantCost, error)
	GrantCostsEach(ctx context.Context, source string, from, to time.Time) (map[string]gamewallet.GrantCost, error)
}

// Members is the accounts' view of a member (account.Service).
type Members interface {
	MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error)
}

// ChangeAuditor writes one operator audit row with before and after
// (operator.Service).
type ChangeAuditor interface {
	AuditChange(ctx context.Context, c operator.Caller, action, targetType, targetID, reason string, before, after any) error
}

// Limits of an operator's reward.
const (
	MaxTitle         = 80
	MaxClaimDays     = 90
	MaxValidDays     = 365
	MaxWagerMultiple = 100
	MinReason        = 3
	MaxReason        = 200
	// MaxOperatorAmount bounds a reward when the brand sets no approval
	// amount (minor units).
	MaxOperatorAmount = 100_000_000
)

var (
	ErrPlayerNotFound = apperr.NotFound("players.not_found")
	ErrInvalidKind    = apperr.Invalid("reward.invalid_kind")
	ErrInvalidTitle   = apperr.Invalid("reward.invalid_title").With("max", MaxTitle)
	ErrInvalidWager   = apperr.Invalid("reward.invalid_wager").With("max", MaxWagerMultiple)
	ErrInvalidMaxBet  = apperr.Invalid("reward.invalid_max_bet")
	ErrInvalidReason  = apperr.Invalid("operator.invalid_reason").With("min", MinReason).With("max", MaxReason)
)

// Ops is the console's reward service.
type Ops struct {
	svc     *Service
	wallet  OpsWallet
	members Members
	auditor ChangeAuditor
	logger  *slog.Logger
}

// NewOps wires the console's reward service.
func NewOps(svc *Service, wallet OpsWallet, members Members, auditor ChangeAuditor) *Ops {
	return &Ops{svc: svc, wallet: wallet, members: members, auditor: auditor, logger: svc.logger}
}

// OpsReward is a reward as the console lists it: both titles.
type OpsReward struct {
	Reward
	TitleEN string `json:"titleEN"`
	TitleTY string `json:"titleTY"`
	GrantID int64  `json:"grantId"`
}

// PlayerRewards is a player's rewards (all statuses, newest first) and bonus.
type PlayerRewards struct {
	Rewards  OpsPage            `json:"rewards"`
	Waiting  int                `json:"waiting"`
	Active   *gamewallet.Grant  `json:"active"`
	Balance  int64              `json:"balance"`
	History  []gamewallet.Grant `json:"history"`
	Currency string             `json:"currency"`
	Decimals int                `json:"decimals"`
}

// OpsPage is a page of a player's rewards.
type OpsPage struct {
	Items    []OpsReward `json:"items"`
	Total    int         `json:"total"`
	Page     int         `json:"page"`
	PageSize int         `json:"pageSize"`
}

func (o *Ops) member(ctx context.Context, id int64) (account.Member, error) {
	ms, err := o.members.MembersByID(ctx, []int64{id})
	if err != nil {
		return account.Member{}, apperr.Internal(err, "read member")
	}
	m, ok := ms[id]
	if !ok {
		return account.Member{}, ErrPlayerNotFound.With("id", id)
	}
	return m, nil
}

// Player reads a player's rewards and bonus.
func (o *Ops) Player(ctx context.Context, id int64, page, size int) (PlayerRewards, error) {
	if _, err := o.member(ctx, id); err != nil {
		return PlayerRewards{}, err
	}
	b, err := o.svc.brands.Current(ctx)
	if err != nil {
		return PlayerRewards{}, err
	}
	out := PlayerRewards{Currency: b.Currency.Code, Decimals: b.Currency.Decimals, Rewards: OpsPage{Page: page, PageSize: size, Items: []OpsReward{}}}
	now := o.svc.clock.Now().UnixMilli()
	if err := o.svc.db.QueryRowContext(ctx, o.svc.db.Rebind(`SELECT COUNT(*) FROM reward WHERE member_id = ?`), id).Scan(&out.Rewards.Total); err != nil {
		return out, apperr.Internal(err, "count rewards")
	}
	rows, err := o.svc.db.QueryContext(ctx, o.svc.db.Rebind(`SELECT `+rewardCols+` FROM reward WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`),
		id, size, (page-1)*size)
	if err != nil {
		return out, apperr.Internal(err, "select rewards")
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanReward(rows)
		if err != nil {
			return out, apperr.Internal(err, "scan reward")
		}
		out.Rewards.Items = append(out.Rewards.Items, OpsReward{Reward: o.svc.shown(r, "EN", now), TitleEN: r.TitleEN, TitleTY: r.TitleTY, GrantID: r.GrantID})
	}
	if err := rows.Err(); err != nil {
		return out, apperr.Internal(err, "read rewards")
	}
	if out.Waiting, err = o.svc.Waiting(ctx, id); err != nil {
		return out, err
	}
	g, live, err := o.wallet.Bonus(ctx, id)
	if err != nil {
		return out, err
	}
	if live {
		out.Active, out.Balance = &g, g.Balance
	}
	if out.History, err = o.wallet.BonusHistory(ctx, id, 50); err != nil {
		return out, err
	}
	return out, nil
}

// ForfeitBonus ends a player's live bonus for an operator: the bonus and
// what it won go back to the promotion account. Audited with the reason.
func (o *Ops) ForfeitBonus(ctx context.Context, op operator.Caller, id int64, reason string) (gamewallet.Grant, error) {
	reason, err := checkReason(reason)
	if err != nil {
		return gamewallet.Grant{}, err
	}
	if _, err := o.member(ctx, id); err != nil {
		return gamewallet.Grant{}, err
	}
	before, live, err := o.wallet.Bonus(ctx, id)
	if err != nil {
		return gamewallet.Grant{}, err
	}
	if !live {
		return gamewallet.Grant{}, gamewallet.ErrNoBonus
	}
	g, err := o.wallet.ForfeitBonus(ctx, id, gamewallet.ReasonOperator)
	if err != nil {
		return gamewallet.Grant{}, err
	}
	o.audit(ctx, op, "bonus.forfeit", id, reason, grantView(before), grantView(g))
	return g, nil
}

func grantView(g gamewallet.Grant) map[string]any {
	return map[string]any{"grant": g.ID, "source": g.Source, "status": g.Status, "amount": g.Amount, "balance": g.Balance,
		"wagered": g.Wagered, "wagerRequired": g.WagerRequired, "forfeited": g.Forfeited}
}

// IssueRequest is an operator's reward (POST /ops/v1/players/{id}/rewards):
// amounts are decimal strings in major units, as other console money
// inputs are.
type IssueRequest struct {
	Kind          string `json:"kind"`
	Amount        string `json:"amount"`
	TitleEN       string `json:"titleEN"`
	TitleTY       string `json:"titleTY"`
	ClaimDays     int    `json:"claimDays"`
	WagerMultiple int64  `json:"wagerMultiple"`
	MaxBet        string `json:"maxBet"`
	ValidDays     int    `json:"validDays"`
	Reason        string `json:"reason"`
}

// IssueAnswer is the reward issued; Replayed when the request's key had
// issued it before (nothing new was issued or audited).
type IssueAnswer struct {
	Reward   OpsReward `json:"reward"`
	Replayed bool      `json:"replayed"`
}

func checkReason(s string) (string, error) {
	s = strings.TrimSpace(s)
	if n := utf8.RuneCountInString(s); n < MinReason || n > MaxReason || !utf8.ValidString(s) {
		return "", ErrInvalidReason
	}
	return s, nil
}

func checkTitle(s string, required bool) (string, error) {
	s = strings.TrimSpace(s)
	n := utf8.RuneCountInString(s)
	if (required && n == 0) || n > MaxTitle || !utf8.ValidString(s) {
		return "", ErrInvalidTitle
	}
	return s, nil
}

func daysErr(field string, max int) error {
	return apperr.Invalid("reward.invalid_days").With("field", field).With("min", 1).With("max", max)
}

// Issue issues an OPERATOR reward to a player under key (the request's
// Idempotency-Key: the same key answers the reward it issued before).
// A reward above the brand's adjustment approval amount is refused: that
// much money goes through an adjustment a second operator approves.
func (o *Ops) Issue(ctx context.Context, op operator.Caller, id int64, key string, req IssueRequest) (IssueAnswer, error) {
	b, err := o.svc.brands.Current(ctx)
	if err != nil {
		return IssueAnswer{}, err
	}
	dec := b.Currency.Decimals
	in := Issue{Key: "operator:" + strconv.FormatInt(id, 10) + ":" + key, MemberID: id, Currency: b.Currency.Code, Source: SourceOperator,
		Kind: strings.ToUpper(strings.TrimSpace(req.Kind))}
	if in.Kind != KindCash && in.Kind != KindBonus {
		return IssueAnswer{}, ErrInvalidKind
	}
	if in.Amount, err = money.Parse(req.Amount, dec); err != nil {
		return IssueAnswer{}, err
	}
	limit := int64(MaxOperatorAmount)
	if a := b.Ops.AdjustApprovalAbove; a > 0 {
		limit = a
	}
	if in.Amount > limit {
		return IssueAnswer{}, apperr.Invalid("reward.above_limit").With("max", money.Format(limit, dec))
	}
	if in.TitleEN, err = checkTitle(req.TitleEN, true); err != nil {
		return IssueAnswer{}, err
	}
	if in.TitleTY, err = checkTitle(req.TitleTY, false); err != nil {
		return IssueAnswer{}, err
	}
	if req.ClaimDays < 1 || req.ClaimDays > MaxClaimDays {
		return IssueAnswer{}, daysErr("claimDays", MaxClaimDays)
	}
	if in.Kind == KindBonus {
		if req.WagerMultiple < 0 || req.WagerMultiple > MaxWagerMultiple {
			return IssueAnswer{}, ErrInvalidWager
		}
		if req.ValidDays < 1 || req.ValidDays > MaxValidDays {
			return IssueAnswer{}, daysErr("validDays", MaxValidDays)
		}
		if s := strings.TrimSpace(req.MaxBet); s != "" && s != "0" {
			if in.MaxBet, err = money.Parse(s, dec); err != nil || in.MaxBet > limit {
				return IssueAnswer{}, ErrInvalidMaxBet
			}
		}
		in.WagerMultiple, in.WagerRequired, in.ValidDays = req.WagerMultiple, in.Amount*req.WagerMultiple, req.ValidDays
		// An operator's bonus counts play as the welcome bonus does.
		in.Weights = b.Rewards.Welcome.Weights
	}
	reason, err := checkReason(req.Reason)
	if err != nil {
		return IssueAnswer{}, err
	}
	m, err := o.member(ctx, id)
	if err != nil {
		return IssueAnswer{}, err
	}
	if m.Type == account.TypeTrial {
		return IssueAnswer{}, ErrRealOnly
	}
	now := o.svc.clock.Now()
	in.ClaimBy = now.Add(time.Duration(req.ClaimDays) * 24 * time.Hour)
	if r, found, err := o.byKey(ctx, in.Key); err != nil || found {
		return IssueAnswer{Reward: r, Replayed: found}, err
	}
	if err := o.svc.Issue(ctx, in); err != nil {
		if errors.Is(err, apperr.Invalid("reward.invalid_issue")) {
			return IssueAnswer{}, err
		}
		return IssueAnswer{}, apperr.Internal(err, "issue reward")
	}
	r, _, err := o.byKey(ctx, in.Key)
	if err != nil {
		return IssueAnswer{}, err
	}
	o.audit(ctx, op, "reward.issue", id, reason, nil, map[string]any{"reward": r.ID, "kind": r.Kind, "amount": r.Amount, "currency": r.Currency,
		"title": r.TitleEN, "claimBy": r.ExpiresAt, "wagerMultiple": r.WagerMultiple, "maxBet": r.MaxBet, "validDays": r.ValidDays})
	return IssueAnswer{Reward: r}, nil
}

func (o *Ops) byKey(ctx context.Context, key string) (OpsReward, bool, error) {
	r, err := scanReward(o.svc.db.QueryRowContext(ctx, o.svc.db.Rebind(`SELECT `+rewardCols+` FROM reward WHERE reward_key = ?`), key))
	if db.IsNoRows(err) {
		return OpsReward{}, false, nil
	}
	if err != nil {
		return OpsReward{}, false, apperr.Internal(err, "select reward")
	}
	return OpsReward{Reward: o.svc.shown(r, "EN", o.svc.clock.Now().UnixMilli()), TitleEN: r.TitleEN, TitleTY: r.TitleTY, GrantID: r.GrantID}, true, nil
}

func (o *Ops) audit(ctx context.Context, op operator.Caller, action string, member int64, reason string, before, after any) {
	if o.auditor == nil {
		return
	}
	if err := o.auditor.AuditChange(context.WithoutCancel(ctx), op, action, "member", strconv.FormatInt(member, 10), reason, before, after); err != nil {
		// The change has committed; a lost audit row is logged loudly rather than undone.
		o.logger.ErrorContext(ctx, "reward audit not written", "action", action, "err", err)
	}
}

// Cost is what one source's rewards and bonuses cost in a period
// (docs/rewards.md "Bonus cost").
type Cost struct {
	Source        string `json:"source"`
	Issued        int64  `json:"issued"`        // rewards issued in the period
	IssuedAmount  int64  `json:"issuedAmount"`  // their amount, cash and bonus
	Claimed       int64  `json:"claimed"`       // rewards claimed in the period
	ClaimedAmount int64  `json:"claimedAmount"` // their amount
	ClaimedCash   int64  `json:"claimedCash"`   // of which CASH, paid into main
	Granted       int64  `json:"granted"`       // bonus grants started in the period
	GrantedAmount int64  `json:"grantedAmount"`
	Ended         int64  `json:"ended"`     // bonus grants ended in the period
	Converted     int64  `json:"converted"` // bonus turned real money by those
	Forfeited     int64  `json:"forfeited"` // bonus (and its winnings) returned by those
	Cost          int64  `json:"cost"`      // real money paid: ClaimedCash + Converted
}

// Costs is the period's cost per source, in the brand's currency, and the
// total (Source "").
type Costs struct {
	Rows  []Cost `json:"rows"`
	Total Cost   `json:"total"`
}

// Costs sums rewards (by issue and claim time) and bonus grants (by start
// and end time) in [from, to), per source.
func (o *Ops) Costs(ctx context.Context, from, to time.Time) (Costs, error) {
	b, err := o.svc.brands.Current(ctx)
	if err != nil {
		return Costs{}, err
	}
	cur := b.Currency.Code
	f, t := from.UnixMilli(), to.UnixMilli()
	rows, err := o.svc.db.QueryContext(ctx, o.svc.db.Rebind(`SELECT source,
		SUM(CASE WHEN issued_at >= ? AND issued_at < ? THEN 1 ELSE 0 END),
		SUM(CASE WHEN issued_at >= ? AND issued_at < ? THEN amount ELSE 0 END),
		SUM(CASE WHEN status IN ('CLAIMING', 'CLAIMED') AND claimed_at >= ? AND claimed_at < ? THEN 1 ELSE 0 END),
		SUM(CASE WHEN status IN ('CLAIMING', 'CLAIMED') AND claimed_at >= ? AND claimed_at < ? THEN amount ELSE 0 END),
		SUM(CASE WHEN status IN ('CLAIMING', 'CLAIMED') AND kind = 'CASH' AND claimed_at >= ? AND claimed_at < ? THEN amount ELSE 0 END)
		FROM reward WHERE currency = ? AND ((issued_at >= ? AND issued_at < ?) OR (claimed_at >= ? AND claimed_at < ?))
		GROUP BY source`), f, t, f, t, f, t, f, t, f, t, cur, f, t, f, t)
	if err != nil {
		return Costs{}, apperr.Internal(err, "sum rewards")
	}
	by := map[string]*Cost{}
	row := func(src string) *Cost {
		if by[src] == nil {
			by[src] = &Cost{Source: src}
		}
		return by[src]
	}
	for rows.Next() {
		var src string
		var c Cost
		if err := rows.Scan(&src, &c.Issued, &c.IssuedAmount, &c.Claimed, &c.ClaimedAmount, &c.ClaimedCash); err != nil {
			rows.Close()
			return Costs{}, apperr.Internal(err, "scan reward sums")
		}
		r := row(src)
		r.Issued, r.IssuedAmount, r.Claimed, r.ClaimedAmount, r.ClaimedCash = c.Issued, c.IssuedAmount, c.Claimed, c.ClaimedAmount, c.ClaimedCash
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Costs{}, apperr.Internal(err, "read reward sums")
	}
	grants, err := o.wallet.GrantCosts(ctx, from, to)
	if err != nil {
		return Costs{}, err
	}
	for _, g := range grants {
		if g.Currency != cur {
			continue
		}
		r := row(g.Source)
		r.Granted, r.GrantedAmount, r.Ended, r.Converted, r.Forfeited = g.Granted, g.GrantedAmount, g.Ended, g.Converted, g.Forfeited
	}
	out := Costs{Rows: []Cost{}}
	for _, src := range sortedKeys(by) {
		r := by[src]
		r.Cost = r.ClaimedCash + r.Converted
		out.Rows = append(out.Rows, *r)
		t := &out.Total
		t.Issued += r.Issued
		t.IssuedAmount += r.IssuedAmount
		t.Claimed += r.Claimed
		t.ClaimedAmount += r.ClaimedAmount
		t.ClaimedCash += r.ClaimedCash
		t.Granted += r.Granted
		t.GrantedAmount += r.GrantedAmount
		t.Ended += r.Ended
		t.Converted += r.Converted
		t.Forfeited += r.Forfeited
		t.Cost += r.Cost
	}
	return out, nil
}

// ItemCosts is the cost of one source's rewards per issuing item, for the
// rewards whose key is "<prefix>:<item>:..." (the promotions engine's
// "promo:<promotion>:<member>:<period>"): the figures of Costs, each
// counted in the period its event falls in, rewards and their bonus grants
// (a BONUS reward's grant is keyed "reward:<reward id>") mapped to the
// item. Items with nothing in the period are absent.
func (o *Ops) ItemCosts(ctx context.Context, source, prefix string, from, to time.Time) (map[string]Cost, error) {
	b, err := o.svc.brands.Current(ctx)
	if err != nil {
		return nil, err
	}
	cur := b.Currency.Code
	f, t := from.UnixMilli(), to.UnixMilli()
	in := func(ms int64) bool { return ms >= f && ms < t }
	item := func(key string) (string, bool) {
		rest, ok := strings.CutPrefix(key, prefix+":")
		if !ok {
			return "", false
		}
		id, _, _ := strings.Cut(rest, ":")
		return id, id != ""
	}
	by := map[string]*Cost{}
	row := func(id string) *Cost {
		if by[id] == nil {
			by[id] = &Cost{Source: source}
		}
		return by[id]
	}
	rows, err := o.svc.db.QueryContext(ctx, o.svc.db.Rebind(`SELECT reward_key, kind, amount, status, issued_at, claimed_at FROM reward
		WHERE source = ? AND currency = ? AND ((issued_at >= ? AND issued_at < ?) OR (claimed_at >= ? AND claimed_at < ?))`), source, cur, f, t, f, t)
	if err != nil {
		return nil, apperr.Internal(err, "select rewards")
	}
	for rows.Next() {
		var key, kind, status string
		var amount, issued, claimed int64
		if err := rows.Scan(&key, &kind, &amount, &status, &issued, &claimed); err != nil {
			rows.Close()
			return nil, apperr.Internal(err, "scan reward")
		}
		id, ok := item(key)
		if !ok {
			continue
		}
		r := row(id)
		if in(issued) {
			r.Issued++
			r.IssuedAmount += amount
		}
		if (status == StatusClaiming || status == StatusClaimed) && in(claimed) {
			r.Claimed++
			r.ClaimedAmount += amount
			if kind == KindCash {
				r.ClaimedCash += amount
			}
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "read rewards")
	}
	grants, err := o.wallet.GrantCostsEach(ctx, source, from, to)
	if err != nil {
		return nil, err
	}
	// Each grant's reward, read by id in batches.
	ids := make([]any, 0, len(grants))
	for k, g := range grants {
		if g.Currency != cur {
			continue
		}
		if id, err := strconv.ParseInt(strings.TrimPrefix(k, "reward:"), 10, 64); err == nil && strings.HasPrefix(k, "reward:") {
			ids = append(ids, id)
		}
	}
	for len(ids) > 0 {
		n := min(len(ids), 500)
		batch := ids[:n]
		ids = ids[n:]
		rows, err := o.svc.db.QueryContext(ctx, o.svc.db.Rebind(`SELECT id, reward_key FROM reward WHERE id IN (?`+strings.Repeat(", ?", n-1)+`)`), batch...)
		if err != nil {
			return nil, apperr.Internal(err, "select granted rewards")
		}
		for rows.Next() {
			var rid int64
			var key string
			if err := rows.Scan(&rid, &key); err != nil {
				rows.Close()
				return nil, apperr.Internal(err, "scan granted reward")
			}
			id, ok := item(key)
			if !ok {
				continue
			}
			g := grants["reward:"+strconv.FormatInt(rid, 10)]
			r := row(id)
			r.Granted += g.Granted
			r.GrantedAmount += g.GrantedAmount
			r.Ended += g.Ended
			r.Converted += g.Converted
			r.Forfeited += g.Forfeited
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, apperr.Internal(err, "read granted rewards")
		}
	}
	out := make(map[string]Cost, len(by))
	for id, r := range by {
		r.Cost = r.ClaimedCash + r.Converted
		out[id] = *r
	}
	return out, nil
}

func sortedKeys(m map[string]*Cost) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

var opsMessages = map[string][2]string{
	"reward.invalid_kind":    {"Choose cash or bonus.", "Pumili ng cash o bonus."},
	"reward.invalid_title":   {"Give a title of 1 to 80 characters.", "Maglagay ng pamagat na 1 hanggang 80 titik."},
	"reward.invalid_days":    {"The number of days is outside the allowed range.", "Wala sa pinapayagang saklaw ang bilang ng araw."},
	"reward.invalid_wager":   {"The wagering multiple must be between 0 and 100.", "Dapat nasa pagitan ng 0 at 100 ang wagering multiple."},
	"reward.invalid_max_bet": {"The maximum bet is not a valid amount.", "Hindi wastong halaga ang maximum na taya."},
	"reward.above_limit": {"This amount is above what one operator may give. Use an adjustment that a second operator approves.",
		"Lampas ang halagang ito sa maibibigay ng isang operator. Gumamit ng adjustment na aaprubahan ng ikalawang operator."},
}

func init() {
	for code, m := range opsMessages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
