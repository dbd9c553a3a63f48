package inhouse

import (
	"context"
	"fmt"
	"strconv"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/seamless"
)

// The round's seamless callbacks (vendor BGS): ids, the game session the
// bets carry, and the bet, win and rollback with their answers classified.

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

// betWin plays a round decided at once in one callback (seamless betwin):
// its bet and its win, the seamless round closed with them. Its txId is
// the bet's, so a rollback of the bet (recovery) finds it.
func (s *Service) betWin(ctx context.Context, r *roundRow) (betOutcome, int64, error) {
	return s.sendBet(ctx, r, true)
}

// inOneCall tells a round played with betWin: decided at once, with no
// jackpot hit (a hit is claimed and paid apart, between bet and win).
func (s *Service) inOneCall(r roundRow) bool {
	return !r.JPHit && r.SeedID != 0 && s.decidedAtStart(r)
}

// betRequest is the round's bet callback (with its win: betwin).
func (s *Service) betRequest(ctx context.Context, r *roundRow, withWin bool) (string, seamless.Request, error) {
	token, err := s.session(ctx, r)
	if err != nil {
		return "", seamless.Request{}, err
	}
	amount := r.Amount
	op, req := seamless.OpBet, seamless.Request{SessionToken: token, PlayerID: seamless.PlayerID(r.MemberID),
		Currency: r.Currency, TxID: betTx(r), RoundID: roundRef(r), GameCode: r.GameCode, Amount: &amount}
	if withWin {
		win := r.Win
		op, req.WinAmount = seamless.OpBetWin, &win
	}
	return op, req, nil
}

func (s *Service) sendBet(ctx context.Context, r *roundRow, withWin bool) (betOutcome, int64, error) {
	op, req, err := s.betRequest(ctx, r, withWin)
	if err != nil {
		return betRefused, 0, err
	}
	resp, err := s.wallet.Call(ctx, op, req)
	if err != nil {
		s.logger.ErrorContext(ctx, "in-house bet: outcome unknown", "round", r.ID, "op", op, "err", err)
		return betUnknown, 0, apperr.New(apperr.KindUnavailable, "inhouse.wallet_unavailable")
	}
	switch resp.Code {
	case "":
		return betOK, balanceOf(resp), nil
	case seamless.CodeInsufficientFunds:
		return betRefused, 0, apperr.Conflict("inhouse.insufficient_funds")
	case seamless.CodeGameDisabled, seamless.CodeUnknownGame:
		return betRefused, 0, apperr.Forbidden("inhouse.game_unavailable")
	case seamless.CodeSessionExpired: // the next bet opens a new session
		s.sessMu.Lock()
		delete(s.sessList, sessionKey{r.MemberID, r.GameCode})
		s.sessMu.Unlock()
	}
	s.logger.ErrorContext(ctx, "in-house bet refused", "round", r.ID, "code", resp.Code, "message", resp.Message)
	return betRefused, 0, apperr.New(apperr.KindUnavailable, "inhouse.wallet_unavailable")
}

func balanceOf(resp seamless.Response) int64 {
	if resp.Balance == nil {
		return 0
	}
	return *resp.Balance
}

