package inhouse

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/slot"
)

// slotView is the slot outcome shown as it was encoded before slotViewJSON:
// the spins played so far, decoded, and the free spins left.
type slotView struct {
	Spins         []slot.Spin `json:"spins"`
	FreeSpinsLeft int         `json:"freeSpinsLeft"`
}

// TestSlotOutcomeAsDecoded: the slot view built from the stored spins as
// they are (slotStored) is byte for byte what decoding every spin and
// encoding the view gave, in every state and at every point of a round
// with free spins; so is the outcome a free spin stores back.
func TestSlotOutcomeAsDecoded(t *testing.T) {
	withFree := 0
	for nonce := uint64(0); nonce < 20000 && withFree < 25; nonce++ {
		rd := slot.PlayRound(fair.NewStream("server-seed", "client-seed", nonce), slot.DefaultProfile)
		if len(rd.Spins) > 1 {
			withFree++
		} else if nonce%50 != 0 {
			continue // plenty of single spins among the first
		}
		for played := 1; played <= len(rd.Spins); played++ {
			st := slotState{Profile: string(slot.DefaultProfile), Spins: rd.Spins, Played: played}
			b, err := json.Marshal(st)
			if err != nil {
				t.Fatal(err)
			}
			for _, state := range []string{statePending, stateOpen, stateSettling, stateCompleted, stateCancelled} {
				r := roundRow{ID: int64(nonce), Game: GameSlot, State: state, Outcome: string(b)}
				got, err := publicOutcome(r)
				if err != nil {
					t.Fatal(err)
				}
				shown := played
				if state == stateCompleted {
					shown = len(rd.Spins)
				}
				if state == statePending {
					shown = 0
				}
				want, err := json.Marshal(slotView{Spins: rd.Spins[:shown], FreeSpinsLeft: len(rd.Spins) - shown})
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != string(want) {
					t.Fatalf("nonce %d, %s, played %d:\n got %s\nwant %s", nonce, state, played, got, want)
				}
			}
			// A free spin stores the outcome back with Played moved on.
			var stored slotStored
			if err := json.Unmarshal(b, &stored); err != nil {
				t.Fatal(err)
			}
			stored.Played, st.Played = played+1, played+1
			got, err := json.Marshal(stored)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := json.Marshal(st)
			if string(got) != string(want) {
				t.Fatalf("stored back:\n got %s\nwant %s", got, want)
			}
		}
	}
	if withFree < 25 {
		t.Fatalf("only %d rounds with free spins", withFree)
	}
	// A played count outside the spins is refused, not sliced.
	if _, err := publicOutcome(roundRow{Game: GameSlot, State: stateOpen, Outcome: fmt.Sprintf(`{"profile":"x","spins":[{}],"played":%d}`, 5)}); err == nil {
		t.Fatal("played beyond the spins accepted")
	}
}
