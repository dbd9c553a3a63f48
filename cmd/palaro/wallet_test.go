package main

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
)

// TestDemoWallet: the demo seed opens demo01 and agent01 with 10,000.00 PHP
// once, the ledger verifies clean after seeding again, and the wallet routes
// are wired.
func TestDemoWallet(t *testing.T) {
	t.Parallel()
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		m := startMain(t, d, true)
		ctx := context.Background()
		members := account.NewStore(m.DB)
		l := ledger.NewStore(m.DB, nil)

		// A second seed (serve ran the first) and `palaro seed` post nothing more.
		if seeded, err := seedDemo(ctx, m.DB, true); err != nil || seeded {
			t.Fatalf("second seed: seeded=%v err=%v", seeded, err)
		}
		if code, out := runPalaro(t, m.Config.DatabaseURL, "seed"); code != 0 {
			t.Fatalf("palaro seed: exit %d %s", code, out)
		}
		for name, want := range map[string]int64{"demo01": 1_000_000, "agent01": 1_000_000} {
			mem, err := members.MemberByAccount(ctx, name)
			if err != nil {
				t.Fatal(err)
			}
			a, err := l.FindAccount(ctx, ledger.PlayerMain(mem.ID, "PHP"))
			if err != nil || a.Balance != want || a.Version != 1 {
				t.Fatalf("%s: %+v %v", name, a, err)
			}
		}
		newbie, err := members.MemberByAccount(ctx, "newbie01")
		if err != nil {
			t.Fatal(err)
		}
		if accts, err := l.AccountsOf(ctx, ledger.OwnerMember, newbie.ID); err != nil || len(accts) != 0 {
			t.Fatalf("newbie01 accounts %+v %v", accts, err)
		}

		// Two demo openings (cashier clearing -> each main) and the in-house
		// jackpot's seed (house -> jackpot pool): 3 postings over 5 accounts.
		rep, err := l.Verify(ctx)
		if err != nil || !rep.OK() || rep.Postings != 3 || rep.Accounts != 5 {
			t.Fatalf("verify %+v %v", rep, err)
		}
		var out bytes.Buffer
		if err := ledgerCommand(ctx, config.Config{DatabaseURL: m.Config.DatabaseURL, LogLevel: slog.LevelError}, []string{"verify"}, &out); err != nil || !strings.Contains(out.String(), "clean") {
			t.Fatalf("ledger verify: %v %s", err, out.String())
		}

		code, body := get(t, m, "/wps/v2/wallets/balance")
		if code != 401 || !strings.Contains(body, `"code":"auth.token_required"`) {
			t.Fatalf("balance as visitor: %d %s", code, body)
		}
		res, err := http.Get("http://" + m.Addr() + "/wps/v2/wallets/merchant")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != 200 || res.Header.Get("Cache-Control") != "public, max-age=300" {
			t.Fatalf("merchant: %d %q", res.StatusCode, res.Header.Get("Cache-Control"))
		}
		// The demo catalogue has transfer-wallet vendors (JDB, CQ9): not a single wallet.
		if code, body := get(t, m, "/wps/v2/wallets/merchant"); code != 200 || !strings.Contains(body, `"value":{"isSingle":false}`) {
			t.Fatalf("merchant: %d %s", code, body)
		}
	})
}
