package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
	"github.com/palaro/palaro/internal/platform/db"
	"github.com/palaro/palaro/internal/platform/db/dbtest"
	"github.com/palaro/palaro/internal/platform/jobs"
)

// The test binary acting as palaro (runPalaro) registers these jobs when
// envTestJobs is set, so `palaro jobs` has jobs to list and run; each run
// is appended to the file envTestJobsLog names.
const (
	envTestJobs      = "PALARO_TEST_JOBS"
	envTestJobsLog   = "PALARO_TEST_JOBS_LOG"
	envTestJobsBlock = "PALARO_TEST_JOBS_BLOCK" // test.block waits for its ctx (to be killed mid-run)
)

func init() {
	if os.Getenv(envTestJobs) == "1" {
		extraJobs = cmdTestJobs
	}
}

var jobsLogMu sync.Mutex

func logJobRun(name string, p jobs.Period) error {
	jobsLogMu.Lock()
	defer jobsLogMu.Unlock()
	f, err := os.OpenFile(os.Getenv(envTestJobsLog), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	defer f.Close()
	_, err = fmt.Fprintf(f, "%s %s\n", name, p.ID)
	return err
}

func cmdTestJobs(d jobDeps) []jobs.Job {
	zone := jobs.Zone(d.Brands.Location)
	return []jobs.Job{
		{Name: "test.hourly", Schedule: jobs.Hourly(zone), Run: func(_ context.Context, p jobs.Period) error { return logJobRun("test.hourly", p) }},
		{Name: "test.fail", Schedule: jobs.Daily(0, zone), Run: func(context.Context, jobs.Period) error { return errors.New("no money today") }},
		{Name: "test.block", Schedule: jobs.EveryMinutes(5, zone), Run: func(ctx context.Context, p jobs.Period) error {
			if err := logJobRun("test.block", p); err != nil {
				return err
			}
			if os.Getenv(envTestJobsBlock) == "1" {
				<-ctx.Done()
				return ctx.Err()
			}
			return nil
		}},
	}
}

func readJobsLog(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Fields(strings.ReplaceAll(string(b), " ", "/")) // one "name/period" per run
}

func migratedURL(t *testing.T, d db.Dialect) (string, *db.DB) {
	t.Helper()
	url := dbtest.URL(t, d)
	store, err := db.Open(context.Background(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { store.Close() })
	if _, err := store.Migrate(context.Background()); err != nil {
		t.Fatal(err)
	}
	return url, store
}

// `palaro jobs` and `palaro jobs run` through the real command: list, runs
// by hand (the latest due period, a given one, a done one again), failures
// recorded, and clear refusals with exit status 1.
func TestJobsCommand(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		url, store := migratedURL(t, d)
		logPath := filepath.Join(t.TempDir(), "runs.log")
		t.Setenv(envTestJobs, "1")
		t.Setenv(envTestJobsLog, logPath)

		code, out := runPalaro(t, url, "jobs")
		if code != 0 || !strings.Contains(out, "test.hourly") || !strings.Contains(out, "hourly") || !strings.Contains(out, "never run") ||
			!strings.Contains(out, "test.fail") || !strings.Contains(out, "daily at 00:00") || !strings.Contains(out, "every 5 minutes") {
			t.Fatalf("jobs: %d\n%s", code, out)
		}
		code, out = runPalaro(t, url, "jobs", "run", "test.hourly")
		if code != 0 || !strings.Contains(out, "test.hourly") || !strings.Contains(out, "done") {
			t.Fatalf("jobs run: %d\n%s", code, out)
		}
		runs := readJobsLog(t, logPath)
		if len(runs) != 1 || !strings.HasPrefix(runs[0], "test.hourly/") {
			t.Fatalf("runs %v", runs)
		}
		period := strings.TrimPrefix(runs[0], "test.hourly/")
		if !strings.Contains(out, period) {
			t.Fatalf("the output does not name the period %s:\n%s", period, out)
		}
		// the same period again, by its id, flag first or last
		if code, out := runPalaro(t, url, "jobs", "run", "--period", period, "test.hourly"); code != 0 {
			t.Fatalf("run again: %d\n%s", code, out)
		}
		if code, out := runPalaro(t, url, "jobs", "run", "test.hourly", "--period", period); code != 0 {
			t.Fatalf("run again: %d\n%s", code, out)
		}
		if runs := readJobsLog(t, logPath); len(runs) != 3 {
			t.Fatalf("runs %v", runs)
		}
		row, ok, err := jobs.NewStore(store).Get(ctx, "test.hourly", period)
		if err != nil || !ok || row.Status != jobs.StatusDone || row.Attempts != 3 {
			t.Fatalf("row %+v %v %v", row, ok, err)
		}

		for _, c := range []struct {
			args []string
			want string
		}{
			{[]string{"jobs", "run", "nope"}, `unknown job "nope"`},
			{[]string{"jobs", "run", "test.hourly", "--period", "2026-13-01T00"}, "malformed period"},
			{[]string{"jobs", "run", "test.hourly", "--period", "2026-11-26"}, "malformed period"},
			{[]string{"jobs", "run", "test.hourly", "--period", time.Now().Add(48 * time.Hour).UTC().Format("2006-01-02T15")}, "not due"},
			{[]string{"jobs", "run"}, "usage"},
			{[]string{"jobs", "run", "test.hourly", "extra"}, "usage"},
			{[]string{"jobs", "run", "test.hourly", "--when", "now"}, "usage"},
			{[]string{"jobs", "nope"}, "usage"},
			{[]string{"jobs", "run", "test.fail"}, "no money today"},
		} {
			if code, out := runPalaro(t, url, c.args...); code != 1 || !strings.Contains(out, c.want) {
				t.Errorf("%v: %d, want 1 and %q\n%s", c.args, code, c.want, out)
			}
		}
		code, out = runPalaro(t, url, "jobs", "list")
		if code != 0 || !strings.Contains(out, "failed") || !strings.Contains(out, "no money today") || !strings.Contains(out, period) {
			t.Fatalf("jobs list: %d\n%s", code, out)
		}
		// a database without the schema is refused, not created
		if code, out := runPalaro(t, dbtest.URL(t, d), "jobs"); code != 1 || !(strings.Contains(out, "no schema") || strings.Contains(out, "does not exist")) {
			t.Fatalf("jobs on an empty database: %d\n%s", code, out)
		}
	})
}

