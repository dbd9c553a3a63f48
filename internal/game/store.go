package game

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store is the catalogue in SQL (SQLite or PostgreSQL). Every write bumps
// game_catalog_meta.version in the same transaction (a winner-board entry
// bumps winners_version instead), which is what the service polls to know
// its snapshot is stale.
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// queryer is what *db.DB and *db.Tx share for the helpers below.
type queryer interface {
	db.Querier
	Rebind(string) string
}

// Versions are the catalogue's and the winner boards' version counters.
type Versions struct{ Catalog, Winners int64 }

// Version reads both version counters: one primary-key read.
func (s *Store) Version(ctx context.Context) (Versions, error) {
	var v Versions
	if err := s.db.QueryRowContext(ctx, `SELECT version, winners_version FROM game_catalog_meta WHERE id = 1`).Scan(&v.Catalog, &v.Winners); err != nil {
		return v, fmt.Errorf("catalog version: %w", err)
	}
	return v, nil
}

// LoadWinners reads the winner boards' entries and their version, in one
// read transaction so the version matches the rows.
func (s *Store) LoadWinners(ctx context.Context) (int64, []Winner, error) {
	var v int64
	var ws []Winner
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := tx.QueryRowContext(ctx, `SELECT winners_version FROM game_catalog_meta WHERE id = 1`).Scan(&v); err != nil {
			return fmt.Errorf("winners version: %w", err)
		}
		var err error
		ws, err = topWinners(ctx, tx, MaxWinnerLimit)
		return err
	})
	return v, ws, err
}

