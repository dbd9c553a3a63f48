// Package vendorwallet talks to game vendors that keep players' money in
// their own wallet (transfer wallets): deposit to, withdraw from, read the
// balance at, and ask the outcome of an earlier transaction at a vendor,
// over HTTP with HMAC-signed requests and answers. The protocol a vendor
// implements is docs/vendor-transfer.md; the demo's sandbox vendor
// (internal/sandbox/transfervendor) serves it from the binary itself.
package vendorwallet

import (
	"context"
	"errors"
	"regexp"
)

// Player is a player as a vendor knows them.
type Player struct {
	ID       string // our stable id for the member at the vendor ("m<memberID>")
	Currency string
}

// Status is the outcome of a transaction at the vendor.
type Status string

const (
	StatusSuccess  Status = "SUCCESS"   // applied
	StatusFailed   Status = "FAILED"    // refused; nothing moved at the vendor
	StatusPending  Status = "PENDING"   // the vendor is still working on it (status call only)
	StatusNotFound Status = "NOT_FOUND" // the vendor never got it and will refuse it from now on (status call only)
)

// Result is a definite answer from the vendor.
type Result struct {
	TxID    string
	Status  Status
	Code    string // the vendor's reason when FAILED (insufficient_funds, tx_closed, ...)
	Amount  int64  // minor units (status call)
	Balance int64  // the player's balance at the vendor after the transaction, minor units
}

// Vendor failure codes this package knows by name.
const (
	CodeInsufficientFunds = "insufficient_funds"
	CodeTxClosed          = "tx_closed"   // a status query closed the id before the request arrived
	CodeTxMismatch        = "tx_mismatch" // the id was used before with another player, kind or amount
)

// ErrUnknown means the outcome is not known: the request may or may not
// have been applied (timeout, connection lost, an answer that is not a valid
// signed answer). The caller keeps the transfer pending and asks Status later.
var ErrUnknown = errors.New("vendorwallet: outcome unknown")

// Wallet is one transfer-wallet vendor. Deposit and Withdraw are idempotent
// on txID at the vendor: the same id answers the first outcome again. A
// definite answer (applied or refused) returns a Result and a nil error; a
// lost answer returns an error wrapping ErrUnknown.
type Wallet interface {
	Deposit(ctx context.Context, p Player, amount int64, txID string) (Result, error)
	Withdraw(ctx context.Context, p Player, amount int64, txID string) (Result, error)
	Balance(ctx context.Context, p Player) (int64, error)
	Status(ctx context.Context, txID string) (Result, error)
}

var txIDRe = regexp.MustCompile(`^[A-Za-z0-9_-]{8,64}$`)

// ValidTxID reports whether a transaction id has the protocol's shape.
func ValidTxID(s string) bool { return txIDRe.MatchString(s) }

var playerRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ValidPlayer reports whether a player id has the protocol's shape.
func ValidPlayer(s string) bool { return playerRe.MatchString(s) }
