package operator

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func (s *site) opID(user string) int64 {
	s.t.Helper()
	o, err := s.store.OperatorByUsername(context.Background(), user)
	if err != nil {
		s.t.Fatal(err)
	}
	return o.ID
}

// addOperator creates an operator with the demo password.
func (s *site) addOperator(user string, role Role) int64 {
	s.t.Helper()
	id, err := s.svc.CreateOperator(context.Background(), user, account.DemoPassword, role)
	if err != nil {
		s.t.Fatal(err)
	}
	return id
}

// enrol signs user in for the first time through the enrolment and
// returns the session token and the secret.
func (s *site) enrol(user string) (string, string) {
	s.t.Helper()
	r := s.do("POST", "/ops/v1/login", "", map[string]string{"username": user, "password": account.DemoPassword}, nil)
	e, _ := r.value["enrolment"].(map[string]any)
	if r.status != 200 || e == nil || r.value["token"] != nil {
		s.t.Fatalf("enrolment of %s: %d %+v", user, r.status, r.env)
	}
	secret := e["secret"].(string)
	r = s.do("POST", "/ops/v1/login/enrol", "", map[string]string{"token": e["token"].(string), "otp": s.code(secret)}, nil)
	if r.status != 200 || r.value["token"] == nil {
		s.t.Fatalf("enrol %s: %d %+v", user, r.status, r.env)
	}
	return r.value["token"].(string), secret
}

func loginBody(user, otp string) map[string]string {
	b := map[string]string{"username": user, "password": account.DemoPassword}
	if otp != "" {
		b["otp"] = otp
	}
	return b
}

func TestTOTPLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		t.Run("ErrNoCode", func(t *testing.T) {
			r := s.do("POST", "/ops/v1/login", "", loginBody("ops01", ""), nil)
			if r.status != 401 || r.env.Code != "ops.otp_required" {
				t.Fatalf("no code: %d %s", r.status, r.env.Code)
			}
			var failed int
			_ = d.QueryRow(d.Rebind(`SELECT failed_logins FROM account_operator WHERE id = ?`), s.opID("ops01")).Scan(&failed)
			if failed != 0 {
				t.Fatalf("the right password without a code counted: %d", failed)
			}
		})
		t.Run("OKOnceThenErrReplay", func(t *testing.T) {
			s.clk.Advance(totpPeriod * time.Second)
			code := s.code(DemoTOTPSecret)
			r := s.do("POST", "/ops/v1/login", "", loginBody("ops01", code), nil)
			if r.status != 200 || r.value["operator"].(map[string]any)["totpEnrolled"] != true {
				t.Fatalf("valid code: %d %+v", r.status, r.env)
			}
			if r := s.do("POST", "/ops/v1/login", "", loginBody("ops01", code), nil); r.status != 401 || r.env.Code != "ops.otp_invalid" {
				t.Fatalf("replayed code: %d %s", r.status, r.env.Code)
			}
			// An earlier step's code is a replay too once a later one passed.
			prev, _ := TOTPCode(DemoTOTPSecret, s.clk.Now().Add(-totpPeriod*time.Second))
			if r := s.do("POST", "/ops/v1/login", "", loginBody("ops01", prev), nil); r.status != 401 || r.env.Code != "ops.otp_invalid" {
				t.Fatalf("older code: %d %s", r.status, r.env.Code)
			}
		})
		t.Run("OKDriftErrFar", func(t *testing.T) {
			s.clk.Advance(10 * totpPeriod * time.Second)
			now := s.clk.Now()
			next, _ := TOTPCode(DemoTOTPSecret, now.Add(totpPeriod*time.Second)) // the phone is a step ahead
			if r := s.do("POST", "/ops/v1/login", "", loginBody("finance01", next), nil); r.status != 200 {
				t.Fatalf("next step: %d %s", r.status, r.env.Code)
			}
			s.clk.Advance(10 * totpPeriod * time.Second)
			now = s.clk.Now()
			prev, _ := TOTPCode(DemoTOTPSecret, now.Add(-totpPeriod*time.Second)) // a step behind
			if r := s.do("POST", "/ops/v1/login", "", loginBody("finance01", prev), nil); r.status != 200 {
				t.Fatalf("previous step: %d %s", r.status, r.env.Code)
			}
			far, _ := TOTPCode(DemoTOTPSecret, now.Add(2*totpPeriod*time.Second)) // two steps away: refused
			if r := s.do("POST", "/ops/v1/login", "", loginBody("finance01", far), nil); r.status != 401 || r.env.Code != "ops.otp_invalid" {
				t.Fatalf("two steps ahead: %d %s", r.status, r.env.Code)
			}
			for _, bad := range []string{"12345", "abcdef", "1234567", " "} {
				if r := s.do("POST", "/ops/v1/login", "", loginBody("finance01", bad), nil); r.status != 401 {
					t.Fatalf("%q: %d %s", bad, r.status, r.env.Code)
				}
			}
		})
		t.Run("ErrWrongCodesLock", func(t *testing.T) {
			s.clk.Advance(s.svc.cfg.LockoutFor + time.Minute) // the failures above are forgotten by a success
			s.login("finance01")
			good := s.code(DemoTOTPSecret)
			wrong := fmt.Sprintf("%06d", (mustAtoi(good)+1)%1_000_000)
			for i := 1; i < s.svc.cfg.LockoutAfter; i++ {
				if r := s.do("POST", "/ops/v1/login", "", loginBody("finance01", wrong), nil); r.status != 401 || r.env.Code != "ops.otp_invalid" {
					t.Fatalf("wrong code %d: %d %s", i, r.status, r.env.Code)
				}
			}
			if r := s.do("POST", "/ops/v1/login", "", loginBody("finance01", wrong), nil); r.status != 429 || r.env.Code != "operator.locked" {
				t.Fatalf("5th wrong code: %d %s", r.status, r.env.Code)
			}
			s.clk.Advance(totpPeriod * time.Second)
			if r := s.do("POST", "/ops/v1/login", "", loginBody("finance01", s.code(DemoTOTPSecret)), nil); r.status != 429 {
				t.Fatalf("right code while locked: %d %s", r.status, r.env.Code)
			}
			s.clk.Advance(s.svc.cfg.LockoutFor)
			if r := s.do("POST", "/ops/v1/login", "", loginBody("finance01", s.code(DemoTOTPSecret)), nil); r.status != 200 {
				t.Fatalf("after the lock: %d %s", r.status, r.env.Code)
			}
		})
	})
}

func mustAtoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}

