package inhouse

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/money"
)

// The round's calls to the game wallet (as vendor BGS): ids, the game
// session the bets carry, and the bet, win and rollback with their
// refusals classified.

func roundRef(r *roundRow) string { return r.Game + "-" + strconv.FormatInt(r.ID, 10) }
func betTx(r *roundRow) string    { return "bet-" + strconv.FormatInt(r.ID, 10) }
func winTx(r *roundRow) string    { return "win-" + strconv.FormatInt(r.ID, 10) }
func jpTx(r *roundRow) string     { return "jp-" + strconv.FormatInt(r.ID, 10) }
func rbTx(r *roundRow) string     { return "rb-" + strconv.FormatInt(r.ID, 10) }

// session is a game session for the member's bets in a game, opened once
// and reused for sessionReuse.
func (s *Service) session(ctx context.Context, r *roundRow) (string, error) {
	k := sessionKey{r.MemberID, r.GameCode}
	now := s.clock.Now()
	s.sessMu.Lock()
	o, ok := s.sessList[k]
	s.sessMu.Unlock()
	if ok && now.Sub(o.opened) < sessionReuse {
		return o.token, nil
	}
	token, err := s.sessions.OpenSession(ctx, r.MemberID, Vendor, r.GameCode, r.NodeID, r.Currency)
	if err != nil {
		return "", err
	}
	s.sessMu.Lock()
	if len(s.sessList) >= maxSessions { // forget sessions past their reuse
		for k, o := range s.sessList {
			if now.Sub(o.opened) >= sessionReuse {
				delete(s.sessList, k)
			}
		}
	}
	s.sessList[k] = openSession{token: token, opened: now}
	s.sessMu.Unlock()
	return token, nil
}

// betOutcome classifies the bet callback's answer.
type betOutcome int

const (
	betOK      betOutcome = iota
	betRefused            // nothing moved: the round is deleted
	betUnknown            // may have moved: recovery decides
)

// bet sends the round's bet. A refusal maps to the player's error.
func (s *Service) bet(ctx context.Context, r *roundRow) (betOutcome, int64, error) {
	return s.sendBet(ctx, r, false)
}

// betWin plays a round decided at once in one call (the game wallet's
// BetWin): its bet and its win, the wallet's round closed with them. Its txId is
// the bet's, so a rollback of the bet (recovery) finds it.
func (s *Service) betWin(ctx context.Context, r *roundRow) (betOutcome, int64, error) {
	return s.sendBet(ctx, r, true)
}

// inOneCall tells a round played with betWin: decided at once, with no
// jackpot hit (a hit is claimed and paid apart, between bet and win).
func (s *Service) inOneCall(r roundRow) bool {
	return !r.JPHit && r.SeedID != 0 && s.decidedAtStart(r)
}

// betRequest is the round's bet (with its win: betwin).
func (s *Service) betRequest(ctx context.Context, r *roundRow) (gamewallet.BetWinRequest, error) {
	token, err := s.session(ctx, r)
	if err != nil {
		return gamewallet.BetWinRequest{}, err
	}
	return gamewallet.BetWinRequest{Vendor: Vendor, SessionToken: token, MemberID: r.MemberID, Currency: r.Currency,
		TxID: betTx(r), RoundID: roundRef(r), GameCode: r.GameCode, Amount: r.Amount, Win: r.Win}, nil
}

// callBet sends the round's bet, or its bet and win.
func (s *Service) callBet(ctx context.Context, req gamewallet.BetWinRequest, withWin bool) (gamewallet.Answer, error) {
	if withWin {
		return s.wallet.BetWin(ctx, req)
	}
	return s.wallet.Bet(ctx, gamewallet.BetRequest{Vendor: req.Vendor, SessionToken: req.SessionToken, MemberID: req.MemberID,
		Currency: req.Currency, TxID: req.TxID, RoundID: req.RoundID, GameCode: req.GameCode, Amount: req.Amount})
}

func (s *Service) sendBet(ctx context.Context, r *roundRow, withWin bool) (betOutcome, int64, error) {
	req, err := s.betRequest(ctx, r)
	if err != nil {
		return betRefused, 0, err
	}
	a, err := s.callBet(ctx, req, withWin)
	if err == nil {
		return betOK, a.Balance, nil
	}
	if !gamewallet.Refused(err) {
		s.logger.ErrorContext(ctx, "in-house bet: outcome unknown", "round", r.ID, "betwin", withWin, "err", err)
		return betUnknown, 0, apperr.New(apperr.KindUnavailable, "inhouse.wallet_unavailable")
	}
	switch {
	case errors.Is(err, gamewallet.ErrInsufficientFunds):
		return betRefused, 0, apperr.Conflict("inhouse.insufficient_funds")
	case errors.Is(err, gamewallet.ErrLimitReached):
		return betRefused, 0, apperr.Forbidden("inhouse.limit_reached")
	case errors.Is(err, gamewallet.ErrPlayerBlocked):
		return betRefused, 0, apperr.Forbidden("inhouse.player_blocked")
	case errors.Is(err, gamewallet.ErrBonusMaxBet):
		var ref *gamewallet.Refusal
		errors.As(err, &ref)
		_, decimals, _ := s.currency(ctx)
		return betRefused, 0, apperr.Conflict("inhouse.bonus_max_bet").With("max", money.Format(ref.MaxBet, decimals))
	case errors.Is(err, gamewallet.ErrGameDisabled), errors.Is(err, gamewallet.ErrUnknownGame):
		return betRefused, 0, apperr.Forbidden("inhouse.game_unavailable")
	case errors.Is(err, gamewallet.ErrSessionExpired): // the next bet opens a new session
		s.sessMu.Lock()
		delete(s.sessList, sessionKey{r.MemberID, r.GameCode})
		s.sessMu.Unlock()
	}
	s.logger.ErrorContext(ctx, "in-house bet refused", "round", r.ID, "err", err)
	return betRefused, 0, apperr.New(apperr.KindUnavailable, "inhouse.wallet_unavailable")
}

