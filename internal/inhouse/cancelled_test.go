package inhouse

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestCancelledRoundsShowNoWin: a round whose bet went back shows as
// CANCELLED with no win anywhere it is read: a Dice round drawn to win
// whose bet answer was lost (rolled back), and a Mines board cashed out
// with nothing revealed. Recall and the round itself answer win 0,
// multiplier 0 and no winning outcome; the seamless round the betting
// record reads is CANCELLED at once, with no win.
func TestCancelledRoundsShowNoWin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 1_000_000)
		ctx := context.Background()

		recall := func(t *testing.T, roundID int64) Round {
			t.Helper()
			var list struct {
				List []Round `json:"list"`
			}
			if status, env := s.call(http.MethodGet, "/wps/inhouse/rounds", url.Values{}, tok, "", nil, &list); status != 200 {
				t.Fatalf("recall %d %s", status, env.Code)
			}
			for _, r := range list.List {
				if r.ID == roundID {
					return r
				}
			}
			t.Fatalf("round %d not in recall", roundID)
			return Round{}
		}
		one := func(t *testing.T, roundID int64) Round {
			t.Helper()
			var out struct {
				Round Round `json:"round"`
			}
			if status, env := s.call(http.MethodGet, "/wps/inhouse/rounds/"+strconv.FormatInt(roundID, 10), nil, tok, "", nil, &out); status != 200 {
				t.Fatalf("round %d %s", status, env.Code)
			}
			return out.Round
		}
		noWin := func(t *testing.T, what string, r Round) {
			t.Helper()
			if r.Status != StatusCancelled || r.Win != 0 || r.Multiplier != 0 || r.JackpotWin != 0 {
				t.Fatalf("%s: status %s win %d multiplier %d jackpot %d", what, r.Status, r.Win, r.Multiplier, r.JackpotWin)
			}
			var o map[string]any
			_ = json.Unmarshal(r.Outcome, &o)
			if o["win"] == true {
				t.Fatalf("%s: outcome %s says won", what, r.Outcome)
			}
		}
		seamlessRound := func(t *testing.T, game string, roundID int64) gamewallet.Round {
			t.Helper()
			rounds, _, err := s.seamless.Rounds(ctx, gamewallet.RoundQuery{MemberID: id, From: time.Unix(0, 0), To: s.clk.Now().Add(time.Hour), Limit: 500})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rounds {
				if r.RoundID == game+"-"+strconv.FormatInt(roundID, 10) {
					return r
				}
			}
			t.Fatalf("no seamless round for %s %d", game, roundID)
			return gamewallet.Round{}
		}

		t.Run("DiceWinRolledBack", func(t *testing.T) {
			before := s.balance(id)
			var r roundRow
			for try := 0; ; try++ { // a roll under 98.00 wins: almost every draw
				s.faults.failNext("betwin", "after") // played, answer lost: rolled back whole
				s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "dice-lost-"+strconv.Itoa(try), map[string]any{"amount": 1000, "target": 9800}, nil)
				r = s.lastRound(id)
				var o diceOutcome
				_ = json.Unmarshal([]byte(r.Outcome), &o)
				if o.Roll < 9800 {
					break
				}
				if try == 5 {
					t.Fatal("no winning draw in six")
				}
			}
			if r.State != stateCancelled || s.balance(id) != before {
				t.Fatalf("round %s, balance %d want %d", r.State, s.balance(id), before)
			}
			noWin(t, "recall", recall(t, r.ID))
			noWin(t, "round", one(t, r.ID))
			if sr := seamlessRound(t, GameDice, r.ID); sr.Status != gamewallet.StatusCancelled || sr.Win != 0 || sr.ValidBet != 0 {
				t.Fatalf("seamless round %+v", sr)
			}
		})

		t.Run("MinesCashedOutAtOnce", func(t *testing.T) {
			before := s.balance(id)
			start := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 1000, "size": 5, "mines": 3})
			out := s.post("/wps/inhouse/mines/cashout", tok, map[string]any{"roundId": start.Round.ID})
			noWin(t, "cash-out answer", out.Round)
			noWin(t, "recall", recall(t, start.Round.ID))
			if s.balance(id) != before {
				t.Fatalf("balance %d want %d", s.balance(id), before)
			}
			if sr := seamlessRound(t, GameMines, start.Round.ID); sr.Status != gamewallet.StatusCancelled || sr.Win != 0 || sr.ValidBet != 0 {
				t.Fatalf("seamless round %+v", sr)
			}
		})
	})
}
