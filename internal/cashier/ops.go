package cashier

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
)

// OpsList pages every member's deposits for the operator queue.
func (s *Service) OpsList(ctx context.Context, f Filter) (Page, error) {
	if _, err := s.store.Expire(ctx, 0, s.now()); err != nil {
		return Page{}, err
	}
	return s.page(ctx, f.MemberID, f)
}

// OpsGet reads any deposit.
func (s *Service) OpsGet(ctx context.Context, id int64) (Deposit, error) {
	if _, err := s.store.Expire(ctx, 0, s.now()); err != nil {
		return Deposit{}, err
	}
	d, err := s.store.ByID(ctx, id)
	if err != nil {
		return Deposit{}, err
	}
	c, err := s.brand(ctx)
	if err != nil {
		return Deposit{}, err
	}
	return s.view(d, c), nil
}

// OpsReceipt reads any deposit's receipt.
func (s *Service) OpsReceipt(ctx context.Context, id int64) (Receipt, error) {
	if _, err := s.store.ByID(ctx, id); err != nil {
		return Receipt{}, err
	}
	return s.store.Receipt(ctx, id)
}

// Approve credits a bank deposit waiting for review (key deposit:<id>) and
// writes the audit row. Any other state is cashier.invalid_state.
func (s *Service) Approve(ctx context.Context, op operator.Caller, id int64) (Deposit, error) {
	d, err := s.store.ByID(ctx, id)
	if err != nil {
		return Deposit{}, err
	}
	if d.Status != StatusPendingReview {
		return Deposit{}, ErrInvalidState.With("status", d.Status)
	}
	out, ok, err := s.credit(ctx, d, change{DecidedBy: op.ID})
	if err != nil {
		return Deposit{}, err
	}
	if !ok { // someone decided first
		cur, _ := s.store.ByID(ctx, id)
		return Deposit{}, ErrInvalidState.With("status", cur.Status)
	}
	s.audit(ctx, op, "deposit.approve", d, map[string]any{"amount": d.Amount, "currency": d.Currency, "orderNo": d.OrderNo,
		"before": map[string]any{"status": d.Status}, "after": map[string]any{"status": out.Status}})
	return s.OpsView(ctx, out)
}

// Reject refuses a bank deposit waiting for review with a reason (3..200
// characters) shown to the member, and writes the audit row.
func (s *Service) Reject(ctx context.Context, op operator.Caller, id int64, reason string) (Deposit, error) {
	reason = strings.TrimSpace(reason)
	if n := utf8.RuneCountInString(reason); n < ReasonMin || n > ReasonMax || !printable(reason) {
		return Deposit{}, ErrReason
	}
	d, err := s.store.ByID(ctx, id)
	if err != nil {
		return Deposit{}, err
	}
	if d.Status != StatusPendingReview {
		return Deposit{}, ErrInvalidState.With("status", d.Status)
	}
	ok, err := s.store.Transition(ctx, id, StatusPendingReview, StatusRejected, change{Reason: reason, DecidedBy: op.ID}, s.now())
	if err != nil {
		return Deposit{}, err
	}
	if !ok {
		cur, _ := s.store.ByID(ctx, id)
		return Deposit{}, ErrInvalidState.With("status", cur.Status)
	}
	s.notice(ctx, d, notify.KindDepositRejected, reason)
	s.audit(ctx, op, "deposit.reject", d, map[string]any{"amount": d.Amount, "currency": d.Currency, "orderNo": d.OrderNo, "reason": reason,
		"before": map[string]any{"status": d.Status}, "after": map[string]any{"status": StatusRejected}})
	out, err := s.store.ByID(ctx, id)
	if err != nil {
		return Deposit{}, err
	}
	return s.OpsView(ctx, out)
}

// OpsView fills the read-time fields of a deposit.
func (s *Service) OpsView(ctx context.Context, d Deposit) (Deposit, error) {
	c, err := s.brand(ctx)
	if err != nil {
		return Deposit{}, err
	}
	return s.view(d, c), nil
}

// audit writes the operator's audit row. The decision has been made by
// then, so a failure is logged loudly rather than undoing it.
func (s *Service) audit(ctx context.Context, op operator.Caller, action string, d Deposit, detail map[string]any) {
	if s.d.Auditor == nil {
		return
	}
	if err := s.d.Auditor.Audit(ctx, op, action, "deposit:"+strconv.FormatInt(d.ID, 10), detail); err != nil {
		s.d.Logger.ErrorContext(ctx, "operator audit not written", "action", action, "deposit", d.ID, "err", err)
	}
}
