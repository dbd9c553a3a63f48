package account

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/devidp"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

const idpSecret = "test-idp-secret"

type oauthEnv struct {
	*env
	idp   *devidp.IdP
	srv   *httptest.Server
	oauth *OAuth
}

// newOAuthEnv runs the test identity provider on loopback and configures
// it as both Google (OpenID Connect) and Facebook (OAuth 2 + /me).
func newOAuthEnv(t *testing.T, d *db.DB) *oauthEnv {
	t.Helper()
	e := newEnv(t, d)
	idp := devidp.New("", map[string]string{"g-client": idpSecret, "fb-client": idpSecret})
	idp.Now = e.clock.Now
	mux := http.NewServeMux()
	idp.Routes(mux)
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	e.brand.mu.Lock()
	e.brand.c.OAuth = []brand.OAuthProvider{
		{ID: "google", Kind: "oidc", ClientID: "g-client", Issuer: srv.URL + "/google"},
		{ID: "facebook", Kind: "facebook", ClientID: "fb-client", AuthURL: srv.URL + "/facebook/authorize",
			TokenURL: srv.URL + "/facebook/token", UserInfoURL: srv.URL + "/facebook/me"},
		{ID: "apple", Kind: "oidc", ClientID: "a-client", Issuer: srv.URL + "/apple"}, // no secret: not usable
	}
	e.brand.mu.Unlock()
	o := NewOAuth(e.svc, OAuthSettings{Secrets: map[string]string{"google": idpSecret, "facebook": idpSecret}})
	NewOAuthHandler(o, func(r *http.Request) string { return "192.0.2.9" }).Routes(e.h.(*http.ServeMux))
	return &oauthEnv{env: e, idp: idp, srv: srv, oauth: o}
}

// browse is one browser visit: start, the IdP form, callback. It returns
// the final location on our site (a path with a #fragment).
type browse struct {
	provider, email, decision string
	tamperState               bool
	dropCookie                bool
}

