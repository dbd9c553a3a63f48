package vendorwallet

import (
	"context"
	"errors"
	"fmt"
	"regexp"
)

// The bet-history pull (docs/vendor-transfer.md, "Rounds"): a transfer
// vendor settles its games against its own wallet, so the platform learns
// of the rounds only by asking. POST {base}/rounds returns the settled
// rounds after a cursor, oldest first, signed like every other call.

// Round statuses a vendor reports: only settled rounds are served.
const (
	RoundCompleted = "COMPLETED"
	RoundCancelled = "CANCELLED"
)

// Limits of one rounds call.
const (
	DefaultRoundsLimit = 200
	MaxRoundsLimit     = 1000
	// maxRoundsAnswerBytes caps a rounds answer (MaxRoundsLimit rounds of
	// about 300 bytes each, with room to spare).
	maxRoundsAnswerBytes = 1 << 20
)

type (
	// RoundsRequest is the body of POST {base}/rounds. Since is the cursor
	// the previous answer gave as Next ("" = from the vendor's first round).
	RoundsRequest struct {
		Since string `json:"since"`
		Limit int    `json:"limit"`
	}
	// VendorRound is one settled round as the vendor reports it; amounts in
	// minor units of Currency, times Unix milliseconds.
	VendorRound struct {
		RoundID   string `json:"roundId"`
		Player    string `json:"player"`
		GameCode  string `json:"gameCode"`
		Currency  string `json:"currency"`
		Bet       int64  `json:"bet"`      // every bet of the round
		ValidBet  int64  `json:"validBet"` // the bets that count (bet minus voided ones)
		Win       int64  `json:"win"`
		Jackpot   bool   `json:"jackpot,omitempty"`
		Status    string `json:"status"` // RoundCompleted or RoundCancelled
		StartedAt int64  `json:"startedAt"`
		EndedAt   int64  `json:"endedAt"`
	}
	// RoundsAnswer answers rounds: at most Limit rounds in the vendor's
	// settlement order, Next the cursor after the last of them (Since again
	// when there are none), More when rounds beyond Next are waiting.
	RoundsAnswer struct {
		Rounds []VendorRound `json:"rounds"`
		Next   string        `json:"next"`
		More   bool          `json:"more"`
	}
)

var (
	cursorRe   = regexp.MustCompile(`^[A-Za-z0-9_.:=+/-]{0,256}$`)
	roundIDRe  = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,64}$`)
	gameCodeRe = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)
	currencyRe = regexp.MustCompile(`^[A-Z][A-Z0-9]{2,7}$`)
)

// ValidCursor reports whether a rounds cursor has the protocol's shape:
// opaque to the platform, at most 256 characters of [A-Za-z0-9_.:=+/-].
func ValidCursor(s string) bool { return cursorRe.MatchString(s) }

// ErrBadRound is a reported round that breaks the protocol.
var ErrBadRound = errors.New("vendorwallet: bad round")

// Validate checks a reported round's fields against the protocol.
func (r VendorRound) Validate() error {
	bad := func(field string) error { return fmt.Errorf("%w: %s (round %q)", ErrBadRound, field, r.RoundID) }
	switch {
	case !roundIDRe.MatchString(r.RoundID):
		return bad("roundId")
	case !ValidPlayer(r.Player):
		return bad("player")
	case !gameCodeRe.MatchString(r.GameCode):
		return bad("gameCode")
	case !currencyRe.MatchString(r.Currency):
		return bad("currency")
	case r.Bet < 0, r.ValidBet < 0, r.ValidBet > r.Bet:
		return bad("bet")
	case r.Win < 0:
		return bad("win")
	case r.Status != RoundCompleted && r.Status != RoundCancelled:
		return bad("status")
	case r.StartedAt <= 0, r.EndedAt < r.StartedAt:
		return bad("time")
	}
	return nil
}

// RoundFeed is a transfer vendor's bet history (the Client).
type RoundFeed interface {
	Rounds(ctx context.Context, since string, limit int) (RoundsAnswer, error)
}

// Rounds asks for the settled rounds after since. An answer that is not a
// well-formed page (more rounds than asked, a cursor of the wrong shape,
// More without a round) is ErrUnknown, like a lost one: nothing of it may
// be used, and the caller asks again later from the same cursor. The
// rounds themselves are not checked here (VendorRound.Validate).
func (c *Client) Rounds(ctx context.Context, since string, limit int) (RoundsAnswer, error) {
	if !ValidCursor(since) || limit < 1 || limit > MaxRoundsLimit {
		return RoundsAnswer{}, fmt.Errorf("vendorwallet: rounds: bad request (since %q, limit %d)", since, limit)
	}
	var a RoundsAnswer
	if err := c.callLimit(ctx, "rounds", RoundsRequest{Since: since, Limit: limit}, &a, maxRoundsAnswerBytes); err != nil {
		return RoundsAnswer{}, err
	}
	switch {
	case len(a.Rounds) > limit:
		return RoundsAnswer{}, fmt.Errorf("%w: rounds: %d rounds for a limit of %d", ErrUnknown, len(a.Rounds), limit)
	case !ValidCursor(a.Next):
		return RoundsAnswer{}, fmt.Errorf("%w: rounds: bad next cursor", ErrUnknown)
	case a.More && len(a.Rounds) == 0:
		return RoundsAnswer{}, fmt.Errorf("%w: rounds: more without rounds", ErrUnknown)
	}
	return a, nil
}