// CountVendors is how many vendors exist (the demo seed runs only on zero).
func (s *Store) CountVendors(ctx context.Context) (int, error) {
	var n int
	if err := s.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM game_vendor`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count vendors: %w", err)
	}
	return n, nil
}

// Load reads the whole catalogue for a snapshot, in one read transaction so
// the version matches the rows.
func (s *Store) Load(ctx context.Context) (Data, error) {
	var d Data
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if err = tx.QueryRowContext(ctx, `SELECT version, winners_version FROM game_catalog_meta WHERE id = 1`).Scan(&d.Version, &d.WinnersVersion); err != nil {
			return fmt.Errorf("catalog version: %w", err)
		}
		if d.Vendors, err = listVendors(ctx, tx); err != nil {
			return err
		}
		if d.Games, err = listGames(ctx, tx); err != nil {
			return err
		}
		d.Winners, err = topWinners(ctx, tx, MaxWinnerLimit)
		return err
	})
	return d, err
}

func listVendors(ctx context.Context, q queryer) ([]Vendor, error) {
	return listVendorsWhere(ctx, q, "")
}

// listVendorsWhere lists the vendors a WHERE clause (with ? args) selects.
func listVendorsWhere(ctx context.Context, q queryer, where string, args ...any) ([]Vendor, error) {
	rows, err := q.QueryContext(ctx, q.Rebind(`SELECT code, game_type, display_name, is_game, launch_mode, is_new, maintenance, sort, wallet_type,
		disabled, maintenance_from, maintenance_to, created_at, updated_at
		FROM game_vendor `+where+` ORDER BY game_type, sort, code`), args...)
	if err != nil {
		return nil, fmt.Errorf("list vendors: %w", err)
	}
	defer rows.Close()
	var out []Vendor
	for rows.Next() {
		var v Vendor
		var isNew, maint, disabled int
		var created, updated int64
		if err := rows.Scan(&v.Code, &v.GameType, &v.DisplayName, &v.IsGame, &v.LaunchMode, &isNew, &maint, &v.Sort, &v.WalletType,
			&disabled, &v.MaintenanceFrom, &v.MaintenanceTo, &created, &updated); err != nil {
			return nil, fmt.Errorf("scan vendor: %w", err)
		}
		v.IsNew, v.Maintenance, v.Disabled = isNew != 0, maint != 0, disabled != 0
		v.CreatedAt, v.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
		out = append(out, v)
	}
	return out, rows.Err()
}

func listGames(ctx context.Context, q queryer) ([]Game, error) {
	return listGamesWhere(ctx, q, "")
}

// listGamesWhere lists the games a WHERE clause (with ? args) selects.
func listGamesWhere(ctx context.Context, q queryer, where string, args ...any) ([]Game, error) {
	rows, err := q.QueryContext(ctx, q.Rebind(`SELECT node_id, game_code, name, vendor_code, game_type, sub_category, is_hot, is_new, maintenance, sort,
		disabled, maintenance_from, maintenance_to, created_at, updated_at
		FROM game `+where+` ORDER BY game_type, sort, node_id`), args...)
	if err != nil {
		return nil, fmt.Errorf("list games: %w", err)
	}
	defer rows.Close()
	var out []Game
	for rows.Next() {
		var g Game
		var hot, isNew, maint, disabled int
		var created, updated int64
		if err := rows.Scan(&g.NodeID, &g.GameCode, &g.Name, &g.VendorCode, &g.GameType, &g.SubCategory, &hot, &isNew, &maint, &g.Sort,
			&disabled, &g.MaintenanceFrom, &g.MaintenanceTo, &created, &updated); err != nil {
			return nil, fmt.Errorf("scan game: %w", err)
		}
		g.IsHot, g.IsNew, g.Maintenance, g.Disabled = hot != 0, isNew != 0, maint != 0, disabled != 0
		g.CreatedAt, g.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
		out = append(out, g)
	}
	return out, rows.Err()
}

// topWinners reads at most perBoard entries per (kind, category) in board
// order: biggest amount for BIG, latest for JACKPOT.
func topWinners(ctx context.Context, q queryer, perBoard int) ([]Winner, error) {
	rows, err := q.QueryContext(ctx, q.Rebind(`SELECT id, kind, customer_name, win_amount, node_id, game_type, won_at FROM (
			SELECT w.*, ROW_NUMBER() OVER (PARTITION BY kind, game_type
				ORDER BY CASE WHEN kind = 'JACKPOT' THEN won_at ELSE win_amount END DESC, id) AS rn
			FROM game_winner w) ranked
		WHERE rn <= ? ORDER BY kind, game_type, rn`), perBoard)
	if err != nil {
		return nil, fmt.Errorf("list winners: %w", err)
	}
	defer rows.Close()
	var out []Winner
	for rows.Next() {
		var w Winner
		var at int64
		if err := rows.Scan(&w.ID, &w.Kind, &w.CustomerName, &w.WinAmount, &w.NodeID, &w.GameType, &at); err != nil {
			return nil, fmt.Errorf("scan winner: %w", err)
		}
		w.WonAt = time.UnixMilli(at)
		out = append(out, w)
	}
	return out, rows.Err()
}

// Import writes vendors, games and winners in one transaction (the demo
// seed and bulk loads). Games with NodeID 0 get the next free id.
func (s *Store) Import(ctx context.Context, vendors []Vendor, games []Game, winners []Winner, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		for i := range vendors {
			if err := upsertVendor(ctx, tx, &vendors[i], now); err != nil {
				return err
			}
		}
		for i := range games {
			if err := upsertGame(ctx, tx, &games[i], now); err != nil {
				return err
			}
		}
		for i := range winners {
			if err := insertWinner(ctx, tx, &winners[i]); err != nil && !errors.Is(err, errWinnerExists) {
				return err
			}
		}
		return bumpVersion(ctx, tx, now)
	})
}

// PutVendor creates or updates a vendor.
func (s *Store) PutVendor(ctx context.Context, v *Vendor, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := upsertVendor(ctx, tx, v, now); err != nil {
			return err
		}
		return bumpVersion(ctx, tx, now)
	})
}

// PutGame creates or updates a game (by node id; 0 creates with the next id).
func (s *Store) PutGame(ctx context.Context, g *Game, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := upsertGame(ctx, tx, g, now); err != nil {
			return err
		}
		return bumpVersion(ctx, tx, now)
	})
}

// AddWinner appends a winner board entry; it moves the boards' version,
// not the catalogue's. An entry whose round is on the boards already adds
// nothing and moves nothing (errWinnerExists).
func (s *Store) AddWinner(ctx context.Context, w *Winner, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := insertWinner(ctx, tx, w); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE game_catalog_meta SET winners_version = winners_version + 1, updated_at = ? WHERE id = 1`), now.UnixMilli()); err != nil {
			return fmt.Errorf("bump winners version: %w", err)
		}
		return nil
	})
}

// AddWinnersIn appends winner board entries in tx (the caller's) and moves
// the boards' version once when it added any. An entry whose round is on
// the boards already is skipped; one whose game is not in the store is
// skipped and named in a *notFoundWinners error (the rest are added).
func (s *Store) AddWinnersIn(ctx context.Context, tx *db.Tx, ws []Winner, now time.Time) ([]Winner, error) {
	var added []Winner
	var gone []error
	for _, w := range ws {
		switch err := insertWinner(ctx, tx, &w); {
		case errors.Is(err, errWinnerExists):
		case apperr.As(err).Kind == apperr.KindNotFound:
			gone = append(gone, err)
		case err != nil:
			return nil, err
		default:
			added = append(added, w)
		}
	}
	if len(added) > 0 {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE game_catalog_meta SET winners_version = winners_version + 1, updated_at = ? WHERE id = 1`), now.UnixMilli()); err != nil {
			return nil, fmt.Errorf("bump winners version: %w", err)
		}
	}
	if len(gone) > 0 {
		return added, &notFoundWinners{errs: gone}
	}
	return added, nil
}

func bumpVersion(ctx context.Context, tx *db.Tx, now time.Time) error {
	if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE game_catalog_meta SET version = version + 1, updated_at = ? WHERE id = 1`), now.UnixMilli()); err != nil {
		return fmt.Errorf("bump catalog version: %w", err)
	}
	return nil
}

