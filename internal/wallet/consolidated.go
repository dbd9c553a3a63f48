package wallet

import (
	"context"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Consolidated is the answer of GET /wps/member/info/funds/consolidated:
// everything a real member holds with the brand, minor units.
type Consolidated struct {
	Main            int64  `json:"main"`
	Vendors         int64  `json:"vendors"`         // sum of the vendor wallets that answered
	WithdrawalHolds int64  `json:"withdrawalHolds"` // held for pending withdrawals
	Total           int64  `json:"total"`
	Complete        bool   `json:"complete"` // false when a vendor did not answer (its balance is missing)
	Currency        string `json:"currency"`
	Decimals        int    `json:"decimals"`
	// The spec's consolidated contract info: which agent contract types the
	// brand offers (brand "commission" switches; docs/agents.md).
	DailySalary    bool `json:"dailysalreqtype"`
	Dividend       bool `json:"divtypereq"`
	HourlySalary   bool `json:"contracthoursalreq"`
	RealtimeSalary bool `json:"realtimesalreqtype"`
}

// Consolidated sums the caller's main wallet, vendor wallets and withdrawal
// holds. Only for real users, and only while the brand's AGENTPOLICY3
// switch is on (spec section 6); otherwise wallet.consolidated_off.
func (t *Transfers) Consolidated(ctx context.Context, c account.Caller) (Consolidated, error) {
	if err := requireReal(c); err != nil {
		return Consolidated{}, err
	}
	b, err := t.wallet.brand.Current(ctx)
	if err != nil {
		return Consolidated{}, apperr.Internal(err, "brand")
	}
	if !b.SwitchOn(SwitchAgentPolicy) {
		return Consolidated{}, apperr.Forbidden("wallet.consolidated_off")
	}
	w, err := t.Wallets(ctx, c)
	if err != nil {
		return Consolidated{}, err
	}
	out := Consolidated{Main: w.Main.Balance, Complete: true, Currency: w.Currency, Decimals: w.Decimals,
		DailySalary: b.Commission.DailySalary, Dividend: b.Commission.Dividend, HourlySalary: b.Commission.HourlySalary,
		RealtimeSalary: b.Commission.RealtimeSalary}
	for _, v := range w.Vendors {
		out.Vendors += v.Balance
		out.Complete = out.Complete && v.Status == VendorOK
	}
	hold, err := t.wallet.ledger.FindAccount(ctx, ledger.AccountSpec{OwnerType: ledger.OwnerMember, OwnerID: c.MemberID, Purpose: ledger.PurposeWithdrawalHold, Currency: w.Currency})
	switch {
	case err == nil:
		out.WithdrawalHolds = hold.Balance
	case apperr.As(err).Kind != apperr.KindNotFound:
		return Consolidated{}, err
	}
	out.Total = out.Main + out.Vendors + out.WithdrawalHolds
	return out, nil
}
