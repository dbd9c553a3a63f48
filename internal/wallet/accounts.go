package wallet

import (
	"context"

	"github.com/palaro/palaro/internal/ledger"
)

// Account lookups for the back office (manual adjustments, cashier): by
// member id rather than by a logged-in caller. They create the account on
// first use, like MainAccount.

// MainAccountOf returns a real member's main account in the brand currency.
// The caller checks that the member exists and is not a trial user.
func (s *Service) MainAccountOf(ctx context.Context, memberID int64) (ledger.Account, error) {
	if memberID <= 0 {
		return ledger.Account{}, ledger.ErrInvalidAccount.With("reason", "owner_id")
	}
	cur, err := s.currency(ctx)
	if err != nil {
		return ledger.Account{}, err
	}
	return s.ensure(ctx, ledger.PlayerMain(memberID, cur.Code))
}

// SystemAccount returns the operator's own account of a purpose (house,
// cashier_clearing, payment_clearing, ...) in the brand currency.
func (s *Service) SystemAccount(ctx context.Context, purpose string) (ledger.Account, error) {
	cur, err := s.currency(ctx)
	if err != nil {
		return ledger.Account{}, err
	}
	return s.ensure(ctx, ledger.System(purpose, cur.Code))
}

// AccountBalance reads one account's balance (after a posting).
func (s *Service) AccountBalance(ctx context.Context, accountID int64) (int64, error) {
	return s.ledger.Balance(ctx, accountID)
}
