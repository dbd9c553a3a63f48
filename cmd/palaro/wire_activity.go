package main

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/agent/teamreport"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/missions"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/reports"
)

// wireActivity builds the activity stream's service (the sequencer and the
// consumers, each under a lease, on every instance) with the daily figures
// registered, and returns the figures for the domains that read them.
// Domains wired later register their own consumers; startActivity starts
// it once every domain is wired (docs/activity.md).
func (m *Main) wireActivity(brands *brand.Service) (*activity.Service, *figures.Figures) {
	stream := activity.NewService(activity.NewStore(m.DB), m.Clock, m.Logger, activity.Config{})
	consumers := streamConsumers(m.DB, brands, m.Clock)
	stream.Register(consumers...)
	return stream, consumers[0].(*figures.Figures)
}

// startActivity starts the stream; shutting down gives its leases up.
func (m *Main) startActivity(ctx context.Context, stream *activity.Service) error {
	if err := stream.Start(ctx); err != nil {
		return err
	}
	m.drains = append(m.drains, stream.Stop)
	return nil
}

// streamConsumers are the consumers `palaro serve` runs and `palaro events
// replay` can rebuild; the daily figures first, then the report rows, the
// agent tree, the agent reports' rows, the commissions' slots and the
// missions' progress and leaderboard scores.
func streamConsumers(d *db.DB, brands *brand.Service, clk clock.Clock) []activity.Consumer {
	return []activity.Consumer{figures.New(d, activity.NewStore(d), brands.Location), reports.NewConsumer(d, brands.Location), agent.NewTree(),
		teamreport.NewConsumer(brands.Location), commission.NewSlotConsumer(clk), missions.NewService(d, brands, clk, nil).Consumer()}
}

// roundDays gives the figures' verify the rounds' own record: the seamless
// wallet's completed rounds by start day and category.
type roundDays struct{ rounds *gamewallet.Service }

func (r roundDays) RoundDays(ctx context.Context, memberID int64, from, to time.Time, loc *time.Location) ([]figures.RoundDay, error) {
	days, err := r.rounds.ProfitByDay(ctx, memberID, from, to, loc)
	if err != nil {
		return nil, err
	}
	out := make([]figures.RoundDay, len(days))
	for i, d := range days {
		out[i] = figures.RoundDay{Day: d.Day, Category: d.GameType, Bets: d.Bet, ValidBets: d.ValidBet, Wins: d.Win, Rounds: int64(d.Rounds)}
	}
	return out, nil
}
