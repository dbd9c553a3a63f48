package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"time"

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/jobs"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/vip"
	"github.com/palaro/palaro/internal/wallet"
)

// palaro bench vip --members N [--week YYYY-Www] [--force]
//
// Bench data only: on the database of PALARO_DATABASE_URL (migrated, the
// demo brand and VIP levels seeded when it has none) N generated members
// with a VIP standing (levels 1 to 8 by member id, 1 in 8 each) and the
// daily figures of one week (member i plays on day i % 7; slots, every
// third also live casino), summed by the database as the stream consumer
// would have; then the week's VIP settlement (weekly rewards) and the
// month's over the same figures (monthly rewards and the keep rule), each
// timed (issue 32's target: 1,000,000 members within benchVIPTarget). It
// refuses a week that has figures already unless --force.
const benchVIPUse = "usage: palaro bench vip --members N [--week YYYY-Www] [--force]"

const benchVIPTarget = 60 * time.Second

func benchVIPCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench vip", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	members := fs.Int("members", 0, "members with a standing and figures in the week")
	weekFlag := fs.String("week", "", "the week (default: last week in the brand's zone)")
	force := fs.Bool("force", false, "seed even if the week has figures")
	if err := fs.Parse(args[1:]); err != nil || *members <= 0 || fs.NArg() != 0 {
		return errors.New(benchVIPUse)
	}
	store, err := openMigrated(ctx, cfg)
	if err != nil {
		return err
	}
	defer store.Close()
	brands := brand.NewService(brand.NewStore(store), clock.System{})
	if _, err := brands.Current(ctx); err != nil {
		if _, err := brands.Seed(ctx, brand.Demo()); err != nil {
			return err
		}
	}
	if _, err := vip.SeedDemo(ctx, store, time.Now().UnixMilli()); err != nil {
		return err
	}
	b, err := brands.Current(ctx)
	if err != nil {
		return err
	}
	zone := jobs.In(brands.Location(ctx))
	weekly := jobs.Weekly(zone)
	var week jobs.Period
	if *weekFlag == "" {
		week = weekly.At(ctx, time.Now().AddDate(0, 0, -7))
	} else if week, err = weekly.Parse(ctx, *weekFlag); err != nil {
		return fmt.Errorf("--week: %w", err)
	}
	loc := brands.Location(ctx)
	first, last := week.Start.In(loc).Format(time.DateOnly), week.End.In(loc).AddDate(0, 0, -1).Format(time.DateOnly)
	var have int
	if err := store.QueryRowContext(ctx, store.Rebind(`SELECT COUNT(*) FROM figures_daily WHERE day >= ? AND day <= ?`), first, last).Scan(&have); err != nil {
		return err
	}
	if have > 0 && !*force {
		return fmt.Errorf("the week %s has %d figure rows already: refusing (--force to seed anyway)", week.ID, have)
	}
	t0 := time.Now()
	if err := seedVIPBench(ctx, store, *members, week.Start.In(loc), b.Currency.Code); err != nil {
		return err
	}
	seeded := time.Since(t0)
	fmt.Fprintf(out, "seeded: %d members' standings and their figures of %s (%s..%s) in %s\n", *members, week.ID, first, last, seeded.Round(time.Millisecond))

	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	now := clock.System{}
	l := ledger.NewStore(store, now)
	w := wallet.NewService(l, brands, nil, logger)
	gw := gamewallet.NewService(gamewallet.NewStore(store), nil, w, l, now, logger, gamewallet.Config{})
	rw := rewards.NewService(store, gw, rewardPoster{w, l}, brands, now, logger)
	club := vip.NewService(store, brands, rw, now, logger)
	figs := rebateFigures{figures.New(store, nil, brands.Location), func(context.Context) error { return nil }}

	cpu0, t1 := cpuSeconds(), time.Now()
	ws, err := club.SettleWeek(ctx, figs, week.ID, first, last)
	if err != nil {
		return err
	}
	wWall, wCPU := time.Since(t1), cpuSeconds()-cpu0
	// The month: the same figures stand for the month (the keep rule reads them as its valid bets).
	month := week.Start.In(loc).Format("2006-01")
	monthStart := time.Date(week.Start.In(loc).Year(), week.Start.In(loc).Month(), 1, 0, 0, 0, 0, loc)
	cpu0, t1 = cpuSeconds(), time.Now()
	ms, err := club.SettleMonth(ctx, figs, month, first, last, monthStart)
	if err != nil {
		return err
	}
	mWall, mCPU := time.Since(t1), cpuSeconds()-cpu0
	fmt.Fprintf(out, "| VIP weekly settlement of %d members (%s) | < %s | %.1f s wall, %.1f s CPU of palaro; %d rewards issued |\n",
		*members, store.Dialect, benchVIPTarget, wWall.Seconds(), wCPU, ws.Issued)
	fmt.Fprintf(out, "| VIP monthly settlement of %d members (%s) | < %s | %.1f s wall, %.1f s CPU of palaro; %d rewards issued, %d members dropped a level |\n",
		*members, store.Dialect, benchVIPTarget, mWall.Seconds(), mCPU, ms.Issued, ms.Dropped)
	res, _ := json.Marshal(map[string]any{"members": *members, "week": week.ID, "seedS": seeded.Seconds(), "weeklyS": wWall.Seconds(), "weeklyCPU": wCPU,
		"weeklyIssued": ws.Issued, "monthlyS": mWall.Seconds(), "monthlyCPU": mCPU, "monthlyIssued": ms.Issued, "dropped": ms.Dropped,
		"pass": wWall < benchVIPTarget && mWall < benchVIPTarget})
	fmt.Fprintln(out, string(res))
	return nil
}

// seedVIPBench writes members 1..n's standings (level 1 + i % 8, held since
// before the month) and their figures of the week starting at monday
// (member i on day i % 7; slots 100.00 to 10,000.00, every third also live
// casino), in chunks of 100,000.
func seedVIPBench(ctx context.Context, store *db.DB, n int, monday time.Time, currency string) error {
	for lo := 1; lo <= n; lo += 100_000 {
		hi := min(n, lo+99_999)
		gen := fmt.Sprintf(`WITH RECURSIVE g(i) AS (SELECT %d UNION ALL SELECT i + 1 FROM g WHERE i < %d) `, lo, hi)
		if store.Dialect == db.Postgres {
			gen = fmt.Sprintf(`WITH g AS (SELECT generate_series(%d, %d) AS i) `, lo, hi)
		}
		err := store.InTx(ctx, func(tx *db.Tx) error {
			_, err := tx.ExecContext(ctx, gen+`INSERT INTO vip_member (member_id, valid_bets, deposits, level, level_since, updated_at)
 SELECT i, 0, 0, 1 + i % 8, 0, 0 FROM g WHERE 1 = 1 ON CONFLICT (member_id) DO NOTHING`)
			if err != nil {
				return err
			}
			for d := 0; d < 7; d++ {
				day := monday.AddDate(0, 0, d).Format(time.DateOnly)
				rows := gen + fmt.Sprintf(`, r AS (SELECT i AS member_id, 'RNG' AS category, (i %% 100 + 1) * 10000 AS bet, (i %% 100 + 1) * 10000 AS valid_bet, 0 AS win FROM g WHERE i %% 7 = %d
 UNION ALL SELECT i, 'LIVE', (i %% 50 + 1) * 20000, (i %% 50 + 1) * 20000, 0 FROM g WHERE i %% 7 = %d AND i %% 3 = 0) `, d, d)
				if err := figures.BenchRounds(ctx, tx, rows, day, currency); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}
