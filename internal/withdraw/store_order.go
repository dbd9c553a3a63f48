package withdraw

import (
	"context"
	"database/sql"
	"fmt"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// order is a stored withdrawal order.
type order struct {
	ID             int64
	OrderNo        string
	MemberID       int64
	Key            string
	RequestHash    string
	Status         string
	HoldState      string
	Amount         int64
	Currency       string
	Decimals       int
	ReceivedAmount int64
	AccountID      int64
	AccountType    string
	BankCode       string
	AccountName    string
	AccountNumber  string
	RejectReason   string
	Provider       string
	ProviderRef    string
	ReviewedBy     int64
	CreatedAt      int64
	UpdatedAt      int64
	ReviewedAt     int64
	PaidAt         int64
	ConfirmedAt    int64
	HasProof       bool
	// Risks are the flags kept at the decision; Decided false: none kept.
	Risks   []string
	Decided bool
}

const orderCols = `o.id, o.order_no, o.member_id, o.idempotency_key, o.request_hash, o.status, o.hold_state, o.amount,
	o.currency, o.decimals, o.received_amount, o.account_id, o.account_type, o.bank_code, o.account_name, o.account_number,
	o.reject_reason, o.provider, o.provider_ref, o.reviewed_by, o.created_at, o.updated_at, o.reviewed_at, o.paid_at,
	o.confirmed_at, CASE WHEN p.order_id IS NULL THEN 0 ELSE 1 END, o.risks`

const orderFrom = ` FROM withdraw_order o LEFT JOIN withdraw_proof p ON p.order_id = o.id`

func scanOrder(row interface{ Scan(...any) error }) (order, error) {
	var o order
	var proof int
	var risks sql.NullString
	err := row.Scan(&o.ID, &o.OrderNo, &o.MemberID, &o.Key, &o.RequestHash, &o.Status, &o.HoldState, &o.Amount,
		&o.Currency, &o.Decimals, &o.ReceivedAmount, &o.AccountID, &o.AccountType, &o.BankCode, &o.AccountName,
		&o.AccountNumber, &o.RejectReason, &o.Provider, &o.ProviderRef, &o.ReviewedBy, &o.CreatedAt, &o.UpdatedAt,
		&o.ReviewedAt, &o.PaidAt, &o.ConfirmedAt, &proof, &risks)
	o.HasProof = proof != 0
	if risks.Valid {
		o.Decided, o.Risks = true, []string{}
		if risks.String != "" {
			o.Risks = strings.Split(risks.String, ",")
		}
	}
	return o, err
}

// orderNo is derived from the row id, so it is unique without a retry.
func orderNo(id int64, at time.Time) string {
	return fmt.Sprintf("W%s%07d", at.UTC().Format("20060102"), id)
}

// CreateOrder inserts a NEW order under the member's lock, unless the
// member already sent this idempotency key (then it returns that order and
// created false) or reached the daily limit (orders since dayStart).
func (s *Store) CreateOrder(ctx context.Context, o *order, dayStart time.Time, dailyLimit int) (existing order, created bool, err error) {
	err = s.db.InTx(ctx, func(tx *db.Tx) error {
		if err := ensureMember(ctx, tx, o.MemberID, o.CreatedAt); err != nil {
			return err
		}
		prev, err := scanOrder(tx.QueryRowContext(ctx, tx.Rebind(`SELECT `+orderCols+orderFrom+`
			WHERE o.member_id = ? AND o.idempotency_key = ?`), o.MemberID, o.Key))
		if err == nil {
			existing = prev
			return nil
		}
		if !db.IsNoRows(err) {
			return apperr.Internal(err, "select order by key")
		}
		var n int
		if err := tx.QueryRowContext(ctx, tx.Rebind(`SELECT COUNT(*) FROM withdraw_order WHERE member_id = ? AND created_at >= ?`),
			o.MemberID, ms(dayStart)).Scan(&n); err != nil {
			return apperr.Internal(err, "count orders today")
		}
		if n >= dailyLimit {
			return apperr.Conflict("withdraw.daily_limit").With("limit", dailyLimit)
		}
		err = tx.QueryRowContext(ctx, tx.Rebind(`INSERT INTO withdraw_order (member_id, idempotency_key, request_hash, status,
			hold_state, amount, currency, decimals, account_id, account_type, bank_code, account_name, account_number,
			created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
			o.MemberID, o.Key, o.RequestHash, o.Status, o.HoldState, o.Amount, o.Currency, o.Decimals, o.AccountID,
			o.AccountType, o.BankCode, o.AccountName, o.AccountNumber, o.CreatedAt, o.CreatedAt).Scan(&o.ID)
		if err != nil {
			return apperr.Internal(err, "insert order")
		}
		o.OrderNo = orderNo(o.ID, time.UnixMilli(o.CreatedAt))
		if _, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE withdraw_order SET order_no = ? WHERE id = ?`), o.OrderNo, o.ID); err != nil {
			return apperr.Internal(err, "set order number")
		}
		created = true
		return nil
	})
	return existing, created, err
}

// DeleteNew removes an order whose hold was refused (it never existed for
// the player; its idempotency key may be used again).
func (s *Store) DeleteNew(ctx context.Context, id int64) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`DELETE FROM withdraw_order WHERE id = ? AND status = ?`), id, StatusNew)
	if err != nil {
		return apperr.Internal(err, "delete order")
	}
	return nil
}

