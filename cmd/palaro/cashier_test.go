package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoOnlineDeposit drives the wired binary in demo mode: the sandbox
// provider is mounted, the adapter reaches it (and it reaches the callback)
// over the server's own address, and a payment on the hosted page credits
// demo01. Without demo mode /sandbox/ does not exist.
func TestDemoOnlineDeposit(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		members := account.NewStore(m.DB)
		cfg := account.DefaultConfig
		cfg.BotCheck = false
		accounts := account.NewService(members, brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		login, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "192.0.2.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		base := "http://" + m.Addr()
		call := func(method, path string, body string, hdr map[string]string) map[string]any {
			t.Helper()
			req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+login.Token)
			req.Header.Set("Content-Type", "application/json")
			for k, v := range hdr {
				req.Header.Set(k, v)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var env struct {
				Code  string         `json:"code"`
				Value map[string]any `json:"value"`
			}
			_ = json.NewDecoder(res.Body).Decode(&env)
			if res.StatusCode != 200 {
				t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, env.Code)
			}
			return env.Value
		}
		methods := call("GET", "/wps/cashier/deposit/methods", "", nil)
		if b, _ := json.Marshal(methods); !strings.Contains(string(b), `"GCASH"`) || !strings.Contains(string(b), `"BDO_BANK"`) {
			t.Fatalf("methods %s", b)
		}
		dep := call("POST", "/wps/cashier/deposits", `{"method":"GCASH","amount":"123.45"}`, map[string]string{"Idempotency-Key": "wire-1"})
		payURL, _ := dep["payUrl"].(string)
		res, err := http.Get(base + payURL)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(res.Body)
		res.Body.Close()
		m1 := regexp.MustCompile(`name="token" value="([^"]+)"`).FindSubmatch(page)
		if m1 == nil || !strings.Contains(string(page), "Palaro") {
			t.Fatalf("page %d %s", res.StatusCode, page)
		}
		c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
		res, err = c.PostForm(base+payURL, url.Values{"token": {string(m1[1])}, "action": {"pay"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 303 {
			t.Fatalf("pay %d", res.StatusCode)
		}
		got := call("GET", "/wps/cashier/deposits/"+jsonNumber(dep["id"]), "", nil)
		if got["status"] != "CREDITED" {
			t.Fatalf("deposit %+v", got)
		}
		mem, _ := members.MemberByAccount(ctx, "demo01")
		a, err := ledger.NewStore(m.DB, nil).FindAccount(ctx, ledger.PlayerMain(mem.ID, "PHP"))
		if err != nil || a.Balance != 1_000_000+12345 {
			t.Fatalf("balance %+v %v", a, err)
		}
		if n := call("GET", "/wps/message/unread", "", nil); n["count"] != float64(1) {
			t.Fatalf("unread %+v", n)
		}
	})
	t.Run("NotMountedOutsideDemo", func(t *testing.T) {
		m := startMain(t, db.SQLite, false)
		if code, body := get(t, m, "/sandbox/pay/abc"); code == 200 || strings.Contains(body, "SANDBOX") {
			t.Fatalf("sandbox page outside demo: %d", code)
		}
	})
}

func jsonNumber(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
