package withdraw

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strconv"
	"testing"

	"github.com/palaro/palaro/internal/gamewallet"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/vendorwallet"
)

var gameSecret = []byte("withdraw-test-vendor-secret")

// games is the real seamless wallet over the site's ledger: bets reach it
// as a vendor's signed callbacks, so rounds, rollbacks and cancellations
// are the ones real games make.
type games struct {
	svc  *seamless.Service
	gw   *gamewallet.Service
	slot gamewallet.Game
	n    int
}

func (s *site) games() *games {
	s.t.Helper()
	if s.seamless != nil {
		return s.seamless
	}
	ctx := context.Background()
	gstore := game.NewStore(s.db)
	if _, err := game.SeedDemo(ctx, gstore, s.clk.Now()); err != nil {
		s.t.Fatal(err)
	}
	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	catalog := game.NewService(gstore, s.clk, logger, 0)
	gcat := gamewallet.NewCatalogGames(catalog)
	gw := gamewallet.NewService(gamewallet.NewStore(s.db), gcat, s.wallet, s.ledger, s.clk, logger, gamewallet.Config{})
	g := &games{gw: gw, svc: seamless.NewService(gw, gcat, s.clk, logger, seamless.Config{Secrets: map[string][]byte{"PG": gameSecret}})}
	cat, err := catalog.Catalog(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	for _, x := range cat.ListGames(game.ListFilter{Vendors: []string{"PG"}, GameType: "RNG", PageNo: 1, PageSize: 50}).Games {
		if !x.Maintenance {
			g.slot = gamewallet.Game{NodeID: x.NodeID, Vendor: "PG", Code: x.GameCode, GameType: x.GameType}
			break
		}
	}
	if g.slot.Code == "" {
		s.t.Fatal("demo catalogue: no PG slot")
	}
	s.seamless = g
	return g
}

// call sends one signed callback as vendor PG and wants it accepted.
func (s *site) call(op string, body map[string]any) {
	s.t.Helper()
	g := s.games()
	b, _ := json.Marshal(body)
	status, resp := g.svc.Serve(context.Background(), "PG", op, vendorwallet.Sign(gameSecret, s.clk.Now(), b), b)
	if status != 200 || resp.Code != "" {
		s.t.Fatalf("%s %s: %d %s %s", op, b, status, resp.Code, resp.Message)
	}
}

// gameRound is one seamless round of a member: its ids and callbacks.
type gameRound struct {
	s      *site
	player string
	round  string
	token  string
	n      int
}

func (s *site) newRound(memberID int64) *gameRound {
	s.t.Helper()
	g := s.games()
	tok, err := g.gw.OpenSession(context.Background(), memberID, "PG", g.slot.Code, g.slot.NodeID, "PHP")
	if err != nil {
		s.t.Fatal(err)
	}
	g.n++
	return &gameRound{s: s, player: seamless.PlayerID(memberID), round: "r" + strconv.Itoa(g.n) + "-" + strconv.FormatInt(memberID, 10), token: tok}
}

func (r *gameRound) body(tx string, amount int64) map[string]any {
	return map[string]any{"sessionToken": r.token, "playerId": r.player, "txId": tx, "roundId": r.round,
		"gameCode": r.s.games().slot.Code, "amount": amount, "currency": "PHP"}
}

func (r *gameRound) tx() string { r.n++; return r.round + "-t" + strconv.Itoa(r.n) }

func (r *gameRound) bet(amount int64) string {
	tx := r.tx()
	r.s.call(seamless.OpBet, r.body(tx, amount))
	return tx
}

func (r *gameRound) betWin(bet, win int64) string {
	tx := r.tx()
	b := r.body(tx, bet)
	b["winAmount"] = win
	r.s.call(seamless.OpBetWin, b)
	return tx
}

func (r *gameRound) win(amount int64) {
	b := r.body(r.tx(), amount)
	b["endRound"] = true
	r.s.call(seamless.OpWin, b)
}

func (r *gameRound) rollback(betTx string) {
	b := r.body(r.tx(), 0)
	delete(b, "amount")
	b["refTxId"] = betTx
	r.s.call(seamless.OpRollback, b)
}

func (r *gameRound) end() {
	b := r.body("", 0)
	delete(b, "amount")
	delete(b, "txId")
	r.s.call(seamless.OpEndRound, b)
}

// bet plays one settled round of amount that the member loses, as a game
// vendor does: a valid bet.
func (s *site) bet(memberID, amount int64) {
	s.t.Helper()
	r := s.newRound(memberID)
	r.bet(amount)
	r.win(0)
}

// TestTurnoverCountsOnlySettledRounds: with 15,000.00 required, a round of
// 15,000.00 whose bet was refunded (rolled back, the round CANCELLED, as a
// Mines board cashed out with nothing revealed or a refunded Crash bet), a
// round played in one call and then rolled back, or a round still open do
// not meet it; the same bet settled does.
func TestTurnoverCountsOnlySettledRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		p := s.newPlayer(100_000)
		const stake = 1_500_000
		s.credit(p.id, stake, ledger.KindDeposit)
		done := func() float64 {
			t.Helper()
			return s.do("GET", "/wps/cashier/withdraw/info", p.token, nil, nil).ok(t).value["turnover"].(map[string]any)["done"].(float64)
		}

		refunded := s.newRound(p.id)
		refunded.rollback(refunded.bet(stake))
		refunded.end()
		oneCall := s.newRound(p.id)
		oneCall.rollback(oneCall.betWin(stake, stake))
		if got := done(); got != 0 {
			t.Fatalf("refunded and rolled back rounds count %v towards the turnover", got)
		}
		s.withdraw(p, "100").fails(t, 400, "withdraw.turnover_not_met")

		open := s.newRound(p.id)
		open.bet(stake)
		if got := done(); got != 0 {
			t.Fatalf("an open round counts %v", got)
		}
		s.withdraw(p, "100").fails(t, 400, "withdraw.turnover_not_met")

		open.win(stake) // settled: nothing won or lost, but a bet that stood
		if got := done(); got != stake {
			t.Fatalf("the settled round counts %v, want %d", got, stake)
		}
		s.withdraw(p, "100").ok(t)
	})
}
