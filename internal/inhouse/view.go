package inhouse

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/apperr"
)

// view turns a stored round into the API's: the public status, the
// outcome as the player may see it (an unfinished Mines board never shows
// its mines, unplayed free spins stay hidden) and the fair data.
func (s *Service) view(r roundRow) (Round, error) {
	v := Round{ID: r.ID, Game: r.Game, Amount: r.Amount, Win: r.Win, Multiplier: r.Multiplier, Currency: r.Currency,
		Params: json.RawMessage(r.Params), JackpotWin: r.JPWin, CreatedAt: rfc3339(r.CreatedAt), EndedAt: rfc3339(r.EndedAt),
		Fair: Fair{ServerSeedHash: r.SeedHash, ServerSeed: r.ServerSeed, ClientSeed: r.ClientSeed, Nonce: r.Nonce}}
	switch r.State {
	case stateCompleted:
		v.Status = StatusCompleted
	case stateCancelled:
		// Its bet was refunded: no win, whatever an older row stored.
		v.Status = StatusCancelled
		v.Win, v.JackpotWin, v.Multiplier = 0, 0, 0
	default:
		v.Status = StatusOpen
		v.Win, v.JackpotWin = 0, 0 // not paid yet
		if r.Game != GameMines {
			v.Multiplier = 0
		}
	}
	out, err := publicOutcome(r)
	if err != nil {
		return Round{}, err
	}
	v.Outcome = out
	return v, nil
}

func publicOutcome(r roundRow) (json.RawMessage, error) {
	ended := r.State == stateCompleted || r.State == stateCancelled
	switch r.Game {
	case GameMines:
		var o minesState
		if err := json.Unmarshal([]byte(r.Outcome), &o); err != nil {
			return nil, apperr.Internal(err, "mines outcome of round %d", r.ID)
		}
		pub := minesView{Revealed: o.Revealed, Busted: o.Busted, Mines: []int{}}
		if ended {
			pub.Mines = o.Mines
		}
		if pub.Revealed == nil {
			pub.Revealed = []int{}
		}
		return json.Marshal(pub)
	case GameSlot:
		var o slotStored
		if err := json.Unmarshal([]byte(r.Outcome), &o); err != nil {
			return nil, apperr.Internal(err, "slot outcome of round %d", r.ID)
		}
		shown := o.Played
		if ended && r.State == stateCompleted {
			shown = len(o.Spins)
		}
		if r.State == statePending {
			shown = 0
		}
		if shown < 0 || shown > len(o.Spins) {
			return nil, apperr.Internal(fmt.Errorf("%d of %d spins played", shown, len(o.Spins)), "slot outcome of round %d", r.ID)
		}
		return slotViewJSON(o.Spins[:shown], len(o.Spins)-shown), nil
	case GameDice, GamePlinko:
		if r.State == statePending {
			return json.RawMessage(`{}`), nil
		}
		if r.Game == GameDice && r.State == stateCancelled {
			// The roll stays (the verifier recomputes it); that it would
			// have won does not: the round was cancelled.
			var o diceOutcome
			if err := json.Unmarshal([]byte(r.Outcome), &o); err != nil {
				return nil, apperr.Internal(err, "dice outcome of round %d", r.ID)
			}
			return json.Marshal(map[string]int{"roll": o.Roll})
		}
	}
	return json.RawMessage(r.Outcome), nil
}

// slotStored is a stored slot outcome (slotState, the same fields in the
// same order) read for its view or to advance it: the spins kept as their
// stored JSON, passed on as they are. Decoding every spin (its grid, its
// line wins) and encoding it again cost a large share of the server's CPU
// under the slot load;
// TestSlotOutcomeAsDecoded checks the bytes are the same as that gave.
type slotStored struct {
	Profile string            `json:"profile"`
	Spins   []json.RawMessage `json:"spins"`
	Played  int               `json:"played"`
}

