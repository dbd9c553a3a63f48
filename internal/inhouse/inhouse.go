// Package inhouse is the game server of Palaro's own games (issue 6): Dice,
// Plinko, Mines, the Parol slot and the rounds of Crash. Outcomes are
// decided here from the member's provably fair seed pair (internal/fair);
// the maths lives in the pure packages beneath (dice, plinko, mines, slot).
// Money moves only through the typed game wallet (internal/gamewallet:
// bet, bet and win, win, rollback, end round), called in process as vendor
// BGS. The progressive jackpot pool is a ledger account.
// API and rules: docs/games/server.md.
package inhouse

import (
	"context"
	"encoding/json"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
)

// Vendor is the catalogue vendor code of the in-house games.
const Vendor = "BGS"

// Games (engine slugs; the catalogue game of each is in table inhouse_game).
const (
	GameDice   = "dice"
	GamePlinko = "plinko"
	GameMines  = "mines"
	GameSlot   = "slot"
	GameCrash  = "crash"
)

// Slugs lists every engine.
var Slugs = []string{GameSlot, GameCrash, GameMines, GamePlinko, GameDice}

// Public round statuses.
const (
	StatusOpen      = "OPEN"
	StatusCompleted = "COMPLETED"
	StatusCancelled = "CANCELLED"
)

// Stored round states (docs/games/server.md, "Round lifecycle").
const (
	statePending   = "PENDING"   // inserted before the bet callback
	stateOpen      = "OPEN"      // bet taken, the player still acts
	stateSettling  = "SETTLING"  // result fixed, win not confirmed yet
	stateRefunding = "REFUNDING" // bet being rolled back (cash-out with nothing revealed, a cancelled external round)
	stateCompleted = "COMPLETED"
	stateCancelled = "CANCELLED"
)

// Round is one round as the API shows it.
type Round struct {
	ID         int64           `json:"id"`
	Game       string          `json:"game"`
	Status     string          `json:"status"`
	Amount     int64           `json:"amount"`
	Win        int64           `json:"win"`
	Multiplier int64           `json:"multiplier"`
	Currency   string          `json:"currency"`
	Params     json.RawMessage `json:"params"`
	Outcome    json.RawMessage `json:"outcome"`
	Fair       Fair            `json:"fair"`
	JackpotWin int64           `json:"jackpotWin"`
	CreatedAt  string          `json:"createdAt"`
	EndedAt    string          `json:"endedAt"`
}

// Fair is the seed data of a round; ServerSeed is "" until the pair is revealed.
type Fair struct {
	ServerSeedHash string `json:"serverSeedHash"`
	ServerSeed     string `json:"serverSeed"`
	ClientSeed     string `json:"clientSeed"`
	Nonce          int64  `json:"nonce"`
}

// Play is a game action's answer: the round and the balance after it.
type Play struct {
	Round   Round `json:"round"`
	Balance int64 `json:"balance"` // what the member can stake: main and, while a bonus is active, bonus
	Bonus   int64 `json:"bonus"`   // the bonus part of Balance
}

// Seeds is the member's seed state.
type Seeds struct {
	ServerSeedHash string    `json:"serverSeedHash"`
	ClientSeed     string    `json:"clientSeed"`
	Nonce          int64     `json:"nonce"`
	Previous       *Revealed `json:"previous"`
}

// Revealed is a rotated seed pair.
type Revealed struct {
	ServerSeed     string `json:"serverSeed"`
	ServerSeedHash string `json:"serverSeedHash"`
	ClientSeed     string `json:"clientSeed"`
	Nonce          int64  `json:"nonce"` // rounds played with the pair
}

// RoundPage is one page of recall.
type RoundPage struct {
	List  []Round `json:"list"`
	Total int     `json:"total"`
}

// RoundQuery selects a member's rounds for recall.
type RoundQuery struct {
	Game     string // "" = every game
	PageNo   int
	PageSize int
}

// Limit is a game's stake range in minor units of the brand currency, as
// the public config shows it (the brand's in-house rules, brand.Inhouse).
type Limit struct {
	MinBet int64 `json:"minBet"`
	MaxBet int64 `json:"maxBet"`
}

