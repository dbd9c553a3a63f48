package gamewallet

import (
	"context"
	"errors"
)

// BetRequest debits a bet. Every field is required.
type BetRequest struct {
	Vendor       string // the game's vendor code (BGS for the in-house games)
	SessionToken string // the game session opened at launch (Service.OpenSession)
	MemberID     int64
	Currency     string
	TxID         string // the caller's id of this call: its idempotency key
	RoundID      string // the caller's round: the first bet opens it
	GameCode     string
	Amount       int64 // minor units, > 0
}

// BetWinRequest plays a new round in one call: BetRequest's fields and
// the round's win (0 for a loss).
type BetWinRequest struct {
	Vendor       string
	SessionToken string
	MemberID     int64
	Currency     string
	TxID         string
	RoundID      string // must be new
	GameCode     string
	Amount       int64 // the bet, > 0
	Win          int64 // >= 0
}

// WinRequest credits a win to a round a bet opened.
type WinRequest struct {
	Vendor       string
	SessionToken string // optional: wins never need a live session
	MemberID     int64
	Currency     string
	TxID         string
	RoundID      string
	GameCode     string
	Amount       int64 // >= 0
	Jackpot      bool  // a jackpot win (feeds the jackpot winner board)
	EndRound     bool  // the round ends COMPLETED with this win
}

// RollbackRequest refunds the bet RefTxID.
type RollbackRequest struct {
	Vendor       string
	SessionToken string // optional: lets the answer carry a balance when the bet was never seen
	MemberID     int64
	Currency     string // optional
	TxID         string
	RefTxID      string
	RoundID      string
	GameCode     string
}

// EndRoundRequest ends a round.
type EndRoundRequest struct {
	Vendor   string
	MemberID int64
	RoundID  string
	GameCode string
}

// BalanceRequest reads the balance a session plays with.
type BalanceRequest struct {
	Vendor       string
	SessionToken string // may be expired
	MemberID     int64
	Currency     string
}

// Answer is an accepted call's answer; a repeat of its transaction id
// gets the same answer again, the balance as it was then.
type Answer struct {
	Balance      int64 // minor units, after the call
	HasBalance   bool  // false only for a rollback of a bet never seen, without a session to name the currency
	Currency     string
	TxID         string
	PlatformTxID string // the ledger posting's id ("" for a zero win, a refusal-free no-op)
	RoundStatus  string // win, betwin, endround: OPEN, COMPLETED or CANCELLED
}

// The refusals. Every refused call returns a *Refusal wrapping one of
// them (errors.Is); any other error means the outcome is unknown and the
// same transaction id may be sent again. A refusal of a bet, win or
// rollback is stored for its transaction id and given again to a repeat,
// except ErrUnknownRound (the bet may still come) and ErrInvalidRequest
// for a malformed request.
var (
	ErrInvalidRequest    = errors.New("gamewallet: invalid request")
	ErrUnknownPlayer     = errors.New("gamewallet: not the session's or the round's player")
	ErrSessionExpired    = errors.New("gamewallet: game session unknown or expired")
	ErrInsufficientFunds = errors.New("gamewallet: insufficient funds")
	ErrUnknownGame       = errors.New("gamewallet: unknown game")
	ErrGameDisabled      = errors.New("gamewallet: game disabled or under maintenance")
	ErrUnknownRound      = errors.New("gamewallet: unknown round")
	ErrRoundClosed       = errors.New("gamewallet: round closed")
	ErrRollbackAfterWin  = errors.New("gamewallet: the bet's round has a win")
	ErrBetRolledBack     = errors.New("gamewallet: bet rolled back before it arrived")
	ErrDuplicateMismatch = errors.New("gamewallet: transaction id used before with another request")
	ErrCurrencyMismatch  = errors.New("gamewallet: currency is not the player's")
	// ErrLimitReached and ErrPlayerBlocked come from the BetChecker: a
	// responsible-gaming limit refuses the bet, or the player is on a
	// time-out or excluded.
	ErrLimitReached  = errors.New("gamewallet: player limit reached")
	ErrPlayerBlocked = errors.New("gamewallet: player blocked")
)

// Refusal is a refused call: Err is one of the Err values above, Message
// says why as stored for the transaction id. An ErrInsufficientFunds
// refusal carries the balance then.
type Refusal struct {
	Err        error
	Message    string
	Balance    int64
	HasBalance bool
	Currency   string
	// MaxBet: an ErrBonusMaxBet refusal's maximum bet (minor units).
	MaxBet int64
}

func (r *Refusal) Error() string { return r.Message }

// Unwrap lets errors.Is find Err.
func (r *Refusal) Unwrap() error { return r.Err }

// Refused tells a refusal (nothing moved; the answer is final) from an
// error whose outcome is unknown.
func Refused(err error) bool {
	var r *Refusal
	return errors.As(err, &r)
}

// BetChecker runs the checks before a bet's money moves (responsible
// gaming's limits and exclusions). An error that is or wraps
// ErrLimitReached or ErrPlayerBlocked refuses the bet (stored for its
// transaction id, nothing posted); any other error fails the call with
// its outcome unknown. amount is the bet in minor units.
type BetChecker interface {
	CheckBet(ctx context.Context, memberID int64, currency, vendor string, amount int64) error
}
