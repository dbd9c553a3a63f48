package withdraw

import (
	"context"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/payment"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/money"
)

// Operator side: the review queue, decisions, payout through the provider,
// and the sweeper that finishes what a crash or a slow provider left.

// opsView is an order as operators see it (full account number; p: its
// page's shared reads).
func (s *Service) opsView(ctx context.Context, o order, p *riskPage) (OpsWithdrawal, error) {
	w, err := s.view(ctx, o)
	if err != nil {
		return OpsWithdrawal{}, err
	}
	w.Account.AccountNumber = o.AccountNumber
	name := p.members[o.MemberID].Account
	risks, err := s.risks(o, p)
	if err != nil {
		return OpsWithdrawal{}, err
	}
	needsCode := p.cfg.Ops.CashierConfirmAbove > 0 && o.Amount > p.cfg.Ops.CashierConfirmAbove
	return OpsWithdrawal{Withdrawal: w, MemberID: o.MemberID, MemberAccount: name, HoldState: o.HoldState,
		Provider: o.Provider, ProviderRef: o.ProviderRef, ReviewedBy: o.ReviewedBy, Risks: risks, NeedsCode: needsCode}, nil
}

// OpsList is a page of every member's withdrawals, or of one member's
// (f.MemberID).
func (s *Service) OpsList(ctx context.Context, f ListFilter) (Page[OpsWithdrawal], error) {
	if err := s.forceDue(ctx); err != nil {
		return Page[OpsWithdrawal]{}, err
	}
	if f.Member != "" {
		m, err := s.members.MemberByAccount(ctx, f.Member)
		if apperr.As(err).Kind == apperr.KindNotFound || (err == nil && f.MemberID != 0 && f.MemberID != m.ID) {
			return Page[OpsWithdrawal]{List: []OpsWithdrawal{}, Page: f.Page, PageSize: f.PageSize}, nil
		}
		if err != nil {
			return Page[OpsWithdrawal]{}, err
		}
		f.MemberID = m.ID
	}
	list, total, capped, err := s.store.Orders(ctx, f)
	if err != nil {
		return Page[OpsWithdrawal]{}, err
	}
	out := Page[OpsWithdrawal]{List: make([]OpsWithdrawal, 0, len(list)), Total: total, TotalCapped: capped, Page: f.Page, PageSize: f.PageSize}
	p, err := s.newRiskPage(ctx, list)
	if err != nil {
		return Page[OpsWithdrawal]{}, err
	}
	for _, o := range list {
		w, err := s.opsView(ctx, o, p)
		if err != nil {
			return Page[OpsWithdrawal]{}, err
		}
		out.List = append(out.List, w)
	}
	return out, nil
}

// OpsGet is one withdrawal for an operator.
func (s *Service) OpsGet(ctx context.Context, id int64) (OpsWithdrawal, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return OpsWithdrawal{}, err
	}
	if o.Status == StatusNew {
		return OpsWithdrawal{}, apperr.NotFound("withdraw.not_found")
	}
	p, err := s.newRiskPage(ctx, []order{o})
	if err != nil {
		return OpsWithdrawal{}, err
	}
	return s.opsView(ctx, o, p)
}

// OpsProof is a withdrawal's proof image for an operator.
func (s *Service) OpsProof(ctx context.Context, id int64) (Proof, error) {
	if _, err := s.OpsGet(ctx, id); err != nil {
		return Proof{}, err
	}
	return s.store.Proof(ctx, id)
}

func (s *Service) audit(ctx context.Context, op operator.Caller, action string, o order, detail map[string]any) {
	if s.auditor == nil {
		return
	}
	if detail == nil {
		detail = map[string]any{}
	}
	detail["orderNo"] = o.OrderNo
	detail["amount"] = o.Amount
	detail["memberId"] = o.MemberID
	if err := s.auditor.Audit(ctx, op, action, "withdrawal:"+strconv.FormatInt(o.ID, 10), detail); err != nil {
		s.logger.ErrorContext(ctx, "withdraw: audit", "action", action, "order", o.ID, "err", err)
	}
}

func (s *Service) notice(ctx context.Context, o order, kind string, extra map[string]string) {
	if s.notifier == nil {
		return
	}
	params := map[string]string{"amount": money.Format(o.Amount, o.Decimals), "currency": o.Currency, "orderNo": o.OrderNo}
	for k, v := range extra {
		params[k] = v
	}
	if err := s.notifier.Notify(ctx, o.MemberID, notify.Notice{Kind: kind, Params: params}); err != nil {
		s.logger.WarnContext(ctx, "withdraw: notify", "kind", kind, "order", o.ID, "err", err)
	}
}

