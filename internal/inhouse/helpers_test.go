package inhouse

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"sync"
	"sync/atomic"
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
	"github.com/palaro/palaro/internal/records"
	"github.com/palaro/palaro/internal/wallet"
)

var (
	testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}
)

func discard() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// site is the game server over the real demo catalogue, accounts, ledger,
// wallet and game wallet, with the records' winner boards fed from the
// activity stream's round facts, on one HTTP server. restart builds a new Service
// over the same database (a restarted process).
type site struct {
	t        testing.TB
	db       *db.DB
	clk      *clock.Fixed
	ledger   *ledger.Store
	wallet   *wallet.Service
	seamless *gamewallet.Service
	games    *game.Service
	brands   *brand.Service
	accounts *account.Service
	members  *account.Store
	winners  *records.Winners
	cfg      Config
	faults   *faultWallet
	checker  *rgChecker // the game wallet's pre-bet checks
	svc      *Service
	srv      *httptest.Server
	handler  atomic.Pointer[http.ServeMux]
	currency string
	trials   int
	seq      int
}

func newSite(t testing.TB, d *db.DB, cfg Config) *site {
	t.Helper()
	ctx := context.Background()
	clk := clock.NewFixed(time.Now())
	brands := brand.NewService(brand.NewStore(d), clk)
	if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
		t.Fatal(err)
	}
	members := account.NewStore(d)
	if _, err := account.SeedDemo(ctx, members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	acfg := account.DefaultConfig
	acfg.Argon2, acfg.BotCheck = testArgon2, false
	accounts := account.NewService(members, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, acfg)
	gstore := game.NewStore(d)
	if _, err := game.SeedDemo(ctx, gstore, clk.Now()); err != nil {
		t.Fatal(err)
	}
	games := game.NewService(gstore, clk, discard(), time.Hour)
	l := ledger.NewStore(d, clk)
	w := wallet.NewService(l, brands, nil, discard())
	checker := &rgChecker{refuse: map[int64]error{}}
	sl := gamewallet.NewService(gamewallet.NewStore(d), gamewallet.NewCatalogGames(games), w, l, clk, discard(),
		// As the server runs it: answers in the posting, betwins guarded
		// (on both databases here, so the guard's fallback is exercised by
		// the repeats and recoveries below).
		gamewallet.Config{AnswersInPosting: true, GuardBetWin: true, BetChecker: checker})
	winners := records.NewWinners(games, members, discard())
	runCtx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	if _, bench := t.(*testing.B); !bench { // benchmarks measure the spin alone
		runStream(t, runCtx, d, winners)
	}

	s := &site{t: t, db: d, clk: clk, ledger: l, wallet: w, seamless: sl, games: games, brands: brands, accounts: accounts, members: members,
		winners: winners, checker: checker, cfg: cfg, currency: brand.Demo().Currency.Code}
	s.srv = httptest.NewServer(httpx.Edge(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { s.handler.Load().ServeHTTP(w, r) }), discard(), nil))
	t.Cleanup(s.srv.Close)
	s.restart()
	return s
}

// restart replaces the game server by a new one over the same database,
// as a restarted process would have (in-memory state gone).
func (s *site) restart() {
	s.t.Helper()
	ctx := context.Background()
	if s.svc != nil { // as Main.Close: the completions of rounds answered land first
		if err := s.svc.Settle(ctx); err != nil {
			s.t.Fatal(err)
		}
	}
	s.faults = &faultWallet{next: s.seamless}
	s.svc = NewService(Deps{Store: NewStore(s.db), Wallet: s.faults, Sessions: s.seamless, Catalog: s.games, Brand: s.brands, Brands: s.brands,
		Ledger: s.wallet, Accounts: s.ledger, Clock: s.clk, Logger: discard()}, s.cfg)
	if err := s.svc.InitJackpot(ctx); err != nil {
		s.t.Fatal(err)
	}
	mux := http.NewServeMux()
	NewHandler(s.svc, s.accounts).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	s.handler.Store(mux)
}

// faultWallet loses requests (before: never reaches the wallet) or answers
// (after: the wallet applied it) for the ops set, once each.
type faultWallet struct {
	next Wallet
	mu   sync.Mutex
	lose map[string]string // op -> "before" | "after"
	sent []string          // ops forwarded
}

var errLost = errors.New("test: lost")

func (f *faultWallet) failNext(op, when string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.lose == nil {
		f.lose = map[string]string{}
	}
	f.lose[op] = when
}

// do runs one call to the wallet, losing it or its answer when op is set to.
func (f *faultWallet) do(op string, call func() (gamewallet.Answer, error)) (gamewallet.Answer, error) {
	f.mu.Lock()
	when := f.lose[op]
	delete(f.lose, op)
	f.sent = append(f.sent, op)
	f.mu.Unlock()
	if when == "before" {
		return gamewallet.Answer{}, errLost
	}
	a, err := call()
	if when == "after" {
		return gamewallet.Answer{}, errLost
	}
	return a, err
}

func (f *faultWallet) Bet(ctx context.Context, req gamewallet.BetRequest) (gamewallet.Answer, error) {
	return f.do("bet", func() (gamewallet.Answer, error) { return f.next.Bet(ctx, req) })
}

func (f *faultWallet) BetWin(ctx context.Context, req gamewallet.BetWinRequest) (gamewallet.Answer, error) {
	return f.do("betwin", func() (gamewallet.Answer, error) { return f.next.BetWin(ctx, req) })
}