func TestTOTPEnrolment(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		s.addOperator("boss02", RoleAdmin)
		t.Run("OK", func(t *testing.T) {
			r := s.do("POST", "/ops/v1/login", "", loginBody("boss02", ""), nil)
			e, _ := r.value["enrolment"].(map[string]any)
			if r.status != 200 || e == nil || r.value["token"] != nil || r.value["operator"] != nil {
				t.Fatalf("login: %d %+v", r.status, r.value)
			}
			secret, uri := e["secret"].(string), e["otpauthUri"].(string)
			if !strings.HasPrefix(uri, "otpauth://totp/Palaro:boss02?") || !strings.Contains(uri, "secret="+secret) ||
				num(e["expiresAt"]) != s.clk.Now().Add(enrolmentTTL).UnixMilli() {
				t.Fatalf("enrolment: %+v", e)
			}
			// The secret is stored sealed, never in the clear.
			var stored string
			_ = d.QueryRow(d.Rebind(`SELECT secret FROM operator_enrolment WHERE operator_id = ?`), s.opID("boss02")).Scan(&stored)
			if stored == "" || strings.Contains(stored, secret) {
				t.Fatalf("enrolment secret stored as %q", stored)
			}
			wrong := fmt.Sprintf("%06d", (mustAtoi(s.code(secret))+1)%1_000_000)
			if r := s.do("POST", "/ops/v1/login/enrol", "", map[string]string{"token": e["token"].(string), "otp": wrong}, nil); r.status != 401 || r.env.Code != "ops.otp_invalid" {
				t.Fatalf("wrong code: %d %s", r.status, r.env.Code)
			}
			r = s.do("POST", "/ops/v1/login/enrol", "", map[string]string{"token": e["token"].(string), "otp": s.code(secret)}, nil)
			if r.status != 200 || r.value["token"] == nil || r.value["operator"].(map[string]any)["totpEnrolled"] != true {
				t.Fatalf("enrol: %d %+v", r.status, r.env)
			}
			me := s.do("GET", "/ops/v1/me", r.value["token"].(string), nil, nil)
			if me.value["operator"].(map[string]any)["totpEnrolled"] != true {
				t.Fatalf("me: %+v", me.value)
			}
			if r := s.do("POST", "/ops/v1/login/enrol", "", map[string]string{"token": e["token"].(string), "otp": s.code(secret)}, nil); r.status != 401 || r.env.Code != "ops.enrolment_invalid" {
				t.Fatalf("token used twice: %d %s", r.status, r.env.Code)
			}
			var sealed string
			_ = d.QueryRow(d.Rebind(`SELECT totp_secret FROM account_operator WHERE id = ?`), s.opID("boss02")).Scan(&sealed)
			if sealed == "" || strings.Contains(sealed, secret) {
				t.Fatalf("secret stored as %q", sealed)
			}
			// From now on: a code, and the secret is never shown again.
			if r := s.do("POST", "/ops/v1/login", "", loginBody("boss02", ""), nil); r.status != 401 || r.env.Code != "ops.otp_required" || strings.Contains(fmt.Sprint(r.value), secret) {
				t.Fatalf("after enrolment: %d %s", r.status, r.env.Code)
			}
			s.clk.Advance(totpPeriod * time.Second)
			if r := s.do("POST", "/ops/v1/login", "", loginBody("boss02", s.code(secret)), nil); r.status != 200 {
				t.Fatalf("login with the new factor: %d %s", r.status, r.env.Code)
			}
		})
		t.Run("ErrExpired", func(t *testing.T) {
			s.addOperator("boss03", RoleFinance)
			r := s.do("POST", "/ops/v1/login", "", loginBody("boss03", ""), nil)
			e := r.value["enrolment"].(map[string]any)
			s.clk.Advance(enrolmentTTL)
			if r := s.do("POST", "/ops/v1/login/enrol", "", map[string]string{"token": e["token"].(string), "otp": s.code(e["secret"].(string))}, nil); r.status != 401 || r.env.Code != "ops.enrolment_invalid" {
				t.Fatalf("expired: %d %s", r.status, r.env.Code)
			}
			for _, body := range []any{map[string]string{"token": "nope", "otp": "123456"}, `{"token":5}`, `{`} {
				if r := s.do("POST", "/ops/v1/login/enrol", "", body, nil); r.status != 401 && r.status != 400 {
					t.Fatalf("%v: %d %s", body, r.status, r.env.Code)
				}
			}
		})
		t.Run("OKBrandRequiresEveryone", func(t *testing.T) {
			if r := s.do("POST", "/ops/v1/login", "", loginBody("cashier01", ""), nil); r.status != 200 || r.value["token"] == nil {
				t.Fatalf("cashier without the brand rule: %d %+v", r.status, r.value)
			}
			s.brand.mu.Lock()
			s.brand.c.Ops.TOTPRequired = true
			s.brand.mu.Unlock()
			defer func() { s.brand.mu.Lock(); s.brand.c.Ops.TOTPRequired = false; s.brand.mu.Unlock() }()
			if r := s.do("POST", "/ops/v1/login", "", loginBody("cashier01", ""), nil); r.status != 200 || r.value["enrolment"] == nil || r.value["token"] != nil {
				t.Fatalf("cashier with the brand rule: %d %+v", r.status, r.value)
			}
			s.enrol("viewer01")
		})
	})
}

