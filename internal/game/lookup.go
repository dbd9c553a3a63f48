package game

// Lookups for the launch (internal/launch): a game by its code, a vendor by
// its identity (code and category), and games to recommend instead of one
// in maintenance.

// GameByCode finds a game by its game code. Launches name games by node id
// (one map read) far more often than by code, so a scan is enough here.
func (c *Catalog) GameByCode(code string) (GameView, bool) {
	for i := range c.games {
		if c.games[i].GameCode == code {
			return c.games[i], true
		}
	}
	return GameView{}, false
}

// VendorOf finds a vendor by code within one category; gameType "" means its
// first category in menu order (like Vendor).
func (c *Catalog) VendorOf(code, gameType string) (Vendor, bool) {
	if gameType == "" {
		return c.Vendor(code)
	}
	i, ok := c.vendorByKey[vendorKey{code, gameType}]
	if !ok {
		return Vendor{}, false
	}
	return c.vendors[i], true
}

// Playable lists up to limit games of a category that are not in
// maintenance (game or vendor), hot games first, then catalogue order,
// skipping the node excludeNode and, when excludeVendor is set, that vendor.
func (c *Catalog) Playable(gameType string, excludeNode int64, excludeVendor string, limit int) []GameView {
	out := make([]GameView, 0, limit)
	ids := c.byCat[gameType]
	for pass := 0; pass < 2 && len(out) < limit; pass++ {
		for _, i := range ids {
			if len(out) >= limit {
				break
			}
			g := c.games[i]
			if c.hot[i] != (pass == 0) || g.Maintenance || g.NodeID == excludeNode || (excludeVendor != "" && g.Vassalage == excludeVendor) {
				continue
			}
			out = append(out, g)
		}
	}
	return out
}
