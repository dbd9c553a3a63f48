// Package rewards is the reward centre (issue 32, docs/rewards.md): what
// promotions, the VIP club, missions, referrals and operators issue to a
// member waits here until the member claims it, once, as cash into the main
// balance or as a bonus grant in the game wallet's bonus balance. The
// welcome promotion (a first-deposit match) is the stream consumer
// "rewards.welcome".
package rewards

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// Statuses of a reward.
const (
	StatusIssued   = "ISSUED"
	StatusClaiming = "CLAIMING" // claimed; its money is on the way (a sweep finishes it after a crash)
	StatusClaimed  = "CLAIMED"
	StatusExpired  = "EXPIRED"
)

// Kinds of reward.
const (
	KindCash  = "CASH"
	KindBonus = "BONUS"
)

// Sources of a reward.
const (
	SourceWelcome   = "WELCOME"
	SourceOperator  = "OPERATOR"
	SourcePromotion = "PROMOTION" // the promotions engine (internal/promotions)
)

var (
	ErrNotFound    = apperr.NotFound("reward.not_found")
	ErrClaimed     = apperr.Conflict("reward.claimed")
	ErrExpired     = apperr.Conflict("reward.expired")
	ErrRealOnly    = apperr.Forbidden("reward.real_only")
	ErrBonusActive = gamewallet.ErrBonusActive
)

// Reward is one reward as the member sees it.
type Reward struct {
	ID            int64            `json:"id"`
	MemberID      int64            `json:"-"`
	Currency      string           `json:"currency"`
	Source        string           `json:"source"`
	Title         string           `json:"title"`
	TitleEN       string           `json:"-"`
	TitleTY       string           `json:"-"`
	Amount        int64            `json:"amount"`
	Kind          string           `json:"kind"`
	WagerMultiple int64            `json:"wagerMultiple"`
	WagerRequired int64            `json:"wagerRequired"`
	MaxBet        int64            `json:"maxBet"`
	MaxConvert    int64            `json:"maxConvert"`
	ValidDays     int              `json:"validDays"`
	Weights       map[string]int64 `json:"weights"`
	Status        string           `json:"status"`
	IssuedAt      int64            `json:"issuedAt"`
	ExpiresAt     int64            `json:"expiresAt"`
	ClaimedAt     *int64           `json:"claimedAt"`
	GrantID       int64            `json:"-"`
}

// Issue asks for a reward; Key makes it idempotent.
type Issue struct {
	Key           string
	MemberID      int64
	Currency      string
	Source        string
	TitleEN       string
	TitleTY       string
	Amount        int64
	Kind          string
	WagerMultiple int64
	WagerRequired int64
	MaxBet        int64
	MaxConvert    int64
	ValidDays     int
	Weights       map[string]int64
	ClaimBy       time.Time
}

// Bonuses is the game wallet's bonus balance (gamewallet.Service).
type Bonuses interface {
	GrantBonus(ctx context.Context, r gamewallet.GrantRequest) (gamewallet.Grant, error)
	Bonus(ctx context.Context, member int64) (gamewallet.Grant, bool, error)
}

// Poster posts to the ledger and opens accounts (wallet.Service).
type Poster interface {
	Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error)
	EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error)
}

// Brands is the brand configuration.
type Brands interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Service is the reward centre.
type Service struct {
	db      *db.DB
	bonuses Bonuses
	poster  Poster
	brands  Brands
	clock   clock.Clock
	logger  *slog.Logger
	linker  Linker // abuse flags of the welcome bonus (hold.go); nil: none
}

// NewService wires the reward centre.
func NewService(d *db.DB, bonuses Bonuses, poster Poster, brands Brands, clk clock.Clock, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{db: d, bonuses: bonuses, poster: poster, brands: brands, clock: clk, logger: logger}
}

