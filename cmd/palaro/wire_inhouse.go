package main

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/inhouse"
	"github.com/palaro/palaro/internal/launch"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/money"
	"github.com/palaro/palaro/internal/wallet"
)

// wireInhouse serves the in-house games (/wps/inhouse/*, docs/games/server.md)
// and returns the service (Crash rounds go through it) and the launch
// adapter of vendor BGS: its in-house games open /originals/<slug> in an
// iframe, its other games go to next (the sandbox vendor in demo mode).
// The server reaches money only through the game wallet, called in process
// as vendor BGS. Recovery runs at
// start and every minute, jackpot contributions move every second.
//
// The stake ranges and the jackpot's share of each bet are brand data
// (brand.Inhouse, read at each round). The server's own tuning (amounts in
// major units of the brand currency): PALARO_INHOUSE_MINES_TIMEOUT (30m),
// PALARO_INHOUSE_FREESPIN_TIMEOUT (10m), PALARO_INHOUSE_SLOT_PROFILE (94,
// 96, 97), PALARO_INHOUSE_JACKPOT_SEED (10,000.00),
// PALARO_INHOUSE_JACKPOT_HIT_DIVISOR (400000000: a bet of a minor units
// hits with probability a / divisor).
func (m *Main) wireInhouse(ctx context.Context, mux *http.ServeMux, games *game.Service, brands *brand.Service, accounts *account.Service,
	wallets *wallet.Service, gw *gamewallet.Service, next launch.Adapter) (*inhouse.Service, launch.Adapter, error) {
	b, err := brands.Current(ctx)
	if errors.Is(err, brand.ErrNotFound) { // a server started before its brand is imported: no currency to play in
		m.Logger.Warn("in-house games off: no brand yet (palaro brand import)")
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, err
	}
	cfg, err := inhouseConfig(m.Config.Inhouse, b.Currency.Decimals)
	if err != nil {
		return nil, nil, err
	}
	svc := inhouse.NewService(inhouse.Deps{Store: inhouse.NewStore(m.DB), Wallet: gw, Sessions: gw, Bonuses: gw, Catalog: games, Brand: brands, Brands: brands,
		Ledger: wallets, Accounts: ledger.NewStore(m.DB, m.Clock), Clock: m.Clock, Logger: m.Logger}, cfg)
	if err := svc.InitJackpot(ctx); err != nil {
		return nil, nil, fmt.Errorf("in-house jackpot: %w", err)
	}
	inhouse.NewHandler(svc, accounts).Routes(mux)
	go svc.Run(ctx)
	m.drains = append(m.drains, svc.Settle) // completions of rounds already answered
	m.Logger.Info("in-house games", "jackpot_seed", cfg.Jackpot.Seed, "hit_divisor", cfg.Jackpot.HitDivisor, "slot_profile", cfg.SlotProfile)
	return svc, inhouseLaunch{svc: svc, next: next}, nil
}

// inhouseConfig reads PALARO_INHOUSE_*; unset values take the defaults.
func inhouseConfig(env map[string]string, decimals int) (inhouse.Config, error) {
	var cfg inhouse.Config
	for name := range env { // moved to the brand document: refuse rather than ignore them
		if strings.HasSuffix(name, "_MIN_BET") || strings.HasSuffix(name, "_MAX_BET") || name == "PALARO_INHOUSE_JACKPOT_CONTRIBUTION_BP" {
			return cfg, fmt.Errorf("%s: the in-house stake ranges and jackpot share are brand data now (the brand document's \"inhouse\" block: minBet, maxBet, games, jackpotContributionBp; docs/games/server.md)", name)
		}
	}
	amount := func(name string, into *int64) error {
		v := strings.TrimSpace(env[name])
		if v == "" {
			return nil
		}
		n, err := money.Parse(v, decimals)
		if err != nil {
			return fmt.Errorf("%s=%q: %w", name, v, err)
		}
		*into = n
		return nil
	}
	duration := func(name string, into *time.Duration) error {
		if v := env[name]; v != "" {
			d, err := time.ParseDuration(v)
			if err != nil || d <= 0 {
				return fmt.Errorf("%s=%q: not a positive duration", name, v)
			}
			*into = d
		}
		return nil
	}
	integer := func(name string, into *int64) error {
		if v := env[name]; v != "" {
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil || n < 0 {
				return fmt.Errorf("%s=%q: not a whole number", name, v)
			}
			*into = n
		}
		return nil
	}
	errs := []error{
		duration("PALARO_INHOUSE_MINES_TIMEOUT", &cfg.MinesTimeout),
		duration("PALARO_INHOUSE_FREESPIN_TIMEOUT", &cfg.FreeSpinTimeout),
		amount("PALARO_INHOUSE_JACKPOT_SEED", &cfg.Jackpot.Seed),
		integer("PALARO_INHOUSE_JACKPOT_HIT_DIVISOR", &cfg.Jackpot.HitDivisor)}
	cfg.SlotProfile = env["PALARO_INHOUSE_SLOT_PROFILE"]
	for _, err := range errs {
		if err != nil {
			return cfg, err
		}
	}
	return cfg, nil
}

// inhouseLaunch is vendor BGS's launch adapter: the in-house games of the
// catalogue (table inhouse_game) open their page in an iframe; the rest of
// BGS's demo games stay with next.
type inhouseLaunch struct {
	svc  *inhouse.Service
	next launch.Adapter
}

func (a inhouseLaunch) Launch(ctx context.Context, r launch.Request) (launch.Result, error) {
	slug, ok, err := a.svc.SlugOf(ctx, r.Game.GameCode)
	if err != nil {
		return launch.Result{}, err
	}
	if ok {
		return launch.Result{URL: "/originals/" + slug, Mode: launch.ModeIframe}, nil
	}
	if a.next == nil {
		return launch.Result{}, apperr.New(apperr.KindUnavailable, "launch.vendor_unavailable")
	}
	return a.next.Launch(ctx, r)
}
