package favorite

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds favourites and recent games in SQL (SQLite or PostgreSQL).
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// FavoriteIDs lists a member's favourite node ids, newest first.
func (s *Store) FavoriteIDs(ctx context.Context, memberID int64) ([]int64, error) {
	return s.ids(ctx, `SELECT node_id FROM game_favorite WHERE member_id = ? ORDER BY created_at DESC, node_id DESC`, memberID, "favourites")
}

// RecentIDs lists a member's recently launched node ids, newest first.
func (s *Store) RecentIDs(ctx context.Context, memberID int64) ([]int64, error) {
	return s.ids(ctx, `SELECT node_id FROM game_recent WHERE member_id = ? ORDER BY played_at DESC`, memberID, "recent games")
}

func (s *Store) ids(ctx context.Context, q string, memberID int64, what string) ([]int64, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(q), memberID)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", what, err)
	}
	defer rows.Close()
	out := make([]int64, 0, 16)
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("scan %s: %w", what, err)
		}
		out = append(out, id)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("list %s: %w", what, err)
	}
	return out, nil
}

// AddFavorite inserts a favourite unless the member already has it (added
// false) or already has max favourites (full true, nothing written).
func (s *Store) AddFavorite(ctx context.Context, memberID, nodeID, at int64, max int) (added, full bool, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		var exists, count int
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*), COALESCE(SUM(CASE WHEN node_id = ? THEN 1 ELSE 0 END), 0) FROM game_favorite WHERE member_id = ?`),
			nodeID, memberID).Scan(&count, &exists); err != nil {
			return fmt.Errorf("count favourites: %w", err)
		}
		if exists > 0 {
			return nil
		}
		if count >= max {
			full = true
			return nil
		}
		res, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO game_favorite (member_id, node_id, created_at) VALUES (?, ?, ?) ON CONFLICT (member_id, node_id) DO NOTHING`),
			memberID, nodeID, at)
		if err != nil {
			return fmt.Errorf("add favourite: %w", err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return fmt.Errorf("add favourite: %w", err)
		}
		added = n == 1
		return nil
	})
	return added, full, err
}

// RemoveFavorite deletes a favourite; removed false when there was none.
func (s *Store) RemoveFavorite(ctx context.Context, memberID, nodeID int64) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM game_favorite WHERE member_id = ? AND node_id = ?`), memberID, nodeID)
	if err != nil {
		return false, fmt.Errorf("remove favourite: %w", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, fmt.Errorf("remove favourite: %w", err)
	}
	return n > 0, nil
}

// RecordRecent moves nodeID to the front of the member's recent games and
// keeps only the newest keep rows. played_at is made strictly greater than
// the member's newest so two launches in the same millisecond keep their order.
func (s *Store) RecordRecent(ctx context.Context, memberID, nodeID, at int64, keep int) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		var newest int64
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COALESCE(MAX(played_at), 0) FROM game_recent WHERE member_id = ?`), memberID).Scan(&newest); err != nil {
			return fmt.Errorf("newest recent game: %w", err)
		}
		if at <= newest {
			at = newest + 1
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO game_recent (member_id, node_id, played_at) VALUES (?, ?, ?)
			ON CONFLICT (member_id, node_id) DO UPDATE SET played_at = excluded.played_at`), memberID, nodeID, at); err != nil {
			return fmt.Errorf("record recent game: %w", err)
		}
		// Trim: everything older than the keep-th newest row goes.
		var cutoff int64
		err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT played_at FROM game_recent WHERE member_id = ? ORDER BY played_at DESC LIMIT 1 OFFSET ?`), memberID, keep).Scan(&cutoff)
		if db.IsNoRows(err) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("trim recent games: %w", err)
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`DELETE FROM game_recent WHERE member_id = ? AND played_at <= ?`), memberID, cutoff); err != nil {
			return fmt.Errorf("trim recent games: %w", err)
		}
		return nil
	})
}
