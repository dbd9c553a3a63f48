package game

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// CatalogStore is what the service needs from storage.
type CatalogStore interface {
	Version(ctx context.Context) (Versions, error)
	Load(ctx context.Context) (Data, error)
	LoadWinners(ctx context.Context) (int64, []Winner, error)
	PutVendor(ctx context.Context, v *Vendor, now time.Time) error
	PutGame(ctx context.Context, g *Game, now time.Time) error
	AddWinner(ctx context.Context, w *Winner, now time.Time) error
	AddWinnersIn(ctx context.Context, tx *db.Tx, ws []Winner, now time.Time) ([]Winner, error)
	UpdateVendor(ctx context.Context, code, gameType string, now time.Time, fn func(*Vendor)) (Vendor, Vendor, error)
	UpdateGame(ctx context.Context, nodeID int64, now time.Time, fn func(*Game)) (Game, Game, error)
	OrderGames(ctx context.Context, gameType string, nodeIDs []int64, now time.Time) error
}

// DefaultRefreshInterval is how often, at most, a read checks the store's
// catalogue version.
const DefaultRefreshInterval = 2 * time.Second

// Service serves the catalogue from an immutable in-memory snapshot. A read
// checks the store's version counter at most once per refresh interval (one
// caller does the check, the others keep reading the current snapshot) and
// rebuilds the snapshot when it moved; when only the winner boards' version
// moved, it rebuilds only the boards (withWinners: the vendors and games are
// shared with the previous snapshot). Writes through the service rebuild at
// once. The store stays the source of truth.
type Service struct {
	store    CatalogStore
	clock    clock.Clock
	logger   *slog.Logger
	interval time.Duration

	cur       atomic.Pointer[Catalog]
	lastCheck atomic.Int64 // unix nanos of the last version check
	gen       atomic.Uint64
	mu        sync.Mutex // one loader at a time
}

// NewService builds the service; interval <= 0 means DefaultRefreshInterval.
func NewService(store CatalogStore, clk clock.Clock, logger *slog.Logger, interval time.Duration) *Service {
	if interval <= 0 {
		interval = DefaultRefreshInterval
	}
	if logger == nil {
		logger = slog.Default()
	}
	return &Service{store: store, clock: clk, logger: logger, interval: interval}
}

// Catalog returns the current snapshot, loading it on first use and
// refreshing it when the store's version changed. A failed refresh keeps
// serving the previous snapshot (logged); only a failed first load errors.
func (s *Service) Catalog(ctx context.Context) (*Catalog, error) {
	c := s.cur.Load()
	if c == nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		if c = s.cur.Load(); c != nil {
			return c, nil
		}
		if err := s.reloadLocked(ctx); err != nil {
			return nil, apperr.Internal(err, "load catalog")
		}
		return s.cur.Load(), nil
	}
	nowT := s.clock.Now()
	now := nowT.UnixNano()
	if now-s.lastCheck.Load() < int64(s.interval) || !s.mu.TryLock() {
		return c, nil
	}
	defer s.mu.Unlock()
	if now-s.lastCheck.Load() < int64(s.interval) {
		return s.cur.Load(), nil
	}
	s.lastCheck.Store(now)
	v, err := s.store.Version(ctx)
	if err != nil {
		s.logger.WarnContext(ctx, "catalog version check failed; serving the previous snapshot", "err", err)
		return c, nil
	}
	switch {
	case v.Catalog != c.Version, c.nextBoundary != 0 && nowT.UnixMilli() >= c.nextBoundary:
		if err := s.reloadLocked(ctx); err != nil {
			s.logger.WarnContext(ctx, "catalog reload failed; serving the previous snapshot", "err", err)
		}
	case v.Winners != c.WinnersVersion:
		if err := s.reloadWinnersLocked(ctx); err != nil {
			s.logger.WarnContext(ctx, "winner boards reload failed; serving the previous snapshot", "err", err)
		}
	}
	return s.cur.Load(), nil
}

// Reload rebuilds the snapshot from the store now.
func (s *Service) Reload(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.reloadLocked(ctx); err != nil {
		return apperr.Internal(err, "reload catalog")
	}
	return nil
}

func (s *Service) reloadLocked(ctx context.Context) error {
	d, err := s.store.Load(ctx)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	c := NewCatalog(d, s.gen.Add(1), now)
	s.cur.Store(c)
	s.lastCheck.Store(now.UnixNano())
	return nil
}

// reloadWinnersLocked rebuilds the current snapshot's winner boards from
// the store (the whole snapshot when there is none yet).
func (s *Service) reloadWinnersLocked(ctx context.Context) error {
	c := s.cur.Load()
	if c == nil {
		return s.reloadLocked(ctx)
	}
	v, ws, err := s.store.LoadWinners(ctx)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	s.cur.Store(c.withWinners(ws, v, s.gen.Add(1), now))
	s.lastCheck.Store(now.UnixNano())
	return nil
}

