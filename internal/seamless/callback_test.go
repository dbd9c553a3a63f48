package seamless

import (
	"context"
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/gamewallet"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/vendorwallet"
)

func TestBetWinEndRound(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(7, 100_00)
		p := PlayerID(7)

		st, r := s.call("PG", OpBalance, m{"sessionToken": tok, "playerId": p, "currency": s.currency})
		wantCode(t, st, r, 200, "")
		if *r.Balance != 100_00 || r.Currency != s.currency {
			t.Fatalf("balance %+v", r)
		}

		st, bet := s.call("PG", OpBet, s.bet(tok, p, "bet-0001", "r1", 10_00))
		wantCode(t, st, bet, 200, "")
		if *bet.Balance != 90_00 || bet.PlatformTxID == "" || bet.TxID != "bet-0001" {
			t.Fatalf("bet %+v", bet)
		}
		if got := s.mainBalance(7); got != 90_00 {
			t.Fatalf("main after bet %d", got)
		}
		// A repeat answers the first answer and moves nothing.
		st, again := s.call("PG", OpBet, s.bet(tok, p, "bet-0001", "r1", 10_00))
		wantCode(t, st, again, 200, "")
		if *again.Balance != 90_00 || again.PlatformTxID != bet.PlatformTxID {
			t.Fatalf("replay %+v vs %+v", again, bet)
		}
		if got := s.mainBalance(7); got != 90_00 {
			t.Fatalf("main after replay %d", got)
		}

		st, win := s.call("PG", OpWin, s.win(tok, p, "win-0001", "r1", 25_00, true))
		wantCode(t, st, win, 200, "")
		if *win.Balance != 115_00 || win.RoundStatus != StatusCompleted {
			t.Fatalf("win %+v", win)
		}
		rd := s.round("r1")
		if rd.Status != StatusCompleted || rd.Bet != 10_00 || rd.ValidBet != 10_00 || rd.Win != 25_00 || rd.GameType != "RNG" || rd.NodeID != s.slot.NodeID || rd.EndedAt.IsZero() {
			t.Fatalf("round %+v", rd)
		}
		if ended, ok := s.nextEnded(); !ok {
			t.Fatal("no round fact")
		} else if ended.RoundID != "r1" || ended.Win != 25_00 || ended.Profit() != 15_00 {
			t.Fatalf("round fact %+v", ended)
		}
		// A repeat of the win is the stored answer (no second credit, no second fact).
		st, win2 := s.call("PG", OpWin, s.win(tok, p, "win-0001", "r1", 25_00, true))
		wantCode(t, st, win2, 200, "")
		if *win2.Balance != 115_00 || s.mainBalance(7) != 115_00 || s.pendingEnded() != 0 {
			t.Fatalf("win replay %+v", win2)
		}

		// Bets on a finished round are refused, nothing moves.
		st, r = s.call("PG", OpBet, s.bet(tok, p, "bet-0002", "r1", 1_00))
		wantCode(t, st, r, http.StatusConflict, CodeRoundClosed)
		// endround of a closed round is harmless.
		st, r = s.call("PG", OpEndRound, m{"sessionToken": tok, "playerId": p, "roundId": "r1", "gameCode": s.slot.Code})
		wantCode(t, st, r, 200, "")
		if r.RoundStatus != StatusCompleted || *r.Balance != 115_00 {
			t.Fatalf("endround %+v", r)
		}

		// A losing round: bet, win 0, endround.
		s.call("PG", OpBet, s.bet(tok, p, "bet-0003", "r2", 5_00))
		st, r = s.call("PG", OpWin, s.win(tok, p, "win-0003", "r2", 0, false))
		wantCode(t, st, r, 200, "")
		if r.PlatformTxID != "" || *r.Balance != 110_00 {
			t.Fatalf("zero win %+v", r)
		}
		st, r = s.call("PG", OpEndRound, m{"sessionToken": tok, "playerId": p, "roundId": "r2", "gameCode": s.slot.Code})
		wantCode(t, st, r, 200, "")
		if r.RoundStatus != StatusCompleted || s.pendingEnded() != 1 {
			t.Fatalf("endround %+v facts %d", r, s.pendingEnded())
		}
		if ended, ok := s.nextEnded(); !ok || ended.RoundID != "r2" || ended.Status != StatusCompleted {
			t.Fatalf("round fact %+v", ended)
		}
		s.verifyLedger()
	})
}

func TestBadInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(8, 20_00)
		p := PlayerID(8)
		cases := []struct {
			name   string
			vendor string
			op     string
			body   m
			status int
			code   string
		}{
			{"UnknownVendor", "NOPE", OpBet, s.bet(tok, p, "bet-1000", "b1", 1_00), 404, CodeUnknownVendor},
			{"TransferVendorNotSeamless", "JDB", OpBet, s.bet(tok, p, "bet-1000", "b1", 1_00), 404, CodeUnknownVendor},
			{"UnknownOp", "PG", "credit", s.bet(tok, p, "bet-1000", "b1", 1_00), 400, CodeInvalidRequest},
			{"MissingAmount", "PG", OpBet, m{"sessionToken": tok, "playerId": p, "txId": "bet-1001", "roundId": "b1", "gameCode": s.slot.Code, "currency": s.currency}, 400, CodeInvalidRequest},
			{"NegativeAmount", "PG", OpBet, s.bet(tok, p, "bet-1002", "b1", -5), 400, CodeInvalidRequest},
			{"ZeroBet", "PG", OpBet, s.bet(tok, p, "bet-1003", "b1", 0), 400, CodeInvalidRequest},
			{"HugeAmount", "PG", OpBet, s.bet(tok, p, "bet-1004", "b1", MaxAmount+1), 400, CodeInvalidRequest},
			{"BadPlayerID", "PG", OpBet, s.bet(tok, "8", "bet-1005", "b1", 1_00), 400, CodeInvalidRequest},
			{"BadTxID", "PG", OpBet, s.bet(tok, p, "bet 1006", "b1", 1_00), 400, CodeInvalidRequest},
			{"UnknownPlayer", "PG", OpBet, s.bet(tok, PlayerID(9), "bet-1007", "b1", 1_00), 404, CodeUnknownPlayer},
			{"UnknownSession", "PG", OpBet, s.bet("gs_nope", p, "bet-1008", "b1", 1_00), 401, CodeSessionExpired},
			{"CurrencyMismatch", "PG", OpBet, func() m { b := s.bet(tok, p, "bet-1009", "b1", 1_00); b["currency"] = "USD"; return b }(), 400, CodeCurrencyMismatch},
			{"UnknownGame", "PG", OpBet, func() m { b := s.bet(tok, p, "bet-1010", "b1", 1_00); b["gameCode"] = "PG_nope"; return b }(), 404, CodeUnknownGame},
			{"OtherVendorsGame", "PG", OpBet, func() m { b := s.bet(tok, p, "bet-1011", "b1", 1_00); b["gameCode"] = s.maint.Code; return b }(), 404, CodeUnknownGame},
			{"InsufficientFunds", "PG", OpBet, s.bet(tok, p, "bet-1012", "b1", 20_01), 409, CodeInsufficientFunds},
			{"WinUnknownRound", "PG", OpWin, s.win(tok, p, "win-1013", "nope", 1_00, false), 404, CodeUnknownRound},
			{"EndUnknownRound", "PG", OpEndRound, m{"sessionToken": tok, "playerId": p, "roundId": "nope", "gameCode": s.slot.Code}, 404, CodeUnknownRound},
			{"BalanceUnknownSession", "PG", OpBalance, m{"sessionToken": "gs_nope", "playerId": p, "currency": s.currency}, 401, CodeSessionExpired},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				st, r := s.call(c.vendor, c.op, c.body)
				wantCode(t, st, r, c.status, c.code)
				if r.Status != "ERROR" || r.Message == "" {
					t.Fatalf("answer %+v", r)
				}
				if got := s.mainBalance(8); got != 20_00 {
					t.Fatalf("money moved: %d", got)
				}
			})
		}
		// Insufficient funds carries the balance, and its repeat is the same answer.
		_, r := s.call("PG", OpBet, s.bet(tok, p, "bet-1012", "b1", 20_01))
		if r.Code != CodeInsufficientFunds || r.Balance == nil || *r.Balance != 20_00 {
			t.Fatalf("insufficient funds answer %+v", r)
		}
		// Maintenance: GAME_DISABLED.
		ptTok, err := s.gw.OpenSession(context.Background(), 8, "PT", s.maint.Code, s.maint.NodeID, s.currency)
		if err != nil {
			t.Fatal(err)
		}
		st, r := s.call("PT", OpBet, m{"sessionToken": ptTok, "playerId": p, "txId": "bet-1014", "roundId": "pt1", "gameCode": s.maint.Code, "amount": 1_00, "currency": s.currency})
		wantCode(t, st, r, 403, CodeGameDisabled)
		// Not JSON at all.
		b := []byte("not json")
		st, r = s.raw("PG", OpBet, b, vendorwallet.Sign(testSecret, s.clk.Now(), b))
		wantCode(t, st, r, 400, CodeInvalidRequest)

		// Same txId, another body.
		s.call("PG", OpBet, s.bet(tok, p, "bet-2000", "b2", 1_00))
		st, r = s.call("PG", OpBet, s.bet(tok, p, "bet-2000", "b2", 2_00))
		wantCode(t, st, r, 409, CodeDuplicateTxMismatch)
		if got := s.mainBalance(8); got != 19_00 {
			t.Fatalf("after mismatch %d", got)
		}
		// A win with the currency of another round is refused.
		w := s.win(tok, p, "win-2001", "b2", 1_00, false)
		w["currency"] = "USD"
		st, r = s.call("PG", OpWin, w)
		wantCode(t, st, r, 400, CodeCurrencyMismatch)
		// A win for another player's round.
		s.player(10, 0)
		st, r = s.call("PG", OpWin, s.win(tok, PlayerID(10), "win-2002", "b2", 1_00, false))
		wantCode(t, st, r, 404, CodeUnknownPlayer)
		s.verifyLedger()
	})
}

