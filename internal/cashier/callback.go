package cashier

import (
	"context"
	"errors"
	"net/http"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/payment"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Outcomes of a provider event (stored with the event, logged, returned to
// the provider in the 200 answer).
const (
	OutcomeCredited       = "credited"
	OutcomeFailed         = "failed"
	OutcomeDuplicate      = "duplicate"            // PAID for an order already credited
	OutcomeIgnoredCredit  = "ignored_after_credit" // FAILED for an order already credited
	OutcomeIgnored        = "ignored"              // FAILED for an order already failed or expired
	OutcomeAmountMismatch = "amount_mismatch"
	OutcomeUnknownOrder   = "unknown_order"
	OutcomeNotOnline      = "not_online" // the order is a bank deposit or another provider's
	OutcomeReplay         = "replay"     // the event id was processed before
)

// Callback verifies and applies one provider webhook. A forged or stale
// signature is payment.bad_signature (401) and changes nothing. An event id
// seen before answers its first outcome without doing anything. Everything
// else follows the state table in docs/payments.md; an internal failure is
// returned (500) so the provider retries.
func (s *Service) Callback(ctx context.Context, providerCode string, r *http.Request) (string, error) {
	p, ok := s.providers[providerCode]
	if !ok {
		return "", payment.ErrUnknownProvider
	}
	cb, err := p.ParseCallback(r)
	if err != nil {
		if errors.Is(err, payment.ErrBadSignature) {
			s.d.Logger.WarnContext(ctx, "payment callback refused", "provider", providerCode, "reason", apperr.As(err).Params["reason"])
		}
		return "", err
	}
	if _, seen, err := s.store.EventSeen(ctx, providerCode, cb.EventID); err != nil || seen {
		if seen {
			return OutcomeReplay, nil
		}
		return "", err
	}
	outcome, err := s.apply(ctx, providerCode, cb)
	if err != nil {
		return "", err
	}
	if err := s.store.RecordEvent(ctx, Event{Provider: providerCode, EventID: cb.EventID, OrderNo: cb.OrderNo, Status: cb.Status,
		Amount: cb.Amount, Currency: cb.Currency, Outcome: outcome}, s.now()); err != nil {
		return "", err
	}
	level := s.d.Logger.InfoContext
	if outcome != OutcomeCredited && outcome != OutcomeFailed {
		level = s.d.Logger.WarnContext
	}
	level(ctx, "payment callback", "provider", providerCode, "event", cb.EventID, "order", cb.OrderNo, "status", cb.Status, "outcome", outcome)
	return outcome, nil
}

// apply runs the state table. It retries when another writer moved the
// order between the read and the conditional update.
func (s *Service) apply(ctx context.Context, providerCode string, cb payment.Callback) (string, error) {
	for attempt := 0; attempt < 5; attempt++ {
		d, err := s.store.ByOrderNo(ctx, cb.OrderNo)
		if apperr.As(err).Kind == apperr.KindNotFound {
			return OutcomeUnknownOrder, nil
		}
		if err != nil {
			return "", err
		}
		if d.Type != brand.DepositOnline || d.Provider != providerCode {
			return OutcomeNotOnline, nil
		}
		outcome, done, err := s.step(ctx, d, cb)
		if err != nil || done {
			return outcome, err
		}
	}
	return "", apperr.Internal(errBusy, "payment callback")
}

type busyError struct{}

func (busyError) Error() string { return "deposit kept changing" }

var errBusy = busyError{}

// step applies one event to one read of the order; done false means the
// conditional update lost a race and the caller should read again.
func (s *Service) step(ctx context.Context, d Deposit, cb payment.Callback) (string, bool, error) {
	switch cb.Status {
	case payment.StatusPaid:
		switch d.Status {
		case StatusCredited, StatusCrediting:
			return OutcomeDuplicate, true, nil
		case StatusPendingPayment, StatusFailed, StatusExpired:
			if cb.Amount != d.Amount || cb.Currency != d.Currency {
				s.d.Logger.WarnContext(ctx, "payment amount mismatch: not credited", "order", d.OrderNo,
					"want", d.Amount, "wantCurrency", d.Currency, "got", cb.Amount, "gotCurrency", cb.Currency)
				if d.Status == StatusPendingPayment {
					ok, err := s.store.Transition(ctx, d.ID, d.Status, StatusFailed, change{Flag: FlagAmountMismatch}, s.now())
					if err != nil || !ok {
						return "", false, err
					}
					s.notice(ctx, d, notify.KindDepositFailed, "")
				} else if err := s.store.SetFlag(ctx, d.ID, FlagAmountMismatch, s.now()); err != nil {
					return "", false, err
				}
				return OutcomeAmountMismatch, true, nil
			}
			_, ok, err := s.credit(ctx, d, change{})
			if err != nil || !ok {
				return "", false, err
			}
			return OutcomeCredited, true, nil
		}
	case payment.StatusFailed:
		switch d.Status {
		case StatusCredited, StatusCrediting:
			return OutcomeIgnoredCredit, true, nil
		case StatusFailed, StatusExpired:
			return OutcomeIgnored, true, nil
		case StatusPendingPayment:
			ok, err := s.store.Transition(ctx, d.ID, d.Status, StatusFailed, change{}, s.now())
			if err != nil || !ok {
				return "", false, err
			}
			s.notice(ctx, d, notify.KindDepositFailed, "")
			return OutcomeFailed, true, nil
		}
	}
	return OutcomeIgnored, true, nil
}
