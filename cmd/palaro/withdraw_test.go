package main

import (
	"bytes"
	"context"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoWithdrawal drives the wired binary in demo mode: demo01 sets a
// payment password, binds an e-wallet, withdraws; cashier01 approves and the
// sandbox provider pays out over the server's own address; demo01 confirms.
func TestDemoWithdrawal(t *testing.T) {
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
		call := func(method, path, token, ct string, body []byte, hdr map[string]string) map[string]any {
			t.Helper()
			req, _ := http.NewRequest(method, base+path, bytes.NewReader(body))
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			req.Header.Set("Content-Type", ct)
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
		player := func(method, path, body string, hdr map[string]string) map[string]any {
			t.Helper()
			return call(method, path, login.Token, "application/json", []byte(body), hdr)
		}
		player("PUT", "/wps/member/payment-password", `{"password":"`+account.DemoPassword+`","newPaymentPassword":"246810","confirmPaymentPassword":"246810"}`, nil)
		acct := player("POST", "/wps/member/payout-accounts", `{"type":"EWALLET","bankCode":"GCASH","accountName":"Demo Player","accountNumber":"09171234567","paymentPassword":"246810"}`, nil)
		info := player("GET", "/wps/cashier/withdraw/info", "", nil)
		if info["balance"] != float64(1_000_000) || info["hasPaymentPassword"] != true {
			t.Fatalf("info %+v", info)
		}
		w := player("POST", "/wps/cashier/withdrawals", `{"payoutAccountId":`+jsonNumber(acct["id"])+`,"amount":"250.00","paymentPassword":"246810"}`,
			map[string]string{"Idempotency-Key": "wire-w1"})
		if w["status"] != "PENDING_REVIEW" {
			t.Fatalf("withdrawal %+v", w)
		}
		ops := call("POST", "/ops/v1/login", "", "application/json", []byte(`{"username":"cashier01","password":"`+account.DemoPassword+`"}`), nil)
		approved := call("POST", "/ops/v1/cashier/withdrawals/"+jsonNumber(w["id"])+"/approve", ops["token"].(string), "application/json", nil, nil)
		if approved["status"] != "PAID" || approved["provider"] != "sandbox" {
			t.Fatalf("approved %+v", approved)
		}
		var form bytes.Buffer
		mw := multipart.NewWriter(&form)
		_ = mw.WriteField("result", "RECEIVED")
		_ = mw.Close()
		done := call("POST", "/wps/cashier/withdrawals/"+jsonNumber(w["id"])+"/confirm", login.Token, mw.FormDataContentType(), form.Bytes(), nil)
		if done["status"] != "RECEIVED" {
			t.Fatalf("confirmed %+v", done)
		}
		mem, _ := members.MemberByAccount(ctx, "demo01")
		if a, err := ledger.NewStore(m.DB, nil).FindAccount(ctx, ledger.PlayerMain(mem.ID, "PHP")); err != nil || a.Balance != 1_000_000-25_000 {
			t.Fatalf("balance %+v %v", a, err)
		}
		msgs := player("GET", "/wps/message/list?page=1&pageSize=10", "", nil)
		if b, _ := json.Marshal(msgs); !strings.Contains(string(b), "withdrawal_paid") || !strings.Contains(string(b), "withdrawal_approved") {
			t.Fatalf("messages %s", b)
		}
	})
}
