package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/palaro/palaro/internal/account"
	"github.com/palaro/palaro/internal/activity"
	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/commission"
	"github.com/palaro/palaro/internal/content"
	"github.com/palaro/palaro/internal/figures"
	"github.com/palaro/palaro/internal/gamewallet"
	"github.com/palaro/palaro/internal/ledger"
	"github.com/palaro/palaro/internal/missions"
	"github.com/palaro/palaro/internal/notify"
	"github.com/palaro/palaro/internal/operator"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/jobs"
	"github.com/palaro/palaro/internal/promotions"
	"github.com/palaro/palaro/internal/rewards"
	"github.com/palaro/palaro/internal/vip"
	"github.com/palaro/palaro/internal/wallet"
)

// jobDeps is what the scheduled jobs take from the domains. `palaro serve`
// fills it with its running services (startJobs, wire.go); `palaro jobs`
// with services of its own over the same database (commandJobDeps). A
// domain whose jobs need a service adds a field here and fills it in both.
type jobDeps struct {
	DB     *db.DB
	Clock  clock.Clock
	Logger *slog.Logger
	Brands *brand.Service // the brand's time zone: jobs.Zone(Brands.Location)
	// Commissions settles the agents' contracts (docs/agents.md).
	Commissions *commission.Service
	// Rewards issues the daily rebate from Figures (docs/rewards.md).
	Rewards *rewards.Service
	Figures *figures.Figures
	// Missions pays the leaderboards' ended periods (docs/rewards.md).
	Missions *missions.Service
	// Promotions pays the promotions' cashback from Figures.
	Promotions *promotions.Service
}

// extraJobs lets cmd/palaro's tests add jobs to the registry (the test
// binary acting as palaro); nil in the real binary.
var extraJobs func(jobDeps) []jobs.Job

// jobRegistry is every scheduled job of the binary, the one list `palaro
// serve` runs and `palaro jobs` lists and runs by hand (docs/jobs.md).
func jobRegistry(d jobDeps) (*jobs.Registry, error) {
	reg := jobs.NewRegistry()
	var all []jobs.Job
	zone := jobs.Zone(d.Brands.Location)
	if d.Commissions != nil {
		all = append(all, d.Commissions.Jobs(zone, settleTime(d.Brands))...)
	}
	if d.Rewards != nil && d.Figures != nil {
		figs := rebateFigures{d.Figures, streamCaughtUp(activity.NewStore(d.DB), figures.Name)}
		all = append(all, d.Rewards.RebateJob(zone, figs))
		all = append(all, vip.NewService(d.DB, d.Brands, d.Rewards, d.Clock, d.Logger).Jobs(zone, figs)...)
	}
	if d.Missions != nil {
		all = append(all, d.Missions.PayoutJob(zone, streamCaughtUp(activity.NewStore(d.DB), missions.Name)))
	}
	if d.Promotions != nil && d.Figures != nil {
		all = append(all, d.Promotions.CashbackJob(zone, cashbackFigures{d.Figures, streamCaughtUp(activity.NewStore(d.DB), figures.Name)}))
	}
	if d.Promotions != nil {
		all = append(all, d.Promotions.DrawJob(zone))
	}
	if extraJobs != nil {
		all = append(all, extraJobs(d)...)
	}
	for _, j := range all {
		if err := reg.Register(j); err != nil {
			return nil, err
		}
	}
	return reg, nil
}

// startJobs runs the registry on this instance (every instance runs it; the
// job_run claims keep each period to one). Its runs stop first at shutdown,
// before the streams and stores they use.
func (m *Main) startJobs(ctx context.Context, d jobDeps) error {
	reg, err := jobRegistry(d)
	if err != nil {
		return err
	}
	r := jobs.NewRunner(jobs.NewStore(m.DB), reg, m.Clock, m.Logger, jobs.DefaultConfig)
	r.Start(ctx)
	m.drains = append([]func(context.Context) error{r.Stop}, m.drains...)
	return nil
}

// commandJobDeps builds the jobs' services for `palaro jobs` over store.
// clk decides which periods are due (the runner, the settlement's check);
// the money and the messages are dated by the real clock: under `--as-of`
// they happen now. Messages are stored (the members read them at their
// next visit) without a live push.
func commandJobDeps(store *db.DB, clk clock.Clock, logger *slog.Logger) jobDeps {
	now := clock.System{}
	brands := brand.NewService(brand.NewStore(store), now)
	accounts := account.NewService(account.NewStore(store), brands, account.NewMemoryLimiter(now), now, account.DefaultConfig)
	wallets := wallet.NewService(ledger.NewStore(store, now), brands, nil, logger)
	notices := notify.NewService(notify.NewStore(store), nil, now, logger)
	operators := operator.NewService(operator.NewStore(store), now, operator.DefaultConfig, logger)
	figs := figures.New(store, activity.NewStore(store), brands.Location)
	gw := gamewallet.NewService(gamewallet.NewStore(store), nil, wallets, ledger.NewStore(store, now), now, logger, gamewallet.Config{})
	rw := rewards.NewService(store, gw, rewardPoster{wallets, ledger.NewStore(store, now)}, brands, now, logger)
	return jobDeps{DB: store, Clock: clk, Logger: logger, Brands: brands,
		Commissions: newCommissionService(store, clk, logger, brands, accounts, wallets, notices, operators, figs),
		Rewards:     rw, Figures: figs,
		Missions:   missions.NewService(store, brands, now, logger),
		Promotions: promotions.NewService(store, accounts, brands, rw, content.NewService(content.NewStore(store), now), now, logger)}
}

