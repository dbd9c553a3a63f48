package rg

import (
	"context"
	"database/sql"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store keeps the rg_ tables (migration 0025).
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

// limitRow is one stored limit; a nil pointer is "none".
type limitRow struct {
	Type             Type
	Period           Period
	Amount           *int64
	OperatorAmount   *int64
	Pending          bool
	PendingAmount    *int64 // nil with Pending: a removal
	PendingAt        time.Time
	PendingEffective time.Time
}

// state is everything stored about one member.
type state struct {
	RealityMinutes int
	BlockKind      string
	BlockFrom      time.Time
	BlockUntil     time.Time
	BlockRevocable time.Time
	Limits         map[key]*limitRow
}

type key struct {
	Type   Type
	Period Period
}

// limit returns the stored row of k, or a fresh one (not stored yet).
func (s *state) limit(k key) *limitRow {
	if l := s.Limits[k]; l != nil {
		return l
	}
	l := &limitRow{Type: k.Type, Period: k.Period}
	s.Limits[k] = l
	return l
}

// blocked is the block in force at now, if any.
func (s *state) blocked(now time.Time) bool {
	return s.BlockKind != "" && now.Before(s.BlockUntil)
}

type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v)
}

func nullable(v sql.NullInt64) *int64 {
	if !v.Valid {
		return nil
	}
	x := v.Int64
	return &x
}

// load reads a member's state (empty when nothing was ever set) in one
// query: the money paths ask it before every bet, deposit and transfer.
// Every member with a limit has its rg_member row (run writes it first).
func load(ctx context.Context, q querier, rebind func(string) string, memberID int64) (*state, error) {
	st := &state{Limits: map[key]*limitRow{}}
	rows, err := q.QueryContext(ctx, rebind(`SELECT m.reality_minutes, m.block_kind, m.block_from, m.block_until, m.block_revocable_from,
		l.type, l.period, l.amount, l.operator_amount, l.pending, l.pending_amount, l.pending_requested_at, l.pending_effective_at
		FROM rg_member m LEFT JOIN rg_limit l ON l.member_id = m.member_id WHERE m.member_id = ?`), memberID)
	if err != nil {
		return nil, apperr.Internal(err, "select rg state")
	}
	defer rows.Close()
	for rows.Next() {
		var from, until, revocable int64
		var typ, period sql.NullString
		var amount, op, pamount, pending, pat, peff sql.NullInt64
		if err := rows.Scan(&st.RealityMinutes, &st.BlockKind, &from, &until, &revocable,
			&typ, &period, &amount, &op, &pending, &pamount, &pat, &peff); err != nil {
			return nil, apperr.Internal(err, "scan rg state")
		}
		st.BlockFrom, st.BlockUntil, st.BlockRevocable = fromMS(from), fromMS(until), fromMS(revocable)
		if !typ.Valid {
			continue // no limit rows
		}
		l := &limitRow{Type: Type(typ.String), Period: Period(period.String)}
		l.Amount, l.OperatorAmount, l.PendingAmount = nullable(amount), nullable(op), nullable(pamount)
		l.Pending, l.PendingAt, l.PendingEffective = pending.Int64 != 0, fromMS(pat.Int64), fromMS(peff.Int64)
		st.Limits[key{l.Type, l.Period}] = l
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "read rg state")
	}
	return st, nil
}

// State reads a member's settings outside a transaction.
func (s *Store) State(ctx context.Context, memberID int64) (*state, error) {
	return load(ctx, s.db, s.db.Rebind, memberID)
}

// historyRow is one change to write.
type historyRow struct {
	Change     string
	Type       string
	Period     string
	From, To   *int64
	By         string
	OperatorID int64
	Reason     string
}

// changeTx is one member's change: run holds the member's row locked (so
// one member's changes run one at a time, on both databases), reads the
// state, and the writes it makes commit with their history rows and facts.
type changeTx struct {
	tx       *db.Tx
	memberID int64
	now      time.Time
	st       *state
	ids      []int64 // history ids written, in order
}

