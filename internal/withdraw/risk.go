package withdraw

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
)

// Risk flags an operator sees on a withdrawal waiting for review (or
// decided): what a careful cashier would check before paying. They are
// worked out when the order is read, from this domain's own records, the
// daily figures and, for shared IPs, the accounts (Linked).
const (
	// RiskTurnoverNotMet: the betting requirement is not met now (a round
	// counted when it was asked for was rolled back since, say).
	RiskTurnoverNotMet = "turnover_not_met"
	// RiskNewPayoutAccount: the payout account was added less than 24 hours
	// before the withdrawal was asked for.
	RiskNewPayoutAccount = "new_payout_account"
	// RiskPayeeMismatch: the payout account's holder is not the member's
	// real name (as it stands now).
	RiskPayeeMismatch = "payee_mismatch"
	// RiskSharedPayoutAccount: another member has or had the same account.
	RiskSharedPayoutAccount = "shared_payout_account"
	// RiskSharedIP: another member registered or logged in from one of this
	// member's IP addresses.
	RiskSharedIP = "shared_ip"
	// RiskFirstWithdrawal: no withdrawal of this member was paid before.
	RiskFirstWithdrawal = "first_withdrawal"
	// RiskUnusualAmount: at least UnusualFactor times the average of the
	// member's last paid withdrawals (when there are UnusualMinHistory).
	RiskUnusualAmount = "unusual_amount"
)

// RiskFlags lists every flag in the order they are shown.
var RiskFlags = []string{RiskTurnoverNotMet, RiskPayeeMismatch, RiskSharedPayoutAccount, RiskSharedIP, RiskNewPayoutAccount,
	RiskUnusualAmount, RiskFirstWithdrawal}

const (
	newAccountWindow  = 24 * time.Hour
	UnusualFactor     = 3
	UnusualMinHistory = 3
	unusualHistory    = 10 // paid withdrawals the average is taken over
)

// Linked tells whether another member shares one of a member's IPs
// (the accounts' registrations and logins); nil: not asked.
type Linked interface {
	SharesIP(ctx context.Context, memberID int64) (bool, error)
}

// UseLinked sets who answers the shared-IP flag.
func (s *Service) UseLinked(l Linked) { s.linked = l }

// Bonus is the member's bonus balance (the game wallet): a withdrawal with a
// live bonus forfeits it, once the member confirms.
type Bonus interface {
	LiveBonus(ctx context.Context, member int64) (balance int64, live bool, err error)
	ForfeitForWithdrawal(ctx context.Context, member int64) error
}

// UseBonus sets the bonus balance a withdrawal checks.
func (s *Service) UseBonus(b Bonus) { s.bonus = b }

// riskPage is what the flags of one page's orders share, read once per page
// instead of once per order: the brand's settings, each member (and whether
// they share an IP) once, and the page's payout accounts' ages and sharing
// in one query each. The flags are the same as order by order.
type riskPage struct {
	cfg     *brand.Config
	members map[int64]account.Member
	ip      map[int64]bool
	added   map[int64]int64 // payout account id -> created_at
	shared  map[payee]map[int64]bool
}

// payee is a payout account as the sharing check sees it.
type payee struct{ bank, number string }

// newRiskPage reads what list's flags share.
func (s *Service) newRiskPage(ctx context.Context, list []order) (*riskPage, error) {
	p := &riskPage{members: map[int64]account.Member{}, ip: map[int64]bool{}}
	cfg, err := s.brandConfig(ctx)
	if err != nil {
		return nil, err
	}
	p.cfg = cfg
	var ids []int64
	var payees []payee
	for _, o := range list {
		ids = append(ids, o.AccountID)
		payees = append(payees, payee{o.BankCode, o.AccountNumber})
	}
	if p.added, err = s.store.AccountsAddedAt(ctx, ids); err != nil {
		return nil, err
	}
	if p.shared, err = s.store.AccountHolders(ctx, payees); err != nil {
		return nil, err
	}
	return p, nil
}

// member reads a member once per page.
func (p *riskPage) member(ctx context.Context, s *Service, id int64) (account.Member, error) {
	if m, ok := p.members[id]; ok {
		return m, nil
	}
	m, err := s.members.MemberByID(ctx, id)
	if err != nil {
		return m, err
	}
	p.members[id] = m
	return m, nil
}

