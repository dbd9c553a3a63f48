package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/rg"
	"github.com/palaro/palaro/internal/wallet"
)

// wireRG builds responsible gaming (docs/responsible-gaming.md): the player
// routes under /wps/rg/, the account's login and session gate, and the
// service the money paths ask (cashier deposits, transfers into vendors;
// the game wallet's pre-bet check). Operator routes come with wireRGOps.
func (m *Main) wireRG(mux *http.ServeMux, brands *brand.Service, accounts *account.Service, wallets *wallet.Service, sums rg.Activity) (*rg.Service, *rg.Handler) {
	svc := rg.NewService(rg.NewStore(m.DB), rg.Deps{
		Brand:    brands,
		Activity: sums,
		Balances: rgBalances{w: wallets, m: m},
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

// rgFigures gives responsible gaming a member's sums from the daily figures
// (exact as of every committed fact, internal/figures). Bets are valid bets:
// a bet refunded or rolled back is neither a wager nor a loss.
type rgFigures struct{ f *figures.Figures }

func (a rgFigures) Totals(ctx context.Context, memberID int64, currency string, from, to time.Time) (rg.Sums, error) {
	s, err := a.f.Totals(ctx, memberID, currency, from, to)
	return rg.Sums{Deposits: s.Deposits, Bets: s.ValidBets, Wins: s.Wins, TransfersOut: s.TransfersOut, TransfersIn: s.TransfersIn}, err
}

// rgBets is responsible gaming as the game wallet's pre-bet check: its
// refusals become the wallet's, which each caller answers in its own terms
// (a vendor protocol code, an in-house game code).
type rgBets struct{ svc *rg.Service }

func (b rgBets) CheckBet(ctx context.Context, memberID int64, currency, vendor string, amount int64) error {
	err := b.svc.CheckBet(ctx, memberID, currency, vendor, amount)
	switch {
	case err == nil:
		return nil
	case rg.IsLimit(err):
		return fmt.Errorf("%w: %w", gamewallet.ErrLimitReached, err)
	case rg.IsBlocked(err):
		return fmt.Errorf("%w: %w", gamewallet.ErrPlayerBlocked, err)
	}
	return err
}

// rgBalances tells what a member could withdraw: the main balance, else
// what transfer-wallet vendors hold (asked of them only then, so only a
// self-excluded player with an empty main wallet costs vendor calls).
type rgBalances struct {
	w *wallet.Service
	m *Main // m.transfers is wired after responsible gaming
}

func (b rgBalances) Withdrawable(ctx context.Context, memberID int64) (int64, error) {
	a, err := b.w.MainAccountOf(ctx, memberID)
	if err != nil || a.Balance > 0 || b.m.transfers == nil {
		return a.Balance, err
	}
	return b.m.transfers.HeldAtVendors(ctx, memberID)
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
