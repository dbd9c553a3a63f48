package seamless

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func (s *site) betWin(tok, player, tx, round string, bet, win int64) m {
	b := s.bet(tok, player, tx, round, bet)
	b["winAmount"] = win
	return b
}

// eachAnswerPath runs fn with the answers stored by the recorder and with
// them stored in the postings' transaction (the ledger's hook).
func eachAnswerPath(t *testing.T, fn func(t *testing.T, s *site)) {
	for _, inPosting := range []bool{false, true} {
		name := "recorder"
		if inPosting {
			name = "in-posting"
		}
		t.Run(name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, d *db.DB) {
				s := newSiteCfg(t, d, gamewallet.Config{AnswersInPosting: inPosting, GuardBetWin: inPosting})
				fn(t, s)
			})
		})
	}
}

// wantGuardFailures checks how many guarded betwins were played again with
// their lookup: n when the betwins go guarded, none on the recorder path.
func wantGuardFailures(t *testing.T, s *site, n int64) {
	t.Helper()
	if !s.gwCfg.GuardBetWin {
		n = 0
	}
	if got := s.gw.GuardRetries(); got != n {
		t.Fatalf("%d betwins played again after their guard, want %d", got, n)
	}
}

// TestBetWin plays rounds in one call: the bet and the win move as two
// postings written together, the round is opened COMPLETED with both, the
// round's fact is in the activity stream, a repeat answers the first answer, and a changed
// request under the same txId is a mismatch.
func TestBetWin(t *testing.T) {
	n := 0
	eachAnswerPath(t, func(t *testing.T, s *site) {
		n++
		member := int64(70 + n) // each run its own member and rounds (the database is shared)
		tok := s.player(member, 100_00)
		p := PlayerID(member)
		rid := func(r string) string { return r + "-" + itoa(member) }

		st, r := s.call("PG", OpBetWin, s.betWin(tok, p, rid("bw1"), rid("r1"), 10_00, 35_00))
		wantCode(t, st, r, 200, "")
		if *r.Balance != 125_00 || r.RoundStatus != StatusCompleted || r.TxID != rid("bw1") || r.PlatformTxID == "" || r.Currency != s.currency {
			t.Fatalf("betwin %+v", r)
		}
		if got := s.mainBalance(member); got != 125_00 {
			t.Fatalf("main %d, want 125_00", got)
		}
		rd := s.round(rid("r1"))
		if rd.Status != StatusCompleted || rd.Bet != 10_00 || rd.ValidBet != 10_00 || rd.Win != 35_00 || rd.Wins != 1 ||
			rd.NodeID != s.slot.NodeID || rd.GameType != s.slot.GameType || rd.EndedAt.IsZero() || rd.MemberID != member {
			t.Fatalf("round %+v", rd)
		}
		if ended, ok := s.nextEnded(); !ok {
			t.Fatal("no round fact")
		} else if ended.RoundID != rid("r1") || ended.Win != 35_00 || ended.Bet != 10_00 || ended.Status != StatusCompleted || ended.ID != rd.ID {
			t.Fatalf("round fact %+v (round %+v)", ended, rd)
		}
		// The ledger holds a bet and a win, the bet first.
		bet, err := s.ledger.Posting(context.Background(), mustInt(t, r.PlatformTxID))
		if err != nil || bet.Kind != ledger.KindBet || bet.Key != ledgerKey("PG", rid("bw1")) {
			t.Fatalf("bet posting %+v, %v", bet, err)
		}
		tx, ok, err := s.storedTx("PG", rid("bw1"))
		if err != nil || !ok || tx.Kind != OpBetWin || tx.Amount != 10_00 || tx.PostingID != bet.ID {
			t.Fatalf("stored tx %+v %v %v", tx, ok, err)
		}

		// A repeat: the first answer, nothing moves.
		st, again := s.call("PG", OpBetWin, s.betWin(tok, p, rid("bw1"), rid("r1"), 10_00, 35_00))
		wantCode(t, st, again, 200, "")
		if *again.Balance != 125_00 || again.PlatformTxID != r.PlatformTxID {
			t.Fatalf("replay %+v vs %+v", again, r)
		}
		// The same txId with another win: a mismatch.
		st, mis := s.call("PG", OpBetWin, s.betWin(tok, p, rid("bw1"), rid("r1"), 10_00, 36_00))
		wantCode(t, st, mis, 409, CodeDuplicateTxMismatch)
		if got := s.mainBalance(member); got != 125_00 {
			t.Fatalf("main after repeats %d", got)
		}

		// A loss: the bet alone.
		st, loss := s.call("PG", OpBetWin, s.betWin(tok, p, rid("bw2"), rid("r2"), 25_00, 0))
		wantCode(t, st, loss, 200, "")
		if *loss.Balance != 100_00 || s.round(rid("r2")).Win != 0 || s.round(rid("r2")).Status != StatusCompleted {
			t.Fatalf("loss %+v, round %+v", loss, s.round(rid("r2")))
		}

		// The round exists: a bet and win must open a new one.
		st, again = s.call("PG", OpBetWin, s.betWin(tok, p, rid("bw3"), rid("r1"), 1_00, 0))
		wantCode(t, st, again, 409, CodeRoundClosed)
		st, _ = s.call("PG", OpBet, s.bet(tok, p, rid("b4"), rid("r4"), 1_00))
		if st != 200 {
			t.Fatalf("bet %d", st)
		}
		st, again = s.call("PG", OpBetWin, s.betWin(tok, p, rid("bw4"), rid("r4"), 1_00, 0))
		wantCode(t, st, again, 400, CodeInvalidRequest)
		// A win may not be sent on a round played in one call.
		st, again = s.call("PG", OpWin, s.win(tok, p, rid("w1"), rid("r1"), 5_00, true))
		wantCode(t, st, again, 409, CodeRoundClosed)
		if got := s.mainBalance(member); got != 99_00 {
			t.Fatalf("main at the end %d, want 99_00", got)
		}
		// In the posting, a new betwin goes guarded without a lookup; the
		// repeat, the mismatch and the two on existing rounds failed their
		// guard and were answered after the lookup.
		wantGuardFailures(t, s, 4)
		s.verifyLedger()
	})
}

