package inhouse

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

func ptr[T any](v T) *T { return &v }

// TestSettings: an operator's change of a game's stake range, jackpot share
// or the slot's RTP profile applies from the next round (an open round
// finishes as it began), reaches another instance's brand copy within
// brand.RefreshEvery, and bad input changes nothing.
func TestSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d, Config{})
		ctx := context.Background()
		tok := s.login("demo01")
		s.fund(s.memberID("demo01"), 10_000_00)
		other := brand.NewService(brand.NewStore(d), s.clk) // another instance's brand copy
		if _, err := other.Current(ctx); err != nil {
			t.Fatal(err)
		}
		_, v0, _ := s.brands.Versioned(ctx)

		for name, c := range map[string]struct {
			slug string
			p    SettingsPatch
			code string
		}{
			"unknown game":    {"poker", SettingsPatch{MinBet: ptr[int64](200)}, "inhouse.unknown_game"},
			"nothing":         {GameDice, SettingsPatch{}, "inhouse.nothing_to_change"},
			"profile on dice": {GameDice, SettingsPatch{SlotProfile: ptr("94")}, "inhouse.slot_only"},
			"bad profile":     {GameSlot, SettingsPatch{SlotProfile: ptr("95")}, "inhouse.invalid_slot_profile"},
			"share too big":   {GameSlot, SettingsPatch{JackpotContributionBp: ptr[int64](10001)}, "inhouse.invalid_jackpot_share"},
			"share negative":  {GameSlot, SettingsPatch{JackpotContributionBp: ptr[int64](-1)}, "inhouse.invalid_jackpot_share"},
			"inverted":        {GameDice, SettingsPatch{MinBet: ptr[int64](500), MaxBet: ptr[int64](400)}, "inhouse.invalid_bet_range"},
			"min over max":    {GameDice, SettingsPatch{MinBet: ptr[int64](brand.DefaultInhouseMaxBet + 1)}, "inhouse.invalid_bet_range"},
			"negative":        {GameDice, SettingsPatch{MaxBet: ptr[int64](-5)}, "inhouse.invalid_bet_range"},
			"huge":            {GameDice, SettingsPatch{MaxBet: ptr[int64](MaxStake + 1)}, "inhouse.invalid_bet_range"},
		} {
			if _, _, err := s.svc.UpdateSettings(ctx, c.slug, c.p); apperr.As(err).Code != c.code {
				t.Errorf("%s: %v, want %s", name, err, c.code)
			}
		}
		if _, v, _ := s.brands.Versioned(ctx); v != v0 {
			t.Fatalf("bad input changed the brand: version %d -> %d", v0, v)
		}

		// A Mines board opened at 50.00 stays playable after the maximum drops under it.
		start := s.post("/wps/inhouse/mines/start", tok, map[string]any{"amount": 5000, "size": 5, "mines": 3})
		spin := s.post("/wps/inhouse/slot/spin", tok, map[string]any{"amount": 1000})
		if profile(t, spin.Round.Params) != "96" {
			t.Fatalf("default profile: %s", spin.Round.Params)
		}
		before, after, err := s.svc.UpdateSettings(ctx, GameMines, SettingsPatch{MaxBet: ptr[int64](2000)})
		if err != nil || before.MaxBet != brand.DefaultInhouseMaxBet || after.MaxBet != 2000 || after.OwnMaxBet != 2000 {
			t.Fatalf("mines max: %+v %+v %v", before, after, err)
		}
		s.post("/wps/inhouse/mines/cashout", tok, map[string]any{"roundId": start.Round.ID})
		if st, env := s.call(http.MethodPost, "/wps/inhouse/mines/start", nil, tok, "mines-over", map[string]any{"amount": 5000, "size": 5, "mines": 3}, nil); st != 400 || env.Code != "inhouse.above_max" {
			t.Fatalf("a new board over the new maximum: %d %s", st, env.Code)
		}

		// A bet under a game's new minimum is refused; at it, taken.
		if _, _, err := s.svc.UpdateSettings(ctx, GameDice, SettingsPatch{MinBet: ptr[int64](300)}); err != nil {
			t.Fatal(err)
		}
		if st, env := s.call(http.MethodPost, "/wps/inhouse/dice/bet", nil, tok, "dice-under", map[string]any{"amount": 200, "target": 5000}, nil); st != 400 || env.Code != "inhouse.below_min" {
			t.Fatalf("under the new minimum: %d %s", st, env.Code)
		}
		s.post("/wps/inhouse/dice/bet", tok, map[string]any{"amount": 300, "target": 5000})

		// The next spin plays the new profile and feeds the new share.
		if _, after, err := s.svc.UpdateSettings(ctx, GameSlot, SettingsPatch{SlotProfile: ptr("94"), JackpotContributionBp: ptr[int64](500)}); err != nil ||
			after.SlotProfile != "94" || after.JackpotContributionBp != 500 {
			t.Fatalf("slot: %+v %v", after, err)
		}
		next := s.post("/wps/inhouse/slot/spin", tok, map[string]any{"amount": 1000})
		if profile(t, next.Round.Params) != "94" {
			t.Fatalf("next spin: %s", next.Round.Params)
		}
		if r := s.roundState(next.Round.ID); r.JPContribution != 1000*500/10000 {
			t.Fatalf("jackpot contribution %d", r.JPContribution)
		}
		cfg, err := s.svc.PublicConfig(ctx)
		if err != nil || cfg.Slot.Profile != "94" || cfg.Games[GameDice].MinBet != 300 || cfg.Games[GameMines].MaxBet != 2000 {
			t.Fatalf("public config %+v %v", cfg.Games, err)
		}
		set, err := s.svc.Settings(ctx)
		if err != nil || len(set.Items) != len(Slugs) || set.Currency != "PHP" || len(set.SlotProfiles) != 3 {
			t.Fatalf("settings %+v %v", set, err)
		}
		for _, g := range set.Items {
			if g.Name == g.Game || (g.Game == GameDice) != (g.MinBet == 300) {
				t.Errorf("settings item %+v", g)
			}
		}

		// Another instance follows within brand.RefreshEvery.
		if b, _ := other.Current(ctx); b.Inhouse.SlotProfile != "" {
			t.Fatal("the other copy changed before its refresh")
		}
		s.clk.Advance(brand.RefreshEvery)
		if b, _ := other.Current(ctx); b.Inhouse.SlotProfile != "94" || b.Inhouse.Range(GameDice).MinBet != 300 {
			t.Fatalf("the other copy after its refresh: %+v", b.Inhouse)
		}

		// 0 returns a field to the all-games value.
		if _, after, err := s.svc.UpdateSettings(ctx, GameDice, SettingsPatch{MinBet: ptr[int64](0)}); err != nil || after.MinBet != brand.DefaultInhouseMinBet || after.OwnMinBet != 0 {
			t.Fatalf("back to the default: %+v %v", after, err)
		}
		s.verifyLedger()
	})
}

func profile(t *testing.T, params json.RawMessage) string {
	t.Helper()
	var p slotParams
	if err := json.Unmarshal(params, &p); err != nil {
		t.Fatal(err)
	}
	return p.Profile
}