// Order reads one order (any member).
func (s *Store) Order(ctx context.Context, id int64) (order, error) {
	o, err := scanOrder(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+orderCols+orderFrom+` WHERE o.id = ?`), id))
	if db.IsNoRows(err) {
		return o, apperr.NotFound("withdraw.not_found")
	}
	if err != nil {
		return o, apperr.Internal(err, "select order")
	}
	return o, nil
}

// OrderByKey reads the member's order sent under an idempotency key.
func (s *Store) OrderByKey(ctx context.Context, memberID int64, key string) (order, error) {
	o, err := scanOrder(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+orderCols+orderFrom+` WHERE o.member_id = ? AND o.idempotency_key = ?`), memberID, key))
	if db.IsNoRows(err) {
		return o, apperr.NotFound("withdraw.not_found")
	}
	if err != nil {
		return o, apperr.Internal(err, "select order by key")
	}
	return o, nil
}

// MaxListCount bounds the count of a list: it counts at most MaxListCount+1
// orders (all 250,000 of a large brand's would be a scan of them per page)
// and answers MaxListCount with capped true beyond.
const MaxListCount = 10000

// listCountCap is MaxListCount; tests lower it.
var listCountCap = MaxListCount

// sqlCountOrders is the capped count's start: the filter and the cap follow.
const sqlCountOrders = `SELECT COUNT(*) FROM (SELECT 1 FROM withdraw_order o`

// Orders lists orders newest first; NEW orders are never listed. The total
// is capped at MaxListCount (capped true: there are more).
func (s *Store) Orders(ctx context.Context, f ListFilter) ([]order, int, bool, error) {
	where := ` WHERE o.status <> ?`
	args := []any{StatusNew}
	if f.MemberID != 0 {
		where += ` AND o.member_id = ?`
		args = append(args, f.MemberID)
	}
	if f.Status != "" {
		where += ` AND o.status = ?`
		args = append(args, f.Status)
	}
	if f.OrderNo != "" {
		where += ` AND o.order_no = ?`
		args = append(args, f.OrderNo)
	}
	if f.From > 0 {
		where += ` AND o.created_at >= ?`
		args = append(args, f.From)
	}
	if f.To > 0 {
		where += ` AND o.created_at < ?`
		args = append(args, f.To)
	}
	// The capped count runs in a Fixed session (PostgreSQL): with
	// sequential scans off, all statuses are counted from the status index,
	// whose pages stay in the buffers, where a scan of the table reads its
	// first pages again at every page load (a table larger than a quarter
	// of the buffers is scanned through a small ring of its own): about half
	// the cost of the 10,001 rows.
	var total int
	if err := s.db.Fixed().QueryRowContext(ctx, s.db.Rebind(sqlCountOrders+where+` LIMIT ?) x`),
		append(args[:len(args):len(args)], listCountCap+1)...).Scan(&total); err != nil {
		return nil, 0, false, apperr.Internal(err, "count orders")
	}
	capped := total > listCountCap
	if capped {
		total = listCountCap
	}
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+orderCols+orderFrom+where+` ORDER BY o.id DESC LIMIT ? OFFSET ?`),
		append(args, f.PageSize, (f.Page-1)*f.PageSize)...)
	if err != nil {
		return nil, 0, false, apperr.Internal(err, "select orders")
	}
	defer rows.Close()
	out := []order{}
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			return nil, 0, false, apperr.Internal(err, "scan order")
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, false, apperr.Internal(err, "select orders")
	}
	return out, total, capped, nil
}

