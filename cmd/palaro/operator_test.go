package main

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func TestOperatorAdd(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		cfg := config.Config{DatabaseURL: url, LogLevel: slog.LevelError}
		login := func(user, password string) (operator.LoginResult, error) {
			store, err := db.Open(ctx, url)
			if err != nil {
				t.Fatal(err)
			}
			defer store.Close()
			svc := operator.NewService(operator.NewStore(store), clock.System{}, operator.DefaultConfig, nil)
			defer svc.Close()
			return svc.Login(ctx, operator.LoginRequest{Username: user, Password: password}, operator.Client{IP: "127.0.0.1"})
		}

		t.Run("FromStdin", func(t *testing.T) {
			var out bytes.Buffer
			err := operatorCommand(ctx, cfg, []string{"add", "--username", "boss01", "--role", "finance"}, strings.NewReader("Strong-Pass-2026\n"), &out)
			if err != nil || !strings.Contains(out.String(), "username=boss01 role=FINANCE") {
				t.Fatalf("err %v out %q", err, out.String())
			}
			res, err := login("boss01", "Strong-Pass-2026") // FINANCE: the first login enrols a second factor
			if err != nil || res.Enrolment == nil || res.Token != "" {
				t.Fatalf("login: %+v %v", res, err)
			}
		})
		t.Run("FromEnv", func(t *testing.T) {
			t.Setenv("PALARO_OPERATOR_PASSWORD", "Other-Strong-Pass-9")
			code, out := runPalaro(t, url, "operator", "add", "--username", "cash02", "--role", "CASHIER")
			if code != 0 || !strings.Contains(out, "operator created") {
				t.Fatalf("exit %d %q", code, out)
			}
			if res, err := login("cash02", "Other-Strong-Pass-9"); err != nil || res.Operator == nil || res.Operator.Role != operator.RoleCashier {
				t.Fatalf("login: %+v %v", res, err)
			}
			if code, out := runPalaro(t, url, "operator", "add", "--username", "CASH02", "--role", "VIEWER"); code != 1 || !strings.Contains(out, "operator.username_taken") {
				t.Fatalf("duplicate: exit %d %q", code, out)
			}
			if code, out := runPalaro(t, url, "operator", "add", "--username", "root01", "--role", "ROOT"); code != 1 || !strings.Contains(out, "operator.invalid_role") {
				t.Fatalf("bad role: exit %d %q", code, out)
			}
		})
		t.Run("ErrNoPassword", func(t *testing.T) {
			t.Setenv("PALARO_OPERATOR_PASSWORD", "")
			if code, out := runPalaro(t, url, "operator", "add", "--username", "nopass", "--role", "ADMIN"); code != 1 || !strings.Contains(out, "no password") {
				t.Fatalf("exit %d %q", code, out)
			}
			var out bytes.Buffer
			if err := operatorCommand(ctx, cfg, []string{"add", "--username", "weak01", "--role", "ADMIN"}, strings.NewReader("12345678\n"), &out); err == nil || !strings.Contains(err.Error(), "operator.weak_password") {
				t.Fatalf("weak password: %v", err)
			}
		})
		t.Run("ErrUsage", func(t *testing.T) {
			for _, args := range [][]string{{"operator"}, {"operator", "add"}, {"operator", "add", "--username", "x1"}, {"operator", "remove"}} {
				if code, out := runPalaro(t, url, args...); code != 1 || !strings.Contains(out, "usage: palaro operator add") {
					t.Fatalf("%v: exit %d %q", args, code, out)
				}
			}
		})
	})
}

func TestMemberAdd(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		url := dbtest.URL(t, d)
		if code, out := runPalaro(t, url, "seed"); code != 0 { // the demo brand and its rules
			t.Fatalf("seed: exit %d %q", code, out)
		}
		t.Setenv("PALARO_MEMBER_PASSWORD", "BenchPass2026")
		code, out := runPalaro(t, url, "member", "add", "--username", "bench001")
		if code != 0 || !strings.Contains(out, "member created: id=") || !strings.Contains(out, "username=bench001") {
			t.Fatalf("exit %d %q", code, out)
		}
		if code, out := runPalaro(t, url, "member", "add", "--username", "bench001"); code != 1 || !strings.Contains(out, "account.username_taken") {
			t.Fatalf("duplicate: exit %d %q", code, out)
		}
		t.Setenv("PALARO_MEMBER_PASSWORD", "bad pass with spaces!") // the demo brand: letters and digits only
		if code, out := runPalaro(t, url, "member", "add", "--username", "bench002"); code != 1 || !strings.Contains(out, "account.password_rule") {
			t.Fatalf("brand rule: exit %d %q", code, out)
		}
		store, err := db.Open(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		m, err := account.NewStore(store).MemberByAccount(ctx, "bench001")
		if err != nil || m.Type != account.TypeMember || m.Status != account.StatusActive {
			t.Fatalf("member: %+v %v", m, err)
		}
		if ok, _, err := account.VerifyPassword("BenchPass2026", m.PasswordHash, account.DefaultArgon2); !ok || err != nil {
			t.Fatalf("password not stored: %v", err)
		}
	})
}

