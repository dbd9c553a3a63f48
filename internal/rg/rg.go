// Package rg is responsible gaming: a player's deposit, loss and wager
// limits, session time limit and reality checks, time-outs and
// self-exclusion, the limits an operator imposes, their history, and the
// checks the money paths ask before money moves (deposits, bets, transfers
// into transfer wallets) and the account asks at login and session load.
// See docs/responsible-gaming.md.
package rg

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Type is what a limit counts.
type Type string

const (
	Deposit Type = "DEPOSIT" // deposits credited plus deposit orders still open
	Loss    Type = "LOSS"    // settled bets minus wins, plus transfers out minus transfers in
	Wager   Type = "WAGER"   // settled bets plus transfers out to transfer-wallet vendors
	Session Type = "SESSION" // minutes a session may last
)

// Period is the window a limit counts over, in the brand's time zone.
type Period string

const (
	Day           Period = "DAY"
	Week          Period = "WEEK" // from Monday 00:00
	Month         Period = "MONTH"
	SessionPeriod Period = "SESSION"
)

// moneyTypes and moneyPeriods, in the order settings list them (SESSION last).
var (
	moneyTypes   = []Type{Deposit, Loss, Wager}
	moneyPeriods = []Period{Day, Week, Month}
)

// Session limits are minutes within these bounds.
const (
	SessionMinMinutes = 5
	SessionMaxMinutes = 1440
)

// CoolingOff is how long a raise or a removal waits before the player may confirm it.
const CoolingOff = 24 * time.Hour

// RealityMinutes are the reality-check intervals offered (0 is off).
var RealityMinutes = []int{15, 30, 60}

// Time-outs and exclusions offered.
var (
	timeouts = map[string]time.Duration{"24H": 24 * time.Hour, "7D": 7 * 24 * time.Hour, "30D": 30 * 24 * time.Hour, "6W": 42 * 24 * time.Hour}
	// exclusions are calendar months.
	exclusions = map[string]int{"6M": 6, "1Y": 12, "5Y": 60}
)

// ExclusionFloorMonths is the part of a self-exclusion that nobody can
// revoke: no route lifts one, and revocableFrom says when a revocation
// through support could first be considered.
const ExclusionFloorMonths = 6

// Block kinds.
const (
	BlockTimeout   = "TIMEOUT"
	BlockExclusion = "EXCLUSION"
)

// Who made a change.
const (
	ByPlayer   = "PLAYER"
	ByOperator = "OPERATOR"
)

// History changes.
const (
	ChangeLimitSet         = "LIMIT_SET"
	ChangeLimitLowered     = "LIMIT_LOWERED"
	ChangeRaiseRequested   = "RAISE_REQUESTED"
	ChangeRaiseConfirmed   = "RAISE_CONFIRMED"
	ChangeRaiseCancelled   = "RAISE_CANCELLED"
	ChangeLimitRemoved     = "LIMIT_REMOVED"
	ChangeRealityCheckSet  = "REALITY_CHECK_SET"
	ChangeTimeout          = "TIMEOUT"
	ChangeExclusion        = "EXCLUSION"
	ChangeExclusionEnding  = "EXCLUSION_ENDING"
	ChangeImposed          = "IMPOSED"
	ChangeImpositionLifted = "IMPOSITION_LIFTED"
)

// Config is the package's configuration value.
type Config struct {
	// MaxAmount is the highest limit a player or an operator may set, in
	// minor units of the brand currency.
	MaxAmount int64
}

// DefaultMaxAmount is 1,000,000.00 in a currency of two decimals.
const DefaultMaxAmount int64 = 100_000_000

var DefaultConfig = Config{MaxAmount: DefaultMaxAmount}

// Sums are what a member did in a window, in minor units: the daily
// figures (internal/figures) answer them, stream events not yet consumed
// included.
type Sums struct {
	Deposits     int64 // credited
	Bets         int64 // settled rounds' bets
	Wins         int64 // settled rounds' wins
	TransfersOut int64 // main wallet to a transfer-wallet vendor
	TransfersIn  int64 // back from a transfer-wallet vendor
}

// Activity reads a member's sums over [from, to).
type Activity interface {
	Totals(ctx context.Context, memberID int64, currency string, from, to time.Time) (Sums, error)
}

// Wager is what a limit on wagers counts.
func (s Sums) Wager() int64 { return s.Bets + s.TransfersOut }

// NetLoss is what a loss limit counts (negative when the member is ahead).
func (s Sums) NetLoss() int64 { return s.Bets - s.Wins + s.TransfersOut - s.TransfersIn }