// risks works out o's flags (p: its page's shared reads).
func (s *Service) risks(ctx context.Context, o order, p *riskPage) ([]string, error) {
	flags := []string{}
	add := func(on bool, flag string) {
		if on {
			flags = append(flags, flag)
		}
	}
	// Only a pending order can still be held back by the requirement.
	if o.Status == StatusPendingReview {
		t, err := s.turnover(ctx, o.MemberID, o.Currency, p.cfg.Cashier.Turnover())
		if err != nil {
			return nil, err
		}
		add(t.Remaining > 0, RiskTurnoverNotMet)
	}
	m, err := p.member(ctx, s, o.MemberID)
	if err != nil {
		return nil, err
	}
	add(normalName(m.PayeeName) != normalName(o.AccountName), RiskPayeeMismatch)
	holders := p.shared[payee{o.BankCode, o.AccountNumber}]
	shared := false
	for id := range holders {
		shared = shared || id != o.MemberID
	}
	add(shared, RiskSharedPayoutAccount)
	if s.linked != nil {
		ip, ok := p.ip[o.MemberID]
		if !ok {
			if ip, err = s.linked.SharesIP(ctx, o.MemberID); err != nil {
				return nil, err
			}
			p.ip[o.MemberID] = ip
		}
		add(ip, RiskSharedIP)
	}
	added := p.added[o.AccountID]
	add(added > 0 && o.CreatedAt-added < newAccountWindow.Milliseconds(), RiskNewPayoutAccount)
	paid, err := s.store.PaidBefore(ctx, o.MemberID, o.ID, unusualHistory)
	if err != nil {
		return nil, err
	}
	if len(paid) >= UnusualMinHistory {
		var sum int64
		for _, a := range paid {
			sum += a
		}
		add(o.Amount*int64(len(paid)) >= UnusualFactor*sum, RiskUnusualAmount)
	}
	add(len(paid) == 0, RiskFirstWithdrawal)
	return flags, nil
}

// placeholders is "?, ?, …" for n values.
func placeholders(n int) string {
	return strings.TrimSuffix(strings.Repeat("?, ", n), ", ")
}

// AccountsAddedAt is when each of the payout accounts was added (absent:
// unknown).
func (s *Store) AccountsAddedAt(ctx context.Context, ids []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	if len(ids) == 0 {
		return out, nil
	}
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT id, created_at FROM withdraw_account WHERE id IN (`+placeholders(len(ids))+`)`), args...)
	if err != nil {
		return nil, fmt.Errorf("accounts added: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, at int64
		if err := rows.Scan(&id, &at); err != nil {
			return nil, fmt.Errorf("accounts added: %w", err)
		}
		out[id] = at
	}
	return out, rows.Err()
}

// AccountHolders is, for each payout account (bank and number), the members
// who have or had it.
func (s *Store) AccountHolders(ctx context.Context, payees []payee) (map[payee]map[int64]bool, error) {
	out := map[payee]map[int64]bool{}
	if len(payees) == 0 {
		return out, nil
	}
	banks, numbers := map[string]bool{}, map[string]bool{}
	var bankArgs, numberArgs []any
	for _, p := range payees {
		if !banks[p.bank] {
			banks[p.bank] = true
			bankArgs = append(bankArgs, p.bank)
		}
		if !numbers[p.number] {
			numbers[p.number] = true
			numberArgs = append(numberArgs, p.number)
		}
	}
	// The index (account_number, bank_code) answers both lists; pairs the
	// page did not ask about are dropped below.
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT DISTINCT bank_code, account_number, member_id FROM withdraw_account
 WHERE account_number IN (`+placeholders(len(numberArgs))+`) AND bank_code IN (`+placeholders(len(bankArgs))+`)`),
		append(numberArgs, bankArgs...)...)
	if err != nil {
		return nil, fmt.Errorf("account holders: %w", err)
	}
	defer rows.Close()
	want := map[payee]bool{}
	for _, p := range payees {
		want[p] = true
	}
	for rows.Next() {
		var p payee
		var member int64
		if err := rows.Scan(&p.bank, &p.number, &member); err != nil {
			return nil, fmt.Errorf("account holders: %w", err)
		}
		if !want[p] {
			continue
		}
		if out[p] == nil {
			out[p] = map[int64]bool{}
		}
		out[p][member] = true
	}
	return out, rows.Err()
}

// PaidBefore lists the amounts of the member's last n paid-out withdrawals
// older than order id.
func (s *Store) PaidBefore(ctx context.Context, memberID, id int64, n int) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT amount FROM withdraw_order
 WHERE member_id = ? AND id < ? AND paid_at > 0 ORDER BY id DESC LIMIT ?`), memberID, id, n)
	if err != nil {
		return nil, fmt.Errorf("paid before: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var a int64
		if err := rows.Scan(&a); err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, rows.Err()
}
