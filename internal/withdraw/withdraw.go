// Package withdraw is the withdrawal side of the cashier: the payment
// password, payout accounts, withdrawal orders with their funds held on the
// ledger, operator review and payout through a payment provider, the
// player's confirmation of receipt (with forced receipt after the brand's
// deadline) and the turnover rule. Money moves only through the wallet's
// Post; this package keeps the orders. See docs/withdrawals.md.
package withdraw

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/payment"
)

// Withdrawal states (docs/withdrawals.md has the diagram).
const (
	// StatusNew is internal: the order exists while its hold is being
	// posted. It is never listed; a failed hold deletes the row.
	StatusNew               = "NEW"
	StatusPendingReview     = "PENDING_REVIEW"
	StatusRejected          = "REJECTED"
	StatusApproved          = "APPROVED"
	StatusPaying            = "PAYING"
	StatusPaid              = "PAID"
	StatusPayoutFailed      = "PAYOUT_FAILED"
	StatusReceived          = "RECEIVED"
	StatusPartiallyReceived = "PARTIALLY_RECEIVED"
	StatusNotReceived       = "NOT_RECEIVED"
	StatusForcedReceived    = "FORCED_RECEIVED"
	StatusFullPayment       = "FULL_PAYMENT"
)

// Statuses lists the visible states (list filters accept these).
var Statuses = []string{StatusPendingReview, StatusRejected, StatusApproved, StatusPaying, StatusPaid,
	StatusPayoutFailed, StatusReceived, StatusPartiallyReceived, StatusNotReceived, StatusForcedReceived, StatusFullPayment}

// paidOut are the states after the money left for the player's account;
// the latest such order's paid_at starts a new turnover period.
var paidOut = []string{StatusPaid, StatusReceived, StatusPartiallyReceived, StatusNotReceived, StatusForcedReceived, StatusFullPayment}

// pending are the states still waiting for an operator or the provider.
var pending = []string{StatusPendingReview, StatusApproved, StatusPaying}

// Where an order's money is.
const (
	HoldHeld     = "HELD"     // on the member's withdrawal_hold account
	HoldReleased = "RELEASED" // back on the member's main account
	HoldPaidOut  = "PAID_OUT" // moved to the provider's payment clearing
)

// Player confirmation results.
const (
	ResultReceived    = "RECEIVED"
	ResultPartial     = "PARTIAL"
	ResultNotReceived = "NOT_RECEIVED"
)

// Payout account types.
const (
	TypeBank    = "BANK"
	TypeEWallet = "EWALLET"
)

// MaxAccounts is how many live payout accounts a member may have.
const MaxAccounts = 5

// Ledger idempotency key prefixes (one posting per order and step).
const (
	keyHold    = "withdraw-hold:"
	keyRelease = "withdraw-release:"
	keyPayout  = "withdraw-payout:"
)

// Notice kinds sent to the player (texts live in internal/notify).
const (
	NoticeApproved = notify.KindWithdrawalApproved
	NoticeRejected = notify.KindWithdrawalRejected
	NoticePaid     = notify.KindWithdrawalPaid
)

// Bank is one entry of the payout banks list.
type Bank struct {
	Code string `json:"code"`
	Name string `json:"name"`
	Type string `json:"type"` // BANK or EWALLET
}

// Banks are the banks and e-wallets payouts can go to (Philippines).
var Banks = []Bank{
	{"BDO", "BDO Unibank", TypeBank},
	{"BPI", "Bank of the Philippine Islands", TypeBank},
	{"MBTC", "Metrobank", TypeBank},
	{"LBP", "Land Bank of the Philippines", TypeBank},
	{"PNB", "Philippine National Bank", TypeBank},
	{"SECB", "Security Bank", TypeBank},
	{"UBP", "UnionBank", TypeBank},
	{"RCBC", "RCBC", TypeBank},
	{"CBC", "China Bank", TypeBank},
	{"EWB", "EastWest Bank", TypeBank},
	{"GCASH", "GCash", TypeEWallet},
	{"MAYA", "Maya", TypeEWallet},
}