// decide moves a PENDING_REVIEW order, or says why it cannot.
func (s *Service) decide(ctx context.Context, op operator.Caller, id int64, to string, c change) (order, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return o, err
	}
	if o.Status == StatusNew {
		return o, apperr.NotFound("withdraw.not_found")
	}
	if o.Status == StatusPendingReview {
		// The decision keeps the flags the operator decided on; without
		// them (a read failed) they are worked out whenever it is read.
		p, err := s.newRiskPage(ctx, []order{o})
		if err == nil {
			c.Risks, err = s.risks(o, p)
		}
		if err != nil {
			s.logger.WarnContext(ctx, "withdraw: risk flags at the decision", "order", o.ID, "err", err)
		}
	}
	now := s.clock.Now()
	c.ReviewedBy, c.ReviewedAt = op.ID, now.UnixMilli()
	ok, err := s.store.Transition(ctx, id, []string{StatusPendingReview}, to, c, now)
	if err != nil {
		return o, err
	}
	if !ok {
		cur, err := s.store.Order(ctx, id)
		if err != nil {
			return o, err
		}
		return o, apperr.Conflict("withdraw.invalid_state").With("status", cur.Status)
	}
	return s.store.Order(ctx, id)
}

// Approve accepts a withdrawal and pays it out through the provider. The
// answer shows where the payout got to: PAID, PAYOUT_FAILED (hold
// released), PAYING (the provider has not answered yet; the sweeper asks
// again) or APPROVED (no payout provider configured). Above the brand's
// ops.cashierConfirmAbove the operator's authenticator code (otp) is
// checked first.
func (s *Service) Approve(ctx context.Context, op operator.Caller, id int64, otp string) (OpsWithdrawal, error) {
	asked, err := s.reconfirm(ctx, op, id, otp)
	if err != nil {
		return OpsWithdrawal{}, err
	}
	o, err := s.decide(ctx, op, id, StatusApproved, change{})
	if err != nil {
		return OpsWithdrawal{}, err
	}
	s.audit(ctx, op, "withdrawal.approve", o, map[string]any{"reconfirmed": asked, "before": map[string]any{"status": StatusPendingReview},
		"after": map[string]any{"status": o.Status}})
	s.notice(ctx, o, NoticeApproved, nil)
	if err := s.payout(ctx, o); err != nil {
		s.logger.ErrorContext(ctx, "withdraw: payout", "order", o.ID, "err", err)
	}
	return s.OpsGet(ctx, id)
}

// reconfirm asks for the operator's code when the order waits for review
// and its amount is above the brand's ops.cashierConfirmAbove (an order
// already decided is left to decide's answer); it reports whether it asked.
func (s *Service) reconfirm(ctx context.Context, op operator.Caller, id int64, otp string) (bool, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil || o.Status != StatusPendingReview {
		return false, nil
	}
	c, err := s.brandConfig(ctx)
	if err != nil {
		return false, err
	}
	if lim := c.Ops.CashierConfirmAbove; lim <= 0 || o.Amount <= lim {
		return false, nil
	}
	if s.confirm == nil {
		return true, apperr.Forbidden("ops.otp_not_enrolled")
	}
	return true, s.confirm.Reconfirm(ctx, op, otp)
}

// Reject refuses a withdrawal with a reason and releases its hold.
func (s *Service) Reject(ctx context.Context, op operator.Caller, id int64, reason string) (OpsWithdrawal, error) {
	reason = strings.TrimSpace(reason)
	if n := utf8.RuneCountInString(reason); n < 3 || n > 200 {
		return OpsWithdrawal{}, apperr.Invalid("withdraw.invalid_reason").With("min", 3).With("max", 200)
	}
	o, err := s.decide(ctx, op, id, StatusRejected, change{RejectReason: reason})
	if err != nil {
		return OpsWithdrawal{}, err
	}
	if err := s.release(ctx, o); err != nil {
		return OpsWithdrawal{}, err
	}
	s.audit(ctx, op, "withdrawal.reject", o, map[string]any{"reason": reason, "before": map[string]any{"status": StatusPendingReview},
		"after": map[string]any{"status": o.Status}})
	s.notice(ctx, o, NoticeRejected, map[string]string{"reason": reason})
	return s.OpsGet(ctx, id)
}

