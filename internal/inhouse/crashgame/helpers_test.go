package crashgame

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/inhouse/crash"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// fakeBank is an in-memory wallet with the Bank's idempotency rules; it
// counts the money each in-house round moved so tests see double payments.
type fakeBank struct {
	mu       sync.Mutex
	balance  map[int64]int64
	byKey    map[string]*fakeRound
	byID     map[int64]*fakeRound
	nextID   int64
	failNext int // the next Settle calls fail (unknown outcome)
}

type fakeRound struct {
	id, member, amount, win, credits, mult int64
	status                                 string
	outcome                                Outcome
}

func newFakeBank() *fakeBank {
	return &fakeBank{balance: map[int64]int64{}, byKey: map[string]*fakeRound{}, byID: map[int64]*fakeRound{}}
}

func (f *fakeBank) fund(member, amount int64) {
	f.mu.Lock()
	f.balance[member] += amount
	f.mu.Unlock()
}

func (f *fakeBank) bal(member int64) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.balance[member]
}

func (f *fakeBank) Open(_ context.Context, c account.Caller, amount int64, _ Params, key string) (int64, int64, string, error) {
	member := c.MemberID
	f.mu.Lock()
	defer f.mu.Unlock()
	k := strconv.FormatInt(member, 10) + "/" + key
	if r, ok := f.byKey[k]; ok {
		return r.id, f.balance[member], "PHP", nil
	}
	if f.balance[member] < amount {
		return 0, 0, "", apperr.Conflict("inhouse.insufficient_funds")
	}
	f.nextID++
	r := &fakeRound{id: f.nextID, member: member, amount: amount, status: "OPEN"}
	f.byKey[k], f.byID[r.id] = r, r
	f.balance[member] -= amount
	return r.id, f.balance[member], "PHP", nil
}

func (f *fakeBank) Settle(_ context.Context, member, id, win, mult int64, out Outcome) (int64, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.failNext > 0 {
		f.failNext--
		return 0, fmt.Errorf("wallet unreachable")
	}
	r, ok := f.byID[id]
	if !ok || r.member != member {
		return 0, apperr.NotFound("inhouse.unknown_round")
	}
	if r.status == "OPEN" {
		r.status, r.win, r.mult, r.outcome = "COMPLETED", win, mult, out
		r.credits++
		f.balance[member] += win
	}
	return f.balance[member], nil
}

func (f *fakeBank) Cancel(_ context.Context, member int64, key string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.byKey[strconv.FormatInt(member, 10)+"/"+key]
	if ok && r.status == "OPEN" {
		r.status = "CANCELLED"
		r.credits++
		f.balance[member] += r.amount
	}
	return nil
}

func (f *fakeBank) Reveal(_ context.Context, member, id int64, out Outcome) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.byID[id]
	if !ok || r.member != member || r.status != "COMPLETED" {
		return apperr.NotFound("inhouse.unknown_round")
	}
	r.outcome = out
	return nil
}

func (f *fakeBank) round(id int64) fakeRound {
	f.mu.Lock()
	defer f.mu.Unlock()
	return *f.byID[id]
}

// fakeAuth knows tokens "m<id>" (members) and "t<id>" (trial accounts).
type fakeAuth struct{}

func (fakeAuth) Authenticate(_ context.Context, token string) (account.Caller, error) {
	if token == "" {
		return account.Caller{}, nil
	}
	id, err := strconv.ParseInt(token[1:], 10, 64)
	if err != nil || id <= 0 {
		return account.Caller{}, apperr.Unauthorized("auth.session_expired")
	}
	switch token[0] {
	case 'm':
		return account.Caller{MemberID: id, Account: "player" + token[1:], Type: account.TypeMember}, nil
	case 't':
		return account.Caller{MemberID: id, Account: "trial" + token[1:], Type: account.TypeTrial}, nil
	}
	return account.Caller{}, apperr.Unauthorized("auth.session_expired")
}

var t0 = time.Date(2026, 11, 22, 8, 0, 0, 0, time.UTC)

// rig is one instance: store, bank, hub, service, HTTP server.
type rig struct {
	t     *testing.T
	store *Store
	bank  *fakeBank
	clk   *clock.Fixed
	hub   *Hub
	svc   *Service
	srv   *httptest.Server
	ctx   context.Context
}

func newRig(t *testing.T, d *db.DB, bank *fakeBank, clk *clock.Fixed, setup ...func(context.Context, *Hub)) *rig {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	store := NewStore(d)
	hub := NewHub(clk, nil, 20, 256)
	for _, fn := range setup {
		fn(ctx, hub)
	}
	go hub.Run(ctx)
	svc := NewService(store, bank, hub, clk, nil, Config{ChainLength: 50, Betting: 7 * time.Second, Cooldown: 3 * time.Second, LeaseTTL: 10 * time.Second})
	if err := svc.LoadView(ctx); err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	NewHandler(svc, fakeAuth{}, DefaultWSConfig).Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &rig{t: t, store: store, bank: bank, clk: clk, hub: hub, svc: svc, srv: srv, ctx: ctx}
}

