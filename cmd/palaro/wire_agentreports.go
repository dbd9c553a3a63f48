package main

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/agent/teamreport"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/wallet"
)

// wireAgentReports serves the agent centre's reports
// (docs/agent-reports-api.md): the consumer agent.teamdaily's rows for the
// overview and user loss, the records' rounds and the wallet's account
// records for the team, and the agent tree for who is in the team. The
// consumer is registered with the stream's (streamConsumers).
func (m *Main) wireAgentReports(mux *http.ServeMux, accounts *account.Service, wallets *wallet.Service, bets *records.Service, brands *brand.Service) {
	svc := teamreport.NewService(m.DB, teamreport.Deps{Team: agentTeam{agent.NewStore(m.DB)}, Members: reportMembers{accounts}, Bets: bets,
		Records: wallet.NewRecords(wallets, m.Clock), Balances: wallets, Brand: brands, Clock: m.Clock})
	teamreport.NewHandler(svc, accounts).Routes(mux)
}

// agentTeam adapts the agent tree's closure to the reports' Team.
type agentTeam struct{ store *agent.Store }

func (t agentTeam) InTeam(ctx context.Context, ancestor, member int64) (bool, error) {
	depth, ok, err := t.store.InTeam(ctx, ancestor, member)
	return ok && depth > 0, err
}

func (t agentTeam) TeamSize(ctx context.Context, ancestor int64) (int64, int64, error) {
	counts, err := t.store.CountsOf(ctx, []int64{ancestor})
	if err != nil {
		return 0, 0, err
	}
	c := counts[ancestor]
	return int64(c.Team), int64(c.Direct), nil
}

func (t agentTeam) TeamMembers(ctx context.Context, ancestor int64, limit int) ([]int64, error) {
	nodes, _, err := t.store.TeamPage(ctx, ancestor, false, 0, 0, limit)
	if err != nil {
		return nil, err
	}
	out := make([]int64, len(nodes))
	for i, n := range nodes {
		out[i] = n.MemberID
	}
	return out, nil
}

// reportMembers adapts the account domain to the reports' Directory.
type reportMembers struct{ accounts *account.Service }

func (r reportMembers) Members(ctx context.Context, ids []int64) (map[int64]teamreport.Member, error) {
	ms, err := r.accounts.MembersByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]teamreport.Member, len(ms))
	for id, m := range ms {
		out[id] = teamreport.Member{Username: m.Account, IsAgent: account.IsAgentType(m.Type)}
	}
	return out, nil
}

func (r reportMembers) Lookup(ctx context.Context, username string) (int64, error) {
	id, err := r.accounts.MemberIDByAccount(ctx, username)
	if e := apperr.As(err); e != nil && e.Kind == apperr.KindNotFound {
		return 0, nil
	}
	return id, err
}
