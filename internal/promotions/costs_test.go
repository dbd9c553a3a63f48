package promotions

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/reports"
)

// TestPromotionCosts: docs/rewards.md "Bonus cost", per promotion, by hand.
// Day 1 (2026-03-10): a ₱50 cash promotion A is joined by members 11 and
// 12 (₱100.00 issued), 11 claims (₱50.00 paid); a ₱100 bonus promotion B
// (5×) by 13 and 14, both claim (two grants of ₱100.00, nothing paid yet).
// Day 2: 12 claims (₱50.00 paid); 13 plays the ₱500.00 through and
// ₱100.00 converts; 14's bonus is forfeited (₱100.00 back). Each promotion
// costs ₱100.00 over both days; the dashboard's bonus cost (the report
// rows built from the stream) is the same money on each day.
func TestPromotionCosts(t *testing.T) {
	for _, dialect := range dialects {
		t.Run(string(dialect), func(t *testing.T) {
			ctx := context.Background()
			st := newSite(t, dialect)
			a := st.create(t, Draft{Type: TypeFixed, Amount: 50_00, Frequency: Once, RewardKind: KindCash})
			b := st.create(t, Draft{Type: TypeFixed, Amount: 100_00, Frequency: Once, RewardKind: KindBonus, WagerMultiple: 5, ValidDays: 7})
			idle := st.create(t, Draft{Type: TypeFixed, Amount: 10_00, Frequency: Once, RewardKind: KindCash})
			join := func(m int64, p Promotion) {
				t.Helper()
				if _, err := st.s.Join(ctx, member(m), p.ID); err != nil {
					t.Fatalf("join %d %d: %v", m, p.ID, err)
				}
			}
			claim := func(m int64) {
				t.Helper()
				page, err := st.rw.List(ctx, m, false, "EN", 1, 10)
				if err != nil || len(page.List) != 1 {
					t.Fatalf("rewards of %d: %+v %v", m, page, err)
				}
				if _, _, err := st.rw.Claim(ctx, m, page.List[0].ID, "EN"); err != nil {
					t.Fatalf("claim %d: %v", m, err)
				}
			}
			join(11, a)
			join(12, a)
			claim(11)
			join(13, b)
			join(14, b)
			claim(13)
			claim(14)

			st.clk.Advance(24 * time.Hour)
			claim(12)
			g, _, err := st.gw.Bonus(ctx, 13)
			if err != nil || g.WagerRequired != 500_00 {
				t.Fatalf("grant of 13: %+v %v", g, err)
			}
			w := st.gw.WageringConsumer()
			ev := []activity.Event{{Fact: activity.Fact{MemberID: 13, Currency: "PHP", Category: "RNG", ValidBet: 500_00, StartedAt: st.clk.Now()}}}
			if err := st.d.InTx(ctx, func(tx *db.Tx) error { return w.Apply(ctx, tx, ev) }); err != nil {
				t.Fatal(err)
			}
			if n, err := st.gw.SweepBonuses(ctx); err != nil || n != 1 {
				t.Fatalf("sweep: %d %v", n, err)
			}
			if _, err := st.gw.ForfeitBonus(ctx, 14, gamewallet.ReasonOperator); err != nil {
				t.Fatal(err)
			}

			day := func(d int) time.Time { return time.Date(2026, 3, d, 0, 0, 0, 0, manila(t)) }
			costs := func(from, to int) PromotionCosts {
				t.Helper()
				c, err := st.ops.Costs(ctx, day(from), day(to))
				if err != nil {
					t.Fatal(err)
				}
				return c
			}
			row := func(c PromotionCosts, id int64) string {
				for _, r := range c.Rows {
					if r.PromotionID == id {
						x := r.Cost
						return fmt.Sprint(x.Issued, x.IssuedAmount, x.Claimed, x.ClaimedAmount, x.ClaimedCash, x.Granted, x.GrantedAmount,
							x.Ended, x.Converted, x.Forfeited, x.Cost)
					}
				}
				t.Fatalf("promotion %d not listed", id)
				return ""
			}
			// issued, issuedAmount, claimed, claimedAmount, claimedCash, granted, grantedAmount, ended, converted, forfeited, cost
			for _, tc := range []struct {
				from, to   int
				a, b, idle string
				total      int64
			}{
				{10, 11, "2 10000 1 5000 5000 0 0 0 0 0 5000", "2 20000 2 20000 0 2 20000 0 0 0 0", "0 0 0 0 0 0 0 0 0 0 0", 50_00},
				{11, 12, "0 0 1 5000 5000 0 0 0 0 0 5000", "0 0 0 0 0 0 0 2 10000 10000 10000", "0 0 0 0 0 0 0 0 0 0 0", 150_00},
				{10, 12, "2 10000 2 10000 10000 0 0 0 0 0 10000", "2 20000 2 20000 0 2 20000 2 10000 10000 10000", "0 0 0 0 0 0 0 0 0 0 0", 200_00},
			} {
				c := costs(tc.from, tc.to)
				if got := row(c, a.ID); got != tc.a {
					t.Errorf("%d..%d A: %s, want %s", tc.from, tc.to, got, tc.a)
				}
				if got := row(c, b.ID); got != tc.b {
					t.Errorf("%d..%d B: %s, want %s", tc.from, tc.to, got, tc.b)
				}
				if got := row(c, idle.ID); got != tc.idle {
					t.Errorf("%d..%d idle: %s", tc.from, tc.to, got)
				}
				if c.Total.Cost != tc.total {
					t.Errorf("%d..%d total %+v, want cost %d", tc.from, tc.to, c.Total, tc.total)
				}
			}

			// The dashboard: the report rows the stream builds.
			dash := dashboardBonusCost(t, st.d)
			if dash["2026-03-10"] != 50_00 || dash["2026-03-11"] != 150_00 {
				t.Fatalf("dashboard bonus cost by day %v, want 5000 and 15000", dash)
			}
			if rep, err := st.l.Verify(ctx); err != nil || !rep.OK() {
				t.Fatalf("ledger %+v %v", rep, err)
			}
		})
	}
}