// kill -9 in the middle of a run: the claim stays with the dead process
// until its lease passes, then another instance takes the period over.
func TestJobsKilledMidRun(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		ctx := context.Background()
		url, store := migratedURL(t, d)
		logPath := filepath.Join(t.TempDir(), "runs.log")
		t.Setenv(envTestJobsLog, logPath)
		brandZone := jobs.Zone(commandJobDeps(store, clock.System{}, nil).Brands.Location)
		prev := jobs.EveryMinutes(5, brandZone).At(ctx, time.Now().Add(-5*time.Minute))

		cmd := exec.Command(os.Args[0], "-test.run=^TestMainProcess$", "--", "jobs", "run", "test.block", "--period", prev.ID)
		cmd.Env = append(os.Environ(), envRunMain+"=1", envTestJobs+"=1", envTestJobsBlock+"=1", "PALARO_DATABASE_URL="+url, "PALARO_LOG_LEVEL=error")
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(30 * time.Second)
		for len(readJobsLog(t, logPath)) == 0 {
			if time.Now().After(deadline) {
				cmd.Process.Kill()
				t.Fatal("the job never started")
			}
			time.Sleep(20 * time.Millisecond)
		}
		if err := cmd.Process.Kill(); err != nil { // SIGKILL: no deferred code, no shutdown
			t.Fatal(err)
		}
		_ = cmd.Wait()
		row, _, err := jobs.NewStore(store).Get(ctx, "test.block", prev.ID)
		if err != nil || row.Status != jobs.StatusRunning || row.Attempts != 1 || !strings.Contains(row.Owner, fmt.Sprint(cmd.Process.Pid)) {
			t.Fatalf("after kill -9: %+v %v", row, err)
		}

		reg, err := jobRegistry(jobDeps{DB: store, Brands: commandJobDeps(store, clock.System{}, nil).Brands})
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := reg.Job("test.block"); ok {
			t.Fatal("the real binary's registry holds the test jobs")
		}
		extraJobs = cmdTestJobs
		t.Cleanup(func() { extraJobs = nil })
		reg, err = jobRegistry(jobDeps{DB: store, Brands: commandJobDeps(store, clock.System{}, nil).Brands})
		if err != nil {
			t.Fatal(err)
		}
		now := clock.NewFixed(time.Now())
		other := jobs.NewRunner(jobs.NewStore(store), reg, now, nil, jobs.DefaultConfig)
		if _, err := other.RunPeriod(ctx, "test.block", prev.ID); !errors.Is(err, jobs.ErrRunning) {
			t.Fatalf("taken while the dead holder's lease holds: %v", err)
		}
		now.Advance(jobs.DefaultConfig.Lease + time.Second)
		if _, err := other.RunPeriod(ctx, "test.block", prev.ID); err != nil {
			t.Fatal(err)
		}
		row, _, _ = jobs.NewStore(store).Get(ctx, "test.block", prev.ID)
		if row.Status != jobs.StatusDone || row.Attempts != 2 || row.Owner != other.Owner() {
			t.Fatalf("after the takeover: %+v", row)
		}
		if runs := readJobsLog(t, logPath); len(runs) != 2 || runs[0] != runs[1] {
			t.Fatalf("runs %v", runs)
		}
	})
}

// `palaro serve` runs the registry: a job that never ran has its latest due
// period run at start; a failure is recorded for a retry.
func TestServeRunsJobs(t *testing.T) {
	eachDialect(t, func(t *testing.T, d db.Dialect) {
		logPath := filepath.Join(t.TempDir(), "runs.log")
		t.Setenv(envTestJobsLog, logPath)
		extraJobs = cmdTestJobs
		t.Cleanup(func() { extraJobs = nil })
		m := startMain(t, d, false)
		deadline := time.Now().Add(20 * time.Second)
		for {
			runs := strings.Join(readJobsLog(t, logPath), " ")
			if strings.Contains(runs, "test.hourly") && strings.Contains(runs, "test.block") {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the server did not run the jobs: %q", runs)
			}
			time.Sleep(50 * time.Millisecond)
		}
		// the failing job's failure is recorded for a retry
		for {
			last, ok, err := jobs.NewStore(m.DB).Last(context.Background(), "test.fail")
			if err != nil {
				t.Fatal(err)
			}
			if ok && last.Status == jobs.StatusFailed && last.Error == "no money today" && last.RetryAt.After(last.FinishedAt) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the failure was not recorded: %+v", last)
			}
			time.Sleep(50 * time.Millisecond)
		}
	})
}
