package cashier

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// reportMaxDays bounds the cashier report's period.
const reportMaxDays = 366

// Report is how deposits went for orders made in [from, to): by status,
// and the operators' decisions on bank deposits (approved: credited or being credited;
// time to decision: order to decision, the order's last change).
func (s *Service) Report(ctx context.Context, from, to time.Time) (operator.QueueReport, error) {
	q := operator.QueueReport{From: from.UnixMilli(), To: to.UnixMilli()}
	rows, err := s.store.db.QueryContext(ctx, s.store.db.Rebind(`SELECT status, COUNT(*), COALESCE(SUM(amount), 0) FROM cashier_deposit
 WHERE created_at >= ? AND created_at < ? GROUP BY status ORDER BY status`), q.From, q.To)
	if err != nil {
		return q, fmt.Errorf("deposit report: %w", err)
	}
	for rows.Next() {
		var c operator.StatusCount
		if err := rows.Scan(&c.Status, &c.Count, &c.Amount); err != nil {
			rows.Close()
			return q, err
		}
		q.Count += c.Count
		q.Amount += c.Amount
		q.ByStatus = append(q.ByStatus, c)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return q, err
	}
	rows, err = s.store.db.QueryContext(ctx, s.store.db.Rebind(`SELECT decided_by,
 SUM(CASE WHEN status = ? THEN 0 ELSE 1 END), SUM(CASE WHEN status = ? THEN 1 ELSE 0 END), SUM(updated_at - created_at)
 FROM cashier_deposit WHERE created_at >= ? AND created_at < ? AND decided_by > 0 AND status IN (?, ?, ?)
 GROUP BY decided_by ORDER BY decided_by`), StatusRejected, StatusRejected, q.From, q.To, StatusCredited, StatusCrediting, StatusRejected)
	if err != nil {
		return q, fmt.Errorf("deposit report: %w", err)
	}
	defer rows.Close()
	var total int64
	var per []int64
	for rows.Next() {
		var o operator.OperatorDecisions
		var ms int64
		if err := rows.Scan(&o.OperatorID, &o.Approved, &o.Rejected, &ms); err != nil {
			return q, err
		}
		q.Decided.Approved += o.Approved
		q.Decided.Rejected += o.Rejected
		total += ms
		per = append(per, ms)
		q.ByOperator = append(q.ByOperator, o)
	}
	if err := rows.Err(); err != nil {
		return q, err
	}
	q.Finish(total, per)
	return q, nil
}

// location is the brand's time zone (UTC when the brand cannot be read).
func (s *Service) location(ctx context.Context) *time.Location {
	if s.d.Brand != nil {
		if c, err := s.d.Brand.Current(ctx); err == nil {
			return c.Info.Location()
		}
	}
	return time.UTC
}

func (h *OpsHandler) report(w http.ResponseWriter, r *http.Request) {
	if _, ok := h.guard.Require(w, r, OpsRoutePerms["GET /ops/v1/cashier/deposits/report"]); !ok {
		return
	}
	from, to, err := httpx.DayRange(r, h.svc.location(r.Context()), h.svc.now(), reportMaxDays)
	if err != nil {
		httpx.Fail(w, r, err)
		return
	}
	rep, err := h.svc.Report(r.Context(), from, to)
	httpx.Respond(w, r, rep, err)
}
