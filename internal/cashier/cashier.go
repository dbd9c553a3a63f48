// Package cashier is the deposit side of the cashier: the brand's deposit
// methods, bank-transfer deposits with a receipt reviewed by an operator,
// online deposits through a payment provider's hosted page and signed
// webhook, and the operator queue. Money moves only through the wallet's
// Post with the key "deposit:<id>", so no path can credit a deposit twice.
// Withdrawals live in internal/withdraw. See docs/payments.md.
package cashier

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Deposit states (docs/payments.md, "Deposit states").
const (
	StatusPendingPayment = "PENDING_PAYMENT" // online: waiting for the provider
	StatusPendingReview  = "PENDING_REVIEW"  // bank: waiting for an operator
	StatusCrediting      = "CREDITING"       // transient: the credit posting is being written
	StatusCredited       = "CREDITED"
	StatusFailed         = "FAILED"
	StatusExpired        = "EXPIRED"
	StatusRejected       = "REJECTED"
)

// Statuses lists the states a list may filter by.
var Statuses = []string{StatusPendingPayment, StatusPendingReview, StatusCrediting, StatusCredited, StatusFailed, StatusExpired, StatusRejected}

// Flags an order may carry for operators.
const (
	FlagAmountMismatch = "amount_mismatch" // the provider reported another amount or currency
	FlagProviderError  = "provider_error"  // the provider could not open the payment
)

// RiskFirstDeposit: no deposit of the member was credited before this one.
const RiskFirstDeposit = "first_deposit"

// Rules.
const (
	PaymentTTL         = 30 * time.Minute // an online deposit left PENDING_PAYMENT expires
	SweepEvery         = 30 * time.Second
	CreditingStaleness = time.Minute // a CREDITING row older than this is finished by the sweeper
	ReferenceMin       = 4
	ReferenceMax       = 40
	ReasonMin          = 3
	ReasonMax          = 200
	MaxPageSize        = 100
	LedgerKeyPrefix    = "deposit:"
)

// Deposit is one deposit order.
type Deposit struct {
	ID           int64  `json:"id"`
	OrderNo      string `json:"orderNo"`
	MemberID     int64  `json:"memberId"`
	Method       string `json:"method"`
	Type         string `json:"type"` // BANK or ONLINE
	Provider     string `json:"provider,omitempty"`
	Amount       int64  `json:"amount"` // minor units
	Currency     string `json:"currency"`
	Decimals     int    `json:"decimals"`
	Status       string `json:"status"`
	Reference    string `json:"reference,omitempty"`
	PayURL       string `json:"payUrl,omitempty"` // while PENDING_PAYMENT
	HasReceipt   bool   `json:"hasReceipt"`
	Flag         string `json:"flag,omitempty"`
	RejectReason string `json:"rejectReason,omitempty"`
	CreatedAt    int64  `json:"createdAt"` // Unix ms
	UpdatedAt    int64  `json:"updatedAt"`
	ExpiresAt    int64  `json:"expiresAt,omitempty"`
	// Operators only (ops views): the member's username, who decided it,
	// and the risk flags (RiskFirstDeposit).
	MemberAccount string   `json:"memberAccount,omitempty"`
	DecidedBy     int64    `json:"decidedBy,omitempty"`
	Risks         []string `json:"risks,omitempty"`
	// NeedsCode: approving it needs the authenticator code (amount above
	// the brand's ops.cashierConfirmAbove).
	NeedsCode bool `json:"needsCode,omitempty"`

	idemKey     string
	requestHash string
	providerRef string
	decidedBy   int64
	postingID   int64
}

// Page is a page of deposits.
type Page struct {
	List  []Deposit `json:"list"`
	Total int       `json:"total"`
	// TotalCapped: there are more than Total (MaxListCount); narrow the filter.
	TotalCapped bool `json:"totalCapped"`
	Page        int  `json:"page"`
	PageSize    int  `json:"pageSize"`
}