// PutVendor creates or updates a vendor and refreshes the snapshot.
func (s *Service) PutVendor(ctx context.Context, v Vendor) (Vendor, error) {
	if err := v.Validate(); err != nil {
		return Vendor{}, err
	}
	if err := s.store.PutVendor(ctx, &v, s.clock.Now()); err != nil {
		return Vendor{}, wrapStore(err, "put vendor")
	}
	return v, s.Reload(ctx)
}

// PutGame creates or updates a game and refreshes the snapshot.
func (s *Service) PutGame(ctx context.Context, g Game) (Game, error) {
	if err := g.Validate(); err != nil {
		return Game{}, err
	}
	if err := s.store.PutGame(ctx, &g, s.clock.Now()); err != nil {
		return Game{}, wrapStore(err, "put game")
	}
	return g, s.Reload(ctx)
}

// RecordWin adds a winner board entry (the name is masked here) and refreshes the snapshot.
func (s *Service) RecordWin(ctx context.Context, w Winner) (Winner, error) {
	out, err := s.RecordWins(ctx, []Winner{w})
	if len(out) == 0 {
		return Winner{}, err
	}
	return out[0], err
}

// RecordWins adds winner board entries (names masked here) and refreshes
// the snapshot's boards once for all of them (a refresh per winner would
// cost CPU in proportion to the big wins; the boards have their own
// version, so a refresh reads only the boards and the games are kept).
// It returns the entries added; an entry whose RoundKey is on the boards
// already is left out quietly, one that is invalid or fails to store is left
// out and its error joined into err.
func (s *Service) RecordWins(ctx context.Context, ws []Winner) ([]Winner, error) {
	var added []Winner
	var errs []error
	for _, w := range ws {
		w.CustomerName = MaskName(w.CustomerName)
		if w.WonAt.IsZero() {
			w.WonAt = s.clock.Now()
		}
		if err := w.Validate(); err != nil {
			errs = append(errs, err)
			continue
		}
		if err := s.store.AddWinner(ctx, &w, s.clock.Now()); errors.Is(err, errWinnerExists) {
			continue // its round is on the boards already
		} else if err != nil {
			errs = append(errs, wrapStore(err, "add winner"))
			continue
		}
		added = append(added, w)
	}
	if len(added) > 0 {
		s.mu.Lock()
		err := s.reloadWinnersLocked(ctx)
		s.mu.Unlock()
		if err != nil {
			errs = append(errs, apperr.Internal(err, "reload winner boards"))
		}
	}
	return added, errors.Join(errs...)
}

// RecordWinsIn adds winner board entries (names masked here) in tx, the
// caller's transaction: a consumer of the activity stream writes them in the
// transaction that moves its cursor, so each is added exactly once (on
// SQLite, where one transaction writes at a time, it could not write in
// another while holding that one). The snapshot cannot refresh before tx
// commits: the boards' version moves with the entries, and the snapshot
// picks them up at its next version check (within the refresh interval).
// It returns the entries added; an invalid entry, one of a game not in the
// store, or one whose RoundKey is on the boards already is left out (the
// first two are joined into err, with the entries still added); a database
// error is returned alone and the caller's transaction is spent.
func (s *Service) RecordWinsIn(ctx context.Context, tx *db.Tx, ws []Winner) ([]Winner, error) {
	now := s.clock.Now()
	var valid []Winner
	var refused []error
	for _, w := range ws {
		w.CustomerName = MaskName(w.CustomerName)
		if w.WonAt.IsZero() {
			w.WonAt = now
		}
		if err := w.Validate(); err != nil {
			refused = append(refused, err)
			continue
		}
		valid = append(valid, w)
	}
	added, err := s.store.AddWinnersIn(ctx, tx, valid, now)
	var gone *notFoundWinners
	if errors.As(err, &gone) {
		refused = append(refused, gone.errs...)
	} else if err != nil {
		return nil, apperr.Internal(err, "add winners")
	}
	return added, errors.Join(refused...)
}

// notFoundWinners lists the entries AddWinnersIn left out because their
// game is not in the store (the others were added).
type notFoundWinners struct{ errs []error }

func (e *notFoundWinners) Error() string { return errors.Join(e.errs...).Error() }

// wrapStore keeps domain errors and wraps the rest as internal.
func wrapStore(err error, what string) error {
	if e := apperr.As(err); e.Code != "server.internal" {
		return e
	}
	return apperr.Internal(err, "%s", what)
}
