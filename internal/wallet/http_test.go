package wallet

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/httpx"
	"github.com/palaro/palaro/internal/realtime"
)

var testArgon2 = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}

// site is the wallet and realtime routes over the real account service
// (real sessions for demo01, agent01 and trial users).
type site struct {
	*env
	accounts *account.Service
	members  *account.Store
	hub      *realtime.Hub
	srv      *httptest.Server
	trials   int
}

func newSite(t *testing.T, d *db.DB) *site {
	t.Helper()
	e := newEnv(t, d)
	members := account.NewStore(d)
	if _, err := account.SeedDemo(context.Background(), members, testArgon2, time.Now().Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	cfg := account.DefaultConfig
	cfg.Argon2, cfg.BotCheck = testArgon2, false
	accounts := account.NewService(members, e.brand, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
	hub := realtime.NewHub(realtime.DefaultConfig, clock.System{}, nil)
	t.Cleanup(hub.Close)
	// The wallet publishes to the real hub in this site.
	e.svc = NewService(e.ledger, e.brand, hub, nil)
	mux := http.NewServeMux()
	NewHandler(e.svc, accounts).Routes(mux)
	realtime.NewHandler(hub, accounts).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return &site{env: e, accounts: accounts, members: members, hub: hub, srv: srv}
}

func (s *site) login(t *testing.T, user string) string {
	t.Helper()
	res, err := s.accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: account.DemoPassword}, account.Client{IP: "192.0.2.1", UserAgent: "test"})
	if err != nil {
		t.Fatalf("login %s: %v", user, err)
	}
	return res.Token
}

func (s *site) trial(t *testing.T) string {
	t.Helper()
	s.trials++ // free-play sessions are limited per IP an hour: spread them
	res, err := s.accounts.Freeplay(context.Background(), account.Client{IP: "203.0.113." + strconv.Itoa(s.trials), UserAgent: "test"})
	if err != nil {
		t.Fatal(err)
	}
	return res.Token
}

func (s *site) memberID(t *testing.T, name string) int64 {
	t.Helper()
	m, err := s.members.MemberByAccount(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return m.ID
}

type reply struct {
	status int
	header http.Header
	env    httpx.Envelope
	value  map[string]any
}

func (s *site) get(t *testing.T, path, token string) reply {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	out := reply{status: res.StatusCode, header: res.Header}
	if err := json.NewDecoder(res.Body).Decode(&out.env); err != nil {
		t.Fatalf("GET %s: not an envelope: %v", path, err)
	}
	out.value, _ = out.env.Value.(map[string]any)
	return out
}

// TestAuthorization walks every wallet route as every role.
func TestAuthorization(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tokens := map[account.Role]func() string{
			account.RoleVisitor: func() string { return "" },
			account.RoleMember:  func() string { return s.login(t, "demo01") },
			account.RoleAgent:   func() string { return s.login(t, "agent01") },
			account.RoleTrial:   func() string { return s.trial(t) },
		}
		endpoints := []struct {
			path   string
			status map[account.Role]int
		}{
			{"/wps/v2/wallets/balance", map[account.Role]int{account.RoleVisitor: 401, account.RoleMember: 200, account.RoleTrial: 200, account.RoleAgent: 200}},
			{"/wps/v2/wallets/merchant", map[account.Role]int{account.RoleVisitor: 200, account.RoleMember: 200, account.RoleTrial: 200, account.RoleAgent: 200}},
		}
		if len(endpoints) != len(routeRoles) {
			t.Fatalf("matrix covers %d endpoints, the handler has %d", len(endpoints), len(routeRoles))
		}
		for _, ep := range endpoints {
			roles, ok := routeRoles["GET "+ep.path]
			if !ok {
				t.Fatalf("%s not routed", ep.path)
			}
			for _, role := range []account.Role{account.RoleVisitor, account.RoleMember, account.RoleTrial, account.RoleAgent} {
				r := s.get(t, ep.path, tokens[role]())
				if r.status != ep.status[role] {
					t.Errorf("GET %s as %s: got %d %s, want %d", ep.path, role, r.status, r.env.Code, ep.status[role])
				}
				if allowed := account.Allowed(callerOf(role), roles...) == nil; allowed != (ep.status[role] == 200) {
					t.Errorf("GET %s as %s: routeRoles says allowed=%v", ep.path, role, allowed)
				}
			}
		}
	})
}

// callerOf is a caller with the role, for checking routeRoles against the statuses.
func callerOf(r account.Role) account.Caller {
	switch r {
	case account.RoleVisitor:
		return account.Caller{}
	case account.RoleTrial:
		return account.Caller{MemberID: 1, Type: account.TypeTrial}
	case account.RoleAgent:
		return account.Caller{MemberID: 1, Type: account.TypeAgent}
	}
	return account.Caller{MemberID: 1, Type: account.TypeMember}
}

func TestHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		if _, err := s.svc.SeedDemo(ctx, s.memberID(t, "demo01"), s.memberID(t, "agent01")); err != nil {
			t.Fatal(err)
		}

		t.Run("BalanceMember", func(t *testing.T) {
			r := s.get(t, "/wps/v2/wallets/balance", s.login(t, "demo01"))
			want := map[string]any{"balance": float64(DemoOpening), "currency": "PHP", "currencySymbol": "₱", "decimals": float64(2), "freePlay": false, "bonus": float64(0)}
			if r.status != 200 || !r.env.Success || !equal(r.value, want) {
				t.Fatalf("%d %+v", r.status, r.env)
			}
			if cc := r.header.Get("Cache-Control"); cc != "no-store" {
				t.Fatalf("Cache-Control %q", cc)
			}
		})
		t.Run("BalanceAgent", func(t *testing.T) {
			r := s.get(t, "/wps/v2/wallets/balance", s.login(t, "agent01"))
			if r.status != 200 || r.value["balance"] != float64(DemoOpening) || r.value["currency"] != "PHP" {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
		t.Run("BalanceNewMemberIsZero", func(t *testing.T) {
			r := s.get(t, "/wps/v2/wallets/balance", s.login(t, "newbie01"))
			if r.status != 200 || r.value["balance"] != float64(0) || r.value["freePlay"] != false {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
		t.Run("BalanceTrialIsFreePlay", func(t *testing.T) {
			token := s.trial(t)
			for i := 0; i < 2; i++ {
				r := s.get(t, "/wps/v2/wallets/balance", token)
				want := map[string]any{"balance": float64(FreePlayOpening), "currency": "FUN", "currencySymbol": "FUN", "decimals": float64(2), "freePlay": true, "bonus": float64(0)}
				if r.status != 200 || !equal(r.value, want) {
					t.Fatalf("call %d: %d %+v", i, r.status, r.env)
				}
			}
		})
		t.Run("ErrVisitor", func(t *testing.T) {
			r := s.get(t, "/wps/v2/wallets/balance", "")
			if r.status != 401 || r.env.Code != "auth.token_required" || r.env.Message == "" {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
		t.Run("ErrDeadToken", func(t *testing.T) {
			r := s.get(t, "/wps/v2/wallets/balance", strings.Repeat("x", 43))
			if r.status != 401 || r.env.Code != "auth.session_expired" {
				t.Fatalf("%d %+v", r.status, r.env)
			}
		})
		t.Run("MerchantIsCacheable", func(t *testing.T) {
			for _, token := range []string{"", "not-a-live-token"} {
				r := s.get(t, "/wps/v2/wallets/merchant", token)
				if r.status != 200 || r.value["isSingle"] != true || len(r.value) != 1 {
					t.Fatalf("%d %+v", r.status, r.env)
				}
				if cc := r.header.Get("Cache-Control"); cc != "public, max-age=300" {
					t.Fatalf("Cache-Control %q", cc)
				}
			}
		})
	})
}

func equal(got, want map[string]any) bool {
	if len(got) != len(want) {
		return false
	}
	for k, v := range want {
		if got[k] != v {
			return false
		}
	}
	return true
}

// TestPostPushesToSocket: a posting through the wallet reaches the member's
// open websocket on the real hub as a balance event with the new balance.
func TestPostPushesToSocket(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		demo01 := s.memberID(t, "demo01")
		if _, err := s.svc.SeedDemo(ctx, demo01); err != nil {
			t.Fatal(err)
		}
		token := s.login(t, "demo01")
		dctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		url := "ws" + strings.TrimPrefix(s.srv.URL, "http") + "/wps/ws"
		ws, resp, err := websocket.Dial(dctx, url, &websocket.DialOptions{Subprotocols: []string{realtime.Subprotocol, "bearer." + token}})
		if err != nil {
			t.Fatalf("dial: %v (%v)", err, resp)
		}
		defer ws.CloseNow()
		for i := 0; i < 300 && s.hub.Count(demo01) != 1; i++ {
			time.Sleep(10 * time.Millisecond)
		}
		if s.hub.Count(demo01) != 1 {
			t.Fatal("socket not registered")
		}

		main, err := s.svc.MainAccount(ctx, account.Caller{MemberID: demo01, Type: account.TypeMember})
		if err != nil {
			t.Fatal(err)
		}
		clearing := s.account(ledger.System(ledger.PurposeCashierClearing, "PHP"))
		if _, err := s.svc.Post(ctx, ledger.PostingRequest{Key: "deposit:test-1", Kind: ledger.KindDeposit, Lines: []ledger.Line{
			{AccountID: clearing.ID, Amount: -12_345, Currency: "PHP"},
			{AccountID: main.ID, Amount: 12_345, Currency: "PHP"},
		}}); err != nil {
			t.Fatal(err)
		}
		for {
			_, b, err := ws.Read(dctx)
			if err != nil {
				t.Fatalf("no balance event: %v", err)
			}
			var ev struct {
				Type string       `json:"type"`
				Data BalanceEvent `json:"data"`
				At   int64        `json:"at"`
			}
			if err := json.Unmarshal(b, &ev); err != nil {
				t.Fatalf("%s: %v", b, err)
			}
			if ev.Type != EventBalance {
				continue // other events (none expected, but not ours to judge)
			}
			if ev.Data != (BalanceEvent{Balance: DemoOpening + 12_345, Currency: "PHP"}) || ev.At == 0 {
				t.Fatalf("event %s", b)
			}
			return
		}
	})
}
