package account

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// fakeGate says what responsible gaming would (internal/rg implements Gate).
type fakeGate struct {
	mu         sync.Mutex
	blocked    map[int64]error
	restricted map[int64]error
	minutes    map[int64]int
}

func newFakeGate() *fakeGate {
	return &fakeGate{blocked: map[int64]error{}, restricted: map[int64]error{}, minutes: map[int64]int{}}
}

func (g *fakeGate) Login(_ context.Context, id int64) (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.blocked[id]; err != nil {
		return false, err
	}
	return g.restricted[id] != nil, nil
}

func (g *fakeGate) Session(_ context.Context, id int64, started time.Time) (SessionRule, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if err := g.blocked[id]; err != nil {
		return SessionRule{}, err
	}
	rule := SessionRule{Restricted: g.restricted[id]}
	if m := g.minutes[id]; m > 0 {
		rule.EndsAt, rule.Ended = started.Add(time.Duration(m)*time.Minute), apperr.Unauthorized("rg.session_limit")
	}
	return rule, nil
}

func (g *fakeGate) set(f func()) { g.mu.Lock(); f(); g.mu.Unlock() }

func liveSessions(t *testing.T, d *db.DB, member int64) int {
	t.Helper()
	var n int
	if err := d.QueryRowContext(context.Background(), d.Rebind(`SELECT COUNT(*) FROM account_session WHERE member_id = ? AND revoked_at = 0`), member).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A time-out ends every session at once (cached ones too), every token of
// the player answers why, and login is refused until it ends.
func TestGateTimeoutEndsEverySession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		g := newFakeGate()
		e.svc.UseGate(g)
		a, b := e.login(t, "demo01", DemoPassword), e.login(t, "demo01", DemoPassword)
		member := a.UserInfo.ID
		for _, tok := range []string{a.Token, b.Token} {
			if r := e.do(t, "GET", "/wps/member/info", tok, ""); r.status != 200 || r.value["rgRestricted"] != false {
				t.Fatalf("before: %d %+v", r.status, r.env)
			}
		}
		g.set(func() { g.blocked[member] = apperr.Forbidden("rg.timeout").With("until", 42) })
		if err := e.svc.EndSessions(context.Background(), member); err != nil {
			t.Fatal(err)
		}
		if n := liveSessions(t, d, member); n != 0 {
			t.Fatalf("%d sessions still live", n)
		}
		for _, tok := range []string{a.Token, b.Token} {
			if r := e.do(t, "GET", "/wps/member/info", tok, ""); r.status != 403 || r.env.Code != "rg.timeout" {
				t.Fatalf("a session of a timed-out player: %d %+v", r.status, r.env)
			}
		}
		if r := e.do(t, "POST", "/wps/session/login", "", `{"username":"demo01","password":"`+DemoPassword+`"}`); r.status != 403 || r.env.Code != "rg.timeout" {
			t.Fatalf("login: %d %+v", r.status, r.env)
		}
		// Once it ends, the old tokens stay dead; a new login works.
		g.set(func() { delete(g.blocked, member) })
		if r := e.do(t, "GET", "/wps/member/info", a.Token, ""); r.status != 401 || r.env.Code != "auth.session_expired" {
			t.Fatalf("old token after the time-out: %d %+v", r.status, r.env)
		}
		e.login(t, "demo01", DemoPassword)
	})
}

// The session time limit makes the token stop working after its minutes.
func TestGateSessionLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		g := newFakeGate()
		e.svc.UseGate(g)
		res := e.login(t, "demo01", DemoPassword)
		g.set(func() { g.minutes[res.UserInfo.ID] = 25 })
		e.clock.Advance(10 * time.Second) // past the session cache
		for i := 0; i < 2; i++ {
			if r := e.do(t, "GET", "/wps/member/info", res.Token, ""); r.status != 200 {
				t.Fatalf("within the limit: %d %+v", r.status, r.env)
			}
			e.clock.Advance(12 * time.Minute)
		}
		e.clock.Advance(time.Minute) // 25 min after the start
		if r := e.do(t, "GET", "/wps/member/info", res.Token, ""); r.status != 401 || r.env.Code != "rg.session_limit" {
			t.Fatalf("after the limit: %d %+v", r.status, r.env)
		}
	})
}

// A withdrawal-only session reaches only the listed routes.
func TestGateRestrictedSession(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		g := newFakeGate()
		e.svc.UseGate(g)
		m, err := e.store.MemberByAccount(context.Background(), "demo01")
		if err != nil {
			t.Fatal(err)
		}
		g.set(func() { g.restricted[m.ID] = apperr.Forbidden("rg.self_excluded").With("until", 42) })
		res := e.login(t, "demo01", DemoPassword)
		if !res.UserInfo.RGRestricted {
			t.Fatal("login must say the session is withdrawal-only")
		}
		if r := e.do(t, "GET", "/wps/member/info", res.Token, ""); r.status != 200 || r.value["rgRestricted"] != true {
			t.Fatalf("info: %d %+v", r.status, r.env)
		}
		if r := e.do(t, "POST", "/wps/member/password", res.Token, `{"oldPassword":"x","newPassword":"y"}`); r.status != 403 || r.env.Code != "rg.self_excluded" {
			t.Fatalf("outside the withdrawal routes: %d %+v", r.status, r.env)
		}
		if r := e.do(t, "DELETE", "/wps/session/logout", res.Token, ""); r.status != 200 {
			t.Fatalf("logout: %d %+v", r.status, r.env)
		}
	})
}
