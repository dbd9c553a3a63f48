package main

import (
	"context"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/content"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/promotions"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/wallet"
)

// wireRewards serves the reward centre and the bonus pages (/wps/rewards,
// /wps/bonus; docs/rewards-api.md) over the game wallet's bonus balance,
// registers the stream consumers that feed them (the welcome promotion on
// deposits, the bonus wagering on rounds), the promotions engine
// (/wps/promotions, /ops/v1/promotions) with its deposit consumer, and runs their sweeps: rewards
// expire, bonus grants convert or expire, and what a crash left half done
// is finished. The console's routes (/ops/v1/players/{id}/rewards,
// /ops/v1/rewards/costs) read the game wallet's grants through the same
// service and audit through the operators' log.
func (m *Main) wireRewards(ctx context.Context, mux *http.ServeMux, stream *activity.Service, brands *brand.Service, accounts *account.Service,
	wallets *wallet.Service, gw *gamewallet.Service, operators *operator.Service, contents *content.Service) (*rewards.Service, *promotions.Service) {
	svc := rewards.NewService(m.DB, gw, rewardPoster{wallets, ledger.NewStore(m.DB, m.Clock)}, brands, m.Clock, m.Logger)
	rewards.NewHandler(svc, gw, accounts).Routes(mux)
	rewards.NewOpsHandler(rewards.NewOps(svc, gw, accounts, operators), operators).Routes(mux)
	promos := promotions.NewService(m.DB, accounts, brands, svc, contents, m.Clock, m.Logger)
	promotions.NewHandler(promos, accounts).Routes(mux)
	promotions.NewOpsHandler(promotions.NewOps(promos, operators), operators).Routes(mux)
	stream.Register(svc.WelcomeConsumer(), gw.WageringConsumer(), gw.ExclusionConsumer(), promos.DepositConsumer())
	go svc.Run(ctx, 30*time.Second)
	go gw.RunBonuses(ctx, 10*time.Second)
	return svc, promos
}

// rewardPoster posts through the wallet (balance events) and opens accounts
// in the ledger.
type rewardPoster struct {
	*wallet.Service
	ledger *ledger.Store
}

func (p rewardPoster) EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error) {
	return p.ledger.EnsureAccount(ctx, spec)
}

// withdrawBonus is the withdrawal's view of the bonus balance.
type withdrawBonus struct{ gw *gamewallet.Service }

func (b withdrawBonus) LiveBonus(ctx context.Context, member int64) (int64, bool, error) {
	g, live, err := b.gw.Bonus(ctx, member)
	return g.Balance, live, err
}

func (b withdrawBonus) ForfeitForWithdrawal(ctx context.Context, member int64) error {
	_, err := b.gw.ForfeitBonus(ctx, member, gamewallet.ReasonWithdrawal)
	return err
}

// rebateFigures gives the daily rebate the members' valid bets per category
// from the daily figures, once they hold every committed fact.
type rebateFigures struct {
	*figures.Figures
	caughtUp func(context.Context) error
}

func (r rebateFigures) CaughtUp(ctx context.Context) error { return r.caughtUp(ctx) }

// cashbackFigures gives the promotions' cashback the members' net loss per
// category from the daily figures, once they hold every committed fact.
type cashbackFigures struct {
	*figures.Figures
	caughtUp func(context.Context) error
}

func (r cashbackFigures) CaughtUp(ctx context.Context) error { return r.caughtUp(ctx) }
