package wallet

import (
	"context"
	"strconv"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/vendorwallet"
)

// Running and settling transfers: the vendor calls, the postings that
// follow their outcome, and the status checks of PENDING transfers
// (docs/ledger.md, "Transfer wallets").

// process runs a new transfer as far as it can go now.
func (t *Transfers) process(ctx context.Context, tr Transfer, w vendorwallet.Wallet) Transfer {
	// The vendor's answer must be recorded even when the browser goes away.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), vendorCallTimeout)
	defer cancel()
	player := vendorwallet.Player{ID: tr.player, Currency: tr.Currency}
	if tr.direction == DirectionIn {
		if _, err := t.debit(ctx, tr); err != nil {
			if ae := apperr.As(err); ae.Kind != apperr.KindInternal {
				return t.finish(ctx, tr, TransferFailed, ae.Code) // refused by the ledger: nothing moved
			}
			t.logger.ErrorContext(ctx, "transfer debit", "transfer", tr.ID, "err", err)
			return t.lost(ctx, tr)
		}
		res, err := w.Deposit(ctx, player, tr.Amount, tr.txID)
		if err != nil {
			t.logger.WarnContext(ctx, "transfer deposit: outcome unknown", "transfer", tr.ID, "vendor", tr.Vendor, "err", err)
			return t.lost(ctx, tr)
		}
		return t.apply(ctx, tr, res.Status, res.Code)
	}
	res, err := w.Withdraw(ctx, player, tr.Amount, tr.txID)
	if err != nil {
		t.logger.WarnContext(ctx, "transfer withdraw: outcome unknown", "transfer", tr.ID, "vendor", tr.Vendor, "err", err)
		return t.lost(ctx, tr)
	}
	return t.apply(ctx, tr, res.Status, res.Code)
}

// apply records a definite vendor outcome: the money moves on our side to
// match the vendor (IN failed: back to main; OUT succeeded: into main).
func (t *Transfers) apply(ctx context.Context, tr Transfer, status vendorwallet.Status, vendorCode string) Transfer {
	switch {
	case status == vendorwallet.StatusSuccess && tr.direction == DirectionIn:
		return t.finish(ctx, tr, TransferSuccess, "")
	case status == vendorwallet.StatusSuccess:
		if err := t.credit(ctx, tr); err != nil {
			t.logger.ErrorContext(ctx, "transfer credit", "transfer", tr.ID, "err", err)
			return t.lost(ctx, tr) // the status call will find SUCCESS and credit again (same key)
		}
		return t.finish(ctx, tr, TransferSuccess, "")
	case tr.direction == DirectionIn:
		if err := t.refundIfDebited(ctx, tr); err != nil {
			t.logger.ErrorContext(ctx, "transfer refund", "transfer", tr.ID, "err", err)
			return t.lost(ctx, tr)
		}
		return t.finish(ctx, tr, TransferFailed, failureCode(status, vendorCode))
	default:
		return t.finish(ctx, tr, TransferFailed, failureCode(status, vendorCode))
	}
}

// failureCode maps a vendor refusal to an error code the browser translates.
func failureCode(status vendorwallet.Status, vendorCode string) string {
	switch {
	case status == vendorwallet.StatusNotFound || vendorCode == vendorwallet.CodeTxClosed:
		return "wallet.vendor_not_received"
	case vendorCode == vendorwallet.CodeInsufficientFunds:
		return "wallet.vendor_insufficient_funds"
	}
	return "wallet.vendor_declined"
}

// The postings of a transfer. Keys: transfer:<memberID>:<Idempotency-Key>
// (plus :<vendor> for an all-back), and :refund for a failed IN's return.
func (t *Transfers) postingRequest(ctx context.Context, tr Transfer, key string, toMain bool, reason string) (ledger.PostingRequest, error) {
	main, err := t.wallet.ensure(ctx, ledger.PlayerMain(tr.memberID, tr.Currency))
	if err != nil {
		return ledger.PostingRequest{}, err
	}
	float, err := t.wallet.ensure(ctx, ledger.System(ledger.PurposeVendorFloat, tr.Currency))
	if err != nil {
		return ledger.PostingRequest{}, err
	}
	sign := int64(-1)
	if toMain {
		sign = 1
	}
	meta := map[string]string{"transferId": strconv.FormatInt(tr.ID, 10), "vendor": tr.Vendor, "direction": tr.direction}
	if reason != "" {
		meta["reason"] = reason
	}
	// The fact says which way the money moved for the member: out of main
	// (to the vendor) or back in (the vendor paid out, or a refused IN's
	// refund, whose Detail is its reason).
	kind := activity.TransferOut
	if toMain {
		kind = activity.TransferIn
	}
	return ledger.PostingRequest{Key: key, Kind: ledger.KindTransfer, Metadata: meta, Lines: []ledger.Line{
		{AccountID: main.ID, Amount: sign * tr.Amount, Currency: tr.Currency},
		{AccountID: float.ID, Amount: -sign * tr.Amount, Currency: tr.Currency},
	}, Facts: []activity.Fact{{Key: key, Kind: kind, MemberID: tr.memberID, Currency: tr.Currency, Vendor: tr.Vendor,
		Amount: tr.Amount, Ref: strconv.FormatInt(tr.ID, 10), Detail: reason, At: t.clock.Now()}}}, nil
}