func TestSignature(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(11, 10_00)
		body := []byte(`{"sessionToken":"` + tok + `","playerId":"m11","txId":"bet-3000","roundId":"s1","gameCode":"` + s.slot.Code + `","amount":100,"currency":"` + s.currency + `"}`)
		for name, sig := range map[string]string{
			"Missing":   "",
			"Forged":    vendorwallet.Sign([]byte("wrong secret"), s.clk.Now(), body),
			"Stale":     vendorwallet.Sign(testSecret, s.clk.Now().Add(-6*time.Minute), body),
			"Future":    vendorwallet.Sign(testSecret, s.clk.Now().Add(6*time.Minute), body),
			"OtherBody": vendorwallet.Sign(testSecret, s.clk.Now(), append([]byte(" "), body...)),
			"Garbage":   "t=abc,v1=zz",
		} {
			t.Run(name, func(t *testing.T) {
				st, r := s.raw("PG", OpBet, body, sig)
				wantCode(t, st, r, 401, CodeInvalidSignature)
				if s.mainBalance(11) != 10_00 {
					t.Fatal("money moved")
				}
			})
		}
		st, r := s.raw("PG", OpBet, body, vendorwallet.Sign(testSecret, s.clk.Now().Add(-4*time.Minute), body))
		wantCode(t, st, r, 200, "")
	})
}

func TestSessionExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(12, 50_00)
		p := PlayerID(12)
		s.call("PG", OpBet, s.bet(tok, p, "bet-4000", "e1", 10_00))
		s.call("PG", OpBet, s.bet(tok, p, "bet-4001", "e2", 10_00))
		s.clk.Advance(gamewallet.DefaultSessionTTL + time.Minute)
		st, r := s.call("PG", OpBet, s.bet(tok, p, "bet-4002", "e1", 1_00))
		wantCode(t, st, r, 401, CodeSessionExpired)
		// Wins and rollbacks still land after the session expired.
		st, r = s.call("PG", OpWin, s.win(tok, p, "win-4000", "e1", 30_00, true))
		wantCode(t, st, r, 200, "")
		st, r = s.call("PG", OpRollback, m{"sessionToken": tok, "playerId": p, "txId": "rb-4001", "refTxId": "bet-4001", "roundId": "e2", "gameCode": s.slot.Code})
		wantCode(t, st, r, 200, "")
		if got := s.mainBalance(12); got != 70_00 || *r.Balance != 70_00 {
			t.Fatalf("balance %d answer %+v", got, r)
		}
		// Balance still answers with an expired session.
		st, r = s.call("PG", OpBalance, m{"sessionToken": tok, "playerId": p, "currency": s.currency})
		wantCode(t, st, r, 200, "")
	})
}