// change is what a transition writes besides the status.
type change struct {
	HoldState      string // "" keeps it
	RejectReason   string
	ReviewedBy     int64
	ReviewedAt     int64
	PaidAt         int64
	ConfirmedAt    int64
	ReceivedAmount int64
	Provider       string
	ProviderRef    string
	// Risks are the flags the operator saw, kept with a decision (nil:
	// none kept).
	Risks []string
}

// Transition moves an order from one of the states in from to to, writing
// the non-zero fields of c. It reports false when the order was not in one
// of those states (another request got there first).
func (s *Store) Transition(ctx context.Context, id int64, from []string, to string, c change, now time.Time) (bool, error) {
	var ok bool
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		ok, err = transition(ctx, tx, id, from, to, c, now)
		return err
	})
	return ok, err
}

func transition(ctx context.Context, tx *db.Tx, id int64, from []string, to string, c change, now time.Time) (bool, error) {
	set := []string{"status = ?", "updated_at = ?"}
	args := []any{to, ms(now)}
	add := func(col string, v any, present bool) {
		if present {
			set = append(set, col+" = ?")
			args = append(args, v)
		}
	}
	add("hold_state", c.HoldState, c.HoldState != "")
	add("reject_reason", c.RejectReason, c.RejectReason != "")
	add("reviewed_by", c.ReviewedBy, c.ReviewedBy != 0)
	add("reviewed_at", c.ReviewedAt, c.ReviewedAt != 0)
	add("paid_at", c.PaidAt, c.PaidAt != 0)
	add("confirmed_at", c.ConfirmedAt, c.ConfirmedAt != 0)
	add("received_amount", c.ReceivedAmount, c.ReceivedAmount != 0)
	add("provider", c.Provider, c.Provider != "")
	add("provider_ref", c.ProviderRef, c.ProviderRef != "")
	add("risks", strings.Join(c.Risks, ","), c.Risks != nil)
	args = append(args, id)
	for _, f := range from {
		args = append(args, f)
	}
	res, err := tx.ExecContext(ctx, tx.Rebind(`UPDATE withdraw_order SET `+strings.Join(set, ", ")+
		` WHERE id = ? AND status IN (?`+strings.Repeat(", ?", len(from)-1)+`)`), args...)
	if err != nil {
		return false, apperr.Internal(err, "update order")
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// SetHold records where an order's money went (after its posting).
func (s *Store) SetHold(ctx context.Context, id int64, from, to string, now time.Time) error {
	_, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE withdraw_order SET hold_state = ?, updated_at = ? WHERE id = ? AND hold_state = ?`),
		to, ms(now), id, from)
	if err != nil {
		return apperr.Internal(err, "update hold state")
	}
	return nil
}

// Confirm records the player's confirmation and proof in one transaction.
func (s *Store) Confirm(ctx context.Context, id int64, to string, c change, proof *Proof, now time.Time) (bool, error) {
	var ok bool
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		var err error
		if ok, err = transition(ctx, tx, id, []string{StatusPaid}, to, c, now); err != nil || !ok || proof == nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, tx.Rebind(`INSERT INTO withdraw_proof (order_id, content_type, name, data, created_at) VALUES (?, ?, ?, ?, ?)`),
			id, proof.ContentType, proof.Name, proof.Data, ms(now)); err != nil {
			return apperr.Internal(err, "insert proof")
		}
		return nil
	})
	return ok, err
}

// Proof reads an order's proof image.
func (s *Store) Proof(ctx context.Context, orderID int64) (Proof, error) {
	var p Proof
	err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT content_type, name, data FROM withdraw_proof WHERE order_id = ?`), orderID).
		Scan(&p.ContentType, &p.Name, &p.Data)
	if db.IsNoRows(err) {
		return p, apperr.NotFound("withdraw.proof_not_found")
	}
	if err != nil {
		return p, apperr.Internal(err, "select proof")
	}
	return p, nil
}

// sqlAnyDue runs in a Fixed session (PostgreSQL): every queue page asks
// it, and PostgreSQL's own choice after five executions is a generic plan
// that scans the whole table (LIMIT 1 over the quarter of the orders it
// guesses one status holds looks cheapest), where the orders of the
// status are a few index entries.
const sqlAnyDue = `SELECT 1 FROM withdraw_order WHERE status = ? AND paid_at <= ? LIMIT 1`

