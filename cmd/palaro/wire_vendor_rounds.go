package main

import (
	"context"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// wireVendorRounds pulls the settled rounds of every transfer-wallet vendor
// (the demo's JDB and CQ9, or a configured vendor's rounds call,
// docs/vendor-transfer.md "Rounds") into the game wallet's rounds, every
// gamewallet.DefaultImportEvery on the server context and before a member's
// records are read, and returns what the records read: the importer over
// the game wallet, or the wallet itself when there is no transfer vendor.
func (m *Main) wireVendorRounds(ctx context.Context, svc *gamewallet.Service, feeds map[string]vendorwallet.RoundFeed) records.RoundSource {
	if len(feeds) == 0 {
		return svc
	}
	im := gamewallet.NewImporter(svc, feeds, gamewallet.ImportConfig{})
	go im.Run(ctx)
	m.Logger.Info("transfer vendors' rounds pulled into the betting record", "vendors", im.Vendors())
	return im
}
