package account

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/session"
)

func TestHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newEnv(t, d)
		login := e.do(t, "POST", "/wps/session/login", "", `{"username":"demo01","password":"Palaro2026"}`)
		token, _ := login.value["token"].(string)
		if login.status != 200 || len(token) != session.TokenLen || login.value["firstTimeLogin"] != false {
			t.Fatalf("login: %+v", login)
		}
		if u, _ := login.value["userInfo"].(map[string]any); u["account"] != "demo01" || u["type"] != float64(0) {
			t.Fatalf("userInfo: %+v", login.value)
		}
		cases := []struct {
			name, method, path, token, body string
			status                          int
			code                            string
		}{
			{"InfoBearer", "GET", "/wps/member/info", token, "", 200, "ok"},
			{"ErrInfoVisitor", "GET", "/wps/member/info", "", "", 401, "auth.token_required"},
			{"ErrInfoBadToken", "GET", "/wps/member/info", "garbage", "", 401, "auth.session_expired"},
			{"ErrLoginWrong", "POST", "/wps/session/login", "", `{"username":"demo01","password":"x1"}`, 401, "auth.invalid_credentials"},
			{"ErrLoginEmpty", "POST", "/wps/session/login", "", `{}`, 400, "auth.credentials_required"},
			{"ErrLoginJSON", "POST", "/wps/session/login", "", `{"username":`, 400, "request.invalid_json"},
			{"ErrLoginShape", "POST", "/wps/session/login", "", `{"username":["a"]}`, 400, "request.invalid_json"},
			{"ErrLoginTooLong", "POST", "/wps/session/login", "", `{"username":"` + strings.Repeat("a", 100) + `","password":"x"}`, 400, "account.too_long"},
			{"LoginWithDeadTokenStillWorks", "POST", "/wps/session/login", "garbage", `{"username":"agent01","password":"Palaro2026"}`, 200, "ok"},
			{"ErrRegisterMismatch", "PUT", "/wps/member/register", "", `{"username":"Ana2026x","password":"Malakas99","confirmPassword":"Malakas98"}`, 400, "account.password_mismatch"},
			{"ErrRegisterLoggedIn", "PUT", "/wps/member/register", token, `{}`, 403, "auth.already_logged_in"},
			{"ErrPasswordVisitor", "POST", "/wps/member/password", "", `{}`, 401, "auth.token_required"},
			{"ErrPasswordWrongOld", "POST", "/wps/member/password", token, `{"oldPassword":"x1","newPassword":"Bago2026x","confirmNewPassword":"Bago2026x"}`, 400, "account.wrong_old_password"},
			{"Captcha", "GET", "/wps/captcha", "", "", 200, "ok"},
			{"ErrCaptchaTooFast", "GET", "/wps/captcha", "", "", 429, "auth.captcha_too_fast"},
			{"Affiliate", "GET", "/wps/agent/affiliate?code=AGENT01&domain=palaro.example", "", "", 200, "ok"},
			{"ErrAffiliate", "GET", "/wps/agent/affiliate?code=ZZZ", "", "", 400, "account.affiliate_invalid"},
			{"Freeplay", "POST", "/wps/session/login/freeplay", "", "", 200, "ok"},
			{"ErrFreeplayMember", "POST", "/wps/session/login/freeplay", token, "", 403, "auth.already_logged_in"},
			{"Logout", "DELETE", "/wps/session/logout", token, "", 200, "ok"},
			{"ErrInfoAfterLogout", "GET", "/wps/member/info", token, "", 401, "auth.session_expired"},
			{"ErrLogoutAgain", "DELETE", "/wps/session/logout", token, "", 401, "auth.session_expired"},
		}
		for _, c := range cases {
			t.Run(c.name, func(t *testing.T) {
				r := e.do(t, c.method, c.path, c.token, c.body)
				if r.status != c.status || r.env.Code != c.code {
					t.Fatalf("got %d %s (%s), want %d %s", r.status, r.env.Code, r.env.Message, c.status, c.code)
				}
				if c.status >= 400 && r.env.Message == "" {
					t.Fatal("error without message")
				}
			})
		}
		t.Run("TokenHeader", func(t *testing.T) {
			res := e.login(t, "agent01", DemoPassword)
			req := httptest.NewRequest("GET", "/wps/member/info", nil)
			req.Header.Set("token", res.Token)
			rec := httptest.NewRecorder()
			e.h.ServeHTTP(rec, req)
			if rec.Code != 200 || !strings.Contains(rec.Body.String(), `"isAgent":true`) {
				t.Fatalf("%d %s", rec.Code, rec.Body.String())
			}
		})
		t.Run("TagalogMessage", func(t *testing.T) {
			req := httptest.NewRequest("GET", "/wps/member/info", nil)
			rec := httptest.NewRecorder()
			e.h.ServeHTTP(rec, req)
			if !strings.Contains(rec.Body.String(), "Hindi ka naka-login") {
				t.Fatalf("%s", rec.Body.String())
			}
		})
		t.Run("RegisterLogsIn", func(t *testing.T) {
			key := e.captcha(t)
			r := e.do(t, "PUT", "/wps/member/register", "", `{"username":" Ana2026x ","password":"Malakas99","confirmPassword":"Malakas99",
				"captcha":"`+testCaptcha+`","captchaKey":"`+key+`","registerUrl":"http://localhost/register","domain":"localhost","registerMethod":"WEB"}`)
			if r.status != 200 || r.value["token"] == "" {
				t.Fatalf("%+v", r)
			}
			info := e.do(t, "GET", "/wps/member/info", r.value["token"].(string), "")
			if info.status != 200 || info.value["account"] != "Ana2026x" {
				t.Fatalf("%+v", info)
			}
		})
	})
}

