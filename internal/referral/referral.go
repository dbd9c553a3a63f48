// Package referral is the refer-a-friend program (issue 32 part 8,
// docs/rewards.md "Referral"): each member's referral code and link while
// the brand's REFERRAL switch is on, the referrals registrations record
// (the member.referred fact), their progress from the activity stream
// (the consumer "referral.progress": the friend's first deposit and valid
// bets within the rule's window) and the referrer's reward, issued into
// the reward centre under the key "referral:<friend id>", or held for an
// operator when the two members share a device, IP, payout account or
// phone.
package referral

import (
	"context"
	"crypto/rand"
	"errors"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/rewards"
)

// Stored statuses of a referral.
const (
	StatusRegistered = "REGISTERED" // the friend registered with the code
	StatusDeposited  = "DEPOSITED"  // its first deposit met the rule, in the window
	StatusMissed     = "MISSED"     // its first deposit was below the rule or after the window
	StatusQualified  = "QUALIFIED"  // the rule was met; the reward was issued
	StatusHeld       = "HELD"       // the rule was met; the reward is held for review
)

// Statuses as the referrer sees them (View): the stored ones, with the
// reward's own state folded in.
const (
	ShowRegistered = "REGISTERED"
	ShowDeposited  = "DEPOSITED"
	ShowQualified  = "QUALIFIED" // reward waiting in the reward centre
	ShowRewarded   = "REWARDED"  // reward claimed
	ShowHeld       = "HELD"      // held for review
	ShowRejected   = "REJECTED"  // an operator refused the held reward
	ShowExpired    = "EXPIRED"   // the window passed, the first deposit missed the rule, or the reward went unclaimed
)

// SourceReferral is the reward centre's source of a referral reward.
const SourceReferral = "REFERRAL"

var (
	ErrDisabled    = apperr.Forbidden("referral.disabled")
	ErrCodeInvalid = apperr.Invalid("referral.code_invalid")
	ErrRealOnly    = apperr.Forbidden("referral.real_only")
)

// Brands is the brand configuration (brand.Service).
type Brands interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Rewards is the reward centre's view of reward keys (rewards.Service).
type Rewards interface {
	KeyStates(ctx context.Context, keys []string) (map[string]rewards.KeyState, error)
}

// Members reads members (account.Service).
type Members interface {
	MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error)
}

// Service is the referral program.
type Service struct {
	db      *db.DB
	brands  Brands
	rewards Rewards
	members Members
	linker  rewards.Linker // nil: nothing is held
	clock   clock.Clock
	logger  *slog.Logger
}

// NewService wires the program; linker answers the abuse flags.
func NewService(d *db.DB, brands Brands, rw Rewards, members Members, linker rewards.Linker, clk clock.Clock, logger *slog.Logger) *Service {
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{db: d, brands: brands, rewards: rw, members: members, linker: linker, clock: clk, logger: logger}
}

// Program is the brand's program: whether it runs and its rule.
func (s *Service) Program(ctx context.Context) (*brand.Config, bool, error) {
	b, err := s.brands.Current(ctx)
	if err != nil {
		return nil, false, err
	}
	return b, b.SwitchOn("REFERRAL") && b.Rewards.Referral.Amount > 0, nil
}

// codeAlphabet leaves out letters and digits read alike (0 O 1 I L).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

// CodeLen is the length of a referral code.
const CodeLen = 8

func newCode() string {
	b := make([]byte, CodeLen)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

// Code is the member's referral code, made on first use; ErrDisabled while
// the program is off.
func (s *Service) Code(ctx context.Context, member int64) (string, error) {
	if _, on, err := s.Program(ctx); err != nil {
		return "", err
	} else if !on {
		return "", ErrDisabled
	}
	for try := 0; try < 5; try++ {
		var code string
		err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT code FROM referral_code WHERE member_id = ?`), member).Scan(&code)
		if err == nil {
			return code, nil
		}
		if !db.IsNoRows(err) {
			return "", apperr.Internal(err, "select referral code")
		}
		// A clash with another member's code, or a second request making
		// this member's at once, is read again on the next try.
		if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO referral_code (member_id, code, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING`),
			member, newCode(), s.clock.Now().UnixMilli()); err != nil {
			return "", apperr.Internal(err, "insert referral code")
		}
	}
	return "", apperr.Internal(errors.New("referral code clashes five times"), "referral code")
}