// debit posts main -> vendor_float for an IN transfer (idempotent by key).
func (t *Transfers) debit(ctx context.Context, tr Transfer) (ledger.Posting, error) {
	req, err := t.postingRequest(ctx, tr, tr.ledgerKey, false, "")
	if err != nil {
		return ledger.Posting{}, err
	}
	return t.wallet.Post(ctx, req)
}

// credit posts vendor_float -> main for an OUT transfer the vendor applied.
func (t *Transfers) credit(ctx context.Context, tr Transfer) error {
	req, err := t.postingRequest(ctx, tr, tr.ledgerKey, true, "")
	if err != nil {
		return err
	}
	_, err = t.wallet.Post(ctx, req)
	return err
}

// refundIfDebited returns a failed IN transfer's money to main. Whether the
// debit was posted is asked of the ledger by posting it again under its key:
// a replay means it was; a refusal means it never was and nothing returns.
// (If it posts now, after a crash before the first attempt, it is returned
// at once: the pair nets to zero.)
func (t *Transfers) refundIfDebited(ctx context.Context, tr Transfer) error {
	if _, err := t.debit(ctx, tr); err != nil {
		if apperr.As(err).Kind != apperr.KindInternal {
			return nil // never debited
		}
		return err
	}
	req, err := t.postingRequest(ctx, tr, tr.ledgerKey+":refund", true, ReasonVendorRefused)
	if err != nil {
		return err
	}
	_, err = t.wallet.Post(ctx, req)
	return err
}

// lost leaves a transfer PENDING, checkable at once.
func (t *Transfers) lost(ctx context.Context, tr Transfer) Transfer {
	now := t.clock.Now()
	if err := t.store.reschedule(ctx, tr.ID, now, now); err != nil {
		t.logger.ErrorContext(ctx, "transfer reschedule", "transfer", tr.ID, "err", err)
	}
	tr.checkAfter = now
	return tr
}

// finish records a final state once; a transfer another settler finished
// first keeps that state.
func (t *Transfers) finish(ctx context.Context, tr Transfer, status, code string) Transfer {
	now := t.clock.Now()
	ok, err := t.store.finish(ctx, tr.ID, status, code, now)
	if err != nil {
		t.logger.ErrorContext(ctx, "transfer finish", "transfer", tr.ID, "err", err)
		return tr
	}
	if !ok {
		cur, err := t.store.byID(ctx, tr.memberID, tr.ID)
		if err == nil {
			return cur
		}
		return tr
	}
	tr.Status, tr.FailureCode, tr.SettledAt = status, code, now.UnixMilli()
	return tr
}

// Check answers a transfer of the caller's, settling it first when it is
// PENDING and due: the vendor's status call tells whether it was applied.
func (t *Transfers) Check(ctx context.Context, c account.Caller, id int64) (TransferResult, error) {
	if err := requireReal(c); err != nil {
		return TransferResult{}, err
	}
	tr, err := t.store.byID(ctx, c.MemberID, id)
	if err != nil {
		return TransferResult{}, err
	}
	if tr.Status == TransferPending && !tr.checkAfter.After(t.clock.Now()) {
		tr = t.settle(ctx, tr)
	}
	return t.result(ctx, tr)
}

// settle asks the vendor what became of a PENDING transfer and applies it.
func (t *Transfers) settle(ctx context.Context, tr Transfer) Transfer {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), vendorCallTimeout)
	defer cancel()
	w := t.vendors[tr.Vendor]
	if w == nil {
		return t.retryLater(ctx, tr)
	}
	res, err := w.Status(ctx, tr.txID)
	if err != nil || res.Status == vendorwallet.StatusPending {
		if err != nil {
			t.logger.WarnContext(ctx, "transfer status: no answer", "transfer", tr.ID, "vendor", tr.Vendor, "err", err)
		}
		return t.retryLater(ctx, tr)
	}
	if res.Status == vendorwallet.StatusSuccess && res.Amount != 0 && res.Amount != tr.Amount {
		t.logger.ErrorContext(ctx, "transfer status: amount differs", "transfer", tr.ID, "vendor", tr.Vendor, "ours", tr.Amount, "theirs", res.Amount)
		return t.retryLater(ctx, tr) // a human must look; never guess with money
	}
	return t.apply(ctx, tr, res.Status, res.Code)
}

func (t *Transfers) retryLater(ctx context.Context, tr Transfer) Transfer {
	now := t.clock.Now()
	if err := t.store.reschedule(ctx, tr.ID, now.Add(RetryAfter), now); err != nil {
		t.logger.ErrorContext(ctx, "transfer reschedule", "transfer", tr.ID, "err", err)
	}
	tr.checkAfter = now.Add(RetryAfter)
	return tr
}

// SettleDue settles every PENDING transfer whose check time has come (at
// most limit of them) and reports how many it looked at.
func (t *Transfers) SettleDue(ctx context.Context, limit int) (int, error) {
	due, err := t.store.due(ctx, t.clock.Now(), limit)
	if err != nil {
		return 0, err
	}
	for _, tr := range due {
		t.settle(ctx, tr)
	}
	return len(due), nil
}

// Run settles due transfers every interval until ctx ends.
func (t *Transfers) Run(ctx context.Context, every time.Duration) {
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			if _, err := t.SettleDue(ctx, 100); err != nil && ctx.Err() == nil {
				t.logger.ErrorContext(ctx, "transfer sweeper", "err", err)
			}
		}
	}
}
