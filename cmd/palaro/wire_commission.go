package main

import (
	"context"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/wallet"
)

// wireCommission serves the agents' contract and commission routes and the
// operators' (docs/commission-api.md). The tree is the accounts' upline
// relation; the team figures are summed from the daily figures over the
// team found by walking the direct downlines (the agent package's closure
// table replaces that walk when it lands); the brand's "commission" section
// gives the switches. Settlement runs through Service.Jobs.
func (m *Main) wireCommission(mux *http.ServeMux, brands *brand.Service, accounts *account.Service, wallets *wallet.Service,
	operators *operator.Service, notices notify.Notifier, figs *figures.Figures) *commission.Service {
	svc := commission.NewService(commission.Deps{
		Store: commission.NewStore(m.DB), Tree: commissionTree{accounts}, Figures: teamFigures{accounts: accounts, figs: figs, brands: brands},
		Settings: commissionSettings{brands}, Accounts: ledger.NewStore(m.DB, m.Clock), Wallet: wallets, Notifier: notices,
		Auditor: operators, Clock: m.Clock, Logger: m.Logger,
	})
	commission.NewHandler(svc, accounts).Routes(mux)
	commission.NewOpsHandler(svc, operators).Routes(mux)
	return svc
}

// commissionTree answers the contract rules' tree questions from the accounts.
type commissionTree struct{ accounts *account.Service }

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

// teamFigures sums an agent's team (the agent and every member below it)
// from the daily figures, in the brand currency.
type teamFigures struct {
	accounts *account.Service
	figs     *figures.Figures
	brands   *brand.Service
}

func (t teamFigures) Totals(ctx context.Context, agentID int64, from, to time.Time, activeMin int64) (commission.TeamTotals, error) {
	var out commission.TeamTotals
	b, err := t.brands.Current(ctx)
	if err != nil {
		return out, err
	}
	queue := []int64{agentID}
	seen := map[int64]bool{agentID: true}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		s, err := t.figs.Totals(ctx, id, b.Currency.Code, from, to)
		if err != nil {
			return out, err
		}
		out.Bets += s.Bets
		out.Wins += s.Wins
		out.ValidBets += s.ValidBets
		if s.ValidBets > 0 && s.ValidBets >= activeMin {
			out.ActiveMembers++
		}
		kids, err := t.accounts.DirectDownline(ctx, id)
		if err != nil {
			return out, err
		}
		for _, k := range kids {
			if !seen[k] { // a cycle would be a broken tree; never loop on it
				seen[k] = true
				queue = append(queue, k)
			}
		}
	}
	out.NetLoss = out.Bets - out.Wins
	return out, nil
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
