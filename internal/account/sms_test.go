package account

import (
	"context"
	"regexp"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestSMS(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		send := func(purpose, mobile string) (SMSSent, error) {
			return e.svc.SendSMSCode(ctx, purpose, botSMS(t, e.svc, SMSRequest{MobileNo: mobile}), cl)
		}
		t.Run("RegisterByMobile", func(t *testing.T) {
			sent, err := send(smsRegister, "09171234567")
			if err != nil || sent.ExpiredMinutes != 5 {
				t.Fatalf("%+v %v", sent, err)
			}
			code := e.out.lastCode(t, "+639171234567")
			req := RegisterRequest{MobileNum: "9171234567", VerificationCode: code, Password: "Malakas99", ConfirmPassword: "Malakas99"}
			bad := req
			bad.VerificationCode = "000000"
			if _, err := e.svc.RegisterMobile(ctx, botRegister(t, e.svc, bad), cl); codeOf(err) != "sms.invalid_code" {
				t.Fatalf("wrong code: %v", err)
			}
			res, err := e.svc.RegisterMobile(ctx, botRegister(t, e.svc, req), cl)
			if err != nil || res.Token == "" || res.UserInfo.Account != "m9171234567" || res.UserInfo.Mobile != "9171234567" || res.UserInfo.CountryDialingCode != "63" {
				t.Fatalf("%+v %v", res.UserInfo, err)
			}
			if _, err := e.svc.RegisterMobile(ctx, botRegister(t, e.svc, req), cl); codeOf(err) != "sms.invalid_code" {
				t.Fatalf("code reused: %v", err)
			}
			e.clock.Advance(time.Minute)
			if _, err := send(smsRegister, "09171234567"); codeOf(err) != "account.mobile_taken" {
				t.Fatalf("taken number: %v", err)
			}
		})
		t.Run("ErrNoCode", func(t *testing.T) {
			_, err := e.svc.RegisterMobile(ctx, botRegister(t, e.svc, RegisterRequest{MobileNum: "9170000001", Password: "Malakas99", ConfirmPassword: "Malakas99"}), cl)
			if codeOf(err) != "account.field_required" {
				t.Fatalf("%v", err)
			}
		})
		t.Run("CodeExpires", func(t *testing.T) {
			if _, err := send(smsRegister, "9170000002"); err != nil {
				t.Fatal(err)
			}
			code := e.out.lastCode(t, "+639170000002")
			e.clock.Advance(5*time.Minute + time.Second)
			_, err := e.svc.RegisterMobile(ctx, botRegister(t, e.svc, RegisterRequest{MobileNum: "9170000002", VerificationCode: code, Password: "Malakas99", ConfirmPassword: "Malakas99"}), cl)
			if codeOf(err) != "sms.code_expired" {
				t.Fatalf("%v", err)
			}
		})
		t.Run("CodeDiesAfterTries", func(t *testing.T) {
			if _, err := send(smsRegister, "9170000003"); err != nil {
				t.Fatal(err)
			}
			code := e.out.lastCode(t, "+639170000003")
			wrong := "111111"
			if code == wrong {
				wrong = "222222"
			}
			for i := 0; i < testConfig.SMSCodeTries; i++ {
				_ = e.svc.useSMSCode(ctx, smsRegister, "63", "9170000003", wrong)
			}
			if err := e.svc.useSMSCode(ctx, smsRegister, "63", "9170000003", code); codeOf(err) != "sms.invalid_code" {
				t.Fatalf("code alive after %d wrong tries: %v", testConfig.SMSCodeTries, err)
			}
		})
		t.Run("ResendThrottleAndLock", func(t *testing.T) {
			if _, err := send(smsLogin, "9170000004"); err != nil {
				t.Fatal(err)
			}
			_, err := send(smsLogin, "9170000004")
			if codeOf(err) != "sms.too_soon" || apperr.As(err).Kind != apperr.KindTooMany {
				t.Fatalf("resend at once: %v", err)
			}
			var last error
			for i := 0; i < int(testConfig.SMSPerNumber)+1; i++ {
				e.clock.Advance(61 * time.Second)
				_, last = send(smsLogin, "9170000004")
			}
			if codeOf(last) != "sms.too_many" {
				t.Fatalf("want 5-minute lock, got %v", last)
			}
			e.clock.Advance(2 * time.Minute)
			if _, err := send(smsLogin, "9170000004"); codeOf(err) != "sms.too_many" {
				t.Fatalf("lock lifted early: %v", err)
			}
			e.clock.Advance(3*time.Minute + time.Second)
			if _, err := send(smsLogin, "9170000004"); err != nil {
				t.Fatalf("after 5 minutes: %v", err)
			}
		})
		t.Run("UnknownNumberSameAnswerNoText", func(t *testing.T) {
			before := len(e.out.texts)
			sent, err := send(smsLogin, "9179999999")
			if err != nil || sent.ExpiredMinutes != 5 || len(e.out.texts) != before {
				t.Fatalf("%+v %v texts %d->%d", sent, err, before, len(e.out.texts))
			}
		})
		t.Run("ErrBadNumber", func(t *testing.T) {
			for _, n := range []string{"", "12ab", "1234"} {
				if _, err := send(smsLogin, n); err == nil || apperr.As(err).Kind != apperr.KindInvalid {
					t.Fatalf("%q: %v", n, err)
				}
			}
		})
		t.Run("ResetByPhoneLogsIn", func(t *testing.T) {
			old := e.login(t, "m9171234567", "Malakas99")
			e.clock.Advance(time.Minute)
			if _, err := send(smsLogin, "09171234567"); err != nil {
				t.Fatal(err)
			}
			code := e.out.lastCode(t, "+639171234567")
			res, err := e.svc.ResetByPhone(ctx, PhoneResetRequest{MobileNum: "09171234567", VerificationCode: code, NewPassword: "Bagong2026", ConfirmNewPassword: "Bagong2026"}, cl)
			if err != nil || res.Token == "" || res.PasswordExpired {
				t.Fatalf("%+v %v", res, err)
			}
			if _, err := e.svc.Authenticate(ctx, old.Token); codeOf(err) != "auth.session_expired" {
				t.Fatalf("old session alive: %v", err)
			}
			e.login(t, "m9171234567", "Bagong2026")
		})
		t.Run("SMSLogin", func(t *testing.T) {
			e.clock.Advance(time.Minute)
			if _, err := send(smsLogin, "9171234567"); err != nil {
				t.Fatal(err)
			}
			code := e.out.lastCode(t, "+639171234567")
			req := LoginRequest{Type: "sms", Username: "09171234567", Password: code}
			if _, err := e.svc.Login(ctx, botLogin(t, e.svc, req), cl); codeOf(err) != "auth.operation_disabled" {
				t.Fatalf("MOBILEVERCODELOGIN3 off: %v", err)
			}
			e.brand.set("MOBILEVERCODELOGIN3", true)
			defer e.brand.set("MOBILEVERCODELOGIN3", false)
			res, err := e.svc.Login(ctx, botLogin(t, e.svc, req), cl)
			if err != nil || res.UserInfo.Account != "m9171234567" || res.PasswordExpired {
				t.Fatalf("%+v %v", res, err)
			}
		})
	})
}

