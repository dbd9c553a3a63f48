package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/httpx"
)

// TestResponsibleGamingWiring: the player and operator routes are served;
// a time-out ends every session of the player and refuses the next login;
// a self-excluded player with a balance gets a withdrawal-only session.
func TestResponsibleGamingWiring(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		cfg := config.Config{Addr: "127.0.0.1:0", MetricsAddr: "127.0.0.1:0", DatabaseURL: dbtest.URL(t, d), Demo: true,
			LogLevel: slog.LevelError, CountryHeader: "CF-IPCountry", ShutdownGrace: 5 * time.Second, BotCheckOff: true}
		m := NewMain(cfg, slog.New(slog.NewJSONHandler(io.Discard, nil)))
		if err := m.Run(context.Background()); err != nil {
			m.Close()
			t.Fatalf("run: %v", err)
		}
		t.Cleanup(func() { m.Close() })
		type env struct {
			Code  string          `json:"code"`
			Value json.RawMessage `json:"value"`
		}
		call := func(method, path, token, body string) (int, env) {
			t.Helper()
			req, _ := http.NewRequest(method, "http://"+m.Addr()+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var e env
			_ = json.NewDecoder(res.Body).Decode(&e)
			return res.StatusCode, e
		}
		// The login route takes sealed payloads only (demo brand): log in
		// through the account service, with the server's gate.
		acfg := account.DefaultConfig
		acfg.BotCheck = false
		accounts := account.NewService(account.NewStore(m.DB), brand.NewService(brand.NewStore(m.DB), clock.System{}),
			account.NewMemoryLimiter(clock.System{}), clock.System{}, acfg)
		accounts.UseGate(m.rg)
		login := func(user string) (int, string, map[string]any) {
			t.Helper()
			res, err := accounts.Login(context.Background(), account.LoginRequest{Username: user, Password: account.DemoPassword},
				account.Client{IP: "192.0.2.1", UserAgent: "test"})
			if err != nil {
				e := apperr.As(err)
				return httpx.StatusOf(e), e.Code, nil
			}
			raw, _ := json.Marshal(res.UserInfo)
			var info map[string]any
			_ = json.Unmarshal(raw, &info)
			return 200, res.Token, info
		}
		code0, a, info := login("demo01")
		if code0 != 200 {
			t.Fatalf("login: %d %s", code0, a)
		}
		_, b, _ := login("demo01")
		memberID := strconv.FormatInt(int64(info["id"].(float64)), 10)

		if code, e := call("GET", "/wps/rg/settings", a, ""); code != 200 || !strings.Contains(string(e.Value), `"type":"SESSION"`) {
			t.Fatalf("settings %d %+v", code, e)
		}
		if code, e := call("PUT", "/wps/rg/reality-check", a, `{"minutes":30}`); code != 200 {
			t.Fatalf("reality check %d %+v", code, e)
		}
		_, opEnv := call("POST", "/ops/v1/login", "", `{"username":"cashier01","password":"`+account.DemoPassword+`"}`)
		var op struct {
			Token string `json:"token"`
		}
		_ = json.Unmarshal(opEnv.Value, &op)
		if code, e := call("GET", "/ops/v1/members/"+memberID+"/rg", op.Token, ""); code != 200 || !strings.Contains(string(e.Value), `"change":"REALITY_CHECK_SET"`) {
			t.Fatalf("operator read %d %+v", code, e)
		}
		if code, e := call("GET", "/ops/v1/members/"+memberID+"/rg", a, ""); code != 401 {
			t.Fatalf("a player token on the operator route: %d %+v", code, e)
		}

		if code, e := call("POST", "/wps/rg/timeout", a, `{"period":"24H"}`); code != 200 || !strings.Contains(string(e.Value), `"kind":"TIMEOUT"`) {
			t.Fatalf("timeout %d %+v", code, e)
		}
		for _, tok := range []string{a, b} {
			if code, e := call("GET", "/wps/member/info", tok, ""); code != 403 || e.Code != "rg.timeout" {
				t.Fatalf("a session after the time-out: %d %+v", code, e)
			}
		}
		if code, c, _ := login("demo01"); code != 403 || c != "rg.timeout" {
			t.Fatalf("login after the time-out: %d %s", code, c)
		}

		// agent01 has a balance: self-excluded, it may only withdraw it.
		_, g, _ := login("agent01")
		if code, e := call("POST", "/wps/rg/exclusion", g, `{"period":"6M"}`); code != 200 {
			t.Fatalf("exclusion %d %+v", code, e)
		}
		if code, e := call("GET", "/wps/v2/wallets/balance", g, ""); code != 401 {
			t.Fatalf("the excluding session must end: %d %+v", code, e)
		}
		code, g, info := login("agent01")
		if code != 200 || info["rgRestricted"] != true {
			t.Fatalf("withdrawal-only login: %d %v", code, info)
		}
		if code, e := call("GET", "/wps/rg/settings", g, ""); code != 200 || !strings.Contains(string(e.Value), `"restricted":true`) {
			t.Fatalf("settings %d %+v", code, e)
		}
		if code, e := call("GET", "/wps/cashier/withdraw/info", g, ""); code != 200 {
			t.Fatalf("withdraw info %d %+v", code, e)
		}
		// Every route of the withdrawal-only list exists and lets the session through.
		for pattern := range account.RestrictedRoutes {
			method, path, _ := strings.Cut(pattern, " ")
			if path == "/wps/session/logout" {
				continue
			}
			code, e := call(method, strings.ReplaceAll(path, "{id}", "1"), g, "{}")
			if e.Code == "rg.self_excluded" || e.Code == "request.not_found" || code == 405 {
				t.Errorf("%s: %d %s", pattern, code, e.Code)
			}
		}
		if code, e := call("POST", "/wps/cashier/deposits", g, `{"method":"GCASH","amount":"100"}`); code != 403 || e.Code != "rg.self_excluded" {
			t.Fatalf("deposit while excluded: %d %+v", code, e)
		}
		if code, e := call("PUT", "/wps/rg/limits", g, `{"type":"LOSS","period":"DAY","amount":5}`); code != 403 || e.Code != "rg.self_excluded" {
			t.Fatalf("rg change while excluded: %d %+v", code, e)
		}
		var facts int
		if err := m.DB.QueryRowContext(context.Background(), `SELECT COUNT(*) FROM activity_event WHERE kind = 'rg.changed'`).Scan(&facts); err != nil || facts != 3 {
			t.Fatalf("%d rg.changed facts (%v), want 3", facts, err)
		}
	})
}