// TestTOTPParallel: parallel logins with one right code make one session;
// parallel wrong codes check no more than the lockout allows and lock.
func TestTOTPParallel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		t.Run("OKOneCodeOneSession", func(t *testing.T) {
			code := s.code(DemoTOTPSecret)
			const n = 20
			var wg sync.WaitGroup
			got := make([]reply, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[i] = s.do("POST", "/ops/v1/login", "", loginBody("ops01", code), nil)
				}()
			}
			wg.Wait()
			ok := 0
			for _, r := range got {
				switch {
				case r.status == 200:
					ok++
				case r.env.Code != "ops.otp_invalid" && r.env.Code != "operator.locked" && r.env.Code != "auth.busy":
					t.Fatalf("%d %s", r.status, r.env.Code)
				}
			}
			if ok != 1 {
				t.Fatalf("%d sessions from one code", ok)
			}
		})
		t.Run("ErrWrongCodesLock", func(t *testing.T) {
			s.clk.Advance(s.svc.cfg.LockoutFor + time.Minute)
			s.login("finance01") // a success clears the count
			id := s.opID("finance01")
			good := s.code(DemoTOTPSecret)
			const n = 60
			var wg sync.WaitGroup
			got := make([]reply, n)
			for i := range n {
				wg.Add(1)
				go func() {
					defer wg.Done()
					got[i] = s.do("POST", "/ops/v1/login", "", loginBody("finance01", fmt.Sprintf("%06d", (mustAtoi(good)+1+i)%1_000_000)), nil)
				}()
			}
			wg.Wait()
			failed := 0
			for _, r := range got {
				switch {
				case r.status == 401 && r.env.Code == "ops.otp_invalid":
					failed++
				case r.status == 429 || (r.status == 503 && r.env.Code == "auth.busy"):
				default:
					t.Fatalf("%d %s", r.status, r.env.Code)
				}
			}
			if failed > s.svc.cfg.LockoutAfter-1 {
				t.Fatalf("%d codes refused as wrong, the lockout allows %d before the lock", failed, s.svc.cfg.LockoutAfter)
			}
			o, _ := s.store.OperatorByID(context.Background(), id)
			if !s.clk.Now().Before(o.LockedUntil) {
				t.Fatalf("not locked after %d parallel wrong codes", n)
			}
		})
	})
}

func TestOwnSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		a, b := s.login("cashier01"), s.login("cashier01")
		other := s.login("viewer01")
		r := s.do("GET", "/ops/v1/me/sessions", a, nil, nil)
		items, _ := r.value["items"].([]any)
		if r.status != 200 || len(items) != 2 {
			t.Fatalf("sessions: %d %+v", r.status, r.value)
		}
		var bID string
		for _, it := range items {
			m := it.(map[string]any)
			if m["current"] == true {
				continue
			}
			bID = m["id"].(string)
			if m["ip"] == "" || m["createdAt"] == nil || m["lastSeenAt"] == nil {
				t.Fatalf("item %+v", m)
			}
		}
		if bID == "" {
			t.Fatalf("no current marked: %+v", items)
		}
		// Another operator cannot end it; an unknown id is not found.
		for _, id := range []string{bID, "0000000000000000", "xyz", strings.Repeat("a", 64)} {
			if r := s.do("DELETE", "/ops/v1/me/sessions/"+id, other, nil, nil); r.status != 404 || r.env.Code != "operator.session_not_found" {
				t.Fatalf("%s by another operator: %d %s", id, r.status, r.env.Code)
			}
		}
		if r := s.do("GET", "/ops/v1/me", b, nil, nil); r.status != 200 {
			t.Fatal("b ended by another operator")
		}
		if r := s.do("DELETE", "/ops/v1/me/sessions/"+bID, a, nil, nil); r.status != 200 {
			t.Fatalf("revoke: %d %s", r.status, r.env.Code)
		}
		if r := s.do("GET", "/ops/v1/me", b, nil, nil); r.status != 401 {
			t.Fatalf("revoked session still works: %d", r.status)
		}
		if r := s.do("GET", "/ops/v1/me/sessions", a, nil, nil); len(r.value["items"].([]any)) != 1 {
			t.Fatalf("after revoke: %+v", r.value)
		}
		if s.auditCount(ActionSessionRevoke) != 1 {
			t.Fatal("not audited")
		}
	})
}