func TestRollback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(13, 50_00)
		p := PlayerID(13)
		rb := func(tx, ref, round string) m {
			return m{"sessionToken": tok, "playerId": p, "txId": tx, "refTxId": ref, "roundId": round, "gameCode": s.slot.Code}
		}
		s.call("PG", OpBet, s.bet(tok, p, "bet-5000", "k1", 10_00))
		s.call("PG", OpBet, s.bet(tok, p, "bet-5001", "k1", 5_00))
		st, r := s.call("PG", OpRollback, rb("rb-5000", "bet-5000", "k1"))
		wantCode(t, st, r, 200, "")
		if *r.Balance != 45_00 || s.mainBalance(13) != 45_00 {
			t.Fatalf("rollback %+v", r)
		}
		// Another rollback of the same bet (another id) refunds nothing more.
		st, r = s.call("PG", OpRollback, rb("rb-5000b", "bet-5000", "k1"))
		wantCode(t, st, r, 200, "")
		if s.mainBalance(13) != 45_00 {
			t.Fatalf("double refund: %d", s.mainBalance(13))
		}
		// The repeat of the first rollback replays it.
		_, r = s.call("PG", OpRollback, rb("rb-5000", "bet-5000", "k1"))
		if *r.Balance != 45_00 {
			t.Fatalf("replay %+v", r)
		}
		rd := s.round("k1")
		if rd.Bet != 15_00 || rd.ValidBet != 5_00 {
			t.Fatalf("round %+v", rd)
		}
		// Once the round has a win, its bets stay.
		s.call("PG", OpWin, s.win(tok, p, "win-5001", "k1", 1_00, false))
		st, r = s.call("PG", OpRollback, rb("rb-5001", "bet-5001", "k1"))
		wantCode(t, st, r, 409, CodeRollbackAfterWin)
		if s.mainBalance(13) != 46_00 {
			t.Fatalf("after refused rollback %d", s.mainBalance(13))
		}
		// Rollback of a bet we never saw: OK, nothing moves, the late bet is refused.
		st, r = s.call("PG", OpRollback, rb("rb-5002", "bet-5002", "k2"))
		wantCode(t, st, r, 200, "")
		if *r.Balance != 46_00 {
			t.Fatalf("unknown bet rollback %+v", r)
		}
		st, r = s.call("PG", OpBet, s.bet(tok, p, "bet-5002", "k2", 3_00))
		wantCode(t, st, r, 409, CodeBetRolledBack)
		if s.mainBalance(13) != 46_00 {
			t.Fatal("late bet moved money")
		}
		// A rollback naming a win is refused.
		st, r = s.call("PG", OpRollback, rb("rb-5003", "win-5001", "k1"))
		wantCode(t, st, r, 400, CodeInvalidRequest)
		// Rollback on a completed round (no win) is refused.
		s.call("PG", OpBet, s.bet(tok, p, "bet-5004", "k3", 1_00))
		s.call("PG", OpEndRound, m{"sessionToken": tok, "playerId": p, "roundId": "k3", "gameCode": s.slot.Code})
		st, r = s.call("PG", OpRollback, rb("rb-5004", "bet-5004", "k3"))
		wantCode(t, st, r, 409, CodeRoundClosed)
		// A round whose every bet was rolled back ends CANCELLED.
		s.call("PG", OpBet, s.bet(tok, p, "bet-5005", "k4", 2_00))
		s.call("PG", OpRollback, rb("rb-5005", "bet-5005", "k4"))
		_, r = s.call("PG", OpEndRound, m{"sessionToken": tok, "playerId": p, "roundId": "k4", "gameCode": s.slot.Code})
		if r.RoundStatus != StatusCancelled {
			t.Fatalf("all rolled back: %+v", r)
		}
		s.verifyLedger()
	})
}

func TestOutOfOrderWinThenBet(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(14, 10_00)
		p := PlayerID(14)
		st, r := s.call("PG", OpWin, s.win(tok, p, "win-6000", "o1", 4_00, true))
		wantCode(t, st, r, 404, CodeUnknownRound)
		s.call("PG", OpBet, s.bet(tok, p, "bet-6000", "o1", 1_00))
		// The vendor's retry of the win, same id, now lands.
		st, r = s.call("PG", OpWin, s.win(tok, p, "win-6000", "o1", 4_00, true))
		wantCode(t, st, r, 200, "")
		if s.mainBalance(14) != 13_00 {
			t.Fatalf("balance %d", s.mainBalance(14))
		}
	})
}

