package account

import (
	"context"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// lastMailCode is the 6-digit code of the last mail to an address.
func (o *outbox) lastMailCode(t testing.TB, email string) string {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	for i := len(o.mails) - 1; i >= 0; i-- {
		if strings.HasPrefix(o.mails[i], email+" ") {
			if m := regexp.MustCompile(`\b\d{6}\b`).FindString(o.mails[i]); m != "" {
				return m
			}
		}
	}
	t.Fatalf("no mail to %s in %v", email, o.mails)
	return ""
}

func (o *outbox) counts() (int, int) {
	o.mu.Lock()
	defer o.mu.Unlock()
	return len(o.texts), len(o.mails)
}

func auditHas(t *testing.T, e *env, account, event, detailPart string) {
	t.Helper()
	evs, err := e.store.AuditEvents(context.Background(), account, 50)
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range evs {
		if ev.Event == event && strings.Contains(ev.Detail, detailPart) {
			return
		}
	}
	t.Fatalf("no %s (%s) for %s in %+v", event, detailPart, account, evs)
}

func TestMasking(t *testing.T) {
	for in, want := range map[string]string{"9171234567": "9*****4567", "12345": "*****", "917123456": "9****3456"} {
		if got := maskMobile(in); got != want {
			t.Errorf("maskMobile(%s) = %s, want %s", in, got, want)
		}
	}
	if got := smsTarget("63", "9171234567").masked(); got != "+63 9** *** 4567" {
		t.Errorf("%s", got)
	}
	for in, want := range map[string]string{"demo01@palaro.example": "d***1@palaro.example", "ab@x.io": "a***@x.io", "a@x.io": "a***@x.io"} {
		if got := maskEmail(in); got != want {
			t.Errorf("maskEmail(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestSecurityCentre(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		first := e.login(t, "demo01", DemoPassword)
		e.clock.Advance(time.Hour)
		tok := e.login(t, "demo01", DemoPassword).Token
		c, err := e.svc.Authenticate(ctx, tok)
		if err != nil {
			t.Fatal(err)
		}
		_ = first

		t.Run("Info", func(t *testing.T) {
			r := e.do(t, "GET", "/wps/member/security", tok, "")
			v := r.value
			if r.status != 200 || v["account"] != "demo01" || v["emailBound"] != true || v["email"] != "d***1@palaro.example" ||
				v["mobileBound"] != false || v["mobileNum"] != "" || v["changePasswordNeedsCode"] != false ||
				v["lastLoginTime"] != float64(t0.UnixMilli()) || v["lastLoginIp"] != "192.0.2.1" || v["passwordChangedTime"] == nil {
				t.Fatalf("%+v", r)
			}
			e.brand.set("CHNGPASSVERIF3", true)
			defer e.brand.set("CHNGPASSVERIF3", false)
			if r := e.do(t, "GET", "/wps/member/security", tok, ""); r.value["changePasswordNeedsCode"] != true {
				t.Fatalf("%+v", r.value)
			}
		})

		t.Run("BindMobile", func(t *testing.T) {
			r := e.do(t, "POST", "/wps/member/bind/mobile/code", tok, `{"countryDialingCode":"63","mobileNum":"09171112222"}`)
			if r.status != 200 || r.value["expiredMinutes"] != float64(5) {
				t.Fatalf("%+v", r)
			}
			code := e.out.lastCode(t, "+639171112222")
			if r := e.do(t, "PUT", "/wps/member/bind/mobile", tok, `{"mobileNum":"09171112222","verificationCode":"`+wrongCode(code)+`"}`); r.env.Code != "sms.invalid_code" {
				t.Fatalf("%+v", r)
			}
			if r := e.do(t, "PUT", "/wps/member/bind/mobile", tok, `{"mobileNum":"09171113333","verificationCode":"`+code+`"}`); r.env.Code != "sms.invalid_code" {
				t.Fatalf("code for another number: %+v", r)
			}
			r = e.do(t, "PUT", "/wps/member/bind/mobile", tok, `{"mobileNum":"09171112222","verificationCode":"`+code+`"}`)
			if r.status != 200 || r.value["mobileBound"] != true || r.value["mobileNum"] != "9*****2222" || r.value["countryDialingCode"] != "63" {
				t.Fatalf("%+v", r)
			}
			if info := e.do(t, "GET", "/wps/member/info", tok, ""); info.value["mobileNum"] != "9171112222" {
				t.Fatalf("info not refreshed: %+v", info.value)
			}
			auditHas(t, e, "demo01", EventBindMobile, "new")
			// The one-a-minute wait is per purpose: a password code may follow the bind code at once.
			e.brand.set("CHNGPASSVERIF3", true)
			if r := e.do(t, "POST", "/wps/member/password/code", tok, ""); r.status != 200 || r.value["maskedTarget"] != "+63 9** *** 2222" {
				t.Fatalf("%+v", r)
			}
			e.brand.set("CHNGPASSVERIF3", false)
			if r := e.do(t, "PUT", "/wps/member/bind/mobile", tok, `{"mobileNum":"09171112222","verificationCode":"`+code+`"}`); r.env.Code != "sms.invalid_code" {
				t.Fatalf("code reused: %+v", r)
			}
			e.clock.Advance(time.Minute)
			if r := e.do(t, "POST", "/wps/member/bind/mobile/code", tok, `{"mobileNum":"9171112222"}`); r.env.Code != "account.already_bound" {
				t.Fatalf("%+v", r)
			}
			// Re-binding: the code goes to the new number only.
			texts, _ := e.out.counts()
			if r := e.do(t, "POST", "/wps/member/bind/mobile/code", tok, `{"mobileNum":"09171114444"}`); r.status != 200 {
				t.Fatalf("%+v", r)
			}
			if n, _ := e.out.counts(); n != texts+1 {
				t.Fatalf("%d texts for one re-bind", n-texts)
			}
			code = e.out.lastCode(t, "+639171114444")
			if r := e.do(t, "PUT", "/wps/member/bind/mobile", tok, `{"mobileNum":"09171114444","verificationCode":"`+code+`"}`); r.value["mobileNum"] != "9*****4444" {
				t.Fatalf("%+v", r)
			}
			auditHas(t, e, "demo01", EventBindMobile, "rebind from 9*****2222")
		})

		t.Run("ErrMobileTaken", func(t *testing.T) {
			agent := e.login(t, "agent01", DemoPassword).Token
			e.clock.Advance(time.Minute)
			if r := e.do(t, "POST", "/wps/member/bind/mobile/code", agent, `{"mobileNum":"09171114444"}`); r.status != 409 || r.env.Code != "account.mobile_taken" {
				t.Fatalf("%+v", r)
			}
			// Two members racing for one number: the second bind is refused by the index.
			if err := e.store.BindMobile(ctx, 2, "63", "9171114444", e.clock.Now()); codeOf(err) != "account.mobile_taken" {
				t.Fatalf("%v", err)
			}
		})

		t.Run("BindEmail", func(t *testing.T) {
			if r := e.do(t, "POST", "/wps/member/bind/email/code", tok, `{"email":"not-an-email"}`); r.env.Code != "account.invalid_email" {
				t.Fatalf("%+v", r)
			}
			if r := e.do(t, "POST", "/wps/member/bind/email/code", tok, `{"email":"Demo01@Palaro.example"}`); r.env.Code != "account.already_bound" {
				t.Fatalf("%+v", r)
			}
			if r := e.do(t, "POST", "/wps/member/bind/email/code", tok, `{"email":"juan.cruz@example.com"}`); r.status != 200 {
				t.Fatalf("%+v", r)
			}
			code := e.out.lastMailCode(t, "juan.cruz@example.com")
			if r := e.do(t, "PUT", "/wps/member/bind/email", tok, `{"email":"juan.cruz@example.com","verificationCode":"`+wrongCode(code)+`"}`); r.env.Code != "sms.invalid_code" {
				t.Fatalf("%+v", r)
			}
			r := e.do(t, "PUT", "/wps/member/bind/email", tok, `{"email":"juan.cruz@example.com","verificationCode":"`+code+`"}`)
			if r.status != 200 || r.value["email"] != "j***z@example.com" {
				t.Fatalf("%+v", r)
			}
			auditHas(t, e, "demo01", EventBindEmail, "rebind from d***1@palaro.example")
			agent := e.login(t, "agent01", DemoPassword).Token
			if r := e.do(t, "POST", "/wps/member/bind/email/code", agent, `{"email":"JUAN.cruz@example.com"}`); r.status != 409 || r.env.Code != "account.email_taken" {
				t.Fatalf("%+v", r)
			}
			if err := e.store.BindEmail(ctx, 2, "Juan.Cruz@example.com", e.clock.Now()); codeOf(err) != "account.email_taken" {
				t.Fatalf("%v", err)
			}
		})

		t.Run("ErrTrial", func(t *testing.T) {
			res, err := e.svc.Freeplay(ctx, Client{IP: "203.0.113.9"})
			if err != nil {
				t.Fatal(err)
			}
			tc, _ := e.svc.Authenticate(ctx, res.Token)
			if _, err := e.svc.Security(ctx, tc); codeOf(err) != "auth.real_account_required" {
				t.Fatalf("%v", err)
			}
			if _, err := e.svc.BindMobileCode(ctx, tc, BindMobileRequest{MobileNum: "09170000000"}, cl); codeOf(err) != "auth.real_account_required" {
				t.Fatalf("%v", err)
			}
			if _, err := e.svc.PasswordCode(ctx, tc, cl); codeOf(err) != "auth.real_account_required" {
				t.Fatalf("%v", err)
			}
		})

		t.Run("ErrBotcheck", func(t *testing.T) {
			if _, err := e.svc.BindEmailCode(ctx, c, BindEmailRequest{Email: "x@example.com"}, cl); codeOf(err) != "auth.botcheck_required" {
				t.Fatalf("%v", err)
			}
		})

		t.Run("RateLimits", func(t *testing.T) {
			e.clock.Advance(time.Hour) // fresh hourly budgets, and a fresh session
			tok = e.login(t, "demo01", DemoPassword).Token
			ip := []string{"X-Test-IP", "198.51.100.50"}
			if r := e.do(t, "POST", "/wps/member/bind/mobile/code", tok, `{"mobileNum":"09175550100"}`, ip...); r.status != 200 {
				t.Fatalf("%+v", r)
			}
			if r := e.do(t, "POST", "/wps/member/bind/mobile/code", tok, `{"mobileNum":"09175550100"}`, ip...); r.status != 429 || r.env.Code != "sms.too_soon" {
				t.Fatalf("%+v", r)
			}
			// At most BindPerMember code requests a member an hour, whatever
			// the targets (the two above count).
			n := 1
			for ; n < 20; n++ {
				r := e.do(t, "POST", "/wps/member/bind/email/code", tok, `{"email":"many`+itoa(int64(n))+`@example.com"}`, ip...)
				if r.status == 429 {
					if r.env.Code != "sms.too_many" {
						t.Fatalf("%+v", r)
					}
					break
				}
			}
			if n+1 != BindPerMember {
				t.Fatalf("member budget ran out after %d requests, want %d", n+1, BindPerMember)
			}
		})

		t.Run("HTTPBodies", func(t *testing.T) {
			for _, body := range []string{`{"mobileNum":`, `[]`, `{"mobileNum":1}`} {
				rec := httptest.NewRecorder()
				req := httptest.NewRequest("PUT", "/wps/member/bind/mobile", strings.NewReader(body))
				req.Header.Set("Authorization", "Bearer "+tok)
				e.h.ServeHTTP(rec, req)
				if rec.Code != 400 || !strings.Contains(rec.Body.String(), "request.invalid_json") {
					t.Fatalf("%s: %d %s", body, rec.Code, rec.Body.String())
				}
			}
		})
	})
}

func wrongCode(code string) string {
	if code == "111111" {
		return "222222"
	}
	return "111111"
}

// TestPasswordChangeCode is CHNGPASSVERIF3: a code to the bound mobile (or
// e-mail) is required to change the password while the switch is on.
func TestPasswordChangeCode(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		tok := e.login(t, "demo01", DemoPassword).Token
		change := func(code string) reply {
			return e.do(t, "POST", "/wps/member/password", tok,
				`{"oldPassword":"Palaro2026","newPassword":"Bago2026x","confirmNewPassword":"Bago2026x","verificationCode":"`+code+`"}`)
		}
		if r := e.do(t, "POST", "/wps/member/password/code", tok, ""); r.status != 403 || r.env.Code != "auth.operation_disabled" {
			t.Fatalf("switch off: %+v", r)
		}
		e.brand.set("CHNGPASSVERIF3", true)
		if r := change(""); r.env.Code != "sms.code_required" {
			t.Fatalf("%+v", r)
		}
		r := e.do(t, "POST", "/wps/member/password/code", tok, "")
		if r.status != 200 || r.value["maskedTarget"] != "d***1@palaro.example" || r.value["expiredMinutes"] != float64(5) {
			t.Fatalf("%+v", r)
		}
		code := e.out.lastMailCode(t, "demo01@palaro.example")
		if r := change(wrongCode(code)); r.env.Code != "sms.invalid_code" {
			t.Fatalf("%+v", r)
		}
		if r := change(code); r.status != 200 {
			t.Fatalf("%+v", r)
		}
		auditHas(t, e, "demo01", EventPasswordCode, "email")
		// With a mobile bound the code goes to the mobile.
		if err := e.store.BindMobile(context.Background(), 1, "63", "9178889999", e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		e.clock.Advance(time.Minute)
		r = e.do(t, "POST", "/wps/member/password/code", tok, "")
		if r.status != 200 || r.value["maskedTarget"] != "+63 9** *** 9999" {
			t.Fatalf("%+v", r)
		}
		code = e.out.lastCode(t, "+639178889999")
		if r := e.do(t, "POST", "/wps/member/password", tok,
			`{"oldPassword":"Bago2026x","newPassword":"Palaro2027x","confirmNewPassword":"Palaro2027x","verificationCode":"`+code+`"}`); r.status != 200 {
			t.Fatalf("%+v", r)
		}
		// Nothing bound: no code can be sent and none is asked for.
		agent := e.login(t, "agent01", DemoPassword).Token
		if r := e.do(t, "POST", "/wps/member/password/code", agent, ""); r.status != 400 || r.env.Code != "account.no_verify_target" {
			t.Fatalf("%+v", r)
		}
		if r := e.do(t, "POST", "/wps/member/password", agent, `{"oldPassword":"Palaro2026","newPassword":"Bago2026x","confirmNewPassword":"Bago2026x"}`); r.status != 200 {
			t.Fatalf("%+v", r)
		}
	})
}

func FuzzBindDecode(f *testing.F) {
	for _, s := range []string{`{"mobileNum":"09171234567","verificationCode":"123456"}`, `{}`, `[]`, `null`,
		`{"email":"a@b.co","verificationCode":"1"}`, `{"email":"\u0000@x.y"}`, `{"countryDialingCode":"+99999","mobileNum":"1"}`,
		`{"email":"<a@b.c>"}`, `{"mobileNum":["x"]}`} {
		f.Add(s)
	}
	d, err := db.Open(context.Background(), "sqlite://"+f.TempDir()+"/fuzz.db")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(context.Background()); err != nil {
		f.Fatal(err)
	}
	e := newEnvTB(f, d)
	res, err := e.svc.Login(context.Background(), botLogin(f, e.svc, LoginRequest{Username: "demo01", Password: DemoPassword}), cl)
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, route := range []string{"POST /wps/member/bind/mobile/code", "PUT /wps/member/bind/mobile",
			"POST /wps/member/bind/email/code", "PUT /wps/member/bind/email"} {
			method, path, _ := strings.Cut(route, " ")
			rec := httptest.NewRecorder()
			req := httptest.NewRequest(method, path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+res.Token)
			e.h.ServeHTTP(rec, req)
			if rec.Code >= 500 {
				t.Fatalf("%s %d for %q: %s", route, rec.Code, body, rec.Body.String())
			}
		}
	})
}
