package cashier

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds deposits, receipts and provider events (migration 0009).
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

func ms(t time.Time) int64 { return t.UnixMilli() }

const depositCols = `d.id, d.order_no, d.member_id, d.idempotency_key, d.request_hash, d.method, d.method_type, d.provider,
	d.amount, d.currency, d.status, d.reference, d.provider_ref, d.pay_url, d.flag, d.reject_reason, d.decided_by,
	d.posting_id, d.created_at, d.updated_at, d.expires_at,
	CASE WHEN EXISTS (SELECT 1 FROM cashier_receipt r WHERE r.deposit_id = d.id) THEN 1 ELSE 0 END`

type scanner interface{ Scan(...any) error }

func scanDeposit(row scanner) (Deposit, error) {
	var d Deposit
	var receipt int
	err := row.Scan(&d.ID, &d.OrderNo, &d.MemberID, &d.idemKey, &d.requestHash, &d.Method, &d.Type, &d.Provider,
		&d.Amount, &d.Currency, &d.Status, &d.Reference, &d.providerRef, &d.PayURL, &d.Flag, &d.RejectReason, &d.decidedBy,
		&d.postingID, &d.CreatedAt, &d.UpdatedAt, &d.ExpiresAt, &receipt)
	d.HasReceipt = receipt == 1
	return d, err
}

// limitRefusal carries the limit check's refusal out of Insert as it is.
type limitRefusal struct{ err error }

func (r limitRefusal) Error() string { return r.err.Error() }

// depositLockSpace keeps the cashier's advisory locks apart from others'.
const depositLockSpace int64 = 0x63617368 << 32