// IssueTx stores a reward in tx (a consumer's or an issuer's transaction);
// a key issued before adds nothing.
func IssueTx(ctx context.Context, tx *db.Tx, r Issue, now time.Time) error {
	if r.Key == "" || r.MemberID <= 0 || r.Amount <= 0 || (r.Kind != KindCash && r.Kind != KindBonus) || !r.ClaimBy.After(now) {
		return apperr.Invalid("reward.invalid_issue")
	}
	weights, err := json.Marshal(r.Weights)
	if err != nil {
		return err
	}
	if r.Weights == nil {
		weights = []byte("{}")
	}
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO reward (reward_key, member_id, currency, source, title_en, title_ty, amount, kind, wager_multiple, wager_required,
		max_bet, max_convert, valid_days, weights, status, issued_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'ISSUED', ?, ?)
		ON CONFLICT (reward_key) DO NOTHING`),
		r.Key, r.MemberID, r.Currency, r.Source, r.TitleEN, r.TitleTY, r.Amount, r.Kind, r.WagerMultiple, r.WagerRequired,
		r.MaxBet, r.MaxConvert, r.ValidDays, string(weights), now.UnixMilli(), r.ClaimBy.UnixMilli())
	return err
}

// Issue stores a reward on its own.
func (s *Service) Issue(ctx context.Context, r Issue) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error { return IssueTx(ctx, tx, r, s.clock.Now()) })
}

const rewardCols = `id, member_id, currency, source, title_en, title_ty, amount, kind, wager_multiple, wager_required, max_bet, max_convert, valid_days, weights, status, issued_at, expires_at, claimed_at, grant_id`

func scanReward(row interface{ Scan(...any) error }) (Reward, error) {
	var r Reward
	var weights string
	var claimed int64
	err := row.Scan(&r.ID, &r.MemberID, &r.Currency, &r.Source, &r.TitleEN, &r.TitleTY, &r.Amount, &r.Kind, &r.WagerMultiple, &r.WagerRequired,
		&r.MaxBet, &r.MaxConvert, &r.ValidDays, &weights, &r.Status, &r.IssuedAt, &r.ExpiresAt, &claimed, &r.GrantID)
	if err != nil {
		return r, err
	}
	if claimed > 0 {
		r.ClaimedAt = &claimed
	}
	r.Weights = map[string]int64{}
	_ = json.Unmarshal([]byte(weights), &r.Weights)
	return r, nil
}

// Page is a page of a member's rewards.
type Page struct {
	List    []Reward `json:"list"`
	Total   int      `json:"total"`
	Waiting int      `json:"waiting"`
}

// List pages a member's rewards: waiting (issued, not expired) or history.
func (s *Service) List(ctx context.Context, member int64, history bool, lang string, page, size int) (Page, error) {
	now := s.clock.Now().UnixMilli()
	where := `member_id = ? AND status IN ('ISSUED', 'CLAIMING') AND expires_at > ?`
	if history {
		where = `member_id = ? AND (status IN ('CLAIMED', 'EXPIRED') OR (status = 'ISSUED' AND expires_at <= ?))`
	}
	var out Page
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM reward WHERE `+where), member, now).Scan(&out.Total); err != nil {
		return out, apperr.Internal(err, "count rewards")
	}
	w, err := s.Waiting(ctx, member)
	if err != nil {
		return out, err
	}
	out.Waiting = w
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+rewardCols+` FROM reward WHERE `+where+` ORDER BY id DESC LIMIT ? OFFSET ?`),
		member, now, size, (page-1)*size)
	if err != nil {
		return out, apperr.Internal(err, "select rewards")
	}
	defer rows.Close()
	out.List = []Reward{}
	for rows.Next() {
		r, err := scanReward(rows)
		if err != nil {
			return out, apperr.Internal(err, "scan reward")
		}
		out.List = append(out.List, s.shown(r, lang, now))
	}
	return out, rows.Err()
}

