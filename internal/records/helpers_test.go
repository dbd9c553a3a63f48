package records

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/seamless"
	"github.com/palaro/palaro/internal/vendorwallet"
	"github.com/palaro/palaro/internal/wallet"
)

var (
	testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}
	testSecret = []byte("records-test-secret")
)

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// site is the records routes and the seamless callback API over the real
// demo catalogue, accounts, ledger and wallet on one HTTP server. Rounds
// are made the way a vendor makes them: signed callbacks. The seamless
// wallet and the records read the settable clock; sessions use real time.
type site struct {
	t        testing.TB
	clk      *clock.Fixed
	ledger   *ledger.Store
	wallet   *wallet.Service
	seamless *gamewallet.Service
	games    *game.Service
	accounts *account.Service
	members  *account.Store
	winners  *Winners
	srv      *httptest.Server
	currency string
	slot     game.GameView // a PG slot (RNG)
	live     game.GameView // a SXG live table (LIVE)
	trials   int
	seq      int
}

func newSite(t testing.TB, d *db.DB, start time.Time) *site {
	t.Helper()
	ctx := context.Background()
	clk := clock.NewFixed(start)
	brands := brand.NewService(brand.NewStore(d), clk)
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	members := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = testArgon2, false
	accounts := account.NewService(members, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	gstore := game.NewStore(d)
	if _, err := game.SeedDemo(ctx, gstore, clk.Now()); err != nil {
		t.Fatal(err)
	}
	games := game.NewService(gstore, clk, discard(), time.Hour)
	l := ledger.NewStore(d, clk)
	w := wallet.NewService(l, brands, nil, discard())
	catalog := gamewallet.NewCatalogGames(games)
	sl := gamewallet.NewService(gamewallet.NewStore(d), catalog, w, l, clk, discard(), gamewallet.Config{})
	winners := NewWinners(games, members, discard())
	runCtx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	runStream(t, runCtx, d, winners)

	mux := http.NewServeMux()
	seamless.NewHandler(seamless.NewService(sl, catalog, clk, discard(), seamless.Config{Secrets: map[string][]byte{"PG": testSecret, "SXG": testSecret}})).Routes(mux)
	NewHandler(NewService(sl, CatalogNames{Games: games}, clk, brands), accounts).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	srv := httptest.NewServer(httpx.Edge(mux, discard(), nil))
	t.Cleanup(srv.Close)

	s := &site{t: t, clk: clk, ledger: l, wallet: w, seamless: sl, games: games, accounts: accounts, members: members, winners: winners, srv: srv, currency: brand.Demo().Currency.Code}
	cat, err := games.Catalog(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{"PG"}, GameType: "RNG", PageNo: 1, PageSize: 50}).Games {
		if !g.Maintenance {
			s.slot = g
			break
		}
	}
	for _, g := range cat.ListGames(game.ListFilter{Vendors: []string{"SXG"}, GameType: "LIVE", PageNo: 1, PageSize: 50}).Games {
		if !g.Maintenance {
			s.live = g
			break
		}
	}
	if s.slot.GameCode == "" || s.live.GameCode == "" {
		t.Fatal("demo catalogue: no PG slot or SXG live table")
	}
	return s
}

func (s *site) login(user string) string {
	s.t.Helper()
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: account.DemoPassword}, account.Client{IP: "192.0.2.1", UserAgent: "test"})
	if err != nil {
		s.t.Fatalf("login %s: %v", user, err)
	}
	return res.Token
}

func (s *site) trial() string {
	s.t.Helper()
	s.trials++
	res, err := s.accounts.Freeplay(context.Background(), account.Client{IP: "203.0.113." + strconv.Itoa(s.trials), UserAgent: "test"})
	if err != nil {
		s.t.Fatal(err)
	}
	return res.Token
}

func (s *site) memberID(name string) int64 {
	s.t.Helper()
	m, err := s.members.MemberByAccount(context.Background(), name)
	if err != nil {
		s.t.Fatal(err)
	}
	return m.ID
}