func TestSeedDemoOperators(t *testing.T) {
	ctx := context.Background()
	store := dbtest.Open(t, db.SQLite)
	if _, err := seedDemo(ctx, store, true); err != nil {
		t.Fatal(err)
	}
	ops := operator.NewStore(store)
	for _, want := range operator.DemoOperators {
		o, err := ops.OperatorByUsername(ctx, want.Username)
		if err != nil || o.Role != want.Role {
			t.Fatalf("%s: %+v %v", want.Username, o, err)
		}
		if ok, _, _ := account.VerifyPassword(account.DemoPassword, o.PasswordHash, account.DefaultArgon2); !ok {
			t.Fatalf("%s: not the demo password", want.Username)
		}
		if o.TOTPEnrolled() != want.Role.TOTPAlways() {
			t.Fatalf("%s: demo second factor %v", want.Username, o.TOTPEnrolled())
		}
	}
	if len(operator.DemoOperators) != len(operator.Roles) {
		t.Fatalf("%d demo operators for %d roles", len(operator.DemoOperators), len(operator.Roles))
	}
	if _, err := seedDemo(ctx, store, true); err != nil { // twice is fine
		t.Fatal(err)
	}
	// `palaro seed` outside demo mode: no known secret, the first login enrols one.
	plain := dbtest.Open(t, db.SQLite)
	if _, err := seedDemo(ctx, plain, false); err != nil {
		t.Fatal(err)
	}
	if o, err := operator.NewStore(plain).OperatorByUsername(ctx, "ops01"); err != nil || o.TOTPEnrolled() {
		t.Fatalf("ops01 outside demo mode: %+v %v", o.TOTPEnrolled(), err)
	}
}

// TestOperatorAPIServe: the wired server answers the operator API with the
// demo operators, and unknown /ops/ paths with a JSON 404.
func TestOperatorAPIServe(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		base := "http://" + m.Addr()
		do := func(method, path, token, key, body string) (int, map[string]any) {
			req, _ := http.NewRequest(method, base+path, strings.NewReader(body))
			if token != "" {
				req.Header.Set("Authorization", "Bearer "+token)
			}
			if key != "" {
				req.Header.Set("Idempotency-Key", key)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			var env map[string]any
			if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
				t.Fatalf("%s %s: not JSON: %v", method, path, err)
			}
			return res.StatusCode, env
		}
		code, env := do("POST", "/ops/v1/login", "", "", `{"username":"finance01","password":"`+account.DemoPassword+`"}`)
		if code != 401 || env["code"] != "ops.otp_required" {
			t.Fatalf("login without a code: %d %v", code, env)
		}
		// The demo's code, as `palaro operator otp finance01` prints it.
		cfg := config.Config{DatabaseURL: m.Config.DatabaseURL, Demo: true}
		var otp bytes.Buffer
		if err := operatorCommand(context.Background(), cfg, []string{"otp", "finance01"}, nil, &otp); err != nil {
			t.Fatal(err)
		}
		code, env = do("POST", "/ops/v1/login", "", "", `{"username":"finance01","password":"`+account.DemoPassword+`","otp":"`+strings.TrimSpace(otp.String())+`"}`)
		if code != 200 {
			t.Fatalf("login: %d %v", code, env)
		}
		tok := env["value"].(map[string]any)["token"].(string)
		demo, err := account.NewStore(m.DB).MemberByAccount(context.Background(), "demo01")
		if err != nil {
			t.Fatal(err)
		}
		body := `{"memberId":` + strconv.FormatInt(demo.ID, 10) + `,"direction":"DEBIT","amount":"0.50","reason":"serve test"}`
		code, env = do("POST", "/ops/v1/adjustments", tok, "serve-1", body)
		if v, _ := env["value"].(map[string]any); code != 200 || v["balance"] != float64(1_000_000-50) {
			t.Fatalf("adjust: %d %v", code, env)
		}
		if code, env := do("POST", "/ops/v1/operators", tok, "", "{}"); code != 403 || env["code"] != "operator.forbidden" {
			t.Fatalf("finance manages operators: %d %v", code, env)
		}
		cfg.Demo = false
		if err := operatorCommand(context.Background(), cfg, []string{"otp", "finance01"}, nil, &otp); err == nil || !strings.Contains(err.Error(), "demo mode only") {
			t.Fatalf("otp outside demo mode: %v", err)
		}
		cfg.Demo = true
		if err := operatorCommand(context.Background(), cfg, []string{"otp", "cashier01"}, nil, &otp); err == nil || !strings.Contains(err.Error(), "operator.totp_not_enrolled") {
			t.Fatalf("otp of an operator without one: %v", err)
		}
		if code, env := do("GET", "/ops/nowhere", "", "", ""); code != 404 || env["code"] != "request.not_found" {
			t.Fatalf("unknown ops path: %d %v", code, env)
		}
	})
}
