package operator

import (
	"fmt"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/session"
)

func TestLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		t.Run("OK", func(t *testing.T) {
			r := s.do("POST", "/ops/v1/login", "", map[string]string{"username": "CASHIER01", "password": account.DemoPassword}, nil)
			if r.status != 200 || len(r.value["token"].(string)) != session.TokenLen {
				t.Fatalf("login: %d %+v", r.status, r.env)
			}
			op := r.value["operator"].(map[string]any)
			if op["username"] != "cashier01" || op["role"] != "CASHIER" || num(op["id"]) == 0 || op["totpEnrolled"] != false {
				t.Fatalf("operator: %+v", op)
			}
			me := s.do("GET", "/ops/v1/me", r.value["token"].(string), nil, nil)
			mo, _ := me.value["operator"].(map[string]any)
			perms, _ := mo["permissions"].([]any)
			if me.status != 200 || mo["role"] != "CASHIER" || fmt.Sprint(perms) != "[cashier.read cashier.decide rg.read rg.write players.read rewards.read]" ||
				mo["totpEnrolled"] != false {
				t.Fatalf("me: %d %+v", me.status, me.value)
			}
			if s.auditCount(ActionLogin) != 1 {
				t.Fatal("login not audited")
			}
		})
		t.Run("ErrWrongPassword", func(t *testing.T) {
			r := s.do("POST", "/ops/v1/login", "", map[string]string{"username": "cashier01", "password": "nope-nope"}, nil)
			if r.status != 401 || r.env.Code != "operator.invalid_credentials" {
				t.Fatalf("%d %s", r.status, r.env.Code)
			}
		})
		t.Run("ErrUnknownUser", func(t *testing.T) {
			r := s.do("POST", "/ops/v1/login", "", map[string]string{"username": "ghost", "password": "nope-nope"}, nil)
			if r.status != 401 || r.env.Code != "operator.invalid_credentials" {
				t.Fatalf("%d %s", r.status, r.env.Code)
			}
			if n := s.auditCount(ActionLoginFailed); n != 2 {
				t.Fatalf("failed logins audited: %d, want 2", n)
			}
		})
		t.Run("ErrBadShape", func(t *testing.T) {
			for _, body := range []string{`{`, `[]`, `{"username":1}`} {
				if r := s.do("POST", "/ops/v1/login", "", body, nil); r.status != 400 {
					t.Fatalf("%s: %d %s", body, r.status, r.env.Code)
				}
			}
			if r := s.do("POST", "/ops/v1/login", "", map[string]string{"username": "", "password": ""}, nil); r.status != 400 {
				t.Fatalf("empty: %d", r.status)
			}
		})
		t.Run("ErrMemberCannotLogIn", func(t *testing.T) {
			r := s.do("POST", "/ops/v1/login", "", map[string]string{"username": "demo01", "password": account.DemoPassword}, nil)
			if r.status != 401 {
				t.Fatalf("a player logged in as operator: %d", r.status)
			}
		})
	})
}

func TestLockout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		bad := map[string]string{"username": "cashier01", "password": "wrong-password"}
		good := map[string]string{"username": "cashier01", "password": account.DemoPassword}
		for i := 1; i <= 4; i++ {
			if r := s.do("POST", "/ops/v1/login", "", bad, nil); r.status != 401 {
				t.Fatalf("try %d: %d %s", i, r.status, r.env.Code)
			}
		}
		// A success in between resets the count.
		s.login("cashier01")
		for i := 1; i <= 4; i++ {
			if r := s.do("POST", "/ops/v1/login", "", bad, nil); r.status != 401 {
				t.Fatalf("try %d after reset: %d %s", i, r.status, r.env.Code)
			}
		}
		if r := s.do("POST", "/ops/v1/login", "", bad, nil); r.status != 429 || r.env.Code != "operator.locked" {
			t.Fatalf("5th failure: %d %s", r.status, r.env.Code)
		}
		if r := s.do("POST", "/ops/v1/login", "", good, nil); r.status != 429 || r.env.Code != "operator.locked" {
			t.Fatalf("right password while locked: %d %s", r.status, r.env.Code)
		}
		s.clk.Advance(4*time.Minute + 59*time.Second)
		if r := s.do("POST", "/ops/v1/login", "", good, nil); r.status != 429 {
			t.Fatalf("still locked: %d", r.status)
		}
		s.clk.Advance(2 * time.Second)
		if r := s.do("POST", "/ops/v1/login", "", good, nil); r.status != 200 {
			t.Fatalf("after the lock: %d %s", r.status, r.env.Code)
		}
		// Another operator was never affected.
		s.login("ops01")
		if n := s.auditCount(ActionLoginLocked); n != 2 {
			t.Fatalf("locked logins audited: %d, want 2", n)
		}
	})
}

