package main

import (
	"context"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/withdraw"
)

// wireWithdrawals serves payment passwords, payout accounts, withdrawals and
// the operators' withdrawal queue (docs/withdrawals.md), and starts the
// sweeper (forced receipts, stuck orders) with the server's context, so it
// stops on shutdown. The turnover reads the daily figures: credited
// deposits and bonus since the last payout, and the valid bets that meet
// them (docs/valid-bet.md). Payouts go through the first payment provider (the
// sandbox in demo mode); without one, approved withdrawals wait in APPROVED.
func (m *Main) wireWithdrawals(ctx context.Context, mux *http.ServeMux, brands *brand.Service, accounts *account.Service,
	wallets *wallet.Service, operators *operator.Service, cash cashierWiring, figs *figures.Figures, hasher *account.Hasher) *withdraw.Service {
	var payouts withdraw.Payouts
	if len(cash.Providers) > 0 {
		payouts = cash.Providers[0]
	}
	svc := withdraw.NewService(withdraw.Deps{
		Store: withdraw.NewStore(m.DB), Members: account.NewStore(m.DB), Ledger: ledger.NewStore(m.DB, m.Clock),
		Wallet: wallets, Brand: brands, Payouts: payouts, Figures: turnoverFigures{figs}, Notifier: cash.Notices, Auditor: operators,
		Clock: m.Clock, Logger: m.Logger,
	}, withdraw.DefaultConfig)
	svc.UseHasher(hasher)
	svc.UseLinked(sharedIPs{accounts}) // the shared_ip risk flag
	svc.UseReconfirm(operators)        // the authenticator again above the brand's ops.cashierConfirmAbove
	withdraw.NewHandler(svc, accounts).Routes(mux)
	withdraw.NewOpsHandler(svc, operators).Routes(mux)
	go svc.Run(ctx)
	return svc
}

// turnoverFigures gives the withdrawal turnover a member's sums since a
// time from the daily figures, up to every fact committed so far.
type turnoverFigures struct{ f *figures.Figures }

func (t turnoverFigures) TurnoverSums(ctx context.Context, currency string, since map[int64]time.Time) (map[int64]withdraw.TurnoverSums, error) {
	all, err := t.f.TotalsMany(ctx, currency, since, endOfTime)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]withdraw.TurnoverSums, len(all))
	for id, s := range all {
		// Bonuses are left out: a bonus carries its own wagering requirement
		// (docs/rewards.md), and a forfeited one must not hold real money back.
		out[id] = withdraw.TurnoverSums{Deposits: s.Deposits, ValidBets: s.ValidBets}
	}
	return out, nil
}

// endOfTime bounds a sum "since a time" from above: every fact, whatever the
// clock of the instance that wrote it.
var endOfTime = time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC)

// sharedIPs answers the withdrawal's shared_ip risk flag from the accounts'
// registrations and logins.
type sharedIPs struct{ accounts *account.Service }

func (s sharedIPs) SharingIP(ctx context.Context, memberIDs []int64) (map[int64]bool, error) {
	return s.accounts.SharingIP(ctx, memberIDs)
}
