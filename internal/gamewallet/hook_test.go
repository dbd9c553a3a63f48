package gamewallet

import (
	"context"
	"os"
	"testing"

	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// hookless is a Poster that drops the request's hook, as a poster that
// runs none would.
type hookless struct{ Poster }

func (h hookless) Post(ctx context.Context, req ledger.PostingRequest) (ledger.Posting, error) {
	req.Hook, req.HookData = nil, nil
	return h.Poster.Post(ctx, req)
}

func (h hookless) PostChain(ctx context.Context, reqs []ledger.PostingRequest) ([]ledger.Posting, error) {
	reqs = append([]ledger.PostingRequest(nil), reqs...)
	for i := range reqs {
		reqs[i].Hook, reqs[i].HookData = nil, nil
	}
	return h.Poster.PostChain(ctx, reqs)
}

// TestAnswersInPostingTransaction checks that the answers of bets, wins and
// rollbacks (with their round writes) are stored by the ledger in their
// posting's transaction, the recorder never committing on its own, and that
// a poster without hooks gets the same answers through the recorder.
func TestAnswersInPostingTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		type outcome struct {
			bet, win, bet2, rb, rbAgain Response
			round1, round2              roundRow
			stored                      map[string]txRow
			groups                      int64
		}
		play := func(s *site) outcome {
			tok := s.player(7, 100_00)
			p := PlayerID(7)
			var o outcome
			var st int
			st, o.bet = s.call("PG", OpBet, s.bet(tok, p, "b1", "r1", 10_00))
			wantCode(t, st, o.bet, 200, "")
			st, o.win = s.call("PG", OpWin, s.win(tok, p, "w1", "r1", 25_00, true))
			wantCode(t, st, o.win, 200, "")
			st, o.bet2 = s.call("PG", OpBet, s.bet(tok, p, "b2", "r2", 5_00))
			wantCode(t, st, o.bet2, 200, "")
			rb := m{"sessionToken": tok, "playerId": p, "txId": "rb1", "refTxId": "b2", "roundId": "r2", "gameCode": s.slot.Code, "currency": s.currency}
			st, o.rb = s.call("PG", OpRollback, rb)
			wantCode(t, st, o.rb, 200, "")
			st, o.rbAgain = s.call("PG", OpRollback, rb)
			wantCode(t, st, o.rbAgain, 200, "")
			o.round1, o.round2 = s.round("r1"), s.round("r2")
			o.stored = map[string]txRow{}
			for _, id := range []string{"b1", "w1", "b2", "rb1"} {
				tx, ok, err := s.svc.store.tx(context.Background(), s.d, "PG", id)
				if err != nil || !ok {
					t.Fatalf("tx %s: %v %v", id, ok, err)
				}
				o.stored[id] = tx
			}
			o.groups = s.svc.rec.groups()
			s.verifyLedger()
			return o
		}
		hs := newSite(t, d)
		hs.svc.cfg.AnswersInPosting = true
		hooked := play(hs)
		if hooked.groups != 0 {
			t.Errorf("recorder committed %d groups of its own; the answers belong in the postings' transactions", hooked.groups)
		}
		if *hooked.bet.Balance != 90_00 || *hooked.win.Balance != 115_00 || *hooked.bet2.Balance != 110_00 || *hooked.rb.Balance != 115_00 ||
			*hooked.rbAgain.Balance != 115_00 || hooked.rbAgain.PlatformTxID != hooked.rb.PlatformTxID {
			t.Errorf("answers %+v", hooked)
		}
		if hooked.round1.Status != StatusCompleted || hooked.round1.Win != 25_00 || hooked.round2.Bet != 5_00 || hooked.round2.ValidBet != 0 ||
			!hooked.stored["b2"].RolledBack || hooked.stored["b1"].PostingID == 0 || hooked.stored["b1"].Response == "" {
			t.Errorf("rounds %+v %+v, stored %+v", hooked.round1, hooked.round2, hooked.stored)
		}

		// The same callbacks through a poster without hooks, on another database.
		d2 := dbtest.Open(t, d.Dialect)
		s2 := newSite(t, d2)
		s2.svc.poster = hookless{s2.svc.poster}
		plain := play(s2)
		if plain.groups == 0 {
			t.Error("hookless poster: the recorder stored nothing")
		}
		same := func(a, b Response) bool {
			return a.Status == b.Status && a.Code == b.Code && *a.Balance == *b.Balance && a.TxID == b.TxID && a.RoundStatus == b.RoundStatus &&
				(a.PlatformTxID == "") == (b.PlatformTxID == "")
		}
		if !same(hooked.bet, plain.bet) || !same(hooked.win, plain.win) || !same(hooked.bet2, plain.bet2) || !same(hooked.rb, plain.rb) {
			t.Errorf("hooked %+v, hookless %+v", hooked, plain)
		}
		if plain.round1.Status != hooked.round1.Status || plain.round1.Win != hooked.round1.Win || plain.round2.ValidBet != hooked.round2.ValidBet ||
			!plain.stored["b2"].RolledBack {
			t.Errorf("hookless rounds %+v %+v", plain.round1, plain.round2)
		}
	})
}

// BenchmarkBetWinAlone: one vendor connection, a bet then a win with
// endRound per op, so each op is the latency of a round played alone (every
// commit stage a callback waits for shows in full).
func BenchmarkBetWinAlone(b *testing.B) {
	run := func(b *testing.B, d *db.DB) {
		s := newSite(b, d)
		tok := s.player(1000, 1_000_000_00)
		b.ResetTimer()
		for i := range b.N {
			round := "alone-" + itoa(int64(i))
			if st, r := s.call("PG", OpBet, s.bet(tok, PlayerID(1000), "b"+round, round, 100)); st != 200 {
				b.Fatalf("bet %+v", r)
			}
			if st, r := s.call("PG", OpWin, s.win(tok, PlayerID(1000), "w"+round, round, 100, true)); st != 200 {
				b.Fatalf("win %+v", r)
			}
		}
	}
	b.Run("sqlite", func(b *testing.B) { run(b, dbtest.Open(b, db.SQLite)) })
	if os.Getenv(dbtest.EnvPostgres) != "" {
		b.Run("postgres", func(b *testing.B) { run(b, dbtest.Open(b, db.Postgres)) })
	}
}
