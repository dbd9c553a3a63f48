package agent

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// MaxRemark bounds a transfer's remark (characters).
const MaxRemark = 60

// Directions of a transfer (the fact's Detail).
const (
	ToDownline = "downline"
	ToUpline   = "upline"
)

// TransferRequest is the body of both transfer endpoints.
type TransferRequest struct {
	Username        string `json:"username"` // the recipient (to a downline only)
	Amount          int64  `json:"amount"`
	PaymentPassword string `json:"paymentPassword"`
	Remark          string `json:"remark"`
}

// TransferResult answers a transfer.
type TransferResult struct {
	PostingID int64  `json:"postingId"`
	Reference string `json:"reference"`
	From      string `json:"from"`
	To        string `json:"to"`
	Amount    int64  `json:"amount"`
	Balance   int64  `json:"balance"`
	Replay    bool   `json:"replay"`
}

// TransferInfo answers GET /wps/agent/transfer and GET /wps/transfer/upline.
type TransferInfo struct {
	Upline   *Ref   `json:"upline,omitempty"`
	Balance  int64  `json:"balance"`
	Min      int64  `json:"min"`
	Max      int64  `json:"max"`
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

func (s *Service) limits(ctx context.Context) (brand.TransferRules, error) {
	c, err := s.d.Brand.Current(ctx)
	if err != nil {
		return brand.TransferRules{}, err
	}
	return c.Cashier.AgentTransferLimits(), nil
}

func (s *Service) info(ctx context.Context, memberID int64) (TransferInfo, error) {
	l, err := s.limits(ctx)
	if err != nil {
		return TransferInfo{}, err
	}
	cur, dec, err := s.d.Wallet.Currency(ctx)
	if err != nil {
		return TransferInfo{}, err
	}
	bal, _, err := s.d.Wallet.MainBalancesOf(ctx, []int64{memberID})
	if err != nil {
		return TransferInfo{}, err
	}
	return TransferInfo{Balance: bal[memberID], Min: l.Min, Max: l.Max, Currency: cur, Decimals: dec}, nil
}

// AgentTransferInfo is the agent's balance and the limits.
func (s *Service) AgentTransferInfo(ctx context.Context, c account.Caller) (TransferInfo, error) {
	if err := requireAgent(c); err != nil {
		return TransferInfo{}, err
	}
	return s.info(ctx, c.MemberID)
}

// UplineInfo is the member's upline (nil: none), balance and the limits.
func (s *Service) UplineInfo(ctx context.Context, c account.Caller) (TransferInfo, error) {
	if err := account.Allowed(c, account.RoleMember, account.RoleAgent); err != nil {
		return TransferInfo{}, err
	}
	out, err := s.info(ctx, c.MemberID)
	if err != nil {
		return TransferInfo{}, err
	}
	ms, err := s.d.Members.MembersByID(ctx, []int64{c.MemberID})
	if err != nil {
		return TransferInfo{}, err
	}
	if p := ms[c.MemberID].ParentID; p != 0 {
		ps, err := s.d.Members.MembersByID(ctx, []int64{p})
		if err != nil {
			return TransferInfo{}, err
		}
		if m, ok := ps[p]; ok {
			out.Upline = &Ref{ID: m.ID, Account: m.Account, Nickname: m.Nickname, Type: m.Type}
		}
	}
	return out, nil
}

// ToDownlineMember moves money from the calling agent to a member of its
// direct downline. The upline is read from the account domain (parent_id),
// not from the tree, so a move takes effect at once.
func (s *Service) ToDownlineMember(ctx context.Context, c account.Caller, req TransferRequest, key string) (TransferResult, error) {
	if err := requireAgent(c); err != nil {
		return TransferResult{}, err
	}
	name := strings.TrimSpace(req.Username)
	if name == "" {
		return TransferResult{}, apperr.Invalid("request.required").With("field", "username")
	}
	to, err := s.d.Members.MemberIDByAccount(ctx, name)
	if err != nil {
		if apperr.As(err).Kind == apperr.KindNotFound {
			return TransferResult{}, notInTeam()
		}
		return TransferResult{}, err
	}
	if to == c.MemberID {
		return TransferResult{}, apperr.Invalid("agent.transfer_self")
	}
	ms, err := s.d.Members.MembersByID(ctx, []int64{c.MemberID, to})
	if err != nil {
		return TransferResult{}, err
	}
	rcpt, ok := ms[to]
	if !ok || rcpt.ParentID != c.MemberID || rcpt.Type == account.TypeTrial {
		return TransferResult{}, notInTeam()
	}
	return s.transfer(ctx, ms[c.MemberID], rcpt, req, key, ToDownline)
}

// ToUpline moves money from the calling member (or agent) to its direct upline.
func (s *Service) ToUpline(ctx context.Context, c account.Caller, req TransferRequest, key string) (TransferResult, error) {
	if err := account.Allowed(c, account.RoleMember, account.RoleAgent); err != nil {
		return TransferResult{}, err
	}
	ms, err := s.d.Members.MembersByID(ctx, []int64{c.MemberID})
	if err != nil {
		return TransferResult{}, err
	}
	me, ok := ms[c.MemberID]
	if !ok {
		return TransferResult{}, apperr.Unauthorized("auth.token_required")
	}
	if me.ParentID == 0 {
		return TransferResult{}, apperr.Conflict("agent.no_upline")
	}
	ps, err := s.d.Members.MembersByID(ctx, []int64{me.ParentID})
	if err != nil {
		return TransferResult{}, err
	}
	up, ok := ps[me.ParentID]
	if !ok {
		return TransferResult{}, apperr.Conflict("agent.no_upline")
	}
	return s.transfer(ctx, me, up, req, key, ToUpline)
}

// transfer checks the amount, the limits and the payment password and
// posts main -> main under the key agent-transfer:<from>:<key>, with the
// transfer.agent fact in the posting's transaction.
func (s *Service) transfer(ctx context.Context, from, to account.Member, req TransferRequest, key, direction string) (TransferResult, error) {
	if req.Amount <= 0 {
		return TransferResult{}, apperr.Invalid("agent.amount_invalid")
	}
	remark := strings.TrimSpace(req.Remark)
	if utf8.RuneCountInString(remark) > MaxRemark {
		return TransferResult{}, apperr.Invalid("agent.remark_too_long").With("max", MaxRemark)
	}
	l, err := s.limits(ctx)
	if err != nil {
		return TransferResult{}, err
	}
	if req.Amount < l.Min {
		return TransferResult{}, apperr.Invalid("agent.amount_below_min").With("min", l.Min)
	}
	if req.Amount > l.Max {
		return TransferResult{}, apperr.Invalid("agent.amount_above_max").With("max", l.Max)
	}
	if to.Status != account.StatusActive {
		return TransferResult{}, apperr.Conflict("agent.recipient_disabled")
	}
	if err := s.d.Passwords.VerifyPaymentPassword(ctx, from.ID, req.PaymentPassword); err != nil {
		return TransferResult{}, err
	}
	src, err := s.d.Wallet.MainAccountOf(ctx, from.ID)
	if err != nil {
		return TransferResult{}, err
	}
	dst, err := s.d.Wallet.MainAccountOf(ctx, to.ID)
	if err != nil {
		return TransferResult{}, err
	}
	pkey := "agent-transfer:" + strconv.FormatInt(from.ID, 10) + ":" + key
	meta := map[string]string{"remark": from.Account + " → " + to.Account, "direction": direction,
		"from": strconv.FormatInt(from.ID, 10), "to": strconv.FormatInt(to.ID, 10)}
	if remark != "" {
		meta["remark"] += " (" + remark + ")"
	}
	now := s.d.Clock.Now()
	p, err := s.d.Wallet.Post(ctx, ledger.PostingRequest{Key: pkey, Kind: ledger.KindAgentTransfer, Metadata: meta,
		Lines: []ledger.Line{{AccountID: src.ID, Amount: -req.Amount, Currency: src.Currency}, {AccountID: dst.ID, Amount: req.Amount, Currency: dst.Currency}},
		Facts: []activity.Fact{{Key: pkey, Kind: activity.AgentTransfer, MemberID: from.ID, Currency: src.Currency, Amount: req.Amount,
			Ref: strconv.FormatInt(to.ID, 10), Detail: direction, At: now}}})
	if err != nil {
		if errors.Is(err, ledger.ErrInsufficientFunds) {
			return TransferResult{}, apperr.Conflict("agent.insufficient_balance")
		}
		return TransferResult{}, err
	}
	out := TransferResult{PostingID: p.ID, Reference: "P" + strconv.FormatInt(p.ID, 10), From: from.Account, To: to.Account, Amount: req.Amount, Replay: p.Replay}
	for i, ln := range p.Lines {
		if ln.AccountID == src.ID && i < len(p.BalancesAfter) {
			out.Balance = p.BalancesAfter[i]
		}
	}
	return out, nil
}