// FullPayment closes a PARTIALLY_RECEIVED or NOT_RECEIVED withdrawal after
// the operator settled the difference with the player outside the
// platform. No money moves here: the whole amount left the ledger at payout.
func (s *Service) FullPayment(ctx context.Context, op operator.Caller, id int64) (OpsWithdrawal, error) {
	o, err := s.store.Order(ctx, id)
	if err != nil {
		return OpsWithdrawal{}, err
	}
	if o.Status == StatusNew {
		return OpsWithdrawal{}, apperr.NotFound("withdraw.not_found")
	}
	now := s.clock.Now()
	ok, err := s.store.Transition(ctx, id, []string{StatusPartiallyReceived, StatusNotReceived}, StatusFullPayment, change{}, now)
	if err != nil {
		return OpsWithdrawal{}, err
	}
	if !ok {
		return OpsWithdrawal{}, apperr.Conflict("withdraw.invalid_state").With("status", o.Status)
	}
	s.audit(ctx, op, "withdrawal.full_payment", o, map[string]any{"from": o.Status, "before": map[string]any{"status": o.Status},
		"after": map[string]any{"status": StatusFullPayment}})
	return s.OpsGet(ctx, id)
}

// release posts withdrawal_hold -> main for a refused order (idempotent:
// one key per order) and records that the money is back.
func (s *Service) release(ctx context.Context, o order) error {
	if o.HoldState != HoldHeld {
		return nil
	}
	main, err := s.ledger.EnsureAccount(ctx, ledger.PlayerMain(o.MemberID, o.Currency))
	if err != nil {
		return err
	}
	held, err := s.holdAccount(ctx, o.MemberID, o.Currency)
	if err != nil {
		return err
	}
	if _, err := s.wallet.Post(ctx, ledger.PostingRequest{
		Key:  keyRelease + strconv.FormatInt(o.ID, 10),
		Kind: ledger.KindWithdrawalRelease,
		Lines: []ledger.Line{
			{AccountID: held.ID, Amount: -o.Amount, Currency: o.Currency},
			{AccountID: main.ID, Amount: o.Amount, Currency: o.Currency},
		},
		Metadata: map[string]string{"withdrawal": strconv.FormatInt(o.ID, 10), "orderNo": o.OrderNo},
		Facts: []activity.Fact{{Key: keyRelease + strconv.FormatInt(o.ID, 10), Kind: activity.WithdrawalReleased,
			MemberID: o.MemberID, Currency: o.Currency, Amount: o.Amount, Ref: o.OrderNo, At: s.clock.Now()}},
	}); err != nil {
		return err
	}
	return s.store.SetHold(ctx, o.ID, HoldHeld, HoldReleased, s.clock.Now())
}

// payout sends an APPROVED (or still PAYING) order to the provider and
// settles what it answers.
func (s *Service) payout(ctx context.Context, o order) error {
	if s.payouts == nil {
		return nil // stays APPROVED until a provider is configured
	}
	now := s.clock.Now()
	if o.Status == StatusApproved {
		ok, err := s.store.Transition(ctx, o.ID, []string{StatusApproved}, StatusPaying, change{Provider: s.payouts.Code()}, now)
		if err != nil || !ok {
			return err
		}
		// The payout posting's metadata names the provider, as it will when
		// the sweeper finishes this order from its row after a crash.
		o.Status, o.Provider = StatusPaying, s.payouts.Code()
	}
	if o.Status != StatusPaying {
		return nil
	}
	res, err := s.payouts.CreatePayout(ctx, payment.PayoutRequest{
		OrderNo: o.OrderNo, Amount: o.Amount, Currency: o.Currency, Decimals: o.Decimals,
		Account: payment.PayoutAccount{Type: o.AccountType, BankCode: o.BankCode, AccountName: o.AccountName, AccountNumber: o.AccountNumber},
	})
	if err != nil {
		return err // stays PAYING; the sweeper asks the provider later
	}
	return s.settle(ctx, o, res)
}

// poll asks the provider about a PAYING order.
func (s *Service) poll(ctx context.Context, o order) error {
	if s.payouts == nil {
		return nil
	}
	res, err := s.payouts.PayoutStatus(ctx, o.OrderNo)
	if err != nil {
		if apperr.As(err).Kind == apperr.KindNotFound { // never reached the provider: send it (idempotent by order number)
			return s.payout(ctx, o)
		}
		return err
	}
	return s.settle(ctx, o, res)
}