// Errors. Each is an *apperr.Error: errors.Is matches a returned error
// (which carries parameters) by its code.
var (
	ErrInvalidType    = apperr.Invalid("rg.invalid_type")
	ErrInvalidPeriod  = apperr.Invalid("rg.invalid_period")
	ErrInvalidAmount  = apperr.Invalid("rg.invalid_amount")
	ErrAboveMax       = apperr.Invalid("rg.above_max")
	ErrInvalidMinutes = apperr.Invalid("rg.invalid_minutes")
	ErrRaisePending   = apperr.Conflict("rg.raise_pending")
	ErrNothingPending = apperr.Conflict("rg.nothing_pending")
	ErrCoolingOff     = apperr.Conflict("rg.cooling_off")
	ErrOperatorLimit  = apperr.Invalid("rg.operator_limit")
	ErrInvalidReason  = apperr.Invalid("rg.invalid_reason")
	ErrNotExcluded    = apperr.Conflict("rg.not_excluded")
	ErrNotRevocable   = apperr.Conflict("rg.not_revocable")

	ErrDepositLimit = apperr.Forbidden("rg.deposit_limit")
	ErrWagerLimit   = apperr.Forbidden("rg.wager_limit")
	ErrLossLimit    = apperr.Forbidden("rg.loss_limit")
	ErrTimeout      = apperr.Forbidden("rg.timeout")
	ErrSelfExcluded = apperr.Forbidden("rg.self_excluded")
	ErrSessionLimit = apperr.Unauthorized("rg.session_limit")
)

// IsLimit tells a refusal by a deposit, wager or loss limit (the game
// wallet maps it to its limit-reached error).
func IsLimit(err error) bool {
	return errors.Is(err, ErrDepositLimit) || errors.Is(err, ErrWagerLimit) || errors.Is(err, ErrLossLimit)
}

// IsBlocked tells a refusal by a time-out or a self-exclusion.
func IsBlocked(err error) bool {
	return errors.Is(err, ErrTimeout) || errors.Is(err, ErrSelfExcluded)
}

func init() {
	for code, m := range map[string][2]string{
		"rg.invalid_type":    {"Choose a deposit, loss, wager or session limit.", "Pumili ng limitasyon sa deposito, talo, taya o session."},
		"rg.invalid_period":  {"Choose a day, a week or a month for this limit.", "Pumili ng isang araw, isang linggo o isang buwan para sa limitasyong ito."},
		"rg.invalid_amount":  {"Enter a whole amount greater than zero.", "Maglagay ng buong halaga na higit sa sero."},
		"rg.above_max":       {"The highest limit you can set is {max}.", "Ang pinakamataas na limitasyong maitatakda mo ay {max}."},
		"rg.invalid_minutes": {"Choose one of the minutes offered.", "Pumili ng isa sa mga minutong inaalok."},
		"rg.raise_pending":   {"A change to this limit is already waiting. Confirm or cancel it first.", "May naghihintay nang pagbabago sa limitasyong ito. Kumpirmahin o kanselahin muna ito."},
		"rg.nothing_pending": {"No change to this limit is waiting.", "Walang naghihintay na pagbabago sa limitasyong ito."},
		"rg.cooling_off":     {"You can confirm this change after the 24-hour waiting time, from {when}.", "Makukumpirma mo ang pagbabagong ito pagkatapos ng 24 na oras na paghihintay, mula {when}."},
		"rg.operator_limit":  {"Your limit cannot be above the limit set for your account ({max}).", "Hindi maaaring lumampas ang iyong limitasyon sa limitasyong itinakda para sa iyong account ({max})."},
		"rg.invalid_reason":  {"Give a reason of at most 200 characters.", "Magbigay ng dahilan na hanggang 200 titik lamang."},
		"rg.deposit_limit":   {"This deposit would pass your {period} deposit limit of {limit}. You can still deposit {remaining}.", "Lalampas ang depositong ito sa iyong {period} na limitasyon sa deposito na {limit}. Maaari ka pang magdeposito ng {remaining}."},
		"rg.wager_limit":     {"This would pass your {period} wager limit of {limit}. You can still wager {remaining}.", "Lalampas ito sa iyong {period} na limitasyon sa taya na {limit}. Maaari ka pang tumaya ng {remaining}."},
		"rg.loss_limit":      {"This would pass your {period} loss limit of {limit}. You can still risk {remaining}.", "Lalampas ito sa iyong {period} na limitasyon sa talo na {limit}. Maaari ka pang magsapalaran ng {remaining}."},
		"rg.timeout":         {"You are taking a break until {until}. You can log in again after that.", "Nagpapahinga ka hanggang {until}. Makakapag-login ka ulit pagkatapos nito."},
		"rg.self_excluded":   {"Your account is self-excluded until {until}. Only withdrawing your balance is possible.", "Naka-self-exclude ang iyong account hanggang {until}. Pag-withdraw lamang ng iyong balanse ang maaari."},
		"rg.session_limit":   {"Your session time limit is over. Please take a break.", "Tapos na ang itinakdang oras ng iyong session. Magpahinga muna."},
		"rg.not_excluded":    {"This member is not self-excluded.", "Hindi nakabukod sa sarili ang miyembrong ito."},
		"rg.not_revocable":   {"This self-exclusion cannot be ended before {when}.", "Hindi maaaring tapusin ang pagbubukod sa sarili na ito bago ang {when}."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}

func trimSpace(s string) string { return strings.TrimSpace(s) }

// IsCode tells whether err is an apperr error with code.
func IsCode(err error, code string) bool {
	var e *apperr.Error
	return errors.As(err, &e) && e.Code == code
}
