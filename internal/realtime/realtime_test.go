package realtime

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/redis/go-redis/v9"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// fakeAuth maps tokens to callers; tests revoke by deleting.
type fakeAuth struct {
	mu     sync.Mutex
	tokens map[string]account.Caller
}

func (f *fakeAuth) Authenticate(_ context.Context, token string) (account.Caller, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if token == "" {
		return account.Caller{}, nil
	}
	c, ok := f.tokens[token]
	if !ok {
		return account.Caller{}, apperr.Unauthorized("auth.session_expired")
	}
	return c, nil
}

func (f *fakeAuth) revoke(token string) {
	f.mu.Lock()
	delete(f.tokens, token)
	f.mu.Unlock()
}

var testCfg = func() Config {
	c := DefaultConfig
	c.PingEvery, c.RecheckEvery = 50*time.Millisecond, 80*time.Millisecond
	return c
}()

func newServer(t *testing.T, hub *Hub, auth account.Authenticator) string {
	t.Helper()
	mux := http.NewServeMux()
	NewHandler(hub, auth).Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return "ws" + strings.TrimPrefix(srv.URL, "http") + "/wps/ws"
}

func dial(t *testing.T, url, token string) *websocket.Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{Subprotocol, "bearer." + token}})
	if err != nil {
		t.Fatalf("dial: %v (%v)", err, resp)
	}
	t.Cleanup(func() { ws.CloseNow() })
	return ws
}

func read(t *testing.T, ws *websocket.Conn) (Event, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_, b, err := ws.Read(ctx)
	if err != nil {
		return Event{}, err
	}
	var ev Event
	if err := json.Unmarshal(b, &ev); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	return ev, nil
}

// waitFor polls until the hub holds n sockets of the member.
func waitFor(t *testing.T, hub *Hub, member int64, n int) {
	t.Helper()
	for i := 0; i < 300 && hub.Count(member) != n; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if got := hub.Count(member); got != n {
		t.Fatalf("member %d has %d sockets, want %d", member, got, n)
	}
}

func TestSocket(t *testing.T) {
	auth := &fakeAuth{tokens: map[string]account.Caller{
		"tok-a": {MemberID: 1, Account: "demo01", TokenHash: "ha"},
		"tok-b": {MemberID: 1, Account: "demo01", TokenHash: "hb"},
		"tok-c": {MemberID: 2, Account: "agent01", Type: 1, TokenHash: "hc"},
	}}
	hub := NewHub(testCfg, clock.System{}, nil)
	url := newServer(t, hub, auth)
	ctx := context.Background()

	t.Run("ErrNoToken", func(t *testing.T) {
		resp, err := http.Get("http" + strings.TrimPrefix(url, "ws"))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var env struct{ Code string }
		_ = json.NewDecoder(resp.Body).Decode(&env)
		if resp.StatusCode != 401 || env.Code != "auth.token_required" {
			t.Fatalf("%d %s", resp.StatusCode, env.Code)
		}
	})
	t.Run("ErrDeadToken", func(t *testing.T) {
		_, resp, err := websocket.Dial(ctx, url, &websocket.DialOptions{Subprotocols: []string{Subprotocol, "bearer.nope"}})
		if err == nil || resp == nil || resp.StatusCode != 401 {
			t.Fatalf("%v %v", err, resp)
		}
	})
	t.Run("ErrTokenInQueryIgnored", func(t *testing.T) {
		_, resp, err := websocket.Dial(ctx, url+"?token=tok-a", &websocket.DialOptions{Subprotocols: []string{Subprotocol}})
		if err == nil || resp == nil || resp.StatusCode != 401 {
			t.Fatalf("%v %v", err, resp)
		}
	})
	t.Run("PublishReachesEverySocketOfTheMember", func(t *testing.T) {
		a, b, c := dial(t, url, "tok-a"), dial(t, url, "tok-b"), dial(t, url, "tok-c")
		if a.Subprotocol() != Subprotocol {
			t.Fatalf("subprotocol %q", a.Subprotocol())
		}
		waitFor(t, hub, 1, 2)
		waitFor(t, hub, 2, 1)
		if err := hub.Publish(ctx, 1, Event{Type: "balance", Data: json.RawMessage(`{"balance":"100.00"}`)}); err != nil {
			t.Fatal(err)
		}
		for _, ws := range []*websocket.Conn{a, b} {
			ev, err := read(t, ws)
			if err != nil || ev.Type != "balance" || string(ev.Data) != `{"balance":"100.00"}` || ev.At == 0 {
				t.Fatalf("%+v %v", ev, err)
			}
		}
		_ = hub.Publish(ctx, 2, Event{Type: "notification"})
		if ev, err := read(t, c); err != nil || ev.Type != "notification" {
			t.Fatalf("%+v %v", ev, err)
		}
		t.Run("KeepaliveKeepsReadingClients", func(t *testing.T) {
			time.Sleep(3 * testCfg.PingEvery)
			_ = hub.Publish(ctx, 2, Event{Type: "later"})
			if ev, err := read(t, c); err != nil || ev.Type != "later" {
				t.Fatalf("%+v %v", ev, err)
			}
		})
		t.Run("RevokedSessionClosed", func(t *testing.T) {
			hub.SessionsRevoked(1, "", "hb") // password change from session b: a closes, b stays
			if _, err := read(t, a); websocket.CloseStatus(err) != CloseSessionEnded {
				t.Fatalf("a: %v", err)
			}
			waitFor(t, hub, 1, 1)
			hub.SessionsRevoked(1, "hb", "") // logout of b
			if _, err := read(t, b); websocket.CloseStatus(err) != CloseSessionEnded {
				t.Fatalf("b: %v", err)
			}
			waitFor(t, hub, 1, 0)
		})
		t.Run("ExpiredSessionClosedOnRecheck", func(t *testing.T) {
			auth.revoke("tok-c")
			if _, err := read(t, c); websocket.CloseStatus(err) != CloseSessionEnded {
				t.Fatalf("c: %v", err)
			}
		})
	})
}

