package inhouse

import (
	"context"
	"encoding/json"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// External rounds are rounds whose outcome another engine decides (Crash:
// internal/inhouse/crashgame): the round, its bet, win and rollback, the
// stake limits, recall, `active` and recovery of a lost bet answer are this
// server's; the engine only says when and how the round ends. They draw no
// jackpot (no seed pair) but contribute to the pool like every round.

// OpenExternal opens an OPEN round of game (e.g. "crash") with the bet
// taken; key is the member's Idempotency-Key (a repeat answers the round).
func (s *Service) OpenExternal(ctx context.Context, c account.Caller, gameSlug, key string, amount int64, params any) (Play, error) {
	if !knownGame(gameSlug) {
		return Play{}, apperr.NotFound("inhouse.unknown_game")
	}
	b, err := json.Marshal(params)
	if err != nil {
		return Play{}, apperr.Invalid("inhouse.bad_request")
	}
	return s.open(ctx, c, key, opening{
		slug: gameSlug, amount: amount, params: json.RawMessage(b), external: true,
		hash: requestHash("external-"+gameSlug, amount, string(b)),
		play: func(_ *fair.Stream) (any, string, int64, int64) { return json.RawMessage(`{}`), stateOpen, 0, 0 },
	})
}

// SettleExternal ends an external round with its win (0: lost), multiplier
// (1/10000) and outcome; a repeat answers the completed round.
func (s *Service) SettleExternal(ctx context.Context, roundID, win, multiplier int64, outcome any) (Play, error) {
	r, err := s.store.round(ctx, roundID)
	if err != nil {
		return Play{}, err
	}
	if r.SeedID != 0 || win < 0 {
		return Play{}, apperr.Invalid("inhouse.bad_request")
	}
	switch r.State {
	case stateCompleted:
		return s.play(ctx, r)
	case stateCancelled, statePending:
		return Play{}, apperr.Conflict("inhouse.round_closed")
	case stateSettling:
		return s.settle(ctx, &r, []string{stateSettling})
	}
	b, err := json.Marshal(outcome)
	if err != nil {
		return Play{}, apperr.Invalid("inhouse.bad_request")
	}
	out := string(b)
	ok, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{stateOpen}, Version: r.Version, State: stateSettling,
		Win: &win, Multiplier: &multiplier, Outcome: &out, Now: s.clock.Now().UnixMilli()})
	if err != nil {
		return Play{}, err
	}
	if !ok {
		return s.SettleExternal(ctx, roundID, win, multiplier, outcome) // moved on meanwhile: answer from its new state
	}
	r.Win, r.Multiplier, r.Outcome, r.State = win, multiplier, out, stateSettling
	r.Version++
	return s.settle(ctx, &r, []string{stateSettling})
}

// CancelExternal refunds an external round's bet (rollback) and cancels it.
func (s *Service) CancelExternal(ctx context.Context, roundID int64) (Play, error) {
	r, err := s.store.round(ctx, roundID)
	if err != nil {
		return Play{}, err
	}
	if r.SeedID != 0 {
		return Play{}, apperr.Invalid("inhouse.bad_request")
	}
	switch r.State {
	case stateCancelled:
		return s.play(ctx, r)
	case stateOpen, stateRefunding:
		return s.refund(ctx, r)
	case statePending:
		return Play{}, apperr.Conflict("inhouse.in_progress") // its bet answer is awaited; recovery decides
	}
	return Play{}, apperr.Conflict("inhouse.round_closed")
}

// ExternalRound reads a round for its engine (any member).
func (s *Service) ExternalRound(ctx context.Context, roundID int64) (Play, error) {
	r, err := s.store.round(ctx, roundID)
	if err != nil {
		return Play{}, err
	}
	return s.play(ctx, r)
}

// CancelExternalKey cancels the external round the member opened with key,
// if any: an OPEN round is refunded, a PENDING one (its bet answer lost) is
// rolled back now, a round never opened or already cancelled needs nothing.
// A settled round cannot be cancelled (inhouse.round_closed).
func (s *Service) CancelExternalKey(ctx context.Context, memberID int64, key string) error {
	r, err := s.store.roundByKey(ctx, memberID, key)
	if apperr.As(err).Kind == apperr.KindNotFound {
		return nil
	}
	if err != nil {
		return err
	}
	if r.SeedID != 0 {
		return apperr.Invalid("inhouse.bad_request")
	}
	switch r.State {
	case stateCancelled:
		return nil
	case statePending:
		if s.recoverPending(ctx, r) == "failed" {
			return apperr.New(apperr.KindUnavailable, "inhouse.wallet_unavailable")
		}
		if cur, err := s.store.round(ctx, r.ID); err == nil && cur.State == stateOpen {
			_, err = s.refund(ctx, cur)
			return err
		}
		return nil
	}
	_, err = s.CancelExternal(ctx, r.ID)
	return err
}

// SetExternalOutcome replaces the outcome shown for an external round, in
// any state (Crash adds the round's point and hash to bets cashed out
// before the crash was revealed). It moves no money; a repeat is harmless.
func (s *Service) SetExternalOutcome(ctx context.Context, roundID int64, outcome any) error {
	b, err := json.Marshal(outcome)
	if err != nil {
		return apperr.Invalid("inhouse.bad_request")
	}
	return s.store.setExternalOutcome(ctx, roundID, string(b))
}
