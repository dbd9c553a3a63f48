package withdraw

import (
	"context"
	"regexp"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Payout accounts: where withdrawals are paid to, under the real-name rule.

var (
	bankNumber    = regexp.MustCompile(`^[0-9]{6,20}$`)
	walletNumber  = regexp.MustCompile(`^(09[0-9]{9}|639[0-9]{9})$`)
	spaceRun      = regexp.MustCompile(`\s+`)
	nameForbidden = regexp.MustCompile(`[\p{Cc}<>"\\{}]`)
)

// normalName folds a name for comparison: trimmed, single spaces, lower case.
func normalName(s string) string {
	return strings.ToLower(spaceRun.ReplaceAllString(strings.TrimSpace(s), " "))
}

// mask shows only the last four characters of an account number.
func mask(n string) string {
	if len(n) <= 4 {
		return n
	}
	return strings.Repeat("*", len(n)-4) + n[len(n)-4:]
}

func accountView(a payoutAccount) PayoutAccount {
	b, _ := BankByCode(a.BankCode)
	return PayoutAccount{ID: a.ID, Type: a.Type, BankCode: a.BankCode, BankName: b.Name, AccountName: a.AccountName,
		AccountNumber: mask(a.AccountNumber), CreatedAt: a.CreatedAt}
}

// Accounts lists the caller's payout accounts.
func (s *Service) Accounts(ctx context.Context, c account.Caller) ([]PayoutAccount, error) {
	if err := requireReal(c); err != nil {
		return nil, err
	}
	list, err := s.store.Accounts(ctx, c.MemberID)
	if err != nil {
		return nil, err
	}
	out := make([]PayoutAccount, len(list))
	for i, a := range list {
		out[i] = accountView(a)
	}
	return out, nil
}

// AddAccount binds a payout account. Its name must be the member's real
// (payee) name; a member who registered without one gets it from the first
// account bound.
func (s *Service) AddAccount(ctx context.Context, c account.Caller, req AddAccountRequest) (PayoutAccount, error) {
	if err := requireReal(c); err != nil {
		return PayoutAccount{}, err
	}
	bank, ok := BankByCode(strings.ToUpper(strings.TrimSpace(req.BankCode)))
	switch {
	case req.Type != TypeBank && req.Type != TypeEWallet:
		return PayoutAccount{}, apperr.Invalid("withdraw.invalid_account_type")
	case !ok || bank.Type != req.Type:
		return PayoutAccount{}, apperr.Invalid("withdraw.invalid_bank")
	}
	name := spaceRun.ReplaceAllString(strings.TrimSpace(req.AccountName), " ")
	if n := len([]rune(name)); n < 2 || n > 60 || nameForbidden.MatchString(name) {
		return PayoutAccount{}, apperr.Invalid("withdraw.invalid_account_name").With("min", 2).With("max", 60)
	}
	number := strings.ReplaceAll(strings.TrimSpace(req.AccountNumber), " ", "")
	if (req.Type == TypeBank && !bankNumber.MatchString(number)) || (req.Type == TypeEWallet && !walletNumber.MatchString(number)) {
		return PayoutAccount{}, apperr.Invalid("withdraw.invalid_account_number")
	}
	if err := s.verifyPayment(ctx, c.MemberID, req.PaymentPassword); err != nil {
		return PayoutAccount{}, err
	}
	m, err := s.members.MemberByID(ctx, c.MemberID)
	if err != nil {
		return PayoutAccount{}, err
	}
	now := s.clock.Now()
	if strings.TrimSpace(m.PayeeName) == "" {
		if _, err := s.members.SetPayeeNameIfEmpty(ctx, c.MemberID, name, now); err != nil {
			return PayoutAccount{}, err
		}
		if m, err = s.members.MemberByID(ctx, c.MemberID); err != nil { // a concurrent binding may have set another name
			return PayoutAccount{}, err
		}
	}
	if normalName(m.PayeeName) != normalName(name) {
		return PayoutAccount{}, apperr.Invalid("withdraw.payout_name_mismatch")
	}
	a := payoutAccount{MemberID: c.MemberID, Type: req.Type, BankCode: bank.Code, AccountName: name, AccountNumber: number, CreatedAt: now.UnixMilli()}
	if err := s.store.AddAccount(ctx, &a, MaxAccounts); err != nil {
		return PayoutAccount{}, err
	}
	return accountView(a), nil
}

// DeleteAccount removes one of the caller's payout accounts (withdrawals
// already sent keep their copy of it).
func (s *Service) DeleteAccount(ctx context.Context, c account.Caller, id int64, paymentPassword string) error {
	if err := requireReal(c); err != nil {
		return err
	}
	if _, err := s.store.Account(ctx, c.MemberID, id); err != nil {
		return err
	}
	if err := s.verifyPayment(ctx, c.MemberID, paymentPassword); err != nil {
		return err
	}
	return s.store.DeleteAccount(ctx, c.MemberID, id, s.clock.Now())
}

// SharedPayout is another member holding the same payout account (bank and
// number) as the member asked about, now or in the past.
type SharedPayout struct {
	MemberID      int64
	BankCode      string
	AccountNumber string // full: for operators
}

// MaxSharedPayouts bounds SharedPayoutAccounts.
const MaxSharedPayouts = 100

// SharedPayoutAccounts lists the other members who added any payout
// account (removed ones included) the member added: the back office's
// linked accounts.
func (s *Service) SharedPayoutAccounts(ctx context.Context, memberID int64) ([]SharedPayout, error) {
	return s.store.SharedAccounts(ctx, memberID, MaxSharedPayouts)
}