// Method is a deposit method as players see it.
type Method struct {
	Code     string             `json:"code"`
	Type     string             `json:"type"`
	Name     string             `json:"name"`
	Min      int64              `json:"min"`
	Max      int64              `json:"max"`
	Bank     *brand.BankDetails `json:"bank,omitempty"`
	Provider string             `json:"provider,omitempty"`
}

// Methods is the answer of GET /wps/cashier/deposit/methods.
type Methods struct {
	Currency string   `json:"currency"`
	Decimals int      `json:"decimals"`
	Methods  []Method `json:"methods"`
}

// Receipt is a stored receipt image.
type Receipt struct {
	ContentType string
	Name        string
	Data        []byte
}

// BankRequest is a bank-transfer deposit as submitted.
type BankRequest struct {
	Method    string
	Amount    string // major units, decimal string
	Reference string
	Receipt   *Receipt
}

// OnlineRequest is an online deposit as submitted.
type OnlineRequest struct {
	Method string `json:"method"`
	Amount string `json:"amount"`
	// Return names the storefront page the provider sends the browser back
	// to: "" the personal centre's deposit page, "agent" the agent centre's
	// (ReturnPages). Not part of the request's identity: a replay under the
	// same key answers the first deposit whatever page it names.
	Return string `json:"return,omitempty"`
	// Language is the caller's (httpx.Lang), for the provider's hosted page.
	Language string `json:"-"`
}

// ReturnPages are the storefront pages an online deposit may come back to,
// by OnlineRequest.Return; the order number is appended.
var ReturnPages = map[string]string{
	"":      "/member/depositv2?order=",
	"agent": "/agentHome/deposit?order=",
}

// Poster posts to the ledger and pushes balance events (*wallet.Service).
type Poster interface {
	Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error)
}

// Accounts finds or opens ledger accounts (*ledger.Store).
type Accounts interface {
	EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error)
}

// BrandSource yields the brand configuration (*brand.Service).
type BrandSource interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Errors.
var (
	ErrNotFound        = apperr.NotFound("cashier.not_found")
	ErrNoReceipt       = apperr.NotFound("cashier.no_receipt")
	ErrUnknownMethod   = apperr.Invalid("cashier.unknown_method")
	ErrWrongMethodType = apperr.Invalid("cashier.wrong_method_type")
	ErrReference       = apperr.Invalid("cashier.invalid_reference").With("min", ReferenceMin).With("max", ReferenceMax)
	ErrReason          = apperr.Invalid("cashier.invalid_reason").With("min", ReasonMin).With("max", ReasonMax)
	ErrInvalidState    = apperr.Conflict("cashier.invalid_state")
	ErrIdemMismatch    = ledger.ErrIdempotencyMismatch
)

func init() {
	apperr.Register("cashier.not_found", map[string]string{
		"EN": "This deposit does not exist.",
		"TY": "Walang ganitong deposito.",
	})
	apperr.Register("cashier.no_receipt", map[string]string{
		"EN": "This deposit has no receipt.",
		"TY": "Walang resibo ang depositong ito.",
	})
	apperr.Register("cashier.unknown_method", map[string]string{
		"EN": "This deposit method is not available.",
		"TY": "Hindi available ang paraang ito ng pagdeposito.",
	})
	apperr.Register("cashier.wrong_method_type", map[string]string{
		"EN": "This deposit method needs a different form.",
		"TY": "Ibang form ang kailangan ng paraang ito ng pagdeposito.",
	})
	apperr.Register("cashier.invalid_reference", map[string]string{
		"EN": "Enter the transfer reference ({min} to {max} characters).",
		"TY": "Ilagay ang reference ng transfer ({min} hanggang {max} na character).",
	})
	apperr.Register("cashier.invalid_reason", map[string]string{
		"EN": "Enter a reason of {min} to {max} characters.",
		"TY": "Maglagay ng dahilan na {min} hanggang {max} na character.",
	})
	apperr.Register("cashier.invalid_state", map[string]string{
		"EN": "This deposit can no longer be changed (status {status}).",
		"TY": "Hindi na mababago ang depositong ito (status {status}).",
	})
}