// shown is r as the member reads it: its title in lang, and EXPIRED once
// past its claim-by time.
func (s *Service) shown(r Reward, lang string, now int64) Reward {
	r.Title = r.TitleEN
	if lang == "TY" && r.TitleTY != "" {
		r.Title = r.TitleTY
	}
	if r.Status == StatusIssued && r.ExpiresAt <= now {
		r.Status = StatusExpired
	}
	if r.Status == StatusClaiming {
		r.Status = StatusClaimed
	}
	return r
}

// Waiting counts a member's rewards waiting to be claimed (the red badge,
// availablePromoCount).
func (s *Service) Waiting(ctx context.Context, member int64) (int, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM reward WHERE member_id = ? AND status = 'ISSUED' AND expires_at > ?`),
		member, s.clock.Now().UnixMilli()).Scan(&n)
	if err != nil {
		return 0, apperr.Internal(err, "count waiting rewards")
	}
	return n, nil
}

// WaitingFrom counts a member's rewards waiting to be claimed that came
// from the given sources (the missions page's red badge).
func (s *Service) WaitingFrom(ctx context.Context, member int64, sources ...string) (int, error) {
	if len(sources) == 0 {
		return 0, nil
	}
	args := []any{member, s.clock.Now().UnixMilli()}
	in := "?"
	for i, src := range sources {
		if i > 0 {
			in += ", ?"
		}
		args = append(args, src)
	}
	var n int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM reward WHERE member_id = ? AND status = 'ISSUED' AND expires_at > ? AND source IN (`+in+`)`),
		args...).Scan(&n)
	if err != nil {
		return 0, apperr.Internal(err, "count waiting rewards")
	}
	return n, nil
}

// KeyStatuses tells, of the rewards a member was issued under keys, each
// one's status as the member sees it (ISSUED, CLAIMED, EXPIRED); keys never
// issued are absent. The promotions engine shows its statuses from it.
func (s *Service) KeyStatuses(ctx context.Context, member int64, keys []string) (map[string]string, error) {
	out := map[string]string{}
	if len(keys) == 0 {
		return out, nil
	}
	q := `SELECT reward_key, status, expires_at FROM reward WHERE member_id = ? AND reward_key IN (?` + strings.Repeat(", ?", len(keys)-1) + `)`
	args := make([]any, 0, len(keys)+1)
	args = append(args, member)
	for _, k := range keys {
		args = append(args, k)
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(q), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select reward statuses")
	}
	defer rows.Close()
	now := s.clock.Now().UnixMilli()
	for rows.Next() {
		var k, st string
		var exp int64
		if err := rows.Scan(&k, &st, &exp); err != nil {
			return nil, apperr.Internal(err, "scan reward status")
		}
		out[k] = s.shown(Reward{Status: st, ExpiresAt: exp}, "EN", now).Status
	}
	return out, rows.Err()
}

func (s *Service) byID(ctx context.Context, member, id int64) (Reward, error) {
	r, err := scanReward(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+rewardCols+` FROM reward WHERE id = ? AND member_id = ?`), id, member))
	if db.IsNoRows(err) {
		return Reward{}, ErrNotFound
	}
	if err != nil {
		return Reward{}, apperr.Internal(err, "select reward")
	}
	return r, nil
}

