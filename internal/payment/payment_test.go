package payment

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestSignVerify(t *testing.T) {
	secret := []byte("s3cret")
	now := time.Unix(1_800_000_000, 0)
	body := []byte(`{"a":1}`)
	h := Sign(secret, body, now)
	if !regexp.MustCompile(`^t=1800000000,v1=[0-9a-f]{64}$`).MatchString(h) {
		t.Fatalf("header %q", h)
	}
	cases := []struct {
		name   string
		header string
		body   []byte
		now    time.Time
		reason string
	}{
		{"OK", h, body, now, ""},
		{"OKWithinTolerance", h, body, now.Add(4*time.Minute + 59*time.Second), ""},
		{"Stale", h, body, now.Add(5*time.Minute + time.Second), "stale"},
		{"FromTheFuture", h, body, now.Add(-6 * time.Minute), "stale"},
		{"OtherBody", h, []byte(`{"a":2}`), now, "mismatch"},
		{"OtherSecret", Sign([]byte("other"), body, now), body, now, "mismatch"},
		{"TimestampSwapped", strings.Replace(h, "t=1800000000", "t=1800000100", 1), body, now, "mismatch"},
		{"Empty", "", body, now, "malformed"},
		{"NoSignature", "t=1800000000", body, now, "malformed"},
		{"NoTimestamp", "v1=" + strings.Repeat("0", 64), body, now, "malformed"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Verify(secret, c.header, c.body, c.now)
			if c.reason == "" {
				if err != nil {
					t.Fatal(err)
				}
				return
			}
			e := apperr.As(err)
			if e.Code != "payment.bad_signature" || e.Kind != apperr.KindUnauthorized || e.Params["reason"] != c.reason {
				t.Fatalf("got %v %v", e.Code, e.Params)
			}
		})
	}
	if err := Verify(nil, h, body, now); err == nil {
		t.Fatal("an empty secret verified")
	}
}

// sandboxSite is the sandbox server on a real HTTP server with the adapter
// pointed at it, and a merchant callback receiver that can be told to fail.
type sandboxSite struct {
	srv      *httptest.Server
	server   *SandboxServer
	adapter  *Sandbox
	clk      *clock.Fixed
	mu       sync.Mutex
	failNext int
	received []Callback
}

func newSandboxSite(t *testing.T, d *db.DB) *sandboxSite {
	clk := clock.NewFixed(time.Now())
	s := &sandboxSite{clk: clk}
	s.server = NewSandboxServer(d, "sb-secret", clk, nil)
	s.server.Backoff = []time.Duration{10 * time.Millisecond, 20 * time.Millisecond, 40 * time.Millisecond}
	t.Cleanup(s.server.Close)
	mux := http.NewServeMux()
	s.server.Routes(mux)
	var srvURL string
	s.adapter = NewSandbox("sb-secret", func() string { return srvURL }, clk)
	mux.HandleFunc("POST /merchant/callback", func(w http.ResponseWriter, r *http.Request) {
		cb, err := s.adapter.ParseCallback(r)
		s.mu.Lock()
		defer s.mu.Unlock()
		if err != nil {
			w.WriteHeader(401)
			return
		}
		if s.failNext > 0 {
			s.failNext--
			w.WriteHeader(503)
			return
		}
		s.received = append(s.received, cb)
		w.WriteHeader(200)
	})
	s.srv = httptest.NewServer(mux)
	t.Cleanup(s.srv.Close)
	srvURL = s.srv.URL
	return s
}

func (s *sandboxSite) got() []Callback {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Callback(nil), s.received...)
}

var tokenRE = regexp.MustCompile(`name="token" value="([^"]+)"`)

