package main

import (
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/referral"
)

// TestReferralWired drives the wired server: demo01's refer-and-earn page
// gives its code and link; registering with a code that is nobody's refers
// nobody, with demo01's code the friend is listed as registered; the
// console's rule editor refuses a bad rule and switches the program off,
// after which the page answers referral.disabled (403) and a code at
// registration refers nobody.
func TestReferralWired(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		s := affiliateSite(t, d)
		tok := s.mustLogin("demo01", account.DemoPassword, "198.51.100.50")
		page := s.ok("GET", "/wps/referral", tok, nil)
		code, _ := page["code"].(string)
		rule, _ := page["rule"].(map[string]any)
		if len(code) != 8 || page["path"] != "/register?referralCode="+code || rule["amount"] != float64(18_800) ||
			rule["minFirstDeposit"] != float64(50_000) || rule["minValidBets"] != float64(200_000) || rule["windowDays"] != float64(14) {
			t.Fatalf("page %v", page)
		}
		// The service of PUT /wps/member/register (a sealed route), resolving
		// codes as the server's does.
		brands := brand.NewService(brand.NewStore(s.m.DB), clock.System{})
		s.accounts.UseReferrals(referral.NewService(s.m.DB, brands, nil, nil, nil, clock.System{}, nil))
		register := func(name, ip, code string) error {
			_, err := s.accounts.Register(t.Context(), account.RegisterRequest{Username: name, Password: "Tamaraw58river", ConfirmPassword: "Tamaraw58river",
				Captcha: "ABCDE", CaptchaKey: s.captcha(), ReferralCode: code, RegisterMethod: "WEB"}, account.Client{IP: ip, UserAgent: "UA-" + name})
			return err
		}
		// A code that is nobody's (a stale link) refers nobody and stops nothing.
		if err := register("reffriend0", "198.51.100.60", "ZZZZ9999"); err != nil {
			t.Fatalf("unknown code: %v", err)
		}
		if err := register("reffriend1", "198.51.100.61", strings.ToLower(code)); err != nil {
			t.Fatalf("register with the code: %v", err)
		}
		var friends []any
		for deadline := time.Now().Add(15 * time.Second); len(friends) == 0 && time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
			friends, _ = s.ok("GET", "/wps/referral", tok, nil)["friends"].([]any)
		}
		if len(friends) != 1 || friends[0].(map[string]any)["status"] != "REGISTERED" || friends[0].(map[string]any)["account"] != "re***d1" {
			t.Fatalf("friends %v", friends)
		}

		admin := s.ops[operator.RoleAdmin]
		viewer := s.ops[operator.RoleViewer]
		if r := s.do("PUT", "/ops/v1/referral/rule", viewer, map[string]any{"enabled": false}, nil); r.status != 403 {
			t.Fatalf("viewer edits the rule: %+v", r)
		}
		if r := s.do("PUT", "/ops/v1/referral/rule", admin, map[string]any{"enabled": true, "amount": "0", "minFirstDeposit": "500",
			"minValidBets": "2000", "windowDays": 14, "claimDays": 30}, nil); r.status != 400 || r.code != "money.not_positive" {
			t.Fatalf("zero reward: %+v", r)
		}
		if r := s.do("PUT", "/ops/v1/referral/rule", admin, map[string]any{"enabled": true, "amount": "188", "minFirstDeposit": "0",
			"minValidBets": "2000", "windowDays": 400, "claimDays": 30}, nil); r.status != 400 || r.code != "referral.invalid_rule" {
			t.Fatalf("a window beyond a year: %+v", r)
		}
		got := s.ok("PUT", "/ops/v1/referral/rule", admin, map[string]any{"enabled": false, "amount": "200", "minFirstDeposit": "500",
			"minValidBets": "2000", "windowDays": 7, "claimDays": 30, "reason": "pause"})
		if got["enabled"] != false || got["rule"].(map[string]any)["amount"] != float64(20_000) {
			t.Fatalf("rule saved %v", got)
		}
		if v := s.ok("GET", "/ops/v1/referral/rule", viewer, nil); v["enabled"] != false || v["rule"].(map[string]any)["windowDays"] != float64(7) {
			t.Fatalf("rule read %v", v)
		}
		if r := s.do("GET", "/wps/referral", tok, nil, nil); r.status != 403 || r.code != "referral.disabled" {
			t.Fatalf("page with the program off: %+v", r)
		}
		// This test's account service reads the brand through a cache of its own.
		time.Sleep(2500 * time.Millisecond)
		if err := register("reffriend2", "198.51.100.62", code); err != nil {
			t.Fatalf("register with a code while the program is off: %v", err)
		}
		demo, _ := account.NewStore(s.m.DB).MemberByAccount(t.Context(), "demo01")
		mine := s.ok("GET", "/ops/v1/players/"+strconv.FormatInt(demo.ID, 10)+"/referrals", viewer, nil)
		// reffriend0's unknown code and reffriend2's code while the program was off referred nobody.
		if fr, _ := mine["friends"].([]any); len(fr) != 1 || mine["code"] != code || fr[0].(map[string]any)["account"] != "reffriend1" {
			t.Fatalf("console's player referrals %v", mine)
		}
		if r := s.do("GET", "/ops/v1/rewards/holds", viewer, nil, nil); r.status != 200 {
			t.Fatalf("holds: %+v", r)
		}
	})
}
