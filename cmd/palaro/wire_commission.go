package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/wallet"
)

// wireCommission serves the agents' contract and commission routes and the
// operators' (docs/commission-api.md); settlement runs as scheduled jobs
// (jobRegistry).
func (m *Main) wireCommission(mux *http.ServeMux, brands *brand.Service, accounts *account.Service, wallets *wallet.Service,
	operators *operator.Service, notices notify.Notifier, figs *figures.Figures) *commission.Service {
	svc := newCommissionService(m.DB, m.Clock, m.Logger, brands, accounts, wallets, notices, operators, figs)
	commission.NewHandler(svc, accounts).Routes(mux)
	commission.NewOpsHandler(svc, operators).Routes(mux)
	return svc
}

// newCommissionService builds the service over store, for `palaro serve`
// and for `palaro jobs`. The tree is the accounts' upline relation (the
// contract rules' direct-downline questions); the teams' figures are the
// daily figures and the commission slots, summed up the agent tree's
// closure (commission.Teams); the brand's "commission" section gives the
// switches.
func newCommissionService(store *db.DB, clk clock.Clock, logger *slog.Logger, brands *brand.Service, accounts *account.Service, wallets *wallet.Service,
	notices notify.Notifier, auditor operator.Auditor, figs *figures.Figures) *commission.Service {
	teams := &commission.Teams{DB: store, Days: playSums{figs}, Uplines: agent.NewStore(store), Clock: clk,
		Fresh: streamCaughtUp(activity.NewStore(store), figures.Name, agent.TreeName, commission.SlotsName)}
	return commission.NewService(commission.Deps{
		Store: commission.NewStore(store), Tree: commissionTree{accounts}, Figures: teams,
		Settings: commissionSettings{brands}, Accounts: ledger.NewStore(store, clk), Wallet: wallets, Notifier: notices,
		Auditor: auditor, Clock: clk, Logger: logger,
	})
}

// streamCaughtUp waits (up to a minute) until every named consumer has
// applied the stream up to its head as it was when called: a settlement
// then reads every fact committed before it began. Whichever instance
// holds a consumer's lease moves it.
func streamCaughtUp(store *activity.Store, names ...string) func(context.Context) error {
	return func(ctx context.Context) error {
		head, err := store.Head(ctx)
		if err != nil {
			return err
		}
		deadline := time.Now().Add(time.Minute)
		for _, n := range names {
			for {
				pos, err := store.Position(ctx, n)
				if err != nil {
					return err
				}
				if pos >= head {
					break
				}
				if time.Now().After(deadline) {
					return fmt.Errorf("the stream consumer %s is behind (%d of %d): is an instance running it?", n, pos, head)
				}
				select {
				case <-ctx.Done():
					return ctx.Err()
				case <-time.After(100 * time.Millisecond):
				}
			}
		}
		return nil
	}
}

// playSums adapts the daily figures to the settlements' per-member play.
type playSums struct{ figs *figures.Figures }

func (p playSums) MemberPlay(ctx context.Context, currency, first, last string) (map[int64]commission.Play, error) {
	sums, err := p.figs.PlaySums(ctx, currency, first, last)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]commission.Play, len(sums))
	for m, s := range sums {
		out[m] = commission.Play{Bets: s.Bets, ValidBets: s.ValidBets, Wins: s.Wins}
	}
	return out, nil
}

// commissionTree answers the contract rules' tree questions from the accounts.
type commissionTree struct{ accounts *account.Service }

func (t commissionTree) Members(ctx context.Context, ids []int64) (map[int64]commission.Member, error) {
	ms, err := t.accounts.MembersByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]commission.Member, len(ms))
	for id, m := range ms {
		out[id] = commission.Member{ID: m.ID, Account: m.Account, UplineID: m.ParentID, IsAgent: account.IsAgentType(m.Type)}
	}
	return out, nil
}

func (t commissionTree) Member(ctx context.Context, id int64) (commission.Member, error) {
	ms, err := t.accounts.MembersByID(ctx, []int64{id})
	if err != nil {
		return commission.Member{}, err
	}
	m, ok := ms[id]
	if !ok {
		return commission.Member{}, apperr.NotFound("account.not_found")
	}
	return commission.Member{ID: m.ID, Account: m.Account, UplineID: m.ParentID, IsAgent: account.IsAgentType(m.Type)}, nil
}

// commissionSettings reads the brand's commission section.
type commissionSettings struct{ brands *brand.Service }

func (c commissionSettings) CommissionSettings(ctx context.Context) (commission.Settings, error) {
	b, err := c.brands.Current(ctx)
	if err != nil {
		return commission.Settings{}, err
	}
	cs := b.Commission
	days := cs.ExpireDays
	if days == 0 {
		days = brand.DefaultCommissionExpireDays
	}
	return commission.Settings{
		Enabled: map[commission.Type]bool{commission.TypeDividend: cs.Dividend, commission.TypeDailyWage: cs.DailySalary,
			commission.TypeHourlyWage: cs.HourlySalary, commission.TypeRealtime: cs.RealtimeSalary},
		ActiveMin: cs.ActiveMin, PlatformApproval: cs.PlatformApproval, ExpireAfter: time.Duration(days) * 24 * time.Hour,
		Currency: b.Currency.Code, Decimals: b.Currency.Decimals, Location: c.brands.Location(ctx),
	}, nil
}

// settleTime is the brand's settlement time of day.
func settleTime(brands *brand.Service) func(context.Context) time.Duration {
	return func(ctx context.Context) time.Duration {
		b, err := brands.Current(ctx)
		if err != nil {
			return brand.Commission{}.SettleTime()
		}
		return b.Commission.SettleTime()
	}
}