// pay sends the round's win (0 for a loss) and ends the seamless round. It
// is idempotent: a retry sends the same txId and gets the first answer. A
// round played in one call (betWin) is paid by that call: recovery sends it
// again and gets its answer (a round whose bet went alone, from before
// betwin existed, gets its win).
func (s *Service) pay(ctx context.Context, r *roundRow) (int64, error) {
	if s.inOneCall(*r) {
		op, req, err := s.betRequest(ctx, r, true)
		if err != nil {
			return 0, err
		}
		resp, err := s.wallet.Call(ctx, op, req)
		if err != nil {
			return 0, err
		}
		switch resp.Code {
		case "":
			return balanceOf(resp), nil
		case seamless.CodeDuplicateTxMismatch: // its bet went alone: the win follows
		default:
			return 0, fmt.Errorf("bet and win of round %d refused: %s %s", r.ID, resp.Code, resp.Message)
		}
	}
	if r.JPWin > 0 {
		jp := r.JPWin
		resp, err := s.wallet.Call(ctx, seamless.OpWin, seamless.Request{PlayerID: seamless.PlayerID(r.MemberID), Currency: r.Currency,
			TxID: jpTx(r), RoundID: roundRef(r), GameCode: r.GameCode, Amount: &jp, Jackpot: true})
		if err != nil {
			return 0, err
		}
		if resp.Code != "" {
			return 0, fmt.Errorf("jackpot win of round %d refused: %s %s", r.ID, resp.Code, resp.Message)
		}
	}
	win := r.Win
	resp, err := s.wallet.Call(ctx, seamless.OpWin, seamless.Request{PlayerID: seamless.PlayerID(r.MemberID), Currency: r.Currency,
		TxID: winTx(r), RoundID: roundRef(r), GameCode: r.GameCode, Amount: &win, EndRound: true})
	if err != nil {
		return 0, err
	}
	if resp.Code != "" {
		return 0, fmt.Errorf("win of round %d refused: %s %s", r.ID, resp.Code, resp.Message)
	}
	return balanceOf(resp), nil
}

// playedInWallet tells whether the wallet holds the round's seamless round
// COMPLETED: its betwin was applied (a rolled back one leaves it
// CANCELLED). endround changes nothing on a closed round and answers
// UNKNOWN_ROUND, moving nothing, for one the wallet never saw.
func (s *Service) playedInWallet(ctx context.Context, r *roundRow) (bool, error) {
	resp, err := s.wallet.Call(ctx, seamless.OpEndRound, seamless.Request{PlayerID: seamless.PlayerID(r.MemberID), Currency: r.Currency,
		RoundID: roundRef(r), GameCode: r.GameCode})
	if err != nil {
		return false, err
	}
	switch resp.Code {
	case "":
		return resp.RoundStatus == seamless.StatusCompleted, nil
	case seamless.CodeUnknownRound:
		return false, nil
	}
	return false, fmt.Errorf("status of round %d refused: %s %s", r.ID, resp.Code, resp.Message)
}

// rollback refunds the round's bet. done false: the seamless round has a
// win or is closed, so the bet stands (the round is settled instead).
func (s *Service) rollback(ctx context.Context, r *roundRow) (done bool, balance int64, err error) {
	// A session the server holds lets the wallet answer the balance even
	// when it never saw the bet (no seamless round to take the currency from).
	s.sessMu.Lock()
	token := s.sessList[sessionKey{r.MemberID, r.GameCode}].token
	s.sessMu.Unlock()
	resp, err := s.wallet.Call(ctx, seamless.OpRollback, seamless.Request{SessionToken: token, PlayerID: seamless.PlayerID(r.MemberID), Currency: r.Currency,
		TxID: rbTx(r), RefTxID: betTx(r), RoundID: roundRef(r), GameCode: r.GameCode})
	if err != nil {
		return false, 0, err
	}
	switch resp.Code {
	case "":
		s.endRolledBack(ctx, r)
		return true, balanceOf(resp), nil
	case seamless.CodeRollbackAfterWin, seamless.CodeRoundClosed,
		seamless.CodeInsufficientFunds: // a round played in one call whose win is spent: it stands
		return false, 0, nil
	}
	return false, 0, fmt.Errorf("rollback of round %d refused: %s %s", r.ID, resp.Code, resp.Message)
}

// endRolledBack ends the seamless round of a bet just rolled back, so the
// betting record shows it CANCELLED at once (nothing stands in it) rather
// than OPEN until the idle-round sweeper closes it. A failure only leaves
// that to the sweeper.
func (s *Service) endRolledBack(ctx context.Context, r *roundRow) {
	resp, err := s.wallet.Call(ctx, seamless.OpEndRound, seamless.Request{PlayerID: seamless.PlayerID(r.MemberID), Currency: r.Currency,
		RoundID: roundRef(r), GameCode: r.GameCode})
	if err == nil && resp.Code != "" && resp.Code != seamless.CodeUnknownRound {
		err = fmt.Errorf("%s %s", resp.Code, resp.Message)
	}
	if err != nil {
		s.logger.WarnContext(ctx, "in-house rollback: round not ended; the sweeper will", "round", r.ID, "err", err)
	}
}
