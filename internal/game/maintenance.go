package game

import (
	"context"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// MaintenanceTarget names what a maintenance switch applies to: one game by
// its code, or a vendor (every category it is listed in, or only GameType).
type MaintenanceTarget struct {
	GameCode string
	Vendor   string
	GameType string // with Vendor only; "" = all its categories
}

// SetMaintenance turns the maintenance flag of a game or a vendor on or off
// and bumps the catalogue version in the same transaction, so every running
// server's snapshot picks it up within its refresh interval. It returns how
// many rows changed; a target that matches nothing is game.not_found or
// game.vendor_not_found.
func (s *Store) SetMaintenance(ctx context.Context, t MaintenanceTarget, on bool, now time.Time) (int64, error) {
	var q string
	var args []any
	switch {
	case t.GameCode != "" && t.Vendor == "":
		q, args = `UPDATE game SET maintenance = ?, updated_at = ? WHERE game_code = ?`, []any{b2i(on), now.UnixMilli(), t.GameCode}
	case t.Vendor != "" && t.GameCode == "" && t.GameType == "":
		q, args = `UPDATE game_vendor SET maintenance = ?, updated_at = ? WHERE code = ?`, []any{b2i(on), now.UnixMilli(), t.Vendor}
	case t.Vendor != "" && t.GameCode == "":
		q, args = `UPDATE game_vendor SET maintenance = ?, updated_at = ? WHERE code = ? AND game_type = ?`, []any{b2i(on), now.UnixMilli(), t.Vendor, t.GameType}
	default:
		return 0, apperr.Invalid("request.invalid_param").With("name", "target")
	}
	var n int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		res, err := tx.ExecContext(ctx, tx.Rebind(q), args...)
		if err != nil {
			return fmt.Errorf("set maintenance: %w", err)
		}
		if n, err = res.RowsAffected(); err != nil {
			return fmt.Errorf("set maintenance: %w", err)
		}
		if n == 0 {
			if t.GameCode != "" {
				return apperr.NotFound("game.not_found")
			}
			return apperr.NotFound("game.vendor_not_found")
		}
		return bumpVersion(ctx, tx, now)
	})
	return n, err
}
