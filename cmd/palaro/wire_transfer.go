package main

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/http"
	"strings"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/secrets"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
	"github.com/palaro/palaro/internal/vendorwallet"
	"github.com/palaro/palaro/internal/wallet"
)

// wireTransfers serves transfer wallets, consolidated funds and the account
// record (docs/ledger.md, "Transfer wallets"; docs/vendor-transfer.md).
// A TRANSFER vendor's adapter is configured by PALARO_TRANSFER_VENDOR_<CODE>_URL
// and PALARO_TRANSFER_VENDOR_<CODE>_SECRET (or _SECRET_FILE). In demo mode
// the sandbox transfer vendor is mounted at /sandbox/vendor/transfer/ and
// stands in for every TRANSFER vendor of the catalogue without one; its
// secret is PALARO_SANDBOX_VENDOR_SECRET (or _FILE), else one generated once
// and kept in the database. A sweeper settles PENDING transfers every 30 s.
// It returns each transfer vendor's client as the feed of its settled rounds
// (the rounds pull, wire_vendor_rounds.go).
func (m *Main) wireTransfers(ctx context.Context, mux *http.ServeMux, wallets *wallet.Service, games *game.Service, accounts *account.Service) (map[string]vendorwallet.RoundFeed, error) {
	wallets.UseCatalog(games)
	cat, err := games.Catalog(ctx)
	if err != nil {
		return nil, err
	}
	adapters := map[string]vendorwallet.Wallet{}
	feeds := map[string]vendorwallet.RoundFeed{}
	var sandboxed []string
	for _, code := range wallet.TransferVendorCodes(cat) {
		if tv := m.Config.TransferVendors[config.Code(code)]; tv.URL != "" && tv.Secret != "" {
			base := strings.TrimRight(tv.URL, "/")
			client := vendorwallet.NewClient(func() string { return base }, []byte(tv.Secret), nil, m.Clock)
			adapters[code], feeds[code] = client, client
			continue
		}
		sandboxed = append(sandboxed, code)
	}
	if m.Config.Demo && len(sandboxed) > 0 {
		secret, err := m.sandboxVendorSecret(ctx)
		if err != nil {
			return nil, err
		}
		transfervendor.New(m.DB, secret, sandboxed, m.Clock, m.Logger).Routes(mux)
		for _, code := range sandboxed {
			client := vendorwallet.NewClient(func() string { return transfervendor.BaseURL(m.selfBaseURL(), code) }, secret, nil, m.Clock)
			adapters[code], feeds[code] = client, client
		}
		m.Logger.Info("demo: sandbox transfer vendor mounted", "path", transfervendor.Prefix+"/", "vendors", sandboxed)
	} else if len(sandboxed) > 0 {
		m.Logger.Warn("transfer vendors without an adapter are shown unavailable", "vendors", sandboxed)
	}
	transfers := wallet.NewTransfers(wallets, m.DB, games, adapters, m.Clock, m.Logger)
	transfers.UseLimits(m.rg) // money into a vendor counts as a wager (responsible gaming)
	m.transfers = transfers
	wallet.NewTransferHandler(transfers, wallet.NewRecords(wallets, m.Clock), accounts).Routes(mux)
	go transfers.Run(ctx, wallet.SweepEvery)
	return feeds, nil
}

func (m *Main) sandboxVendorSecret(ctx context.Context) ([]byte, error) {
	if v := m.Config.SandboxVendorSecret; v != "" {
		return []byte(v), nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	v, err := secrets.NewStore(m.DB).Secret(ctx, "sandbox_vendor", hex.EncodeToString(b), m.Clock.Now())
	if err != nil {
		return nil, fmt.Errorf("sandbox vendor secret: %w", err)
	}
	return []byte(v), nil
}