// BankByCode finds a bank or e-wallet.
func BankByCode(code string) (Bank, bool) {
	for _, b := range Banks {
		if b.Code == code {
			return b, true
		}
	}
	return Bank{}, false
}

// PayoutAccount is a member's payout account as the member sees it: the
// number masked but for its last four digits.
type PayoutAccount struct {
	ID            int64  `json:"id"`
	Type          string `json:"type"`
	BankCode      string `json:"bankCode"`
	BankName      string `json:"bankName"`
	AccountName   string `json:"accountName"`
	AccountNumber string `json:"accountNumber"` // masked: "******7890"
	CreatedAt     int64  `json:"createdAt"`
}

// AccountRef is the payout account a withdrawal was sent to (a copy taken
// when it was requested).
type AccountRef struct {
	Type          string `json:"type"`
	BankCode      string `json:"bankCode"`
	BankName      string `json:"bankName"`
	AccountName   string `json:"accountName"`
	AccountNumber string `json:"accountNumber"` // masked for players, full for operators
}

// Withdrawal is one order as the player sees it. Times are Unix millis,
// 0 when the step has not happened.
type Withdrawal struct {
	ID              int64      `json:"id"`
	OrderNo         string     `json:"orderNo"`
	Status          string     `json:"status"`
	Amount          int64      `json:"amount"`
	ReceivedAmount  int64      `json:"receivedAmount"`  // what the player says arrived (RECEIVED: amount)
	RemainingAmount int64      `json:"remainingAmount"` // PARTIALLY_RECEIVED / NOT_RECEIVED: what is missing
	Currency        string     `json:"currency"`
	Decimals        int        `json:"decimals"`
	Account         AccountRef `json:"account"`
	RejectReason    string     `json:"rejectReason"`
	HasProof        bool       `json:"hasProof"`
	CreatedAt       int64      `json:"createdAt"`
	ReviewedAt      int64      `json:"reviewedAt"`
	PaidAt          int64      `json:"paidAt"`
	ConfirmedAt     int64      `json:"confirmedAt"`
	ForcedReceiptAt int64      `json:"forcedReceiptAt"` // PAID: when it becomes FORCED_RECEIVED
}

// OpsWithdrawal is an order as operators see it.
type OpsWithdrawal struct {
	Withdrawal
	MemberID      int64  `json:"memberId"`
	MemberAccount string `json:"memberAccount"`
	HoldState     string `json:"holdState"`
	Provider      string `json:"provider"`
	ProviderRef   string `json:"providerRef"`
	ReviewedBy    int64  `json:"reviewedBy"`
	// Risks are the risk flags (risk.go), in RiskFlags order.
	Risks []string `json:"risks"`
	// NeedsCode: approving it needs the authenticator code (amount above
	// the brand's ops.cashierConfirmAbove).
	NeedsCode bool `json:"needsCode"`
}

// Turnover is the betting requirement before a withdrawal (minor units).
type Turnover struct {
	Required  int64 `json:"required"`
	Done      int64 `json:"done"`
	Remaining int64 `json:"remaining"`
}

// Info is GET /wps/cashier/withdraw/info.
type Info struct {
	Balance            int64           `json:"balance"`
	Currency           string          `json:"currency"`
	Decimals           int             `json:"decimals"`
	Min                int64           `json:"min"`
	Max                int64           `json:"max"`
	DailyCount         int             `json:"dailyCount"`
	DailyLimit         int             `json:"dailyLimit"`
	Turnover           Turnover        `json:"turnover"`
	HasPaymentPassword bool            `json:"hasPaymentPassword"`
	Accounts           []PayoutAccount `json:"accounts"`
	Pending            int             `json:"pending"`
}

// PasswordState is GET /wps/member/payment-password.
type PasswordState struct {
	Set         bool  `json:"set"`
	LockedUntil int64 `json:"lockedUntil"` // Unix millis, 0 when not locked
}

