package gamewallet

import (
	"context"
	"sync"

	"github.com/palaro/palaro/internal/game"
)

// CatalogSource is the games catalogue: game.Service.
type CatalogSource interface {
	Catalog(ctx context.Context) (*game.Catalog, error)
}

// CatalogGames finds games in the catalogue snapshot, indexed by vendor and
// code once per snapshot generation.
type CatalogGames struct {
	src CatalogSource

	mu     sync.Mutex
	gen    uint64
	index  map[string]Game
	wallet map[string]string // vendor code -> wallet type
}

// NewCatalogGames adapts the catalogue to Games.
func NewCatalogGames(src CatalogSource) *CatalogGames { return &CatalogGames{src: src} }

// FindGame implements Games.
func (c *CatalogGames) FindGame(ctx context.Context, vendor, code string) (Game, bool, error) {
	idx, _, err := c.load(ctx)
	if err != nil {
		return Game{}, false, err
	}
	g, ok := idx[vendor+"\x00"+code]
	return g, ok, nil
}

// SeamlessVendor implements Games: the catalogue has the vendor and it does
// not keep a transfer wallet.
func (c *CatalogGames) SeamlessVendor(ctx context.Context, vendor string) (bool, error) {
	_, wallets, err := c.load(ctx)
	if err != nil {
		return false, err
	}
	w, ok := wallets[vendor]
	return ok && w != game.WalletTransfer, nil
}

func (c *CatalogGames) load(ctx context.Context) (map[string]Game, map[string]string, error) {
	cat, err := c.src.Catalog(ctx)
	if err != nil {
		return nil, nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.index != nil && c.gen == cat.Generation {
		return c.index, c.wallet, nil
	}
	idx := map[string]Game{}
	wallets := map[string]string{}
	page := cat.ListGames(game.ListFilter{PageNo: 1, PageSize: 1 << 30})
	for _, g := range page.Games {
		v, _ := cat.Vendor(g.Vassalage)
		w := v.WalletType
		if w == "" {
			w = game.WalletSeamless
		}
		wallets[g.Vassalage] = w
		idx[g.Vassalage+"\x00"+g.GameCode] = Game{NodeID: g.NodeID, Vendor: g.Vassalage, Code: g.GameCode, GameType: g.GameType, Maintenance: g.Maintenance || v.Maintenance}
	}
	for _, vt := range cat.VendorTypes() {
		for _, code := range vt.Vendors {
			if _, ok := wallets[code]; !ok {
				v, _ := cat.Vendor(code)
				w := v.WalletType
				if w == "" {
					w = game.WalletSeamless
				}
				wallets[code] = w
			}
		}
	}
	c.gen, c.index, c.wallet = cat.Generation, idx, wallets
	return idx, wallets, nil
}
