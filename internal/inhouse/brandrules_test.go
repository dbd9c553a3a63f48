package inhouse

import (
	"context"
	"net/http"
	"testing"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestBrandRules: the stake ranges and the jackpot share are the brand's
// data: a change to the brand document applies to the next bet and shows
// in the public config, per game over the all-games range.
func TestBrandRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		ctx := context.Background()
		tok := s.login("demo01")
		s.fund(s.memberID("demo01"), 1_000_00)
		dice := func(key string, amount int64) (int, string) {
			st, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, key, map[string]any{"amount": amount, "target": 5000}, nil)
			return st, env.Code
		}
		if st, code := dice("before", 600); st != http.StatusOK {
			t.Fatalf("6.00 on the default range: %d %s", st, code)
		}
		b, err := s.brands.Current(ctx)
		if err != nil {
			t.Fatal(err)
		}
		c := *b
		c.Inhouse = brand.Inhouse{MinBet: 200, MaxBet: 50_000, Games: map[string]brand.BetRange{GameDice: {MaxBet: 500}}, JackpotContributionBp: 250}
		if err := s.brands.Import(ctx, c); err != nil {
			t.Fatal(err)
		}
		if st, code := dice("above", 600); st != http.StatusBadRequest || code != "inhouse.above_max" {
			t.Fatalf("6.00 over dice's 5.00: %d %s", st, code)
		}
		if st, code := dice("below", 150); st != http.StatusBadRequest || code != "inhouse.below_min" {
			t.Fatalf("1.50 under every game's 2.00: %d %s", st, code)
		}
		if st, code := dice("within", 500); st != http.StatusOK {
			t.Fatalf("5.00 within: %d %s", st, code)
		}
		cfg, err := s.svc.PublicConfig(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if cfg.Games[GameDice] != (Limit{MinBet: 200, MaxBet: 500}) || cfg.Games[GameSlot] != (Limit{MinBet: 200, MaxBet: 50_000}) || cfg.Jackpot.ContributionBp != 250 {
			t.Fatalf("public config %+v jackpot %+v", cfg.Games, cfg.Jackpot)
		}
		c.Inhouse = brand.Inhouse{Games: map[string]brand.BetRange{GameDice: {MinBet: 900, MaxBet: 100}}}
		if err := s.brands.Import(ctx, c); err == nil {
			t.Fatal("a range whose maximum is below its minimum was accepted")
		}
	})
}