type noNames struct{}

func (noNames) GameName(_ context.Context, _, g string) string { return g }
func (noNames) VendorName(_ context.Context, v string) string  { return v }
func (noNames) Usernames(context.Context, []int64) (map[int64]string, error) {
	return map[int64]string{}, nil
}

// dashboardBonusCost runs the stream's report consumer over every fact
// written and answers the dashboard's bonus cost per day.
func dashboardBonusCost(t *testing.T, d *db.DB) map[string]int64 {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var n int64
	if err := d.QueryRowContext(ctx, `SELECT COUNT(*) FROM activity_event`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	zone := manila(t)
	loc := func(context.Context) *time.Location { return zone }
	stream := activity.NewStore(d)
	figs := figures.New(d, stream, loc)
	svc := activity.NewService(stream, clock.System{}, slog.New(slog.DiscardHandler),
		activity.Config{Renew: 50 * time.Millisecond, SequenceEvery: 10 * time.Millisecond, PollEvery: 10 * time.Millisecond})
	svc.Register(reports.NewConsumer(d, loc))
	if err := svc.Start(ctx); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		p, err := stream.Position(ctx, reports.Name)
		if err == nil && p >= n {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("reports at %d of %d (%v)", p, n, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	_ = svc.Wait(context.Background())
	brands := brand.NewService(brand.NewStore(d), clock.System{})
	rs := reports.NewService(d, figs, brands, noNames{}, clock.NewFixed(start))
	p, err := rs.ParsePeriod(context.Background(), "2026-03-10", "2026-03-11")
	if err != nil {
		t.Fatal(err)
	}
	days, err := rs.Daily(context.Background(), p, "day")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, dp := range days {
		out[dp.Day] = dp.BonusCost
	}
	return out
}
