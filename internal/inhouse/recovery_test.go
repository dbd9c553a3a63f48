package inhouse

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/fair"
	"github.com/palaro/palaro/internal/inhouse/mines"
	"github.com/palaro/palaro/internal/inhouse/slot"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// lastRound is the member's newest round, whatever its state.
func (s *site) lastRound(memberID int64) roundRow {
	s.t.Helper()
	var id int64
	if err := s.db.QueryRowContext(context.Background(), s.db.Rebind(`SELECT MAX(id) FROM inhouse_round WHERE member_id = ?`), memberID).Scan(&id); err != nil {
		s.t.Fatal(err)
	}
	return s.roundState(id)
}

func (s *site) recover() Report {
	s.t.Helper()
	rep, err := s.svc.Recover(context.Background())
	if err != nil {
		s.t.Fatal(err)
	}
	return rep
}

func TestRecovery(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		tok := s.login("demo01")
		id := s.memberID("demo01")
		s.fund(id, 1_000_000)
		dice := map[string]any{"amount": 1000, "target": 5000}

		t.Run("LostBetRequestRolledBack", func(t *testing.T) {
			before := s.balance(id)
			s.faults.failNext("betwin", "before") // a Dice round is played in one callback
			status, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "lost-bet-req", dice, nil)
			if status != http.StatusServiceUnavailable || env.Code != "inhouse.wallet_unavailable" {
				t.Fatalf("lost bet: %d %s", status, env.Code)
			}
			if r := s.lastRound(id); r.State != stateCancelled {
				t.Fatalf("round %s", r.State)
			}
			if got := s.balance(id); got != before {
				t.Fatalf("balance %d, want %d", got, before)
			}
		})

		t.Run("LostBetAnswerRefunded", func(t *testing.T) {
			before := s.balance(id)
			// The bet and win are applied, the answer lost: the round is
			// rolled back whole (bet refunded, win taken back).
			s.faults.failNext("betwin", "after")
			status, _ := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "lost-bet-ans", dice, nil)
			if status != http.StatusServiceUnavailable {
				t.Fatalf("status %d", status)
			}
			if r := s.lastRound(id); r.State != stateCancelled || r.Balance != before {
				t.Fatalf("round %s balance %d", r.State, r.Balance)
			}
			if got := s.balance(id); got != before {
				t.Fatalf("balance %d, want %d", got, before)
			}
		})

		t.Run("CrashAfterBetWinRestartCompletes", func(t *testing.T) {
			before := s.balance(id)
			// The bet and win are taken but their answer is lost, and so is
			// the immediate rollback: the process "dies" with the round
			// PENDING. The wallet holds the round played, so recovery
			// completes it as played (its stored result), never reversing it.
			s.faults.failNext("betwin", "after")
			s.faults.failNext("rollback", "before")
			s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "crash-pending", dice, nil)
			r := s.lastRound(id)
			if r.State != statePending || s.balance(id) != before-1000+r.Win {
				t.Fatalf("before restart: %s %d", r.State, s.balance(id))
			}
			s.restart()
			if rep := s.recover(); rep != (Report{}) {
				t.Fatalf("recovered a young round: %+v", rep) // inside the grace period it may still be running
			}
			s.clk.Advance(DefaultPendingGrace + time.Second)
			if rep := s.recover(); rep.Settled != 1 || rep.Cancelled != 0 {
				t.Fatalf("report %+v", rep)
			}
			got := s.roundState(r.ID)
			if got.State != stateCompleted || got.Win != r.Win || got.Balance != before-1000+r.Win {
				t.Fatalf("after recovery: %s win %d balance %d", got.State, got.Win, got.Balance)
			}
			if b := s.balance(id); b != before-1000+r.Win {
				t.Fatalf("balance %d, want %d (bet and win once)", b, before-1000+r.Win)
			}
			s.verifyLedger()
		})

		t.Run("CrashBeforeBetWinRestartCancels", func(t *testing.T) {
			before := s.balance(id)
			// The betwin never reaches the wallet and the immediate rollback
			// is lost too: recovery finds no seamless round, rolls the bet
			// back (which bars a late betwin) and cancels the round.
			s.faults.failNext("betwin", "before")
			s.faults.failNext("rollback", "before")
			s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "crash-unsent", dice, nil)
			r := s.lastRound(id)
			if r.State != statePending || s.balance(id) != before {
				t.Fatalf("before restart: %s %d", r.State, s.balance(id))
			}
			s.restart()
			s.clk.Advance(DefaultPendingGrace + time.Second)
			if rep := s.recover(); rep.Cancelled != 1 || rep.Settled != 0 {
				t.Fatalf("report %+v", rep)
			}
			if got := s.roundState(r.ID); got.State != stateCancelled {
				t.Fatalf("after recovery: %s", got.State)
			}
			if got := s.balance(id); got != before {
				t.Fatalf("balance %d, want %d", got, before)
			}
			s.verifyLedger()
		})

		t.Run("LostCompletionStandsAfterRestart", func(t *testing.T) {
			// The player was answered, but the round's completion did not
			// survive (on PostgreSQL it commits without waiting for its
			// flush): recovery finds it PENDING and completes it with the
			// result shown, moving no money.
			before := s.balance(id)
			p := s.post("/wps/inhouse/dice/bet", tok, dice)
			s.settle()
			if _, err := s.db.ExecContext(context.Background(), s.db.Rebind(`UPDATE inhouse_round SET state = 'PENDING', ended_at = 0 WHERE id = ?`), p.Round.ID); err != nil {
				t.Fatal(err)
			}
			after := s.balance(id)
			if after != p.Balance || after != before-1000+s.roundState(p.Round.ID).Win {
				t.Fatalf("balance %d, answered %d", after, p.Balance)
			}
			s.restart()
			s.clk.Advance(DefaultPendingGrace + time.Second)
			if rep := s.recover(); rep.Settled != 1 || rep.Cancelled != 0 {
				t.Fatalf("report %+v", rep)
			}
			got := s.roundState(p.Round.ID)
			if got.State != stateCompleted || got.Balance != p.Balance {
				t.Fatalf("after recovery: %s balance %d, answered %d", got.State, got.Balance, p.Balance)
			}
			if b := s.balance(id); b != after {
				t.Fatalf("balance %d, want %d (nothing moved)", b, after)
			}
			s.verifyLedger()
		})

		// A Mines cash-out is the round's win sent on its own.
		minesWithReveal := func() (Play, int) {
			p := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 1000, "size": 5, "mines": 3})
			st := s.roundState(p.Round.ID)
			var ms minesState
			if err := json.Unmarshal([]byte(st.Outcome), &ms); err != nil {
				t.Fatal(err)
			}
			safe := firstSafe(ms.Mines, 25, nil)
			s.post("/wps/inhouse/mines/reveal", tok, map[string]any{"roundId": p.Round.ID, "tile": safe})
			return p, safe
		}

		t.Run("LostWinPaidAfterRestart", func(t *testing.T) {
			before := s.balance(id)
			p, _ := minesWithReveal()
			s.faults.failNext("win", "after")
			status, env := s.call(http.MethodPost, "/wps/inhouse/mines/cashout", nil, tok, "lost-win", map[string]any{"roundId": p.Round.ID}, nil)
			if status != http.StatusServiceUnavailable {
				t.Fatalf("lost win: %d %s", status, env.Code)
			}
			r := s.roundState(p.Round.ID)
			if r.State != stateSettling || r.Win <= 0 {
				t.Fatalf("round %s win %d", r.State, r.Win)
			}
			s.restart()
			s.clk.Advance(DefaultPendingGrace + time.Second)
			if rep := s.recover(); rep.Settled != 1 {
				t.Fatalf("report %+v", rep)
			}
			r = s.roundState(r.ID)
			if r.State != stateCompleted {
				t.Fatalf("after recovery: %s", r.State)
			}
			if got := s.balance(id); got != before-1000+r.Win {
				t.Fatalf("balance %d, want %d (win %d paid once)", got, before-1000+r.Win, r.Win)
			}
			var detail struct{ Round Round }
			s.call(http.MethodGet, "/wps/inhouse/rounds/"+itoa(r.ID), nil, tok, "", nil, &detail)
			if detail.Round.Status != StatusCompleted || detail.Round.Win != r.Win {
				t.Fatalf("recall: %+v", detail.Round)
			}
			s.verifyLedger()
		})

		t.Run("CrashAfterBetWinSpentCompletes", func(t *testing.T) {
			// The bet and win are applied, the answer and the immediate
			// rollback lost: the round is PENDING with its win in the
			// wallet, and the player spends the win meanwhile. Recovery
			// completes the round as played (the wallet holds it), moving
			// nothing. (Play until a roll wins; a lost roll is completed as
			// played too.)
			var r roundRow
			for i := 0; ; i++ {
				s.faults.failNext("betwin", "after")
				s.faults.failNext("rollback", "before")
				if _, err := s.svc.Dice(context.Background(), s.caller("demo01"), "crash-after-win-"+itoa(int64(i)), DiceRequest{Amount: 1000, Target: 9700}); err == nil {
					t.Fatal("want an error")
				}
				if r = s.lastRound(id); r.State != statePending {
					t.Fatalf("round %s", r.State)
				}
				if r.Win > 1000 {
					break
				}
				s.restart() // a lost roll: recovery completes it as played
				s.clk.Advance(DefaultPendingGrace + time.Second)
				if rep := s.recover(); rep.Settled != 1 || rep.Cancelled != 0 || i == 9 {
					t.Fatalf("lost roll %d: %+v", i, rep)
				}
			}
			s.fund(id, -(s.balance(id) - 10)) // spent: 10 left, less than the win's excess over the bet
			left := s.balance(id)
			s.restart()
			s.clk.Advance(DefaultPendingGrace + time.Second)
			if rep := s.recover(); rep.Settled != 1 {
				t.Fatalf("report %+v", rep)
			}
			got := s.roundState(r.ID)
			if got.State != stateCompleted || got.Win != r.Win || s.balance(id) != left {
				t.Fatalf("after recovery: %s win %d balance %d want %d", got.State, got.Win, s.balance(id), left)
			}
			s.fund(id, 1_000_000)
			s.verifyLedger()
		})

		t.Run("MinesTimeoutCashesOut", func(t *testing.T) {
			before := s.balance(id)
			p := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 1000, "size": 5, "mines": 3})
			st := s.roundState(p.Round.ID)
			var ms minesState
			if err := json.Unmarshal([]byte(st.Outcome), &ms); err != nil {
				t.Fatal(err)
			}
			safe := firstSafe(ms.Mines, 25, nil)
			s.post("/wps/inhouse/mines/reveal", tok, map[string]any{"roundId": p.Round.ID, "tile": safe})

			s.restart()
			var active struct{ Rounds []Round }
			s.call(http.MethodGet, "/wps/inhouse/active", nil, tok, "", nil, &active)
			if len(active.Rounds) != 1 || active.Rounds[0].ID != p.Round.ID {
				t.Fatalf("active after restart: %+v", active.Rounds)
			}
			var mv minesView
			if err := json.Unmarshal(active.Rounds[0].Outcome, &mv); err != nil || len(mv.Mines) != 0 || len(mv.Revealed) != 1 {
				t.Fatalf("open board shows %s", active.Rounds[0].Outcome)
			}
			s.clk.Advance(DefaultMinesTimeout - time.Minute)
			if rep := s.recover(); rep.TimedOut != 0 {
				t.Fatalf("timed out early: %+v", rep)
			}
			s.clk.Advance(2 * time.Minute)
			if rep := s.recover(); rep.TimedOut != 1 {
				t.Fatalf("report %+v", rep)
			}
			r := s.roundState(p.Round.ID)
			mult := mines.Multiplier(mines.Params{Size: 5, Mines: 3}, 1)
			if r.State != stateCompleted || r.Multiplier != mult || r.Win != payout(1000, mult) {
				t.Fatalf("after timeout: %s mult %d win %d", r.State, r.Multiplier, r.Win)
			}
			if got := s.balance(id); got != before-1000+r.Win {
				t.Fatalf("balance %d, want %d", got, before-1000+r.Win)
			}
		})

		t.Run("MinesTimeoutNothingRevealedRefunds", func(t *testing.T) {
			before := s.balance(id)
			p := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 1000, "size": 4, "mines": 2})
			s.restart()
			s.clk.Advance(DefaultMinesTimeout + time.Minute)
			if rep := s.recover(); rep.TimedOut != 1 {
				t.Fatalf("report %+v", rep)
			}
			if r := s.roundState(p.Round.ID); r.State != stateCancelled {
				t.Fatalf("state %s", r.State)
			}
			if got := s.balance(id); got != before {
				t.Fatalf("balance %d, want %d", got, before)
			}
			s.verifyLedger()
		})

		t.Run("FreeSpinsTimeoutPlayedByServer", func(t *testing.T) {
			before := s.balance(id)
			s.nonceWithFreeSpins(id)
			p := s.post("/wps/inhouse/slot/spin", tok, map[string]any{"amount": 1000})
			var sv slotView
			if err := json.Unmarshal(p.Round.Outcome, &sv); err != nil {
				t.Fatal(err)
			}
			if p.Round.Status != StatusOpen || len(sv.Spins) != 1 || sv.FreeSpinsLeft == 0 {
				t.Fatalf("spin with free spins: %+v", p.Round)
			}
			// One free spin by the player, then the player leaves.
			p = s.post("/wps/inhouse/slot/free", tok, map[string]any{"roundId": p.Round.ID})
			s.restart()
			s.clk.Advance(DefaultFreeSpinTimeout + time.Minute)
			if rep := s.recover(); rep.TimedOut != 1 {
				t.Fatalf("report %+v", rep)
			}
			r := s.roundState(p.Round.ID)
			var st slotState
			if err := json.Unmarshal([]byte(r.Outcome), &st); err != nil {
				t.Fatal(err)
			}
			if r.State != stateCompleted || st.Played != len(st.Spins) {
				t.Fatalf("after timeout: %s played %d of %d", r.State, st.Played, len(st.Spins))
			}
			var sum int64
			for _, sp := range st.Spins {
				sum += sp.Multiplier
			}
			if r.Multiplier != sum || r.Win != payout(1000, sum) || s.balance(id) != before-1000+r.Win {
				t.Fatalf("mult %d (want %d) win %d balance %d", r.Multiplier, sum, r.Win, s.balance(id))
			}
			s.verifyLedger()
		})
	})
}

