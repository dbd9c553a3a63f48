package main

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/withdraw"
)

// wireWithdrawals serves payment passwords, payout accounts, withdrawals and
// the operators' withdrawal queue (docs/withdrawals.md), and starts the
// sweeper (forced receipts, stuck orders) with the server's context, so it
// stops on shutdown. The turnover counts the valid bets of the seamless
// rounds (docs/valid-bet.md). Payouts go through the first payment provider (the
// sandbox in demo mode); without one, approved withdrawals wait in APPROVED.
func (m *Main) wireWithdrawals(ctx context.Context, mux *http.ServeMux, brands *brand.Service, accounts *account.Service,
	wallets *wallet.Service, operators *operator.Service, cash cashierWiring, bets withdraw.ValidBets, hasher *account.Hasher) {
	var payouts withdraw.Payouts
	if len(cash.Providers) > 0 {
		payouts = cash.Providers[0]
	}
	svc := withdraw.NewService(withdraw.Deps{
		Store: withdraw.NewStore(m.DB), Members: account.NewStore(m.DB), Ledger: ledger.NewStore(m.DB, m.Clock),
		Wallet: wallets, Brand: brands, Payouts: payouts, Bets: bets, Notifier: cash.Notices, Auditor: operators,
		Clock: m.Clock, Logger: m.Logger,
	}, withdraw.DefaultConfig)
	svc.UseHasher(hasher)
	withdraw.NewHandler(svc, accounts).Routes(mux)
	withdraw.NewOpsHandler(svc, operators).Routes(mux)
	go svc.Run(ctx)
}