func noFollow() *http.Client {
	return &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

func (e *oauthEnv) flow(t *testing.T, b browse) string {
	t.Helper()
	req := httptest.NewRequest("GET", "http://palaro.test/wps/oauth/"+b.provider+"/start?returnTo=/games", nil)
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	loc := rec.Header().Get("Location")
	if rec.Code != 302 {
		t.Fatalf("start: %d", rec.Code)
	}
	if !strings.HasPrefix(loc, e.srv.URL) {
		return loc // refused before the provider
	}
	var cookie *http.Cookie
	for _, c := range rec.Result().Cookies() {
		if c.Name == oauthCookie {
			cookie = c
		}
	}
	if cookie == nil || !cookie.HttpOnly || cookie.SameSite != http.SameSiteLaxMode || cookie.MaxAge <= 0 {
		t.Fatalf("state cookie: %+v", cookie)
	}
	au, _ := url.Parse(loc)
	q := au.Query()
	if q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("state") == "" ||
		(b.provider == "google" && q.Get("nonce") == "") {
		t.Fatalf("authorize URL lacks PKCE, state or nonce: %s", loc)
	}
	if strings.Contains(loc, idpSecret) {
		t.Fatal("client secret in the browser URL")
	}
	form := url.Values{"email": {b.email}, "name": {"Juan Dela Cruz"}, "decision": {b.decision}}
	res, err := noFollow().PostForm(loc, form)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	back := res.Header.Get("Location")
	if res.StatusCode != 302 || !strings.HasPrefix(back, "http://palaro.test/wps/oauth/"+b.provider+"/callback?") {
		t.Fatalf("idp answered %d %s", res.StatusCode, back)
	}
	if b.tamperState {
		back = strings.Replace(back, "state=", "state=x", 1)
	}
	req = httptest.NewRequest("GET", back, nil)
	if !b.dropCookie {
		req.AddCookie(&http.Cookie{Name: oauthCookie, Value: cookie.Value})
	}
	rec = httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	if rec.Code != 302 {
		t.Fatalf("callback: %d %s", rec.Code, rec.Body.String())
	}
	if c := rec.Result().Cookies(); len(c) != 1 || c[0].Name != oauthCookie || c[0].MaxAge >= 0 {
		t.Fatalf("callback does not clear the state cookie: %+v", c)
	}
	return rec.Header().Get("Location")
}

// fragment reads key from the location's #fragment.
func fragment(t *testing.T, loc, key string) string {
	t.Helper()
	_, frag, _ := strings.Cut(loc, "#")
	v, _ := url.ParseQuery(frag)
	if v.Get(key) == "" {
		t.Fatalf("location %q has no %s", loc, key)
	}
	return v.Get(key)
}

func TestOAuth(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		e := newOAuthEnv(t, d)
		ctx := context.Background()

		t.Run("Providers", func(t *testing.T) {
			r := e.do(t, "GET", "/wps/oauth/providers", "", "")
			list, _ := r.value["providers"].([]any)
			if r.status != 200 || len(list) != 2 || list[0].(map[string]any)["id"] != "google" {
				t.Fatalf("%+v", r.value)
			}
		})

		var newMember float64
		t.Run("NewAccountThenDirectLogin", func(t *testing.T) {
			loc := e.flow(t, browse{provider: "google", email: "juan@palaro.test", decision: "approve"})
			if !strings.HasPrefix(loc, "/games#oauthLink=") || !strings.HasSuffix(loc, "&provider=google") {
				t.Fatalf("first visit: %s", loc)
			}
			ticket := fragment(t, loc, "oauthLink")
			r := e.do(t, "POST", "/wps/oauth/register", "", `{"ticket":"`+ticket+`"}`)
			u, _ := r.value["userInfo"].(map[string]any)
			if r.status != 200 || r.value["token"] == "" || r.value["passwordExpired"] != false || r.value["firstTimeLogin"] != true {
				t.Fatalf("register: %+v", r)
			}
			account, _ := u["account"].(string)
			demo := brand.Demo()
			if rule, _ := demo.Rule("username"); !rule.Accepts(account) || !strings.HasPrefix(account, "juandela") {
				t.Fatalf("generated username %q breaks the brand rule", account)
			}
			if u["nickname"] != "Juan Dela Cruz" {
				t.Fatalf("nickname %v", u["nickname"])
			}
			newMember = u["id"].(float64)
			if again := e.do(t, "POST", "/wps/oauth/register", "", `{"ticket":"`+ticket+`"}`); again.status != 400 || again.env.Code != "oauth.ticket_invalid" {
				t.Fatalf("ticket reused: %d %s", again.status, again.env.Code)
			}
			// No password login for this account until a password is set.
			if _, err := e.svc.Login(ctx, botLogin(t, e.svc, LoginRequest{Username: account, Password: "anything1"}), cl); err == nil {
				t.Fatal("password login without a password")
			}

			loc = e.flow(t, browse{provider: "google", email: "juan@palaro.test", decision: "approve"})
			code := fragment(t, loc, "oauth")
			x := e.do(t, "POST", "/wps/oauth/exchange", "", `{"code":"`+code+`"}`)
			xu, _ := x.value["userInfo"].(map[string]any)
			if x.status != 200 || xu["id"] != newMember || x.value["passwordExpired"] != false || x.value["firstTimeLogin"] != false {
				t.Fatalf("direct login: %+v", x)
			}
			info := e.do(t, "GET", "/wps/member/info", x.value["token"].(string), "")
			if info.status != 200 || info.value["account"] != account {
				t.Fatalf("info: %+v", info)
			}
			if y := e.do(t, "POST", "/wps/oauth/exchange", "", `{"code":"`+code+`"}`); y.status != 400 || y.env.Code != "oauth.ticket_invalid" {
				t.Fatalf("replayed exchange code: %d %s", y.status, y.env.Code)
			}
		})

		t.Run("ExchangeCodeExpires", func(t *testing.T) {
			loc := e.flow(t, browse{provider: "google", email: "juan@palaro.test", decision: "approve"})
			code := fragment(t, loc, "oauth")
			e.clock.Advance(oauthLoginTTL + 1)
			if y := e.do(t, "POST", "/wps/oauth/exchange", "", `{"code":"`+code+`"}`); y.status != 400 || y.env.Code != "oauth.ticket_invalid" {
				t.Fatalf("expired code: %d %s", y.status, y.env.Code)
			}
		})

		t.Run("LinkExistingWithPassword", func(t *testing.T) {
			loc := e.flow(t, browse{provider: "google", email: "demo01@gmail.test", decision: "approve"})
			ticket := fragment(t, loc, "oauthLink")
			wrong := e.do(t, "POST", "/wps/oauth/link", "", `{"ticket":"`+ticket+`","username":"demo01","password":"Wrong2026","botcheck":"`+solve(t, e.svc)+`"}`)
			if wrong.status != 401 || wrong.env.Code != "auth.invalid_credentials" {
				t.Fatalf("wrong password: %d %s", wrong.status, wrong.env.Code)
			}
			noBot := e.do(t, "POST", "/wps/oauth/link", "", `{"ticket":"`+ticket+`","username":"demo01","password":"Palaro2026"}`)
			if noBot.status != 400 || noBot.env.Code != "auth.botcheck_required" {
				t.Fatalf("without bot check: %d %s", noBot.status, noBot.env.Code)
			}
			ok := e.do(t, "POST", "/wps/oauth/link", "", `{"ticket":"`+ticket+`","username":"demo01","password":"Palaro2026","botcheck":"`+solve(t, e.svc)+`"}`)
			if ok.status != 200 || ok.value["userInfo"].(map[string]any)["account"] != "demo01" {
				t.Fatalf("link: %+v", ok)
			}
			x := e.do(t, "POST", "/wps/oauth/exchange", "", `{"code":"`+fragment(t, e.flow(t, browse{provider: "google", email: "demo01@gmail.test", decision: "approve"}), "oauth")+`"}`)
			if x.status != 200 || x.value["userInfo"].(map[string]any)["account"] != "demo01" {
				t.Fatalf("linked login: %+v", x)
			}
			m, _ := e.store.MemberByAccount(ctx, "demo01")
			links, err := e.store.OAuthLinks(ctx, m.ID)
			if err != nil || len(links) != 1 || links[0].Provider != "google" || links[0].Email != "demo01@gmail.test" {
				t.Fatalf("links %+v %v", links, err)
			}
			events, _ := e.store.AuditEvents(ctx, "demo01", 20)
			if !hasEvent(events, EventOAuthLink, "google") || !hasEvent(events, EventLoginOK, "oauth:google") {
				t.Fatalf("audit: %+v", events)
			}
			// A second Google account cannot be linked to demo01: refused, and the login it made is undone.
			t2 := fragment(t, e.flow(t, browse{provider: "google", email: "other@gmail.test", decision: "approve"}), "oauthLink")
			dup := e.do(t, "POST", "/wps/oauth/link", "", `{"ticket":"`+t2+`","username":"demo01","password":"Palaro2026","botcheck":"`+solve(t, e.svc)+`"}`)
			if dup.status != 409 || dup.env.Code != "oauth.already_linked" {
				t.Fatalf("second link: %d %s", dup.status, dup.env.Code)
			}
		})

		t.Run("FacebookNewAccount", func(t *testing.T) {
			loc := e.flow(t, browse{provider: "facebook", email: "maria@palaro.test", decision: "approve"})
			ticket := fragment(t, loc, "oauthLink")
			r := e.do(t, "POST", "/wps/oauth/register", "", `{"ticket":"`+ticket+`"}`)
			if r.status != 200 {
				t.Fatalf("%+v", r)
			}
			x := e.do(t, "POST", "/wps/oauth/exchange", "", `{"code":"`+fragment(t, e.flow(t, browse{provider: "facebook", email: "maria@palaro.test", decision: "approve"}), "oauth")+`"}`)
			if x.status != 200 || x.value["userInfo"].(map[string]any)["id"] != r.value["userInfo"].(map[string]any)["id"] {
				t.Fatalf("facebook login: %+v", x)
			}
			// The same e-mail at Google is another provider account.
			if loc := e.flow(t, browse{provider: "google", email: "maria@palaro.test", decision: "approve"}); !strings.Contains(loc, "#oauthLink=") {
				t.Fatalf("google with facebook's e-mail: %s", loc)
			}
		})

		t.Run("Cancelled", func(t *testing.T) {
			if loc := e.flow(t, browse{provider: "google", email: "juan@palaro.test", decision: "cancel"}); loc != "/games#oauthError=cancelled" {
				t.Fatalf("%s", loc)
			}
		})
		t.Run("ErrStateMismatch", func(t *testing.T) {
			if loc := e.flow(t, browse{provider: "google", email: "juan@palaro.test", decision: "approve", tamperState: true}); loc != "/games#oauthError=failed" {
				t.Fatalf("%s", loc)
			}
		})
		t.Run("ErrNoStateCookie", func(t *testing.T) {
			if loc := e.flow(t, browse{provider: "google", email: "juan@palaro.test", decision: "approve", dropCookie: true}); loc != "/#oauthError=failed" {
				t.Fatalf("%s", loc)
			}
		})
		for _, c := range []struct {
			name   string
			tamper func(*devidp.IdP)
		}{
			{"ErrIDTokenSignature", func(p *devidp.IdP) { p.SignWithOtherKey = true }},
			{"ErrIDTokenNonce", func(p *devidp.IdP) { p.Tamper = func(c map[string]any) { c["nonce"] = "replayed" } }},
			{"ErrIDTokenAudience", func(p *devidp.IdP) { p.Tamper = func(c map[string]any) { c["aud"] = "someone-else" } }},
			{"ErrIDTokenIssuer", func(p *devidp.IdP) { p.Tamper = func(c map[string]any) { c["iss"] = "https://evil.example" } }},
			{"ErrIDTokenExpired", func(p *devidp.IdP) { p.Tamper = func(c map[string]any) { c["exp"] = t0.Unix() - 3600 } }},
		} {
			t.Run(c.name, func(t *testing.T) {
				c.tamper(e.idp)
				defer func() { e.idp.SignWithOtherKey, e.idp.Tamper = false, nil }()
				if loc := e.flow(t, browse{provider: "google", email: "juan@palaro.test", decision: "approve"}); loc != "/games#oauthError=failed" {
					t.Fatalf("%s", loc)
				}
			})
		}
		t.Run("ErrProviderWithoutSecret", func(t *testing.T) {
			if loc := e.flow(t, browse{provider: "apple"}); loc != "/games#oauthError=unavailable" {
				t.Fatalf("%s", loc)
			}
		})
		t.Run("ErrRegisterNeedsAgentWithoutDirectReg", func(t *testing.T) {
			e.brand.set("DIRECTREG3", false)
			defer e.brand.set("DIRECTREG3", true)
			ticket := fragment(t, e.flow(t, browse{provider: "google", email: "ana@palaro.test", decision: "approve"}), "oauthLink")
			if r := e.do(t, "POST", "/wps/oauth/register", "", `{"ticket":"`+ticket+`"}`); r.status != 400 || r.env.Code != "account.field_required" {
				t.Fatalf("%d %s", r.status, r.env.Code)
			}
			r := e.do(t, "POST", "/wps/oauth/register", "", `{"ticket":"`+ticket+`","affiliateCode":"agent01"}`)
			if r.status != 200 {
				t.Fatalf("%+v", r)
			}
			m, _ := e.store.MemberByID(ctx, int64(r.value["userInfo"].(map[string]any)["id"].(float64)))
			if m.ParentID == 0 || m.RegisterMethod != "WEB" || m.PasswordHash != "" {
				t.Fatalf("member %+v", m)
			}
		})
		t.Run("ReferralCode", func(t *testing.T) {
			// A friend who arrives with a referral link and signs up with
			// Google is referred as a form registration is: the code kept,
			// member.referred written with the referrer in its Ref.
			referrer, _ := e.store.MemberByAccount(ctx, "agent01")
			e.svc.UseReferrals(codes{"FRIEND7": referrer.ID})
			defer e.svc.UseReferrals(nil)
			register := func(email, code string) Member {
				t.Helper()
				ticket := fragment(t, e.flow(t, browse{provider: "google", email: email, decision: "approve"}), "oauthLink")
				r := e.do(t, "POST", "/wps/oauth/register", "", `{"ticket":"`+ticket+`","referralCode":"`+code+`"}`)
				if r.status != 200 {
					t.Fatalf("register %s: %+v", email, r)
				}
				m, err := e.store.MemberByID(ctx, int64(r.value["userInfo"].(map[string]any)["id"].(float64)))
				if err != nil {
					t.Fatal(err)
				}
				return m
			}
			referredBy := func(m Member) string {
				t.Helper()
				var ref string
				err := d.QueryRowContext(ctx, d.Rebind(`SELECT ref FROM activity_event WHERE kind = 'member.referred' AND member_id = ?`), m.ID).Scan(&ref)
				if err != nil && !db.IsNoRows(err) {
					t.Fatal(err)
				}
				return ref
			}
			m := register("rosa@palaro.test", " friend7 ")
			if m.ReferralCode != "FRIEND7" || referredBy(m) != strconv.FormatInt(referrer.ID, 10) {
				t.Fatalf("referred sign-up: code %q, referred by %q", m.ReferralCode, referredBy(m))
			}
			// A code that is nobody's is kept and refers nobody; so is any
			// code while the program is off.
			if m := register("lito@palaro.test", "NOBODY99"); m.ReferralCode != "NOBODY99" || referredBy(m) != "" {
				t.Fatalf("unknown code: %q %q", m.ReferralCode, referredBy(m))
			}
			e.brand.set("REFERRAL", false)
			defer e.brand.set("REFERRAL", true)
			if m := register("nena@palaro.test", "FRIEND7"); referredBy(m) != "" {
				t.Fatalf("program off: referred by %q", referredBy(m))
			}
		})
		t.Run("ErrDisabledMember", func(t *testing.T) {
			if _, err := d.ExecContext(ctx, d.Rebind(`UPDATE account_member SET status = 1 WHERE id = ?`), int64(newMember)); err != nil {
				t.Fatal(err)
			}
			if loc := e.flow(t, browse{provider: "google", email: "juan@palaro.test", decision: "approve"}); loc != "/games#oauthError=disabled" {
				t.Fatalf("%s", loc)
			}
		})
	})
}