func (s *Store) run(ctx context.Context, memberID int64, now time.Time, fn func(c *changeTx) error) error {
	return s.db.InTx(ctx, func(tx *db.Tx) error {
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO rg_member (member_id, updated_at) VALUES (?, ?)
			ON CONFLICT (member_id) DO NOTHING`), memberID, ms(now)); err != nil {
			return apperr.Internal(err, "insert rg member")
		}
		if tx.Dialect() == db.Postgres {
			var id int64
			if err := tx.QueryRowContext(ctx, `SELECT member_id FROM rg_member WHERE member_id = $1 FOR UPDATE`, memberID).Scan(&id); err != nil {
				return apperr.Internal(err, "lock rg member")
			}
		}
		st, err := load(ctx, tx, tx.Rebind, memberID)
		if err != nil {
			return err
		}
		return fn(&changeTx{tx: tx, memberID: memberID, now: now, st: st})
	})
}

func nullArg(v *int64) any {
	if v == nil {
		return nil
	}
	return *v
}

// saveLimit writes one limit row as it now is.
func (c *changeTx) saveLimit(ctx context.Context, l *limitRow) error {
	pending := 0
	if l.Pending {
		pending = 1
	}
	_, err := c.tx.ExecContext(ctx, c.tx.Rebind(`INSERT INTO rg_limit (member_id, type, period, amount, operator_amount, pending,
		pending_amount, pending_requested_at, pending_effective_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (member_id, type, period) DO UPDATE SET amount = excluded.amount, operator_amount = excluded.operator_amount,
		pending = excluded.pending, pending_amount = excluded.pending_amount, pending_requested_at = excluded.pending_requested_at,
		pending_effective_at = excluded.pending_effective_at, updated_at = excluded.updated_at`),
		c.memberID, string(l.Type), string(l.Period), nullArg(l.Amount), nullArg(l.OperatorAmount), pending,
		nullArg(l.PendingAmount), ms(l.PendingAt), ms(l.PendingEffective), ms(c.now))
	if err != nil {
		return apperr.Internal(err, "save rg limit")
	}
	return nil
}

// saveMember writes the reality check and the block as they now are.
func (c *changeTx) saveMember(ctx context.Context) error {
	st := c.st
	_, err := c.tx.ExecContext(ctx, c.tx.Rebind(`UPDATE rg_member SET reality_minutes = ?, block_kind = ?, block_from = ?,
		block_until = ?, block_revocable_from = ?, updated_at = ? WHERE member_id = ?`),
		st.RealityMinutes, st.BlockKind, ms(st.BlockFrom), ms(st.BlockUntil), ms(st.BlockRevocable), ms(c.now), c.memberID)
	if err != nil {
		return apperr.Internal(err, "save rg member")
	}
	return nil
}

// addHistory writes one history row and returns its id.
func (c *changeTx) addHistory(ctx context.Context, h historyRow) (int64, error) {
	var id int64
	err := c.tx.QueryRowContext(ctx, c.tx.Rebind(`INSERT INTO rg_history (member_id, at, change, type, period, from_value, to_value,
		by_kind, operator_id, reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		c.memberID, ms(c.now), h.Change, h.Type, h.Period, nullArg(h.From), nullArg(h.To), h.By, h.OperatorID, h.Reason).Scan(&id)
	if err != nil {
		return 0, apperr.Internal(err, "insert rg history")
	}
	c.ids = append(c.ids, id)
	return id, nil
}

// History is one change as the player and the operator see it.
type History struct {
	At     int64  `json:"at"`
	Change string `json:"change"`
	Type   string `json:"type"`
	Period string `json:"period"`
	From   *int64 `json:"from"`
	To     *int64 `json:"to"`
	By     string `json:"by"`
	Reason string `json:"reason"`
}

// History pages a member's changes, newest first.
func (s *Store) History(ctx context.Context, memberID int64, offset, limit int) ([]History, int, error) {
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM rg_history WHERE member_id = ?`), memberID).Scan(&total); err != nil {
		return nil, 0, apperr.Internal(err, "count rg history")
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT at, change, type, period, from_value, to_value, by_kind, reason
		FROM rg_history WHERE member_id = ? ORDER BY id DESC LIMIT ? OFFSET ?`), memberID, limit, offset)
	if err != nil {
		return nil, 0, apperr.Internal(err, "select rg history")
	}
	defer rows.Close()
	out := []History{}
	for rows.Next() {
		var h History
		var from, to sql.NullInt64
		if err := rows.Scan(&h.At, &h.Change, &h.Type, &h.Period, &from, &to, &h.By, &h.Reason); err != nil {
			return nil, 0, apperr.Internal(err, "scan rg history")
		}
		h.From, h.To = nullable(from), nullable(to)
		out = append(out, h)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, apperr.Internal(err, "read rg history")
	}
	return out, total, nil
}
