package gamevendor

import (
	"context"
	"errors"
	"time"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
)

// Bets the page offers, in minor units (1.00, 5.00, 10.00, 50.00, 100.00).
var Bets = []int64{100, 500, 1000, 5000, 10000}

// PlayResult is one played round as the page shows it.
type PlayResult struct {
	RoundID string   `json:"roundId"`
	Game    string   `json:"game"`            // KindSlot or KindTable
	Reels   []string `json:"reels,omitempty"` // slot: the three faces
	Player  string   `json:"player,omitempty"`
	Dealer  string   `json:"dealer,omitempty"`
	Bet     int64    `json:"bet"`
	Win     int64    `json:"win"`
	Balance int64    `json:"balance"`
	// Pending: the win could not be delivered yet; the sandbox keeps
	// trying in the background and the balance shown does not include it.
	Pending bool `json:"pending,omitempty"`
}

// Play error codes (the page shows them in EN or TY).
const (
	ErrCodeBadToken          = "bad_token"
	ErrCodeBadBet            = "bad_bet"
	ErrCodeInsufficientFunds = "insufficient_funds"
	ErrCodeSessionExpired    = "session_expired"
	ErrCodeGameUnavailable   = "game_unavailable"
	ErrCodeBetCancelled      = "bet_cancelled" // no answer to the bet; rolled back, money returned
	ErrCodeUnavailable       = "unavailable"
)

// PlayError is a round that did not happen.
type PlayError struct {
	Code    string
	Balance *int64 // the player's balance, when known
}

func (e *PlayError) Error() string { return "gamevendor: " + e.Code }

func playErr(code string, balance *int64) error { return &PlayError{Code: code, Balance: balance} }

// settlement is a win or a rollback still to deliver.
type settlement struct {
	vendor, op string
	body       any
}

// Balance is the player's balance for the page: the platform's main
// wallet (seamless balance call) or the sandbox transfer vendor's wallet.
func (v *Vendor) Balance(ctx context.Context, t ticket) (int64, error) {
	if t.Wallet == game.WalletTransfer {
		return v.transfer.Balance(ctx, t.Vendor, t.Player)
	}
	a, err := v.client.call(ctx, t.Vendor, "balance", balanceRequest{SessionToken: t.Session, PlayerID: t.Player, Currency: t.Currency})
	if err != nil {
		return 0, err
	}
	if a.Balance == nil {
		return 0, errors.New("gamevendor: balance answer without balance")
	}
	return *a.Balance, nil
}

// Play plays one round for the holder of a play token.
func (v *Vendor) Play(ctx context.Context, token string, bet int64) (PlayResult, error) {
	t, err := v.open(token, "play")
	if err != nil {
		return PlayResult{}, playErr(ErrCodeBadToken, nil)
	}
	if !validBet(bet) {
		return PlayResult{}, playErr(ErrCodeBadBet, nil)
	}
	// A round, once started, is settled even if the player closes the page:
	// the calls do not end with the browser's request.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), RoundTimeout)
	defer cancel()
	if t.Wallet == game.WalletTransfer {
		return v.playTransfer(ctx, t, bet)
	}
	return v.playSeamless(ctx, t, bet)
}

// RoundTimeout bounds the settlement of one round (every retry included).
const RoundTimeout = time.Minute

func validBet(bet int64) bool {
	for _, b := range Bets {
		if b == bet {
			return true
		}
	}
	return false
}

// outcome draws the round's result.
func outcome(kind string, bet int64) (PlayResult, error) {
	r := PlayResult{Game: kind, Bet: bet}
	if kind == KindTable {
		p, err := DrawCard()
		if err != nil {
			return r, err
		}
		d, err := DrawCard()
		if err != nil {
			return r, err
		}
		r.Player, r.Dealer, r.Win = p.Label(), d.Label(), TableWin(bet, p, d)
		return r, nil
	}
	line, err := SpinLine()
	if err != nil {
		return r, err
	}
	for _, i := range line {
		r.Reels = append(r.Reels, Reel[i].Face)
	}
	r.Win = bet * SlotMultiplier(line)
	return r, nil
}