// Page is one page of a list.
type Page[T any] struct {
	List  []T `json:"list"`
	Total int `json:"total"`
	// TotalCapped: there are more than Total (MaxListCount); narrow the filter.
	TotalCapped bool `json:"totalCapped"`
	Page        int  `json:"page"`
	PageSize    int  `json:"pageSize"`
}

// SetPasswordRequest is PUT /wps/member/payment-password. Password (the
// login password) is needed the first time, OldPaymentPassword afterwards.
type SetPasswordRequest struct {
	Password               string `json:"password"`
	OldPaymentPassword     string `json:"oldPaymentPassword"`
	NewPaymentPassword     string `json:"newPaymentPassword"`
	ConfirmPaymentPassword string `json:"confirmPaymentPassword"`
}

// AddAccountRequest is POST /wps/member/payout-accounts.
type AddAccountRequest struct {
	Type            string `json:"type"`
	BankCode        string `json:"bankCode"`
	AccountName     string `json:"accountName"`
	AccountNumber   string `json:"accountNumber"`
	PaymentPassword string `json:"paymentPassword"`
}

// Request is POST /wps/cashier/withdrawals.
type Request struct {
	PayoutAccountID int64  `json:"payoutAccountId"`
	Amount          string `json:"amount"` // major units, decimal string
	PaymentPassword string `json:"paymentPassword"`
	// ForfeitBonus confirms that withdrawing cancels the member's active
	// bonus (its balance, the bonus and what it won, is removed).
	ForfeitBonus bool `json:"forfeitBonus"`
}

// Confirmation is the decoded form of POST .../{id}/confirm.
type Confirmation struct {
	Result         string
	ReceivedAmount string // PARTIAL: major units
	Proof          *Proof
}

// Proof is an uploaded image.
type Proof struct {
	Data        []byte
	ContentType string
	Name        string
}

// ListFilter selects a page of orders.
type ListFilter struct {
	MemberID int64  // 0: every member (operators)
	Status   string // "" for all
	// Operators only: an order number, a username (exact, any case; none
	// such: an empty page) and created in [From, To) (Unix ms, 0: open).
	OrderNo  string
	Member   string
	From, To int64
	Page     int
	PageSize int
}

// Members is what this domain needs from accounts (account.Store).
type Members interface {
	MemberByID(ctx context.Context, id int64) (account.Member, error)
	MembersByID(ctx context.Context, ids []int64) (map[int64]account.Member, error)
	MemberByAccount(ctx context.Context, username string) (account.Member, error)
	SetPayeeNameIfEmpty(ctx context.Context, memberID int64, name string, at time.Time) (bool, error)
}

// Accounts finds and creates ledger accounts (ledger.Store).
type Accounts interface {
	EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error)
	FindAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error)
}

// Figures gives a member's sums since a time: the daily figures
// (internal/figures, exact as of every committed fact), the one source of
// what the turnover requires (credited deposits and bonus) and of what
// meets it (valid bets: docs/valid-bet.md).
type Figures interface {
	// TurnoverSums is each member's sums in currency since their time.
	TurnoverSums(ctx context.Context, currency string, since map[int64]time.Time) (map[int64]TurnoverSums, error)
}

// TurnoverSums are a member's sums for the turnover rule (minor units).
type TurnoverSums struct {
	Deposits  int64 // credited deposits
	Bonus     int64 // bonus granted
	ValidBets int64 // valid bets of settled rounds
}

// Poster posts to the ledger (wallet.Service, which also pushes balance events).
type Poster interface {
	Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error)
}

// BrandSource yields the brand configuration (brand.Service).
type BrandSource interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Payouts is the part of a payment provider that pays withdrawals out.
type Payouts interface {
	Code() string
	CreatePayout(ctx context.Context, req payment.PayoutRequest) (payment.PayoutResult, error)
	PayoutStatus(ctx context.Context, orderNo string) (payment.PayoutResult, error)
}

// Notifier sends the player a notice (notify.Service).
type Notifier = notify.Notifier
