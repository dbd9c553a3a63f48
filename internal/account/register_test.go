package account

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func validRegister(key string) RegisterRequest {
	return RegisterRequest{Username: "Juan2026", Password: "Malakas99", ConfirmPassword: "Malakas99", CaptchaKey: key, Captcha: testCaptcha}
}

func TestRegister(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		cases := []struct {
			name string
			mod  func(r *RegisterRequest)
			code string
		}{
			{"ErrUsernameRequired", func(r *RegisterRequest) { r.Username = "  " }, "account.field_required"},
			{"ErrUsernameLetterFirst", func(r *RegisterRequest) { r.Username = "9juan2026" }, "account.field_rule"},
			{"ErrUsernameShort", func(r *RegisterRequest) { r.Username = "juan" }, "account.field_rule"},
			{"ErrUsernameTooLong", func(r *RegisterRequest) { r.Username = strings.Repeat("j", 40) }, "account.too_long"},
			{"ErrPasswordRule", func(r *RegisterRequest) { r.Password, r.ConfirmPassword = "abcdefgh", "abcdefgh" }, "account.password_rule"},
			{"ErrInconsistentTwice", func(r *RegisterRequest) { r.ConfirmPassword = "Malakas98" }, "account.password_mismatch"},
			{"ErrConfirmMissing", func(r *RegisterRequest) { r.ConfirmPassword = "" }, "account.field_required"},
			{"ErrCommonPassword", func(r *RegisterRequest) { r.Password, r.ConfirmPassword = "Password1", "Password1" }, "account.common_password"},
			{"ErrEmailFormat", func(r *RegisterRequest) { r.Email = "juan@" }, "account.field_rule"},
			{"ErrMobileFormat", func(r *RegisterRequest) { r.MobileNum = "09-17" }, "account.field_rule"},
			{"ErrCaptchaMissing", func(r *RegisterRequest) { r.Captcha = "" }, "account.field_required"},
			{"ErrCaptchaWrong", func(r *RegisterRequest) { r.Captcha = "ZZZZ" }, "auth.captcha_invalid"},
			{"ErrAffiliateUnknown", func(r *RegisterRequest) { r.AffiliateCode = "NOPE1" }, "account.affiliate_invalid"},
			{"ErrRegisterMethod", func(r *RegisterRequest) { r.RegisterMethod = "APP" }, "account.invalid_field"},
			{"OKDisabledFieldDropped", func(r *RegisterRequest) { r.QQNum = "not-digits" }, ""},
			{"OKWithAffiliate", func(r *RegisterRequest) { r.Username, r.AffiliateCode = "Maria2026", "agent01" }, ""},
			{"ErrTakenCaseInsensitive", func(r *RegisterRequest) { r.Username = "DEMO01" }, "account.username_taken"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				req := validRegister(e.captcha(t))
				req.Username = "Reg" + strings.ReplaceAll(c.name, "Err", "x")[:5] + "1"
				c.mod(&req)
				res, err := e.svc.Register(ctx, botRegister(t, e.svc, req), Client{IP: "203.0.113." + itoa(int64(len(c.name)))})
				if codeOf(err) != c.code {
					t.Fatalf("got %v want %q", err, c.code)
				}
				if c.code == "" {
					if res.Token == "" || !res.FirstTimeLogin || res.PasswordExpired || res.UserInfo.Type != TypeMember {
						t.Fatalf("bad result %+v", res)
					}
					if _, err := e.svc.Authenticate(ctx, res.Token); err != nil {
						t.Fatalf("registered session: %v", err)
					}
				}
			})
		}
		t.Run("RecordsRegistrationFields", func(t *testing.T) {
			req := validRegister(e.captcha(t))
			req.Username, req.AffiliateCode, req.ReferralCode = "Pedro2026", "AGENT01", "FRIEND7"
			req.Domain, req.RegisterURL, req.MobileNum = "palaro.example", "https://palaro.example/register?ref=FRIEND7", "09171234567"
			res, err := e.svc.Register(ctx, botRegister(t, e.svc, req), cl)
			if err != nil {
				t.Fatal(err)
			}
			m, _ := e.store.MemberByID(ctx, res.UserInfo.ID)
			agent, _ := e.store.MemberByAccount(ctx, "agent01")
			if m.ParentID != agent.ID || m.RegisterMethod != "WEB" || m.Domain != "palaro.example" || m.ReferralCode != "FRIEND7" ||
				m.CountryDialingCode != "63" || m.RegisterIP != cl.IP || !strings.Contains(m.RegisterURL, "register") {
				t.Fatalf("fields not recorded: %+v", m)
			}
			req = validRegister(e.captcha(t))
			req.Username, req.MobileNum = "Pedro2027", "09171234567"
			if _, err := e.svc.Register(ctx, botRegister(t, e.svc, req), cl); codeOf(err) != "account.mobile_taken" {
				t.Fatalf("duplicate mobile: %v", err)
			}
		})
		t.Run("ErrUsernameRegistrationOff", func(t *testing.T) {
			e.brand.set("USERNAMEREG3", false)
			defer e.brand.set("USERNAMEREG3", true)
			req := validRegister(e.captcha(t))
			if _, err := e.svc.Register(ctx, botRegister(t, e.svc, req), cl); codeOf(err) != "auth.operation_disabled" {
				t.Fatalf("got %v", err)
			}
		})
		t.Run("ErrDirectRegistrationOffNeedsAffiliate", func(t *testing.T) {
			e.brand.set("DIRECTREG3", false)
			defer e.brand.set("DIRECTREG3", true)
			req := validRegister(e.captcha(t))
			req.Username = "Direct2026"
			_, err := e.svc.Register(ctx, botRegister(t, e.svc, req), cl)
			if codeOf(err) != "account.field_required" {
				t.Fatalf("got %v", err)
			}
		})
		t.Run("ErrRateLimited", func(t *testing.T) {
			ip := Client{IP: "198.51.100.9"}
			var last error
			for i := 0; i <= int(testConfig.RegisterPerIP); i++ {
				req := validRegister(e.captcha(t))
				req.Username = "Flood" + itoa(int64(1000+i))
				_, last = e.svc.Register(ctx, botRegister(t, e.svc, req), ip)
			}
			if codeOf(last) != "request.too_many" {
				t.Fatalf("got %v", last)
			}
		})
	})
}

