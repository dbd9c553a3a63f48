// Package launch opens games: it checks who may play what (visitors never,
// trial accounts only free-play games), refuses unknown, disabled and
// maintained games (offering others of the same category instead), opens a
// seamless game session when the vendor needs one, and asks the vendor's
// adapter for the URL the browser loads, in an iframe or a new window
// (docs/vendor-api.md, "Launch"). It knows nothing of HTTP or SQL.
package launch

import (
	"context"
	"strconv"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Modes in which the browser opens a launched game.
const (
	ModeIframe = "IFRAME"
	ModeWindow = "WINDOW"
)

// Devices a launch is for.
const (
	DeviceWeb = "WEB" // desktop browser
	DeviceH5  = "H5"  // phone browser
)

// Request is what an adapter gets to build a launch URL.
type Request struct {
	MemberID     int64
	Account      string
	PlayerID     string        // the member's id at vendors ("m<memberID>"), seamless and transfer alike
	Game         game.GameView // the game; for a vendor lobby launch, the vendor's first game
	Lobby        bool          // launched from the vendor (header drop-down): open the vendor's lobby when it has one
	Vendor       game.Vendor
	Language     string // EN, TY, ... (upper case)
	Device       string // DeviceWeb or DeviceH5
	SessionToken string // seamless vendors: the game session token; "" for transfer vendors
	LobbyURL     string // where the game's "back" button leads
	Currency     string // the balance the game plays with: the brand currency, or FUN for trial accounts
}

// Result is an adapter's answer. URL is absolute (http or https) or a
// site-relative path ("/sandbox/..."); Mode is "" to use the vendor's
// configured launch mode, or ModeIframe / ModeWindow to override it.
type Result struct {
	URL  string
	Mode string
}

// Adapter builds launch URLs for one vendor (or, as a registry default,
// for every vendor without its own).
type Adapter interface {
	Launch(ctx context.Context, r Request) (Result, error)
}

// Registry maps vendor codes to adapters. It is filled in while wiring,
// before the server takes requests; lookups then only read it.
type Registry struct {
	byCode   map[string]Adapter
	fallback Adapter
}

func NewRegistry() *Registry { return &Registry{byCode: map[string]Adapter{}} }

// Register sets the adapter of one vendor code.
func (r *Registry) Register(vendor string, a Adapter) { r.byCode[vendor] = a }

// SetDefault sets the adapter of every vendor without its own (the demo's sandbox vendor).
func (r *Registry) SetDefault(a Adapter) { r.fallback = a }

// Lookup finds the adapter of a vendor code.
func (r *Registry) Lookup(vendor string) (Adapter, bool) {
	if a, ok := r.byCode[vendor]; ok {
		return a, true
	}
	return r.fallback, r.fallback != nil
}

// SessionOpener opens seamless game sessions (internal/seamless).
type SessionOpener interface {
	OpenSession(ctx context.Context, memberID int64, vendor, gameCode string, nodeID int64, currency string) (string, error)
}

// RecentRecorder remembers launched games for the recent list (internal/favorite).
type RecentRecorder interface {
	RecordLaunch(ctx context.Context, memberID, nodeID int64) error
}

// Catalog is the games catalogue (game.Service).
type Catalog interface {
	Catalog(ctx context.Context) (*game.Catalog, error)
}

// Brand is the brand configuration (brand.Service): currency, default
// language and launch CDNs.
type Brand interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Query is a launch request as the browser sends it: a game by node id or
// code, or a vendor (with its category) for the vendor's lobby.
type Query struct {
	NodeID   int64
	GameCode string
	Vendor   string
	GameType string
	Language string // "" = the brand's default
	Device   string // "" = DeviceWeb
}

// Answer is the launch as the browser gets it.
type Answer struct {
	URL      string `json:"url"`
	Mode     string `json:"mode"`
	NodeID   int64  `json:"nodeId"`
	GameCode string `json:"gameCode"`
	Vendor   string `json:"vendor"`
	GameType string `json:"gameType"`
}

// Rule is the launch setting of a vendor (GameCode "") or of one game.
type Rule struct {
	Vendor   string
	GameCode string
	FreePlay bool // trial accounts may launch it
	Disabled bool // nobody may launch it
}

// RecommendQuery selects games to offer instead of one that cannot be launched.
type RecommendQuery struct {
	GameType string // "" = the category of Exclude
	Exclude  int64  // a node id left out (the game in maintenance)
	Vendor   string // a vendor left out (the vendor in maintenance)
	Limit    int
}

// Recommendation limits.
const (
	DefaultRecommend = 6
	MaxRecommend     = 24
)

// playerID is the member's id at vendors, the same for seamless and
// transfer vendors (seamless.PlayerID, vendorwallet players).
func playerID(memberID int64) string { return "m" + strconv.FormatInt(memberID, 10) }

func init() {
	apperr.Register("launch.unknown_game", map[string]string{
		"EN": "This game does not exist.",
		"TY": "Walang ganitong laro.",
	})
	apperr.Register("launch.game_disabled", map[string]string{
		"EN": "This game is not available.",
		"TY": "Hindi available ang larong ito.",
	})
	apperr.Register("launch.maintenance", map[string]string{
		"EN": "This game is under maintenance. Please try another game.",
		"TY": "Inaayos pa ang larong ito. Pakisubukan ang ibang laro.",
	})
	apperr.Register("launch.vendor_unavailable", map[string]string{
		"EN": "This game provider is unavailable right now. Please try again later.",
		"TY": "Hindi available ang provider ng larong ito ngayon. Pakisubukang muli mamaya.",
	})
	apperr.Register("launch.game_required", map[string]string{
		"EN": "Choose a game or a game provider to launch.",
		"TY": "Pumili ng laro o provider ng laro na bubuksan.",
	})
}
