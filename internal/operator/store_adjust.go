package operator

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Adjustment statuses.
const (
	StatusPosted    = "POSTED"
	StatusPending   = "PENDING_APPROVAL"
	StatusApproving = "APPROVING" // claimed by one approval, posting
	StatusRejected  = "REJECTED"
)

const adjustmentCols = `id, operator_id, idempotency_key, request_hash, member_id, direction, amount, currency, reason, posting_id,
	balance, created_at, status, checker_id, decided_at, decision_reason`

func scanAdjustment(row interface{ Scan(...any) error }) (Adjustment, error) {
	var a Adjustment
	var created, decided int64
	err := row.Scan(&a.ID, &a.OperatorID, &a.Key, &a.RequestHash, &a.MemberID, &a.Direction, &a.Amount, &a.Currency, &a.Reason,
		&a.PostingID, &a.Balance, &created, &a.Status, &a.CheckerID, &decided, &a.Decision)
	a.CreatedAt, a.DecidedAt = fromMS(created), fromMS(decided)
	return a, err
}

// CreatePending records an adjustment waiting for approval under the
// maker's key; when the key was used already it returns that record and
// false.
func (s *Store) CreatePending(ctx context.Context, a Adjustment) (Adjustment, bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO operator_adjustment (operator_id, idempotency_key, request_hash, member_id,
		direction, amount, currency, reason, posting_id, balance, created_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?)
		ON CONFLICT (operator_id, idempotency_key) DO NOTHING`), a.OperatorID, a.Key, a.RequestHash, a.MemberID, a.Direction, a.Amount,
		a.Currency, a.Reason, ms(a.CreatedAt), StatusPending)
	if err != nil {
		return a, false, apperr.Internal(err, "insert pending adjustment")
	}
	n, _ := res.RowsAffected()
	rec, err := s.AdjustmentByKey(ctx, a.OperatorID, a.Key)
	return rec, n == 1, err
}

// AdjustmentByID reads one adjustment record.
func (s *Store) AdjustmentByID(ctx context.Context, id int64) (Adjustment, error) {
	a, err := scanAdjustment(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+adjustmentCols+` FROM operator_adjustment WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return a, apperr.NotFound("operator.adjustment_not_found")
	}
	if err != nil {
		return a, apperr.Internal(err, "select adjustment")
	}
	return a, nil
}

// Decide moves a pending adjustment to status (APPROVING or REJECTED) for
// checker; false when it is not pending any more (another decision won).
func (s *Store) Decide(ctx context.Context, id, checker int64, status, reason string, at time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE operator_adjustment SET status = ?, checker_id = ?, decided_at = ?, decision_reason = ?
		WHERE id = ? AND status = ?`), status, checker, ms(at), reason, id, StatusPending)
	if err != nil {
		return false, apperr.Internal(err, "decide adjustment")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// Posted finishes a claimed approval with its posting.
func (s *Store) Posted(ctx context.Context, id, postingID, balance int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE operator_adjustment SET status = ?, posting_id = ?, balance = ?
		WHERE id = ? AND status = ?`), StatusPosted, postingID, balance, id, StatusApproving)
	if err != nil {
		return apperr.Internal(err, "post adjustment")
	}
	return nil
}

// Unclaim gives a claimed approval back to the queue (the posting was refused).
func (s *Store) Unclaim(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE operator_adjustment SET status = ?, checker_id = 0, decided_at = 0
		WHERE id = ? AND status = ?`), StatusPending, id, StatusApproving)
	if err != nil {
		return apperr.Internal(err, "unclaim adjustment")
	}
	return nil
}

// ListAdjustments lists adjustments newest first, of one status or all.
func (s *Store) ListAdjustments(ctx context.Context, status string, offset, limit int) ([]Adjustment, int, error) {
	where, args := `1 = 1`, []any{}
	if status != "" {
		where, args = `status = ?`, append(args, status)
	}
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM operator_adjustment WHERE `+where), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count adjustments")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+adjustmentCols+` FROM operator_adjustment WHERE `+where+`
		ORDER BY id DESC LIMIT ? OFFSET ?`), append(args, limit, offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "list adjustments")
	}
	defer rows.Close()
	out := []Adjustment{}
	for rows.Next() {
		a, err := scanAdjustment(rows)
		if err != nil {
			return nil, 0, apperr.Internal(err, "scan adjustment")
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "list adjustments")
	}
	return out, total, nil
}
