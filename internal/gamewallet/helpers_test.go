package gamewallet

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/wallet"
)

var testSecret = []byte("pg-test-secret")

// site is the game wallet over the real demo catalogue, ledger and wallet,
// with a settable clock. Its calls are written as the vendor API's bodies
// (call), mapped to the typed methods.
type site struct {
	t        testing.TB
	d        *db.DB
	clk      *clock.Fixed
	ledger   *ledger.Store
	wallet   *wallet.Service
	svc      *Service
	currency string
	slot     Game  // a PG slot (seamless, not in maintenance)
	maint    Game  // a PT slot under maintenance
	lastFact int64 // the last activity_event row nextEnded gave
}

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

func newSite(t testing.TB, d *db.DB) *site { return newSiteCfg(t, d, Config{}) }

// newSiteCfg is newSite with the game wallet's config.
func newSiteCfg(t testing.TB, d *db.DB, cfg Config) *site {
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
	svc := NewService(NewStore(d), NewCatalogGames(games), w, l, clk, discard(), cfg)
	s := &site{t: t, d: d, clk: clk, ledger: l, wallet: w, svc: svc, currency: brand.Demo().Currency.Code}
	if err := d.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM activity_event`).Scan(&s.lastFact); err != nil {
		t.Fatal(err)
	}
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

// The vendor API's words for the kinds and codes, as the tests write them.
const (
	OpBalance  = "balance"
	OpBet      = kindBet
	OpWin      = kindWin
	OpRollback = kindRollback
	OpEndRound = "endround"
	OpBetWin   = kindBetWin

	CodeInvalidRequest      = codeInvalidRequest
	CodeUnknownPlayer       = codeUnknownPlayer
	CodeSessionExpired      = codeSessionExpired
	CodeInsufficientFunds   = codeInsufficientFunds
	CodeUnknownGame         = codeUnknownGame
	CodeGameDisabled        = codeGameDisabled
	CodeUnknownRound        = codeUnknownRound
	CodeRoundClosed         = codeRoundClosed
	CodeRollbackAfterWin    = codeRollbackAfterWin
	CodeBetRolledBack       = codeBetRolledBack
	CodeDuplicateTxMismatch = codeDuplicateTxMismatch
	CodeCurrencyMismatch    = codeCurrencyMismatch
	CodeLimitReached        = codeLimitReached
	CodePlayerBlocked       = codePlayerBlocked
	CodeInternal            = codeInternal
)

// Response is an answer as the tests read it (the stored format).
type Response = reply

// body is a call written as the vendor API's JSON body.
type body struct {
	SessionToken string `json:"sessionToken"`
	PlayerID     string `json:"playerId"`
	Currency     string `json:"currency"`
	TxID         string `json:"txId"`
	RefTxID      string `json:"refTxId"`
	RoundID      string `json:"roundId"`
	GameCode     string `json:"gameCode"`
	Amount       int64  `json:"amount"`
	WinAmount    int64  `json:"winAmount"`
	Jackpot      bool   `json:"jackpot"`
	EndRound     bool   `json:"endRound"`
}

// call runs the typed method of op with a body written as the vendor API's
// and gives its answer as the stored format, with its HTTP status.
func (s *site) call(vendor, op string, in any) (int, Response) {
	s.t.Helper()
	raw, err := json.Marshal(in)
	if err != nil {
		s.t.Fatal(err)
	}
	var b body
	if err := json.Unmarshal(raw, &b); err != nil {
		s.t.Fatal(err)
	}
	member, _ := strconv.ParseInt(strings.TrimPrefix(b.PlayerID, "m"), 10, 64)
	ctx := context.Background()
	var a Answer
	switch op {
	case OpBalance:
		a, err = s.svc.Balance(ctx, BalanceRequest{Vendor: vendor, SessionToken: b.SessionToken, MemberID: member, Currency: b.Currency})
	case OpBet:
		a, err = s.svc.Bet(ctx, BetRequest{Vendor: vendor, SessionToken: b.SessionToken, MemberID: member, Currency: b.Currency, TxID: b.TxID, RoundID: b.RoundID, GameCode: b.GameCode, Amount: b.Amount})
	case OpBetWin:
		a, err = s.svc.BetWin(ctx, BetWinRequest{Vendor: vendor, SessionToken: b.SessionToken, MemberID: member, Currency: b.Currency, TxID: b.TxID, RoundID: b.RoundID, GameCode: b.GameCode, Amount: b.Amount, Win: b.WinAmount})
	case OpWin:
		a, err = s.svc.Win(ctx, WinRequest{Vendor: vendor, SessionToken: b.SessionToken, MemberID: member, Currency: b.Currency, TxID: b.TxID, RoundID: b.RoundID, GameCode: b.GameCode, Amount: b.Amount, Jackpot: b.Jackpot, EndRound: b.EndRound})
	case OpRollback:
		a, err = s.svc.Rollback(ctx, RollbackRequest{Vendor: vendor, SessionToken: b.SessionToken, MemberID: member, Currency: b.Currency, TxID: b.TxID, RefTxID: b.RefTxID, RoundID: b.RoundID, GameCode: b.GameCode})
	case OpEndRound:
		a, err = s.svc.EndRound(ctx, EndRoundRequest{Vendor: vendor, MemberID: member, RoundID: b.RoundID, GameCode: b.GameCode})
	default:
		s.t.Fatalf("op %q", op)
	}
	if err == nil {
		r := reply{Status: "OK", Currency: a.Currency, TxID: a.TxID, PlatformTxID: a.PlatformTxID, RoundStatus: a.RoundStatus}
		if a.HasBalance {
			r.Balance = &a.Balance
		}
		return http.StatusOK, r
	}
	var ref *Refusal
	if !errors.As(err, &ref) {
		return http.StatusInternalServerError, fail(codeInternal, err.Error())
	}
	for code, c := range codes {
		if c.err != nil && errors.Is(err, c.err) {
			r := reply{Status: "ERROR", Code: code, Message: ref.Message, Currency: ref.Currency}
			if ref.HasBalance {
				r.Balance = &ref.Balance
			}
			return statusOf(code), r
		}
	}
	s.t.Fatalf("refusal without a code: %v", err)
	return 0, reply{}
}

// nextEnded is the round of the next round fact in the activity stream
// since the last one it gave; ok=false when there is none. It checks that
// the fact says what the round holds.
func (s *site) nextEnded() (Round, bool) {
	s.t.Helper()
	var id int64
	var f activity.Fact
	var started, at int64
	err := s.d.QueryRowContext(context.Background(), s.d.Rebind(`SELECT id, fact_key, kind, member_id, currency, vendor, game, category, amount, win, valid_bet, ref, detail, started_at, occurred_at
		FROM activity_event WHERE id > ? AND kind IN ('round.settled', 'round.cancelled') ORDER BY id LIMIT 1`), s.lastFact).
		Scan(&id, &f.Key, &f.Kind, &f.MemberID, &f.Currency, &f.Vendor, &f.Game, &f.Category, &f.Amount, &f.Win, &f.ValidBet, &f.Ref, &f.Detail, &started, &at)
	if db.IsNoRows(err) {
		return Round{}, false
	}
	if err != nil {
		s.t.Fatal(err)
	}
	s.lastFact = id
	rid, _ := strconv.ParseInt(f.Ref, 10, 64)
	r, ok, err := s.svc.RoundByID(context.Background(), rid)
	if err != nil || !ok {
		s.t.Fatalf("fact %s: round %s: %v %v", f.Key, f.Ref, ok, err)
	}
	f.StartedAt, f.At = time.UnixMilli(started), time.UnixMilli(at)
	if want := roundFact(r); f.Key != want.Key || f.Kind != want.Kind || f.MemberID != want.MemberID || f.Currency != want.Currency || f.Vendor != want.Vendor ||
		f.Game != want.Game || f.Category != want.Category || f.Amount != want.Amount || f.Win != want.Win || f.ValidBet != want.ValidBet || f.Ref != want.Ref ||
		f.Detail != want.Detail || !f.StartedAt.Equal(want.StartedAt) || !f.At.Equal(want.At) {
		s.t.Fatalf("fact %+v does not say what round %+v holds (%+v)", f, r, want)
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

func (s *site) betWin(tok, player, tx, round string, bet, win int64) m {
	b := s.bet(tok, player, tx, round, bet)
	b["winAmount"] = win
	return b
}
