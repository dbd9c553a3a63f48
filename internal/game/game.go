// Package game is the games catalogue: vendors per category, games, the
// winner feed, and the read models the storefront lists them with
// (docs/games-catalogue.md). It knows nothing of HTTP or SQL.
package game

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Category is a server-side game category (spec section 2's code map, before
// the client reshapes SPORTS into ESPORTS/COCKFIGHT and RNG into INHOUSE).
type Category struct {
	Code     string
	MenuCode string
	PageCode string
	Sort     int
}

// Categories in menu order. ESPORTS, COCKFIGHT and INHOUSE are client-side
// reshapes of vendors listed under SPORTS and RNG, so they are not here.
var Categories = []Category{
	{Code: "LIVE", MenuCode: "con_live", PageCode: "w_live", Sort: 1},
	{Code: "SPORTS", MenuCode: "con_sports", PageCode: "w_sports", Sort: 2},
	{Code: "RNG", MenuCode: "con_rng", PageCode: "w_rng", Sort: 3},
	{Code: "FISH", MenuCode: "con_fish", PageCode: "w_fish", Sort: 4},
	{Code: "PVP", MenuCode: "con_pvp", PageCode: "w_pvp", Sort: 5},
	{Code: "LOTT", MenuCode: "con_lott", PageCode: "w_lott", Sort: 6},
	{Code: "ELOTT", MenuCode: "con_lott", PageCode: "w_elott", Sort: 7},
	{Code: "BGS", MenuCode: "in_house", PageCode: "w_bgs", Sort: 8},
	{Code: "COCKFIGHT", MenuCode: "con_cock", PageCode: "w_cockfight", Sort: 9},
}

// CategoryByCode finds a category; ok is false for unknown codes.
func CategoryByCode(code string) (Category, bool) {
	for _, c := range Categories {
		if c.Code == code {
			return c, true
		}
	}
	return Category{}, false
}

// Sub-categories of games (spec section 3). BG (bingo) exists because the
// brand supports TY.
const (
	SubJackpot = "JP"
	SubTable   = "TG"
	SubArcade  = "AC"
	SubBingo   = "BG"
)

// SubCategories are the accepted sub-category codes.
var SubCategories = []string{SubJackpot, SubTable, SubArcade, SubBingo}

// Launch modes of a vendor.
const (
	LaunchIframe = "iframe"
	LaunchWindow = "window"
)

// IsGameVassalage marks a vendor that opens a popup game list instead of launching.
const IsGameVassalage = "VASSALAGE"

// Winner kinds.
const (
	KindBig     = "BIG"
	KindJackpot = "JACKPOT"
)

// Selection types served by the catalogue (FAV and RECENT are account lists).
const (
	SelectAll = "ALL"
	SelectHot = "HOT"
	SelectNew = "NEW"
)

// Vendor is a game provider within one category: (Code, GameType) is its identity.
type Vendor struct {
	Code        string // vassalage
	GameType    string
	DisplayName string
	IsGame      string // IsGameVassalage or ""
	LaunchMode  string // LaunchIframe or LaunchWindow
	IsNew       bool
	Maintenance bool
	Sort        int
	WalletType  string // WalletSeamless (default) or WalletTransfer
	Ops
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Wallet types of a vendor (docs/ledger.md, "Transfer wallets"): a seamless
// vendor debits and credits the player's main wallet per round; a transfer
// vendor keeps its own wallet that players move money to and from.
const (
	WalletSeamless = "SEAMLESS"
	WalletTransfer = "TRANSFER"
)

// Game is one playable title.
type Game struct {
	NodeID      int64
	Name        string
	VendorCode  string
	GameType    string
	GameCode    string
	SubCategory string // JP, TG, AC, BG or ""
	IsHot       bool
	IsNew       bool
	Maintenance bool
	Sort        int
	Ops
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Ops are the operator's switches on a vendor or a game (ops.go), kept by
// the operator routes only: seeding and catalogue imports leave them be.
type Ops struct {
	// Disabled hides it from the storefront; it cannot be launched.
	Disabled bool
	// MaintenanceFrom and MaintenanceTo schedule maintenance (Unix ms, from
	// included, to not; 0 = none), on top of the Maintenance switch.
	MaintenanceFrom int64
	MaintenanceTo   int64
}

// InMaintenance tells whether the switch or the window puts it in
// maintenance at now (Unix ms).
func inMaintenance(on bool, o Ops, now int64) bool {
	return on || (o.MaintenanceTo > 0 && now >= o.MaintenanceFrom && now < o.MaintenanceTo)
}

// nextBoundary is the first window edge after now (0: none).
func nextBoundary(o Ops, now int64) int64 {
	switch {
	case o.MaintenanceTo == 0:
		return 0
	case now < o.MaintenanceFrom:
		return o.MaintenanceFrom
	case now < o.MaintenanceTo:
		return o.MaintenanceTo
	}
	return 0
}

// Winner is one entry of the winner boards; WinAmount is in minor units.
type Winner struct {
	ID           int64
	Kind         string // KindBig or KindJackpot
	CustomerName string // already masked, e.g. "ju***88"
	WinAmount    int64
	NodeID       int64
	GameType     string
	WonAt        time.Time
	// GameCode finds the game when NodeID is 0 (a settled round names its
	// game by code).
	GameCode string
	// RoundKey, when set, names the round the entry was made from: a round
	// is on the boards once (RecordWins skips an entry whose round is there).
	RoundKey string
}

// Icon paths are relative; the client prefixes a CDN base (docs/api.md).
func GameIcon(nodeID int64) string  { return "/art/game/" + itoa(nodeID) + ".svg" }
func VendorIcon(code string) string { return "/art/vendor/" + code + ".svg" }

func itoa(n int64) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	neg := n < 0
	if neg {
		n = -n
	}
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Validate checks a vendor before it is stored.
func (v *Vendor) Validate() error {
	if !isCatalogCode(v.Code, 32) {
		return apperr.Invalid("game.invalid_vendor").With("name", "vassalage")
	}
	if _, ok := CategoryByCode(v.GameType); !ok {
		return apperr.Invalid("game.unknown_category")
	}
	if strings.TrimSpace(v.DisplayName) == "" || utf8.RuneCountInString(v.DisplayName) > 80 {
		return apperr.Invalid("game.invalid_vendor").With("name", "displayName")
	}
	if v.IsGame != "" && v.IsGame != IsGameVassalage {
		return apperr.Invalid("game.invalid_vendor").With("name", "isGame")
	}
	switch v.LaunchMode {
	case "":
		v.LaunchMode = LaunchIframe
	case LaunchIframe, LaunchWindow:
	default:
		return apperr.Invalid("game.invalid_vendor").With("name", "launchMode")
	}
	switch v.WalletType {
	case "":
		v.WalletType = WalletSeamless
	case WalletSeamless, WalletTransfer:
	default:
		return apperr.Invalid("game.invalid_vendor").With("name", "walletType")
	}
	return nil
}

// Validate checks a game before it is stored.
func (g *Game) Validate() error {
	if strings.TrimSpace(g.Name) == "" || utf8.RuneCountInString(g.Name) > 80 {
		return apperr.Invalid("game.invalid_game").With("name", "gameName")
	}
	if !isCatalogCode(g.GameCode, 64) {
		return apperr.Invalid("game.invalid_game").With("name", "gameCode")
	}
	if !isCatalogCode(g.VendorCode, 32) {
		return apperr.Invalid("game.invalid_game").With("name", "vassalage")
	}
	if _, ok := CategoryByCode(g.GameType); !ok {
		return apperr.Invalid("game.unknown_category")
	}
	if g.SubCategory != "" && !contains(SubCategories, g.SubCategory) {
		return apperr.Invalid("game.invalid_game").With("name", "subCategory")
	}
	return nil
}

// Validate checks a winner entry before it is stored.
func (w *Winner) Validate() error {
	if w.Kind != KindBig && w.Kind != KindJackpot {
		return apperr.Invalid("game.invalid_winner").With("name", "kind")
	}
	if w.WinAmount <= 0 {
		return apperr.Invalid("game.invalid_winner").With("name", "winAmount")
	}
	if w.CustomerName == "" || utf8.RuneCountInString(w.CustomerName) > 32 {
		return apperr.Invalid("game.invalid_winner").With("name", "customerName")
	}
	return nil
}

// MaskName turns a username into the board form: first two characters,
// three asterisks, last two ("juan88" -> "ju***88").
func MaskName(name string) string {
	r := []rune(name)
	if len(r) <= 4 {
		if len(r) == 0 {
			return "***"
		}
		return string(r[:1]) + "***"
	}
	return string(r[:2]) + "***" + string(r[len(r)-2:])
}

// isCatalogCode: upper-case letters, digits and underscore, as vendor and game codes are.
func isCatalogCode(s string, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Languages are the interface language codes the platform knows (spec section 1).
var Languages = []string{"TY", "EN", "CN", "TW", "JA", "KO", "TH", "VI", "ID", "MS", "KM", "LO", "MY", "HI",
	"BN", "UR", "TA", "NE", "AR", "FA", "HE", "TR", "RU", "UK", "PL", "CS", "RO", "HU", "EL", "DE", "FR", "ES",
	"PT", "IT", "NL", "SV", "DA", "NO", "FI", "SW"}

var languageSet = func() map[string]struct{} {
	m := make(map[string]struct{}, len(Languages))
	for _, l := range Languages {
		m[l] = struct{}{}
	}
	return m
}()

// NormalizeLanguage upper-cases a language code; ok is false for unknown codes.
func NormalizeLanguage(s string) (string, bool) {
	if len(s) != 2 {
		return "", false
	}
	u := strings.ToUpper(s)
	_, ok := languageSet[u]
	return u, ok
}

func init() {
	apperr.Register("game.not_found", map[string]string{
		"EN": "This game does not exist.",
		"TY": "Walang ganitong laro.",
	})
	apperr.Register("game.vendor_not_found", map[string]string{
		"EN": "This game provider does not exist.",
		"TY": "Walang ganitong provider ng laro.",
	})
	apperr.Register("game.unknown_category", map[string]string{
		"EN": "This game category does not exist.",
		"TY": "Walang ganitong kategorya ng laro.",
	})
	apperr.Register("game.invalid_vendor", map[string]string{
		"EN": "The game provider field {name} is not valid.",
		"TY": "Hindi wasto ang field na {name} ng provider ng laro.",
	})
	apperr.Register("game.invalid_game", map[string]string{
		"EN": "The game field {name} is not valid.",
		"TY": "Hindi wasto ang field na {name} ng laro.",
	})
	apperr.Register("game.invalid_winner", map[string]string{
		"EN": "The winner field {name} is not valid.",
		"TY": "Hindi wasto ang field na {name} ng nanalo.",
	})
	apperr.Register("game.duplicate", map[string]string{
		"EN": "A game or provider with this code already exists.",
		"TY": "Mayroon nang laro o provider na may ganitong code.",
	})
	apperr.Register("game.catalog_unavailable", map[string]string{
		"EN": "The games list is unavailable right now. Please try again.",
		"TY": "Hindi available ang listahan ng laro ngayon. Pakisubukang muli.",
	})
}