// TestBetWinAfterRefusal: a txId refused before (here for its session)
// gets that refusal again on a betwin that would now be accepted, and
// nothing moves; the guard finds the txId (the refusal moved no money, so
// the ledger holds nothing under its key).
func TestBetWinAfterRefusal(t *testing.T) {
	eachAnswerPath(t, func(t *testing.T, s *site) {
		member := int64(90)
		if s.gwCfg.AnswersInPosting {
			member = 91
		}
		tok := s.player(member, 20_00)
		p := PlayerID(member)
		rid := func(r string) string { return r + "-" + itoa(member) }
		st, r := s.call("PG", OpBetWin, s.betWin("nosuchtoken", p, rid("t1"), rid("r1"), 1_00, 5_00))
		wantCode(t, st, r, 401, CodeSessionExpired)
		st, r = s.call("PG", OpBetWin, s.betWin(tok, p, rid("t1"), rid("r1"), 1_00, 5_00))
		wantCode(t, st, r, 401, CodeSessionExpired)
		if got := s.mainBalance(member); got != 20_00 {
			t.Fatalf("main %d after a refused txId came back", got)
		}
		if _, ok, _ := s.findRound("PG", rid("r1")); ok {
			t.Fatal("the refused txId opened its round")
		}
		// A betwin on a round a bet opened, concurrently with a new one
		// (often in its ledger batch): the new one is played, the other
		// refused, nothing of it moves.
		if st, _ := s.call("PG", OpBet, s.bet(tok, p, rid("b2"), rid("r2"), 1_00)); st != 200 {
			t.Fatalf("bet %d", st)
		}
		type answer struct {
			st int
			r  Response
		}
		answers := make([]answer, 2)
		done := make(chan int, 2)
		for i, b := range []m{s.betWin(tok, p, rid("t2"), rid("r2"), 2_00, 0), s.betWin(tok, p, rid("t3"), rid("r3"), 3_00, 10_00)} {
			go func() {
				answers[i].st, answers[i].r = s.call("PG", OpBetWin, b)
				done <- i
			}()
		}
		<-done
		<-done
		wantCode(t, answers[0].st, answers[0].r, 400, CodeInvalidRequest)
		wantCode(t, answers[1].st, answers[1].r, 200, "")
		if got := s.mainBalance(member); got != 26_00 {
			t.Fatalf("main %d, want 26_00 (20 - 1 + 7)", got)
		}
		wantGuardFailures(t, s, 2)
		s.verifyLedger()
	})
}

