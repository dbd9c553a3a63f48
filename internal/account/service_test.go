package account

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/session"
)

func codeOf(err error) string {
	if err == nil {
		return ""
	}
	return apperr.As(err).Code
}

func TestLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		cases := []struct {
			name string
			req  LoginRequest
			code string
		}{
			{"OK", LoginRequest{Username: "demo01", Password: DemoPassword}, ""},
			{"OKCaseInsensitiveTrimmed", LoginRequest{Username: "  DEMO01 ", Password: " " + DemoPassword + " "}, ""},
			{"OKAgentOnAgentPage", LoginRequest{Username: "agent01", Password: DemoPassword, AgentLogin: true}, ""},
			{"ErrNotAgent", LoginRequest{Username: "demo01", Password: DemoPassword, AgentLogin: true}, "auth.not_agent"},
			{"ErrWrongPassword", LoginRequest{Username: "agent01", Password: "nope1234"}, "auth.invalid_credentials"},
			{"ErrUnknownAccountSameCode", LoginRequest{Username: "ghost99", Password: "nope1234"}, "auth.invalid_credentials"},
			{"ErrEmpty", LoginRequest{Username: " ", Password: "x"}, "auth.credentials_required"},
			{"ErrTooLong", LoginRequest{Username: strings.Repeat("a", 33), Password: "x"}, "account.too_long"},
			{"ErrBadType", LoginRequest{Type: "google", Username: "a", Password: "b"}, "account.invalid_field"},
			{"ErrSmsNotEnabled", LoginRequest{Type: "sms", Username: "09171234567", Password: "123456"}, "auth.operation_disabled"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				res, err := e.svc.Login(ctx, botLogin(t, e.svc, c.req), cl)
				if codeOf(err) != c.code {
					t.Fatalf("got %v, want %q", err, c.code)
				}
				if c.code == "" && (len(res.Token) != session.TokenLen || res.UserInfo.ID == 0) {
					t.Fatalf("bad result %+v", res)
				}
			})
		}
		t.Run("PreviousLoginTime", func(t *testing.T) {
			e.clock.Advance(time.Minute)
			res := e.login(t, "demo01", DemoPassword)
			if res.FirstTimeLogin || res.PreviousLoginTime == nil {
				t.Fatalf("want a previous login: %+v", res)
			}
		})
		t.Run("DefaultPasswordForcesChange", func(t *testing.T) {
			res := e.login(t, "newbie01", DemoPassword)
			if !res.PasswordExpired || !res.DefaultPassword || !res.FirstTimeLogin {
				t.Fatalf("want forced change: %+v", res)
			}
		})
		t.Run("ExpiredPassword", func(t *testing.T) {
			e.clock.Advance(testConfig.PasswordMaxAge + time.Hour)
			defer e.clock.Advance(0)
			if res := e.login(t, "agent01", DemoPassword); !res.PasswordExpired {
				t.Fatal("want passwordExpired with PWDEXPFORCECHANGE3 on")
			}
			e.brand.set("PWDEXPFORCECHANGE3", false)
			defer e.brand.set("PWDEXPFORCECHANGE3", true)
			if res := e.login(t, "agent01", DemoPassword); res.PasswordExpired {
				t.Fatal("expiry switch off: want not expired")
			}
		})
		t.Run("Audit", func(t *testing.T) {
			evs, err := e.store.AuditEvents(ctx, "ghost99", 10)
			if err != nil || len(evs) != 1 || evs[0].Event != EventLoginFail || evs[0].IP != cl.IP {
				t.Fatalf("audit %+v %v", evs, err)
			}
		})
	})
}

