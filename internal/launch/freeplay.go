package launch

import (
	"context"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/ledger"
)

// FreePlayFunds opens a trial account's FUN balance, credited once with the
// free-play opening, on first use: wallet.Service.MainAccount.
type FreePlayFunds interface {
	MainAccount(ctx context.Context, c account.Caller) (ledger.Account, error)
}

// UseFreePlayFunds makes a trial account's launch open its FUN balance
// first, so a free-play game has the opening money to play with even when
// the launch is the account's first call (the vendor's wallet calls read
// the ledger account directly and would find it empty).
func (s *Service) UseFreePlayFunds(f FreePlayFunds) { s.funds = f }

func (s *Service) openFreePlay(ctx context.Context, c account.Caller) error {
	if s.funds == nil {
		return nil
	}
	if _, err := s.funds.MainAccount(ctx, c); err != nil {
		return wrap(err, "free-play balance")
	}
	return nil
}