func TestConcurrentDuplicates(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(15, 100_00)
		p := PlayerID(15)
		const n = 16
		var wg sync.WaitGroup
		answers := make([]Response, n*2)
		for i := 0; i < n; i++ {
			wg.Add(2)
			go func(i int) {
				defer wg.Done()
				_, answers[i] = s.call("PG", OpBet, s.bet(tok, p, "bet-7000", "c1", 10_00))
			}(i)
			go func(i int) {
				defer wg.Done()
				// A second round's bet, so duplicates race other work too.
				_, answers[n+i] = s.call("PG", OpBet, s.bet(tok, p, "bet-71"+itoa(int64(10+i)), "c2", 1_00))
			}(i)
		}
		wg.Wait()
		for i := 0; i < n; i++ {
			if answers[i].Status != "OK" || answers[i].PlatformTxID != answers[0].PlatformTxID || *answers[i].Balance != *answers[0].Balance {
				t.Fatalf("duplicate %d answered %+v, first %+v", i, answers[i], answers[0])
			}
			if answers[n+i].Status != "OK" {
				t.Fatalf("other bet %d: %+v", i, answers[n+i])
			}
		}
		if got := s.mainBalance(15); got != 100_00-10_00-n*1_00 {
			t.Fatalf("balance %d", got)
		}
		if rd := s.round("c1"); rd.Bet != 10_00 {
			t.Fatalf("round c1 %+v", rd)
		}
		if rd := s.round("c2"); rd.Bet != n*1_00 {
			t.Fatalf("round c2 %+v", rd)
		}
		// Concurrent bets above the balance never take it below zero.
		tok2 := s.player(16, 10_00)
		var okCount sync.WaitGroup
		res := make([]Response, 20)
		for i := range res {
			okCount.Add(1)
			go func(i int) {
				defer okCount.Done()
				_, res[i] = s.call("PG", OpBet, s.bet(tok2, PlayerID(16), "bet-72"+itoa(int64(10+i)), "c3-"+itoa(int64(i)), 1_00))
			}(i)
		}
		okCount.Wait()
		accepted := 0
		for _, r := range res {
			if r.Status == "OK" {
				accepted++
			} else if r.Code != CodeInsufficientFunds {
				t.Fatalf("answer %+v", r)
			}
		}
		if accepted != 10 || s.mainBalance(16) != 0 {
			t.Fatalf("accepted %d balance %d", accepted, s.mainBalance(16))
		}
		s.verifyLedger()
	})
}

func TestSweeperClosesIdleRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(17, 30_00)
		p := PlayerID(17)
		s.call("PG", OpBet, s.bet(tok, p, "bet-8000", "w1", 5_00)) // vendor vanishes: bet stands
		s.call("PG", OpBet, s.bet(tok, p, "bet-8001", "w2", 5_00)) // rolled back, then vanishes
		s.call("PG", OpRollback, m{"sessionToken": tok, "playerId": p, "txId": "rb-8001", "refTxId": "bet-8001", "roundId": "w2", "gameCode": s.slot.Code})
		s.clk.Advance(30 * time.Minute)
		s.call("PG", OpBet, s.bet(tok, p, "bet-8002", "w3", 5_00)) // still active later
		ctx := context.Background()
		if n, err := s.gw.Sweep(ctx); err != nil || n != 0 {
			t.Fatalf("early sweep closed %d: %v", n, err)
		}
		s.clk.Advance(31 * time.Minute)
		n, err := s.gw.Sweep(ctx)
		if err != nil || n != 2 {
			t.Fatalf("sweep closed %d: %v", n, err)
		}
		if rd := s.round("w1"); rd.Status != StatusCompleted || rd.EndedAt.IsZero() {
			t.Fatalf("w1 %+v", rd)
		}
		if rd := s.round("w2"); rd.Status != StatusCancelled {
			t.Fatalf("w2 %+v", rd)
		}
		if rd := s.round("w3"); rd.Status != StatusOpen {
			t.Fatalf("w3 %+v", rd)
		}
		if n := s.pendingEnded(); n != 2 {
			t.Fatalf("round facts %d", n)
		}
		for range 2 {
			if ended, ok := s.nextEnded(); !ok || ended.RoundID != "w1" && ended.RoundID != "w2" {
				t.Fatalf("round fact %+v", ended)
			}
		}
		// A late win for a swept round is refused.
		st, r := s.call("PG", OpWin, s.win(tok, p, "win-8000", "w1", 9_00, true))
		wantCode(t, st, r, 409, CodeRoundClosed)
		if n, _ := s.gw.Sweep(ctx); n != 0 {
			t.Fatalf("second sweep closed %d", n)
		}
	})
}