// Insert stores a new deposit (and its receipt) unless the member already
// used the idempotency key; then it returns the earlier deposit and false.
// A new deposit is checked by limit, given what the member's other open
// orders add up to, in the transaction that creates it: one member's new
// deposits run one at a time (an advisory lock on PostgreSQL; SQLite
// transactions hold the write lock), so parallel requests cannot pass a
// limit together; a refusal (limitRefusal) stores nothing.
func (s *Store) Insert(ctx context.Context, d Deposit, receipt *Receipt, now time.Time, limit func(ctx context.Context, pending int64) error) (Deposit, bool, error) {
	created := false
	var id int64
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		if limit != nil && tx.Dialect() == db.Postgres {
			if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, depositLockSpace|(d.MemberID&0xffffffff)); err != nil {
				return apperr.Internal(err, "lock member deposits")
			}
		}
		err := tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO cashier_deposit (order_no, member_id, idempotency_key, request_hash,
			method, method_type, provider, amount, currency, status, reference, created_at, updated_at, expires_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (member_id, idempotency_key) DO NOTHING RETURNING id`),
			d.OrderNo, d.MemberID, d.idemKey, d.requestHash, d.Method, d.Type, d.Provider, d.Amount, d.Currency, d.Status,
			d.Reference, ms(now), ms(now), d.ExpiresAt).Scan(&id)
		if db.IsNoRows(err) {
			return nil // the key was used before
		}
		if err != nil {
			return apperr.Internal(err, "insert deposit")
		}
		created = true
		if limit != nil {
			var pending int64
			if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COALESCE(SUM(amount), 0) FROM cashier_deposit
				WHERE member_id = ? AND id <> ? AND status IN (?, ?, ?) AND (status <> ? OR expires_at > ?)`),
				d.MemberID, id, StatusPendingPayment, StatusPendingReview, StatusCrediting, StatusPendingPayment, ms(now)).Scan(&pending); err != nil {
				return apperr.Internal(err, "sum open deposits")
			}
			if err := limit(ctx, pending); err != nil {
				return limitRefusal{err}
			}
		}
		if receipt != nil {
			if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO cashier_receipt (deposit_id, content_type, name, data, created_at)
				VALUES (?, ?, ?, ?, ?)`), id, receipt.ContentType, receipt.Name, receipt.Data, ms(now)); err != nil {
				return apperr.Internal(err, "insert receipt")
			}
		}
		return nil
	})
	if err != nil {
		return Deposit{}, false, err
	}
	if created {
		out, err := s.ByID(ctx, id)
		return out, true, err
	}
	out, err := s.one(ctx, `d.member_id = ? AND d.idempotency_key = ?`, d.MemberID, d.idemKey)
	return out, false, err
}

func (s *Store) one(ctx context.Context, where string, args ...any) (Deposit, error) {
	d, err := scanDeposit(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+depositCols+` FROM cashier_deposit d WHERE `+where), args...))
	if db.IsNoRows(err) {
		return d, ErrNotFound
	}
	if err != nil {
		return d, apperr.Internal(err, "read deposit")
	}
	return d, nil
}

// ByID reads one deposit.
func (s *Store) ByID(ctx context.Context, id int64) (Deposit, error) {
	return s.one(ctx, `d.id = ?`, id)
}

// ByOrderNo reads one deposit by its order number.
func (s *Store) ByOrderNo(ctx context.Context, orderNo string) (Deposit, error) {
	return s.one(ctx, `d.order_no = ?`, orderNo)
}

// ListQuery filters a deposit list; zero fields do not filter.
type ListQuery struct {
	MemberID int64
	Status   string
	OrderNo  string
	From, To int64 // created_at bounds, Unix ms; 0: open
	Offset   int
	Limit    int
}

// MaxListCount bounds the count of a list: it counts at most MaxListCount+1
// deposits (all of a large brand's million would be a scan per page) and
// answers MaxListCount with capped true beyond.
const MaxListCount = 10000

// listCountCap is MaxListCount; tests lower it.
var listCountCap = MaxListCount

// List pages deposits, newest first: of one member or all, optionally in
// one status or with one order number. The total is capped at MaxListCount
// (capped true: there are more).
func (s *Store) List(ctx context.Context, q ListQuery) ([]Deposit, int, bool, error) {
	var where []string
	var args []any
	if q.MemberID > 0 {
		where, args = append(where, "d.member_id = ?"), append(args, q.MemberID)
	}
	if q.Status != "" {
		where, args = append(where, "d.status = ?"), append(args, q.Status)
	}
	if q.OrderNo != "" {
		where, args = append(where, "d.order_no = ?"), append(args, q.OrderNo)
	}
	if q.From > 0 {
		where, args = append(where, "d.created_at >= ?"), append(args, q.From)
	}
	if q.To > 0 {
		where, args = append(where, "d.created_at < ?"), append(args, q.To)
	}
	cond := ""
	if len(where) > 0 {
		cond = " WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM (SELECT 1 FROM cashier_deposit d`+cond+` LIMIT ?) x`),
		append(args[:len(args):len(args)], listCountCap+1)...).Scan(&total); err != nil {
		return nil, 0, false, apperr.Internal(err, "count deposits")
	}
	capped := total > listCountCap
	if capped {
		total = listCountCap
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+depositCols+` FROM cashier_deposit d`+cond+` ORDER BY d.id DESC LIMIT ? OFFSET ?`),
		append(args, q.Limit, q.Offset)...)
	if err != nil {
		return nil, 0, false, apperr.Internal(err, "list deposits")
	}
	defer rows.Close()
	out := []Deposit{}
	for rows.Next() {
		d, err := scanDeposit(rows)
		if err != nil {
			return nil, 0, false, apperr.Internal(err, "scan deposit")
		}
		out = append(out, d)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, false, apperr.Internal(err, "list deposits")
	}
	return out, total, capped, nil
}

// HadCredited is the deposits of list whose member had a deposit credited
// before them: one statement for a page, an index lookup per deposit (the
// member index answers each).
func (s *Store) HadCredited(ctx context.Context, list []Deposit) (map[int64]bool, error) {
	out := map[int64]bool{}
	if len(list) == 0 {
		return out, nil
	}
	var q strings.Builder
	args := make([]any, 0, 3*len(list))
	for i, d := range list {
		if i > 0 {
			q.WriteString(" UNION ALL ")
		}
		// The deposit's id is a literal: a parameter would be text in PostgreSQL's UNION.
		fmt.Fprintf(&q, `SELECT %d WHERE EXISTS (SELECT 1 FROM cashier_deposit WHERE member_id = ? AND id < ? AND status = ?)`, d.ID)
		args = append(args, d.MemberID, d.ID, StatusCredited)
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(q.String()), args...)
	if err != nil {
		return nil, apperr.Internal(err, "earlier deposits")
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, apperr.Internal(err, "earlier deposits")
		}
		out[id] = true
	}
	return out, rows.Err()
}

