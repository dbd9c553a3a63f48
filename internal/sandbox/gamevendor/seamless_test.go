package gamevendor

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/gamewallet"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/sandbox/transfervendor"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/vendorwallet"
	"github.com/palaro/palaro/internal/wallet"
)

// platform is the real seamless callback API, ledger and wallet over the
// demo catalogue, served over HTTP together with the sandbox vendor, which
// calls it at the server's own address as in the binary.
type platform struct {
	t        *testing.T
	d        *db.DB
	ledger   *ledger.Store
	wallet   *wallet.Service
	seamless *gamewallet.Service
	games    *game.Service
	vendor   *Vendor
	srv      *httptest.Server
	slot     game.GameView // a seamless slot (PG)
	table    game.GameView // a seamless live game
}

func quiet() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// fastRetry keeps the tests quick: 3 attempts, 5 ms then 10 ms apart.
var fastRetry = Retry{Attempts: 3, Backoff: 5 * time.Millisecond, Timeout: 5 * time.Second}

func newPlatform(t *testing.T, d *db.DB) *platform {
	t.Helper()
	ctx := context.Background()
	if _, err := brand.NewService(brand.NewStore(d), clock.System{}).Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	games := catalogue(t, d)
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	l := ledger.NewStore(d, clock.System{})
	w := wallet.NewService(l, brands, nil, quiet())
	catalog := gamewallet.NewCatalogGames(games)
	gw := gamewallet.NewService(gamewallet.NewStore(d), catalog, w, l, clock.System{}, quiet(), gamewallet.Config{})
	svc := seamless.NewService(gw, catalog, clock.System{}, quiet(), seamless.Config{GeneratedSecrets: account.NewStore(d)}) // as in demo mode
	p := &platform{t: t, d: d, ledger: l, wallet: w, seamless: gw, games: games}
	mux := http.NewServeMux()
	seamless.NewHandler(svc).Routes(mux)
	transfervendor.New(d, []byte("transfer-secret"), []string{"JDB", "CQ9"}, nil, quiet()).Routes(mux)
	p.srv = httptest.NewServer(mux)
	t.Cleanup(p.srv.Close)
	v, err := New(Config{BaseURL: func() string { return p.srv.URL }, Secrets: svc, TicketKey: []byte("ticket"), Catalog: games,
		Transfer: transfervendor.NewStore(d), Retry: fastRetry, Logger: quiet()})
	if err != nil {
		t.Fatal(err)
	}
	v.Routes(mux)
	p.vendor = v
	cat, _ := games.Catalog(ctx)
	for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{"PG"}, GameType: "RNG", PageNo: 1, PageSize: 50}).Games {
		if !g.Maintenance {
			p.slot = g
			break
		}
	}
	for _, g := range cat.ListGames(game.ListFilter{GameType: "LIVE", PageNo: 1, PageSize: 100}).Games {
		if vd, ok := cat.Vendor(g.Vassalage); ok && vd.WalletType != game.WalletTransfer && !vd.Maintenance && !g.Maintenance {
			p.table = g
			break
		}
	}
	if p.slot.GameCode == "" || p.table.GameCode == "" {
		t.Fatal("demo catalogue: no PG slot or seamless live game")
	}
	return p
}

// fund credits a member's main wallet.
func (p *platform) fund(memberID, amount int64) {
	p.t.Helper()
	ctx := context.Background()
	clearing, err := p.ledger.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, "PHP"))
	if err != nil {
		p.t.Fatal(err)
	}
	main, err := p.ledger.EnsureAccount(ctx, ledger.PlayerMain(memberID, "PHP"))
	if err != nil {
		p.t.Fatal(err)
	}
	if _, err := p.wallet.Post(ctx, ledger.PostingRequest{Key: "fund:" + strconv.FormatInt(memberID, 10), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
		{AccountID: clearing.ID, Amount: -amount, Currency: "PHP"}, {AccountID: main.ID, Amount: amount, Currency: "PHP"}}}); err != nil {
		p.t.Fatal(err)
	}
}

func (p *platform) main(memberID int64) int64 {
	p.t.Helper()
	a, err := p.ledger.FindAccount(context.Background(), ledger.PlayerMain(memberID, "PHP"))
	if err != nil {
		p.t.Fatal(err)
	}
	return a.Balance
}