// commandStream runs the stream's consumers in the command's process
// while a job runs: the settlements wait for them to catch up, and with no
// server running nobody else would move them (with one running, its
// leases keep this one idle).
func commandStream(ctx context.Context, store *db.DB, clk clock.Clock, logger *slog.Logger, brands *brand.Service) (stop func(), err error) {
	stream := activity.NewService(activity.NewStore(store), clk, logger, activity.Config{})
	stream.Register(streamConsumers(store, brands, clk)...)
	if err := stream.Start(ctx); err != nil {
		return nil, err
	}
	return func() {
		sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = stream.Stop(sctx)
	}, nil
}

const jobsUsage = "usage: palaro jobs [list] | palaro jobs run NAME [--period P] [--as-of TIME]"

// jobsCommand: `palaro jobs` (or `jobs list`) shows every registered job
// with its schedule, its last run and the next period due; `jobs run NAME
// [--period P]` runs one period now (default: the latest due), even one
// already done, and records it (docs/jobs.md).
func jobsCommand(ctx context.Context, cfg config.Config, args []string, out io.Writer, logger *slog.Logger) error {
	sub := "list"
	if len(args) > 0 {
		sub = args[0]
	}
	switch {
	case sub == "list" && len(args) <= 1:
		store, err := openSchemaStore(ctx, cfg, true, "jobs")
		if err != nil {
			return err
		}
		defer store.Close()
		d := commandJobDeps(store, clock.System{}, logger)
		reg, err := jobRegistry(d)
		if err != nil {
			return err
		}
		st, err := jobs.NewRunner(jobs.NewStore(store), reg, d.Clock, logger, jobs.DefaultConfig).Status(ctx)
		if err != nil {
			return err
		}
		printJobs(out, st, d.Brands.Location(ctx))
		return nil
	case sub == "run":
		fs := flag.NewFlagSet("jobs run", flag.ContinueOnError)
		fs.SetOutput(io.Discard)
		period := fs.String("period", "", "the period id (default: the latest due)")
		asOf := fs.String("as-of", "", "run as if it were this time (RFC 3339): a drill or a test settling a period before it is due")
		rest := args[1:]
		var name string
		if len(rest) > 0 && !strings.HasPrefix(rest[0], "-") {
			name, rest = rest[0], rest[1:]
		}
		if err := fs.Parse(rest); err != nil {
			return fmt.Errorf("jobs run: %v\n%s", err, jobsUsage)
		}
		if name == "" && fs.NArg() == 1 {
			name = fs.Arg(0)
		} else if fs.NArg() != 0 || name == "" {
			return errors.New(jobsUsage)
		}
		var clk clock.Clock = clock.System{}
		if *asOf != "" {
			t, err := time.Parse(time.RFC3339, *asOf)
			if err != nil {
				return fmt.Errorf("jobs run: --as-of %q is not an RFC 3339 time (2026-11-27T01:00:00+08:00)", *asOf)
			}
			clk = clock.Offset(t.Sub(time.Now()))
		}
		store, err := openSchemaStore(ctx, cfg, false, "jobs")
		if err != nil {
			return err
		}
		defer store.Close()
		d := commandJobDeps(store, clk, logger)
		reg, err := jobRegistry(d)
		if err != nil {
			return err
		}
		stop, err := commandStream(ctx, store, clock.System{}, logger, d.Brands)
		if err != nil {
			return err
		}
		defer stop()
		began := time.Now()
		p, err := jobs.NewRunner(jobs.NewStore(store), reg, d.Clock, logger, jobs.DefaultConfig).RunPeriod(ctx, name, *period)
		switch {
		case errors.Is(err, jobs.ErrUnknownJob), errors.Is(err, jobs.ErrBadPeriod), errors.Is(err, jobs.ErrNotDue), errors.Is(err, jobs.ErrRunning):
			return fmt.Errorf("jobs run: %w", err)
		case err != nil:
			return fmt.Errorf("jobs run: %s %s failed (recorded, retried by the scheduler): %w", name, p.ID, err)
		}
		fmt.Fprintf(out, "jobs run: %s %s done in %s\n", name, p.ID, time.Since(began).Round(time.Millisecond))
		return nil
	}
	return errors.New(jobsUsage)
}

func printJobs(out io.Writer, st []jobs.Status, loc *time.Location) {
	if len(st) == 0 {
		fmt.Fprintln(out, "no scheduled jobs registered")
		return
	}
	at := func(t time.Time) string { return t.In(loc).Format("2006-01-02 15:04:05 -07:00") }
	w := tabwriter.NewWriter(out, 2, 4, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tSCHEDULE\tLAST PERIOD\tSTATUS\tFINISHED\tNEXT PERIOD\tDUE\tERROR")
	for _, s := range st {
		last, status, finished, errText := "-", "never run", "-", ""
		if s.Last != nil {
			last, status = s.Last.Period, s.Last.Status
			if s.Last.Attempts > 1 {
				status += fmt.Sprintf(" (attempt %d)", s.Last.Attempts)
			}
			if !s.Last.FinishedAt.IsZero() {
				finished = at(s.Last.FinishedAt)
			}
			if s.Last.Status == jobs.StatusRunning {
				status += " by " + s.Last.Owner + " until " + at(s.Last.LeaseUntil)
			}
			errText = strings.ReplaceAll(s.Last.Error, "\n", " ")
		}
		due := at(s.NextDue)
		if s.Backlog > 0 {
			due += fmt.Sprintf(" (backlog %d, failed %d)", s.Backlog, s.Failed)
		}
		fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", s.Name, s.Schedule, last, status, finished, s.Next.ID, due, errText)
	}
	w.Flush()
}
