package inhouse

import (
	"context"
	"slices"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestRoundsInOneCallback checks which seamless callbacks a round takes: a
// round decided at once (Plinko, Dice) is one betwin, whose seamless round
// is COMPLETED with the bet and the win; a round the player continues
// (Mines) bets first and is paid by its win.
func TestRoundsInOneCallback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 1_000_000)
		sent := func(do func()) []string {
			s.faults.mu.Lock()
			n := len(s.faults.sent)
			s.faults.mu.Unlock()
			do()
			s.faults.mu.Lock()
			defer s.faults.mu.Unlock()
			return slices.Clone(s.faults.sent[n:])
		}
		seamlessRound := func(r *roundRow) (status string, bet, win int64) {
			t.Helper()
			if err := d.QueryRowContext(context.Background(), d.Rebind(`SELECT status, bet, win FROM game_round WHERE vendor = ? AND round_id = ?`),
				Vendor, roundRef(r)).Scan(&status, &bet, &win); err != nil {
				t.Fatal(err)
			}
			return status, bet, win
		}

		before := s.balance(id)
		var p Play
		ops := sent(func() {
			p = s.post("/wps/inhouse/plinko/bet", tok, map[string]any{"amount": 1000, "rows": 12, "risk": "high"})
		})
		if !slices.Equal(ops, []string{"betwin"}) {
			t.Fatalf("plinko callbacks %v", ops)
		}
		r := s.roundState(p.Round.ID)
		if st, bet, win := seamlessRound(&r); st != "COMPLETED" || bet != 1000 || win != p.Round.Win {
			t.Fatalf("seamless round %s %d %d, in-house %+v", st, bet, win, p.Round)
		}
		if r.State != stateCompleted || p.Balance != before-1000+p.Round.Win || s.balance(id) != p.Balance {
			t.Fatalf("round %s, answered balance %d, balance %d, want %d", r.State, p.Balance, s.balance(id), before-1000+p.Round.Win)
		}

		ops = sent(func() {
			p = s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 1000, "size": 5, "mines": 3})
		})
		if !slices.Equal(ops, []string{"bet"}) {
			t.Fatalf("mines start callbacks %v", ops)
		}
		ops = sent(func() { s.post("/wps/inhouse/mines/cashout", tok, map[string]any{"roundId": p.Round.ID}) })
		// Nothing revealed: the stake comes back, and the seamless round is
		// ended so that the betting record shows it cancelled at once.
		if !slices.Equal(ops, []string{"rollback", "endround"}) {
			t.Fatalf("mines cash-out callbacks %v", ops)
		}
		s.verifyLedger()
	})
}
