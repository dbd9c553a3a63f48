package gamewallet

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/vendorwallet"
	"github.com/palaro/palaro/internal/wallet"
)

var testSecret = []byte("pg-test-secret")

// site is the callback API over the real demo catalogue, ledger and wallet,
// served by a real HTTP server, with a settable clock.
type site struct {
	t        testing.TB
	d        *db.DB
	clk      *clock.Fixed
	ledger   *ledger.Store
	wallet   *wallet.Service
	svc      *Service
	srv      *httptest.Server
	currency string
	slot     Game // a PG slot (seamless, not in maintenance)
	maint    Game // a PT slot under maintenance
	ended    chan Round
}

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newSite(t testing.TB, d *db.DB) *site {
	t.Helper()
	ctx := context.Background()
	clk := clock.NewFixed(time.Date(2026, 3, 10, 4, 0, 0, 0, time.UTC))
	brands := brand.NewService(brand.NewStore(d), clk)
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	gstore := game.NewStore(d)
	if _, err := game.SeedDemo(ctx, gstore, clk.Now()); err != nil {
		t.Fatal(err)
	}
	games := game.NewService(gstore, clk, discard(), time.Hour)
	l := ledger.NewStore(d, clk)
	w := wallet.NewService(l, brands, nil, discard())
	svc := NewService(NewStore(d), NewCatalogGames(games), w, l, clk, discard(), Config{Secrets: map[string][]byte{"PG": testSecret, "PT": testSecret}})
	s := &site{t: t, d: d, clk: clk, ledger: l, wallet: w, svc: svc, currency: brand.Demo().Currency.Code, ended: make(chan Round, 100)}
	svc.OnRoundEnded(func(_ context.Context, r Round) {
		select {
		case s.ended <- r:
		default: // benchmarks end more rounds than anyone reads
		}
	})
	mux := http.NewServeMux()
	NewHandler(svc).Routes(mux)
	s.srv = httptest.NewServer(mux)
	t.Cleanup(s.srv.Close)
	cat, err := games.Catalog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{"PG"}, GameType: "RNG", PageNo: 1, PageSize: 50}).Games {
		if !g.Maintenance {
			s.slot = Game{NodeID: g.NodeID, Vendor: "PG", Code: g.GameCode, GameType: g.GameType}
			break
		}
	}
	for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{"PT"}, GameType: "RNG", PageNo: 1, PageSize: 50}).Games {
		if g.Maintenance {
			s.maint = Game{NodeID: g.NodeID, Vendor: "PT", Code: g.GameCode, GameType: g.GameType}
		}
	}
	if s.slot.Code == "" || s.maint.Code == "" {
		t.Fatal("demo catalogue: no PG slot or PT maintenance slot")
	}
	return s
}

// player opens a funded member's session and returns member id and token.
func (s *site) player(memberID, funds int64) string {
	s.t.Helper()
	ctx := context.Background()
	if funds > 0 {
		clearing, err := s.ledger.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, s.currency))
		if err != nil {
			s.t.Fatal(err)
		}
		main, err := s.ledger.EnsureAccount(ctx, ledger.PlayerMain(memberID, s.currency))
		if err != nil {
			s.t.Fatal(err)
		}
		if _, err := s.wallet.Post(ctx, ledger.PostingRequest{Key: "fund:" + itoa(memberID), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -funds, Currency: s.currency}, {AccountID: main.ID, Amount: funds, Currency: s.currency}}}); err != nil {
			s.t.Fatal(err)
		}
	}
	tok, err := s.svc.OpenSession(ctx, memberID, s.slot.Vendor, s.slot.Code, s.slot.NodeID, s.currency)
	if err != nil {
		s.t.Fatal(err)
	}
	return tok
}

func (s *site) mainBalance(memberID int64) int64 {
	s.t.Helper()
	a, err := s.ledger.FindAccount(context.Background(), ledger.PlayerMain(memberID, s.currency))
	if err != nil {
		s.t.Fatal(err)
	}
	return a.Balance
}

// call sends a signed callback and decodes the answer.
func (s *site) call(vendor, op string, body any) (int, Response) {
	s.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		s.t.Fatal(err)
	}
	return s.raw(vendor, op, b, vendorwallet.Sign(testSecret, s.clk.Now(), b))
}

func (s *site) raw(vendor, op string, b []byte, sig string) (int, Response) {
	s.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/lgw/vendor/"+vendor+"/wallet/"+op, bytes.NewReader(b))
	if sig != "" {
		req.Header.Set(vendorwallet.SignatureHeader, sig)
	}
	res, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	var r Response
	if err := json.Unmarshal(out, &r); err != nil {
		s.t.Fatalf("answer %s: %v", out, err)
	}
	if v := res.Header.Get(vendorwallet.SignatureHeader); v != "" {
		if err := vendorwallet.Verify(testSecret, v, out, s.clk.Now()); err != nil {
			s.t.Fatalf("answer signature: %v", err)
		}
	}
	return res.StatusCode, r
}

func (s *site) round(roundID string) roundRow {
	s.t.Helper()
	r, ok, err := s.svc.store.round(context.Background(), s.d, "PG", roundID)
	if err != nil || !ok {
		s.t.Fatalf("round %s: %v %v", roundID, ok, err)
	}
	return r
}

func (s *site) verifyLedger() {
	s.t.Helper()
	rep, err := s.ledger.Verify(context.Background())
	if err != nil || !rep.OK() {
		s.t.Fatalf("ledger verify: %v %v", err, rep.Problems)
	}
}

type m map[string]any

func amt(v int64) *int64 { return &v }

func (s *site) bet(tok, player, tx, round string, amount int64) m {
	return m{"sessionToken": tok, "playerId": player, "txId": tx, "roundId": round, "gameCode": s.slot.Code, "amount": amount, "currency": s.currency}
}

func (s *site) win(tok, player, tx, round string, amount int64, end bool) m {
	return m{"sessionToken": tok, "playerId": player, "txId": tx, "roundId": round, "gameCode": s.slot.Code, "amount": amount, "currency": s.currency, "endRound": end}
}

func wantCode(t testing.TB, status int, r Response, wantStatus int, code string) {
	t.Helper()
	if status != wantStatus || r.Code != code {
		t.Fatalf("got %d %s (%s), want %d %s", status, r.Code, r.Message, wantStatus, code)
	}
}
