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
	"github.com/palaro/palaro/internal/missions"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/promotions"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/vip"
	"github.com/palaro/palaro/internal/wallet"
)

// wireRewards serves the reward centre and the bonus pages (/wps/rewards,
// /wps/bonus; docs/rewards-api.md), the VIP club and bonus bets (/wps/vip,
// /ops/v1/vip/levels) over the game wallet's bonus balance,
// registers the stream consumers that feed them (the welcome promotion on
// deposits, the bonus wagering on rounds), the promotions engine
// (/wps/promotions, /ops/v1/promotions) with its deposit consumer, and runs their sweeps: rewards
// expire, bonus grants convert or expire, and what a crash left half done
// is finished. The console's routes (/ops/v1/players/{id}/rewards,
// /ops/v1/rewards/costs) read the game wallet's grants through the same
// service and audit through the operators' log.
func (m *Main) wireRewards(ctx context.Context, mux *http.ServeMux, stream *activity.Service, brands *brand.Service, accounts *account.Service,
	wallets *wallet.Service, gw *gamewallet.Service, operators *operator.Service, figs *figures.Figures, contents *content.Service) (*rewards.Service, *promotions.Service) {
	svc := rewards.NewService(m.DB, gw, rewardPoster{wallets, ledger.NewStore(m.DB, m.Clock)}, brands, m.Clock, m.Logger)
	club := vip.NewService(m.DB, brands, svc, m.Clock, m.Logger)
	rewards.NewHandler(svc, gw, accounts).WithVIP(club).Routes(mux)
	rewardOps := rewards.NewOps(svc, gw, accounts, operators)
	rewards.NewOpsHandler(rewardOps, operators).Routes(mux)
	vip.NewHandler(club, accounts, vipMonthBets(figs)).Routes(mux)
	vip.NewOpsHandler(club, operators, operators).Routes(mux)
	promos := promotions.NewService(m.DB, accounts, brands, svc, contents, m.Clock, m.Logger)
	promos.UseVIP(vipLevel{club}) // eligibility by VIP level
	promotions.NewHandler(promos, accounts).Routes(mux)
	promotions.NewOpsHandler(promotions.NewOps(promos, operators).UseCosts(rewardOps), operators).Routes(mux)
	stream.Register(svc.WelcomeConsumer(), gw.WageringConsumer(), gw.ExclusionConsumer(), club.ProgressConsumer(), promos.DepositConsumer())
	go svc.Run(ctx, 30*time.Second)
	go gw.RunBonuses(ctx, 10*time.Second)
	return svc, promos
}

// wireMissions serves the missions and leaderboards (/wps/missions,
// /ops/v1/missions, /ops/v1/leaderboards; docs/rewards-api.md) and
// the stream consumer counting their progress and scores is among
// streamConsumers; the payout of ended leaderboard periods is a job (jobs.go).
func (m *Main) wireMissions(mux *http.ServeMux, brands *brand.Service, accounts *account.Service,
	centre *rewards.Service, operators *operator.Service) *missions.Service {
	svc := missions.NewService(m.DB, brands, m.Clock, m.Logger)
	missions.NewHandler(svc, centre, accounts, accounts, operators, operators).Routes(mux)
	return svc
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

// vipMonthBets reads a member's valid bets over a window from the daily
// figures (the VIP page's keep-rule progress).
func vipMonthBets(figs *figures.Figures) vip.MonthBets {
	return func(ctx context.Context, member int64, currency string, from, to time.Time) (int64, error) {
		s, err := figs.Totals(ctx, member, currency, from, to)
		return s.ValidBets, err
	}
}

// cashbackFigures gives the promotions' cashback the members' net loss per
// category from the daily figures, once they hold every committed fact.
type cashbackFigures struct {
	*figures.Figures
	caughtUp func(context.Context) error
}

func (r cashbackFigures) CaughtUp(ctx context.Context) error { return r.caughtUp(ctx) }

// vipLevel is the promotions' view of the VIP club: a member's level.
type vipLevel struct{ club *vip.Service }

func (v vipLevel) Level(ctx context.Context, member int64) (int, error) {
	m, err := v.club.Member(ctx, member)
	return m.Level, err
}