func TestLogout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		tok, other := s.login("ops01"), s.login("ops01")
		if r := s.do("POST", "/ops/v1/logout", tok, nil, nil); r.status != 200 {
			t.Fatalf("logout: %d %s", r.status, r.env.Code)
		}
		if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 401 || r.env.Code != "operator.session_expired" {
			t.Fatalf("me after logout: %d %s", r.status, r.env.Code)
		}
		if r := s.do("POST", "/ops/v1/logout", tok, nil, nil); r.status != 401 {
			t.Fatalf("second logout: %d", r.status)
		}
		if r := s.do("GET", "/ops/v1/me", other, nil, nil); r.status != 200 {
			t.Fatalf("the other session: %d", r.status)
		}
		if s.auditCount(ActionLogout) != 1 {
			t.Fatal("logout not audited")
		}
	})
}

func TestSessionExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		t.Run("Idle", func(t *testing.T) {
			tok := s.login("ops01")
			s.clk.Advance(29 * time.Minute)
			if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 200 {
				t.Fatalf("29 min idle: %d", r.status)
			}
			s.clk.Advance(29 * time.Minute) // used 29 min ago: still alive
			if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 200 {
				t.Fatalf("touched 29 min ago: %d %s", r.status, r.env.Code)
			}
			s.clk.Advance(31 * time.Minute)
			if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 401 || r.env.Code != "operator.session_expired" {
				t.Fatalf("31 min idle: %d %s", r.status, r.env.Code)
			}
		})
		t.Run("Absolute", func(t *testing.T) {
			tok := s.login("ops01")
			for i := 0; i < 12*3-1; i++ { // every 20 minutes for 11 h 40 min
				s.clk.Advance(20 * time.Minute)
				if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 200 {
					t.Fatalf("after %d min: %d", (i+1)*20, r.status)
				}
			}
			s.clk.Advance(20 * time.Minute)
			if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 401 || r.env.Code != "operator.session_expired" {
				t.Fatalf("after 12 h: %d %s", r.status, r.env.Code)
			}
		})
		t.Run("ErrBadTokens", func(t *testing.T) {
			for _, tok := range []string{"x", "0123456789012345678901234567890123456789012", s.memberToken()} {
				if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 401 || r.env.Code != "operator.session_expired" {
					t.Fatalf("%q: %d %s", tok, r.status, r.env.Code)
				}
			}
			if r := s.do("GET", "/ops/v1/me", "", nil, nil); r.status != 401 || r.env.Code != "auth.token_required" {
				t.Fatalf("no token: %d %s", r.status, r.env.Code)
			}
		})
		t.Run("TokenStoredHashed", func(t *testing.T) {
			tok := s.login("ops01")
			var n int
			if err := d.QueryRow(d.Rebind(`SELECT COUNT(*) FROM operator_session WHERE token_hash = ?`), tok).Scan(&n); err != nil || n != 0 {
				t.Fatalf("raw token stored: %d %v", n, err)
			}
			if err := d.QueryRow(d.Rebind(`SELECT COUNT(*) FROM operator_session WHERE token_hash = ?`), session.Hash(tok)).Scan(&n); err != nil || n != 1 {
				t.Fatalf("hash not stored: %d %v", n, err)
			}
		})
	})
}