// JackpotConfig tunes the progressive jackpot.
type JackpotConfig struct {
	Seed int64 // minor units the pool starts from and is reset to after a hit
	// The share of each bet fed to the pool is brand data
	// (brand.Inhouse.JackpotContributionBp).
	// HitDivisor: a bet of amount a (minor units) hits with probability
	// a / HitDivisor, whatever the pool holds (no adaptive behaviour).
	HitDivisor int64
}

// Config tunes the server; zero fields take the defaults.
type Config struct {
	MinesTimeout    time.Duration // an idle Mines board is cashed out after this
	FreeSpinTimeout time.Duration // idle free spins are played by the server after this
	PendingGrace    time.Duration // a PENDING or SETTLING round older than this is repaired by recovery
	RecoverEvery    time.Duration
	JackpotFlush    time.Duration // how often completed rounds' contributions move to the pool
	Jackpot         JackpotConfig
	SlotProfile     string // RTP profile "94", "96" (default) or "97"
}

// Defaults.
const (
	DefaultMinesTimeout    = 30 * time.Minute
	DefaultFreeSpinTimeout = 10 * time.Minute
	DefaultPendingGrace    = 30 * time.Second
	DefaultRecoverEvery    = time.Minute
	DefaultJackpotFlush    = time.Second
	DefaultJackpotSeed     = 1_000_000 // 10,000.00
	// DefaultHitDivisor: 1.00 (100 minor units) hits once in 4,000,000;
	// the maximum 10,000.00 once in 400.
	DefaultHitDivisor = 400_000_000
)

func (c *Config) defaults() {
	if c.MinesTimeout <= 0 {
		c.MinesTimeout = DefaultMinesTimeout
	}
	if c.FreeSpinTimeout <= 0 {
		c.FreeSpinTimeout = DefaultFreeSpinTimeout
	}
	if c.PendingGrace <= 0 {
		c.PendingGrace = DefaultPendingGrace
	}
	if c.RecoverEvery <= 0 {
		c.RecoverEvery = DefaultRecoverEvery
	}
	if c.JackpotFlush <= 0 {
		c.JackpotFlush = DefaultJackpotFlush
	}
	if c.Jackpot.Seed <= 0 {
		c.Jackpot.Seed = DefaultJackpotSeed
	}
	if c.Jackpot.HitDivisor <= 0 {
		c.Jackpot.HitDivisor = DefaultHitDivisor
	}
	if c.SlotProfile == "" {
		c.SlotProfile = "96"
	}
}

// Wallet is the game wallet (gamewallet.Service), called in process. A
// *gamewallet.Refusal (gamewallet.Refused) is final: nothing moved; any
// other error means the outcome is unknown (the call may or may not have
// been applied) and the same txId may be sent again.
type Wallet interface {
	Bet(ctx context.Context, req gamewallet.BetRequest) (gamewallet.Answer, error)
	BetWin(ctx context.Context, req gamewallet.BetWinRequest) (gamewallet.Answer, error)
	Win(ctx context.Context, req gamewallet.WinRequest) (gamewallet.Answer, error)
	Rollback(ctx context.Context, req gamewallet.RollbackRequest) (gamewallet.Answer, error)
	EndRound(ctx context.Context, req gamewallet.EndRoundRequest) (gamewallet.Answer, error)
}

// Sessions opens game sessions (gamewallet.Service).
type Sessions interface {
	OpenSession(ctx context.Context, memberID int64, vendor, gameCode string, nodeID int64, currency string) (string, error)
}

// Catalog is the games catalogue (game.Service).
type Catalog interface {
	Catalog(ctx context.Context) (*game.Catalog, error)
}

// Brand is the brand configuration (brand.Service): its currency.
type Brand interface {
	Current(ctx context.Context) (*brand.Config, error)
}

// Ledger moves the jackpot pool: Post is wallet.Service.Post, the account
// methods are *ledger.Store's.
type Ledger interface {
	Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error)
}

// Accounts opens and reads ledger accounts (*ledger.Store).
type Accounts interface {
	EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error)
	Balance(ctx context.Context, accountID int64) (int64, error)
}
