package account

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/session"
)

func (f *fakeBrand) loginVerify(v brand.LoginVerify) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.c.LoginVerify = v
}

func TestNewIPVerification(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		ctx := context.Background()
		from := func(ip string) []string { return []string{"X-Test-IP", ip} }
		login := func(user, ip string) reply {
			return e.do(t, "POST", "/wps/session/login", "", `{"username":"`+user+`","password":"Palaro2026"}`, from(ip)...)
		}
		verify := func(ticket, code, ip string) reply {
			return e.do(t, "POST", "/wps/session/login/verify", "", `{"verifyTicket":"`+ticket+`","verificationCode":"`+code+`"}`, from(ip)...)
		}

		// Off (the demo default): any IP logs in, and the IP becomes known.
		if r := login("demo01", "198.51.100.1"); r.status != 200 || r.value["token"] == nil {
			t.Fatalf("%+v", r)
		}
		e.brand.loginVerify(brand.LoginVerify{NewIP: true, Method: "sms"})

		t.Run("KnownIPLogsIn", func(t *testing.T) {
			if r := login("demo01", "198.51.100.1"); r.status != 200 || r.value["token"] == nil || r.value["verifyRequired"] != nil {
				t.Fatalf("%+v", r)
			}
		})

		var ticket string
		t.Run("NewIPAnswersTicket", func(t *testing.T) {
			r := login("demo01", "198.51.100.2")
			v := r.value
			// demo01 has no mobile: the brand prefers sms, the e-mail is used.
			if r.status != 200 || v["verifyRequired"] != true || v["verifyMethod"] != "email" || v["maskedTarget"] != "d***1@palaro.example" ||
				v["expiredMinutes"] != float64(5) || v["token"] != nil || len(v["verifyTicket"].(string)) != session.TokenLen {
				t.Fatalf("%+v", r)
			}
			ticket = v["verifyTicket"].(string)
			auditHas(t, e, "demo01", EventLoginVerify, "email")
		})

		t.Run("WrongCodesKillTicket", func(t *testing.T) {
			code := e.out.lastMailCode(t, "demo01@palaro.example")
			for i := 1; i < LoginTicketTries; i++ {
				if r := verify(ticket, wrongCode(code), "198.51.100.2"); r.status != 400 || r.env.Code != "sms.invalid_code" {
					t.Fatalf("try %d: %+v", i, r)
				}
			}
			if r := verify(ticket, wrongCode(code), "198.51.100.2"); r.env.Code != "auth.verify_ticket_invalid" {
				t.Fatalf("%+v", r)
			}
			if r := verify(ticket, code, "198.51.100.2"); r.env.Code != "auth.verify_ticket_invalid" {
				t.Fatalf("right code on a dead ticket: %+v", r)
			}
			auditHas(t, e, "demo01", EventLockout, "verify_ticket")
		})

		t.Run("ResendAndVerify", func(t *testing.T) {
			e.clock.Advance(time.Minute)
			r := login("demo01", "198.51.100.2")
			ticket = r.value["verifyTicket"].(string)
			old := e.out.lastMailCode(t, "demo01@palaro.example")
			resend := `{"verifyTicket":"` + ticket + `"}`
			if r := e.do(t, "POST", "/wps/session/login/verify/resend", "", resend); r.status != 429 || r.env.Code != "sms.too_soon" {
				t.Fatalf("%+v", r)
			}
			e.clock.Advance(time.Minute)
			if r := e.do(t, "POST", "/wps/session/login/verify/resend", "", resend); r.status != 200 || r.value["expiredMinutes"] != float64(5) {
				t.Fatalf("%+v", r)
			}
			code := e.out.lastMailCode(t, "demo01@palaro.example")
			if code != old {
				if r := verify(ticket, old, "198.51.100.2"); r.env.Code != "sms.invalid_code" {
					t.Fatalf("old code after resend: %+v", r)
				}
			}
			if r := verify(ticket, "", "198.51.100.2"); r.env.Code != "sms.code_required" {
				t.Fatalf("%+v", r)
			}
			r = verify(ticket, code, "198.51.100.2")
			u, _ := r.value["userInfo"].(map[string]any)
			if r.status != 200 || len(r.value["token"].(string)) != session.TokenLen || u["account"] != "demo01" || r.value["previousLoginTime"] == nil {
				t.Fatalf("%+v", r)
			}
			if info := e.do(t, "GET", "/wps/member/info", r.value["token"].(string), ""); info.status != 200 {
				t.Fatalf("%+v", info)
			}
			auditHas(t, e, "demo01", EventLoginOK, "username new_ip")
			if r := verify(ticket, code, "198.51.100.2"); r.env.Code != "auth.verify_ticket_invalid" {
				t.Fatalf("ticket reused: %+v", r)
			}
			if r := e.do(t, "POST", "/wps/session/login/verify/resend", "", resend); r.env.Code != "auth.verify_ticket_invalid" {
				t.Fatalf("resend on a used ticket: %+v", r)
			}
			// The IP is known now.
			if r := login("demo01", "198.51.100.2"); r.value["token"] == nil {
				t.Fatalf("%+v", r)
			}
		})

		t.Run("TicketExpires", func(t *testing.T) {
			e.clock.Advance(2 * time.Minute)
			r := login("demo01", "198.51.100.3")
			tk := r.value["verifyTicket"].(string)
			code := e.out.lastMailCode(t, "demo01@palaro.example")
			e.clock.Advance(LoginTicketTTL + time.Second)
			if r := verify(tk, code, "198.51.100.3"); r.env.Code != "auth.verify_ticket_invalid" {
				t.Fatalf("%+v", r)
			}
		})

		t.Run("MobilePreferred", func(t *testing.T) {
			if err := e.store.BindMobile(ctx, 1, "63", "9176660000", e.clock.Now()); err != nil {
				t.Fatal(err)
			}
			e.svc.dropSessions(1, "", "")
			e.clock.Advance(2 * time.Minute)
			r := login("demo01", "198.51.100.4")
			if r.value["verifyMethod"] != "sms" || r.value["maskedTarget"] != "+63 9** *** 0000" {
				t.Fatalf("%+v", r)
			}
			code := e.out.lastCode(t, "+639176660000")
			if r := verify(r.value["verifyTicket"].(string), code, "198.51.100.4"); r.value["token"] == nil {
				t.Fatalf("%+v", r)
			}
			e.brand.loginVerify(brand.LoginVerify{NewIP: true, Method: "email"})
			defer e.brand.loginVerify(brand.LoginVerify{NewIP: true, Method: "sms"})
			e.clock.Advance(2 * time.Minute)
			if r := login("demo01", "198.51.100.5"); r.value["verifyMethod"] != "email" {
				t.Fatalf("%+v", r)
			}
		})

		t.Run("SMSLoginSkipsStep", func(t *testing.T) {
			e.brand.set("MOBILEVERCODELOGIN3", true)
			defer e.brand.set("MOBILEVERCODELOGIN3", false)
			e.clock.Advance(2 * time.Minute)
			if _, err := e.svc.SendSMSCode(ctx, smsLogin, botSMS(t, e.svc, SMSRequest{MobileNum: "09176660000"}), cl); err != nil {
				t.Fatal(err)
			}
			code := e.out.lastCode(t, "+639176660000")
			res, err := e.svc.Login(ctx, LoginRequest{Type: "sms", Username: "09176660000", Password: code}, Client{IP: "198.51.100.6"})
			if err != nil || res.Token == "" || res.verify != nil {
				t.Fatalf("%+v %v", res, err)
			}
		})

		t.Run("NothingBoundLogsInAudited", func(t *testing.T) {
			r := login("agent01", "198.51.100.7")
			if r.value["token"] == nil {
				t.Fatalf("%+v", r)
			}
			auditHas(t, e, "agent01", EventLoginVerifySkipped, "nothing bound")
		})

		t.Run("RegisteringIPIsKnown", func(t *testing.T) {
			key := e.captcha(t)
			r := e.do(t, "PUT", "/wps/member/register", "", `{"username":"Verify2026","password":"Malakas99","confirmPassword":"Malakas99",
				"email":"verify2026@example.com","captcha":"`+testCaptcha+`","captchaKey":"`+key+`"}`, from("198.51.100.8")...)
			if r.status != 200 {
				t.Fatalf("%+v", r)
			}
			e.clock.Advance(2 * time.Minute)
			if r := e.do(t, "POST", "/wps/session/login", "", `{"username":"Verify2026","password":"Malakas99"}`, from("198.51.100.8")...); r.value["token"] == nil {
				t.Fatalf("%+v", r)
			}
			if r := e.do(t, "POST", "/wps/session/login", "", `{"username":"Verify2026","password":"Malakas99"}`, from("198.51.100.9")...); r.value["verifyRequired"] != true {
				t.Fatalf("%+v", r)
			}
		})

		t.Run("ErrBadTickets", func(t *testing.T) {
			for _, body := range []string{`{}`, `{"verifyTicket":"` + strings.Repeat("A", session.TokenLen) + `","verificationCode":"123456"}`,
				`{"verifyTicket":"short","verificationCode":"123456"}`} {
				if r := e.do(t, "POST", "/wps/session/login/verify", "", body); r.status != 400 || r.env.Code != "auth.verify_ticket_invalid" {
					t.Fatalf("%s: %+v", body, r)
				}
			}
			if r := e.do(t, "POST", "/wps/session/login/verify", "", `{"verifyTicket":"`+strings.Repeat("A", 100)+`"}`); r.env.Code != "account.too_long" {
				t.Fatalf("%+v", r)
			}
		})

		t.Run("ErrGatewayDownNoTicket", func(t *testing.T) {
			e.svc.Messaging(failingSMS{}, e.out, "")
			defer e.svc.Messaging(e.out, e.out, "https://palaro.test")
			e.clock.Advance(2 * time.Minute)
			if r := login("demo01", "198.51.100.10"); r.status != 503 || r.env.Code != "sms.send_failed" {
				t.Fatalf("%+v", r)
			}
		})
	})
}

type failingSMS struct{}

func (failingSMS) SendSMS(context.Context, string, string, string) error {
	return context.DeadlineExceeded
}

func FuzzLoginVerifyDecode(f *testing.F) {
	for _, s := range []string{`{"verifyTicket":"x","verificationCode":"123456"}`, `{}`, `[]`, `null`, `{"verifyTicket":1}`,
		`{"verifyTicket":"` + strings.Repeat("a", session.TokenLen) + `","verificationCode":"\u0000"}`} {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/wps/session/login/verify", "/wps/session/login/verify/resend"} {
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, httptest.NewRequest("POST", path, strings.NewReader(body)))
			if rec.Code >= 500 {
				t.Fatalf("%s %d for %q: %s", path, rec.Code, body, rec.Body.String())
			}
		}
	})
}
