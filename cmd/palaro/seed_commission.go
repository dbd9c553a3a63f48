package main

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// seedDemoContracts gives the demo general agent (agent01) the platform's
// daily-wage and dividend contracts (commission.DemoContracts), through the
// commission service's own offer and acceptance, once: a fresh demo shows
// contracts, and agent01 can offer contracts to its sub-agents. No messages
// are sent (the service has no notifier here). An operator who removed
// agent01 or gave it other contracts is left alone.
func seedDemoContracts(ctx context.Context, store *db.DB) (bool, error) {
	members := account.NewStore(store)
	agent, err := members.MemberByAccount(ctx, account.DemoAgent)
	if apperr.As(err).Kind == apperr.KindNotFound {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	brands := brand.NewService(brand.NewStore(store), clock.System{})
	svc := commission.NewService(commission.Deps{
		Store: commission.NewStore(store), Tree: seedTree{members}, Settings: commissionSettings{brands},
		Accounts: ledger.NewStore(store, clock.System{}), Clock: clock.System{},
	})
	made, err := svc.SeedPlatform(ctx, agent.ID, commission.DemoContracts())
	if err != nil {
		return false, fmt.Errorf("demo contracts: %w", err)
	}
	return made, nil
}

// seedTree answers the contract rules' tree questions from the account
// store (the seed runs before the services are wired).
type seedTree struct{ members *account.Store }

func (t seedTree) Members(ctx context.Context, ids []int64) (map[int64]commission.Member, error) {
	ms, err := t.members.MembersByID(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]commission.Member, len(ms))
	for id, m := range ms {
		out[id] = commission.Member{ID: m.ID, Account: m.Account, UplineID: m.ParentID, IsAgent: account.IsAgentType(m.Type)}
	}
	return out, nil
}

func (t seedTree) Member(ctx context.Context, id int64) (commission.Member, error) {
	m, err := t.members.MemberByID(ctx, id)
	if err != nil {
		return commission.Member{}, err
	}
	return commission.Member{ID: m.ID, Account: m.Account, UplineID: m.ParentID, IsAgent: account.IsAgentType(m.Type)}, nil
}
