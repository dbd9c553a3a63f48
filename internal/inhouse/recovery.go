package inhouse

import (
	"context"
	"encoding/json"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// Recovery settles by rule what a crash, a lost answer or an absent player
// left unfinished (docs/games/server.md, "Recovery"). It runs at start-up
// and every RecoverEvery, on every instance; each step is idempotent (the
// seamless txIds and ledger keys repeat), and rounds younger than
// PendingGrace are left to the request still working on them.

// requestKeep is how long the first answer of an action on an existing
// round is kept for its Idempotency-Key.
const requestKeep = 24 * time.Hour

// recoverBatch bounds the rounds of one state handled per pass.
const recoverBatch = 200

// Report counts what one recovery pass did.
type Report struct {
	Cancelled int // PENDING rounds whose bet was rolled back
	Settled   int // rounds paid and completed
	TimedOut  int // idle Mines boards cashed out, idle free spins played
	Failed    int // steps that failed (retried next pass)
}

// Run recovers at once, then every RecoverEvery, and moves jackpot
// contributions every JackpotFlush, until ctx ends.
func (s *Service) Run(ctx context.Context) {
	if _, err := s.Recover(ctx); err != nil {
		s.logPass(ctx, "in-house recovery", err)
	}
	rec := time.NewTicker(s.cfg.RecoverEvery)
	defer rec.Stop()
	flush := time.NewTicker(s.cfg.JackpotFlush)
	defer flush.Stop()
	for {
		select {
		case <-ctx.Done(): // rounds completed since the last flush are batched by the next start
			return
		case <-rec.C:
			if _, err := s.Recover(ctx); err != nil {
				s.logPass(ctx, "in-house recovery", err)
			}
		case <-flush.C:
			if err := s.FlushJackpot(ctx); err != nil {
				s.logPass(ctx, "in-house jackpot flush", err)
			}
		}
	}
}

// logPass logs a background pass that failed. A pass cut short because the
// server is stopping (ctx ended) is not an error: its transaction rolled
// back and the next start does the work, so it is noted at debug level
// rather than as an error at every shutdown.
func (s *Service) logPass(ctx context.Context, msg string, err error) {
	if ctx.Err() != nil {
		s.logger.DebugContext(ctx, msg+": stopped by shutdown", "err", err)
		return
	}
	s.logger.ErrorContext(ctx, msg, "err", err)
}

// Recover runs one pass.
func (s *Service) Recover(ctx context.Context) (Report, error) {
	var rep Report
	now := s.clock.Now()
	grace := now.Add(-s.cfg.PendingGrace).UnixMilli()

	pending, err := s.store.stale(ctx, statePending, nil, grace, recoverBatch)
	if err != nil {
		return rep, err
	}
	for _, r := range pending {
		s.tally(&rep, s.recoverStale(ctx, r))
	}
	settling, err := s.store.stale(ctx, stateSettling, nil, grace, recoverBatch)
	if err != nil {
		return rep, err
	}
	for _, r := range settling {
		_, err := s.settle(ctx, &r, []string{stateSettling})
		s.tally(&rep, outcomeOf(err, "settled"))
	}
	refunding, err := s.store.stale(ctx, stateRefunding, nil, grace, recoverBatch)
	if err != nil {
		return rep, err
	}
	for _, r := range refunding {
		_, err := s.refund(ctx, r)
		s.tally(&rep, outcomeOf(err, "cancelled"))
	}
	mines, err := s.store.stale(ctx, stateOpen, []string{GameMines}, now.Add(-s.cfg.MinesTimeout).UnixMilli(), recoverBatch)
	if err != nil {
		return rep, err
	}
	for _, r := range mines {
		_, err := s.cashoutMines(ctx, r)
		s.tally(&rep, outcomeOf(err, "timeout"))
	}
	slots, err := s.store.stale(ctx, stateOpen, []string{GameSlot}, now.Add(-s.cfg.FreeSpinTimeout).UnixMilli(), recoverBatch)
	if err != nil {
		return rep, err
	}
	for _, r := range slots {
		_, err := s.advanceSlot(ctx, r, 0)
		s.tally(&rep, outcomeOf(err, "timeout"))
	}
	if err := s.resolveJackpotSlots(ctx); err != nil {
		return rep, err
	}
	if err := s.postBatches(ctx); err != nil {
		return rep, err
	}
	if err := s.store.pruneRequests(ctx, now.Add(-requestKeep).UnixMilli()); err != nil {
		return rep, err
	}
	if rep != (Report{}) {
		s.logger.InfoContext(ctx, "in-house recovery", "cancelled", rep.Cancelled, "settled", rep.Settled, "timed_out", rep.TimedOut, "failed", rep.Failed)
	}
	return rep, nil
}

func outcomeOf(err error, ok string) string {
	if err != nil {
		return "failed"
	}
	return ok
}

func (s *Service) tally(rep *Report, what string) {
	switch what {
	case "cancelled":
		rep.Cancelled++
	case "settled":
		rep.Settled++
	case "timeout":
		rep.TimedOut++
	case "failed":
		rep.Failed++
	}
}

// recoverStale decides a round recovery found PENDING past the grace. A
// round played in one call (betwin) whose seamless round the wallet holds
// COMPLETED stands as played: its player was answered with it, or the
// process stopped between the wallet's commit and the round's completion
// (which commits without waiting for its flush on PostgreSQL, complete.go),
// so it is completed with its stored result, never rolled back. Any other
// is decided as a lost bet answer (recoverPending).
func (s *Service) recoverStale(ctx context.Context, r roundRow) string {
	if s.inOneCall(r) {
		played, err := s.playedInWallet(ctx, &r)
		if err != nil {
			s.logger.ErrorContext(ctx, "in-house recovery: round status", "round", r.ID, "err", err)
			return "failed"
		}
		if played {
			if _, err := s.settle(ctx, &r, []string{statePending}); err != nil {
				return "failed"
			}
			return "settled"
		}
	}
	return s.recoverPending(ctx, r)
}

// recoverPending decides a round whose bet answer was lost: the bet is
// rolled back (a rollback of a bet the wallet never saw moves nothing and
// bars it) and the round CANCELLED. When the wallet refuses the rollback
// because the seamless round has its win or is closed, the bet stands: an
// instant round is paid with its stored result, a Mines board or free
// spins round opens as if the bet had been answered.
func (s *Service) recoverPending(ctx context.Context, r roundRow) string {
	done, bal, err := s.rollback(ctx, &r)
	if err != nil {
		s.logger.ErrorContext(ctx, "in-house recovery: rollback", "round", r.ID, "err", err)
		return "failed"
	}
	now := s.clock.Now().UnixMilli()
	if done {
		if _, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{statePending}, Version: -1, State: stateCancelled, Balance: &bal, Ended: true, Now: now}); err != nil {
			s.logger.ErrorContext(ctx, "in-house recovery: cancel", "round", r.ID, "err", err)
			return "failed"
		}
		return "cancelled"
	}
	if s.decidedAtStart(r) {
		if _, err := s.settle(ctx, &r, []string{statePending}); err != nil {
			return "failed"
		}
		return "settled"
	}
	if _, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{statePending}, Version: -1, State: stateOpen, Now: now}); err != nil {
		return "failed"
	}
	return "settled"
}