// ReferrerOf is the member a code belongs to, 0 for an unknown or
// malformed one (account.Referrals: such a code refers nobody).
func (s *Service) ReferrerOf(ctx context.Context, code string) (int64, error) {
	id, err := s.ReferrerByCode(ctx, code)
	if errors.Is(err, ErrCodeInvalid) {
		return 0, nil
	}
	return id, err
}

// ReferrerByCode is the member a code belongs to; ErrCodeInvalid for an
// unknown or malformed one.
func (s *Service) ReferrerByCode(ctx context.Context, code string) (int64, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	if len(code) != CodeLen || strings.Trim(code, codeAlphabet) != "" {
		return 0, ErrCodeInvalid
	}
	var id int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT member_id FROM referral_code WHERE code = ?`), code).Scan(&id)
	if db.IsNoRows(err) {
		return 0, ErrCodeInvalid
	}
	if err != nil {
		return 0, apperr.Internal(err, "select referral code")
	}
	return id, nil
}

// Referral is one referred member as stored.
type Referral struct {
	ReferredID      int64
	ReferrerID      int64
	Code            string
	RegisteredAt    int64
	WindowEnds      int64
	Amount          int64
	MinFirstDeposit int64
	MinValidBets    int64
	ClaimDays       int
	Currency        string
	FirstDeposit    int64
	FirstDepositAt  int64
	ValidBets       int64
	Status          string
	QualifiedAt     int64
	Flags           string
}

const cols = `referred_id, referrer_id, code, registered_at, window_ends, amount, min_first_deposit, min_valid_bets, claim_days, currency,
	first_deposit, first_deposit_at, valid_bets, status, qualified_at, flags`

func scan(row interface{ Scan(...any) error }) (Referral, error) {
	var r Referral
	err := row.Scan(&r.ReferredID, &r.ReferrerID, &r.Code, &r.RegisteredAt, &r.WindowEnds, &r.Amount, &r.MinFirstDeposit, &r.MinValidBets,
		&r.ClaimDays, &r.Currency, &r.FirstDeposit, &r.FirstDepositAt, &r.ValidBets, &r.Status, &r.QualifiedAt, &r.Flags)
	return r, err
}

// RewardKey is the reward centre's key of the referral of friend.
func RewardKey(friend int64) string { return "referral:" + strconv.FormatInt(friend, 10) }

// Friend is a referred member as its referrer (or an operator) sees it.
type Friend struct {
	MemberID        int64    `json:"memberId,omitempty"`
	Account         string   `json:"account"`
	RegisteredAt    int64    `json:"registeredAt"`
	WindowEnds      int64    `json:"windowEnds"`
	FirstDeposit    int64    `json:"firstDeposit"`
	ValidBets       int64    `json:"validBets"`
	MinFirstDeposit int64    `json:"minFirstDeposit"`
	MinValidBets    int64    `json:"minValidBets"`
	Amount          int64    `json:"amount"`
	Status          string   `json:"status"`
	QualifiedAt     int64    `json:"qualifiedAt"`
	Flags           []string `json:"flags,omitempty"`
}

// Totals sum a referrer's friends.
type Totals struct {
	Invited   int   `json:"invited"`
	Qualified int   `json:"qualified"` // qualified or rewarded
	Earned    int64 `json:"earned"`    // rewards claimed
	Waiting   int64 `json:"waiting"`   // rewards waiting in the reward centre
	Held      int   `json:"held"`
}

// MaxFriends bounds the friends a page lists (newest first).
const MaxFriends = 200

// Friends lists the members referrer referred, newest first, with their
// status; masked hides their usernames (the referrer's page).
func (s *Service) Friends(ctx context.Context, referrer int64, masked bool) ([]Friend, Totals, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+cols+` FROM referral WHERE referrer_id = ? ORDER BY registered_at DESC, referred_id DESC LIMIT ?`),
		referrer, MaxFriends)
	if err != nil {
		return nil, Totals{}, apperr.Internal(err, "select referrals")
	}
	var list []Referral
	for rows.Next() {
		r, err := scan(rows)
		if err != nil {
			rows.Close()
			return nil, Totals{}, apperr.Internal(err, "scan referral")
		}
		list = append(list, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, Totals{}, apperr.Internal(err, "select referrals")
	}
	var tot Totals
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM referral WHERE referrer_id = ?`), referrer).Scan(&tot.Invited); err != nil {
		return nil, Totals{}, apperr.Internal(err, "count referrals")
	}
	out, err := s.shown(ctx, list, masked)
	if err != nil {
		return nil, Totals{}, err
	}
	for _, f := range out {
		switch f.Status {
		case ShowQualified:
			tot.Qualified++
			tot.Waiting += f.Amount
		case ShowRewarded:
			tot.Qualified++
			tot.Earned += f.Amount
		case ShowHeld:
			tot.Held++
		}
	}
	return out, tot, nil
}

