package gamewallet

import (
	"context"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestRecorderGroup commits groups of answers as concurrent callbacks
// would: a bet opening a round, a win ending another, a refusal, and an id
// stored before (its first answer comes back, nothing is written); then a
// group with one id twice (one stores, the other gets its answer).
func TestRecorderGroup(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		now := s.clk.Now().UnixMilli()
		pending := func(txID, kind, roundID string, resp Response, w roundWrite) *pendingRecord {
			return &pendingRecord{t: txRow{Vendor: "PG", TxID: txID, Kind: kind, MemberID: 41, RoundID: roundID, Amount: w.amount, RequestHash: "h-" + txID,
				Status: txOK, HTTPStatus: statusOf(resp.Code), Response: `{"status":"OK","txId":"` + txID + `"}`, CreatedAt: now}, resp: resp, round: w, done: make(chan struct{})}
		}
		round := func(id string) Round {
			return Round{Vendor: "PG", RoundID: id, MemberID: 41, NodeID: s.slot.NodeID, GameCode: s.slot.Code, GameType: s.slot.GameType, Currency: s.currency}
		}
		commit := func(batch ...*pendingRecord) {
			s.svc.rec.commit(batch)
			for _, p := range batch {
				<-p.done
				if p.err != nil {
					t.Fatalf("%s: %v", p.t.TxID, p.err)
				}
			}
		}
		okResp := func(txID string) Response { return Response{Status: "OK", TxID: txID} }

		// Before: a bet of round r0, and an answer under "seen".
		commit(pending("b0", OpBet, "r0", okResp("b0"), roundWrite{op: roundBet, round: round("r0"), amount: 5_00, at: now}),
			pending("seen", OpBet, "r9", okResp("seen"), roundWrite{op: roundBet, round: round("r9"), amount: 1_00, at: now}))
		r0 := s.round("r0")
		if r0.Bet != 5_00 || r0.Status != StatusOpen {
			t.Fatalf("r0 %+v", r0)
		}

		bet := pending("b1", OpBet, "r1", okResp("b1"), roundWrite{op: roundBet, round: round("r1"), amount: 2_00, at: now})
		win := pending("w0", OpWin, "r0", okResp("w0"), roundWrite{op: roundWin, id: r0.ID, amount: 7_00, jackpot: true, end: true, at: now + 1})
		refusal := pending("x1", OpBet, "r2", fail(CodeRoundClosed, ""), roundWrite{})
		refusal.t.Status = txError
		again := pending("seen", OpBet, "r9", okResp("other"), roundWrite{op: roundBet, round: round("r9"), amount: 1_00, at: now})
		commit(bet, win, refusal, again)

		if !bet.stored || !win.stored || !refusal.stored || again.stored {
			t.Fatalf("stored: bet %v win %v refusal %v again %v", bet.stored, win.stored, refusal.stored, again.stored)
		}
		if again.out.TxID != "seen" || bet.out.TxID != "b1" || refusal.out.Code != CodeRoundClosed {
			t.Fatalf("answers: again %+v bet %+v refusal %+v", again.out, bet.out, refusal.out)
		}
		if a := win.after; a.ID != r0.ID || a.Status != StatusCompleted || a.Win != 7_00 || a.Bet != 5_00 || !a.Jackpot || a.Wins != 1 || a.EndedAt.UnixMilli() != now+1 {
			t.Fatalf("round after the win %+v", a)
		}
		if got := s.round("r0"); got.Status != StatusCompleted || got.Win != 7_00 {
			t.Fatalf("r0 stored %+v", got)
		}
		if got := s.round("r1"); got.Bet != 2_00 || got.ValidBet != 2_00 || got.Status != StatusOpen || got.MemberID != 41 {
			t.Fatalf("r1 %+v", got)
		}
		if got := s.round("r9"); got.Bet != 1_00 {
			t.Fatalf("r9 written twice %+v", got)
		}
		if _, ok, _ := s.svc.store.round(ctx, d, "PG", "r2"); ok {
			t.Fatal("a refusal opened its round")
		}
		if tx, ok, err := s.svc.store.tx(ctx, d, "PG", "x1"); err != nil || !ok || tx.Status != txError || tx.RequestHash != "h-x1" {
			t.Fatalf("refusal stored %+v %v %v", tx, ok, err)
		}

		// One id twice in a group: one stores, the other gets that answer.
		first := pending("twice", OpBet, "r3", okResp("twice"), roundWrite{op: roundBet, round: round("r3"), amount: 3_00, at: now})
		second := pending("twice", OpBet, "r3", okResp("twice"), roundWrite{op: roundBet, round: round("r3"), amount: 3_00, at: now})
		commit(first, second)
		if first.stored == second.stored || first.out.TxID != "twice" || second.out.TxID != "twice" {
			t.Fatalf("twice: %+v %+v", first, second)
		}
		if got := s.round("r3"); got.Bet != 3_00 {
			t.Fatalf("r3 %+v", got)
		}
	})
}

// TestReaderGroup answers a group of lookups in one statement
// (PostgreSQL; SQLite reads directly): each gets its own transaction id
// and round, found or not, duplicates included.
func TestReaderGroup(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok := s.player(42, 100_00)
		p := PlayerID(42)
		if st, r := s.call("PG", OpBet, s.bet(tok, p, "g-b1", "g-r1", 3_00)); st != 200 {
			t.Fatalf("bet %+v", r)
		}
		batch := []*pendingLookup{
			{vendor: "PG", txID: "g-b1", roundID: "g-r1"}, // both stored
			{vendor: "PG", txID: "g-w1", roundID: "g-r1"}, // a new id in a stored round
			{vendor: "PG", txID: "g-b9", roundID: "g-r9"}, // neither
			{vendor: "PT", txID: "g-b1", roundID: "g-r1"}, // another vendor's
			{vendor: "PG", txID: "g-b1", roundID: "g-r1"}, // the first again
		}
		if d.Dialect == db.Postgres {
			if err := s.svc.store.lookupSet(context.Background(), batch); err != nil {
				t.Fatal(err)
			}
		} else {
			for _, l := range batch {
				l.t, l.seen, l.r, l.exists, l.err = s.svc.store.lookup(context.Background(), d, l.vendor, l.txID, l.roundID)
				if l.err != nil {
					t.Fatal(l.err)
				}
			}
		}
		want := []struct{ seen, exists bool }{{true, true}, {false, true}, {false, false}, {false, false}, {true, true}}
		for i, l := range batch {
			if l.seen != want[i].seen || l.exists != want[i].exists {
				t.Fatalf("lookup %d: seen %v exists %v", i, l.seen, l.exists)
			}
		}
		if b := batch[0]; b.t.TxID != "g-b1" || b.t.Kind != OpBet || b.t.Amount != 3_00 || b.t.Status != txOK || b.r.RoundID != "g-r1" || b.r.Bet != 3_00 || b.r.MemberID != 42 || b.r.Status != StatusOpen {
			t.Fatalf("first %+v %+v", b.t, b.r)
		}
		if batch[1].r.ID != batch[0].r.ID || batch[4].t.Response != batch[0].t.Response {
			t.Fatalf("rows differ: %+v %+v", batch[1].r, batch[4].t)
		}
	})
}