// slotViewJSON is the slot outcome shown, {"spins": the spins played so
// far, "freeSpinsLeft": n}, from spins already encoded.
func slotViewJSON(spins []json.RawMessage, left int) json.RawMessage {
	n := 40
	for _, sp := range spins {
		n += len(sp) + 1
	}
	buf := make([]byte, 0, n)
	buf = append(buf, `{"spins":[`...)
	for i, sp := range spins {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, sp...)
	}
	buf = append(buf, `],"freeSpinsLeft":`...)
	buf = strconv.AppendInt(buf, int64(left), 10)
	return append(buf, '}')
}

func rfc3339(ms int64) string {
	if ms == 0 {
		return ""
	}
	return time.UnixMilli(ms).UTC().Format(time.RFC3339)
}

// --- recall ---

// MaxPageSize bounds a recall page.
const MaxPageSize = 100

// Rounds lists the caller's rounds for recall, newest first.
func (s *Service) Rounds(ctx context.Context, c account.Caller, q RoundQuery) (RoundPage, error) {
	if err := requireReal(c); err != nil {
		return RoundPage{}, err
	}
	if q.Game != "" && !knownGame(q.Game) {
		return RoundPage{}, apperr.Invalid("request.invalid_param").With("name", "game")
	}
	if q.PageNo <= 0 {
		q.PageNo = 1
	}
	if q.PageSize <= 0 || q.PageSize > MaxPageSize {
		q.PageSize = 20
	}
	if err := s.Settle(ctx); err != nil { // rounds answered a moment ago are listed completed
		return RoundPage{}, err
	}
	rows, total, err := s.store.rounds(ctx, c.MemberID, q.Game, (q.PageNo-1)*q.PageSize, q.PageSize)
	if err != nil {
		return RoundPage{}, err
	}
	page := RoundPage{List: make([]Round, 0, len(rows)), Total: total}
	for _, r := range rows {
		v, err := s.view(r)
		if err != nil {
			return RoundPage{}, err
		}
		page.List = append(page.List, v)
	}
	return page, nil
}

// Round is one of the caller's rounds (another member's is unknown).
func (s *Service) Round(ctx context.Context, c account.Caller, id int64) (Round, error) {
	if err := requireReal(c); err != nil {
		return Round{}, err
	}
	if err := s.Settle(ctx); err != nil { // a round answered a moment ago is shown completed
		return Round{}, err
	}
	r, err := s.own(ctx, c.MemberID, id)
	if err != nil {
		return Round{}, err
	}
	return s.view(r)
}

func (s *Service) own(ctx context.Context, memberID, id int64) (roundRow, error) {
	r, err := s.store.round(ctx, id)
	if err != nil {
		return r, err
	}
	if r.MemberID != memberID || r.State == statePending {
		return r, apperr.NotFound("inhouse.unknown_round")
	}
	return r, nil
}

// Active lists the caller's unfinished rounds (a Mines board, free spins,
// a Crash bet) to resume after a reconnect.
func (s *Service) Active(ctx context.Context, c account.Caller) ([]Round, error) {
	if err := requireReal(c); err != nil {
		return nil, err
	}
	rows, err := s.store.active(ctx, c.MemberID)
	if err != nil {
		return nil, err
	}
	out := make([]Round, 0, len(rows))
	for _, r := range rows {
		v, err := s.view(r)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

func knownGame(g string) bool {
	for _, s := range Slugs {
		if s == g {
			return true
		}
	}
	return false
}

// RecallOf is a member's in-house round as its own recall shows it, found
// by the round id the game wallet keeps ("<game>-<id>"): the back office's
// round detail.
func (s *Service) RecallOf(ctx context.Context, memberID int64, roundRef string) (Round, error) {
	i := strings.LastIndexByte(roundRef, '-')
	if i < 0 {
		return Round{}, apperr.NotFound("inhouse.unknown_round")
	}
	id, err := strconv.ParseInt(roundRef[i+1:], 10, 64)
	if err != nil || id <= 0 {
		return Round{}, apperr.NotFound("inhouse.unknown_round")
	}
	if err := s.Settle(ctx); err != nil {
		return Round{}, err
	}
	r, err := s.own(ctx, memberID, id)
	if err != nil {
		return Round{}, err
	}
	return s.view(r)
}
