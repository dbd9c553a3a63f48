package withdraw

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Bench data only (`palaro bench seed-members`): payout accounts and
// withdrawals written straight into withdraw_account and withdraw_order by
// the database itself. They move no money (no ledger postings, no facts).

// BenchSeedAccounts gives every fourth member (offsets 0, 4, 8, … from
// first) an e-wallet payout account, 09<offset, 9 digits>, id base +
// offset/4, added at created (ms).
func BenchSeedAccounts(ctx context.Context, tx *db.Tx, base, first int64, from, to int, created int64) error {
	g := fmt.Sprintf(`WITH RECURSIVE g(i) AS (SELECT %d UNION ALL SELECT i + 4 FROM g WHERE i + 4 <= %d) `, from, to)
	num := `'09' || substr('000000000' || i, -9, 9)`
	if tx.Dialect() == db.Postgres {
		g = fmt.Sprintf(`WITH g(i) AS (SELECT generate_series(%d::bigint, %d::bigint, 4)) `, from, to)
		num = `'09' || lpad(i::text, 9, '0')`
	}
	_, err := tx.ExecContext(ctx, g+fmt.Sprintf(`INSERT INTO withdraw_account (id, member_id, type, bank_code, account_name, account_number, created_at)
 SELECT %d + i / 4, %d + i, '%s', 'GCASH', 'Bench Member ' || i, %s, %d FROM g`, base, first, TypeEWallet, num, created))
	if err != nil {
		return apperr.Internal(err, "bench payout accounts")
	}
	return nil
}

// BenchDay is one day of generated withdrawals. Withdrawal j of the day
// (0 ≤ j < Count) is asked for by the member at offset (Day·Stride + 11j mod
// Active) mod Members rounded down to a multiple of 4 (one with a payout
// account), 500..5,000 (major units), at Start + j·Span/Count ms; 2 %
// REJECTED, the rest RECEIVED (paid 10 minutes later), except the day's
// last Pending: PENDING_REVIEW, and every fifth of them APPROVED.
type BenchDay struct {
	Seq         int64 // order BW<Seq+j>
	Count       int
	Pending     int
	Day         int
	Active      int
	Stride      int
	Members     int
	FirstMember int64
	Start, Span int64
}

// Rows is a WITH clause naming r(j, off, member_id, amount, status, at,
// counted): the day's withdrawals, counted 1 when paid.
func (b BenchDay) Rows(dialect db.Dialect) string {
	g := fmt.Sprintf(`WITH RECURSIVE g(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM g WHERE j < %d)`, b.Count-1)
	if dialect == db.Postgres {
		g = fmt.Sprintf(`WITH g(j) AS (SELECT generate_series(0::bigint, %d::bigint))`, b.Count-1)
	}
	return g + fmt.Sprintf(`, r0(j, off, status) AS (SELECT j, (%d * %d + (j * 11) %% %d) %% %d / 4 * 4,
  CASE WHEN j >= %d THEN CASE WHEN j %% 5 = 0 THEN '%s' ELSE '%s' END WHEN j %% 50 = 0 THEN '%s' ELSE '%s' END FROM g),
 r(j, off, member_id, amount, status, at, counted) AS (SELECT j, off, %d + off, 50000 * (1 + j %% 10), status, %d + j * %d / %d,
  CASE WHEN status = '%s' THEN 1 ELSE 0 END FROM r0) `,
		b.Day, b.Stride, b.Active, b.Members, b.Count-b.Pending, StatusApproved, StatusPendingReview, StatusRejected, StatusReceived,
		b.FirstMember, b.Start, b.Span, b.Count, StatusReceived)
}

// BenchSeedOrders writes the day's withdrawals in tx; the payout account
// of the member at offset o is account firstAccount + o/4.
func BenchSeedOrders(ctx context.Context, tx *db.Tx, b BenchDay, currency string, decimals int, firstAccount int64) error {
	num := `'09' || substr('000000000' || off, -9, 9)`
	if tx.Dialect() == db.Postgres {
		num = `'09' || lpad(off::text, 9, '0')`
	}
	q := b.Rows(tx.Dialect()) + fmt.Sprintf(`INSERT INTO withdraw_order (order_no, member_id, idempotency_key, request_hash, status, hold_state,
 amount, currency, decimals, received_amount, account_id, account_type, bank_code, account_name, account_number, provider, provider_ref,
 reviewed_by, created_at, updated_at, reviewed_at, paid_at, confirmed_at)
 SELECT 'BW' || (%d + j), member_id, 'bench' || (%d + j), '', status,
 CASE status WHEN '%s' THEN 'PAID_OUT' WHEN '%s' THEN 'RELEASED' ELSE 'HELD' END,
 amount, '%s', %d, CASE WHEN status = '%s' THEN amount ELSE 0 END, %d + off / 4, '%s', 'GCASH', 'Bench Member ' || off, %s,
 CASE WHEN status = '%s' THEN 'bench' ELSE '' END, CASE WHEN status = '%s' THEN 'P' || j ELSE '' END,
 0, at, at, CASE WHEN status IN ('%s', '%s', '%s') THEN at + 300000 ELSE 0 END,
 CASE WHEN status = '%s' THEN at + 600000 ELSE 0 END, CASE WHEN status = '%s' THEN at + 3600000 ELSE 0 END FROM r`,
		b.Seq, b.Seq, StatusReceived, StatusRejected, currency, decimals, StatusReceived, firstAccount, TypeEWallet, num,
		StatusReceived, StatusReceived, StatusReceived, StatusRejected, StatusApproved, StatusReceived, StatusReceived)
	if _, err := tx.ExecContext(ctx, q); err != nil {
		return apperr.Internal(err, "bench withdrawals")
	}
	return nil
}

// BenchAccountBase is the id of the next payout account.
func BenchAccountBase(ctx context.Context, d *db.DB) (int64, error) {
	var n int64
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM withdraw_account`).Scan(&n); err != nil {
		return 0, apperr.Internal(err, "max payout account id")
	}
	return n, nil
}

// BenchSequences moves PostgreSQL's id sequence of the payout accounts past
// the generated ids.
func BenchSequences(ctx context.Context, d *db.DB) error {
	if d.Dialect != db.Postgres {
		return nil
	}
	_, err := d.ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('withdraw_account', 'id'), (SELECT MAX(id) FROM withdraw_account))`)
	return err
}
