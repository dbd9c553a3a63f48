// Package favorite keeps a member's favourite games and recently launched
// games (spec sections 2 and 4, "Favourites" and "Recent"). The rows hold
// node ids only; every list is resolved against the game catalogue snapshot,
// so games are shaped exactly as gameList shows them and a game removed from
// the catalogue drops out of the lists.
package favorite

import (
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Limits.
const (
	// MaxFavorites caps one member's favourites (the web loads them with pageSize 999).
	MaxFavorites = 999
	// MaxRecent is how many recently launched games are kept per member.
	MaxRecent = 50

	DefaultListPageSize   = 999
	DefaultRecentPageSize = 20
)

// Page is one page of the favourite list (spec section 3 field names:
// content, pageNum, totalPages).
type Page struct {
	Content    []game.GameView `json:"content"`
	PageNum    int             `json:"pageNum"`
	PageSize   int             `json:"pageSize"`
	Total      int             `json:"total"`
	TotalPages int             `json:"totalPages"`
}

// RecentPage is one page of recently launched games, newest first.
type RecentPage struct {
	List       []game.GameView `json:"list"`
	PageNum    int             `json:"pageNum"`
	PageSize   int             `json:"pageSize"`
	Total      int             `json:"total"`
	TotalPages int             `json:"totalPages"`
}

// ListQuery selects a page of a member's favourite or recent games;
// GameType "" means every category.
type ListQuery struct {
	GameType string
	PageNo   int
	PageSize int
}

// AddRequest is the body of POST /wps/relay/favorite. Vendor and GameType
// are optional; when given they must be the game's.
type AddRequest struct {
	NodeID   int64  `json:"nodeId"`
	Vendor   string `json:"vendor"`
	GameType string `json:"gameType"`
}

// Errors.
var (
	ErrUnknownGame  = apperr.NotFound("favorite.unknown_game")
	ErrLimitReached = apperr.Conflict("favorite.limit_reached")
	ErrGameMismatch = apperr.Invalid("favorite.game_mismatch")
)

func init() {
	texts := map[string][2]string{
		"favorite.unknown_game": {"This game does not exist.",
			"Walang ganitong laro."},
		"favorite.limit_reached": {"You can keep at most {max} favourite games. Remove one first.",
			"Hanggang {max} na paboritong laro lang ang maaari. Mag-alis muna ng isa."},
		"favorite.game_mismatch": {"The vendor or category does not match this game.",
			"Hindi tugma ang vendor o kategorya sa larong ito."},
		"favorite.invalid_node": {"Choose a game.",
			"Pumili ng laro."},
	}
	for code, t := range texts {
		apperr.Register(code, map[string]string{"EN": t[0], "TY": t[1]})
	}
}
