// Command palaro is the whole platform in one binary:
//
//	palaro serve     run the HTTP server (PALARO_ADDR, PALARO_METRICS_ADDR, PALARO_DATABASE_URL, PALARO_REDIS_URL, PALARO_DEMO)
//	palaro migrate   apply the embedded schema migrations
//	palaro seed      load the demo brand and content into an empty database
//	palaro brand export|import FILE   print or replace the brand configuration (JSON)
//	palaro ledger verify   recompute balances from postings, read-only; exit 1 on any difference or a database without the schema
//	palaro events [status] | replay NAME | verify [--since DAY]   the activity stream: consumers' positions and lag, rebuild one, check the daily figures (events.go)
//	palaro jobs [list] | run NAME [--period P]   the scheduled jobs: last and next run; run one period by hand (jobs.go)
//	palaro operator add --username U --role R   add a back-office operator (password: PALARO_OPERATOR_PASSWORD or stdin)
//	palaro operator otp USERNAME                print a demo operator's current TOTP code (PALARO_DEMO=1 only)
//	palaro member add --username U   add a player (password: PALARO_MEMBER_PASSWORD or stdin)
//	palaro catalog maintenance --game CODE|--vendor CODE [--game-type T] --on|--off   flip maintenance (catalog.go)
//	palaro version   print the binary and schema versions
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	_ "time/tzdata" // brand time zones load on hosts without a zone database

	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/webui"
)

var version = "dev"

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "palaro:", err)
		os.Exit(1)
	}
}

func usage() error {
	return errors.New("usage: palaro serve | migrate | seed | brand export | brand import FILE | ledger verify | events [status|replay NAME|verify] | jobs [list|run NAME [--period P]] | operator add|otp | member add | catalog maintenance | bench seed-members|search | version")
}

func run(args []string) error {
	if len(args) == 0 {
		return usage()
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: cfg.LogLevel}))
	slog.SetDefault(logger)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	switch args[0] {
	case "serve":
		gc, err := tuneGC(func(k string) string { return cfg.Runtime[k] })
		if err != nil {
			return err
		}
		logger.Info("gc", "gogc", gc.GOGC, "memory_limit", gc.MemoryLimit)
		m := NewMain(cfg, logger)
		if err := m.Run(ctx); err != nil {
			m.Close()
			return err
		}
		if cfg.Demo && (cfg.Banner || isTerminal(os.Stderr)) { // not into test runners' logs
			readyBanner{URL: browserURL(m.Addr()), ConsolePath: webui.ConsolePath}.write(os.Stderr)
		}
		<-ctx.Done()
		logger.Info("shutting down")
		return m.Close()
	case "migrate":
		store, err := db.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			return err
		}
		defer store.Close()
		n, err := store.Migrate(ctx)
		if err != nil {
			return err
		}
		logger.Info("migrated", "applied", n, "version", db.LatestVersion(store.Dialect))
		return nil
	case "seed":
		store, err := openMigrated(ctx, cfg)
		if err != nil {
			return err
		}
		defer store.Close()
		seeded, err := seedDemo(ctx, store, cfg.Demo)
		if err != nil {
			return err
		}
		logger.Info("seed", "seeded", seeded)
		return nil
	case "brand":
		return brandCommand(ctx, cfg, args[1:])
	case "ledger":
		return ledgerCommand(ctx, cfg, args[1:], os.Stdout)
	case "events":
		return eventsCommand(ctx, cfg, args[1:], os.Stdout)
	case "jobs":
		return jobsCommand(ctx, cfg, args[1:], os.Stdout, logger)
	case "operator":
		return operatorCommand(ctx, cfg, args[1:], os.Stdin, os.Stdout)
	case "member":
		return memberCommand(ctx, cfg, args[1:], os.Stdin, os.Stdout)
	case "catalog":
		return catalogCommand(ctx, cfg, args[1:], os.Stdout)
	case "bench":
		return benchCommand(ctx, cfg, args[1:], os.Stdout)
	case "version":
		fmt.Printf("palaro %s (schema sqlite %d, postgres %d)\n", version, db.LatestVersion(db.SQLite), db.LatestVersion(db.Postgres))
		return nil
	default:
		return usage()
	}
}

// openMigrated opens the configured store and brings its schema up to date,
// for the one-shot commands that write (seed, brand import).
func openMigrated(ctx context.Context, cfg config.Config) (*db.DB, error) {
	store, err := db.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if _, err := store.Migrate(ctx); err != nil {
		store.Close()
		return nil, err
	}
	return store, nil
}
