package main

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/secrets"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/wallet"
)

// wireSeamless builds the game wallet (every game's money: sessions opened
// at launch, rounds the records read, the in-house games' calls) and serves
// the vendor callback API over it (POST /lgw/vendor/{vendor}/wallet/{op},
// docs/vendor-api.md), which hands the sandbox vendor its secret. Before
// any bet the game wallet asks responsible gaming (rgBets, wire_rg.go:
// limits, time-outs, exclusions). A seamless vendor's secret is
// PALARO_VENDOR_<CODE>_SECRET (or _SECRET_FILE); in demo mode a vendor
// without one gets a secret generated once and kept in the database. A
// sweeper closes rounds idle for an hour every minute, on the server context.
func (m *Main) wireSeamless(ctx context.Context, mux *http.ServeMux, games *game.Service, wallets *wallet.Service) (*gamewallet.Service, *seamless.Service, error) {
	cat, err := games.Catalog(ctx)
	if err != nil {
		return nil, nil, err
	}
	cfg := seamless.Config{Secrets: map[string][]byte{}}
	for _, v := range cat.WalletVendors() {
		if secret := m.Config.VendorSecrets[config.Code(v.Code)]; secret != "" {
			cfg.Secrets[v.Code] = []byte(secret)
		}
	}
	if m.Config.Demo {
		cfg.GeneratedSecrets = secrets.NewStore(m.DB)
	}
	var gcfg gamewallet.Config
	// A money call's answer is written in its posting's transaction: one
	// commit instead of two (on PostgreSQL in the ledger batch's last round
	// trip, ledger.PipelinedHook).
	gcfg.AnswersInPosting = true
	// A betwin (nearly every in-house spin) is guarded by the ledger batch
	// rather than looked up first, on PostgreSQL (gamewallet/guard.go).
	gcfg.GuardBetWin = m.DB.Dialect == db.Postgres
	if m.rg != nil { // limits, time-outs and exclusions before any bet is posted
		gcfg.BetChecker = rgBets{m.rg}
	}
	catalog := gamewallet.NewCatalogGames(games)
	gw := gamewallet.NewService(gamewallet.NewStore(m.DB), catalog, wallets, ledger.NewStore(m.DB, m.Clock), m.Clock, m.Logger, gcfg)
	svc := seamless.NewService(gw, catalog, m.Clock, m.Logger, cfg)
	seamless.NewHandler(svc).Routes(mux)
	go gw.Run(ctx, gamewallet.SweepEvery)
	return gw, svc, nil
}