func TestSandboxPaymentWebhookRetries(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSandboxSite(t, d)
		ctx := context.Background()
		req := PaymentRequest{OrderNo: "D1", Amount: 12345, Currency: "PHP", Decimals: 2, ReturnURL: "/member/depositv2?order=D1",
			NotifyURL: s.srv.URL + "/merchant/callback"}
		sess, err := s.adapter.CreatePayment(ctx, req)
		if err != nil || !strings.HasPrefix(sess.PayURL, "/sandbox/pay/") || sess.ProviderRef == "" {
			t.Fatalf("%+v %v", sess, err)
		}
		again, err := s.adapter.CreatePayment(ctx, req)
		if err != nil || again != sess {
			t.Fatalf("repeat: %+v %v", again, err)
		}
		req.Amount = 1
		if _, err := s.adapter.CreatePayment(ctx, req); apperr.As(err).Code != "payment.unavailable" {
			t.Fatalf("same order other amount: %v", err)
		}
		res, err := http.Get(s.srv.URL + sess.PayURL)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.Header.Get("X-Frame-Options") != "DENY" || !strings.Contains(string(page), "123.45 PHP") || !strings.Contains(string(page), "PANSUBOK") {
			t.Fatalf("page %d %s", res.StatusCode, page)
		}
		tok := tokenRE.FindStringSubmatch(string(page))[1]
		s.mu.Lock()
		s.failNext = 2 // the first delivery and the first retry are refused
		s.mu.Unlock()
		c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err = c.PostForm(s.srv.URL+sess.PayURL, url.Values{"token": {tok}, "action": {"pay"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 303 || res.Header.Get("Location") != "/member/depositv2?order=D1" {
			t.Fatalf("submit %d %q", res.StatusCode, res.Header.Get("Location"))
		}
		for i := 0; i < 200 && len(s.got()) == 0; i++ {
			time.Sleep(10 * time.Millisecond)
		}
		got := s.got()
		if len(got) != 1 || got[0].Status != StatusPaid || got[0].Amount != 12345 || got[0].OrderNo != "D1" || got[0].EventID != "evt_"+sess.ProviderRef {
			t.Fatalf("delivered %+v", got)
		}
		time.Sleep(100 * time.Millisecond) // no delivery after the accepted one
		if n := len(s.got()); n != 1 {
			t.Fatalf("%d deliveries", n)
		}
	})
}

func TestSandboxPayouts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSandboxSite(t, d)
		ctx := context.Background()
		acct := PayoutAccount{Type: "BANK", BankCode: "BDO", AccountName: "Juan Dela Cruz", AccountNumber: "123456"}
		ok, err := s.adapter.CreatePayout(ctx, PayoutRequest{OrderNo: "W1", Amount: 10000, Currency: "PHP", Decimals: 2, Account: acct})
		if err != nil || ok.Status != StatusPaid || ok.ProviderRef == "" {
			t.Fatalf("%+v %v", ok, err)
		}
		bad, err := s.adapter.CreatePayout(ctx, PayoutRequest{OrderNo: "W2", Amount: 10013, Currency: "PHP", Decimals: 2, Account: acct})
		if err != nil || bad.Status != StatusFailed {
			t.Fatalf("100.13: %+v %v", bad, err)
		}
		again, err := s.adapter.CreatePayout(ctx, PayoutRequest{OrderNo: "W1", Amount: 10000, Currency: "PHP", Decimals: 2, Account: acct})
		if err != nil || again != ok {
			t.Fatalf("repeat: %+v %v", again, err)
		}
		st, err := s.adapter.PayoutStatus(ctx, "W2")
		if err != nil || st != bad {
			t.Fatalf("status %+v %v", st, err)
		}
		if _, err := s.adapter.PayoutStatus(ctx, "NOPE"); apperr.As(err).Code != "payment.unknown_payout" {
			t.Fatalf("unknown: %v", err)
		}
		// The merchant API refuses unsigned and wrongly signed calls.
		for _, sig := range []string{"", Sign([]byte("wrong"), apiMessage("GET", "/sandbox/api/payouts/W1", nil), s.clk.Now())} {
			req, _ := http.NewRequest("GET", s.srv.URL+"/sandbox/api/payouts/W1", nil)
			if sig != "" {
				req.Header.Set(SignatureHeader, sig)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var rep apiReply
			_ = json.NewDecoder(res.Body).Decode(&rep)
			res.Body.Close()
			if res.StatusCode != 401 || rep.OK {
				t.Fatalf("signature %q: %d", sig, res.StatusCode)
			}
		}
	})
}

func TestFormatMinor(t *testing.T) {
	for v, want := range map[int64]string{0: "0.00", 5: "0.05", 12345: "123.45", 123456789: "1,234,567.89", 100000: "1,000.00"} {
		if got := formatMinor(v, 2); got != want {
			t.Errorf("%d: %q want %q", v, got, want)
		}
	}
	if got := formatMinor(1234567, 0); got != "1,234,567" {
		t.Errorf("0 decimals: %q", got)
	}
}

// FuzzDecodeWebhook: any body decodes or is payment.bad_callback, never a
// panic; what decodes encodes back to the same event.
func FuzzDecodeWebhook(f *testing.F) {
	f.Add(EncodeWebhook(Callback{EventID: "evt_1", OrderNo: "D1", ProviderRef: "r", Status: StatusPaid, Amount: 100, Currency: "PHP", At: time.UnixMilli(5)}))
	f.Add([]byte(`{"eventId":"e","type":"payment","orderNo":"o","ref":"r","status":"FAILED","amount":1,"currency":"PHP","at":0}`))
	f.Add([]byte(`{"amount":-1}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"eventId":"` + strings.Repeat("x", 200) + `"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		cb, err := DecodeWebhook(body)
		if err != nil {
			if apperr.As(err).Code != "payment.bad_callback" {
				t.Fatalf("error %v", err)
			}
			return
		}
		back, err := DecodeWebhook(EncodeWebhook(cb))
		if err != nil || back != cb {
			t.Fatalf("round trip %+v -> %+v %v", cb, back, err)
		}
	})
}

// FuzzVerify: no header verifies without the secret's signature, and none panics.
func FuzzVerify(f *testing.F) {
	now := time.Unix(1_800_000_000, 0)
	f.Add("t=1800000000,v1=00", []byte("{}"))
	f.Add(Sign([]byte("k"), []byte("{}"), now), []byte("{}"))
	f.Add(",,,=,t=,v1=", []byte(""))
	f.Fuzz(func(t *testing.T, header string, body []byte) {
		if Verify([]byte("k"), header, body, now) != nil {
			return
		}
		var ts string
		for _, part := range strings.Split(header, ",") {
			if v, ok := strings.CutPrefix(strings.TrimSpace(part), "t="); ok {
				ts = v
			}
		}
		if !strings.Contains(header, "v1="+mac([]byte("k"), ts, body)) {
			t.Fatalf("verified %q without the right HMAC", header)
		}
	})
}