func TestOperatorManagement(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		admin := s.login("ops01")
		adminID := s.opID("ops01")
		t.Run("OKCreate", func(t *testing.T) {
			r := s.do("POST", "/ops/v1/operators", admin, map[string]string{"username": "support02", "password": "Another-Pass-77", "role": "support"}, nil)
			o, _ := r.value["operator"].(map[string]any)
			if r.status != 200 || o["role"] != "SUPPORT" || o["status"] != "ACTIVE" || o["totpEnrolled"] != false || o["lastLoginAt"] != float64(0) {
				t.Fatalf("create: %d %+v", r.status, r.env)
			}
			cases := []struct {
				body map[string]string
				code string
			}{
				{map[string]string{"username": "support02", "password": "Another-Pass-77", "role": "SUPPORT"}, "operator.username_taken"},
				{map[string]string{"username": "x", "password": "Another-Pass-77", "role": "SUPPORT"}, "operator.invalid_username"},
				{map[string]string{"username": "bad name", "password": "Another-Pass-77", "role": "SUPPORT"}, "operator.invalid_username"},
				{map[string]string{"username": "new01", "password": "short", "role": "SUPPORT"}, "operator.weak_password"},
				{map[string]string{"username": "new01", "password": "password123", "role": "SUPPORT"}, "operator.weak_password"},
				{map[string]string{"username": "new01", "password": "new01", "role": "SUPPORT"}, "operator.weak_password"},
				{map[string]string{"username": "new01", "password": "Another-Pass-77", "role": "ROOT"}, "operator.invalid_role"},
			}
			for _, c := range cases {
				if r := s.do("POST", "/ops/v1/operators", admin, c.body, nil); r.env.Code != c.code || r.status < 400 || r.status >= 500 {
					t.Errorf("%v: %d %s, want %s", c.body, r.status, r.env.Code, c.code)
				}
			}
			l := s.do("GET", "/ops/v1/operators?q=SUPP&pageSize=1", admin, nil, nil)
			items, _ := l.value["items"].([]any)
			if num(l.value["total"]) != 2 || len(items) != 1 || num(l.value["pageSize"]) != 1 {
				t.Fatalf("list: %+v", l.value)
			}
			if r := s.do("GET", "/ops/v1/operators?q=%25", admin, nil, nil); num(r.value["total"]) != 0 {
				t.Fatalf("%% is literal: %+v", r.value)
			}
			audit := s.do("GET", "/ops/v1/audit?action=operator.create", admin, nil, nil)
			row := audit.value["items"].([]any)[0].(map[string]any)
			if row["before"] != nil || row["after"].(map[string]any)["role"] != "SUPPORT" || row["targetType"] != "operator" {
				t.Fatalf("audit: %+v", row)
			}
		})
		t.Run("OKDisableEndsSessions", func(t *testing.T) {
			tok := s.login("cashier01")
			id := s.opID("cashier01")
			path := "/ops/v1/operators/" + strconv.FormatInt(id, 10)
			r := s.do("PATCH", path, admin, map[string]any{"status": "DISABLED", "reason": "left the company"}, nil)
			if r.status != 200 || r.value["operator"].(map[string]any)["status"] != "DISABLED" {
				t.Fatalf("disable: %d %+v", r.status, r.env)
			}
			if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 401 {
				t.Fatalf("session of a disabled operator: %d", r.status)
			}
			if r := s.do("POST", "/ops/v1/login", "", loginBody("cashier01", ""), nil); r.status != 403 || r.env.Code != "operator.disabled" {
				t.Fatalf("login of a disabled operator: %d %s", r.status, r.env.Code)
			}
			audit := s.do("GET", "/ops/v1/audit?action=operator.update&targetId="+strconv.FormatInt(id, 10), admin, nil, nil)
			row := audit.value["items"].([]any)[0].(map[string]any)
			if row["reason"] != "left the company" || row["before"].(map[string]any)["status"] != "ACTIVE" || row["after"].(map[string]any)["status"] != "DISABLED" {
				t.Fatalf("audit: %+v", row)
			}
			if r := s.do("PATCH", path, admin, map[string]any{"status": "ACTIVE", "role": "VIEWER"}, nil); r.status != 200 || r.value["operator"].(map[string]any)["role"] != "VIEWER" {
				t.Fatalf("enable: %d %+v", r.status, r.env)
			}
			for _, body := range []any{map[string]any{"status": "GONE"}, map[string]any{"role": "ROOT"}, `{"role":5}`, map[string]any{"rol": "VIEWER"}} {
				if r := s.do("PATCH", path, admin, body, nil); r.status != 400 {
					t.Fatalf("%v: %d %s", body, r.status, r.env.Code)
				}
			}
		})
		t.Run("ErrLastAdmin", func(t *testing.T) {
			self := "/ops/v1/operators/" + strconv.FormatInt(adminID, 10)
			for _, body := range []map[string]any{{"status": "DISABLED"}, {"role": "FINANCE"}} {
				if r := s.do("PATCH", self, admin, body, nil); r.status != 409 || r.env.Code != "operator.last_admin" {
					t.Fatalf("%v of the last admin: %d %s", body, r.status, r.env.Code)
				}
			}
			// Two admins demoting each other at once: one stays.
			other := s.addOperator("admin02", RoleAdmin)
			var wg sync.WaitGroup
			codes := make([]string, 2)
			for i, id := range []int64{adminID, other} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					err := s.svc.store.UpdateOperator(context.Background(), id, RoleViewer, 0, s.clk.Now())
					if err != nil {
						codes[i] = err.Error()
					}
				}()
			}
			wg.Wait()
			var admins int
			_ = d.QueryRow(`SELECT COUNT(*) FROM account_operator WHERE role = 'ADMIN' AND status = 0`).Scan(&admins)
			if admins != 1 {
				t.Fatalf("%d active admins left (%v)", admins, codes)
			}
		})
	})
}

