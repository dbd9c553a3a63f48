package sealed

import (
	"bytes"
	"context"
	"crypto/ecdh"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// memSecrets is an in-memory Secrets (the database one is tested in store_test.go).
type memSecrets struct {
	mu sync.Mutex
	m  map[string]string
}

func (s *memSecrets) Secret(_ context.Context, name, candidate string, _ time.Time) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]string{}
	}
	if v, ok := s.m[name]; ok {
		return v, nil
	}
	s.m[name] = candidate
	return candidate, nil
}

var t0 = time.Date(2026, 11, 22, 3, 0, 0, 0, time.UTC)

type rig struct {
	clk      *clock.Fixed
	keys     *Keyring
	guard    *Guard
	enforced bool
	mux      *http.ServeMux
}

// newRig serves an echo handler on the sealed route POST /wps/session/login
// and on the plain route POST /wps/plain.
func newRig(t testing.TB, period, grace time.Duration) *rig {
	t.Helper()
	rg := &rig{clk: clock.NewFixed(t0)}
	rg.keys = NewKeyring(&memSecrets{}, period, grace)
	rg.guard = NewGuard(rg.keys, nil, func(context.Context) bool { return rg.enforced }, rg.clk, nil)
	echo := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var v map[string]any
		if err := httpx.DecodeJSON(r, &v); err != nil {
			httpx.Fail(w, r, err)
			return
		}
		v["_method"], v["_contentType"], v["_gzip"] = r.Method, r.Header.Get("Content-Type"), r.Header.Get("Accept-Encoding")
		httpx.OK(w, r, v)
	})
	wrap := rg.guard.WrapRoutes(Routes...)
	rg.mux = http.NewServeMux()
	rg.mux.Handle("POST /wps/session/login", wrap("POST /wps/session/login", echo))
	rg.mux.Handle("POST /wps/plain", wrap("POST /wps/plain", echo))
	rg.mux.Handle("POST /wps/session/login/freeplay", wrap("POST /wps/session/login/freeplay", echo))
	NewHandler(rg.guard).Routes(rg.mux)
	return rg
}

