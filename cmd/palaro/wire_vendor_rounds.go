package main

import (
	"context"

	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// wireVendorRounds pulls the settled rounds of every transfer-wallet vendor
// (the demo's JDB and CQ9, or a configured vendor's rounds call,
// docs/vendor-transfer.md "Rounds") into the seamless wallet's rounds, every
// seamless.DefaultImportEvery on the server context and before a member's
// records are read, and returns what the records read: the importer over
// the seamless wallet, or the wallet itself when there is no transfer vendor.
func (m *Main) wireVendorRounds(ctx context.Context, svc *seamless.Service, feeds map[string]vendorwallet.RoundFeed) records.RoundSource {
	if len(feeds) == 0 {
		return svc
	}
	im := seamless.NewImporter(svc, feeds, seamless.ImportConfig{})
	go im.Run(ctx)
	m.Logger.Info("transfer vendors' rounds pulled into the betting record", "vendors", im.Vendors())
	return im
}