// seedChain stores a chain whose first round crashes at or above minPoint,
// trying fixed seeds in order so every run plays the same rounds.
func seedChain(t *testing.T, s *Store, minPoint int64) *Chain {
	t.Helper()
	for i := 0; i < 10000; i++ {
		c := &Chain{Seed: fmt.Sprintf("%064x", i), Length: 50, Salt: "test-salt"}
		c.build()
		if p := c.Point(1); p >= minPoint && p < 100*minPoint {
			if err := s.InsertChain(context.Background(), c, t0); err != nil {
				t.Fatal(err)
			}
			return c
		}
	}
	t.Fatal("no seed")
	return nil
}

func (r *rig) tick() time.Time {
	r.t.Helper()
	next, err := r.svc.Tick(r.ctx)
	if err != nil {
		r.t.Fatalf("tick: %v", err)
	}
	return next
}

// post sends a JSON body with a token and an idempotency key; it returns
// the status and the envelope.
func (r *rig) post(path, token, key string, body any) (int, httpx.Envelope) {
	r.t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest(http.MethodPost, r.srv.URL+path, strings.NewReader(string(b)))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if key != "" {
		req.Header.Set("Idempotency-Key", key)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		r.t.Fatal(err)
	}
	defer res.Body.Close()
	var env httpx.Envelope
	if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
		r.t.Fatal(err)
	}
	return res.StatusCode, env
}

type betAnswer struct {
	Bet     BetView `json:"bet"`
	Balance int64   `json:"balance"`
}

func (r *rig) bet(token, key string, amount, auto int64) (int, string, betAnswer) {
	r.t.Helper()
	st, env := r.post("/wps/inhouse/crash/bet", token, key, map[string]any{"amount": amount, "autoCashout": auto})
	var a betAnswer
	b, _ := json.Marshal(env.Value)
	_ = json.Unmarshal(b, &a)
	return st, env.Code, a
}

func (r *rig) cashout(token, key string, roundID int64) (int, string, betAnswer) {
	r.t.Helper()
	st, env := r.post("/wps/inhouse/crash/cashout", token, key, map[string]any{"roundId": roundID})
	var a betAnswer
	b, _ := json.Marshal(env.Value)
	_ = json.Unmarshal(b, &a)
	return st, env.Code, a
}

// wsClient dials the websocket and collects messages.
type testSocket struct {
	t    *testing.T
	conn *websocket.Conn
	msgs chan map[string]any
}

func (r *rig) dial(token string) *testSocket {
	r.t.Helper()
	protos := []string{Subprotocol}
	if token != "" {
		protos = append(protos, "bearer."+token)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	before := r.svc.hub.Clients()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(r.srv.URL, "http")+"/wps/inhouse/crash/ws", &websocket.DialOptions{Subprotocols: protos})
	if err != nil {
		r.t.Fatal(err)
	}
	// The handshake ends before the server registers the socket with its
	// hub: a message published in between reaches the socket only through
	// its first frame, the state. Tests that expect the message itself wait
	// for the registration.
	for deadline := time.Now().Add(5 * time.Second); r.svc.hub.Clients() <= before; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			r.t.Fatal("the socket was not registered with the hub")
		}
	}
	s := &testSocket{t: r.t, conn: c, msgs: make(chan map[string]any, 1024)}
	go func() {
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				close(s.msgs)
				return
			}
			for _, line := range strings.Split(string(b), "\n") {
				var m map[string]any
				if err := json.Unmarshal([]byte(line), &m); err != nil {
					r.t.Errorf("bad frame line %q: %v", line, err)
					continue
				}
				s.msgs <- m
			}
		}
	}()
	r.t.Cleanup(func() { c.CloseNow() })
	return s
}

// next waits for the next message of type typ (skipping others).
func (s *testSocket) next(typ string) map[string]any {
	s.t.Helper()
	deadline := time.After(5 * time.Second)
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				s.t.Fatalf("socket closed waiting for %s", typ)
			}
			if m["type"] == typ {
				return m
			}
		case <-deadline:
			s.t.Fatalf("no %s message", typ)
		}
	}
}

// betAndFly places a bet (no automatic cash-out) in the betting round, lets
// the round start and moves the clock until it flies at mult.
func (r *rig) betAndFly(token string, amount, mult int64) (betAnswer, Round) {
	r.t.Helper()
	_, _, a := r.bet(token, "k", amount, 0)
	r.clk.Advance(7 * time.Second)
	r.tick()
	round, _, _ := r.store.LatestRound(r.ctx)
	r.flyTo(round.StartedAt, mult)
	return a, round
}

// flyTo moves the fixed clock to the moment the round reaches mult.
func (r *rig) flyTo(startedAt time.Time, mult int64) {
	r.clk.Advance(startedAt.Add(crash.TimeTo(mult)).Sub(r.clk.Now()))
}