// fund credits a member's main wallet.
func (s *site) fund(memberID, amount int64) {
	s.t.Helper()
	ctx := context.Background()
	clearing, err := s.ledger.EnsureAccount(ctx, ledger.System(ledger.PurposeCashierClearing, s.currency))
	if err != nil {
		s.t.Fatal(err)
	}
	main, err := s.ledger.EnsureAccount(ctx, ledger.PlayerMain(memberID, s.currency))
	if err != nil {
		s.t.Fatal(err)
	}
	s.seq++
	if _, err := s.wallet.Post(ctx, ledger.PostingRequest{Key: "fund:" + strconv.Itoa(s.seq), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
		{AccountID: clearing.ID, Amount: -amount, Currency: s.currency}, {AccountID: main.ID, Amount: amount, Currency: s.currency}}}); err != nil {
		s.t.Fatal(err)
	}
}

// play is one vendor round through signed callbacks: bets (each its own
// transaction), then the rollback of the bets listed in refund, then a win
// of win (jackpot flagged or not) unless win < 0, then the end of the round
// unless open. It returns the round id.
type play struct {
	g       game.GameView
	bets    []int64
	refund  []int
	win     int64
	jackpot bool
	open    bool
}

func (s *site) play(memberID int64, p play) string {
	s.t.Helper()
	tok, err := s.seamless.OpenSession(context.Background(), memberID, p.g.Vassalage, p.g.GameCode, p.g.NodeID, s.currency)
	if err != nil {
		s.t.Fatal(err)
	}
	s.seq++
	round := "R" + strconv.Itoa(s.seq)
	player := gamewallet.PlayerID(memberID)
	base := map[string]any{"sessionToken": tok, "playerId": player, "roundId": round, "gameCode": p.g.GameCode, "currency": s.currency}
	with := func(kv ...any) map[string]any {
		m := map[string]any{}
		for k, v := range base {
			m[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i].(string)] = kv[i+1]
		}
		return m
	}
	for i, amount := range p.bets {
		s.callback(p.g.Vassalage, "bet", with("txId", round+"-b"+strconv.Itoa(i), "amount", amount))
	}
	for _, i := range p.refund {
		s.callback(p.g.Vassalage, "rollback", with("txId", round+"-r"+strconv.Itoa(i), "refTxId", round+"-b"+strconv.Itoa(i)))
	}
	if p.win >= 0 && !p.open {
		s.callback(p.g.Vassalage, "win", with("txId", round+"-w", "amount", p.win, "jackpot", p.jackpot, "endRound", true))
	}
	return round
}

// callback sends one signed callback and requires an OK.
func (s *site) callback(vendor, op string, body any) {
	s.t.Helper()
	b, err := json.Marshal(body)
	if err != nil {
		s.t.Fatal(err)
	}
	req, _ := http.NewRequest(http.MethodPost, s.srv.URL+"/lgw/vendor/"+vendor+"/wallet/"+op, bytes.NewReader(b))
	req.Header.Set(vendorwallet.SignatureHeader, vendorwallet.Sign(testSecret, s.clk.Now(), b))
	res, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	out, _ := io.ReadAll(res.Body)
	if res.StatusCode != http.StatusOK {
		s.t.Fatalf("%s %s: %d %s", vendor, op, res.StatusCode, out)
	}
}

type envelope struct {
	Success bool            `json:"success"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Value   json.RawMessage `json:"value"`
}

// get calls a records route; into receives the value of a success.
func (s *site) get(path string, q url.Values, token string, into any) (int, envelope) {
	s.t.Helper()
	u := s.srv.URL + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		s.t.Fatalf("%s: %v", path, err)
	}
	if into != nil && env.Success {
		if err := json.Unmarshal(env.Value, into); err != nil {
			s.t.Fatalf("%s value: %v", path, err)
		}
	}
	return res.StatusCode, env
}

// callerOf is a caller with the role, for checking routeRoles against the statuses.
func callerOf(role account.Role) account.Caller {
	switch role {
	case account.RoleVisitor:
		return account.Caller{}
	case account.RoleTrial:
		return account.Caller{MemberID: 1, Type: account.TypeTrial}
	case account.RoleAgent:
		return account.Caller{MemberID: 1, Type: account.TypeAgent}
	}
	return account.Caller{MemberID: 1, Type: account.TypeMember}
}

// runStream runs the activity stream with the winner boards as its
// consumer, as the server does, until the test ends.
func runStream(t testing.TB, ctx context.Context, d *db.DB, winners *Winners) {
	t.Helper()
	stream := activity.NewService(activity.NewStore(d), clock.System{}, discard(),
		activity.Config{Renew: 50 * time.Millisecond, SequenceEvery: 5 * time.Millisecond, PollEvery: 5 * time.Millisecond})
	stream.Register(winners)
	if err := stream.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stream.Stop(context.Background()) })
}
