// Package wallet is the players' view of the ledger: each member's main
// account, created on first use in the brand currency (or in FUN, the
// free-play currency, for trial users), its balance, and the one path later
// domains (cashier, games, agents, promotions) post through, so that every
// posting that touches a member pushes a "balance" event to that member's
// open sockets. All money is read and written through internal/ledger; this
// package has no SQL of its own. See docs/ledger.md, "Wallet".
package wallet

import (
	"context"

	"github.com/palaro/palaro/internal/brand"
)

// Free play (trial users, member type 4): a separate balance in a currency
// that is never withdrawable, opened once from the house's FUN account.
const (
	FreePlayCurrency = "FUN"
	FreePlaySymbol   = "FUN"
	FreePlayDecimals = 2
	FreePlayOpening  = 200_000 // 2,000.00 FUN in minor units
)

// DemoOpening is the opening balance of the demo accounts (demo01, agent01):
// 10,000.00 in the brand currency, minor units.
const DemoOpening = 1_000_000

// SwitchAgentPolicy is the whitelabel switch that turns on the consolidated
// funds call for real users (spec section 6).
const SwitchAgentPolicy = "AGENTPOLICY3"

// Idempotency key prefixes of the postings this package makes itself.
const (
	keyFreePlayOpening = "freeplay-opening:"
	keyDemoOpening     = "demo-opening:"
)

// Balance is the answer of GET /wps/v2/wallets/balance.
type Balance struct {
	Balance        int64  `json:"balance"` // minor units
	Currency       string `json:"currency"`
	CurrencySymbol string `json:"currencySymbol"`
	Decimals       int    `json:"decimals"`
	FreePlay       bool   `json:"freePlay"` // trial user: FUN, never withdrawable
	// Bonus is the bonus balance while a bonus is active (issue 32): games
	// may stake it once the main balance is spent; never withdrawable.
	Bonus int64 `json:"bonus"`
}

// Merchant is the answer of GET /wps/v2/wallets/merchant.
type Merchant struct {
	IsSingle bool `json:"isSingle"`
}

// BalanceEvent is the data of the realtime "balance" event.
type BalanceEvent struct {
	Balance  int64  `json:"balance"`
	Currency string `json:"currency"`
}

// EventBalance is the realtime event type pushed after a posting.
const EventBalance = "balance"

// BrandSource yields the brand configuration (brand.Service satisfies it).
type BrandSource interface {
	Current(ctx context.Context) (*brand.Config, error)
}
