package gamewallet

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestGrantCosts: grants counted by the day they started, conversions and
// forfeits by the day they ended, per source (figures by hand below).
func TestGrantCosts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		s := newSite(t, d)
		ctx := context.Background()
		grant := func(member int64, source string, amount, wager, maxConvert int64) {
			t.Helper()
			_, err := s.svc.GrantBonus(ctx, GrantRequest{Key: fmt.Sprintf("cost:%d", member), MemberID: member, Currency: s.currency, Source: source,
				Title: "t", Amount: amount, WagerRequired: wager, MaxConvert: maxConvert, Weights: map[string]int64{"RNG": 10000}, ValidFor: 30 * 24 * time.Hour})
			if err != nil {
				t.Fatal(err)
			}
		}
		// Day 1 (2026-03-10): a welcome grant of 100.00 forfeited the same
		// day; an operator grant of 50.00 that stays active.
		grant(61, "WELCOME", 100_00, 1_000_00, 0)
		grant(62, "OPERATOR", 50_00, 1_000_00, 0)
		s.clk.Advance(time.Hour)
		if _, err := s.svc.ForfeitBonus(ctx, 61, ReasonOperator); err != nil {
			t.Fatal(err)
		}
		// Day 3: an operator grant of 30.00 forfeited, and one of 20.00 with
		// nothing to wager and a cap of 15.00: 15.00 converted, 5.00 back.
		s.clk.Advance(48 * time.Hour)
		grant(63, "OPERATOR", 30_00, 1_000_00, 0)
		grant(64, "OPERATOR", 20_00, 0, 15_00)
		if _, err := s.svc.ForfeitBonus(ctx, 63, ReasonOperator); err != nil {
			t.Fatal(err)
		}
		if _, err := s.svc.SweepBonuses(ctx); err != nil {
			t.Fatal(err)
		}
		day := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, time.UTC) }
		for _, tc := range []struct {
			from, to int
			want     string
		}{
			{10, 11, "[{OPERATOR PHP 1 5000 0 0 0} {WELCOME PHP 1 10000 1 0 10000}]"},
			{11, 12, "[]"},
			{12, 13, "[{OPERATOR PHP 2 5000 2 1500 3500}]"},
			{10, 13, "[{OPERATOR PHP 3 10000 2 1500 3500} {WELCOME PHP 1 10000 1 0 10000}]"},
		} {
			got, err := s.svc.GrantCosts(ctx, day(tc.from), day(tc.to))
			if err != nil {
				t.Fatal(err)
			}
			if fmt.Sprint(got) != tc.want {
				t.Errorf("%d..%d: %v, want %s", tc.from, tc.to, got, tc.want)
			}
		}
		s.verifyLedger()
	})
}
