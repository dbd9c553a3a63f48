package commission

import (
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/apperr"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
)

// TestBenchSeedContracts: the bench's contracts are checked as offers are,
// recorded accepted at the time given, and settled like accepted ones (the
// three-level example of TestSettleDaily, decided the day before).
func TestBenchSeedContracts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		f := newFixture(t, d)
		decided := time.Date(2026, 11, 25, 8, 0, 0, 0, manila)
		down := []Tier{{ValidBets: 5_000_000, ActiveMembers: 5, Rate: 40}, {ValidBets: 20_000_000, ActiveMembers: 15, Rate: 60}}

		// Refused before anything is written: a downline's contract without
		// its upline's, above its upline's, or with tiers out of order.
		for _, tc := range []struct {
			cs   []BenchContract
			code string
		}{
			{[]BenchContract{{UplineID: 1, DownlineID: 2, Type: TypeDailyWage, Tiers: down}}, "commission.upline_no_contract"},
			{[]BenchContract{{DownlineID: 1, Type: TypeDailyWage, Tiers: dailyTiers},
				{UplineID: 1, DownlineID: 2, Type: TypeDailyWage, Tiers: []Tier{{ValidBets: 20_000_000, ActiveMembers: 15, Rate: 90}}}},
				"commission.rate_above_upline"},
			{[]BenchContract{{DownlineID: 1, Type: TypeDailyWage, Tiers: []Tier{dailyTiers[1], dailyTiers[0]}}}, "commission.tiers_order"},
			{[]BenchContract{{DownlineID: 1, Type: TypeDividend, Period: PeriodHourly, Tiers: dividendTiers}}, "commission.period_invalid"},
		} {
			err := BenchSeedContracts(f.ctx, d, tc.cs, decided)
			if err == nil || apperr.As(err).Code != tc.code {
				t.Fatalf("got %v, want %s", err, tc.code)
			}
		}
		if p, err := f.svc.Contracts(f.ctx, ContractFilter{}, 1, 20); err != nil || p.Total != 0 {
			t.Fatalf("%d contracts after refusals, %v", p.Total, err)
		}

		err := BenchSeedContracts(f.ctx, d, []BenchContract{
			{DownlineID: 1, Type: TypeDailyWage, Tiers: dailyTiers},
			{DownlineID: 1, Type: TypeDividend, Period: PeriodWeekly, Tiers: dividendTiers},
			{UplineID: 1, DownlineID: 2, Type: TypeDailyWage, Tiers: down},
		}, decided)
		if err != nil {
			t.Fatal(err)
		}
		p, err := f.svc.Contracts(f.ctx, ContractFilter{Status: StatusActive}, 1, 20)
		if err != nil || p.Total != 3 {
			t.Fatalf("%+v %v", p, err)
		}
		for _, c := range p.List {
			if c.DecidedAt != decided.UnixMilli() || c.OfferedAt != decided.UnixMilli() {
				t.Fatalf("%+v", c)
			}
			if c.Type == TypeDailyWage && c.Period != PeriodDaily {
				t.Fatalf("the daily wage's period %q", c.Period)
			}
		}
		// A second active contract of a type for a downline is refused by the database.
		if err := BenchSeedContracts(f.ctx, d, []BenchContract{{DownlineID: 1, Type: TypeDailyWage, Tiers: dailyTiers}}, decided); err == nil {
			t.Fatal("two active daily wages for 1")
		}

		// Settled as the service's own: the example's bills, paid top down.
		day, end := time.Date(2026, 11, 26, 0, 0, 0, 0, manila), time.Date(2026, 11, 27, 0, 0, 0, 0, manila)
		for i := int64(0); i < 20; i++ {
			f.tree.add(100+i, 3, false)
			f.figs.add(play{member: 100 + i, at: day.Add(time.Hour), bet: 1_250_000, win: 1_000_000, valid: 1_250_000})
		}
		for i := int64(0); i < 15; i++ {
			f.tree.add(200+i, 5, false)
			f.figs.add(play{member: 200 + i, at: day.Add(2 * time.Hour), bet: 1_000_000, win: 900_000, valid: 1_000_000})
		}
		f.setNow(end.Add(10 * time.Minute))
		sum, err := f.svc.Settle(f.ctx, TypeDailyWage, PeriodDaily, day, end)
		if err != nil || sum.Contracts != 2 || sum.Created != 2 || sum.Paid != 2 {
			t.Fatalf("%+v %v", sum, err)
		}
		bills, err := f.svc.Bills(f.ctx, BillFilter{Type: TypeDailyWage}, 1, 20)
		if err != nil {
			t.Fatal(err)
		}
		amounts := map[int64]int64{}
		for _, b := range bills.List {
			amounts[b.PayeeID] = b.Amount
		}
		if amounts[1] != 320_000 || amounts[2] != 150_000 {
			t.Fatalf("%v", amounts)
		}
		f.verify()
	})
}
