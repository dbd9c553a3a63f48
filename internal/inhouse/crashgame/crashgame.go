// Package crashgame is the server side of Crash, the in-house game whose
// rounds every player shares: one engine (the instance holding the lease)
// runs the round loop BETTING → RUNNING → CRASHED over a published hash
// chain, bets and cash-outs are accepted on any instance and decided on the
// server clock with conditional updates (so each bet is decided exactly
// once), money moves only through the in-house game server, which calls
// the game wallet (the Bank), and every change is pushed to the websocket clients.
// Design and rules: docs/games/crash-server.md.
package crashgame

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/inhouse/player"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// Round statuses.
const (
	StatusBetting = "BETTING"
	StatusRunning = "RUNNING"
	StatusCrashed = "CRASHED"
)

// Bet states. A bet is decided once (CASHED, LOST or REFUND, each set by a
// conditional update from PLACED) and then settled once through the Bank
// (Settled); PENDING is a bet whose wallet call is under way.
const (
	BetPending   = "PENDING"   // reserved; the bet callback is under way
	BetPlaced    = "PLACED"    // the stake is taken; flying
	BetCashed    = "CASHED"    // cashed out at CashedOutAt; the win is (or is being) paid
	BetLost      = "LOST"      // the round crashed first
	BetRefund    = "REFUND"    // the round was cut short by a restart: the stake goes back
	BetCancelled = "CANCELLED" // never placed, or refunded
)

// Limits of a bet's automatic cash-out, in hundredths (101 = 1.01x).
const (
	MinAutoCashout = 101
	MaxAutoCashout = 1_000_000
)

// Round is one shared round.
type Round struct {
	ID            int64
	ChainID       int64
	Seq           int64 // 1-based: the round played with the chain's Seq-th hash from the end
	Hash          string
	Point         int64 // hundredths
	Status        string
	BettingEndsAt time.Time
	StartedAt     time.Time // zero while BETTING
	CrashedAt     time.Time // zero until CRASHED
}

// Bet is one member's bet on a round.
type Bet struct {
	ID          int64
	RoundID     int64
	MemberID    int64
	Player      string // masked account name, shown to everyone
	InhouseID   int64  // the in-house round (game "crash") the Bank opened
	Amount      int64
	Currency    string
	AutoCashout int64 // hundredths; 0 = manual only
	CashedOutAt int64 // hundredths; 0 = not cashed out
	Win         int64
	State       string
	Settled     bool
	Balance     int64 // the balance after the bet (answer replayed for the same key)
	Key         string
	CashoutKey  string
	CreatedAt   time.Time
}

// Params are the bet's inputs as the in-house round stores them.
type Params struct {
	RoundID     int64 `json:"roundId"`
	AutoCashout int64 `json:"autoCashout"`
}

// Outcome is the bet's outcome as the in-house round stores it.
type Outcome struct {
	RoundID     int64  `json:"roundId"`
	Point       int64  `json:"point"`
	Hash        string `json:"hash"`
	CashedOutAt int64  `json:"cashedOutAt"`
}

// Bank moves a Crash bet's money. It is the in-house game server
// (internal/inhouse) seen from here: every call goes through the game
// wallet as vendor BGS and keeps the in-house round (game
// "crash") that recall and the active list show. Every call is idempotent:
// Open on key, Settle and Cancel on the in-house round.
type Bank interface {
	// Open takes the stake: opens the in-house round and places the game
	// wallet bet. It returns the in-house round id and the balance after. A refusal
	// (insufficient funds, limits, trial account) is an *apperr.Error with
	// nothing moved; any other error leaves the outcome unknown.
	Open(ctx context.Context, c account.Caller, amount int64, params Params, key string) (inhouseID, balance int64, currency string, err error)
	// Settle ends the in-house round with win (0: a loss) and multiplier in
	// 1/10000, and returns the balance after.
	Settle(ctx context.Context, memberID, inhouseID, win, multiplier int64, outcome Outcome) (balance int64, err error)
	// Cancel rolls back whatever Open did with key (nothing when it did
	// nothing): the stake goes back and the in-house round is CANCELLED.
	Cancel(ctx context.Context, memberID int64, key string) error
}

// ProofWriter is optional on a Bank: it writes a crashed round's proof
// (point and hash) into the outcome of an in-house round that was settled
// before the crash (a cash-out pays at once, when the point must still be
// secret). No money moves; repeating it is harmless.
type ProofWriter interface {
	Reveal(ctx context.Context, memberID, inhouseID int64, outcome Outcome) error
}

