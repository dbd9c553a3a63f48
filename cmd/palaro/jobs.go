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

	"github.com/palaro/palaro/internal/brand"
	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/config"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/jobs"
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
}

// extraJobs lets cmd/palaro's tests add jobs to the registry (the test
// binary acting as palaro); nil in the real binary.
var extraJobs func(jobDeps) []jobs.Job

// jobRegistry is every scheduled job of the binary, the one list `palaro
// serve` runs and `palaro jobs` lists and runs by hand (docs/jobs.md).
func jobRegistry(d jobDeps) (*jobs.Registry, error) {
	reg := jobs.NewRegistry()
	var all []jobs.Job
	// Domains register their jobs here, e.g.
	//   all = append(all, agents.SettlementJobs(d.Agents, jobs.Zone(d.Brands.Location))...)
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
func commandJobDeps(store *db.DB, logger *slog.Logger) jobDeps {
	return jobDeps{DB: store, Clock: clock.System{}, Logger: logger, Brands: brand.NewService(brand.NewStore(store), clock.System{})}
}

const jobsUsage = "usage: palaro jobs [list] | palaro jobs run NAME [--period P]"

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
		d := commandJobDeps(store, logger)
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
		store, err := openSchemaStore(ctx, cfg, false, "jobs")
		if err != nil {
			return err
		}
		defer store.Close()
		d := commandJobDeps(store, logger)
		reg, err := jobRegistry(d)
		if err != nil {
			return err
		}
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
