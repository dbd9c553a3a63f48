package main

import (
	"context"
	"errors"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/rg"
	"github.com/palaro/palaro/internal/wallet"
)

// wireRG builds responsible gaming (docs/responsible-gaming.md): the player
// routes under /wps/rg/, the account's login and session gate, and the
// service the money paths ask (cashier deposits, transfers into vendors;
// the game wallet's pre-bet check). Operator routes come with wireRGOps.
func (m *Main) wireRG(mux *http.ServeMux, brands *brand.Service, accounts *account.Service, wallets *wallet.Service) (*rg.Service, *rg.Handler) {
	svc := rg.NewService(rg.NewStore(m.DB), rg.Deps{
		Brand:    brands,
		Activity: m.rgSums,
		Balances: rgBalances{wallets},
		Sessions: accounts,
		Members:  rgMembers{account.NewStore(m.DB)},
		Clock:    m.Clock,
		Logger:   m.Logger,
	}, rg.DefaultConfig)
	accounts.UseGate(svc)
	h := rg.NewHandler(svc, accounts)
	h.Routes(mux)
	return svc, h
}

// wireRGOps adds the operator routes and the operator audit log.
func (m *Main) wireRGOps(mux *http.ServeMux, svc *rg.Service, h *rg.Handler, operators *operator.Service) {
	svc.UseAuditor(operators)
	h.OpsRoutes(mux, operators)
}

// errNoFigures: the member's sums come from the daily figures
// (internal/figures), which Main.rgSums answers once they are wired; until
// then a money limit cannot be counted, so it refuses rather than lets
// money pass it.
var errNoFigures = errors.New("rg: the daily figures are not wired")

type unwiredSums struct{}

func (unwiredSums) Totals(context.Context, int64, string, time.Time, time.Time) (rg.Sums, error) {
	return rg.Sums{}, errNoFigures
}

// rgBalances reads a member's main balance.
type rgBalances struct{ w *wallet.Service }

func (b rgBalances) MainBalance(ctx context.Context, memberID int64) (int64, error) {
	a, err := b.w.MainAccountOf(ctx, memberID)
	return a.Balance, err
}

// rgMembers tells the operator routes whether a member exists (trial
// accounts have nothing to limit).
type rgMembers struct{ s *account.Store }

func (r rgMembers) MemberExists(ctx context.Context, memberID int64) error {
	mem, err := r.s.MemberByID(ctx, memberID)
	if errors.Is(err, apperr.NotFound("account.not_found")) || (err == nil && mem.Type == account.TypeTrial) {
		return apperr.NotFound("operator.member_not_found").With("id", memberID)
	}
	return err
}
