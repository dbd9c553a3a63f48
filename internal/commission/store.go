package commission

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/palaro/palaro/internal/platform/db"
)

// Store holds the contracts and bills (migration 0039). Nobody else reads
// these tables.
type Store struct{ db *db.DB }

// NewStore wraps the database.
func NewStore(d *db.DB) *Store { return &Store{db: d} }

// querier is what *db.DB and *db.Tx share.
type querier interface {
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	Rebind(q string) string
}

const contractCols = `id, type, period, upline_id, downline_id, terms, status, end_reason, replaces_id, offered_at, decided_at, ended_at`

func scanContract(sc interface{ Scan(...any) error }) (Contract, error) {
	var c Contract
	var terms string
	if err := sc.Scan(&c.ID, &c.Type, &c.Period, &c.UplineID, &c.DownlineID, &terms, &c.Status, &c.EndReason,
		&c.ReplacesID, &c.OfferedAt, &c.DecidedAt, &c.EndedAt); err != nil {
		return c, err
	}
	if err := json.Unmarshal([]byte(terms), &c.Terms); err != nil {
		return c, fmt.Errorf("contract %d terms: %w", c.ID, err)
	}
	return c, nil
}

func queryContracts(ctx context.Context, q querier, query string, args ...any) ([]Contract, error) {
	rows, err := q.QueryContext(ctx, q.Rebind(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Contract
	for rows.Next() {
		c, err := scanContract(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

func getContract(ctx context.Context, q querier, id int64) (Contract, error) {
	c, err := scanContract(q.QueryRowContext(ctx, q.Rebind(`SELECT `+contractCols+` FROM commission_contract WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return c, ErrContractNotFound
	}
	return c, err
}

// activeOf is the active contract a member holds as downline of a type.
func activeOf(ctx context.Context, q querier, downlineID int64, t Type) (Contract, bool, error) {
	cs, err := queryContracts(ctx, q, `SELECT `+contractCols+` FROM commission_contract
 WHERE downline_id = ? AND type = ? AND status = 'active'`, downlineID, string(t))
	if err != nil || len(cs) == 0 {
		return Contract{}, false, err
	}
	return cs[0], true, nil
}

func insertContract(ctx context.Context, q querier, c Contract, offeredBy string) (int64, error) {
	terms, err := json.Marshal(c.Terms)
	if err != nil {
		return 0, err
	}
	var id int64
	err = q.QueryRowContext(ctx, q.Rebind(`INSERT INTO commission_contract (type, period, upline_id, downline_id, terms, status,
 replaces_id, offered_at, offered_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`),
		string(c.Type), string(c.Period), c.UplineID, c.DownlineID, string(terms), c.Status, c.ReplacesID, c.OfferedAt, offeredBy).Scan(&id)
	return id, err
}

// ContractFilter selects contracts for a list.
type ContractFilter struct {
	MemberID int64  // either party (0: any)
	Side     string // "upline": MemberID offered them; "downline": offered to MemberID; "": either
	Type     Type
	Status   string
	Offset   int
	Limit    int
}

func (s *Store) listContracts(ctx context.Context, f ContractFilter) ([]Contract, int, error) {
	var where []string
	var args []any
	switch {
	case f.MemberID != 0 && f.Side == "upline":
		where, args = append(where, "upline_id = ?"), append(args, f.MemberID)
	case f.MemberID != 0 && f.Side == "downline":
		where, args = append(where, "downline_id = ?"), append(args, f.MemberID)
	case f.MemberID != 0:
		where, args = append(where, "(upline_id = ? OR downline_id = ?)"), append(args, f.MemberID, f.MemberID)
	}
	if f.Type != "" {
		where, args = append(where, "type = ?"), append(args, string(f.Type))
	}
	if f.Status != "" {
		where, args = append(where, "status = ?"), append(args, f.Status)
	}
	w := ""
	if len(where) > 0 {
		w = " WHERE " + strings.Join(where, " AND ")
	}
	var total int
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*) FROM commission_contract`+w), args...).Scan(&total); err != nil {
		return nil, 0, err
	}
	list, err := queryContracts(ctx, s.db, `SELECT `+contractCols+` FROM commission_contract`+w+` ORDER BY id DESC LIMIT ? OFFSET ?`,
		append(args, f.Limit, f.Offset)...)
	return list, total, err
}

// settleable lists the contracts of a type and period that were active at
// end: accepted before it and not ended before it.
func (s *Store) settleable(ctx context.Context, t Type, p Period, end int64) ([]Contract, error) {
	return queryContracts(ctx, s.db, `SELECT `+contractCols+` FROM commission_contract
 WHERE type = ? AND period = ? AND status IN ('active', 'terminated') AND decided_at > 0 AND decided_at < ?
 AND (ended_at = 0 OR ended_at >= ?) ORDER BY id`, string(t), string(p), end, end)
}

const billCols = `id, contract_id, type, payer_id, payee_id, period_start, period_end, inputs, amount, paid, part_amount, currency, status, created_at, paid_at`

func scanBill(sc interface{ Scan(...any) error }) (Bill, error) {
	var b Bill
	var inputs string
	if err := sc.Scan(&b.ID, &b.ContractID, &b.Type, &b.PayerID, &b.PayeeID, &b.PeriodStart, &b.PeriodEnd, &inputs,
		&b.Amount, &b.Paid, &b.PartAmount, &b.Currency, &b.Status, &b.CreatedAt, &b.PaidAt); err != nil {
		return b, err
	}
	if err := json.Unmarshal([]byte(inputs), &b.Inputs); err != nil {
		return b, fmt.Errorf("bill %d inputs: %w", b.ID, err)
	}
	return b, nil
}

func (s *Store) queryBills(ctx context.Context, query string, args ...any) ([]Bill, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(query), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Bill
	for rows.Next() {
		b, err := scanBill(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	return out, rows.Err()
}

func (s *Store) bill(ctx context.Context, id int64) (Bill, error) {
	b, err := scanBill(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+billCols+` FROM commission_bill WHERE id = ?`), id))
	if db.IsNoRows(err) {
		return b, ErrBillNotFound
	}
	return b, err
}

// billChunk bounds the rows of one statement of the settlement's batch
// writes (11 parameters a bill, well under both databases' limits).
const billChunk = 200

// previousCarries is, per contract, the carry its latest bill before start
// left (contracts without one are left out).
func (s *Store) previousCarries(ctx context.Context, contractIDs []int64, start int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(contractIDs))
	for lo := 0; lo < len(contractIDs); lo += billChunk {
		ids := contractIDs[lo:min(lo+billChunk, len(contractIDs))]
		args := make([]any, 0, len(ids)+1)
		for _, id := range ids {
			args = append(args, id)
		}
		args = append(args, start)
		rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT b.contract_id, b.inputs FROM commission_bill b
 WHERE b.contract_id IN (`+placeholders(len(ids))+`) AND b.period_start = (SELECT MAX(p.period_start) FROM commission_bill p
 WHERE p.contract_id = b.contract_id AND p.period_start < ?)`), args...)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var id int64
			var inputs string
			if err := rows.Scan(&id, &inputs); err != nil {
				rows.Close()
				return nil, err
			}
			var in BillInputs
			if err := json.Unmarshal([]byte(inputs), &in); err != nil {
				rows.Close()
				return nil, fmt.Errorf("bill of contract %d inputs: %w", id, err)
			}
			out[id] = in.CarryOut
		}
		err = rows.Err()
		rows.Close()
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

func placeholders(n int) string { return strings.TrimSuffix(strings.Repeat("?, ", n), ", ") }

// createBills records each bill unless its contract has one for the period
// and leaves in bills the stored ones either way, with created telling
// which were written now. A contract appears at most once per period.
func (s *Store) createBills(ctx context.Context, bills []Bill) (created []bool, err error) {
	created = make([]bool, len(bills))
	for lo := 0; lo < len(bills); lo += billChunk {
		hi := min(lo+billChunk, len(bills))
		if err := s.createChunk(ctx, bills[lo:hi], created[lo:hi]); err != nil {
			return nil, err
		}
	}
	return created, nil
}

func (s *Store) createChunk(ctx context.Context, bills []Bill, created []bool) error {
	args := make([]any, 0, 11*len(bills))
	for _, b := range bills {
		inputs, err := json.Marshal(b.Inputs)
		if err != nil {
			return err
		}
		args = append(args, b.ContractID, string(b.Type), b.PayerID, b.PayeeID, b.PeriodStart, b.PeriodEnd, string(inputs),
			b.Amount, b.Currency, b.Status, b.CreatedAt)
	}
	type key struct{ contract, start int64 }
	ids := map[key]int64{}
	err := s.db.InTx(ctx, func(tx *db.Tx) error {
		rows, err := tx.QueryContext(ctx, tx.Rebind(`INSERT INTO commission_bill (contract_id, type, payer_id, payee_id, period_start,
 period_end, inputs, amount, currency, status, created_at) VALUES `+
			strings.TrimSuffix(strings.Repeat("(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?), ", len(bills)), ", ")+`
 ON CONFLICT (contract_id, period_start) DO NOTHING RETURNING id, contract_id, period_start`), args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var k key
			if err := rows.Scan(&id, &k.contract, &k.start); err != nil {
				return err
			}
			ids[k] = id
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	var missing []int
	for i := range bills {
		if id, ok := ids[key{bills[i].ContractID, bills[i].PeriodStart}]; ok {
			bills[i].ID, bills[i].Paid, bills[i].PartAmount, bills[i].PaidAt = id, 0, 0, 0
			created[i] = true
		} else {
			missing = append(missing, i)
		}
	}
	// Recorded before (a second run): read back what is stored.
	for _, i := range missing {
		stored, err := scanBill(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+billCols+` FROM commission_bill
 WHERE contract_id = ? AND period_start = ?`), bills[i].ContractID, bills[i].PeriodStart))
		if err != nil {
			return err
		}
		bills[i] = stored
	}
	return nil
}

// setPaid moves bills due or refused for funds to paid (their whole
// amount) and tells which this call moved.
func (s *Store) setPaid(ctx context.Context, ids []int64, at int64) (map[int64]bool, error) {
	moved := make(map[int64]bool, len(ids))
	for lo := 0; lo < len(ids); lo += billChunk {
		chunk := ids[lo:min(lo+billChunk, len(ids))]
		args := []any{BillPaid, at}
		for _, id := range chunk {
			args = append(args, id)
		}
		err := s.db.InTx(ctx, func(tx *db.Tx) error {
			rows, err := tx.QueryContext(ctx, tx.Rebind(`UPDATE commission_bill SET status = ?, paid = amount, paid_at = ?, reason = ''
 WHERE id IN (`+placeholders(len(chunk))+`) AND status IN ('due', 'insufficient_funds') RETURNING id`), args...)
			if err != nil {
				return err
			}
			defer rows.Close()
			for rows.Next() {
				var id int64
				if err := rows.Scan(&id); err != nil {
					return err
				}
				moved[id] = true
			}
			return rows.Err()
		})
		if err != nil {
			return nil, err
		}
	}
	return moved, nil
}

// setBillStatus moves a bill to status when it is in one of from; it tells
// whether this call moved it (another settler may have).
func (s *Store) setBillStatus(ctx context.Context, id int64, status string, paid, paidAt int64, reason string, from ...string) (bool, error) {
	ph := strings.TrimSuffix(strings.Repeat("?, ", len(from)), ", ")
	args := []any{status, paid, paidAt, reason, id}
	for _, f := range from {
		args = append(args, f)
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE commission_bill SET status = ?, paid = ?, paid_at = ?, reason = ?
 WHERE id = ? AND status IN (`+ph+`)`), args...)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// unpaid lists the bills of a type still to pay (recorded, or refused for
// insufficient funds), oldest first.
func (s *Store) unpaid(ctx context.Context, t Type) ([]Bill, error) {
	return s.queryBills(ctx, `SELECT `+billCols+` FROM commission_bill WHERE type = ? AND status IN ('due', 'insufficient_funds')
 ORDER BY id`, string(t))
}

// BillFilter selects bills for a list.
type BillFilter struct {
	PayeeID  int64 // 0: any
	PayerID  int64 // 0 with Platform false: any
	AgentID  int64 // either party (0: any)
	Platform bool  // payer is the platform
	Type     Type
	Status   string
	From, To int64 // period start in [From, To); 0: open
	Offset   int
	Limit    int
}

func (f BillFilter) where() (string, []any) {
	var where []string
	var args []any
	add := func(c string, a ...any) { where, args = append(where, c), append(args, a...) }
	if f.PayeeID != 0 {
		add("payee_id = ?", f.PayeeID)
	}
	if f.PayerID != 0 || f.Platform {
		add("payer_id = ?", f.PayerID)
	}
	if f.AgentID != 0 {
		add("(payer_id = ? OR payee_id = ?)", f.AgentID, f.AgentID)
	}
	if f.Type != "" {
		add("type = ?", string(f.Type))
	}
	if f.Status != "" {
		add("status = ?", f.Status)
	}
	if f.From != 0 {
		add("period_start >= ?", f.From)
	}
	if f.To != 0 {
		add("period_start < ?", f.To)
	}
	if len(where) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(where, " AND "), args
}

// BillSums are the sums of a bill list over every matching bill.
type BillSums struct {
	Amount int64 `json:"amount"`
	Paid   int64 `json:"paid"`
}

func (s *Store) listBills(ctx context.Context, f BillFilter) ([]Bill, int, BillSums, error) {
	w, args := f.where()
	var total int
	var sums BillSums
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COUNT(*), COALESCE(SUM(amount), 0), COALESCE(SUM(paid), 0) FROM commission_bill`+w),
		args...).Scan(&total, &sums.Amount, &sums.Paid); err != nil {
		return nil, 0, sums, err
	}
	list, err := s.queryBills(ctx, `SELECT `+billCols+` FROM commission_bill`+w+` ORDER BY period_start DESC, id DESC LIMIT ? OFFSET ?`,
		append(args, f.Limit, f.Offset)...)
	return list, total, sums, err
}

// IncomeRow is one contract's sums in the income report.
type IncomeRow struct {
	ContractID    int64  `json:"contractId"`
	Type          Type   `json:"type"`
	UplineID      int64  `json:"uplineId"`
	UplineAccount string `json:"uplineAccount"`
	Earned        int64  `json:"earned"`
	Paid          int64  `json:"paid"`
	Pending       int64  `json:"pending"`
}

// income sums the bills paid to an agent per contract, and what it paid
// its downlines, for periods starting in [from, to).
func (s *Store) income(ctx context.Context, agentID, from, to int64) ([]IncomeRow, int64, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT contract_id, type, payer_id, COALESCE(SUM(amount), 0), COALESCE(SUM(paid), 0),
 COALESCE(SUM(CASE WHEN status IN ('due', 'insufficient_funds', 'awaiting_approval') THEN amount - paid ELSE 0 END), 0)
 FROM commission_bill WHERE payee_id = ? AND period_start >= ? AND period_start < ?
 GROUP BY contract_id, type, payer_id ORDER BY contract_id`), agentID, from, to)
	if err != nil {
		return nil, 0, err
	}
	defer rows.Close()
	var out []IncomeRow
	for rows.Next() {
		var r IncomeRow
		if err := rows.Scan(&r.ContractID, &r.Type, &r.UplineID, &r.Earned, &r.Paid, &r.Pending); err != nil {
			return nil, 0, err
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, err
	}
	var paidOut int64
	err = s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT COALESCE(SUM(paid), 0) FROM commission_bill
 WHERE payer_id = ? AND period_start >= ? AND period_start < ?`), agentID, from, to).Scan(&paidOut)
	return out, paidOut, err
}

// setPart records (from 0) or clears (to 0) the partial payment decided for
// a bill at expiry; it tells whether this call changed it.
func (s *Store) setPart(ctx context.Context, id, from, to int64) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE commission_bill SET part_amount = ?
 WHERE id = ? AND part_amount = ? AND status = 'insufficient_funds'`), to, id, from)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}
