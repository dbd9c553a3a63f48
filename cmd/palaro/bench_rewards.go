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
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/wallet"
)

// palaro bench rebate --members N [--day YYYY-MM-DD] [--force]
//
// Bench data only: on the database of PALARO_DATABASE_URL (migrated, the
// demo brand seeded when it has none) the daily figures of one day for N
// generated members (every member plays slots, every third also live
// casino, valid bets 1.00 to 1,000.00), summed by the database as the
// stream consumer would have; then the daily rebate of that day, timed
// (issue 32's target: 1,000,000 members within benchRebateTarget). It
// refuses a day that has figures already unless --force.
const benchRebateUse = "usage: palaro bench rebate --members N [--day YYYY-MM-DD] [--force]"

const benchRebateTarget = 60 * time.Second

func benchRebateCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("bench rebate", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	members := fs.Int("members", 0, "members with figures on the day")
	dayFlag := fs.String("day", "", "the day (default: yesterday in the brand's zone)")
	force := fs.Bool("force", false, "seed even if the day has figures")
	if err := fs.Parse(args[1:]); err != nil || *members <= 0 || fs.NArg() != 0 {
		return errors.New(benchRebateUse)
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
	b, err := brands.Current(ctx)
	if err != nil {
		return err
	}
	loc := brands.Location(ctx)
	day := *dayFlag
	if day == "" {
		day = time.Now().In(loc).AddDate(0, 0, -1).Format(time.DateOnly)
	}
	dayStart, err := time.ParseInLocation(time.DateOnly, day, loc)
	if err != nil {
		return fmt.Errorf("--day: %w", err)
	}
	var have int
	if err := store.QueryRowContext(ctx, store.Rebind(`SELECT COUNT(*) FROM figures_daily WHERE day = ?`), day).Scan(&have); err != nil {
		return err
	}
	if have > 0 && !*force {
		return fmt.Errorf("the day %s has %d figure rows already: refusing (--force to seed anyway)", day, have)
	}
	t0 := time.Now()
	if err := seedRebateFigures(ctx, store, *members, day, b.Currency.Code); err != nil {
		return err
	}
	seeded := time.Since(t0)
	fmt.Fprintf(out, "figures: %d members on %s (slots, every third also live casino) in %s\n", *members, day, seeded.Round(time.Millisecond))

	logger := slog.New(slog.NewTextHandler(io.Discard, nil))
	now := clock.System{}
	l := ledger.NewStore(store, now)
	w := wallet.NewService(l, brands, nil, logger)
	gw := gamewallet.NewService(gamewallet.NewStore(store), nil, w, l, now, logger, gamewallet.Config{})
	svc := rewards.NewService(store, gw, rewardPoster{w, l}, brands, now, logger)
	figs := figures.New(store, nil, brands.Location)
	cpu0, t1 := cpuSeconds(), time.Now()
	n, err := svc.IssueRebates(ctx, rebateFigures{figs, func(context.Context) error { return nil }}, day, dayStart)
	if err != nil {
		return err
	}
	wall, cpu := time.Since(t1), cpuSeconds()-cpu0
	pass := wall < benchRebateTarget
	fmt.Fprintf(out, "| daily rebate of %d members (%s) | < %s | %.1f s wall, %.1f s CPU of palaro; %d rewards issued |\n",
		*members, store.Dialect, benchRebateTarget, wall.Seconds(), cpu, n)
	res, _ := json.Marshal(map[string]any{"members": *members, "day": day, "seedS": seeded.Seconds(), "wallS": wall.Seconds(), "cpuS": cpu, "issued": n, "pass": pass})
	fmt.Fprintln(out, string(res))
	return nil
}

// seedRebateFigures writes the day's figures of members 1..n in chunks of
// 100,000, summed by the database (figures.BenchRounds).
func seedRebateFigures(ctx context.Context, store *db.DB, n int, day, currency string) error {
	for lo := 1; lo <= n; lo += 100_000 {
		hi := min(n, lo+99_999)
		gen := fmt.Sprintf(`WITH RECURSIVE g(i) AS (SELECT %d UNION ALL SELECT i + 1 FROM g WHERE i < %d), `, lo, hi)
		if store.Dialect == db.Postgres {
			gen = fmt.Sprintf(`WITH g AS (SELECT generate_series(%d, %d) AS i), `, lo, hi)
		}
		rows := gen + `r AS (SELECT i AS member_id, 'RNG' AS category, (i % 1000 + 1) * 100 AS bet, (i % 1000 + 1) * 100 AS valid_bet, (i % 700) * 100 AS win FROM g
 UNION ALL SELECT i, 'LIVE', (i % 500 + 1) * 200, (i % 500 + 1) * 200, (i % 300) * 200 FROM g WHERE i % 3 = 0) `
		if err := store.InTx(ctx, func(tx *db.Tx) error { return figures.BenchRounds(ctx, tx, rows, day, currency) }); err != nil {
			return err
		}
	}
	return nil
}