func TestResetTOTPAndRevoke(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		admin := s.login("ops01")
		fin := s.login("finance01")
		fid := strconv.FormatInt(s.opID("finance01"), 10)
		r := s.do("POST", "/ops/v1/operators/"+fid+"/reset-totp", admin, nil, nil)
		if r.status != 200 || r.value["operator"].(map[string]any)["totpEnrolled"] != false {
			t.Fatalf("reset: %d %+v", r.status, r.env)
		}
		if r := s.do("GET", "/ops/v1/me", fin, nil, nil); r.status != 401 {
			t.Fatalf("session after reset: %d", r.status)
		}
		tok, _ := s.enrol("finance01") // the next login enrols a new factor
		other := s.login("cashier01")
		r = s.do("POST", "/ops/v1/operators/"+fid+"/sessions/revoke", admin, nil, nil)
		if r.status != 200 || num(r.value["revoked"]) != 1 {
			t.Fatalf("revoke all: %d %+v", r.status, r.value)
		}
		if r := s.do("GET", "/ops/v1/me", tok, nil, nil); r.status != 401 {
			t.Fatalf("revoked: %d", r.status)
		}
		if r := s.do("GET", "/ops/v1/me", other, nil, nil); r.status != 200 {
			t.Fatalf("another operator's session ended: %d", r.status)
		}
		if s.auditCount(ActionTOTPReset) != 1 || s.auditCount(ActionSessionsRevoke) != 1 || s.auditCount(ActionEnrolled) != 1 {
			t.Fatal("not audited")
		}
	})
}
