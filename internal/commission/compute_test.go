package commission

import (
	"testing"

	"github.com/palaro/palaro/internal/platform/apperr"
)

// The worked examples of docs/agents.md, "Contracts and commissions",
// computed exactly. Amounts are minor units (centavos): 100,000.00 is
// 10_000_000.

var dividendTiers = []Tier{
	{ValidBets: 10_000_000, NetLoss: 1_000_000, ActiveMembers: 5, Rate: 2000},
	{ValidBets: 50_000_000, NetLoss: 5_000_000, ActiveMembers: 10, Rate: 2500},
	{ValidBets: 100_000_000, NetLoss: 10_000_000, ActiveMembers: 20, Rate: 3000},
}

func TestDividendExample(t *testing.T) {
	// Week 1: the team won 30,000.00: nothing paid, carried.
	w1 := Dividend(TeamTotals{ValidBets: 60_000_000, NetLoss: -3_000_000, ActiveMembers: 12}, dividendTiers, 0)
	if w1 != (Result{CarryOut: -3_000_000}) {
		t.Fatalf("week 1: %+v", w1)
	}
	// Week 2: lost 90,000.00, less the 30,000.00 carried: 60,000.00 at tier 2 (25 %).
	w2 := Dividend(TeamTotals{ValidBets: 70_000_000, NetLoss: 9_000_000, ActiveMembers: 15}, dividendTiers, w1.CarryOut)
	if w2 != (Result{Amount: 1_500_000, Tier: 2, Rate: 2500, CarryIn: -3_000_000}) {
		t.Fatalf("week 2: %+v", w2)
	}
	// Week 3: 123,456.78 at tier 3 (30 %) = 37,037.034, rounded down.
	w3 := Dividend(TeamTotals{ValidBets: 120_000_000, NetLoss: 12_345_678, ActiveMembers: 25}, dividendTiers, w2.CarryOut)
	if w3 != (Result{Amount: 3_703_703, Tier: 3, Rate: 3000}) {
		t.Fatalf("week 3: %+v", w3)
	}
	// Week 4: a loss below tier 1: nothing paid, nothing carried.
	w4 := Dividend(TeamTotals{ValidBets: 5_000_000, NetLoss: 500_000, ActiveMembers: 3}, dividendTiers, w3.CarryOut)
	if w4 != (Result{}) {
		t.Fatalf("week 4: %+v", w4)
	}
	// A carried win larger than the next loss keeps carrying what is left.
	w := Dividend(TeamTotals{ValidBets: 70_000_000, NetLoss: 2_000_000, ActiveMembers: 15}, dividendTiers, -3_000_000)
	if w != (Result{CarryIn: -3_000_000, CarryOut: -1_000_000}) {
		t.Fatalf("carry: %+v", w)
	}
}

var dailyTiers = []Tier{
	{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 50},
	{ValidBets: 20_000_000, ActiveMembers: 15, Rate: 80},
	{ValidBets: 50_000_000, ActiveMembers: 30, Rate: 120},
}

func TestDailyWageExample(t *testing.T) {
	for _, c := range []struct {
		name string
		t    TeamTotals
		want Result
	}{
		{"tier 2", TeamTotals{ValidBets: 32_000_000, ActiveMembers: 18}, Result{Amount: 256_000, Tier: 2, Rate: 80}},
		{"too few active for tier 2", TeamTotals{ValidBets: 32_000_000, ActiveMembers: 12}, Result{Amount: 160_000, Tier: 1, Rate: 50}},
		{"below tier 1", TeamTotals{ValidBets: 4_000_000, ActiveMembers: 40}, Result{}},
	} {
		if got := Wage(c.t, dailyTiers); got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
	}
}

func TestHourlyWageExample(t *testing.T) {
	tiers := []Tier{{ValidBets: 500_000, ActiveMembers: 3, Rate: 30}, {ValidBets: 2_000_000, ActiveMembers: 8, Rate: 50}}
	// 23,456.70 at 0.5 % = 117.2835, rounded down to 117.28.
	if got := Wage(TeamTotals{ValidBets: 2_345_670, ActiveMembers: 9}, tiers); got != (Result{Amount: 11_728, Tier: 2, Rate: 50}) {
		t.Fatalf("%+v", got)
	}
}

func TestRealtimeExample(t *testing.T) {
	rates := Rates{WinRate: 10, LossRate: 500, BetRate: 20}
	// Lost 1,500.00 on 8,000.00 valid: 16.00 + 75.00.
	if got := Realtime(TeamTotals{ValidBets: 800_000, NetLoss: 150_000}, rates); got.Amount != 9_100 {
		t.Errorf("losing window: %d", got.Amount)
	}
	// Won 2,000.00 on 5,000.00 valid: 10.00 + 2.00.
	if got := Realtime(TeamTotals{ValidBets: 500_000, NetLoss: -200_000}, rates); got.Amount != 1_200 {
		t.Errorf("winning window: %d", got.Amount)
	}
}