// Config tunes the engine; zero fields take the defaults.
type Config struct {
	Betting     time.Duration // BETTING phase; default 7 s (PALARO_CRASH_BETTING)
	Cooldown    time.Duration // CRASHED shown before the next round; default 3 s
	PendingWait time.Duration // at betting end, how long to wait for bets whose wallet call is under way; default 2 s
	ChainLength int           // hashes per chain; default 1,000,000
	Salt        string        // public salt of a new chain; default: 32 random bytes in hex, fixed when the chain is made
	LeaseTTL    time.Duration // engine lease; default 10 s
	SettleAfter time.Duration // a decided bet not settled this long is retried by the sweeper; default 10 s
	History     int           // crashed rounds in the state; default 20
	Workers     int           // concurrent settlement calls; default 4 (settlement is not latency-critical: fewer writers leave the database to bets and cash-outs)
}

func (c Config) withDefaults() Config {
	if c.Betting <= 0 {
		c.Betting = 7 * time.Second
	}
	if c.Cooldown <= 0 {
		c.Cooldown = 3 * time.Second
	}
	if c.PendingWait <= 0 {
		c.PendingWait = 2 * time.Second
	}
	if c.ChainLength <= 0 {
		c.ChainLength = 1_000_000
	}
	if c.LeaseTTL <= 0 {
		c.LeaseTTL = 10 * time.Second
	}
	if c.SettleAfter <= 0 {
		c.SettleAfter = 10 * time.Second
	}
	if c.History <= 0 {
		c.History = 20
	}
	if c.Workers <= 0 {
		c.Workers = 4
	}
	return c
}

// MaxAmount bounds a bet (minor units) so that amount × the top award
// (crash.MaxTarget) fits in int64; the in-house limits are far below it.
const MaxAmount = int64(10_000_000_000)

// Win is amount × multiplier (hundredths), floored to the minor unit.
func Win(amount, mult int64) int64 {
	// Split so amount*mult cannot overflow for amount ≤ MaxAmount.
	return (amount/100)*mult + (amount%100)*mult/100
}

// Errors with stable codes (EN and TY messages in init).
var (
	ErrBettingClosed = apperr.Conflict("crash.betting_closed")
	ErrAlreadyBet    = apperr.Conflict("crash.already_bet")
	ErrTooLate       = apperr.Conflict("crash.too_late")
	ErrNotRunning    = apperr.Conflict("crash.not_running")
	ErrDoubleCashout = apperr.Conflict("inhouse.double_cashout")
	ErrUnknownRound  = apperr.NotFound("inhouse.unknown_round")
	ErrBadAmount     = apperr.Invalid("inhouse.bad_amount")
	ErrBadAuto       = apperr.Invalid("crash.bad_auto_cashout")
	ErrRealAccount   = player.ErrRealAccount
	ErrUnavailable   = apperr.New(apperr.KindUnavailable, "crash.unavailable")
)

func init() {
	for code, m := range map[string][2]string{
		"crash.betting_closed":          {"Betting for this round is closed. Wait for the next round.", "Sarado na ang taya sa round na ito. Hintayin ang susunod na round."},
		"crash.already_bet":             {"You already have a bet on this round.", "May taya ka na sa round na ito."},
		"crash.too_late":                {"Too late: the round crashed before your cash-out.", "Huli na: nag-crash ang round bago ka nag-cash out."},
		"crash.not_running":             {"The round has not started yet.", "Hindi pa nagsisimula ang round."},
		"crash.bad_auto_cashout":        {"Automatic cash-out must be between 1.01x and 10000.00x.", "Ang awtomatikong cash-out ay dapat nasa pagitan ng 1.01x at 10000.00x."},
		"crash.unavailable":             {"Crash is starting up. Try again in a moment.", "Nagsisimula pa ang Crash. Subukan muli maya-maya."},
		"inhouse.double_cashout":        {"This bet has already been cashed out.", "Na-cash out na ang tayang ito."},
		"inhouse.unknown_round":         {"Round not found.", "Hindi nahanap ang round."},
		"inhouse.bad_amount":            {"Enter a valid bet amount.", "Maglagay ng wastong halaga ng taya."},
		"inhouse.real_account_required": {"Log in with a real account to play for money.", "Mag-log in gamit ang totoong account para maglaro ng pera."},
	} {
		apperr.Register(code, map[string]string{"EN": m[0], "TY": m[1]})
	}
}
