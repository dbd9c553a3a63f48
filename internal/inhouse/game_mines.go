package inhouse

import (
	"context"
	"encoding/json"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/mines"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// MinesRequest starts a board.
type MinesRequest struct {
	Amount int64 `json:"amount"`
	Size   int   `json:"size"`
	Mines  int   `json:"mines"`
}

// MinesRevealRequest opens one tile (numbered row by row from 0).
type MinesRevealRequest struct {
	RoundID int64 `json:"roundId"`
	Tile    int   `json:"tile"`
}

// minesState is a Mines round as stored: the layout drawn at the start,
// the safe tiles revealed so far in order, and the mine hit, if any.
type minesState struct {
	Mines    []int `json:"mines"`
	Revealed []int `json:"revealed"`
	Busted   bool  `json:"busted"`
	Hit      *int  `json:"hit,omitempty"`
}

// minesView is the outcome shown: the layout only once the round is over.
type minesView struct {
	Revealed []int `json:"revealed"`
	Mines    []int `json:"mines"`
	Busted   bool  `json:"busted"`
	Hit      *int  `json:"hit,omitempty"`
}

// MinesStart opens a board; the mines are placed now, from the round's
// seed pair and nonce, and stay hidden until the round ends.
func (s *Service) MinesStart(ctx context.Context, c account.Caller, key string, req MinesRequest) (Play, error) {
	p := mines.Params{Size: req.Size, Mines: req.Mines}
	return s.open(ctx, c, key, opening{
		slug: GameMines, amount: req.Amount, params: p, check: p.Validate(),
		hash: requestHash(GameMines, req.Amount, req.Size, req.Mines),
		play: func(src *fair.Stream) (any, string, int64, int64) {
			return minesState{Mines: mines.Layout(src, p), Revealed: []int{}}, stateOpen, 0, 0
		},
	})
}

// MinesReveal opens a tile: a mine ends the round lost, the last safe tile
// cashes out by itself, any other safe tile raises the multiplier.
func (s *Service) MinesReveal(ctx context.Context, c account.Caller, key string, req MinesRevealRequest) (Play, error) {
	return s.action(ctx, c, key, requestHash("mines-reveal", req.RoundID, req.Tile), func() (Play, error) {
		r, p, st, err := s.minesRound(ctx, c.MemberID, req.RoundID)
		if err != nil {
			return Play{}, err
		}
		if r.State != stateOpen {
			return Play{}, apperr.Conflict("inhouse.round_closed")
		}
		if err := mines.CheckTile(p, req.Tile, st.Revealed); err != nil {
			return Play{}, err
		}
		next := stateOpen
		var win, mult int64
		if mines.IsMine(st.Mines, req.Tile) {
			tile := req.Tile
			st.Busted, st.Hit, next = true, &tile, stateSettling
		} else {
			st.Revealed = append(st.Revealed, req.Tile)
			mult = mines.Multiplier(p, len(st.Revealed))
			if len(st.Revealed) == p.Safe() {
				next, win = stateSettling, payout(r.Amount, mult)
			}
		}
		b, err := json.Marshal(st)
		if err != nil {
			return Play{}, err
		}
		out := string(b)
		ok, err := s.store.apply(ctx, s.store.db, change{ID: r.ID, From: []string{stateOpen}, Version: r.Version, State: next,
			Win: &win, Multiplier: &mult, Outcome: &out, Now: s.clock.Now().UnixMilli()})
		if err != nil {
			return Play{}, err
		}
		if !ok {
			return Play{}, apperr.Conflict("inhouse.round_closed")
		}
		r.Outcome, r.State, r.Win, r.Multiplier = out, next, win, mult
		r.Version++
		if next == stateSettling {
			return s.settle(ctx, &r, []string{stateSettling})
		}
		return s.play(ctx, r)
	})
}

// MinesCashout ends a board at the multiplier of the tiles revealed; with
// none revealed the bet is refunded (rolled back) instead.
func (s *Service) MinesCashout(ctx context.Context, c account.Caller, key string, roundID int64) (Play, error) {
	return s.action(ctx, c, key, requestHash("mines-cashout", roundID), func() (Play, error) {
		r, _, st, err := s.minesRound(ctx, c.MemberID, roundID)
		if err != nil {
			return Play{}, err
		}
		switch {
		case r.State == stateOpen:
			return s.cashoutMines(ctx, r)
		case st.Busted:
			return Play{}, apperr.Conflict("inhouse.round_closed")
		}
		return Play{}, apperr.Conflict("inhouse.double_cashout")
	})
}

func (s *Service) minesRound(ctx context.Context, memberID, id int64) (roundRow, mines.Params, minesState, error) {
	var p mines.Params
	var st minesState
	r, err := s.own(ctx, memberID, id)
	if err != nil {
		return r, p, st, err
	}
	if r.Game != GameMines {
		return r, p, st, apperr.NotFound("inhouse.unknown_round")
	}
	if err := json.Unmarshal([]byte(r.Params), &p); err != nil {
		return r, p, st, apperr.Internal(err, "mines params of round %d", r.ID)
	}
	if err := json.Unmarshal([]byte(r.Outcome), &st); err != nil {
		return r, p, st, apperr.Internal(err, "mines outcome of round %d", r.ID)
	}
	return r, p, st, nil
}

// minesMultiplier is the cash-out multiplier of a board after n safe picks.
func minesMultiplier(r roundRow, n int) (int64, error) {
	var p mines.Params
	if err := json.Unmarshal([]byte(r.Params), &p); err != nil {
		return 0, apperr.Internal(err, "mines params of round %d", r.ID)
	}
	return mines.Multiplier(p, n), nil
}