// decidedAtStart tells an instant round (Dice, Plinko, a slot spin without
// free spins) from one the player continues.
func (s *Service) decidedAtStart(r roundRow) bool {
	switch r.Game {
	case GameDice, GamePlinko:
		return true
	case GameSlot:
		var st slotState
		if err := json.Unmarshal([]byte(r.Outcome), &st); err != nil {
			return false
		}
		return len(st.Spins) <= 1
	}
	return false
}

// cashoutMines settles a Mines board (the player's cash-out or the idle
// timeout): at the multiplier of the tiles revealed, or, with none
// revealed, by refunding the bet (rollback; CANCELLED).
func (s *Service) cashoutMines(ctx context.Context, r roundRow) (Play, error) {
	var st minesState
	if err := json.Unmarshal([]byte(r.Outcome), &st); err != nil {
		return Play{}, apperr.Internal(err, "mines outcome of round %d", r.ID)
	}
	if len(st.Revealed) == 0 {
		return s.refund(ctx, r)
	}
	mult, err := minesMultiplier(r, len(st.Revealed))
	if err != nil {
		return Play{}, err
	}
	win := payout(r.Amount, mult)
	ok, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{stateOpen}, Version: r.Version, State: stateSettling, Win: &win, Multiplier: &mult, Now: s.clock.Now().UnixMilli()})
	if err != nil {
		return Play{}, err
	}
	if !ok {
		return Play{}, apperr.Conflict("inhouse.double_cashout")
	}
	r.Win, r.Multiplier, r.State = win, mult, stateSettling
	r.Version++
	return s.settle(ctx, &r, []string{stateSettling})
}

// refund cancels an OPEN (or REFUNDING) round by rolling its bet back. The
// round is marked REFUNDING first, so no other action can use it while the
// rollback runs, and recovery finishes the refund if the answer is lost.
// When the wallet keeps the bet (its round is closed), the stake is paid
// back as the round's win instead.
func (s *Service) refund(ctx context.Context, r roundRow) (Play, error) {
	if r.State != stateRefunding {
		ok, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{stateOpen}, Version: r.Version, State: stateRefunding, Now: s.clock.Now().UnixMilli()})
		if err != nil {
			return Play{}, err
		}
		if !ok {
			return Play{}, apperr.Conflict("inhouse.round_closed")
		}
		r.State = stateRefunding
		r.Version++
	}
	done, bal, err := s.rollback(ctx, &r)
	if err != nil {
		s.logger.ErrorContext(ctx, "in-house refund: not confirmed; recovery retries it", "round", r.ID, "err", err)
		return Play{}, apperr.New(apperr.KindUnavailable, "inhouse.wallet_unavailable")
	}
	now := s.clock.Now().UnixMilli()
	if !done {
		win, mult := r.Amount, int64(10000)
		if _, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{stateRefunding}, Version: -1, State: stateSettling, Win: &win, Multiplier: &mult, Now: now}); err != nil {
			return Play{}, err
		}
		r.State, r.Win, r.Multiplier = stateSettling, win, mult
		return s.settle(ctx, &r, []string{stateSettling})
	}
	if _, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{stateRefunding}, Version: -1, State: stateCancelled, Balance: &bal, Ended: true, Now: now}); err != nil {
		return Play{}, err
	}
	r.State, r.Balance, r.EndedAt = stateCancelled, bal, now
	return s.play(ctx, r)
}