func upsertVendor(ctx context.Context, tx *db.Tx, v *Vendor, now time.Time) error {
	if v.CreatedAt.IsZero() {
		v.CreatedAt = now
	}
	v.UpdatedAt = now
	if v.WalletType == "" {
		v.WalletType = WalletSeamless
	}
	_, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO game_vendor (code, game_type, display_name, is_game, launch_mode, is_new, maintenance, sort, wallet_type, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (code, game_type) DO UPDATE SET display_name = excluded.display_name, is_game = excluded.is_game,
			launch_mode = excluded.launch_mode, is_new = excluded.is_new, maintenance = excluded.maintenance,
			sort = excluded.sort, wallet_type = excluded.wallet_type, updated_at = excluded.updated_at`),
		v.Code, v.GameType, v.DisplayName, v.IsGame, v.LaunchMode, b2i(v.IsNew), b2i(v.Maintenance), v.Sort, v.WalletType, v.CreatedAt.UnixMilli(), v.UpdatedAt.UnixMilli())
	if err != nil {
		return fmt.Errorf("upsert vendor %s/%s: %w", v.Code, v.GameType, err)
	}
	return nil
}

func upsertGame(ctx context.Context, tx *db.Tx, g *Game, now time.Time) error {
	var exists int
	if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*) FROM game_vendor WHERE code = ? AND game_type = ?`), g.VendorCode, g.GameType).Scan(&exists); err != nil {
		return fmt.Errorf("check vendor: %w", err)
	}
	if exists == 0 {
		return apperr.NotFound("game.vendor_not_found")
	}
	if g.NodeID == 0 {
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(node_id), 10000) + 1 FROM game`).Scan(&g.NodeID); err != nil {
			return fmt.Errorf("next node id: %w", err)
		}
	}
	var other int64
	err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT node_id FROM game WHERE game_code = ?`), g.GameCode).Scan(&other)
	switch {
	case err == nil && other != g.NodeID:
		return apperr.Conflict("game.duplicate")
	case err != nil && !db.IsNoRows(err):
		return fmt.Errorf("check game code: %w", err)
	}
	if g.CreatedAt.IsZero() {
		g.CreatedAt = now
	}
	g.UpdatedAt = now
	_, err = tx.ExecContext(ctx, tx.Rebind(`INSERT INTO game (node_id, game_code, name, vendor_code, game_type, sub_category, is_hot, is_new, maintenance, sort, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (node_id) DO UPDATE SET game_code = excluded.game_code, name = excluded.name, vendor_code = excluded.vendor_code,
			game_type = excluded.game_type, sub_category = excluded.sub_category, is_hot = excluded.is_hot, is_new = excluded.is_new,
			maintenance = excluded.maintenance, sort = excluded.sort, updated_at = excluded.updated_at`),
		g.NodeID, g.GameCode, g.Name, g.VendorCode, g.GameType, g.SubCategory, b2i(g.IsHot), b2i(g.IsNew), b2i(g.Maintenance), g.Sort,
		g.CreatedAt.UnixMilli(), g.UpdatedAt.UnixMilli())
	if err != nil {
		return fmt.Errorf("upsert game %s: %w", g.GameCode, err)
	}
	return nil
}

// errWinnerExists: the entry's round is on the boards already.
var errWinnerExists = errors.New("game: the round's winner entry exists")