// launch opens a game session as the launch would and loads the page.
func (p *platform) launch(memberID int64, g game.GameView, lang string) *page {
	p.t.Helper()
	ctx := context.Background()
	tok, err := p.seamless.OpenSession(ctx, memberID, g.Vassalage, g.GameCode, g.NodeID, "PHP")
	if err != nil {
		p.t.Fatal(err)
	}
	url, err := p.vendor.LaunchURL(ctx, LaunchParams{Vendor: g.Vassalage, GameCode: g.GameCode, NodeID: g.NodeID, SessionToken: tok,
		PlayerID: seamless.PlayerID(memberID), Currency: "PHP", Language: lang})
	if err != nil {
		p.t.Fatal(err)
	}
	return openPage(p.t, p.srv, url)
}

func (p *platform) rounds(memberID int64) []gamewallet.Round {
	p.t.Helper()
	rs, _, err := p.seamless.Rounds(context.Background(), gamewallet.RoundQuery{MemberID: memberID,
		From: time.Now().Add(-time.Hour), To: time.Now().Add(time.Hour), Limit: 500})
	if err != nil {
		p.t.Fatal(err)
	}
	return rs
}

func (p *platform) round(memberID int64, roundID string) gamewallet.Round {
	p.t.Helper()
	for _, r := range p.rounds(memberID) {
		if r.RoundID == roundID {
			return r
		}
	}
	p.t.Fatalf("round %s not found", roundID)
	return gamewallet.Round{}
}