func hasEvent(events []AuditEvent, name, detail string) bool {
	for _, ev := range events {
		if ev.Event == name && ev.Detail == detail {
			return true
		}
	}
	return false
}

func TestSafeReturnTo(t *testing.T) {
	for in, want := range map[string]string{
		"": "/", "/": "/", "/games?x=1": "/games?x=1", "//evil.example": "/", "https://evil.example": "/",
		"/\\evil.example": "/", "games": "/", "/a#b": "/", "/wps/member/info": "/", "/ok\r\nSet-Cookie:x": "/",
		"/" + strings.Repeat("a", 600): "/",
	} {
		if got := SafeReturnTo(in); got != want {
			t.Errorf("SafeReturnTo(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestGenerateUsername(t *testing.T) {
	demo := brand.Demo()
	rule, _ := demo.Rule("username")
	for _, c := range []struct{ name, email string }{
		{"Juan Dela Cruz", "juan@x.test"}, {"", "a@x.test"}, {"李小龍", ""}, {"", ""}, {strings.Repeat("z", 40), ""},
	} {
		for try := 0; try < 9; try++ {
			u := generateUsername(c.name, c.email, "google", rule, try)
			if !rule.Accepts(u) {
				t.Fatalf("%q (%+v, try %d) breaks the rule", u, c, try)
			}
		}
	}
}

// TestOAuthAuthorization walks the third-party login endpoints for every role.
func TestOAuthAuthorization(t *testing.T) {
	e := newOAuthEnv(t, dbtest.Open(t, db.SQLite))
	ctx := context.Background()
	tokens := map[Role]func() string{
		RoleVisitor: func() string { return "" },
		RoleMember:  func() string { return e.login(t, "demo01", DemoPassword).Token },
		RoleAgent:   func() string { return e.login(t, "agent01", DemoPassword).Token },
		RoleTrial: func() string {
			res, err := e.svc.Freeplay(ctx, Client{IP: "203.0.113.201"})
			if err != nil {
				t.Fatal(err)
			}
			return res.Token
		},
	}
	// Bodies valid in shape, so the status shows the permission decision
	// (an unknown ticket is 400 once the caller is allowed).
	endpoints := []struct {
		method, path, body string
		status             map[Role]int
	}{
		{"GET", "/wps/oauth/providers", "", map[Role]int{RoleVisitor: 200, RoleMember: 200, RoleTrial: 200, RoleAgent: 200}},
		{"GET", "/wps/oauth/google/start?returnTo=/", "", map[Role]int{RoleVisitor: 302, RoleMember: 302, RoleTrial: 302, RoleAgent: 302}},
		{"GET", "/wps/oauth/google/callback?state=x&code=y", "", map[Role]int{RoleVisitor: 302, RoleMember: 302, RoleTrial: 302, RoleAgent: 302}},
		{"POST", "/wps/oauth/exchange", `{"code":"nope"}`, map[Role]int{RoleVisitor: 400, RoleMember: 400, RoleTrial: 400, RoleAgent: 400}},
		{"POST", "/wps/oauth/link", `{"ticket":"nope","username":"demo01","password":"Palaro2026"}`,
			map[Role]int{RoleVisitor: 400, RoleMember: 403, RoleTrial: 400, RoleAgent: 403}},
		{"POST", "/wps/oauth/register", `{"ticket":"nope"}`, map[Role]int{RoleVisitor: 400, RoleMember: 403, RoleTrial: 400, RoleAgent: 403}},
	}
	if len(endpoints) != len(oauthRouteRoles) {
		t.Fatalf("matrix covers %d endpoints, the handler has %d", len(endpoints), len(oauthRouteRoles))
	}
	for _, ep := range endpoints {
		for _, role := range []Role{RoleVisitor, RoleMember, RoleTrial, RoleAgent} {
			req := httptest.NewRequest(ep.method, ep.path, strings.NewReader(ep.body))
			if tok := tokens[role](); tok != "" {
				req.Header.Set("Authorization", "Bearer "+tok)
			}
			rec := httptest.NewRecorder()
			e.h.ServeHTTP(rec, req)
			if rec.Code != ep.status[role] {
				t.Errorf("%s %s as %s: got %d %s, want %d", ep.method, ep.path, role, rec.Code, rec.Body.String(), ep.status[role])
			}
		}
	}
}

func FuzzOAuthStateCookie(f *testing.F) {
	for _, s := range []string{"", ".", "a.b", "eyJwIjoiZ29vZ2xlIn0.AAAA", strings.Repeat("x.", 3000)} {
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
	o := NewOAuth(e.svc, OAuthSettings{})
	f.Fuzz(func(t *testing.T, v string) {
		if _, ok := o.openState(context.Background(), v); ok {
			t.Fatalf("forged state accepted: %q", v)
		}
	})
}

func FuzzOAuthDecode(f *testing.F) {
	for _, s := range []string{`{"code":"x"}`, `{}`, `{"ticket":"x","username":"demo01","password":"p"}`, `{"ticket":1}`, `[]`, `null`,
		`{"ticket":"` + strings.Repeat("a", 70) + `"}`, `{"affiliateCode":"` + strings.Repeat("A", 40) + `","ticket":"x"}`} {
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
	NewOAuthHandler(NewOAuth(e.svc, OAuthSettings{}), nil).Routes(e.h.(*http.ServeMux))
	f.Fuzz(func(t *testing.T, body string) {
		for _, p := range []string{"/wps/oauth/exchange", "/wps/oauth/link", "/wps/oauth/register"} {
			rec := httptest.NewRecorder()
			e.h.ServeHTTP(rec, httptest.NewRequest("POST", p, strings.NewReader(body)))
			if rec.Code >= 500 {
				t.Fatalf("%s %d for %q: %s", p, rec.Code, body, rec.Body.String())
			}
		}
	})
}

// codes resolves referral codes from a map (internal/referral in the binary).
type codes map[string]int64

func (c codes) ReferrerOf(_ context.Context, code string) (int64, error) { return c[code], nil }
