package wallet

import (
	"context"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
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

// MemberBalance is one of a member's ledger accounts as the back office
// shows it: MAIN, HOLD, BONUS, COMMISSION or a vendor code.
type MemberBalance struct {
	Wallet   string `json:"wallet"`
	Balance  int64  `json:"balance"`
	Currency string `json:"currency"`
}

// BalancesOf reads every ledger account of a member (none created), main
// first; the brand currency's decimals come with them.
func (s *Service) BalancesOf(ctx context.Context, memberID int64) ([]MemberBalance, int, error) {
	cur, err := s.currency(ctx)
	if err != nil {
		return nil, 0, err
	}
	accts, err := s.ledger.AccountsOf(ctx, ledger.OwnerMember, memberID)
	if err != nil {
		return nil, 0, err
	}
	out := []MemberBalance{}
	for _, a := range accts {
		b := MemberBalance{Wallet: walletLabel(a), Balance: a.Balance, Currency: a.Currency}
		if a.Purpose == ledger.PurposePlayerMain && a.Currency == cur.Code {
			out = append([]MemberBalance{b}, out...)
			continue
		}
		out = append(out, b)
	}
	return out, cur.Decimals, nil
}

// Currency is the brand currency's code and decimals (the back office's
// lists format the balances they show with them).
func (s *Service) Currency(ctx context.Context) (string, int, error) {
	cur, err := s.currency(ctx)
	return cur.Code, cur.Decimals, err
}

// MainBalancesOf reads the main balances of members in the brand currency
// (a member without an account has none in the map), for a list.
func (s *Service) MainBalancesOf(ctx context.Context, memberIDs []int64) (map[int64]int64, string, error) {
	cur, err := s.currency(ctx)
	if err != nil {
		return nil, "", err
	}
	out := make(map[int64]int64, len(memberIDs))
	for _, id := range memberIDs {
		a, err := s.ledger.FindAccount(ctx, ledger.PlayerMain(id, cur.Code))
		if err != nil && apperr.As(err).Kind == apperr.KindNotFound {
			continue
		}
		if err != nil {
			return nil, "", err
		}
		out[id] = a.Balance
	}
	return out, cur.Code, nil
}
