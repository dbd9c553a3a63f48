package launch

import (
	"context"
	"net/url"
	"testing"

	"github.com/palaro/palaro/internal/game"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestSeedDemo: the demo's free-play rules go into an empty rule table
// once; every free-play game is a seamless slot of the demo catalogue that
// is not in maintenance; a trial account launches them with FUN money and
// still gets the real-account refusal for any other game; an operator's
// rule is never overwritten by a later seed.
func TestSeedDemo(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		w := newWallets(t, d)
		s := newSite(t, d, w.svc)
		ctx := context.Background()
		if ok, err := SeedDemo(ctx, s.rules, testNow); err != nil || !ok {
			t.Fatalf("seed: %v %v", ok, err)
		}
		if ok, err := SeedDemo(ctx, s.rules, testNow); err != nil || ok {
			t.Fatalf("second seed: %v %v", ok, err)
		}
		cat, err := s.games.Catalog(ctx)
		if err != nil {
			t.Fatal(err)
		}
		byCode := map[string]game.GameView{}
		for _, g := range cat.ListGames(game.ListFilter{PageNo: 1, PageSize: 1 << 20}).Games {
			byCode[g.Vassalage+"/"+g.GameCode] = g
		}
		if len(DemoFreePlay) < 3 {
			t.Fatalf("only %d free-play games", len(DemoFreePlay))
		}
		trial := s.trial(t)
		for _, r := range DemoFreePlay {
			g, ok := byCode[r.Vendor+"/"+r.GameCode]
			if !ok {
				t.Fatalf("%s/%s is not in the demo catalogue", r.Vendor, r.GameCode)
			}
			v, _ := cat.Vendor(r.Vendor)
			if !r.FreePlay || r.Disabled || g.GameType != "RNG" || g.Maintenance || v.Maintenance || v.WalletType == game.WalletTransfer {
				t.Fatalf("%s/%s is not a playable seamless slot: %+v", r.Vendor, r.GameCode, g)
			}
			if got, err := s.rules.Rule(ctx, r.Vendor, r.GameCode); err != nil || !got.FreePlay {
				t.Fatalf("stored rule %+v %v", got, err)
			}
			res := s.want(t, launchPath(g), trial, 200, "ok")
			u, _ := url.Parse(res.value["url"].(string))
			if c := u.Query().Get("c"); c != FreePlayCurrency || u.Query().Get("t") == "" {
				t.Errorf("%s: trial launch %s", r.GameCode, u)
			}
			if r.Vendor == "PG" { // the vendor with a secret in these tests: its session plays FUN
				if status, res := w.balance(t, "PG", u.Query().Get("t"), u.Query().Get("p"), FreePlayCurrency); status != 200 || res.Currency != FreePlayCurrency {
					t.Fatalf("trial balance: %d %+v", status, res)
				}
			}
		}
		// Not free play: Lucky Lanterns (the storefront's example), another
		// game of the same vendor, a transfer vendor's game.
		for _, code := range []string{"PG_LUCKY_LANTERNS"} {
			g, ok := byCode["PG/"+code]
			if !ok {
				t.Fatalf("no %s", code)
			}
			s.want(t, launchPath(g), trial, 403, "auth.real_account_required")
		}
		s.want(t, launchPath(s.firstGame(t, "JDB", "RNG")), trial, 403, "auth.real_account_required")
		s.want(t, launchPath(s.firstGame(t, "SXG", "LIVE")), trial, 403, "auth.real_account_required")

		// An operator's rule stays as set: the seed runs only on an empty table.
		first := DemoFreePlay[0]
		if err := s.rules.PutRule(ctx, Rule{Vendor: first.Vendor, GameCode: first.GameCode, FreePlay: false}, testNow); err != nil {
			t.Fatal(err)
		}
		if ok, _ := SeedDemo(ctx, s.rules, testNow); ok {
			t.Fatal("seeded over an operator's rules")
		}
		s.want(t, launchPath(byCode[first.Vendor+"/"+first.GameCode]), s.trial(t), 403, "auth.real_account_required")
	})
}