// insertWinner adds w, its game found by NodeID (or GameCode when NodeID is
// 0); an entry whose RoundKey is on the boards already is errWinnerExists.
func insertWinner(ctx context.Context, tx *db.Tx, w *Winner) error {
	var err error
	if w.NodeID == 0 && w.GameCode != "" {
		err = tx.QueryRowContext(ctx, tx.Rebind(`SELECT node_id, game_type FROM game WHERE game_code = ?`), w.GameCode).Scan(&w.NodeID, &w.GameType)
	} else {
		err = tx.QueryRowContext(ctx, tx.Rebind(`SELECT game_type FROM game WHERE node_id = ?`), w.NodeID).Scan(&w.GameType)
	}
	if db.IsNoRows(err) {
		return apperr.NotFound("game.not_found")
	}
	if err != nil {
		return fmt.Errorf("winner game: %w", err)
	}
	var round any
	if w.RoundKey != "" {
		round = w.RoundKey
	}
	rows, err := tx.QueryContext(ctx, tx.Rebind(`INSERT INTO game_winner (kind, customer_name, win_amount, node_id, game_type, won_at, round_key)
		VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (round_key) DO NOTHING RETURNING id`),
		w.Kind, w.CustomerName, w.WinAmount, w.NodeID, w.GameType, w.WonAt.UnixMilli(), round)
	if err != nil {
		return fmt.Errorf("insert winner: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		if err := rows.Err(); err != nil {
			return fmt.Errorf("insert winner: %w", err)
		}
		return errWinnerExists
	}
	if err := rows.Scan(&w.ID); err != nil {
		return fmt.Errorf("insert winner: %w", err)
	}
	return rows.Close()
}

// UpdateVendor changes a vendor of one category with fn, in a transaction
// that bumps the catalogue version; it answers the vendor before and after.
func (s *Store) UpdateVendor(ctx context.Context, code, gameType string, now time.Time, fn func(*Vendor)) (before, after Vendor, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		vs, err := listVendorsWhere(ctx, tx, `WHERE code = ? AND game_type = ?`, code, gameType)
		if err != nil {
			return err
		}
		if len(vs) == 0 {
			return apperr.NotFound("game.vendor_not_found")
		}
		before, after = vs[0], vs[0]
		fn(&after)
		after.UpdatedAt = now
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE game_vendor SET display_name = ?, disabled = ?, maintenance = ?, maintenance_from = ?,
 maintenance_to = ?, is_new = ?, sort = ?, updated_at = ? WHERE code = ? AND game_type = ?`),
			after.DisplayName, b2i(after.Disabled), b2i(after.Maintenance), after.MaintenanceFrom, after.MaintenanceTo, b2i(after.IsNew),
			after.Sort, now.UnixMilli(), code, gameType); err != nil {
			return fmt.Errorf("update vendor: %w", err)
		}
		return bumpVersion(ctx, tx, now)
	})
	return before, after, err
}

// UpdateGame changes a game with fn, as UpdateVendor does a vendor.
func (s *Store) UpdateGame(ctx context.Context, nodeID int64, now time.Time, fn func(*Game)) (before, after Game, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		gs, err := listGamesWhere(ctx, tx, `WHERE node_id = ?`, nodeID)
		if err != nil {
			return err
		}
		if len(gs) == 0 {
			return apperr.NotFound("game.not_found")
		}
		before, after = gs[0], gs[0]
		fn(&after)
		after.UpdatedAt = now
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE game SET disabled = ?, maintenance = ?, maintenance_from = ?, maintenance_to = ?,
 is_hot = ?, is_new = ?, sort = ?, sub_category = ?, updated_at = ? WHERE node_id = ?`),
			b2i(after.Disabled), b2i(after.Maintenance), after.MaintenanceFrom, after.MaintenanceTo, b2i(after.IsHot), b2i(after.IsNew),
			after.Sort, after.SubCategory, now.UnixMilli(), nodeID); err != nil {
			return fmt.Errorf("update game: %w", err)
		}
		return bumpVersion(ctx, tx, now)
	})
	return before, after, err
}

// OrderGames puts the listed games of a category first, in that order (sort
// 10, 20, …), and the category's other games after them in their order.
// A listed game of another category, or one listed twice, is
// game.invalid_order.
func (s *Store) OrderGames(ctx context.Context, gameType string, nodeIDs []int64, now time.Time) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		gs, err := listGamesWhere(ctx, tx, `WHERE game_type = ?`, gameType)
		if err != nil {
			return err
		}
		inCat := make(map[int64]bool, len(gs))
		for _, g := range gs {
			inCat[g.NodeID] = true
		}
		listed := make(map[int64]bool, len(nodeIDs))
		for _, id := range nodeIDs {
			if !inCat[id] || listed[id] {
				return apperr.Invalid("game.invalid_order").With("max", MaxOrder)
			}
			listed[id] = true
		}
		order := append([]int64(nil), nodeIDs...)
		for _, g := range gs { // already in their sort order
			if !listed[g.NodeID] {
				order = append(order, g.NodeID)
			}
		}
		q := tx.Rebind(`UPDATE game SET sort = ?, updated_at = ? WHERE node_id = ?`)
		for i, id := range order {
			if _, err := tx.ExecContext(ctx, q, (i+1)*10, now.UnixMilli(), id); err != nil {
				return fmt.Errorf("order games: %w", err)
			}
		}
		return bumpVersion(ctx, tx, now)
	})
}
