package account

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// SetPayeeNameIfEmpty records a member's real name (payee name) when none
// was registered: the withdrawal domain sets it from the first payout
// account a member binds (docs/withdrawals.md). It never overwrites a name;
// it reports whether it wrote one.
func (s *Store) SetPayeeNameIfEmpty(ctx context.Context, memberID int64, name string, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE account_member SET payee_name = ?, updated_at = ?
		WHERE id = ? AND payee_name = ''`), name, ms(at), memberID)
	if err != nil {
		return false, apperr.Internal(err, "set payee name")
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}