// TestBetWinRefusals: the bet of a bet and win is checked against the
// balance before its win, refusals move nothing and are answered again for
// the same txId, and the session, player, currency and game are checked as
// for a bet.
func TestBetWinRefusals(t *testing.T) {
	eachAnswerPath(t, func(t *testing.T, s *site) {
		member := int64(80)
		if s.gwCfg.AnswersInPosting {
			member = 81
		}
		tok := s.player(member, 20_00)
		p := PlayerID(member)
		rid := func(r string) string { return r + "-" + itoa(member) }

		st, r := s.call("PG", OpBetWin, s.betWin(tok, p, rid("big"), rid("r1"), 30_00, 500_00))
		wantCode(t, st, r, 409, CodeInsufficientFunds)
		if r.Balance == nil || *r.Balance != 20_00 {
			t.Fatalf("refusal %+v", r)
		}
		st, r = s.call("PG", OpBetWin, s.betWin(tok, p, rid("big"), rid("r1"), 30_00, 500_00))
		wantCode(t, st, r, 409, CodeInsufficientFunds)
		if got := s.mainBalance(member); got != 20_00 {
			t.Fatalf("main %d", got)
		}
		if _, ok, _ := s.findRound("PG", rid("r1")); ok {
			t.Fatal("a refused bet and win opened its round")
		}

		other := PlayerID(member + 100)
		st, r = s.call("PG", OpBetWin, s.betWin(tok, other, rid("x1"), rid("r2"), 1_00, 0))
		wantCode(t, st, r, 404, CodeUnknownPlayer)
		st, r = s.call("PG", OpBetWin, s.betWin("nosuchtoken", p, rid("x2"), rid("r3"), 1_00, 0))
		wantCode(t, st, r, 401, CodeSessionExpired)
		b := s.betWin(tok, p, rid("x3"), rid("r4"), 1_00, 0)
		b["gameCode"] = "NO_SUCH_GAME"
		st, r = s.call("PG", OpBetWin, b)
		wantCode(t, st, r, 404, CodeUnknownGame)
		b = s.betWin(tok, p, rid("x4"), rid("r5"), 1_00, 0)
		b["currency"] = "USD"
		st, r = s.call("PG", OpBetWin, b)
		wantCode(t, st, r, 400, CodeCurrencyMismatch)
		if got := s.mainBalance(member); got != 20_00 {
			t.Fatalf("main after refusals %d", got)
		}
		s.verifyLedger()
	})
}

// TestBetWinShape: a bet and win needs its win (0 or more) and a session;
// the other ops refuse a winAmount.
func TestBetWinShape(t *testing.T) {
	ok := func(v any) m {
		return m{"sessionToken": "tok", "playerId": "m1", "txId": "t", "roundId": "r", "gameCode": "G", "currency": "PHP", "amount": 5, "winAmount": v}
	}
	good := []m{ok(0), ok(7)}
	bad := []m{ok(-1), ok(nil), ok(2e15), ok("5")}
	noSession := ok(1)
	delete(noSession, "sessionToken")
	ended := ok(1)
	ended["endRound"] = true
	zeroBet := ok(1)
	zeroBet["amount"] = 0
	bad = append(bad, noSession, ended, zeroBet)
	for _, b := range good {
		body, _ := json.Marshal(b)
		if _, err := DecodeRequest(OpBetWin, body); err != nil {
			t.Errorf("%s refused: %v", body, err)
		}
	}
	for _, b := range bad {
		if b["winAmount"] == nil {
			delete(b, "winAmount")
		}
		body, _ := json.Marshal(b)
		if _, err := DecodeRequest(OpBetWin, body); err == nil {
			t.Errorf("%s accepted", body)
		}
	}
	for _, op := range []string{OpBet, OpWin} {
		body, _ := json.Marshal(ok(3))
		if _, err := DecodeRequest(op, body); err == nil {
			t.Errorf("%s with winAmount accepted", op)
		}
	}
}