func TestSeamlessPlay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		p := newPlatform(t, d)

		// Full rounds through the real callback API: the page shows the
		// main balance; each round debits the bet and credits the win and
		// ends COMPLETED.
		t.Run("FullRound", func(t *testing.T) {
			const member = 101
			p.fund(member, 100_000)
			for _, g := range []game.GameView{p.slot, p.table} {
				pg := p.launch(member, g, "EN")
				start := p.main(member)
				if !strings.Contains(pg.html, formatAmount(start)) || !strings.Contains(pg.html, g.GameName) {
					t.Fatalf("page lacks balance %s or name: %s", formatAmount(start), pg.html)
				}
				code, a := pg.play(t, 5000, "EN")
				if code != 200 || a.Pending {
					t.Fatalf("play: %d %+v", code, a)
				}
				if want := start - 5000 + a.Win; *a.Balance != want || p.main(member) != want {
					t.Fatalf("balance %d / main %d, want %d", *a.Balance, p.main(member), want)
				}
				r := p.round(member, a.RoundID)
				if r.Status != gamewallet.StatusCompleted || r.Bet != 5000 || r.ValidBet != 5000 || r.Win != a.Win || r.NodeID != g.NodeID {
					t.Fatalf("round %+v after %+v", r, a)
				}
				if g.GameType == "LIVE" && (a.Player == "" || len(a.Reels) != 0) {
					t.Fatalf("live game played as a slot: %+v", a)
				}
			}
		})

		// The bet's answer is lost once: the retry with the same txId gets
		// the stored answer, and the player is debited once.
		t.Run("LostBetAnswerRetried", func(t *testing.T) {
			const member = 102
			p.fund(member, 100_000)
			pg := p.launch(member, p.slot, "EN")
			p.vendor.Inject(FaultDropAnswer, "bet", 1)
			code, a := pg.play(t, 1000, "EN")
			if code != 200 || p.vendor.PendingFaults() != 0 {
				t.Fatalf("play: %d %+v (faults left %d)", code, a, p.vendor.PendingFaults())
			}
			if want := int64(100_000 - 1000 + a.Win); p.main(member) != want {
				t.Fatalf("main %d, want %d (one debit)", p.main(member), want)
			}
			if r := p.round(member, a.RoundID); r.Bet != 1000 || r.Status != gamewallet.StatusCompleted {
				t.Fatalf("round %+v", r)
			}
		})

		// The bet was applied but no answer ever came back: the sandbox
		// rolls it back, the money returns, the round is cancelled and the
		// player is told.
		t.Run("UnansweredBetRolledBack", func(t *testing.T) {
			const member = 103
			p.fund(member, 100_000)
			pg := p.launch(member, p.slot, "TY")
			p.vendor.Inject(FaultDropAnswer, "bet", fastRetry.Attempts)
			code, a := pg.play(t, 10000, "TY")
			if code != http.StatusConflict || a.Error != ErrCodeBetCancelled || a.Message != texts["TY"]["err_bet_cancelled"] {
				t.Fatalf("play: %d %+v", code, a)
			}
			if p.main(member) != 100_000 || a.Balance == nil || *a.Balance != 100_000 {
				t.Fatalf("money not back: main %d answer %+v", p.main(member), a)
			}
			rs := p.rounds(member)
			if len(rs) != 1 || rs[0].ValidBet != 0 || rs[0].Status != gamewallet.StatusCancelled {
				t.Fatalf("rounds %+v", rs)
			}
			// A bet that never reached the platform: the rollback moves nothing.
			p.vendor.Inject(FaultDropRequest, "bet", fastRetry.Attempts)
			if code, a := pg.play(t, 10000, "EN"); code != http.StatusConflict || a.Error != ErrCodeBetCancelled {
				t.Fatalf("play: %d %+v", code, a)
			}
			if p.main(member) != 100_000 {
				t.Fatalf("main %d", p.main(member))
			}
		})

		// A win whose answer is lost is queued and delivered again later
		// with the same txId: credited once.
		t.Run("LostWinDeliveredLater", func(t *testing.T) {
			const member = 104
			p.fund(member, 100_000)
			pg := p.launch(member, p.slot, "EN")
			p.vendor.Inject(FaultDropRequest, "win", fastRetry.Attempts)
			code, a := pg.play(t, 1000, "EN")
			if code != 200 || !a.Pending || p.vendor.Backlog() != 1 {
				t.Fatalf("play: %d %+v backlog %d", code, a, p.vendor.Backlog())
			}
			if r := p.round(member, a.RoundID); r.Status != gamewallet.StatusOpen {
				t.Fatalf("round closed without its win: %+v", r)
			}
			p.vendor.Flush(context.Background())
			if p.vendor.Backlog() != 0 {
				t.Fatal("backlog not delivered")
			}
			p.vendor.Flush(context.Background())
			if want := int64(100_000 - 1000 + a.Win); p.main(member) != want {
				t.Fatalf("main %d, want %d", p.main(member), want)
			}
			if r := p.round(member, a.RoundID); r.Status != gamewallet.StatusCompleted || r.Win != a.Win {
				t.Fatalf("round %+v", r)
			}
		})

		// Not enough money: refused by the platform, shown to the player
		// with the balance, nothing moves.
		t.Run("InsufficientFunds", func(t *testing.T) {
			const member = 105
			p.fund(member, 300)
			pg := p.launch(member, p.slot, "EN")
			code, a := pg.play(t, 500, "EN")
			if code != http.StatusConflict || a.Error != ErrCodeInsufficientFunds || a.Message != texts["EN"]["err_insufficient_funds"] ||
				a.Balance == nil || *a.Balance != 300 || a.BalanceText != "3.00" {
				t.Fatalf("play: %d %+v", code, a)
			}
			if p.main(member) != 300 {
				t.Fatalf("main %d", p.main(member))
			}
		})

		// A transfer-wallet vendor's game plays against the sandbox
		// vendor's wallet only: the main wallet and the seamless rounds
		// do not move.
		t.Run("TransferVendorLeavesMainAlone", func(t *testing.T) {
			const member = 106
			p.fund(member, 100_000)
			ctx := context.Background()
			cq9 := vendorwallet.NewClient(func() string { return transfervendor.BaseURL(p.srv.URL, "CQ9") }, []byte("transfer-secret"), nil, nil)
			player := vendorwallet.Player{ID: "m106", Currency: "PHP"}
			if r, err := cq9.Deposit(ctx, player, 20_000, "trgamevendor000000000106"); err != nil || r.Status != vendorwallet.StatusSuccess {
				t.Fatalf("deposit %+v %v", r, err)
			}
			g := firstGame(t, p.games, "CQ9", "RNG")
			url, err := p.vendor.LaunchURL(ctx, LaunchParams{Vendor: "CQ9", NodeID: g.NodeID, PlayerID: "m106", Currency: "PHP"})
			if err != nil {
				t.Fatal(err)
			}
			pg := openPage(t, p.srv, url)
			code, a := pg.play(t, 1000, "EN")
			if code != 200 {
				t.Fatalf("play %d %+v", code, a)
			}
			if got, _ := cq9.Balance(ctx, player); got != 20_000-1000+a.Win || *a.Balance != got {
				t.Fatalf("vendor wallet %d, answer %d", got, *a.Balance)
			}
			if p.main(member) != 100_000 || len(p.rounds(member)) != 0 {
				t.Fatalf("main %d, rounds %d", p.main(member), len(p.rounds(member)))
			}
		})

		rep, err := p.ledger.Verify(context.Background())
		if err != nil || !rep.OK() {
			t.Fatalf("ledger: %v %v", err, rep.Problems)
		}
	})
}
