package account

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// fakeBrand serves a brand.Config that tests can change.
type fakeBrand struct {
	mu sync.Mutex
	c  brand.Config
}

func (f *fakeBrand) Current(context.Context) (*brand.Config, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := f.c
	return &c, nil
}

// set turns a whitelabel switch on or off (top level or child).
func (f *fakeBrand) set(modID string, on bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var walk func([]brand.Switch) []brand.Switch
	walk = func(nodes []brand.Switch) []brand.Switch {
		out := make([]brand.Switch, len(nodes))
		for i, n := range nodes {
			if n.ModID == modID {
				n.Enabled = on
			}
			n.ChildrenNodes = walk(n.ChildrenNodes)
			out[i] = n
		}
		return out
	}
	f.c.Whitelabel = walk(f.c.Whitelabel)
}

var testConfig = func() Config {
	c := DefaultConfig
	c.Argon2 = testArgon2
	c.BotCheckMaxNumber = 2000 // solved in Go by the helpers below, quickly
	c.CaptchaPerSecond = 1     // the throttle tests refresh twice in one second
	return c
}()

var t0 = time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)

// outbox records texts and mails instead of sending them.
type outbox struct {
	mu    sync.Mutex
	texts []string
	mails []string
}

func (o *outbox) SendSMS(_ context.Context, dial, mobile, text string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.texts = append(o.texts, "+"+dial+mobile+" "+text)
	return nil
}

func (o *outbox) SendMail(_ context.Context, to, subject, body string) error {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.mails = append(o.mails, to+" "+body)
	return nil
}

// lastCode is the 6-digit code of the last text to a number (+63...).
func (o *outbox) lastCode(t testing.TB, number string) string {
	t.Helper()
	o.mu.Lock()
	defer o.mu.Unlock()
	for i := len(o.texts) - 1; i >= 0; i-- {
		if strings.HasPrefix(o.texts[i], number+" ") {
			if m := regexp.MustCompile(`\b\d{6}\b`).FindString(o.texts[i]); m != "" {
				return m
			}
		}
	}
	t.Fatalf("no text to %s in %v", number, o.texts)
	return ""
}

type env struct {
	out     *outbox
	store   *Store
	svc     *Service
	clock   *clock.Fixed
	brand   *fakeBrand
	limiter *MemoryLimiter
	h       http.Handler
}

const testCaptcha = "K7PH3"

func newEnv(t *testing.T, d *db.DB) *env { return newEnvTB(t, d) }

func newEnvTB(t testing.TB, d *db.DB) *env {
	t.Helper()
	clk := clock.NewFixed(t0)
	fb := &fakeBrand{c: brand.Demo()}
	lim := NewMemoryLimiter(clk)
	store := NewStore(d)
	svc := NewService(store, fb, lim, clk, testConfig)
	svc.captchaText = func() string { return testCaptcha }
	out := &outbox{}
	svc.Messaging(out, out, "https://palaro.test")
	if _, err := SeedDemo(context.Background(), store, testArgon2, t0.Add(-time.Hour)); err != nil {
		t.Fatalf("seed: %v", err)
	}
	mux := http.NewServeMux()
	ipOf := func(r *http.Request) string {
		if v := r.Header.Get("X-Test-IP"); v != "" {
			return v
		}
		return "192.0.2.1"
	}
	NewHandler(svc, ipOf).Routes(mux)
	mux.HandleFunc("/wps/", httpx.NotFoundJSON)
	return &env{out: out, store: store, svc: svc, clock: clk, brand: fb, limiter: lim, h: mux}
}

var cl = Client{IP: "192.0.2.1", UserAgent: "test"}

func (e *env) login(t *testing.T, user, pass string) LoginResult {
	t.Helper()
	res, err := e.svc.Login(context.Background(), botLogin(t, e.svc, LoginRequest{Username: user, Password: pass}), cl)
	if err != nil {
		t.Fatalf("login %s: %v", user, err)
	}
	return res
}

// captcha issues a captcha and returns its key (the answer is testCaptcha).
func (e *env) captcha(t *testing.T) string {
	t.Helper()
	e.clock.Advance(1100 * time.Millisecond)
	img, err := e.svc.Captcha(context.Background(), Client{IP: "198.51.100.77"})
	if err != nil {
		t.Fatalf("captcha: %v", err)
	}
	return img.CaptchaKey
}

type reply struct {
	status int
	env    httpx.Envelope
	value  map[string]any
}

func (e *env) do(t *testing.T, method, path, token, body string, hdr ...string) reply {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	if botGuarded[method+" "+path] && strings.HasPrefix(body, "{") && !strings.Contains(body, `"botcheck"`) {
		rest := strings.TrimSpace(body[1:])
		sep := ","
		if strings.HasPrefix(rest, "}") {
			sep = ""
		}
		body = `{"botcheck":"` + solve(t, e.svc) + `"` + sep + rest
		rd = strings.NewReader(body)
	}
	req := httptest.NewRequest(method, path, rd)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("X-Lang", "EN")
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	rec := httptest.NewRecorder()
	e.h.ServeHTTP(rec, req)
	var out reply
	out.status = rec.Code
	if err := json.Unmarshal(rec.Body.Bytes(), &out.env); err != nil {
		t.Fatalf("%s %s: not an envelope: %s", method, path, rec.Body.String())
	}
	if m, ok := out.env.Value.(map[string]any); ok {
		out.value = m
	}
	return out
}

// botGuarded are the endpoints that need a bot-check solution: the test
// client solves one for every JSON body that does not carry "botcheck".
var botGuarded = map[string]bool{
	"POST /wps/session/login": true, "PUT /wps/member/register": true, "PUT /wps/member/register/mobile": true,
	"POST /wps/verification/sms/register": true, "POST /wps/verification/sms/noLogin": true, "PUT /wps/feedback": true,
	"POST /wps/member/bind/mobile/code": true, "POST /wps/member/bind/email/code": true,
}

// solve fetches a challenge and solves it as a browser would.
func solve(t testing.TB, s *Service) string {
	ch, err := s.BotChallenge(context.Background())
	if err != nil {
		t.Errorf("bot challenge: %v", err)
		return ""
	}
	p, ok := SolveBotChallenge(ch)
	if !ok {
		t.Errorf("bot challenge without solution: %+v", ch)
	}
	return p
}

func botLogin(t testing.TB, s *Service, r LoginRequest) LoginRequest {
	r.Botcheck = solve(t, s)
	return r
}

func botRegister(t testing.TB, s *Service, r RegisterRequest) RegisterRequest {
	r.Botcheck = solve(t, s)
	return r
}

func botSMS(t testing.TB, s *Service, r SMSRequest) SMSRequest {
	r.Botcheck = solve(t, s)
	return r
}

func httptestRecorder(h http.Handler, method, path, body string) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader(body)))
	return rec
}

func httptestMux(h *Handler) *http.ServeMux {
	mux := http.NewServeMux()
	h.Routes(mux)
	return mux
}