// playSeamless is one round as a seamless vendor plays it: bet (retried on
// a lost answer with the same txId), the outcome, then the win with
// endRound (0 when lost). A bet that never got an answer is rolled back.
func (v *Vendor) playSeamless(ctx context.Context, t ticket, bet int64) (PlayResult, error) {
	roundID, betTx := newID("sg"), newID("sgb")
	ba, err := v.client.call(ctx, t.Vendor, "bet", betRequest{SessionToken: t.Session, PlayerID: t.Player, TxID: betTx,
		RoundID: roundID, GameCode: t.GameCode, Amount: bet, Currency: t.Currency})
	var refused *RefusedError
	switch {
	case errors.As(err, &refused):
		switch refused.Code {
		case CodeInsufficientFunds:
			return PlayResult{}, playErr(ErrCodeInsufficientFunds, refused.Balance)
		case CodeSessionExpired:
			return PlayResult{}, playErr(ErrCodeSessionExpired, nil)
		case CodeGameDisabled, CodeUnknownGame:
			return PlayResult{}, playErr(ErrCodeGameUnavailable, nil)
		}
		v.logger.WarnContext(ctx, "sandbox game: bet refused", "vendor", t.Vendor, "code", refused.Code, "message", refused.Message)
		return PlayResult{}, playErr(ErrCodeUnavailable, refused.Balance)
	case err != nil:
		// The bet may or may not have been taken: roll it back (a rollback
		// of a bet the platform never saw moves nothing and blocks it).
		v.logger.WarnContext(ctx, "sandbox game: bet unanswered, rolling back", "vendor", t.Vendor, "txId", betTx, "err", err)
		rb := rollbackRequest{SessionToken: t.Session, PlayerID: t.Player, TxID: newID("sgr"), RefTxID: betTx, RoundID: roundID, GameCode: t.GameCode}
		ra, err := v.client.call(ctx, t.Vendor, "rollback", rb)
		if err != nil {
			if !errors.As(err, &refused) {
				v.queue(settlement{vendor: t.Vendor, op: "rollback", body: rb})
			}
			v.logger.ErrorContext(ctx, "sandbox game: rollback failed", "vendor", t.Vendor, "txId", rb.TxID, "err", err)
			return PlayResult{}, playErr(ErrCodeUnavailable, nil)
		}
		// Close the round (CANCELLED: nothing valid was bet). A round the
		// platform never opened answers UNKNOWN_ROUND, which is fine.
		end := endRoundRequest{SessionToken: t.Session, PlayerID: t.Player, RoundID: roundID, GameCode: t.GameCode}
		if _, err := v.client.call(ctx, t.Vendor, "endround", end); err != nil && !errors.As(err, &refused) {
			v.queue(settlement{vendor: t.Vendor, op: "endround", body: end})
		}
		return PlayResult{}, playErr(ErrCodeBetCancelled, ra.Balance)
	}
	res, err := outcome(t.Game, bet)
	if err != nil {
		return PlayResult{}, err
	}
	res.RoundID = roundID
	if ba.Balance != nil {
		res.Balance = *ba.Balance
	}
	win := winRequest{SessionToken: t.Session, PlayerID: t.Player, TxID: newID("sgw"), RoundID: roundID, GameCode: t.GameCode,
		Amount: res.Win, Currency: t.Currency, EndRound: true}
	wa, err := v.client.call(ctx, t.Vendor, "win", win)
	switch {
	case err == nil:
		if wa.Balance != nil {
			res.Balance = *wa.Balance
		}
	case errors.As(err, &refused):
		v.logger.ErrorContext(ctx, "sandbox game: win refused", "vendor", t.Vendor, "txId", win.TxID, "code", refused.Code)
		res.Pending = true
	default:
		v.logger.WarnContext(ctx, "sandbox game: win unanswered, queued", "vendor", t.Vendor, "txId", win.TxID, "err", err)
		v.queue(settlement{vendor: t.Vendor, op: "win", body: win})
		res.Pending = true
	}
	return res, nil
}

// playTransfer settles the round at the sandbox transfer vendor: bet and
// win together against the money the player moved there.
func (v *Vendor) playTransfer(ctx context.Context, t ticket, bet int64) (PlayResult, error) {
	res, err := outcome(t.Game, bet)
	if err != nil {
		return PlayResult{}, err
	}
	res.RoundID = newID("sg")
	bal, err := v.transfer.Play(ctx, t.Vendor, t.Player, t.Currency, t.GameCode, res.RoundID, bet, res.Win, v.clock.Now())
	switch {
	case errors.Is(err, transfervendor.ErrInsufficientFunds):
		return PlayResult{}, playErr(ErrCodeInsufficientFunds, &bal)
	case err != nil:
		return PlayResult{}, err
	}
	res.Balance = bal
	return res, nil
}

func (v *Vendor) queue(s settlement) {
	v.mu.Lock()
	v.backlog = append(v.backlog, s)
	v.mu.Unlock()
}

// Backlog is the number of wins and rollbacks still to deliver.
func (v *Vendor) Backlog() int {
	v.mu.Lock()
	defer v.mu.Unlock()
	return len(v.backlog)
}

// Flush tries once more (with the usual retries) every win and rollback
// whose answer was lost; those still unanswered stay queued. The same
// txId is sent again, so a delivery that did arrive is not applied twice.
func (v *Vendor) Flush(ctx context.Context) {
	v.mu.Lock()
	todo := v.backlog
	v.backlog = nil
	v.mu.Unlock()
	for _, s := range todo {
		_, err := v.client.call(ctx, s.vendor, s.op, s.body)
		var refused *RefusedError
		switch {
		case err == nil:
		case errors.As(err, &refused):
			v.logger.ErrorContext(ctx, "sandbox game: settlement refused", "vendor", s.vendor, "op", s.op, "code", refused.Code)
		default:
			v.queue(s)
		}
	}
}

// Run flushes the backlog every interval until ctx ends. The backlog lives
// in memory: a restart forgets it (the platform's sweeper then closes the
// idle rounds, docs/sandbox-games.md).
func (v *Vendor) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if v.Backlog() > 0 {
				v.Flush(ctx)
			}
		}
	}
}
