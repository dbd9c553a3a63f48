package favorite

import (
	"context"
	"strings"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
)

// Catalog is the game catalogue snapshot source (*game.Service).
type Catalog interface {
	Catalog(ctx context.Context) (*game.Catalog, error)
}

// Service holds the rules: games must exist in the catalogue to be added or
// recorded, adding twice is ignored, removing a missing one is ignored.
type Service struct {
	store *Store
	games Catalog
	clock clock.Clock
}

func NewService(store *Store, games Catalog, clk clock.Clock) *Service {
	return &Service{store: store, games: games, clock: clk}
}

// FavoriteIDs lists the member's favourites that are in the catalogue, newest first.
func (s *Service) FavoriteIDs(ctx context.Context, memberID int64) ([]int64, error) {
	c, ids, err := s.load(ctx, memberID, s.store.FavoriteIDs)
	if err != nil {
		return nil, err
	}
	out := ids[:0]
	for _, id := range ids {
		if _, ok := c.Game(id); ok {
			out = append(out, id)
		}
	}
	return out, nil
}

// Favorites is one page of the member's favourite games, newest first.
func (s *Service) Favorites(ctx context.Context, memberID int64, q ListQuery) (Page, error) {
	c, ids, err := s.load(ctx, memberID, s.store.FavoriteIDs)
	if err != nil {
		return Page{}, err
	}
	list, total, pages := paginate(c, ids, q)
	return Page{Content: list, PageNum: q.PageNo, PageSize: q.PageSize, Total: total, TotalPages: pages}, nil
}

// Recent is one page of the member's recently launched games, newest first.
func (s *Service) Recent(ctx context.Context, memberID int64, q ListQuery) (RecentPage, error) {
	c, ids, err := s.load(ctx, memberID, s.store.RecentIDs)
	if err != nil {
		return RecentPage{}, err
	}
	list, total, pages := paginate(c, ids, q)
	return RecentPage{List: list, PageNum: q.PageNo, PageSize: q.PageSize, Total: total, TotalPages: pages}, nil
}

// Add makes the game a favourite; added is false when it already was one.
func (s *Service) Add(ctx context.Context, memberID int64, req AddRequest) (added bool, err error) {
	c, err := s.games.Catalog(ctx)
	if err != nil {
		return false, err
	}
	g, ok := c.Game(req.NodeID)
	if !ok {
		return false, ErrUnknownGame
	}
	if (req.Vendor != "" && !strings.EqualFold(req.Vendor, g.Vassalage)) ||
		(req.GameType != "" && !strings.EqualFold(req.GameType, g.GameType)) {
		return false, ErrGameMismatch
	}
	added, full, err := s.store.AddFavorite(ctx, memberID, req.NodeID, s.clock.Now().UnixMilli(), MaxFavorites)
	if err != nil {
		return false, apperr.Internal(err, "add favourite")
	}
	if full {
		return false, ErrLimitReached.With("max", MaxFavorites)
	}
	return added, nil
}

// Remove drops a favourite; removed is false when it was not one. A node id
// that is neither a favourite nor a catalogue game is unknown.
func (s *Service) Remove(ctx context.Context, memberID, nodeID int64) (removed bool, err error) {
	removed, err = s.store.RemoveFavorite(ctx, memberID, nodeID)
	if err != nil {
		return false, apperr.Internal(err, "remove favourite")
	}
	if removed {
		return true, nil
	}
	c, err := s.games.Catalog(ctx)
	if err != nil {
		return false, err
	}
	if _, ok := c.Game(nodeID); !ok {
		return false, ErrUnknownGame
	}
	return false, nil
}

// RecordLaunch puts the game at the front of the member's recent games
// (called by the launch service after a successful launch). A visitor
// (memberID 0) records nothing; an unknown game is ErrUnknownGame.
func (s *Service) RecordLaunch(ctx context.Context, memberID, nodeID int64) error {
	if memberID <= 0 {
		return nil
	}
	c, err := s.games.Catalog(ctx)
	if err != nil {
		return err
	}
	if _, ok := c.Game(nodeID); !ok {
		return ErrUnknownGame
	}
	if err := s.store.RecordRecent(ctx, memberID, nodeID, s.clock.Now().UnixMilli(), MaxRecent); err != nil {
		return apperr.Internal(err, "record recent game")
	}
	return nil
}

func (s *Service) load(ctx context.Context, memberID int64, ids func(context.Context, int64) ([]int64, error)) (*game.Catalog, []int64, error) {
	c, err := s.games.Catalog(ctx)
	if err != nil {
		return nil, nil, err
	}
	list, err := ids(ctx, memberID)
	if err != nil {
		return nil, nil, apperr.Internal(err, "favourite lists")
	}
	return c, list, nil
}

// paginate resolves ids against the catalogue (dropping games it no longer
// has and games of other categories) and cuts one page.
func paginate(c *game.Catalog, ids []int64, q ListQuery) (page []game.GameView, total, pages int) {
	offset := (q.PageNo - 1) * q.PageSize
	page = make([]game.GameView, 0, min(q.PageSize, len(ids)))
	for _, id := range ids {
		g, ok := c.Game(id)
		if !ok || (q.GameType != "" && g.GameType != q.GameType) {
			continue
		}
		if total >= offset && len(page) < q.PageSize {
			page = append(page, g)
		}
		total++
	}
	return page, total, (total + q.PageSize - 1) / q.PageSize
}