func firstSafe(layout []int, tiles int, skip []int) int {
	for t := 0; t < tiles; t++ {
		if !mines.IsMine(layout, t) && !contains(skip, t) {
			return t
		}
	}
	return -1
}

func contains(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func itoa(n int64) string { return string(appendInt(nil, n)) }

func appendInt(b []byte, n int64) []byte {
	if n >= 10 {
		b = appendInt(b, n/10)
	}
	return append(b, byte('0'+n%10))
}

// nonceWithFreeSpins moves the member's active pair to the next nonce whose
// slot spin awards free spins (found by playing the stream, as a verifier would).
func (s *site) nonceWithFreeSpins(memberID int64) {
	s.t.Helper()
	ctx := context.Background()
	st := NewStore(s.db)
	seed, err := st.activeSeed(ctx, s.db, memberID)
	if err == errNoSeed {
		if _, err := s.svc.Seeds(ctx, s.caller("demo01")); err != nil {
			s.t.Fatal(err)
		}
		seed, err = st.activeSeed(ctx, s.db, memberID)
	}
	if err != nil {
		s.t.Fatal(err)
	}
	for n := seed.Nonce; n < seed.Nonce+20000; n++ {
		rd := slot.PlayRound(fair.NewStream(seed.ServerSeed, seed.ClientSeed, uint64(n)), slot.Profile96)
		if len(rd.Spins) > 2 {
			if _, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE inhouse_seed SET nonce = ? WHERE id = ?`), n, seed.ID); err != nil {
				s.t.Fatal(err)
			}
			return
		}
	}
	s.t.Fatal("no free spins in 20000 nonces")
}

// A background pass cut short by shutdown is not logged as an error; a pass
// that fails while the server runs is.
func TestLogPassQuietAtShutdown(t *testing.T) {
	var buf bytes.Buffer
	s := &Service{logger: slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))}
	stopped, cancel := context.WithCancel(context.Background())
	cancel()
	s.logPass(stopped, "in-house jackpot flush", fmt.Errorf("jackpot batch: begin: %w", context.Canceled))
	if buf.Len() != 0 {
		t.Fatalf("shutdown logged: %s", buf.String())
	}
	s.logPass(context.Background(), "in-house jackpot flush", errors.New("disk full"))
	if got := buf.String(); !strings.Contains(got, "level=ERROR") || !strings.Contains(got, "disk full") {
		t.Fatalf("a failing pass was not logged as an error: %q", got)
	}
}