func TestSlowClientDropped(t *testing.T) {
	cfg := testCfg
	cfg.SendQueue = 2
	hub := NewHub(cfg, clock.System{}, nil)
	c := &client{memberID: 7, send: make(chan []byte, cfg.SendQueue), done: make(chan struct{})}
	hub.add(c)
	for i := 0; i < 3; i++ {
		_ = hub.Publish(context.Background(), 7, Event{Type: "tick"})
	}
	select {
	case <-c.done:
		if c.code != CloseSlowClient {
			t.Fatalf("code %d", c.code)
		}
	default:
		t.Fatal("slow client kept")
	}
}

func TestMaxPerMember(t *testing.T) {
	cfg := testCfg
	cfg.MaxPerMember = 2
	hub := NewHub(cfg, clock.System{}, nil)
	var cs []*client
	for i := 0; i < 3; i++ {
		c := &client{memberID: 7, send: make(chan []byte, 1), done: make(chan struct{})}
		hub.add(c)
		cs = append(cs, c)
	}
	if hub.Count(7) != 2 || cs[0].code != CloseReplaced {
		t.Fatalf("%d %d", hub.Count(7), cs[0].code)
	}
}

func redisOrSkip(t *testing.T) *redis.Client {
	t.Helper()
	rdb := redis.NewClient(&redis.Options{Addr: "127.0.0.1:6379"})
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	if err := rdb.Ping(ctx).Err(); err != nil {
		rdb.Close()
		t.Skip("no Redis on 127.0.0.1:6379")
	}
	t.Cleanup(func() { rdb.Close() })
	return rdb
}

// TestTwoHubsThroughRedis: an event published on one instance reaches a
// socket held by another.
func TestTwoHubsThroughRedis(t *testing.T) {
	rdb := redisOrSkip(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cfg := testCfg
	cfg.RedisChannel = "palaro:test:realtime:" + time.Now().Format("150405.000000000")
	one, two := NewHub(cfg, clock.System{}, nil), NewHub(cfg, clock.System{}, nil)
	for _, h := range []*Hub{one, two} {
		if err := h.UseRedis(ctx, rdb); err != nil {
			t.Fatal(err)
		}
	}
	auth := &fakeAuth{tokens: map[string]account.Caller{"tok": {MemberID: 9, TokenHash: "h9"}}}
	ws := dial(t, newServer(t, two, auth), "tok")
	waitFor(t, two, 9, 1)
	if err := one.Publish(ctx, 9, Event{Type: "balance"}); err != nil {
		t.Fatal(err)
	}
	if ev, err := read(t, ws); err != nil || ev.Type != "balance" {
		t.Fatalf("%+v %v", ev, err)
	}
}

// TestLogoutClosesSocket wires the real account service: logging out, or a
// password change elsewhere, closes the session's socket, also when the
// socket is on another instance (revocations through Redis).
func TestLogoutClosesSocket(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		cfg := account.DefaultConfig
		cfg.Argon2, cfg.BotCheck = account.Argon2Params{MemoryKiB: 64, Time: 1, Threads: 1, SaltLen: 16, KeyLen: 32}, false
		store := account.NewStore(d)
		if _, err := account.SeedDemo(ctx, store, cfg.Argon2, time.Now()); err != nil {
			t.Fatal(err)
		}
		demo := brand.Demo()
		brands := staticBrand{&demo}
		accounts := account.NewService(store, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		hub := NewHub(testCfg, clock.System{}, nil)
		accounts.OnRevoke(hub)
		url := newServer(t, hub, accounts)
		login := func() account.LoginResult {
			res, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "192.0.2.1"})
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		res := login()
		caller, _ := accounts.Authenticate(ctx, res.Token)
		ws := dial(t, url, res.Token)
		waitFor(t, hub, caller.MemberID, 1)
		if err := accounts.Logout(ctx, caller, account.Client{}); err != nil {
			t.Fatal(err)
		}
		if _, err := read(t, ws); websocket.CloseStatus(err) != CloseSessionEnded {
			t.Fatalf("after logout: %v", err)
		}

		t.Run("OtherInstanceThroughRedis", func(t *testing.T) {
			rdb := redisOrSkip(t)
			other := account.NewService(store, brands, account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
			hub2 := NewHub(testCfg, clock.System{}, nil)
			other.OnRevoke(hub2)
			accounts.UseRedis(ctx, rdb)
			other.UseRedis(ctx, rdb)
			keep, gone := login(), login()
			ws := dial(t, newServer(t, hub2, other), gone.Token)
			waitFor(t, hub2, caller.MemberID, 1)
			kc, _ := accounts.Authenticate(ctx, keep.Token)
			err := accounts.ChangePassword(ctx, kc, account.ChangePasswordRequest{OldPassword: account.DemoPassword,
				NewPassword: "Bago2026x", ConfirmNewPassword: "Bago2026x"}, account.Client{})
			if err != nil {
				t.Fatal(err)
			}
			if _, err := read(t, ws); websocket.CloseStatus(err) != CloseSessionEnded {
				t.Fatalf("after password change on the other instance: %v", err)
			}
			if _, err := other.Authenticate(ctx, gone.Token); err == nil {
				t.Fatal("other instance still accepts the revoked session (cache not invalidated)")
			}
		})
	})
}

type staticBrand struct{ c *brand.Config }

func (s staticBrand) Current(context.Context) (*brand.Config, error) { return s.c, nil }
