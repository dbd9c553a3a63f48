package launch

import (
	"context"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
)

// Store keeps launch rules (table launch_rule) in SQLite or PostgreSQL.
type Store struct {
	db *db.DB
}

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// Rule is the effective rule of a game of a vendor: disabled when the vendor
// or the game is; free play as the game's own row says when it has one,
// else as the vendor's. No row at all: launchable, not free play.
func (s *Store) Rule(ctx context.Context, vendor, gameCode string) (Rule, error) {
	r := Rule{Vendor: vendor, GameCode: gameCode}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT game_code, free_play, disabled FROM launch_rule
		WHERE vendor_code = ? AND game_code IN ('', ?) ORDER BY game_code`), vendor, gameCode)
	if err != nil {
		return r, fmt.Errorf("launch rule: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var code string
		var free, disabled int
		if err := rows.Scan(&code, &free, &disabled); err != nil {
			return r, fmt.Errorf("scan launch rule: %w", err)
		}
		// Ordered by game_code: the vendor row ('') first, the game's row after it.
		r.FreePlay = free != 0
		r.Disabled = r.Disabled || disabled != 0
	}
	return r, rows.Err()
}

// PutRule creates or replaces the rule of a vendor (GameCode "") or a game.
func (s *Store) PutRule(ctx context.Context, r Rule, now time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO launch_rule (vendor_code, game_code, free_play, disabled, updated_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (vendor_code, game_code) DO UPDATE SET free_play = excluded.free_play, disabled = excluded.disabled,
			updated_at = excluded.updated_at`), r.Vendor, r.GameCode, b2i(r.FreePlay), b2i(r.Disabled), now.UnixMilli())
	if err != nil {
		return fmt.Errorf("put launch rule: %w", err)
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