// Claim claims one of the member's waiting rewards, exactly once: the row
// moves ISSUED -> CLAIMING by one conditional update (a concurrent claim
// finds it moved), then its money moves under keys of its own, then it is
// CLAIMED. A BONUS reward while another bonus is live goes back to ISSUED
// and answers ErrBonusActive.
func (s *Service) Claim(ctx context.Context, member, id int64, lang string) (Reward, *gamewallet.Grant, error) {
	now := s.clock.Now()
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE reward SET status = 'CLAIMING', claimed_at = ? WHERE id = ? AND member_id = ? AND status = 'ISSUED' AND expires_at > ?`),
		now.UnixMilli(), id, member, now.UnixMilli())
	if err != nil {
		return Reward{}, nil, apperr.Internal(err, "claim reward")
	}
	if n, _ := res.RowsAffected(); n != 1 {
		r, err := s.byID(ctx, member, id)
		switch {
		case err != nil:
			return Reward{}, nil, err
		case r.Status == StatusIssued && r.ExpiresAt <= now.UnixMilli(), r.Status == StatusExpired:
			return Reward{}, nil, ErrExpired
		}
		return Reward{}, nil, ErrClaimed
	}
	r, err := s.byID(ctx, member, id)
	if err != nil {
		return Reward{}, nil, err
	}
	g, err := s.pay(ctx, r)
	if errors.Is(err, gamewallet.ErrBonusActive) {
		if _, err2 := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE reward SET status = 'ISSUED', claimed_at = 0 WHERE id = ? AND status = 'CLAIMING'`), id); err2 != nil {
			return Reward{}, nil, apperr.Internal(err2, "unclaim reward")
		}
		return Reward{}, nil, ErrBonusActive
	}
	if err != nil {
		return Reward{}, nil, err
	}
	r.Status = StatusClaimed
	return s.shown(r, lang, now.UnixMilli()), g, nil
}

// ClaimByKey claims the member's reward issued under key (a service that
// pays at once what it issued: VIP bonus bets).
func (s *Service) ClaimByKey(ctx context.Context, member int64, key, lang string) (Reward, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT id FROM reward WHERE reward_key = ? AND member_id = ?`), key, member).Scan(&id)
	if db.IsNoRows(err) {
		return Reward{}, ErrNotFound
	}
	if err != nil {
		return Reward{}, apperr.Internal(err, "select reward")
	}
	r, _, err := s.Claim(ctx, member, id, lang)
	return r, err
}

// BySources is the member's latest rewards of the given sources, newest
// first, waiting or not (a feature's own reward history).
func (s *Service) BySources(ctx context.Context, member int64, sources []string, lang string, limit int) ([]Reward, error) {
	out := []Reward{}
	if len(sources) == 0 {
		return out, nil
	}
	args := []any{member}
	for _, src := range sources {
		args = append(args, src)
	}
	args = append(args, limit)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+rewardCols+` FROM reward WHERE member_id = ? AND source IN (?`+strings.Repeat(`, ?`, len(sources)-1)+`)
		ORDER BY id DESC LIMIT ?`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select rewards")
	}
	defer rows.Close()
	now := s.clock.Now().UnixMilli()
	for rows.Next() {
		r, err := scanReward(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan reward")
		}
		out = append(out, s.shown(r, lang, now))
	}
	return out, rows.Err()
}

// pay moves a CLAIMING reward's money and marks it CLAIMED.
func (s *Service) pay(ctx context.Context, r Reward) (*gamewallet.Grant, error) {
	key := "reward:" + strconv.FormatInt(r.ID, 10)
	var grant *gamewallet.Grant
	switch r.Kind {
	case KindBonus:
		g, err := s.bonuses.GrantBonus(ctx, gamewallet.GrantRequest{Key: key, MemberID: r.MemberID, Currency: r.Currency, Source: r.Source,
			Title: r.TitleEN, Amount: r.Amount, WagerRequired: r.WagerRequired, MaxBet: r.MaxBet, MaxConvert: r.MaxConvert,
			Weights: r.Weights, ValidFor: time.Duration(r.ValidDays) * 24 * time.Hour})
		if err != nil {
			return nil, err
		}
		grant = &g
		r.GrantID = g.ID
	default:
		promo, err := s.poster.EnsureAccount(ctx, ledger.System(ledger.PurposePromotion, r.Currency))
		if err != nil {
			return nil, err
		}
		main, err := s.poster.EnsureAccount(ctx, ledger.PlayerMain(r.MemberID, r.Currency))
		if err != nil {
			return nil, err
		}
		_, err = s.poster.Post(ctx, ledger.PostingRequest{Key: key, Kind: ledger.KindReward,
			Lines:    []ledger.Line{{AccountID: promo.ID, Amount: -r.Amount, Currency: r.Currency}, {AccountID: main.ID, Amount: r.Amount, Currency: r.Currency}},
			Metadata: map[string]string{"reward": strconv.FormatInt(r.ID, 10), "source": r.Source},
			Facts: []activity.Fact{{Key: key, Kind: activity.BonusGranted, MemberID: r.MemberID, Currency: r.Currency, Amount: r.Amount,
				Ref: strconv.FormatInt(r.ID, 10), Detail: r.Source, At: s.clock.Now()}}})
		if err != nil {
			return nil, err
		}
	}
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE reward SET status = 'CLAIMED', grant_id = ? WHERE id = ? AND status = 'CLAIMING'`), r.GrantID, r.ID); err != nil {
		return nil, apperr.Internal(err, "mark reward claimed")
	}
	return grant, nil
}