// TestAuthorization walks every account endpoint for every role.
func TestAuthorization(t *testing.T) {
	e := newEnv(t, dbtest.Open(t, db.SQLite))
	e.brand.set("CHNGPASSVERIF3", true)
	ctx := context.Background()
	trials := int64(0)
	tokens := map[Role]func() string{
		RoleVisitor: func() string { return "" },
		RoleMember:  func() string { return e.login(t, "demo01", DemoPassword).Token },
		RoleAgent:   func() string { return e.login(t, "agent01", DemoPassword).Token },
		RoleTrial: func() string {
			trials++ // 20 trial sessions per IP an hour: spread them
			res, err := e.svc.Freeplay(ctx, Client{IP: "203.0.113." + itoa(trials)})
			if err != nil {
				t.Fatal(err)
			}
			return res.Token
		},
	}
	// Bodies that are valid in shape, so the status shows the permission decision.
	endpoints := []struct {
		method, path, body string
		status             map[Role]int
	}{
		{"POST", "/wps/session/login", `{"username":"demo01","password":"Palaro2026"}`,
			map[Role]int{RoleVisitor: 200, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"DELETE", "/wps/session/logout", "",
			map[Role]int{RoleVisitor: 401, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"POST", "/wps/session/login/freeplay", "",
			map[Role]int{RoleVisitor: 200, RoleMember: 403, RoleTrial: 200, RoleAgent: 403}},
		{"GET", "/wps/member/info", "",
			map[Role]int{RoleVisitor: 401, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"PUT", "/wps/member/register", `{"username":"Auth%s","password":"Malakas99","confirmPassword":"Malakas99","captcha":"` + testCaptcha + `","captchaKey":"%k"}`,
			map[Role]int{RoleVisitor: 200, RoleMember: 403, RoleTrial: 200, RoleAgent: 403}},
		{"POST", "/wps/member/password", `{"oldPassword":"wrong999","newPassword":"Bago2026x","confirmNewPassword":"Bago2026x"}`,
			map[Role]int{RoleVisitor: 401, RoleMember: 400, RoleTrial: 403, RoleAgent: 400}},
		{"GET", "/wps/captcha", "",
			map[Role]int{RoleVisitor: 200, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"GET", "/wps/agent/affiliate?code=AGENT01", "",
			map[Role]int{RoleVisitor: 200, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"POST", "/wps/verification/sms/register", `{"mobileNo":"0917000%s"}`,
			map[Role]int{RoleVisitor: 200, RoleMember: 403, RoleTrial: 200, RoleAgent: 403}},
		{"POST", "/wps/verification/sms/noLogin", `{"mobileNum":"0918000%s"}`,
			map[Role]int{RoleVisitor: 200, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"PUT", "/wps/member/register/mobile", `{"mobileNum":"0919000%s","password":"Malakas99","confirmPassword":"Malakas99"}`,
			map[Role]int{RoleVisitor: 400, RoleMember: 403, RoleTrial: 400, RoleAgent: 403}},
		{"POST", "/wps/member/password/verification", `{"mobileNum":"09170001234","verificationCode":"000000","newPassword":"Bago2026x"}`,
			map[Role]int{RoleVisitor: 400, RoleMember: 400, RoleTrial: 400, RoleAgent: 400}},
		{"POST", "/wps/member/password/email", `form:username=demo01&email=demo01%40palaro.example`,
			map[Role]int{RoleVisitor: 200, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"POST", "/wps/member/password/reset", `{"resetToken":"x","newPassword":"Bago2026x"}`,
			map[Role]int{RoleVisitor: 400, RoleMember: 400, RoleTrial: 400, RoleAgent: 400}},
		{"PUT", "/wps/feedback", `{"type":1,"content":"My deposit has not arrived after an hour.","sender":"juan@example.com","captcha":"` + testCaptcha + `","captchaKey":"%k"}`,
			map[Role]int{RoleVisitor: 200, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"GET", "/wps/member/info/icon", "",
			map[Role]int{RoleVisitor: 401, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"GET", "/wps/botcheck/challenge", "",
			map[Role]int{RoleVisitor: 200, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		// Security centre and binding (security.go): real accounts only.
		{"GET", "/wps/member/security", "",
			map[Role]int{RoleVisitor: 401, RoleMember: 200, RoleTrial: 403, RoleAgent: 200}},
		{"POST", "/wps/member/bind/mobile/code", `{"mobileNum":"0916000%s"}`,
			map[Role]int{RoleVisitor: 401, RoleMember: 200, RoleTrial: 403, RoleAgent: 200}},
		{"PUT", "/wps/member/bind/mobile", `{"mobileNum":"0916100%s","verificationCode":"000000"}`,
			map[Role]int{RoleVisitor: 401, RoleMember: 400, RoleTrial: 403, RoleAgent: 400}},
		{"POST", "/wps/member/bind/email/code", `{"email":"auth%s@example.com"}`,
			map[Role]int{RoleVisitor: 401, RoleMember: 200, RoleTrial: 403, RoleAgent: 200}},
		{"PUT", "/wps/member/bind/email", `{"email":"auth%s@example.com","verificationCode":"000000"}`,
			map[Role]int{RoleVisitor: 401, RoleMember: 400, RoleTrial: 403, RoleAgent: 400}},
		// CHNGPASSVERIF3 is on here: demo01 has an e-mail, agent01 nothing bound.
		{"POST", "/wps/member/password/code", "",
			map[Role]int{RoleVisitor: 401, RoleMember: 200, RoleTrial: 403, RoleAgent: 400}},
		// New-IP verification (verify_ip.go): open like login; a bad ticket is 400 for everyone.
		{"POST", "/wps/session/login/verify", `{"verifyTicket":"x","verificationCode":"000000"}`,
			map[Role]int{RoleVisitor: 400, RoleMember: 400, RoleTrial: 400, RoleAgent: 400}},
		{"POST", "/wps/session/login/verify/resend", `{"verifyTicket":"x"}`,
			map[Role]int{RoleVisitor: 400, RoleMember: 400, RoleTrial: 400, RoleAgent: 400}},
	}
	if len(endpoints) != len(routeRoles) {
		t.Fatalf("matrix covers %d endpoints, the handler has %d", len(endpoints), len(routeRoles))
	}
	n := 0
	for _, ep := range endpoints {
		if _, ok := routeRoles[ep.method+" "+strings.SplitN(ep.path, "?", 2)[0]]; !ok {
			t.Fatalf("%s %s not routed", ep.method, ep.path)
		}
		for _, role := range []Role{RoleVisitor, RoleMember, RoleTrial, RoleAgent} {
			n++
			body := strings.ReplaceAll(ep.body, "%s", itoa(int64(1000+n)))
			if strings.Contains(body, "%k") {
				body = strings.ReplaceAll(body, "%k", e.captcha(t))
			}
			e.clock.Advance(1100 * 1000 * 1000) // captcha refresh spacing
			hdr := []string{"X-Test-IP", "198.18.0." + itoa(int64(n))}
			if strings.HasPrefix(body, "form:") {
				body = strings.TrimPrefix(body, "form:")
				hdr = append(hdr, "Content-Type", "application/x-www-form-urlencoded")
			}
			r := e.do(t, ep.method, ep.path, tokens[role](), body, hdr...)
			if r.status != ep.status[role] {
				t.Errorf("%s %s as %s: got %d %s, want %d", ep.method, ep.path, role, r.status, r.env.Code, ep.status[role])
			}
		}
	}
}

func fuzzHandler(f *testing.F) http.Handler {
	d, err := db.Open(context.Background(), "sqlite://"+f.TempDir()+"/fuzz.db")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { d.Close() })
	if _, err := d.Migrate(context.Background()); err != nil {
		f.Fatal(err)
	}
	e := newEnvTB(f, d)
	return e.h
}

func FuzzLoginDecode(f *testing.F) {
	for _, s := range []string{`{"username":"demo01","password":"Palaro2026"}`, `{}`, `{"type":"sms"}`, `{"username":1}`,
		`{"username":"a\u0000","password":"\xff"}`, `[]`, `null`, `{"captcha":"x","captchaKey":"y","username":"a","password":"b"}`} {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("POST", "/wps/session/login", strings.NewReader(body)))
		if rec.Code >= 500 {
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body.String())
		}
	})
}

func FuzzRegisterDecode(f *testing.F) {
	for _, s := range []string{`{"username":"Juan2026","password":"Malakas99","confirmPassword":"Malakas99"}`, `{}`,
		`{"username":"Juan2026","password":"Malakas99","confirmPassword":"Malakas99","captcha":"K7PQ","captchaKey":"x","mobileNum":"0917"}`,
		`{"registerMethod":"app"}`, `{"countryDialingCode":"+6333333"}`, `{"login":false,"username":"a"}`, `{"birthday":"2000-02-30"}`} {
		f.Add(s)
	}
	h := fuzzHandler(f)
	f.Fuzz(func(t *testing.T, body string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("PUT", "/wps/member/register", strings.NewReader(body)))
		if rec.Code >= 500 {
			t.Fatalf("%d for %q: %s", rec.Code, body, rec.Body.String())
		}
	})
}