func TestResetByEmail(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		if err := e.svc.ResetByEmail(ctx, "demo01", "wrong@palaro.example", cl); err != nil || len(e.out.mails) != 0 {
			t.Fatalf("mismatch: %v, %d mails", err, len(e.out.mails))
		}
		if err := e.svc.ResetByEmail(ctx, "ghost", "x@y.example", cl); err != nil {
			t.Fatalf("unknown user must look the same: %v", err)
		}
		if err := e.svc.ResetByEmail(ctx, "", "x@y.example", cl); codeOf(err) != "account.field_required" {
			t.Fatalf("%v", err)
		}
		old := e.login(t, "demo01", DemoPassword)
		if err := e.svc.ResetByEmail(ctx, "DEMO01", "Demo01@palaro.example", cl); err != nil || len(e.out.mails) != 1 {
			t.Fatalf("%v, %d mails", err, len(e.out.mails))
		}
		token := regexp.MustCompile(`resetToken=([A-Za-z0-9_-]{43})`).FindStringSubmatch(e.out.mails[0])
		if token == nil {
			t.Fatalf("no link in %q", e.out.mails[0])
		}
		if err := e.svc.ResetByToken(ctx, token[1], "password1", "", cl); codeOf(err) != "account.common_password" {
			t.Fatalf("%v", err)
		}
		if err := e.svc.ResetByToken(ctx, token[1], "Bago2026x", "Bago2026x", cl); err != nil {
			t.Fatalf("refused password spent the token: %v", err)
		}
		if err := e.svc.ResetByToken(ctx, token[1], "Bago2026y", "", cl); codeOf(err) != "account.reset_invalid" {
			t.Fatalf("token reused: %v", err)
		}
		if _, err := e.svc.Authenticate(ctx, old.Token); codeOf(err) != "auth.session_expired" {
			t.Fatalf("sessions not revoked: %v", err)
		}
		e.login(t, "demo01", "Bago2026x")
	})
}