// ClaimAll claims every waiting CASH reward and the oldest waiting BONUS
// reward when no bonus is live.
func (s *Service) ClaimAll(ctx context.Context, member int64, lang string) (claimed, skipped int, err error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, kind FROM reward WHERE member_id = ? AND status = 'ISSUED' AND expires_at > ? ORDER BY id`),
		member, s.clock.Now().UnixMilli())
	if err != nil {
		return 0, 0, apperr.Internal(err, "select waiting rewards")
	}
	type item struct {
		id   int64
		kind string
	}
	var items []item
	for rows.Next() {
		var it item
		if err := rows.Scan(&it.id, &it.kind); err != nil {
			rows.Close()
			return 0, 0, apperr.Internal(err, "scan reward")
		}
		items = append(items, it)
	}
	rows.Close()
	bonusTaken := false
	for _, it := range items {
		if it.kind == KindBonus && bonusTaken {
			skipped++
			continue
		}
		_, _, err := s.Claim(ctx, member, it.id, lang)
		switch {
		case err == nil:
			claimed++
			bonusTaken = bonusTaken || it.kind == KindBonus
		case errors.Is(err, ErrBonusActive):
			skipped++
			bonusTaken = true
		case errors.Is(err, ErrClaimed), errors.Is(err, ErrExpired):
		default:
			return claimed, skipped, err
		}
	}
	return claimed, skipped, nil
}

// Sweep finishes claims a crash left half done (CLAIMING for over a
// minute) and marks expired rewards EXPIRED.
func (s *Service) Sweep(ctx context.Context) error {
	now := s.clock.Now().UnixMilli()
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE reward SET status = 'EXPIRED' WHERE status = 'ISSUED' AND expires_at <= ?`), now); err != nil {
		return apperr.Internal(err, "expire rewards")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+rewardCols+` FROM reward WHERE status = 'CLAIMING' AND claimed_at < ? ORDER BY id LIMIT 100`), now-60_000)
	if err != nil {
		return apperr.Internal(err, "select claiming rewards")
	}
	var stuck []Reward
	for rows.Next() {
		r, err := scanReward(rows)
		if err != nil {
			rows.Close()
			return err
		}
		stuck = append(stuck, r)
	}
	rows.Close()
	for _, r := range stuck {
		if _, err := s.pay(ctx, r); errors.Is(err, gamewallet.ErrBonusActive) {
			_, err = s.db.ExecContext(ctx, s.db.Rebind(`UPDATE reward SET status = 'ISSUED', claimed_at = 0 WHERE id = ? AND status = 'CLAIMING'`), r.ID)
			if err != nil {
				return err
			}
		} else if err != nil {
			return err
		}
	}
	return nil
}

// Run sweeps every interval until ctx ends.
func (s *Service) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
				s.logger.ErrorContext(ctx, "reward sweep", "err", err)
			}
		}
	}
}

// Welcome is the stream consumer "rewards.welcome": a member's first
// deposit (the first deposit.credited fact of the member in the stream),
// credited at or after the brand's welcome StartsAt and of at least its
// MinDeposit, issues the welcome BONUS reward.
type Welcome struct{ s *Service }

