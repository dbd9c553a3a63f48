package main

import (
	"context"
	"net/http"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/secrets"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/wallet"
)

// wireSeamless serves the seamless wallet callback API to game vendors
// (POST /lgw/vendor/{vendor}/wallet/{op}, docs/vendor-api.md) and returns
// the service that opens game sessions (launch), hands the sandbox vendor
// its secret and reads rounds (records). A seamless vendor's secret is
// PALARO_VENDOR_<CODE>_SECRET (or _SECRET_FILE); in demo mode a vendor
// without one gets a secret generated once and kept in the database. A
// sweeper closes rounds idle for an hour every minute, on the server context.
func (m *Main) wireSeamless(ctx context.Context, mux *http.ServeMux, games *game.Service, wallets *wallet.Service) (*seamless.Service, error) {
	cat, err := games.Catalog(ctx)
	if err != nil {
		return nil, err
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
	// A money callback's answer is written in its posting's transaction:
	// one commit instead of two (on PostgreSQL in the ledger batch's last
	// round trip, ledger.PipelinedHook).
	cfg.AnswersInPosting = true
	// A betwin (nearly every in-house spin) is guarded by the ledger batch
	// rather than looked up first, on PostgreSQL (seamless/guard.go).
	cfg.GuardBetWin = m.DB.Dialect == db.Postgres
	svc := seamless.NewService(seamless.NewStore(m.DB), seamless.NewCatalogGames(games), wallets, ledger.NewStore(m.DB, m.Clock), m.Clock, m.Logger, cfg)
	seamless.NewHandler(svc).Routes(mux)
	go svc.Run(ctx, seamless.SweepEvery)
	return svc, nil
}