func TestLoginCaptchaAndLockout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		bad := LoginRequest{Username: "demo01", Password: "wrong123"}
		for i := 1; i <= int(testConfig.CaptchaAfter); i++ {
			_, err := e.svc.Login(ctx, botLogin(t, e.svc, bad), cl)
			want := "auth.invalid_credentials"
			if int64(i) >= testConfig.CaptchaAfter {
				want = "auth.captcha_required"
			}
			if codeOf(err) != want {
				t.Fatalf("attempt %d: %v, want %s", i, err, want)
			}
		}
		t.Run("ErrCaptchaRequiredEvenWithRightPassword", func(t *testing.T) {
			_, err := e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: DemoPassword}), cl)
			if codeOf(err) != "auth.captcha_required" {
				t.Fatalf("got %v", err)
			}
		})
		t.Run("ErrCaptchaWrong", func(t *testing.T) {
			key := e.captcha(t)
			_, err := e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: DemoPassword, CaptchaKey: key, Captcha: "XXXX"}), cl)
			if codeOf(err) != "auth.captcha_invalid" {
				t.Fatalf("got %v", err)
			}
			// Single use: the right answer no longer works with that key.
			_, err = e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: DemoPassword, CaptchaKey: key, Captcha: testCaptcha}), cl)
			if codeOf(err) != "auth.captcha_invalid" {
				t.Fatalf("reused captcha: %v", err)
			}
		})
		t.Run("ErrCaptchaExpired", func(t *testing.T) {
			key := e.captcha(t)
			e.clock.Advance(testConfig.CaptchaTTL + time.Second)
			_, err := e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: DemoPassword, CaptchaKey: key, Captcha: testCaptcha}), cl)
			if codeOf(err) != "auth.captcha_invalid" {
				t.Fatalf("got %v", err)
			}
		})
		t.Run("OKWithCaptchaResetsCounter", func(t *testing.T) {
			key := e.captcha(t)
			if _, err := e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: DemoPassword, CaptchaKey: key, Captcha: strings.ToLower(testCaptcha)}), cl); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Login(ctx, botLogin(t, e.svc, bad), cl); codeOf(err) != "auth.invalid_credentials" {
				t.Fatalf("counter not reset: %v", err)
			}
		})
		t.Run("Lockout", func(t *testing.T) {
			var last error
			for i := 0; i < 20; i++ {
				key := e.captcha(t)
				_, last = e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "agent01", Password: "wrong123", CaptchaKey: key, Captcha: testCaptcha}), cl)
			}
			if codeOf(last) != "auth.locked" || apperr.As(last).Kind != apperr.KindTooMany {
				t.Fatalf("want auth.locked, got %v", last)
			}
			key := e.captcha(t)
			if _, err := e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "agent01", Password: DemoPassword, CaptchaKey: key, Captcha: testCaptcha}), cl); codeOf(err) != "auth.locked" {
				t.Fatalf("locked account accepted the right password: %v", err)
			}
			evs, _ := e.store.AuditEvents(ctx, "agent01", 50)
			var locks int
			for _, ev := range evs {
				if ev.Event == EventLockout {
					locks++
				}
			}
			if locks != 1 {
				t.Fatalf("want one lockout event, got %d", locks)
			}
			e.clock.Advance(testConfig.LockoutWindow + time.Second)
			e.login(t, "agent01", DemoPassword)
		})
	})
}

// Parallel wrong-password logins of one account never try more passwords
// than the lockout budget.
func TestLoginConcurrentLockout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		cfg := testConfig
		cfg.CaptchaAfter, cfg.CaptchaAfterIP, cfg.LockoutAfterIP = 1000, 1000, 1000
		e.svc = NewService(e.store, e.brand, e.limiter, e.clock, cfg)
		const n = 40
		errs := make(chan error, n)
		for i := 0; i < n; i++ {
			go func() {
				_, err := e.svc.Login(context.Background(), botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: "wrong123"}), cl)
				errs <- err
			}()
		}
		var tried, locked int
		for i := 0; i < n; i++ {
			switch codeOf(<-errs) {
			case "auth.invalid_credentials":
				tried++
			case "auth.locked":
				locked++
			default:
				t.Fatal("unexpected outcome")
			}
		}
		// The attempt that uses up the budget answers auth.locked itself.
		if tried != int(cfg.LockoutAfter)-1 || locked != n-tried {
			t.Fatalf("%d wrong-password answers (budget %d), locked %d", tried, cfg.LockoutAfter, locked)
		}
		evs, _ := e.store.AuditEvents(context.Background(), "demo01", 100)
		fails := 0
		for _, ev := range evs {
			if ev.Event == EventLoginFail {
				fails++
			}
		}
		if fails != int(cfg.LockoutAfter) {
			t.Fatalf("%d passwords tried, budget %d", fails, cfg.LockoutAfter)
		}
	})
}

func TestSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		t.Run("OKAuthenticate", func(t *testing.T) {
			res := e.login(t, "agent01", DemoPassword)
			c, err := e.svc.Authenticate(ctx, res.Token)
			if err != nil || c.Role() != RoleAgent || c.Account != "agent01" {
				t.Fatalf("%+v %v", c, err)
			}
		})
		t.Run("VisitorWithoutToken", func(t *testing.T) {
			c, err := e.svc.Authenticate(ctx, "")
			if err != nil || c.Role() != RoleVisitor {
				t.Fatalf("%+v %v", c, err)
			}
		})
		t.Run("ErrUnknownToken", func(t *testing.T) {
			for _, tok := range []string{"x", strings.Repeat("A", session.TokenLen), "Bearer"} {
				if _, err := e.svc.Authenticate(ctx, tok); codeOf(err) != "auth.session_expired" {
					t.Fatalf("%q: %v", tok, err)
				}
			}
		})
		t.Run("TokenStoredHashed", func(t *testing.T) {
			res := e.login(t, "demo01", DemoPassword)
			var n int
			_ = d.QueryRowContext(ctx, d.Rebind(`SELECT COUNT(*) FROM account_session WHERE token_hash = ?`), res.Token).Scan(&n)
			if n != 0 {
				t.Fatal("raw token found in the session table")
			}
		})
		t.Run("IdleTimeoutSlides", func(t *testing.T) {
			res := e.login(t, "demo01", DemoPassword)
			for i := 0; i < 5; i++ { // 5 x 20 min of activity: past 30 min idle in total, still alive
				e.clock.Advance(20 * time.Minute)
				if _, err := e.svc.Authenticate(ctx, res.Token); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
			}
			e.clock.Advance(testConfig.IdleTimeout + time.Second)
			if _, err := e.svc.Authenticate(ctx, res.Token); codeOf(err) != "auth.session_expired" {
				t.Fatalf("idle session alive: %v", err)
			}
		})
		t.Run("TouchThrottled", func(t *testing.T) {
			res := e.login(t, "demo01", DemoPassword)
			seen := func() int64 {
				var v int64
				_ = d.QueryRowContext(ctx, d.Rebind(`SELECT last_seen_at FROM account_session WHERE token_hash = ?`), session.Hash(res.Token)).Scan(&v)
				return v
			}
			before := seen()
			e.clock.Advance(10 * time.Second)
			_, _ = e.svc.Authenticate(ctx, res.Token)
			if seen() != before {
				t.Fatal("last_seen written within TouchEvery")
			}
			e.clock.Advance(testConfig.TouchEvery)
			_, _ = e.svc.Authenticate(ctx, res.Token)
			if seen() == before {
				t.Fatal("last_seen not written after TouchEvery")
			}
		})
		t.Run("AbsoluteTimeout", func(t *testing.T) {
			res := e.login(t, "demo01", DemoPassword)
			for el := time.Duration(0); el < testConfig.AbsoluteTimeout-20*time.Minute; el += 20 * time.Minute {
				e.clock.Advance(20 * time.Minute)
				if _, err := e.svc.Authenticate(ctx, res.Token); err != nil {
					t.Fatalf("at %v: %v", el, err)
				}
			}
			e.clock.Advance(21 * time.Minute)
			if _, err := e.svc.Authenticate(ctx, res.Token); codeOf(err) != "auth.session_expired" {
				t.Fatalf("session outlived the absolute limit: %v", err)
			}
		})
		t.Run("RememberMeKeepsADay", func(t *testing.T) {
			res, err := e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: "demo01", Password: DemoPassword, Remember: true}), cl)
			if err != nil {
				t.Fatal(err)
			}
			e.clock.Advance(23 * time.Hour)
			if _, err := e.svc.Authenticate(ctx, res.Token); err != nil {
				t.Fatalf("remembered session gone after 23h idle: %v", err)
			}
			e.clock.Advance(2 * time.Hour)
			if _, err := e.svc.Authenticate(ctx, res.Token); codeOf(err) != "auth.session_expired" {
				t.Fatalf("remembered session outlived a day: %v", err)
			}
		})
		t.Run("Logout", func(t *testing.T) {
			res := e.login(t, "demo01", DemoPassword)
			c, _ := e.svc.Authenticate(ctx, res.Token)
			if err := e.svc.Logout(ctx, c, cl); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Authenticate(ctx, res.Token); codeOf(err) != "auth.session_expired" {
				t.Fatalf("token alive after logout: %v", err)
			}
		})
	})
}