func (f *faultWallet) Win(ctx context.Context, req gamewallet.WinRequest) (gamewallet.Answer, error) {
	return f.do("win", func() (gamewallet.Answer, error) { return f.next.Win(ctx, req) })
}

func (f *faultWallet) Rollback(ctx context.Context, req gamewallet.RollbackRequest) (gamewallet.Answer, error) {
	return f.do("rollback", func() (gamewallet.Answer, error) { return f.next.Rollback(ctx, req) })
}

func (f *faultWallet) EndRound(ctx context.Context, req gamewallet.EndRoundRequest) (gamewallet.Answer, error) {
	return f.do("endround", func() (gamewallet.Answer, error) { return f.next.EndRound(ctx, req) })
}

// runStream runs the activity stream with the winner boards as its
// consumer, as the server does, until the test ends.
func runStream(t testing.TB, ctx context.Context, d *db.DB, winners *records.Winners) {
	t.Helper()
	stream := activity.NewService(activity.NewStore(d), clock.System{}, discard(),
		activity.Config{Renew: 50 * time.Millisecond, SequenceEvery: 5 * time.Millisecond, PollEvery: 5 * time.Millisecond})
	stream.Register(winners)
	if err := stream.Start(ctx); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = stream.Stop(context.Background()) })
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

func (s *site) caller(name string) account.Caller {
	s.t.Helper()
	c, err := s.accounts.Authenticate(context.Background(), s.login(name))
	if err != nil {
		s.t.Fatal(err)
	}
	return c
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
	if _, err := s.wallet.Post(ctx, ledger.PostingRequest{Key: "fund:" + strconv.Itoa(s.seq) + ":" + strconv.FormatInt(memberID, 10), Kind: ledger.KindAdjustment, Lines: []ledger.Line{
		{AccountID: clearing.ID, Amount: -amount, Currency: s.currency}, {AccountID: main.ID, Amount: amount, Currency: s.currency}}}); err != nil {
		s.t.Fatal(err)
	}
}

func (s *site) balance(memberID int64) int64 {
	s.t.Helper()
	a, err := s.ledger.EnsureAccount(context.Background(), ledger.PlayerMain(memberID, s.currency))
	if err != nil {
		s.t.Fatal(err)
	}
	return a.Balance
}

func (s *site) systemBalance(purpose string) int64 {
	s.t.Helper()
	a, err := s.ledger.EnsureAccount(context.Background(), ledger.System(purpose, s.currency))
	if err != nil {
		s.t.Fatal(err)
	}
	return a.Balance
}

func (s *site) verifyLedger() {
	s.t.Helper()
	rep, err := s.ledger.Verify(context.Background())
	if err != nil {
		s.t.Fatal(err)
	}
	if !rep.OK() {
		s.t.Fatalf("ledger verify: %+v", rep)
	}
}

type envelope struct {
	Success bool            `json:"success"`
	Code    string          `json:"code"`
	Message string          `json:"message"`
	Value   json.RawMessage `json:"value"`
}

// call sends a request; body nil sends none; key "" sends no Idempotency-Key.
func (s *site) call(method, path string, q url.Values, token, key string, body any, into any) (int, envelope) {
	s.t.Helper()
	u := s.srv.URL + path
	if len(q) > 0 {
		u += "?" + q.Encode()
	}
	var rd io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			s.t.Fatal(err)
		}
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, u, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set(httpx.IdempotencyHeader, key)
	}
	req.Header.Set("X-Lang", "EN")
	res, err := s.srv.Client().Do(req)
	if err != nil {
		s.t.Fatal(err)
	}
	defer res.Body.Close()
	var env envelope
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		s.t.Fatalf("%s %s: %v", method, path, err)
	}
	if into != nil && env.Success {
		if err := json.Unmarshal(env.Value, into); err != nil {
			s.t.Fatalf("%s value: %v", path, err)
		}
	}
	return res.StatusCode, env
}

// post is a game action that must succeed.
func (s *site) post(path, token string, body any) Play {
	s.t.Helper()
	s.seq++
	var p Play
	status, env := s.call(http.MethodPost, path, nil, token, "k"+strconv.Itoa(s.seq), body, &p)
	if status != http.StatusOK || !env.Success {
		s.t.Fatalf("POST %s: %d %s %s", path, status, env.Code, env.Message)
	}
	return p
}

// roundState reads a round's stored state.
func (s *site) roundState(id int64) roundRow {
	s.t.Helper()
	s.settle()
	r, err := NewStore(s.db).round(context.Background(), id)
	if err != nil {
		s.t.Fatal(err)
	}
	return r
}

// settle waits for the completions of the rounds answered so far
// (Service.Settle), before a test reads or changes rounds in the database.
func (s *site) settle() {
	s.t.Helper()
	if err := s.svc.Settle(context.Background()); err != nil {
		s.t.Fatal(err)
	}
}

// waitFor polls cond for up to 5 s.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("timed out waiting for %s", what)
}

// rgChecker is the game wallet's BetChecker of the tests: it refuses the
// bets of the members it holds an error for.
type rgChecker struct {
	mu     sync.Mutex
	refuse map[int64]error
}

func (c *rgChecker) CheckBet(_ context.Context, member int64, _, _ string, _ int64) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.refuse[member]
}

func (c *rgChecker) set(member int64, err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.refuse[member] = err
}
