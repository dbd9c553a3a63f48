package seamless

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
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
	gw       *gamewallet.Service
	gwCfg    gamewallet.Config
	svc      *Service
	srv      *httptest.Server
	currency string
	slot     gamewallet.Game // a PG slot (seamless, not in maintenance)
	maint    gamewallet.Game // a PT slot under maintenance
	lastFact int64           // the last activity_event row nextEnded gave
}

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newSite(t testing.TB, d *db.DB) *site { return newSiteCfg(t, d, gamewallet.Config{}) }

// newSiteCfg is newSite with the game wallet's config.
func newSiteCfg(t testing.TB, d *db.DB, cfg gamewallet.Config) *site {
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
	catalog := gamewallet.NewCatalogGames(games)
	gw := gamewallet.NewService(gamewallet.NewStore(d), catalog, w, l, clk, discard(), cfg)
	svc := NewService(gw, catalog, clk, discard(), Config{Secrets: map[string][]byte{"PG": testSecret, "PT": testSecret}})
	s := &site{t: t, d: d, clk: clk, ledger: l, wallet: w, gw: gw, gwCfg: cfg, svc: svc, currency: brand.Demo().Currency.Code}
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM activity_event`).Scan(&s.lastFact); err != nil {
		t.Fatal(err)
	}
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
			s.slot = gamewallet.Game{NodeID: g.NodeID, Vendor: "PG", Code: g.GameCode, GameType: g.GameType}
			break
		}
	}
	for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{"PT"}, GameType: "RNG", PageNo: 1, PageSize: 50}).Games {
		if g.Maintenance {
			s.maint = gamewallet.Game{NodeID: g.NodeID, Vendor: "PT", Code: g.GameCode, GameType: g.GameType}
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
		if _, err := s.wallet.Post(ctx, ledger.PostingRequest{Key: "fund:" + strconv.FormatInt(memberID, 10), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -funds, Currency: s.currency}, {AccountID: main.ID, Amount: funds, Currency: s.currency}}}); err != nil {
			s.t.Fatal(err)
		}
	}
	tok, err := s.gw.OpenSession(ctx, memberID, s.slot.Vendor, s.slot.Code, s.slot.NodeID, s.currency)
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

// roundRow is a stored round with its count of wins.
type roundRow struct {
	gamewallet.Round
	Wins int
}

// findRound reads a round from game_round.
func (s *site) findRound(vendor, roundID string) (roundRow, bool, error) {
	var r roundRow
	var jp int
	var started, ended int64
	err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT id, vendor, round_id, member_id, node_id, game_code, game_type, currency, bet, valid_bet, win, jackpot, wins, status, started_at, ended_at
		FROM game_round WHERE vendor = ? AND round_id = ?`), vendor, roundID).Scan(&r.ID, &r.Vendor, &r.RoundID, &r.MemberID, &r.NodeID, &r.GameCode, &r.GameType,
		&r.Currency, &r.Bet, &r.ValidBet, &r.Win, &jp, &r.Wins, &r.Status, &started, &ended)
	if db.IsNoRows(err) {
		return r, false, nil
	}
	r.Jackpot, r.StartedAt = jp != 0, time.UnixMilli(started)
	if ended > 0 {
		r.EndedAt = time.UnixMilli(ended)
	}
	return r, err == nil, err
}

func (s *site) round(roundID string) roundRow {
	s.t.Helper()
	r, ok, err := s.findRound("PG", roundID)
	if err != nil || !ok {
		s.t.Fatalf("round %s: %v %v", roundID, ok, err)
	}
	return r
}

// txRow is a stored answer.
type txRow struct {
	Kind      string
	Amount    int64
	PostingID int64
}

// storedTx reads the answer stored for a transaction id.
func (s *site) storedTx(vendor, txID string) (txRow, bool, error) {
	var t txRow
	err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT kind, amount, posting_id FROM seamless_tx WHERE vendor = ? AND tx_id = ?`), vendor, txID).
		Scan(&t.Kind, &t.Amount, &t.PostingID)
	if db.IsNoRows(err) {
		return t, false, nil
	}
	return t, err == nil, err
}

// nextEnded is the round of the next round fact in the activity stream
// (round settled or cancelled) since the last one it gave; ok=false when
// there is none. It checks that the fact says what the round holds.
func (s *site) nextEnded() (gamewallet.Round, bool) {
	s.t.Helper()
	var id, member, amount, win, valid, started, at int64
	var key, kind, currency, vendor, gameCode, category, ref, detail string
	err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT id, fact_key, kind, member_id, currency, vendor, game, category, amount, win, valid_bet, ref, detail, started_at, occurred_at
		FROM activity_event WHERE id > ? AND kind IN ('round.settled', 'round.cancelled') ORDER BY id LIMIT 1`), s.lastFact).
		Scan(&id, &key, &kind, &member, &currency, &vendor, &gameCode, &category, &amount, &win, &valid, &ref, &detail, &started, &at)
	if db.IsNoRows(err) {
		return gamewallet.Round{}, false
	}
	if err != nil {
		s.t.Fatal(err)
	}
	s.lastFact = id
	var roundID string
	if err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT vendor, round_id FROM game_round WHERE id = ?`), mustParse(s.t, ref)).Scan(&vendor, &roundID); err != nil {
		s.t.Fatalf("fact %s: round %s: %v", key, ref, err)
	}
	r := s.round(roundID).Round
	status := gamewallet.StatusCompleted
	if kind == "round.cancelled" {
		status = gamewallet.StatusCancelled
	}
	wantDetail := ""
	if r.Jackpot {
		wantDetail = "jackpot"
	}
	if key != "round:"+ref || strconv.FormatInt(r.ID, 10) != ref || r.Status != status || r.MemberID != member || r.Currency != currency || r.GameCode != gameCode ||
		r.GameType != category || r.Bet != amount || r.Win != win || r.ValidBet != valid || r.StartedAt.UnixMilli() != started || r.EndedAt.UnixMilli() != at || detail != wantDetail {
		s.t.Fatalf("fact %s %s (member %d %s %s/%s bet %d win %d valid %d %d..%d %q) does not say what round %+v holds",
			key, kind, member, currency, gameCode, category, amount, win, valid, started, at, detail, r)
	}
	return r, true
}

// pendingEnded counts the round facts nextEnded has not given yet.
func (s *site) pendingEnded() int {
	s.t.Helper()
	var n int
	if err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT COUNT(*) FROM activity_event WHERE id > ? AND kind IN ('round.settled', 'round.cancelled')`), s.lastFact).Scan(&n); err != nil {
		s.t.Fatal(err)
	}
	return n
}

func mustParse(t testing.TB, v string) int64 {
	n, err := strconv.ParseInt(v, 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	return n
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

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// ledgerKey is the idempotency key of a callback's posting (docs/vendor-api.md).
func ledgerKey(vendor, txID string) string { return "seamless:" + vendor + ":" + txID }
