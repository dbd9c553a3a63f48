package transfervendor

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/vendorwallet"
)

var secret = []byte("sandbox-test-secret")

type fixture struct {
	srv    *Server
	http   *httptest.Server
	client *vendorwallet.Client
}

func newFixture(t testing.TB, d *db.DB) *fixture {
	s := New(d, secret, []string{"JDB"}, clock.System{}, nil)
	mux := http.NewServeMux()
	s.Routes(mux)
	hs := httptest.NewServer(mux)
	t.Cleanup(hs.Close)
	base := BaseURL(hs.URL, "JDB")
	return &fixture{srv: s, http: hs, client: vendorwallet.NewClient(func() string { return base }, secret, &http.Client{Timeout: 5 * time.Second}, nil)}
}

func (f *fixture) post(t *testing.T, path, sig string, body []byte) *http.Response {
	t.Helper()
	req, _ := http.NewRequest("POST", f.http.URL+path, bytes.NewReader(body))
	if sig != "" {
		req.Header.Set(vendorwallet.SignatureHeader, sig)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	return res
}

var alice = vendorwallet.Player{ID: "m1", Currency: "PHP"}

// TestSignatureRequired: unsigned, wrongly signed and stale requests are
// refused with 401 and change nothing; answers are signed too.
func TestSignatureRequired(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		body := []byte(`{"txId":"tx-sig-0001","player":"m1","currency":"PHP","amount":500}`)
		path := Prefix + "/JDB/deposit"
		now := time.Now()
		for name, sig := range map[string]string{
			"Missing":     "",
			"WrongSecret": vendorwallet.Sign([]byte("other"), now, body),
			"Stale":       vendorwallet.Sign(secret, now.Add(-6*time.Minute), body),
			"Future":      vendorwallet.Sign(secret, now.Add(6*time.Minute), body),
			"Garbage":     "t=abc,v1=zz",
			"OtherBody":   vendorwallet.Sign(secret, now, []byte(`{"txId":"tx-sig-0001","player":"m1","currency":"PHP","amount":5}`)),
		} {
			if res := f.post(t, path, sig, body); res.StatusCode != 401 {
				t.Errorf("%s: %d", name, res.StatusCode)
			}
		}
		if bal, err := f.client.Balance(context.Background(), alice); err != nil || bal != 0 {
			t.Fatalf("refused requests moved money: %d %v", bal, err)
		}
		res := f.post(t, path, vendorwallet.Sign(secret, now, body), body)
		if res.StatusCode != 200 || res.Header.Get(vendorwallet.SignatureHeader) == "" {
			t.Fatalf("signed: %d", res.StatusCode)
		}
		// A client with the wrong secret cannot trust the answer: outcome unknown.
		wrong := vendorwallet.NewClient(f.client.BaseURL, []byte("other"), nil, nil)
		if _, err := wrong.Balance(context.Background(), alice); !errors.Is(err, vendorwallet.ErrUnknown) {
			t.Fatalf("wrong secret: %v", err)
		}
	})
}

// TestTransactions: idempotent on txId, never negative, closed ids stay closed.
func TestTransactions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		c := f.client
		r, err := c.Deposit(ctx, alice, 10_000, "tx-dep-0001")
		if err != nil || r.Status != vendorwallet.StatusSuccess || r.Balance != 10_000 {
			t.Fatalf("deposit %+v %v", r, err)
		}
		if r, err := c.Deposit(ctx, alice, 10_000, "tx-dep-0001"); err != nil || r.Status != vendorwallet.StatusSuccess || r.Balance != 10_000 {
			t.Fatalf("repeat %+v %v", r, err)
		}
		if r, _ := c.Deposit(ctx, alice, 9_000, "tx-dep-0001"); r.Status != vendorwallet.StatusFailed || r.Code != vendorwallet.CodeTxMismatch {
			t.Fatalf("same id other amount %+v", r)
		}
		if r, _ := c.Withdraw(ctx, alice, 10_001, "tx-wd-0001"); r.Status != vendorwallet.StatusFailed || r.Code != vendorwallet.CodeInsufficientFunds {
			t.Fatalf("overdraw %+v", r)
		}
		if r, _ := c.Withdraw(ctx, alice, 4_000, "tx-wd-0002"); r.Status != vendorwallet.StatusSuccess || r.Balance != 6_000 {
			t.Fatalf("withdraw %+v", r)
		}
		if r, _ := c.Status(ctx, "tx-wd-0002"); r.Status != vendorwallet.StatusSuccess || r.Amount != 4_000 {
			t.Fatalf("status %+v", r)
		}
		if r, _ := c.Status(ctx, "tx-wd-0001"); r.Status != vendorwallet.StatusFailed {
			t.Fatalf("status of refused %+v", r)
		}
		if r, _ := c.Status(ctx, "tx-never-001"); r.Status != vendorwallet.StatusNotFound {
			t.Fatalf("status of unknown %+v", r)
		}
		if r, _ := c.Deposit(ctx, alice, 100, "tx-never-001"); r.Status != vendorwallet.StatusFailed || r.Code != vendorwallet.CodeTxClosed {
			t.Fatalf("late request %+v", r)
		}
		if bal, _ := c.Balance(ctx, alice); bal != 6_000 {
			t.Fatalf("balance %d", bal)
		}
		// Parallel withdrawals never take the balance below zero.
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok := 0
		for i := 0; i < 10; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := c.Withdraw(ctx, alice, 1_000, "tx-par-000"+string(rune('a'+i)))
				mu.Lock()
				defer mu.Unlock()
				if err == nil && r.Status == vendorwallet.StatusSuccess {
					ok++
				}
			}()
		}
		wg.Wait()
		if bal, _ := c.Balance(ctx, alice); ok != 6 || bal != 0 {
			t.Fatalf("parallel: %d ok, balance %d", ok, bal)
		}
	})
}