// AnyDue tells whether some PAID order was paid at or before paidBefore
// (a read, so a list only writes when there is something to force).
func (s *Store) AnyDue(ctx context.Context, paidBefore time.Time) (bool, error) {
	var one int
	err := s.db.Fixed().QueryRowContext(ctx, s.db.Rebind(sqlAnyDue), StatusPaid, ms(paidBefore)).Scan(&one)
	if db.IsNoRows(err) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Internal(err, "select due receipts")
	}
	return true, nil
}

// ForceReceipts turns every PAID order paid at or before paidBefore into
// FORCED_RECEIVED and reports how many it changed.
func (s *Store) ForceReceipts(ctx context.Context, paidBefore, now time.Time) (int64, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE withdraw_order SET status = ?, confirmed_at = ?, updated_at = ?
		WHERE status = ? AND paid_at <= ?`), StatusForcedReceived, ms(now), ms(now), StatusPaid, ms(paidBefore))
	if err != nil {
		return 0, apperr.Internal(err, "force receipts")
	}
	return res.RowsAffected()
}

// Stuck lists orders a crash or a slow provider left half-way, for the
// sweeper: NEW orders (and, when payouts is true, APPROVED and PAYING ones)
// not touched since before, and refused orders whose hold was not released
// yet. Without a payout provider APPROVED orders wait and are not listed.
func (s *Store) Stuck(ctx context.Context, before time.Time, payouts bool, limit int) ([]order, error) {
	waiting := []any{StatusNew, StatusNew, StatusNew}
	if payouts {
		waiting = []any{StatusNew, StatusApproved, StatusPaying}
	}
	args := append(waiting, ms(before), StatusRejected, StatusPayoutFailed, HoldHeld, limit)
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+orderCols+orderFrom+`
		WHERE (o.status IN (?, ?, ?) AND o.updated_at < ?) OR (o.status IN (?, ?) AND o.hold_state = ?)
		ORDER BY o.id LIMIT ?`), args...)
	if err != nil {
		return nil, apperr.Internal(err, "select stuck orders")
	}
	defer rows.Close()
	var out []order
	for rows.Next() {
		o, err := scanOrder(rows)
		if err != nil {
			return nil, apperr.Internal(err, "scan order")
		}
		out = append(out, o)
	}
	if err := rows.Err(); err != nil {
		return nil, apperr.Internal(err, "select stuck orders")
	}
	return out, nil
}

// Counts are a member's order counts for the withdraw info.
func (s *Store) Counts(ctx context.Context, memberID int64, dayStart time.Time) (today, pendingN int, err error) {
	args := []any{ms(dayStart)}
	for _, st := range pending {
		args = append(args, st)
	}
	args = append(args, memberID)
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT
		COALESCE(SUM(CASE WHEN created_at >= ? THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN status IN (?`+strings.Repeat(", ?", len(pending)-1)+`) THEN 1 ELSE 0 END), 0)
		FROM withdraw_order WHERE member_id = ?`), args...).Scan(&today, &pendingN)
	if err != nil {
		return 0, 0, apperr.Internal(err, "count orders")
	}
	return today, pendingN, nil
}

// LastPaidAt is when each member's latest paid-out order was paid (absent:
// never).
func (s *Store) LastPaidAt(ctx context.Context, memberIDs []int64) (map[int64]int64, error) {
	out := map[int64]int64{}
	if len(memberIDs) == 0 {
		return out, nil
	}
	var rows *sql.Rows
	var err error
	if s.db.Dialect == db.Postgres {
		rows, err = s.db.Fixed().QueryContext(ctx, sqlLastPaidSet, memberIDs, paidOut)
	} else {
		args := make([]any, 0, len(memberIDs)+len(paidOut))
		for _, id := range memberIDs {
			args = append(args, id)
		}
		for _, st := range paidOut {
			args = append(args, st)
		}
		rows, err = s.db.QueryContext(ctx, s.db.Rebind(`SELECT member_id, MAX(paid_at) FROM withdraw_order
		WHERE member_id IN (`+placeholders(len(memberIDs))+`) AND status IN (`+placeholders(len(paidOut))+`) GROUP BY member_id`), args...)
	}
	if err != nil {
		return nil, apperr.Internal(err, "select last payout")
	}
	defer rows.Close()
	for rows.Next() {
		var id, at int64
		if err := rows.Scan(&id, &at); err != nil {
			return nil, apperr.Internal(err, "select last payout")
		}
		out[id] = at
	}
	return out, rows.Err()
}
