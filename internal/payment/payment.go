// Package payment is the adapter boundary to payment providers: taking
// online deposits (a hosted payment page plus a signed webhook) and paying
// out withdrawals. A provider is reached over real HTTP; the in-binary
// sandbox provider (sandbox.go, demo mode only) is one. See docs/payments.md.
package payment

import (
	"context"
	"net/http"
	"time"
)

// Payment and payout statuses reported by a provider.
const (
	StatusPaid    = "PAID"
	StatusFailed  = "FAILED"
	StatusPending = "PENDING"
)

// Provider is one payment provider as the cashier sees it.
type Provider interface {
	// Code names the provider in routes (/wps/cashier/callback/{provider})
	// and in the brand's deposit methods.
	Code() string
	// CreatePayment opens a payment at the provider and returns where to
	// send the player.
	CreatePayment(ctx context.Context, req PaymentRequest) (PaymentSession, error)
	// ParseCallback reads a webhook and verifies its signature; a forged or
	// stale one is apperr Unauthorized "payment.bad_signature".
	ParseCallback(r *http.Request) (Callback, error)
	// CreatePayout sends money to a player's bank or e-wallet account.
	CreatePayout(ctx context.Context, req PayoutRequest) (PayoutResult, error)
	// PayoutStatus asks the provider what became of a payout.
	PayoutStatus(ctx context.Context, orderNo string) (PayoutResult, error)
}

// PaymentRequest opens a payment for a deposit order.
type PaymentRequest struct {
	OrderNo   string
	Amount    int64 // minor units
	Currency  string
	Decimals  int
	ReturnURL string // where the provider sends the browser afterwards
	NotifyURL string // where the provider posts the webhook
	Language  string // the player's language (TY, EN, ...) for the hosted page
}

// PaymentSession is the provider's answer to CreatePayment.
type PaymentSession struct {
	ProviderRef string
	PayURL      string
}

// Callback is one verified webhook event.
type Callback struct {
	OrderNo     string
	ProviderRef string
	Status      string // StatusPaid or StatusFailed
	Amount      int64  // minor units, as the provider saw it
	Currency    string
	EventID     string // unique per event; a repeated event carries the same id
	At          time.Time
}

// PayoutAccount is where a payout goes.
type PayoutAccount struct {
	Type          string // BANK or EWALLET
	BankCode      string
	AccountName   string
	AccountNumber string
}

// PayoutRequest pays out a withdrawal order.
type PayoutRequest struct {
	OrderNo   string
	Amount    int64 // minor units
	Currency  string
	Decimals  int
	Account   PayoutAccount
	NotifyURL string
}

// PayoutResult is the provider's view of a payout.
type PayoutResult struct {
	ProviderRef string
	Status      string // StatusPaid, StatusPending or StatusFailed
}