func TestFreeplayAndAffiliate(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		res, err := e.svc.Freeplay(ctx, cl)
		if err != nil || res.UserInfo.Type != TypeTrial || !res.UserInfo.IsTrial {
			t.Fatalf("%+v %v", res, err)
		}
		c, err := e.svc.Authenticate(ctx, res.Token)
		if err != nil || c.Role() != RoleTrial {
			t.Fatalf("%+v %v", c, err)
		}
		e.brand.set("FREEPLAY3", false)
		if _, err := e.svc.Freeplay(ctx, cl); codeOf(err) != "auth.operation_disabled" {
			t.Fatalf("got %v", err)
		}
		e.brand.set("FREEPLAY3", true)
		for _, c := range []struct{ code, domain, want string }{
			{"AGENT01", "palaro.example", ""}, {"agent01", "", ""}, {"NOPE", "", "account.affiliate_invalid"},
			{"", "", "account.field_required"}, {"<script>", "", "account.affiliate_invalid"}, {"AGENT01", "bad domain/", "account.invalid_field"},
		} {
			if _, err := e.svc.CheckAffiliate(ctx, c.code, c.domain, cl); codeOf(err) != c.want {
				t.Errorf("%q %q: got %v want %q", c.code, c.domain, err, c.want)
			}
		}
		// A member's own code is not an invitation code; only agents have one.
		if _, err := e.svc.CheckAffiliate(ctx, "DEMO01", "", cl); codeOf(err) != "account.affiliate_invalid" {
			t.Fatalf("got %v", err)
		}
	})
}

func TestCaptcha(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		e.svc.captchaText = newCaptchaText
		img, err := e.svc.Captcha(ctx, cl)
		if err != nil || img.CaptchaKey == "" || !strings.HasPrefix(img.Image, "iVBORw0KGgo") || img.ExpiresIn != 120 {
			t.Fatalf("%+v %v", img.CaptchaKey, err)
		}
		if _, err := e.svc.Captcha(ctx, cl); codeOf(err) != "auth.captcha_too_fast" {
			t.Fatalf("second refresh within a second: %v", err)
		}
		e.clock.Advance(time.Second)
		if _, err := e.svc.Captcha(ctx, cl); err != nil {
			t.Fatalf("after a second: %v", err)
		}
		for i := 0; i < 200; i++ {
			if s := newCaptchaText(); len(s) != captchaLen || strings.ContainsAny(s, "01IOAZ") {
				t.Fatalf("bad captcha text %q", s)
			}
		}
	})
}

func TestCommonPasswords(t *testing.T) {
	for _, p := range []string{"123456", "password", "Password1", "QWERTY123", "iloveyou", "abc123", "letmein", "111111"} {
		if !IsCommonPassword(p) {
			t.Errorf("%q not refused", p)
		}
	}
	for _, p := range []string{DemoPassword, "Bago2026x", "Malakas99"} {
		if IsCommonPassword(p) {
			t.Errorf("%q refused", p)
		}
	}
	if len(commonPasswords) < 2000 {
		t.Fatalf("only %d common passwords", len(commonPasswords))
	}
}