// TestThreeLevelsExample: platform → A → B → C on daily wages, each paid on
// its own team at its own rate.
func TestThreeLevelsExample(t *testing.T) {
	a := dailyTiers
	b := []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 40}, {ValidBets: 20_000_000, ActiveMembers: 15, Rate: 60}}
	c := []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 30}}
	for _, x := range []struct {
		offer, bound []Tier
	}{{b, a}, {c, b}} {
		if ok, tier := withinBound(Terms{Tiers: x.offer}, Terms{Tiers: x.bound}); !ok {
			t.Fatalf("tier %d above its upline's", tier)
		}
	}
	payC := Wage(TeamTotals{ValidBets: 10_000_000, ActiveMembers: 8}, c).Amount  // B pays C
	payB := Wage(TeamTotals{ValidBets: 25_000_000, ActiveMembers: 20}, b).Amount // A pays B
	payA := Wage(TeamTotals{ValidBets: 40_000_000, ActiveMembers: 35}, a).Amount // the platform pays A
	if payC != 30_000 || payB != 150_000 || payA != 320_000 {
		t.Fatalf("C %d, B %d, A %d", payC, payB, payA)
	}
	if netB, netA := payB-payC, payA-payB; netB != 120_000 || netA != 170_000 {
		t.Fatalf("net B %d, A %d", netB, netA)
	}
}

func TestWithinBound(t *testing.T) {
	bound := Terms{Tiers: dailyTiers}
	for _, c := range []struct {
		name  string
		offer []Tier
		ok    bool
		tier  int
	}{
		{"equal", dailyTiers, true, 0},
		{"lower", []Tier{{ValidBets: 20_000_000, ActiveMembers: 15, Rate: 60}}, true, 0},
		{"above at its thresholds", []Tier{{ValidBets: 20_000_000, ActiveMembers: 15, Rate: 90}}, false, 1},
		{"below the upline's first tier", []Tier{{ValidBets: 1_000_000, ActiveMembers: 1, Rate: 10}}, false, 1},
		{"second tier too high", []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 50}, {ValidBets: 6_000_000, ActiveMembers: 5, Rate: 70}}, false, 2},
	} {
		ok, tier := withinBound(Terms{Tiers: c.offer}, bound)
		if ok != c.ok || tier != c.tier {
			t.Errorf("%s: %v %d", c.name, ok, tier)
		}
	}
	rt := Terms{Realtime: &Rates{WinRate: 10, LossRate: 500, BetRate: 20}}
	if ok, _ := withinBound(Terms{Realtime: &Rates{WinRate: 10, LossRate: 400, BetRate: 20}}, rt); !ok {
		t.Error("lower real-time rates refused")
	}
	if ok, _ := withinBound(Terms{Realtime: &Rates{WinRate: 11, LossRate: 400, BetRate: 20}}, rt); ok {
		t.Error("a higher win rate allowed")
	}
}

func TestCheckTiers(t *testing.T) {
	for _, c := range []struct {
		name  string
		typ   Type
		tiers []Tier
		want  error
	}{
		{"ok", TypeDividend, dividendTiers, nil},
		{"none", TypeDailyWage, nil, ErrTiersInvalid},
		{"net loss on a wage", TypeDailyWage, []Tier{{ValidBets: 1, NetLoss: 1, Rate: 10}}, ErrTiersInvalid},
		{"rate zero", TypeDailyWage, []Tier{{ValidBets: 1, Rate: 0}}, ErrTiersInvalid},
		{"rate above 100 %", TypeDailyWage, []Tier{{ValidBets: 1, Rate: 10_001}}, ErrTiersInvalid},
		{"negative threshold", TypeDailyWage, []Tier{{ValidBets: -1, Rate: 10}}, ErrTiersInvalid},
		{"same thresholds", TypeDailyWage, []Tier{{ValidBets: 1, Rate: 10}, {ValidBets: 1, Rate: 20}}, ErrTiersOrder},
		{"threshold falls", TypeDailyWage, []Tier{{ValidBets: 5, ActiveMembers: 2, Rate: 10}, {ValidBets: 6, ActiveMembers: 1, Rate: 20}}, ErrTiersOrder},
		{"rate does not rise", TypeDailyWage, []Tier{{ValidBets: 1, Rate: 20}, {ValidBets: 2, Rate: 20}}, ErrTiersRate},
		{"eleven", TypeDailyWage, make([]Tier, 11), ErrTiersInvalid},
	} {
		err := checkTiers(c.typ, c.tiers)
		if (err == nil) != (c.want == nil) || (err != nil && apperrCode(err) != apperrCode(c.want)) {
			t.Errorf("%s: %v, want %v", c.name, err, c.want)
		}
	}
}

func apperrCode(err error) string { return apperr.As(err).Code }