// TestFaults: lost answers leave the outcome unknown to the caller; the
// status call tells what happened.
func TestFaults(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		ctx := context.Background()
		c := f.client
		f.srv.Inject(FaultLoseAnswer)
		if _, err := c.Deposit(ctx, alice, 700, "tx-lost-a01"); !errors.Is(err, vendorwallet.ErrUnknown) {
			t.Fatalf("lose answer: %v", err)
		}
		if r, _ := c.Status(ctx, "tx-lost-a01"); r.Status != vendorwallet.StatusSuccess {
			t.Fatalf("applied: %+v", r)
		}
		f.srv.Inject(FaultLoseRequest)
		if _, err := c.Deposit(ctx, alice, 800, "tx-lost-r01"); !errors.Is(err, vendorwallet.ErrUnknown) {
			t.Fatalf("lose request: %v", err)
		}
		if r, _ := c.Status(ctx, "tx-lost-r01"); r.Status != vendorwallet.StatusNotFound {
			t.Fatalf("not applied: %+v", r)
		}
		f.srv.Inject(FaultUnavailable, "balance")
		if _, err := c.Balance(ctx, alice); !errors.Is(err, vendorwallet.ErrUnknown) {
			t.Fatalf("unavailable: %v", err)
		}
		if f.srv.Pending() != 0 {
			t.Fatal("faults left over")
		}
		// Amount triggers of the demo.
		if _, err := c.Deposit(ctx, alice, 191, "tx-amt-0091"); !errors.Is(err, vendorwallet.ErrUnknown) {
			t.Fatalf(".91: %v", err)
		}
		if r, _ := c.Deposit(ctx, alice, 193, "tx-amt-0093"); r.Status != vendorwallet.StatusFailed || r.Code != "declined" {
			t.Fatalf(".93: %+v", r)
		}
		if bal, _ := c.Balance(ctx, alice); bal != 700+191 {
			t.Fatalf("balance %d", bal)
		}
	})
}

// TestBadRequests: shapes the protocol does not allow are refused.
func TestBadRequests(t *testing.T) {
	f := newFixture(t, dbtest.Open(t, db.SQLite))
	now := time.Now()
	for path, body := range map[string]string{
		Prefix + "/JDB/deposit":  `{"txId":"short","player":"m1","currency":"PHP","amount":1}`,
		Prefix + "/JDB/withdraw": `{"txId":"tx-bad-0001","player":"m1","currency":"PHP","amount":-1}`,
		Prefix + "/JDB/balance":  `{"player":"bad player"}`,
		Prefix + "/JDB/status":   `{"txId":"tx-bad-0001","extra":1}`,
		Prefix + "/JDB/deposit/": `{}`,
	} {
		res := f.post(t, path, vendorwallet.Sign(secret, now, []byte(body)), []byte(body))
		if res.StatusCode != 400 && res.StatusCode != 404 {
			t.Errorf("%s %s: %d", path, body, res.StatusCode)
		}
	}
	for path, want := range map[string]int{Prefix + "/NOPE/balance": 404, Prefix + "/JDB/refund": 404} {
		body := []byte(`{"player":"m1"}`)
		if res := f.post(t, path, vendorwallet.Sign(secret, now, body), body); res.StatusCode != want {
			t.Errorf("%s: %d", path, res.StatusCode)
		}
	}
}

// FuzzRequest: any signed body gets a 200 or a 4xx, never a 500.
func FuzzRequest(f *testing.F) {
	for _, seed := range []string{`{"txId":"tx-fuzz-001","player":"m1","currency":"PHP","amount":5}`, `{"player":"m1","currency":"PHP"}`,
		`{"txId":"tx-fuzz-001"}`, `{}`, `[]`, `null`, `{"amount":1e30}`} {
		f.Add("deposit", seed)
		f.Add("status", seed)
	}
	fx := newFixture(f, dbtest.Open(f, db.SQLite))
	f.Fuzz(func(t *testing.T, op, body string) {
		req, _ := http.NewRequest("POST", fx.http.URL+Prefix+"/JDB/"+op, bytes.NewReader([]byte(body)))
		if req == nil {
			return
		}
		req.Header.Set(vendorwallet.SignatureHeader, vendorwallet.Sign(secret, time.Now(), []byte(body)))
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			return // a dropped connection (an amount ending .91/.92)
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			t.Fatalf("%s %q: %d", op, body, res.StatusCode)
		}
	})
}
