package cashier

import (
	"context"
	"fmt"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
)

// Bench data only (`palaro bench seed-members`): deposits written straight
// into cashier_deposit by the database itself, one brand day per call.
// They move no money (no ledger postings, no facts).

// BenchDay is one day of generated deposits. Deposit j of the day (0 ≤ j
// < Count) is member FirstMember + (Day·Stride + 7j mod Active) mod
// Members's, of 100..2,000 (major units), at Start + j·Span/Count ms,
// every other one by bank transfer; 90 % CREDITED, the rest EXPIRED,
// REJECTED or FAILED, except the day's last Pending, which wait
// (PENDING_REVIEW, or PENDING_PAYMENT until Expires).
type BenchDay struct {
	Seq         int64 // order BD<Seq+j>
	Count       int
	Pending     int
	Day         int
	Active      int
	Stride      int
	Members     int
	FirstMember int64
	Start, Span int64
	Expires     int64
}

// Rows is a WITH clause naming r(j, member_id, amount, status,
// method_type, at, counted): the day's deposits, counted 1 when credited.
func (b BenchDay) Rows(dialect db.Dialect) string {
	g := fmt.Sprintf(`WITH RECURSIVE g(j) AS (SELECT 0 UNION ALL SELECT j + 1 FROM g WHERE j < %d)`, b.Count-1)
	if dialect == db.Postgres {
		g = fmt.Sprintf(`WITH g(j) AS (SELECT generate_series(0::bigint, %d::bigint))`, b.Count-1)
	}
	return g + fmt.Sprintf(`, r0(j, status) AS (SELECT j, CASE WHEN j >= %d THEN CASE j %% 2 WHEN 0 THEN '%s' ELSE '%s' END
  WHEN j %% 100 < 90 THEN '%s' WHEN j %% 100 < 95 THEN '%s' WHEN j %% 100 < 98 THEN '%s' ELSE '%s' END FROM g),
 r(j, member_id, amount, status, method_type, at, counted) AS (SELECT j, %d + (%d * %d + (j * 7) %% %d) %% %d, 10000 * (1 + j %% 20), status,
  CASE j %% 2 WHEN 0 THEN 'BANK' ELSE 'ONLINE' END, %d + j * %d / %d, CASE WHEN status = '%s' THEN 1 ELSE 0 END FROM r0) `,
		b.Count-b.Pending, StatusPendingReview, StatusPendingPayment, StatusCredited, StatusExpired, StatusRejected, StatusFailed,
		b.FirstMember, b.Day, b.Stride, b.Active, b.Members, b.Start, b.Span, b.Count, StatusCredited)
}

// BenchSeedDeposits writes the day's deposits in tx.
func BenchSeedDeposits(ctx context.Context, tx *db.Tx, b BenchDay, currency string) error {
	q := b.Rows(tx.Dialect()) + fmt.Sprintf(`INSERT INTO cashier_deposit (order_no, member_id, idempotency_key, request_hash, method, method_type,
 provider, amount, currency, status, reference, decided_by, created_at, updated_at, expires_at)
 SELECT 'BD' || (%d + j), member_id, 'bench' || (%d + j), '', CASE method_type WHEN 'BANK' THEN 'BDO' ELSE 'GCASH' END, method_type,
 CASE method_type WHEN 'BANK' THEN '' ELSE 'bench' END, amount, '%s', status, CASE method_type WHEN 'BANK' THEN 'REF' || j ELSE '' END,
 0, at, at, CASE WHEN status = '%s' THEN %d ELSE 0 END FROM r`, b.Seq, b.Seq, currency, StatusPendingPayment, b.Expires)
	if _, err := tx.ExecContext(ctx, q); err != nil {
		return apperr.Internal(err, "bench deposits")
	}
	return nil
}
