package withdraw

import (
	"context"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
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

// risks works out o's flags.
func (s *Service) risks(ctx context.Context, o order) ([]string, error) {
	flags := []string{}
	add := func(on bool, flag string) {
		if on {
			flags = append(flags, flag)
		}
	}
	if o.Status == StatusPendingReview {
		bc, err := s.brandConfig(ctx)
		if err != nil {
			return nil, err
		}
		t, err := s.turnover(ctx, o.MemberID, o.Currency, bc.Cashier.Turnover())
		if err != nil {
			return nil, err
		}
		add(t.Remaining > 0, RiskTurnoverNotMet)
	}
	m, err := s.members.MemberByID(ctx, o.MemberID)
	if err != nil {
		return nil, err
	}
	add(normalName(m.PayeeName) != normalName(o.AccountName), RiskPayeeMismatch)
	shared, err := s.store.AccountShared(ctx, o.MemberID, o.BankCode, o.AccountNumber)
	if err != nil {
		return nil, err
	}
	add(shared, RiskSharedPayoutAccount)
	if s.linked != nil {
		ip, err := s.linked.SharesIP(ctx, o.MemberID)
		if err != nil {
			return nil, err
		}
		add(ip, RiskSharedIP)
	}
	added, err := s.store.AccountAddedAt(ctx, o.AccountID)
	if err != nil {
		return nil, err
	}
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

// AccountShared tells whether another member has or had the payout account.
func (s *Store) AccountShared(ctx context.Context, memberID int64, bankCode, number string) (bool, error) {
	var n int
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM (SELECT 1 FROM withdraw_account
 WHERE bank_code = ? AND account_number = ? AND member_id <> ? LIMIT 1) x`), bankCode, number, memberID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("shared account: %w", err)
	}
	return n > 0, nil
}

// AccountAddedAt is when a payout account was added (0 when unknown).
func (s *Store) AccountAddedAt(ctx context.Context, id int64) (int64, error) {
	var at int64
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT created_at FROM withdraw_account WHERE id = ?`), id).Scan(&at)
	if err != nil && !db.IsNoRows(err) {
		return 0, fmt.Errorf("account added: %w", err)
	}
	return at, nil
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
