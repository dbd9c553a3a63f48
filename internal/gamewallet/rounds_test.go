package gamewallet

import (
	"context"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestRoundsAndProfit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tok := s.player(21, 1000_00)
		p := PlayerID(21)
		manila, err := time.LoadLocation("Asia/Manila")
		if err != nil {
			t.Fatal(err)
		}
		// Clock 2026-03-10 04:00 UTC = 12:00 Manila. Round a: won; b: lost; c: open.
		s.call("PG", OpBet, s.bet(tok, p, "bet-9000", "a", 10_00))
		s.call("PG", OpWin, s.win(tok, p, "win-9000", "a", 30_00, true))
		s.clk.Advance(13 * time.Hour) // 01:00 the next day in Manila
		tok = s.player(21, 0)         // the first session has expired
		s.call("PG", OpBet, s.bet(tok, p, "bet-9001", "b", 20_00))
		s.call("PG", OpWin, s.win(tok, p, "win-9001", "b", 0, true))
		s.call("PG", OpBet, s.bet(tok, p, "bet-9002", "c", 5_00))
		// Another member's round is not ours.
		tok2 := s.player(22, 100_00)
		s.call("PG", OpBet, s.bet(tok2, PlayerID(22), "bet-9003", "z", 1_00))

		from := time.Date(2026, 3, 1, 0, 0, 0, 0, manila)
		to := time.Date(2026, 4, 1, 0, 0, 0, 0, manila)
		list, total, err := s.svc.Rounds(ctx, RoundQuery{MemberID: 21, From: from, To: to})
		if err != nil || total != 3 || len(list) != 3 {
			t.Fatalf("rounds %d %v %v", total, list, err)
		}
		if list[0].RoundID != "c" || list[0].Status != StatusOpen || list[2].RoundID != "a" || list[2].Profit() != 20_00 {
			t.Fatalf("order %+v", list)
		}
		list, total, _ = s.svc.Rounds(ctx, RoundQuery{MemberID: 21, From: from, To: to, Status: StatusCompleted, Limit: 1, Offset: 1})
		if total != 2 || len(list) != 1 || list[0].RoundID != "a" {
			t.Fatalf("page %d %+v", total, list)
		}
		if _, n, _ := s.svc.Rounds(ctx, RoundQuery{MemberID: 21, From: from, To: to, GameType: "LIVE"}); n != 0 {
			t.Fatalf("LIVE %d", n)
		}
		if _, n, _ := s.svc.Rounds(ctx, RoundQuery{MemberID: 21, From: from, To: to, Vendor: "PG"}); n != 3 {
			t.Fatalf("PG %d", n)
		}
		tot, err := s.svc.RoundTotals(ctx, RoundQuery{MemberID: 21, From: from, To: to})
		if err != nil || tot.Rounds != 3 || tot.Bet != 35_00 || tot.Win != 30_00 || tot.Profit != -5_00 {
			t.Fatalf("totals %+v %v", tot, err)
		}
		days, err := s.svc.ProfitByDay(ctx, 21, from, to, manila)
		if err != nil || len(days) != 2 {
			t.Fatalf("days %+v %v", days, err)
		}
		if days[0].Day != "2026-03-11" || days[0].Rounds != 1 || days[0].Profit != -20_00 || days[1].Day != "2026-03-10" || days[1].Profit != 20_00 || days[1].GameType != "RNG" {
			t.Fatalf("days %+v", days)
		}
		if _, _, err := s.svc.Rounds(ctx, RoundQuery{MemberID: 21, From: to, To: from}); err == nil {
			t.Fatal("reversed range accepted")
		}
		if _, _, err := s.svc.Rounds(ctx, RoundQuery{MemberID: 21, From: from, To: to, Limit: 501}); err == nil {
			t.Fatal("limit 501 accepted")
		}
	})
}

func TestOpenSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		if _, err := s.svc.OpenSession(ctx, 0, "PG", s.slot.Code, s.slot.NodeID, "PHP"); err == nil {
			t.Fatal("member 0 accepted")
		}
		a, _ := s.svc.OpenSession(ctx, 1, "PG", s.slot.Code, s.slot.NodeID, "PHP")
		b, _ := s.svc.OpenSession(ctx, 1, "PG", s.slot.Code, s.slot.NodeID, "PHP")
		if a == b || len(a) < 40 {
			t.Fatalf("tokens %q %q", a, b)
		}
	})
}

// TestValidBets: only COMPLETED rounds count, with their bets net of what
// was rolled back, in the currency asked, settled since the time asked.
func TestValidBets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		tok := s.player(31, 1000_00)
		p := PlayerID(31)
		start := s.clk.Now()
		valid := func(since time.Time) int64 {
			t.Helper()
			n, err := s.svc.ValidBets(ctx, 31, s.currency, since)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		rollback := func(tx, ref, round string) {
			s.call("PG", OpRollback, m{"sessionToken": tok, "playerId": p, "txId": tx, "refTxId": ref, "roundId": round, "gameCode": s.slot.Code, "currency": s.currency})
		}
		endRound := func(round string) {
			s.call("PG", OpEndRound, m{"playerId": p, "roundId": round, "gameCode": s.slot.Code, "currency": s.currency})
		}
		// a: refunded then ended (CANCELLED); b: betwin rolled back (CANCELLED);
		// c: open; d: two bets, one rolled back, then lost (COMPLETED, 20.00 valid).
		s.call("PG", OpBet, s.bet(tok, p, "va1", "a", 150_00))
		rollback("va1-rb", "va1", "a")
		endRound("a")
		bw := s.bet(tok, p, "vb1", "b", 150_00)
		bw["winAmount"] = 150_00
		s.call("PG", OpBetWin, bw)
		rollback("vb1-rb", "vb1", "b")
		s.call("PG", OpBet, s.bet(tok, p, "vc1", "c", 150_00))
		s.call("PG", OpBet, s.bet(tok, p, "vd1", "d", 30_00))
		s.call("PG", OpBet, s.bet(tok, p, "vd2", "d", 20_00))
		rollback("vd1-rb", "vd1", "d")
		s.call("PG", OpWin, s.win(tok, p, "vd-w", "d", 0, true))
		if st := s.round("a").Status; st != StatusCancelled {
			t.Fatalf("a %s", st)
		}
		if st := s.round("b").Status; st != StatusCancelled {
			t.Fatalf("b %s", st)
		}
		if got := valid(start); got != 20_00 {
			t.Fatalf("valid bets %d, want 2000 (only d's bet that stood)", got)
		}
		s.clk.Advance(time.Minute)
		s.call("PG", OpWin, s.win(tok, p, "vc-w", "c", 300_00, true))
		if got := valid(start); got != 170_00 {
			t.Fatalf("valid bets %d, want 17000 once c settled", got)
		}
		if got := valid(s.clk.Now()); got != 150_00 {
			t.Fatalf("since the last minute %d, want only c", got)
		}
		if got, err := s.svc.ValidBets(ctx, 31, "USD", start); err != nil || got != 0 {
			t.Fatalf("USD %d %v", got, err)
		}
		if got, err := s.svc.ValidBets(ctx, 31, FreePlayCurrency, start); err != nil || got != 0 {
			t.Fatalf("FUN %d %v", got, err)
		}
	})
}
