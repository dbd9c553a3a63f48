package main

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/cashier"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/inhouse"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/players"
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/withdraw"
)

// playersWiring is what the player page reads through: each domain's own
// service, called with typed methods.
type playersWiring struct {
	Accounts    *account.Service
	Wallets     *wallet.Service
	Records     *records.Service
	GameWallet  *gamewallet.Service
	Inhouse     *inhouse.Service // nil when the brand is not imported yet
	Deposits    *cashier.Service
	Withdrawals *withdraw.Service
	Operators   *operator.Service
}

// wirePlayers serves /ops/v1/players (docs/operator-api.md, "Players").
func (m *Main) wirePlayers(mux *http.ServeMux, w playersWiring) {
	d := players.Deps{
		Members:      w.Accounts,
		Balances:     w.Wallets,
		Transactions: wallet.NewRecords(w.Wallets, m.Clock),
		Bets:         w.Records,
		Rounds:       w.GameWallet,
		Deposits:     w.Deposits,
		Withdrawals:  w.Withdrawals,
		Auditor:      w.Operators,
		Clock:        m.Clock,
		Logger:       m.Logger,
	}
	if m.transfers != nil {
		d.VendorBalances = m.transfers
	}
	if w.Inhouse != nil {
		d.Recall = w.Inhouse
	}
	players.NewHandler(players.NewService(players.NewStore(m.DB), d), w.Operators).Routes(mux)
}
