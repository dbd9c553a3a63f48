package main

import (
	"net/http"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/agent"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/wallet"
	"github.com/palaro/palaro/internal/withdraw"
)

// agentWiring is what the agent domain reads through: each domain's own
// service, called with typed methods.
type agentWiring struct {
	Accounts    *account.Service
	Wallets     *wallet.Service
	Withdrawals *withdraw.Service // the payment password
	Brands      *brand.Service
	Operators   *operator.Service
	ClientIP    func(*http.Request) string
}

// wireAgents serves the agent centre's tree, register centre, team and
// transfers (docs/agents-api.md) and /ops/v1/agents, and lets registration
// resolve invitation links' codes. The tree's consumer is registered with
// the stream's (streamConsumers).
func (m *Main) wireAgents(mux *http.ServeMux, w agentWiring) *agent.Service {
	svc := agent.NewService(agent.Deps{Store: agent.NewStore(m.DB), Members: w.Accounts, Wallet: w.Wallets,
		Passwords: w.Withdrawals, Brand: w.Brands, Auditor: w.Operators, Clock: m.Clock, Logger: m.Logger})
	w.Accounts.UseInvites(svc)
	agent.NewHandler(svc, w.Accounts, w.ClientIP).Routes(mux)
	agent.NewOpsHandler(svc, w.Operators).Routes(mux)
	return svc
}
