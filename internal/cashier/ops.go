package cashier

import (
	"context"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// OpsList pages every member's deposits for the operator queue, each with
// the member's username and risk flags. A username that names no member
// answers an empty page.
func (s *Service) OpsList(ctx context.Context, f Filter) (Page, error) {
	if _, err := s.store.Expire(ctx, 0, s.now()); err != nil {
		return Page{}, err
	}
	if f.Member != "" {
		id, ok, err := s.memberID(ctx, f.Member)
		if err != nil {
			return Page{}, err
		}
		if !ok || (f.MemberID != 0 && f.MemberID != id) {
			return Page{List: []Deposit{}, Page: f.Page, PageSize: f.PageSize}, nil
		}
		f.MemberID = id
	}
	p, err := s.page(ctx, f.MemberID, f)
	if err != nil {
		return Page{}, err
	}
	if err := s.decorate(ctx, p.List); err != nil {
		return Page{}, err
	}
	return p, nil
}

func (s *Service) memberID(ctx context.Context, username string) (int64, bool, error) {
	if s.d.Members == nil {
		return 0, false, nil
	}
	return s.d.Members.MemberIDByUsername(ctx, username)
}

// decorate fills the operators' fields: usernames (one lookup for the
// page) and risk flags.
func (s *Service) decorate(ctx context.Context, list []Deposit) error {
	names := map[int64]string{}
	if s.d.Members != nil && len(list) > 0 {
		ids := make([]int64, 0, len(list))
		seen := map[int64]bool{}
		for _, d := range list {
			if !seen[d.MemberID] {
				seen[d.MemberID] = true
				ids = append(ids, d.MemberID)
			}
		}
		var err error
		if names, err = s.d.Members.Usernames(ctx, ids); err != nil {
			return err
		}
	}
	var above int64
	if c, err := s.brand(ctx); err == nil {
		above = c.Ops.CashierConfirmAbove
	}
	had, err := s.store.HadCredited(ctx, list)
	if err != nil {
		return err
	}
	for i := range list {
		d := &list[i]
		d.NeedsCode = above > 0 && d.Amount > above
		d.MemberAccount = names[d.MemberID]
		d.DecidedBy = d.decidedBy
		d.Risks = []string{}
		if !had[d.ID] {
			d.Risks = append(d.Risks, RiskFirstDeposit)
		}
	}
	return nil
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
	return s.OpsView(ctx, d)
}

// OpsReceipt reads any deposit's receipt.
func (s *Service) OpsReceipt(ctx context.Context, id int64) (Receipt, error) {
	if _, err := s.store.ByID(ctx, id); err != nil {
		return Receipt{}, err
	}
	return s.store.Receipt(ctx, id)
}

// Approve credits a bank deposit waiting for review (key deposit:<id>) and
// writes the audit row. Any other state is cashier.invalid_state. Above the
// brand's ops.cashierConfirmAbove the operator's authenticator code (otp)
// is checked first (operator.Reconfirmer).
func (s *Service) Approve(ctx context.Context, op operator.Caller, id int64, otp string) (Deposit, error) {
	d, err := s.store.ByID(ctx, id)
	if err != nil {
		return Deposit{}, err
	}
	if d.Status != StatusPendingReview {
		return Deposit{}, ErrInvalidState.With("status", d.Status)
	}
	asked, err := s.reconfirm(ctx, op, d.Amount, otp)
	if err != nil {
		return Deposit{}, err
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
		"reconfirmed": asked, "before": map[string]any{"status": d.Status}, "after": map[string]any{"status": out.Status}})
	return s.OpsView(ctx, out)
}

// reconfirm asks for the operator's code when the amount is above the
// brand's ops.cashierConfirmAbove; it reports whether it asked.
func (s *Service) reconfirm(ctx context.Context, op operator.Caller, amount int64, otp string) (bool, error) {
	c, err := s.brand(ctx)
	if err != nil {
		return false, err
	}
	if lim := c.Ops.CashierConfirmAbove; lim <= 0 || amount <= lim {
		return false, nil
	}
	if s.d.Reconfirm == nil {
		return true, apperr.Forbidden("ops.otp_not_enrolled")
	}
	return true, s.d.Reconfirm.Reconfirm(ctx, op, otp)
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

// OpsView fills the read-time fields of a deposit, the operators' too.
func (s *Service) OpsView(ctx context.Context, d Deposit) (Deposit, error) {
	c, err := s.brand(ctx)
	if err != nil {
		return Deposit{}, err
	}
	list := []Deposit{s.view(d, c)}
	if err := s.decorate(ctx, list); err != nil {
		return Deposit{}, err
	}
	return list[0], nil
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