// ReferredBy is who referred member (0: nobody).
func (s *Service) ReferredBy(ctx context.Context, member int64) (int64, error) {
	var id int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT referrer_id FROM referral WHERE referred_id = ?`), member).Scan(&id)
	if db.IsNoRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, apperr.Internal(err, "select referrer")
	}
	return id, nil
}

// shown folds the reward centre's state into each referral's status.
func (s *Service) shown(ctx context.Context, list []Referral, masked bool) ([]Friend, error) {
	out := make([]Friend, 0, len(list))
	if len(list) == 0 {
		return out, nil
	}
	keys := make([]string, 0, len(list))
	ids := make([]int64, 0, len(list))
	for _, r := range list {
		ids = append(ids, r.ReferredID)
		if r.Status == StatusQualified || r.Status == StatusHeld {
			keys = append(keys, RewardKey(r.ReferredID))
		}
	}
	states, err := s.rewards.KeyStates(ctx, keys)
	if err != nil {
		return nil, err
	}
	members, err := s.members.MembersByID(ctx, ids)
	if err != nil {
		return nil, apperr.Internal(err, "read members")
	}
	now := s.clock.Now().UnixMilli()
	for _, r := range list {
		f := Friend{Account: members[r.ReferredID].Account, RegisteredAt: r.RegisteredAt, WindowEnds: r.WindowEnds, FirstDeposit: r.FirstDeposit,
			ValidBets: r.ValidBets, MinFirstDeposit: r.MinFirstDeposit, MinValidBets: r.MinValidBets, Amount: r.Amount, QualifiedAt: r.QualifiedAt}
		if masked {
			f.Account = mask(f.Account)
		} else {
			f.MemberID = r.ReferredID
			if r.Flags != "" {
				f.Flags = strings.Split(r.Flags, ",")
			}
		}
		f.Status = status(r, states[RewardKey(r.ReferredID)], now)
		out = append(out, f)
	}
	return out, nil
}

func status(r Referral, st rewards.KeyState, now int64) string {
	switch r.Status {
	case StatusRegistered, StatusDeposited:
		if now > r.WindowEnds {
			return ShowExpired
		}
		return r.Status
	case StatusMissed:
		return ShowExpired
	}
	switch {
	case st.Hold == rewards.HoldRejected:
		return ShowRejected
	case st.Reward == rewards.StatusClaimed:
		return ShowRewarded
	case st.Reward == rewards.StatusExpired:
		return ShowExpired
	case st.Reward != "":
		return ShowQualified
	}
	return ShowHeld
}

// mask shows a friend's username as the winner boards do ("juan88" ->
// "ju***88").
func mask(name string) string {
	r := []rune(name)
	if len(r) <= 4 {
		if len(r) == 0 {
			return "***"
		}
		return string(r[:1]) + "***"
	}
	return string(r[:2]) + "***" + string(r[len(r)-2:])
}

func days(n int) time.Duration { return time.Duration(n) * 24 * time.Hour }

func init() {
	for code, m := range map[string][2]string{
		"referral.disabled":     {"The referral program is not available.", "Hindi available ang programang pag-imbita ngayon."},
		"referral.code_invalid": {"This referral code is not valid. Check the link your friend sent.", "Hindi wasto ang code ng pag-imbita na ito. Suriin ang link na ipinadala ng iyong kaibigan."},
		"referral.real_only":    {"Referrals are for real accounts. Register to invite friends.", "Para sa totoong account ang pag-imbita. Mag-register para makapag-imbita ng kaibigan."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
