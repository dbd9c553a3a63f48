package main

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/reports"
)

type benchNames struct{}

func (benchNames) GameName(context.Context, string, string) string { return "" }
func (benchNames) VendorName(context.Context, string) string       { return "" }
func (benchNames) Usernames(context.Context, []int64) (map[int64]string, error) {
	return map[int64]string{}, nil
}

// TestBenchSeedActivePlayers: the seeder's report rows give the dashboard
// the active players the seeded rounds and daily figures hold, for every
// period of its days (and the period before each), and per day.
func TestBenchSeedActivePlayers(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d *db.DB) {
		ctx := context.Background()
		const members, days = 500, 6
		h, _ := account.HashPassword("Bench2026x", cheapArgon2)
		first, err := account.NewStore(d).BenchSeedMembers(ctx, members, 1000, h, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		brands := brand.NewService(brand.NewStore(d), clock.System{})
		if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
			t.Fatal(err)
		}
		loc := brands.Location(ctx)
		// 100 players a day, a third of them new each day: players come back after gaps.
		if err := benchSeedDays(ctx, d, first, members, 3000, days, 200, 5, brand.Demo().Currency.Code, loc, io.Discard); err != nil {
			t.Fatal(err)
		}
		figs := figures.New(d, activity.NewStore(d), brands.Location)
		svc := reports.NewService(d, figs, brands, benchNames{}, clock.System{})
		today := time.Now().In(loc)
		y, m, dd := today.Date()
		dayStr := func(k int) string { return time.Date(y, m, dd-k, 0, 0, 0, 0, loc).Format(time.DateOnly) }
		// rounds counts the distinct members of the seeded rounds that ended on [from, to].
		rounds := func(from, to string) int64 {
			a, _ := time.ParseInLocation(time.DateOnly, from, loc)
			b, _ := time.ParseInLocation(time.DateOnly, to, loc)
			var n int64
			if err := d.QueryRowContext(ctx, d.Rebind(`SELECT COUNT(DISTINCT member_id) FROM game_round
 WHERE vendor = 'BENCH' AND ended_at >= ? AND ended_at < ?`), a.UnixMilli(), b.AddDate(0, 0, 1).UnixMilli()).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		checked := 0
		for a := days; a >= 0; a-- { // one day before the seeded ones
			for b := a; b >= 0; b-- {
				p, err := svc.ParsePeriod(ctx, dayStr(a), dayStr(b))
				if err != nil {
					t.Fatal(err)
				}
				dash, err := svc.Dashboard(ctx, p)
				if err != nil {
					t.Fatal(err)
				}
				want := rounds(p.From, p.To)
				fromFigures, err := figs.ActivePlayers(ctx, p.From, p.To)
				if err != nil {
					t.Fatal(err)
				}
				if dash.Current.ActivePlayers != want || fromFigures != want {
					t.Fatalf("%s..%s: dashboard %d active, figures %d, rounds %d", p.From, p.To, dash.Current.ActivePlayers, fromFigures, want)
				}
				if prior := rounds(dash.Previous.From, dash.Previous.To); dash.Prior.ActivePlayers != prior {
					t.Fatalf("%s..%s (before %s..%s): dashboard %d active, rounds %d", dash.Previous.From, dash.Previous.To, p.From, p.To,
						dash.Prior.ActivePlayers, prior)
				}
				if a == days-1 && b == 0 && (want <= 100 || want >= members) {
					t.Fatalf("the seeded days' %d players: not spread as meant", want)
				}
				checked++
			}
		}
		points, err := svc.Daily(ctx, reports.Period{From: dayStr(days - 1), To: dayStr(0)}, reports.GroupDay)
		if err != nil {
			t.Fatal(err)
		}
		for _, pt := range points {
			if want := rounds(pt.Day, pt.Day); pt.ActivePlayers != want || want == 0 {
				t.Fatalf("%s: %d active, rounds %d", pt.Day, pt.ActivePlayers, want)
			}
		}
		if len(points) != days || checked != (days+1)*(days+2)/2 {
			t.Fatalf("%d days, %d periods checked", len(points), checked)
		}
	})
}