// SetPayment records the provider's reference and pay URL.
func (s *Store) SetPayment(ctx context.Context, id int64, ref, payURL string, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE cashier_deposit SET provider_ref = ?, pay_url = ?, updated_at = ? WHERE id = ?`),
		ref, payURL, ms(now), id); err != nil {
		return apperr.Internal(err, "set payment")
	}
	return nil
}

// change is what a state transition writes besides the status.
type change struct {
	Flag      string // "" keeps the flag
	Reason    string // "" keeps the reject reason
	DecidedBy int64  // 0 keeps
	PostingID int64  // 0 keeps
}

// Transition moves a deposit from one state to another; false when it was
// not in from any more (someone else moved it first).
func (s *Store) Transition(ctx context.Context, id int64, from, to string, c change, now time.Time) (bool, error) {
	set := []string{"status = ?", "updated_at = ?"}
	args := []any{to, ms(now)}
	if c.Flag != "" {
		set, args = append(set, "flag = ?"), append(args, c.Flag)
	}
	if c.Reason != "" {
		set, args = append(set, "reject_reason = ?"), append(args, c.Reason)
	}
	if c.DecidedBy != 0 {
		set, args = append(set, "decided_by = ?"), append(args, c.DecidedBy)
	}
	if c.PostingID != 0 {
		set, args = append(set, "posting_id = ?"), append(args, c.PostingID)
	}
	args = append(args, id, from)
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE cashier_deposit SET `+strings.Join(set, ", ")+` WHERE id = ? AND status = ?`), args...)
	if err != nil {
		return false, apperr.Internal(err, "deposit transition")
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// SetFlag marks an order for operators without changing its state.
func (s *Store) SetFlag(ctx context.Context, id int64, flag string, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE cashier_deposit SET flag = ?, updated_at = ? WHERE id = ?`), flag, ms(now), id); err != nil {
		return apperr.Internal(err, "flag deposit")
	}
	return nil
}

// Expire moves online deposits past their deadline from PENDING_PAYMENT to
// EXPIRED: one member's (memberID > 0) or everyone's.
func (s *Store) Expire(ctx context.Context, memberID int64, now time.Time) (int64, error) {
	q := `UPDATE cashier_deposit SET status = ?, updated_at = ? WHERE status = ? AND expires_at > 0 AND expires_at <= ?`
	args := []any{StatusExpired, ms(now), StatusPendingPayment, ms(now)}
	if memberID > 0 {
		q += ` AND member_id = ?`
		args = append(args, memberID)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(q), args...)
	if err != nil {
		return 0, apperr.Internal(err, "expire deposits")
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// StaleCrediting lists deposits left CREDITING since before the given time
// (a process stopped between the claim and the posting).
func (s *Store) StaleCrediting(ctx context.Context, before time.Time) ([]Deposit, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+depositCols+` FROM cashier_deposit d WHERE d.status = ? AND d.updated_at < ? ORDER BY d.id LIMIT 100`),
		StatusCrediting, ms(before))
	if err != nil {
		return nil, apperr.Internal(err, "stale crediting")
	}
	defer rows.Close()
	var out []Deposit
	for rows.Next() {
		d, err := scanDeposit(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan deposit")
		}
		out = append(out, d)
	}
	return out, rows.Err()
}

// Receipt reads a deposit's receipt image.
func (s *Store) Receipt(ctx context.Context, depositID int64) (Receipt, error) {
	var r Receipt
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT content_type, name, data FROM cashier_receipt WHERE deposit_id = ?`), depositID).
		Scan(&r.ContentType, &r.Name, &r.Data)
	if db.IsNoRows(err) {
		return r, ErrNoReceipt
	}
	if err != nil {
		return r, apperr.Internal(err, "read receipt")
	}
	return r, nil
}

// Event is a recorded provider webhook.
type Event struct {
	Provider, EventID, OrderNo, Status, Currency, Outcome string
	Amount                                                int64
}

// EventSeen tells whether a provider event was processed before, and its outcome.
func (s *Store) EventSeen(ctx context.Context, provider, eventID string) (string, bool, error) {
	var outcome string
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT outcome FROM payment_event WHERE provider = ? AND event_id = ?`), provider, eventID).Scan(&outcome)
	if err == sql.ErrNoRows {
		return "", false, nil
	}
	if err != nil {
		return "", false, apperr.Internal(err, "read payment event")
	}
	return outcome, true, nil
}

// RecordEvent stores a processed event once.
func (s *Store) RecordEvent(ctx context.Context, e Event, now time.Time) error {
	if _, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO payment_event (provider, event_id, order_no, status, amount, currency, outcome, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (provider, event_id) DO NOTHING`),
		e.Provider, e.EventID, e.OrderNo, e.Status, e.Amount, e.Currency, e.Outcome, ms(now)); err != nil {
		return apperr.Internal(err, "record payment event")
	}
	return nil
}
