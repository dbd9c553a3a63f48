package main

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoTransferWallet: in demo mode the sandbox transfer vendor is
// mounted and the wallet reaches it over real HTTP on the server's own
// address: money goes to JDB and back, and the account record lists it.
func TestDemoTransferWallet(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		cfg := account.DefaultConfig
		cfg.BotCheck = false // a session made beside the server, not through its login form
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		res, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "127.0.0.1", UserAgent: "test"})
		if err != nil {
			t.Fatal(err)
		}
		call := func(method, path, key, body string) (int, map[string]any, string) {
			t.Helper()
			req, _ := http.NewRequest(method, "http://"+m.Addr()+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+res.Token)
			if key != "" {
				req.Header.Set("Idempotency-Key", key)
			}
			r, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			b, _ := io.ReadAll(r.Body)
			var env struct {
				Value map[string]any `json:"value"`
			}
			_ = json.Unmarshal(b, &env)
			return r.StatusCode, env.Value, string(b)
		}
		if code, v, body := call("POST", "/wps/v2/wallets/transfer", "demo-in-1", `{"from":"MAIN","to":"JDB","amount":"250.00"}`); code != 200 || v["status"] != "SUCCESS" {
			t.Fatalf("in: %d %s", code, body)
		}
		if code, v, body := call("GET", "/wps/v2/wallets", "", ""); code != 200 || len(v["vendors"].([]any)) != 2 || v["total"] != float64(1_000_000) {
			t.Fatalf("wallets: %d %s", code, body)
		}
		if code, v, body := call("POST", "/wps/v2/wallets/transfer/all-back", "demo-back-1", ""); code != 200 || len(v["transfers"].([]any)) != 1 {
			t.Fatalf("all-back: %d %s", code, body)
		}
		if code, v, body := call("GET", "/wps/v2/wallets/transactions?type=transfer", "", ""); code != 200 || v["total"] != float64(2) {
			t.Fatalf("record: %d %s", code, body)
		}
		if code, _, body := call("GET", "/wps/v2/wallets/transactions.csv", "", ""); code != 200 || !strings.HasPrefix(body, "\ufeff") {
			t.Fatalf("csv: %d %s", code, body)
		}
		rep, err := ledger.NewStore(m.DB, nil).Verify(ctx)
		if err != nil || !rep.OK() {
			t.Fatalf("verify %+v %v", rep, err)
		}
	})
}

// TestExcludedWithMoneyAtVendor: a self-excluded player whose whole balance
// sits at a transfer-wallet vendor still gets the withdrawal-only session,
// brings the money back and can withdraw it; with nothing anywhere, login
// is refused.
func TestExcludedWithMoneyAtVendor(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		cfg := account.DefaultConfig
		cfg.BotCheck = false
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}), account.NewMemoryLimiter(clock.System{}), clock.System{}, cfg)
		accounts.UseGate(m.rg)
		login := func() (string, bool, error) {
			res, err := accounts.Login(ctx, account.LoginRequest{Username: "demo01", Password: account.DemoPassword}, account.Client{IP: "127.0.0.1", UserAgent: "test"})
			return res.Token, res.UserInfo.RGRestricted, err
		}
		token, _, err := login()
		if err != nil {
			t.Fatal(err)
		}
		call := func(method, path, key, body string) (int, map[string]any, string) {
			t.Helper()
			req, _ := http.NewRequest(method, "http://"+m.Addr()+path, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+token)
			req.Header.Set("Content-Type", "application/json")
			if key != "" {
				req.Header.Set("Idempotency-Key", key)
			}
			r, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer r.Body.Close()
			b, _ := io.ReadAll(r.Body)
			var env struct {
				Value map[string]any `json:"value"`
			}
			_ = json.Unmarshal(b, &env)
			return r.StatusCode, env.Value, string(b)
		}
		if code, v, body := call("POST", "/wps/v2/wallets/transfer", "excl-in-1", `{"from":"MAIN","to":"JDB","amount":"10000.00"}`); code != 200 || v["status"] != "SUCCESS" {
			t.Fatalf("in: %d %s", code, body)
		}
		if code, _, body := call("POST", "/wps/rg/exclusion", "", `{"period":"6M"}`); code != 200 {
			t.Fatalf("exclusion: %d %s", code, body)
		}
		token, restricted, err := login()
		if err != nil || !restricted {
			t.Fatalf("login with money only at a vendor: restricted=%v err=%v", restricted, err)
		}
		if code, v, body := call("POST", "/wps/v2/wallets/transfer/all-back", "excl-back-1", ""); code != 200 || len(v["transfers"].([]any)) != 1 {
			t.Fatalf("all-back: %d %s", code, body)
		}
		if code, _, body := call("GET", "/wps/cashier/withdraw/info", "", ""); code != 200 {
			t.Fatalf("withdraw info: %d %s", code, body)
		}
		if code, _, body := call("POST", "/wps/v2/wallets/transfer", "excl-in-2", `{"from":"MAIN","to":"JDB","amount":"1.00"}`); code != 403 || !strings.Contains(body, "rg.self_excluded") {
			t.Fatalf("money back into a vendor while excluded: %d %s", code, body)
		}
	})
}