func TestChangePassword(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		mine := e.login(t, "newbie01", DemoPassword)
		other := e.login(t, "newbie01", DemoPassword)
		me, _ := e.svc.Authenticate(ctx, mine.Token)
		cases := []struct {
			name string
			req  ChangePasswordRequest
			code string
		}{
			{"ErrOldRequired", ChangePasswordRequest{NewPassword: "a", ConfirmNewPassword: "a"}, "account.field_required"},
			{"ErrMismatch", ChangePasswordRequest{OldPassword: DemoPassword, NewPassword: "Bago2026x", ConfirmNewPassword: "Bago2026y"}, "account.password_mismatch"},
			{"ErrWrongOld", ChangePasswordRequest{OldPassword: "nope1234", NewPassword: "Bago2026x", ConfirmNewPassword: "Bago2026x"}, "account.wrong_old_password"},
			{"ErrSame", ChangePasswordRequest{OldPassword: DemoPassword, NewPassword: DemoPassword, ConfirmNewPassword: DemoPassword}, "account.same_password"},
			{"ErrRule", ChangePasswordRequest{OldPassword: DemoPassword, NewPassword: "short", ConfirmNewPassword: "short"}, "account.password_rule"},
			{"ErrRuleLettersOnly", ChangePasswordRequest{OldPassword: DemoPassword, NewPassword: "onlyletters", ConfirmNewPassword: "onlyletters"}, "account.password_rule"},
			{"ErrCommon", ChangePasswordRequest{OldPassword: DemoPassword, NewPassword: "password123", ConfirmNewPassword: "password123"}, "account.common_password"},
			{"ErrIsUsername", ChangePasswordRequest{OldPassword: DemoPassword, NewPassword: "Newbie01", ConfirmNewPassword: "Newbie01"}, "account.password_is_username"},
			{"OK", ChangePasswordRequest{OldPassword: DemoPassword, NewPassword: "Bago2026x", ConfirmNewPassword: "Bago2026x"}, ""},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				if err := e.svc.ChangePassword(ctx, me, c.req, cl); codeOf(err) != c.code {
					t.Fatalf("got %v want %q", err, c.code)
				}
			})
		}
		t.Run("OtherSessionsRevokedOwnKept", func(t *testing.T) {
			if _, err := e.svc.Authenticate(ctx, other.Token); codeOf(err) != "auth.session_expired" {
				t.Fatalf("other session alive: %v", err)
			}
			if _, err := e.svc.Authenticate(ctx, mine.Token); err != nil {
				t.Fatalf("own session revoked: %v", err)
			}
		})
		t.Run("NewPasswordWorksFlagCleared", func(t *testing.T) {
			res := e.login(t, "newbie01", "Bago2026x")
			if res.PasswordExpired || res.DefaultPassword {
				t.Fatalf("flags not cleared: %+v", res)
			}
		})
		t.Run("ErrTrial", func(t *testing.T) {
			res, err := e.svc.Freeplay(ctx, cl)
			if err != nil {
				t.Fatal(err)
			}
			c, _ := e.svc.Authenticate(ctx, res.Token)
			if err := e.svc.ChangePassword(ctx, c, ChangePasswordRequest{OldPassword: "a", NewPassword: "b", ConfirmNewPassword: "b"}, cl); codeOf(err) != "auth.real_account_required" {
				t.Fatalf("got %v", err)
			}
		})
	})
}
