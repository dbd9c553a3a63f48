package ledger

import (
	"context"
	"database/sql"
	"encoding/json"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// MaxLinesLimit bounds one Lines page (the account record's CSV export is at
// most this many rows).
const MaxLinesLimit = 10_000

// LinesQuery selects ledger lines for an account record.
type LinesQuery struct {
	AccountIDs []int64   // required: lines of these accounts only (none: an empty answer)
	From, To   time.Time // From inclusive, To exclusive; a zero time leaves that end open
	Kinds      []string  // posting kinds; empty means every kind
	Offset     int       // rows to skip (newest first)
	Limit      int       // rows to return; 0 or more than MaxLinesLimit means MaxLinesLimit
}

// LineRow is one line with its posting's kind, metadata and time, and the
// account's balance right after it.
type LineRow struct {
	PostingID    int64
	Kind         string
	AccountID    int64
	Amount       int64 // signed minor units: positive credits the account
	BalanceAfter int64
	Currency     string
	Metadata     map[string]string
	CreatedAt    time.Time
}

// Lines lists the lines of some accounts, newest first (posting time, then
// posting id), with the total number of matching lines for paging. It reads
// the ledger_line_account_time index: one range scan per account.
func (s *Store) Lines(ctx context.Context, q LinesQuery) ([]LineRow, int, error) {
	if len(q.AccountIDs) == 0 {
		return []LineRow{}, 0, nil
	}
	if q.Offset < 0 {
		q.Offset = 0
	}
	if q.Limit <= 0 || q.Limit > MaxLinesLimit {
		q.Limit = MaxLinesLimit
	}
	var where strings.Builder
	args := make([]any, 0, len(q.AccountIDs)+len(q.Kinds)+4)
	where.WriteString(` WHERE l.account_id IN (?` + strings.Repeat(`, ?`, len(q.AccountIDs)-1) + `)`)
	for _, id := range q.AccountIDs {
		args = append(args, id)
	}
	if !q.From.IsZero() {
		where.WriteString(` AND l.created_at >= ?`)
		args = append(args, q.From.UnixMilli())
	}
	if !q.To.IsZero() {
		where.WriteString(` AND l.created_at < ?`)
		args = append(args, q.To.UnixMilli())
	}
	if len(q.Kinds) > 0 {
		where.WriteString(` AND p.kind IN (?` + strings.Repeat(`, ?`, len(q.Kinds)-1) + `)`)
		for _, k := range q.Kinds {
			args = append(args, k)
		}
	}
	from := ` FROM ledger_line l JOIN ledger_posting p ON p.id = l.posting_id` + where.String()

	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*)`+from), args...).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count ledger lines")
	}
	out := make([]LineRow, 0, min(q.Limit, max(total-q.Offset, 0)))
	if q.Offset >= total {
		return out, total, nil
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT l.posting_id, p.kind, l.account_id, l.amount, l.balance_after, l.currency, p.metadata, l.created_at`+
		from+` ORDER BY l.created_at DESC, l.posting_id DESC, l.account_id DESC LIMIT ? OFFSET ?`), append(args, q.Limit, q.Offset)...)
	if err != nil {
		return nil, 0, apperr.Internal(err, "select ledger lines")
	}
	defer rows.Close()
	for rows.Next() {
		var r LineRow
		var bal sql.NullInt64
		var meta string
		var at int64
		if err := rows.Scan(&r.PostingID, &r.Kind, &r.AccountID, &r.Amount, &bal, &r.Currency, &meta, &at); err != nil {
			return nil, 0, apperr.Internal(err, "scan ledger line")
		}
		r.BalanceAfter = bal.Int64 // set on every line (migration 0012 backfilled the old ones)
		r.CreatedAt = time.UnixMilli(at)
		if err := json.Unmarshal([]byte(meta), &r.Metadata); err != nil {
			return nil, 0, apperr.Internal(err, "decode posting metadata")
		}
		if r.Metadata == nil {
			r.Metadata = map[string]string{}
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "select ledger lines")
	}
	return out, total, nil
}