// TestBetWinRollback: a rollback of a bet and win undoes the round whole
// (the bet refunded, the win taken back, the round CANCELLED) once; a
// rollback of a refused one answers OK and moves nothing; one that comes
// first bars the bet and win that follows; and when the win has been spent
// the rollback is refused and the round stands.
func TestBetWinRollback(t *testing.T) {
	eachAnswerPath(t, func(t *testing.T, s *site) {
		tok := s.player(90, 50_00)
		p := PlayerID(90)
		rb := func(tx, ref, round string) m {
			return m{"sessionToken": tok, "playerId": p, "txId": tx, "refTxId": ref, "roundId": round, "gameCode": s.slot.Code, "currency": s.currency}
		}
		st, r := s.call("PG", OpBetWin, s.betWin(tok, p, "bw1", "r1", 10_00, 4_00))
		wantCode(t, st, r, 200, "")
		st, r = s.call("PG", OpRollback, rb("rb1", "bw1", "r1"))
		wantCode(t, st, r, 200, "")
		if *r.Balance != 50_00 || s.mainBalance(90) != 50_00 {
			t.Fatalf("rollback %+v, main %d", r, s.mainBalance(90))
		}
		if rd := s.round("r1"); rd.Status != StatusCancelled || rd.ValidBet != 0 || rd.Win != 0 || rd.Bet != 10_00 {
			t.Fatalf("round after rollback %+v", rd)
		}
		st, again := s.call("PG", OpRollback, rb("rb1", "bw1", "r1"))
		wantCode(t, st, again, 200, "")
		st, again = s.call("PG", OpRollback, rb("rb1b", "bw1", "r1"))
		wantCode(t, st, again, 200, "")
		if s.mainBalance(90) != 50_00 {
			t.Fatalf("main after repeated rollbacks %d", s.mainBalance(90))
		}
		// The bet and win itself again: the first answer, nothing moves.
		st, again = s.call("PG", OpBetWin, s.betWin(tok, p, "bw1", "r1", 10_00, 4_00))
		if st != 200 || s.mainBalance(90) != 50_00 {
			t.Fatalf("bet and win after its rollback: %d, main %d", st, s.mainBalance(90))
		}

		st, r = s.call("PG", OpBetWin, s.betWin(tok, p, "bw2", "r2", 100_00, 0))
		wantCode(t, st, r, 409, CodeInsufficientFunds)
		st, r = s.call("PG", OpRollback, rb("rb2", "bw2", "r2"))
		wantCode(t, st, r, 200, "")

		st, r = s.call("PG", OpRollback, rb("rb3", "bw3", "r3"))
		wantCode(t, st, r, 200, "")
		st, r = s.call("PG", OpBetWin, s.betWin(tok, p, "bw3", "r3", 1_00, 0))
		wantCode(t, st, r, 409, CodeBetRolledBack)
		if got := s.mainBalance(90); got != 50_00 {
			t.Fatalf("main %d, want 50_00", got)
		}

		// A big win, then spent (a bet on another round): the rollback
		// cannot take it back and is refused; the round stands.
		st, r = s.call("PG", OpBetWin, s.betWin(tok, p, "bw4", "r4", 10_00, 100_00))
		wantCode(t, st, r, 200, "")
		st, r = s.call("PG", OpBet, s.bet(tok, p, "b5", "r5", 130_00))
		wantCode(t, st, r, 200, "")
		st, r = s.call("PG", OpRollback, rb("rb4", "bw4", "r4"))
		wantCode(t, st, r, 409, CodeInsufficientFunds)
		if rd := s.round("r4"); rd.Status != StatusCompleted || rd.Win != 100_00 || s.mainBalance(90) != 10_00 {
			t.Fatalf("round %+v, main %d", rd, s.mainBalance(90))
		}
		s.verifyLedger()
	})
}

func mustInt(t *testing.T, s string) int64 {
	t.Helper()
	var n int64
	if err := json.Unmarshal([]byte(s), &n); err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return n
}
