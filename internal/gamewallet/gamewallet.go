// Package gamewallet is the typed game wallet: the one service through
// which a game's money moves (handler -> service -> game wallet -> ledger).
// Its typed methods bet, win, roll back, bet and win in one call and end a
// round; they decide which ledger accounts a bet debits and a win credits,
// run the pre-bet checks (BetChecker), keep each caller transaction id's
// answer for replay, and record the rounds (with a round fact in the
// activity stream, in the same transaction, when a round ends). It also
// keeps the game sessions opened at launch, imports the settled rounds of
// transfer-wallet vendors, and answers the rounds' reads (betting record,
// profit and loss, valid bets). The vendor callback API (internal/seamless)
// is a thin adapter over it; the in-house game server calls it directly.
package gamewallet

import (
	"context"
	"time"

	"github.com/palaro/palaro/internal/ledger"
)

// Round statuses.
const (
	StatusOpen      = "OPEN"
	StatusCompleted = "COMPLETED"
	StatusCancelled = "CANCELLED"
)

// Round is one game round as the callbacks left it.
type Round struct {
	ID        int64
	Vendor    string
	RoundID   string // the vendor's round id
	MemberID  int64
	NodeID    int64
	GameCode  string
	GameType  string // category (SLOT, LIVE, ...)
	Currency  string
	Bet       int64 // minor units: every accepted bet
	ValidBet  int64 // Bet minus what was rolled back
	Win       int64
	Jackpot   bool // some win of the round was flagged jackpot
	Status    string
	StartedAt time.Time
	EndedAt   time.Time // zero while OPEN
}

// Profit is the player's result of the round: win minus valid bet.
func (r Round) Profit() int64 { return r.Win - r.ValidBet }

// RoundQuery filters a member's rounds: started in [From, To), optionally by
// category, vendor and status; newest first, paged by Offset and Limit.
type RoundQuery struct {
	MemberID int64
	// MemberIDs, instead of MemberID: the rounds of several members
	// together (an agent's team, at most MaxQueryMembers).
	MemberIDs []int64
	From, To  time.Time
	GameType  string
	Vendor    string
	Status    string
	Offset    int
	Limit     int // 1..500; 0 means 20
}

// MaxQueryMembers bounds RoundQuery.MemberIDs: each member's rounds are
// read through the (member_id, started_at) index.
const MaxQueryMembers = 1000

// Totals sums the rounds a query matches (all pages).
type Totals struct {
	Bet, ValidBet, Win, Profit int64
	Rounds                     int
}

// DayProfit is one category's rounds of one day (in the zone asked for).
type DayProfit struct {
	Day      string // YYYY-MM-DD
	GameType string
	Bet      int64
	ValidBet int64
	Win      int64
	Profit   int64 // Win - ValidBet
	Rounds   int
}

// Game is what the callbacks need to know about a game.
type Game struct {
	NodeID      int64
	Vendor      string
	Code        string
	GameType    string
	Maintenance bool // the game or its vendor is under maintenance: no new bets
}

// Games finds a vendor's game by code (a missing game answers ok=false) and
// tells whether a vendor code is a seamless-wallet vendor of the catalogue.
// CatalogGames implements it over game.Service.
type Games interface {
	FindGame(ctx context.Context, vendor, gameCode string) (g Game, ok bool, err error)
	SeamlessVendor(ctx context.Context, vendor string) (bool, error)
}

// Poster moves money: wallet.Service.Post (which pushes balance events).
type Poster interface {
	Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error)
	// PostChain writes postings together, all or none (betwin: the
	// round's bet and its win).
	PostChain(ctx context.Context, reqs []ledger.PostingRequest) ([]ledger.Posting, error)
}

// Accounts finds and opens ledger accounts: *ledger.Store.
type Accounts interface {
	EnsureAccount(ctx context.Context, spec ledger.AccountSpec) (ledger.Account, error)
	Account(ctx context.Context, id int64) (ledger.Account, error)
	Balances(ctx context.Context, ids ...int64) (map[int64]int64, error)
}

// Config tunes the service; zero fields take the defaults.
type Config struct {
	SessionTTL time.Duration // how long a launch's session takes bets; default 12 h
	IdleRound  time.Duration // an OPEN round without callbacks this long is closed by the sweeper; default 1 h
	// BetChecker runs the pre-bet checks; nil: none.
	BetChecker BetChecker
	// AnswersInPosting writes each money call's answer and round update in
	// its ledger posting's transaction: one commit per call instead of two
	// (on PostgreSQL the ledger's pipelined batch sends the answers'
	// statement with its write and COMMIT, recorder.PipelineStatement; on
	// SQLite it saves a writer turn per spin). The server turns it on for
	// both databases (figures: bench/README.md). Off, the recorder commits
	// the answers after the posting (tests run both paths).
	AnswersInPosting bool
	// GuardBetWin (with AnswersInPosting) posts a betwin guarded instead
	// of looking up its txId and round first (guard.go). The server turns
	// it on for PostgreSQL, where the lookup is a round trip of its own
	// before the ledger's; on SQLite the lookup is a read in-process,
	// concurrent with the writer, while the guard would run inside the
	// ledger batch's write turn (tests run it on both).
	GuardBetWin bool
}

// Defaults.
const (
	DefaultSessionTTL = 12 * time.Hour
	DefaultIdleRound  = time.Hour
	SweepEvery        = time.Minute
)

// PlayerID is the id a vendor knows a member by ("m<memberID>").
func PlayerID(memberID int64) string { return "m" + itoa(memberID) }
