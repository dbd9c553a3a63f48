package inhouse

import (
	"context"
	"encoding/json"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/slot"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// SlotRequest is a spin of the Parol slot: the total stake of 20 lines.
type SlotRequest struct {
	Amount int64 `json:"amount"`
}

// SlotFreeRequest plays the next free spin of a round.
type SlotFreeRequest struct {
	RoundID int64 `json:"roundId"`
}

// slotState is a slot round as stored: every spin of the round, drawn at
// the start (base spin, then the free spins it leads to, in draw order:
// slot.PlayRound), and how many the player has seen.
type slotState struct {
	Profile string      `json:"profile"`
	Spins   []slot.Spin `json:"spins"`
	Played  int         `json:"played"`
}

// slotParams are the inputs recorded with a slot round.
type slotParams struct {
	Profile string `json:"profile"`
	Lines   int    `json:"lines"`
}

// SlotSpin plays a base spin. Free spins it awards keep the round OPEN; the
// player plays them with SlotFree (or the server does, after
// FreeSpinTimeout), and the whole round's win is paid when they are done.
func (s *Service) SlotSpin(ctx context.Context, c account.Caller, key string, req SlotRequest) (Play, error) {
	prof, err := s.slotProfile(ctx)
	if err != nil {
		return Play{}, err
	}
	return s.open(ctx, c, key, opening{
		slug: GameSlot, amount: req.Amount, params: slotParams{Profile: string(prof), Lines: slot.NumLines},
		hash: requestHash(GameSlot, req.Amount),
		play: func(src *fair.Stream) (any, string, int64, int64) {
			rd := slot.PlayRound(src, prof)
			st := slotState{Profile: string(prof), Spins: rd.Spins, Played: 1}
			if len(rd.Spins) > 1 {
				return st, stateOpen, payout(req.Amount, rd.Multiplier), rd.Multiplier
			}
			return st, stateCompleted, payout(req.Amount, rd.Multiplier), rd.Multiplier
		},
	})
}

// SlotFree shows the next free spin of an OPEN slot round; the last one
// settles the round.
func (s *Service) SlotFree(ctx context.Context, c account.Caller, key string, req SlotFreeRequest) (Play, error) {
	return s.action(ctx, c, key, requestHash("slot-free", req.RoundID), func() (Play, error) {
		r, err := s.own(ctx, c.MemberID, req.RoundID)
		if err != nil {
			return Play{}, err
		}
		if r.Game != GameSlot {
			return Play{}, apperr.NotFound("inhouse.unknown_round")
		}
		if r.State != stateOpen {
			return Play{}, apperr.Conflict("inhouse.round_closed")
		}
		return s.advanceSlot(ctx, r, 1)
	})
}

// advanceSlot shows n more spins (all when n <= 0) and settles the round
// once every spin is shown.
func (s *Service) advanceSlot(ctx context.Context, r roundRow, n int) (Play, error) {
	var st slotStored // the spins as stored: only Played changes
	if err := json.Unmarshal([]byte(r.Outcome), &st); err != nil {
		return Play{}, apperr.Internal(err, "slot outcome of round %d", r.ID)
	}
	if n <= 0 || st.Played+n > len(st.Spins) {
		n = len(st.Spins) - st.Played
	}
	st.Played += n
	b, err := json.Marshal(st)
	if err != nil {
		return Play{}, err
	}
	out := string(b)
	next := stateOpen
	if st.Played >= len(st.Spins) {
		next = stateSettling
	}
	ok, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{stateOpen}, Version: r.Version, State: next, Outcome: &out, Now: s.clock.Now().UnixMilli()})
	if err != nil {
		return Play{}, err
	}
	if !ok {
		return Play{}, apperr.Conflict("inhouse.round_closed")
	}
	r.Outcome, r.State, r.Version = out, next, r.Version+1
	if next == stateSettling {
		return s.settle(ctx, &r, []string{stateSettling})
	}
	return s.play(ctx, r)
}