// pay sends the round's win (0 for a loss) and ends the wallet's round. It
// is idempotent: a retry sends the same txId and gets the first answer. A
// round played in one call (betWin) is paid by that call: recovery sends it
// again and gets its answer (a round whose bet went alone, from before
// betwin existed, gets its win).
func (s *Service) pay(ctx context.Context, r *roundRow) (int64, error) {
	if s.inOneCall(*r) {
		req, err := s.betRequest(ctx, r)
		if err != nil {
			return 0, err
		}
		a, err := s.wallet.BetWin(ctx, req)
		switch {
		case err == nil:
			return a.Balance, nil
		case errors.Is(err, gamewallet.ErrDuplicateMismatch): // its bet went alone: the win follows
		case gamewallet.Refused(err):
			return 0, fmt.Errorf("bet and win of round %d refused: %w", r.ID, err)
		default:
			return 0, err
		}
	}
	if r.JPWin > 0 {
		_, err := s.wallet.Win(ctx, gamewallet.WinRequest{Vendor: Vendor, MemberID: r.MemberID, Currency: r.Currency,
			TxID: jpTx(r), RoundID: roundRef(r), GameCode: r.GameCode, Amount: r.JPWin, Jackpot: true})
		if err != nil {
			return 0, fmt.Errorf("jackpot win of round %d: %w", r.ID, err)
		}
	}
	a, err := s.wallet.Win(ctx, gamewallet.WinRequest{Vendor: Vendor, MemberID: r.MemberID, Currency: r.Currency,
		TxID: winTx(r), RoundID: roundRef(r), GameCode: r.GameCode, Amount: r.Win, EndRound: true})
	if err != nil {
		return 0, fmt.Errorf("win of round %d: %w", r.ID, err)
	}
	return a.Balance, nil
}

// playedInWallet tells whether the wallet holds the round's wallet round
// COMPLETED: its betwin was applied (a rolled back one leaves it
// CANCELLED). EndRound changes nothing on a closed round and refuses with
// ErrUnknownRound, moving nothing, for one the wallet never saw.
func (s *Service) playedInWallet(ctx context.Context, r *roundRow) (bool, error) {
	a, err := s.wallet.EndRound(ctx, gamewallet.EndRoundRequest{Vendor: Vendor, MemberID: r.MemberID, RoundID: roundRef(r), GameCode: r.GameCode})
	switch {
	case err == nil:
		return a.RoundStatus == gamewallet.StatusCompleted, nil
	case errors.Is(err, gamewallet.ErrUnknownRound):
		return false, nil
	}
	return false, fmt.Errorf("status of round %d: %w", r.ID, err)
}

// rollback refunds the round's bet. done false: the wallet's round has a
// win or is closed, so the bet stands (the round is settled instead).
func (s *Service) rollback(ctx context.Context, r *roundRow) (done bool, balance int64, err error) {
	// A session the server holds lets the wallet answer the balance even
	// when it never saw the bet (no wallet round to take the currency from).
	s.sessMu.Lock()
	token := s.sessList[sessionKey{r.MemberID, r.GameCode}].token
	s.sessMu.Unlock()
	a, err := s.wallet.Rollback(ctx, gamewallet.RollbackRequest{Vendor: Vendor, SessionToken: token, MemberID: r.MemberID, Currency: r.Currency,
		TxID: rbTx(r), RefTxID: betTx(r), RoundID: roundRef(r), GameCode: r.GameCode})
	switch {
	case err == nil:
		s.endRolledBack(ctx, r)
		return true, a.Balance, nil
	case errors.Is(err, gamewallet.ErrRollbackAfterWin), errors.Is(err, gamewallet.ErrRoundClosed),
		errors.Is(err, gamewallet.ErrInsufficientFunds): // a round played in one call whose win is spent: it stands
		return false, 0, nil
	}
	return false, 0, fmt.Errorf("rollback of round %d: %w", r.ID, err)
}

// endRolledBack ends the wallet's round of a bet just rolled back, so the
// betting record shows it CANCELLED at once (nothing stands in it) rather
// than OPEN until the idle-round sweeper closes it. A failure only leaves
// that to the sweeper.
func (s *Service) endRolledBack(ctx context.Context, r *roundRow) {
	_, err := s.wallet.EndRound(ctx, gamewallet.EndRoundRequest{Vendor: Vendor, MemberID: r.MemberID, RoundID: roundRef(r), GameCode: r.GameCode})
	if err != nil && !errors.Is(err, gamewallet.ErrUnknownRound) {
		s.logger.WarnContext(ctx, "in-house rollback: round not ended; the sweeper will", "round", r.ID, "err", err)
	}
}