// settle applies the provider's answer to a PAYING order.
func (s *Service) settle(ctx context.Context, o order, res payment.PayoutResult) error {
	now := s.clock.Now()
	switch res.Status {
	case payment.StatusPaid:
		if err := s.payOut(ctx, o); err != nil {
			return err
		}
		ok, err := s.store.Transition(ctx, o.ID, []string{StatusPaying}, StatusPaid,
			change{HoldState: HoldPaidOut, PaidAt: now.UnixMilli(), ProviderRef: res.ProviderRef}, now)
		if err != nil {
			return err
		}
		if ok {
			s.notice(ctx, o, NoticePaid, nil)
		}
	case payment.StatusFailed:
		ok, err := s.store.Transition(ctx, o.ID, []string{StatusPaying}, StatusPayoutFailed, change{ProviderRef: res.ProviderRef}, now)
		if err != nil || !ok {
			return err
		}
		if err := s.release(ctx, o); err != nil {
			return err
		}
	default: // PENDING: keep the reference, ask again on the next sweep
		if res.ProviderRef != "" && o.ProviderRef == "" {
			_, err := s.store.Transition(ctx, o.ID, []string{StatusPaying}, StatusPaying, change{ProviderRef: res.ProviderRef}, now)
			return err
		}
	}
	return nil
}

// payOut posts withdrawal_hold -> payment clearing (the money left with the
// provider).
func (s *Service) payOut(ctx context.Context, o order) error {
	held, err := s.holdAccount(ctx, o.MemberID, o.Currency)
	if err != nil {
		return err
	}
	clearing, err := s.ledger.EnsureAccount(ctx, ledger.System(ledger.PurposePaymentClearing, o.Currency))
	if err != nil {
		return err
	}
	_, err = s.wallet.Post(ctx, ledger.PostingRequest{
		Key:  keyPayout + strconv.FormatInt(o.ID, 10),
		Kind: ledger.KindWithdrawal,
		Lines: []ledger.Line{
			{AccountID: held.ID, Amount: -o.Amount, Currency: o.Currency},
			{AccountID: clearing.ID, Amount: o.Amount, Currency: o.Currency},
		},
		Metadata: map[string]string{"withdrawal": strconv.FormatInt(o.ID, 10), "orderNo": o.OrderNo, "provider": o.Provider},
		Facts: []activity.Fact{{Key: keyPayout + strconv.FormatInt(o.ID, 10), Kind: activity.WithdrawalPaid,
			MemberID: o.MemberID, Currency: o.Currency, Amount: o.Amount, Ref: o.OrderNo, Detail: o.Provider, At: s.clock.Now()}},
	})
	return err
}

// --- sweeper ---

// Run sweeps every SweepInterval until ctx ends (started by cmd/palaro with
// the server's context).
func (s *Service) Run(ctx context.Context) {
	t := time.NewTicker(s.cfg.SweepInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := s.Sweep(ctx); err != nil && ctx.Err() == nil {
				s.logger.ErrorContext(ctx, "withdraw: sweep", "err", err)
			}
		}
	}
}

// Sweep applies forced receipt (the brand setting is read each time, so a
// change applies without a restart) and finishes stuck orders.
func (s *Service) Sweep(ctx context.Context) error {
	d, err := s.forcedReceipt(ctx)
	if err != nil {
		return err
	}
	now := s.clock.Now()
	if n, err := s.store.ForceReceipts(ctx, now.Add(-d), now); err != nil {
		return err
	} else if n > 0 {
		s.logger.InfoContext(ctx, "withdraw: forced receipts", "orders", n)
	}
	stuck, err := s.store.Stuck(ctx, now.Add(-s.cfg.StuckAfter), s.payouts != nil, 500)
	if err != nil {
		return err
	}
	for _, o := range stuck {
		if ctx.Err() != nil {
			return nil
		}
		var err error
		switch o.Status {
		case StatusNew:
			err = s.hold(ctx, o)
		case StatusApproved:
			err = s.payout(ctx, o)
		case StatusPaying:
			err = s.poll(ctx, o)
		case StatusRejected, StatusPayoutFailed:
			err = s.release(ctx, o)
		}
		if err != nil {
			s.logger.WarnContext(ctx, "withdraw: finish order", "order", o.ID, "status", o.Status, "err", err)
		}
	}
	return nil
}
