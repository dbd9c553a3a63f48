package game

// WalletVendor is one vendor code as the wallet sees it: a vendor listed in
// several categories is one wallet.
type WalletVendor struct {
	Code        string
	DisplayName string // the name in its first category in menu order
	WalletType  string // WalletTransfer when any of its categories says so
	Maintenance bool   // every one of its categories is in maintenance
}

// WalletVendors lists every vendor code once, in menu order.
func (c *Catalog) WalletVendors() []WalletVendor {
	var out []WalletVendor
	at := map[string]int{}
	for _, v := range c.vendors {
		i, seen := at[v.Code]
		if !seen {
			at[v.Code] = len(out)
			out = append(out, WalletVendor{Code: v.Code, DisplayName: v.DisplayName, WalletType: v.WalletType, Maintenance: v.Maintenance})
			continue
		}
		if v.WalletType == WalletTransfer {
			out[i].WalletType = WalletTransfer
		}
		out[i].Maintenance = out[i].Maintenance && v.Maintenance
	}
	return out
}