func (rg *rig) client(t testing.TB) *Client {
	t.Helper()
	rec := rg.do(httptest.NewRequest("GET", "/wps/system/sealkey", nil))
	var env struct {
		Value PublicKey `json:"value"`
	}
	if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &env) != nil {
		t.Fatalf("sealkey: %d %s", rec.Code, rec.Body)
	}
	c, err := NewClient(env.Value, rg.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (rg *rig) do(r *http.Request) *httptest.ResponseRecorder {
	rec := httptest.NewRecorder()
	rg.mux.ServeHTTP(rec, r)
	return rec
}

func sealedReq(method, path string, body []byte) *http.Request {
	r := httptest.NewRequest(method, path, bytes.NewReader(body))
	r.Header.Set("Content-Type", ContentType)
	r.Header.Set("Accept-Encoding", "gzip")
	return r
}

func code(t *testing.T, rec *httptest.ResponseRecorder) string {
	t.Helper()
	var env httpx.Envelope
	if err := json.Unmarshal(rec.Body.Bytes(), &env); err != nil {
		t.Fatalf("not an envelope: %s", rec.Body)
	}
	return env.Code
}

func TestRoundTrip(t *testing.T) {
	rg := newRig(t, 0, 0)
	rg.enforced = true
	c := rg.client(t)
	body, opener, err := c.Seal("POST", "/wps/session/login", []byte(`{"username":"demo01","password":"Palaro2026"}`), rg.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(body, []byte("Palaro2026")) {
		t.Fatal("password visible in the sealed body")
	}
	rec := rg.do(sealedReq("POST", "/wps/session/login", body))
	if rec.Code != 200 || rec.Header().Get("Content-Type") != ContentType || rec.Header().Get("Content-Encoding") != "" {
		t.Fatalf("status %d type %q: %s", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
	if bytes.Contains(rec.Body.Bytes(), []byte("demo01")) {
		t.Fatal("response not sealed")
	}
	plain, err := opener.Open(rec.Body.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	var env struct {
		Success bool              `json:"success"`
		Value   map[string]string `json:"value"`
	}
	if err := json.Unmarshal(plain, &env); err != nil || !env.Success {
		t.Fatalf("reply %s", plain)
	}
	if env.Value["username"] != "demo01" || env.Value["password"] != "Palaro2026" || env.Value["_method"] != "POST" ||
		env.Value["_contentType"] != "application/json" || env.Value["_gzip"] != "" {
		t.Fatalf("handler saw %v", env.Value)
	}

	t.Run("ErrorAnswersAreSealedToo", func(t *testing.T) {
		body, opener, _ := c.Seal("POST", "/wps/session/login", []byte(`not json`), rg.clk.Now())
		rec := rg.do(sealedReq("POST", "/wps/session/login", body))
		if rec.Code != 400 || rec.Header().Get("Content-Type") != ContentType {
			t.Fatalf("status %d %s", rec.Code, rec.Body)
		}
		plain, err := opener.Open(rec.Body.Bytes())
		if err != nil || !strings.Contains(string(plain), `"request.invalid_json"`) {
			t.Fatalf("reply %s %v", plain, err)
		}
	})
}

func TestRefused(t *testing.T) {
	rg := newRig(t, 0, 0)
	c := rg.client(t)
	login := []byte(`{"username":"demo01"}`)
	seal := func(c *Client, method, path string, now time.Time) []byte {
		b, _, err := c.Seal(method, path, login, now)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	other := func(kid string) *Client {
		k, _ := ecdh.P256().GenerateKey(nil)
		c, err := NewClient(PublicKey{Kid: kid, Alg: Alg, PublicKey: b64.EncodeToString(k.PublicKey().Bytes())}, rg.clk.Now())
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	tamper := func(b []byte) []byte {
		var env Envelope
		_ = json.Unmarshal(b, &env)
		ct, _ := b64.DecodeString(env.CT)
		ct[0] ^= 1
		env.CT = b64.EncodeToString(ct)
		out, _ := json.Marshal(env)
		return out
	}
	cases := []struct {
		name string
		body []byte
	}{
		{"WrongKey", seal(other(c.kid), "POST", "/wps/session/login", rg.clk.Now())},
		{"UnknownKid", seal(other("nope"), "POST", "/wps/session/login", rg.clk.Now())},
		{"TamperedCiphertext", tamper(seal(c, "POST", "/wps/session/login", rg.clk.Now()))},
		{"OldTimestamp", seal(c, "POST", "/wps/session/login", rg.clk.Now().Add(-Window-time.Second))},
		{"FutureTimestamp", seal(c, "POST", "/wps/session/login", rg.clk.Now().Add(Window+time.Second))},
		{"OtherPath", seal(c, "POST", "/wps/member/register", rg.clk.Now())},
		{"OtherMethod", seal(c, "PUT", "/wps/session/login", rg.clk.Now())},
		{"NotJSON", []byte(`{"v":1,`)},
		{"WrongVersion", bytes.Replace(seal(c, "POST", "/wps/session/login", rg.clk.Now()), []byte(`"v":1`), []byte(`"v":2`), 1)},
		{"Empty", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rec := rg.do(sealedReq("POST", "/wps/session/login", tc.body))
			if rec.Code != 400 || code(t, rec) != "request.sealed_invalid" {
				t.Fatalf("status %d %s", rec.Code, rec.Body)
			}
		})
	}

	t.Run("Replay", func(t *testing.T) {
		b := seal(c, "POST", "/wps/session/login", rg.clk.Now())
		if rec := rg.do(sealedReq("POST", "/wps/session/login", b)); rec.Code != 200 {
			t.Fatalf("first: %d %s", rec.Code, rec.Body)
		}
		rg.clk.Advance(4 * time.Minute)
		if rec := rg.do(sealedReq("POST", "/wps/session/login", b)); rec.Code != 400 || code(t, rec) != "request.sealed_invalid" {
			t.Fatalf("replay: %d %s", rec.Code, rec.Body)
		}
	})
}

func TestEnforcement(t *testing.T) {
	rg := newRig(t, 0, 0)
	plain := func(path string) *httptest.ResponseRecorder {
		r := httptest.NewRequest("POST", path, strings.NewReader(`{"username":"demo01"}`))
		r.Header.Set("Content-Type", "application/json")
		return rg.do(r)
	}
	t.Run("OffPlaintextPasses", func(t *testing.T) {
		if rec := plain("/wps/session/login"); rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	rg.enforced = true
	t.Run("OnPlaintextRefused", func(t *testing.T) {
		rec := plain("/wps/session/login")
		if rec.Code != 400 || code(t, rec) != "request.sealed_required" {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		if !strings.Contains(rec.Body.String(), "naka-encrypt") { // TY by default
			t.Fatalf("message %s", rec.Body)
		}
	})
	t.Run("OnOtherRoutesUntouched", func(t *testing.T) {
		if rec := plain("/wps/plain"); rec.Code != 200 || rec.Header().Get("Content-Type") == ContentType {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	t.Run("SealKeyTellsEnforced", func(t *testing.T) {
		rec := rg.do(httptest.NewRequest("GET", "/wps/system/sealkey", nil))
		if !strings.Contains(rec.Body.String(), `"enforced":true`) || !strings.Contains(rec.Body.String(), Alg) {
			t.Fatalf("%s", rec.Body)
		}
	})
}

func TestRotation(t *testing.T) {
	const period, grace = time.Hour, 10 * time.Minute
	rg := newRig(t, period, grace)
	// t0 is on an hour boundary: start 5 minutes into a period.
	rg.clk.Advance(5 * time.Minute)
	old := rg.client(t)
	rg.clk.Advance(period - 5*time.Minute) // the next period has begun
	fresh := rg.client(t)
	if fresh.kid == old.kid {
		t.Fatal("key did not rotate")
	}
	send := func(c *Client) *httptest.ResponseRecorder {
		b, _, _ := c.Seal("POST", "/wps/session/login", []byte(`{}`), rg.clk.Now())
		return rg.do(sealedReq("POST", "/wps/session/login", b))
	}
	t.Run("PreviousKeyWithinGrace", func(t *testing.T) {
		rg.clk.Advance(grace - time.Second)
		if rec := send(old); rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	t.Run("PreviousKeyAfterGrace", func(t *testing.T) {
		rg.clk.Advance(2 * time.Second)
		if rec := send(old); rec.Code != 400 || code(t, rec) != "request.sealed_invalid" {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		if rec := send(fresh); rec.Code != 200 {
			t.Fatalf("current key: %d %s", rec.Code, rec.Body)
		}
	})
	t.Run("NextKeyJustBeforeTheSwitch", func(t *testing.T) {
		// Another instance whose clock is already in the next period handed out its key.
		ahead := NewKeyring(rg.keys.secrets, period, grace)
		pk, _ := ahead.PublicKey(context.Background(), rg.clk.Now().Add(period))
		c, _ := NewClient(pk, rg.clk.Now().Add(period))
		rg.clk.Advance(period - grace - 2*time.Minute) // 2 minutes before the switch
		b, _, _ := c.Seal("POST", "/wps/session/login", []byte(`{}`), rg.clk.Now())
		if rec := rg.do(sealedReq("POST", "/wps/session/login", b)); rec.Code != 200 {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
}

func TestClockOffset(t *testing.T) {
	rg := newRig(t, 0, 0)
	pk, _ := rg.keys.PublicKey(context.Background(), rg.clk.Now())
	local := rg.clk.Now().Add(-2 * time.Hour) // the browser's clock is two hours behind
	c, _ := NewClient(pk, local)
	b, _, _ := c.Seal("POST", "/wps/session/login", []byte(`{}`), local.Add(time.Second))
	if rec := rg.do(sealedReq("POST", "/wps/session/login", b)); rec.Code != 200 {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}

func TestMemoryReplayBounded(t *testing.T) {
	m := NewMemoryReplay(2)
	ctx := context.Background()
	for i := byte(0); i < 10; i++ {
		if ok, _ := m.Fresh(ctx, []byte{i}, t0, time.Minute); !ok {
			t.Fatalf("id %d seen", i)
		}
	}
	if len(m.cur)+len(m.prev) > 4 {
		t.Fatalf("cache grew to %d", len(m.cur)+len(m.prev))
	}
	if ok, _ := m.Fresh(ctx, []byte{9}, t0, time.Minute); ok {
		t.Fatal("recent id forgotten")
	}
	if ok, _ := m.Fresh(ctx, []byte{9}, t0.Add(3*time.Minute), time.Minute); !ok {
		t.Fatal("id kept past 2 ttl")
	}
}

// FuzzOpen: whatever the body, a sealed request is answered 400
// request.sealed_invalid (or 200 for a genuine one), never a 500 or a panic.
func FuzzOpen(f *testing.F) {
	rg := newRig(f, 0, 0)
	pk, _ := rg.keys.PublicKey(context.Background(), t0)
	c, _ := NewClient(pk, t0)
	good, _, _ := c.Seal("POST", "/wps/session/login", []byte(`{"a":1}`), t0)
	f.Add(good)
	f.Add([]byte(`{"v":1,"kid":"x","epk":"","iv":"","ts":0,"ct":""}`))
	f.Add([]byte(`{"v":1,"kid":"` + pk.Kid + `","epk":"` + pk.PublicKey + `","iv":"AAAAAAAAAAAAAAAA","ts":` +
		"1795316400" + `,"ct":"AAAAAAAAAAAAAAAAAAAAAA"}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`{"v":1e400}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		rec := httptest.NewRecorder()
		rg.mux.ServeHTTP(rec, sealedReq("POST", "/wps/session/login", body))
		if rec.Code != 200 && (rec.Code != 400 || !bytes.Contains(rec.Body.Bytes(), []byte(`"request.sealed_invalid"`))) {
			t.Fatalf("body %q: %d %s", body, rec.Code, rec.Body)
		}
	})
}

func TestOversizedBody(t *testing.T) {
	rg := newRig(t, 0, 0)
	r := sealedReq("POST", "/wps/session/login", nil)
	r.Body = io.NopCloser(io.LimitReader(zeros{}, maxSealed+10))
	if rec := rg.do(r); rec.Code != 400 || code(t, rec) != "request.sealed_invalid" {
		t.Fatalf("%d %s", rec.Code, rec.Body)
	}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

func TestNonceHeader(t *testing.T) {
	rg := newRig(t, 0, 0)
	rg.enforced = true
	c := rg.client(t)
	const path = "/wps/session/login/freeplay"
	req := func(nonce string) *http.Request {
		r := httptest.NewRequest("POST", path, strings.NewReader(`{"os":"web","platform":"W"}`))
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("X-Gateway-Version", "3")
		if nonce != "" {
			r.Header.Set(NonceHeader, nonce)
		}
		return r
	}
	t.Run("WithoutHeaderPasses", func(t *testing.T) {
		if rec := rg.do(req("")); rec.Code != 200 || rec.Header().Get("Content-Type") == ContentType {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
	})
	nonce, opener, err := c.SealNonce("POST", path, rg.clk.Now())
	if err != nil {
		t.Fatal(err)
	}
	t.Run("OK", func(t *testing.T) {
		rec := rg.do(req(nonce))
		if rec.Code != 200 || rec.Header().Get("Content-Type") != ContentType {
			t.Fatalf("%d %s", rec.Code, rec.Body)
		}
		plain, err := opener.Open(rec.Body.Bytes())
		if err != nil || !strings.Contains(string(plain), `"os":"web"`) {
			t.Fatalf("reply %s %v", plain, err)
		}
	})
	short, _, _ := c.Seal("POST", path, []byte("abc"), rg.clk.Now())
	other, _, _ := c.SealNonce("POST", "/wps/session/login", rg.clk.Now())
	for name, h := range map[string]string{"Replay": nonce, "NotBase64": "!!", "ShortNonce": b64.EncodeToString(short), "OtherPath": other} {
		t.Run(name, func(t *testing.T) {
			if rec := rg.do(req(h)); rec.Code != 400 || code(t, rec) != "request.sealed_invalid" {
				t.Fatalf("%d %s", rec.Code, rec.Body)
			}
		})
	}
}