// WelcomeConsumer is the service's welcome promotion.
func (s *Service) WelcomeConsumer() *Welcome { return &Welcome{s} }

// Name implements activity.Consumer.
func (*Welcome) Name() string { return "rewards.welcome" }

// Wants implements activity.Selective.
func (*Welcome) Wants() activity.Filter {
	return activity.Filter{Kinds: []activity.Kind{activity.DepositCredited}}
}

// Reset implements activity.Consumer: the first deposits are seen again;
// rewards issued stay (their keys make a replay add nothing).
func (*Welcome) Reset(ctx context.Context, tx *db.Tx) error {
	_, err := tx.ExecContext(ctx, `DELETE FROM reward_first_deposit`)
	return err
}

// Apply implements activity.Consumer.
func (c *Welcome) Apply(ctx context.Context, tx *db.Tx, events []activity.Event) error {
	b, err := c.s.brands.Current(ctx)
	if err != nil {
		return err
	}
	w := b.Rewards.Welcome
	for _, e := range events {
		res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO reward_first_deposit (member_id, deposited_at) VALUES (?, ?) ON CONFLICT (member_id) DO NOTHING`),
			e.MemberID, e.At.UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n != 1 {
			continue // not the member's first deposit
		}
		if w.Percent <= 0 || e.Amount < w.MinDeposit || e.At.UnixMilli() < w.StartsAt {
			continue
		}
		amount := min(e.Amount*w.Percent/100, w.Cap)
		if amount <= 0 {
			continue
		}
		base := amount
		if w.WagerWithDeposit {
			base += e.Amount
		}
		issue := IssueTx
		if c.s.linker != nil {
			flags, linked, err := c.s.welcomeLinks(ctx, tx, e.MemberID)
			if err != nil {
				return err
			}
			if len(flags) > 0 { // one welcome bonus per person: held for an operator (hold.go)
				issue = func(ctx context.Context, tx *db.Tx, r Issue, now time.Time) error {
					return HoldTx(ctx, tx, r, flags, linked, now)
				}
			}
		}
		err = issue(ctx, tx, Issue{Key: "welcome:" + strconv.FormatInt(e.MemberID, 10), MemberID: e.MemberID, Currency: e.Currency, Source: SourceWelcome,
			TitleEN: "Welcome Bonus", TitleTY: "Welcome Bonus sa unang deposito", Amount: amount, Kind: KindBonus,
			WagerMultiple: w.WagerMultiple, WagerRequired: base * w.WagerMultiple, MaxBet: w.MaxBet, MaxConvert: w.MaxConvert, ValidDays: w.ValidDays,
			Weights: w.Weights, ClaimBy: e.At.Add(time.Duration(w.ClaimDays) * 24 * time.Hour)}, e.At)
		if err != nil {
			return err
		}
	}
	return nil
}

// messages are the server-side EN/TY texts of the reward codes; the web has
// its own under errors.* in every language.
var messages = map[string][2]string{
	"reward.not_found": {"This reward does not exist.", "Walang ganitong reward."},
	"reward.claimed":   {"This reward has been claimed already.", "Nakuha na ang reward na ito."},
	"reward.expired":   {"This reward has expired and can no longer be claimed.", "Nag-expire na ang reward na ito at hindi na makukuha."},
	"reward.bonus_active": {"You already have an active bonus. Finish its wagering or cancel it before claiming another bonus.",
		"May aktibo ka nang bonus. Tapusin ang wagering nito o kanselahin ito bago kumuha ng isa pang bonus."},
	"reward.real_only":     {"Rewards are for real accounts. Register to collect them.", "Para sa totoong account ang mga reward. Mag-register para makuha ang mga ito."},
	"reward.invalid_issue": {"This reward cannot be issued.", "Hindi maibibigay ang reward na ito."},
	"bonus.none":           {"You have no active bonus.", "Wala kang aktibong bonus."},
}

func init() {
	for code, m := range messages {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
