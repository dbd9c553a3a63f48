package jobs

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sort"
	"sync"
	"time"

	"github.com/palaro/palaro/internal/platform/clock"
)

// Job is a named function run once per period of its schedule.
type Job struct {
	// Name is the job's key in job_run and on the command line (e.g.
	// "agents.daily_wages"): never rename a job that has run.
	Name     string
	Schedule Schedule
	// Run does the period's work. It must be idempotent: a period may be
	// run again after an instance died mid-run, after a failure, or by hand
	// (`palaro jobs run`). Its ctx ends when the runner stops or the claim
	// is lost.
	Run func(ctx context.Context, p Period) error
	// Delay is added to the schedule's due time (late facts, e.g. rounds
	// settled a few minutes after the hour).
	Delay time.Duration
	// Since is the first period's time: periods before it are never run by
	// the scheduler. Zero: from the earliest period the scheduler ran, and
	// for a job it never ran, the latest due period only (no backfill; runs
	// by hand do not count).
	Since time.Time
	// Sequential: a period waits until every earlier one is done (a failed
	// period holds the later ones back), for jobs whose period reads the
	// previous one's result (dividends carrying a winning period over).
	Sequential bool
}

// ErrUnknownJob: no job of that name is registered.
var ErrUnknownJob = errors.New("jobs: unknown job")

// ErrNotDue: a period asked for by hand has not ended yet (plus its delay).
var ErrNotDue = errors.New("jobs: period not due yet")

// ErrRunning: the period is being run by an instance whose lease holds.
var ErrRunning = errors.New("jobs: period is running elsewhere")

// Registry holds the jobs of the binary. cmd/palaro builds one (jobRegistry)
// for both `palaro serve` and `palaro jobs`.
type Registry struct {
	jobs []Job
}

func NewRegistry() *Registry { return &Registry{} }

// Register adds a job; an empty or duplicate name, a missing schedule or
// function is an error.
func (r *Registry) Register(j Job) error {
	switch {
	case j.Name == "":
		return errors.New("jobs: a job needs a name")
	case j.Schedule == nil || j.Run == nil:
		return fmt.Errorf("jobs: %s needs a schedule and a function", j.Name)
	case j.Delay < 0:
		return fmt.Errorf("jobs: %s: negative delay", j.Name)
	}
	if _, ok := r.Job(j.Name); ok {
		return fmt.Errorf("jobs: %s registered twice", j.Name)
	}
	r.jobs = append(r.jobs, j)
	return nil
}

// Jobs in registration order.
func (r *Registry) Jobs() []Job { return append([]Job(nil), r.jobs...) }

// Job by name.
func (r *Registry) Job(name string) (Job, bool) {
	for _, j := range r.jobs {
		if j.Name == name {
			return j, true
		}
	}
	return Job{}, false
}

// Names of the registered jobs, sorted.
func (r *Registry) Names() []string {
	out := make([]string, 0, len(r.jobs))
	for _, j := range r.jobs {
		out = append(out, j.Name)
	}
	sort.Strings(out)
	return out
}

// Config tunes the runner; zero fields take the defaults.
type Config struct {
	Tick       time.Duration // how often each job looks for due periods (5s)
	Lease      time.Duration // a claim's lease, renewed every third of it while running (1m)
	MaxPerTick int           // periods one job runs per tick; a backlog goes on at the next tick at once (24)
	RetryBase  time.Duration // first retry after a failure, doubled per attempt (30s)
	RetryMax   time.Duration // longest wait between retries (30m)
	Owner      string        // this instance in job_run.owner (host-pid-random)
}

// DefaultConfig is what `palaro serve` runs with.
var DefaultConfig = Config{Tick: 5 * time.Second, Lease: time.Minute, MaxPerTick: 24, RetryBase: 30 * time.Second, RetryMax: 30 * time.Minute}

func (c Config) withDefaults() Config {
	d := DefaultConfig
	if c.Tick > 0 {
		d.Tick = c.Tick
	}
	if c.Lease > 0 {
		d.Lease = c.Lease
	}
	if c.MaxPerTick > 0 {
		d.MaxPerTick = c.MaxPerTick
	}
	if c.RetryBase > 0 {
		d.RetryBase = c.RetryBase
	}
	if c.RetryMax > 0 {
		d.RetryMax = c.RetryMax
	}
	d.Owner = c.Owner
	if d.Owner == "" {
		host, _ := os.Hostname()
		var b [4]byte
		_, _ = rand.Read(b[:])
		d.Owner = fmt.Sprintf("%s-%d-%s", host, os.Getpid(), hex.EncodeToString(b[:]))
	}
	return d
}

// Runner runs a registry's jobs on one instance; any number of instances
// may run on one database.
type Runner struct {
	store  *Store
	reg    *Registry
	clock  clock.Clock
	logger *slog.Logger
	cfg    Config

	mu sync.Mutex
	// low is, per job, a time before which every period is known done in
	// this process, so a tick reads only the rows from there (the first
	// tick reads from the job's start).
	low map[string]time.Time

	stop context.CancelFunc
	wg   sync.WaitGroup
}

func NewRunner(store *Store, reg *Registry, clk clock.Clock, logger *slog.Logger, cfg Config) *Runner {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return &Runner{store: store, reg: reg, clock: clk, logger: logger, cfg: cfg.withDefaults(), low: map[string]time.Time{}}
}

// Owner is this runner's name in job_run.owner.
func (r *Runner) Owner() string { return r.cfg.Owner }

// Start runs each job in its own loop until Stop (or ctx ends).
func (r *Runner) Start(ctx context.Context) {
	ctx, r.stop = context.WithCancel(ctx)
	for _, j := range r.reg.Jobs() {
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			r.loop(ctx, j)
		}()
	}
	r.logger.Info("jobs runner started", "jobs", len(r.reg.jobs), "owner", r.cfg.Owner)
}

// Stop ends the loops and waits for the runs in progress (their ctx is
// cancelled; each is recorded failed, to be retried at once elsewhere)
// or for ctx.
func (r *Runner) Stop(ctx context.Context) error {
	if r.stop == nil {
		return nil
	}
	r.stop()
	done := make(chan struct{})
	go func() { r.wg.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("jobs: stop: %w", ctx.Err())
	}
}

func (r *Runner) loop(ctx context.Context, j Job) {
	t := time.NewTicker(r.cfg.Tick)
	defer t.Stop()
	for {
		n, more, err := r.tickJob(ctx, j)
		if err != nil && ctx.Err() == nil {
			r.logger.Error("jobs tick", "job", j.Name, "err", err)
		}
		if more && n > 0 && ctx.Err() == nil {
			continue // a backlog: the next batch at once
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Tick runs, for every job, its due periods not done (oldest first, at most
// MaxPerTick each) and answers how many it ran. Tests call it instead of
// Start.
func (r *Runner) Tick(ctx context.Context) (int, error) {
	total := 0
	var errs []error
	for _, j := range r.reg.Jobs() {
		n, _, err := r.tickJob(ctx, j)
		total += n
		if err != nil {
			errs = append(errs, err)
		}
	}
	return total, errors.Join(errs...)
}

// plan is what a job has to do now: the due periods not done from its
// start (oldest first, up to limit), whether there are more, and the first
// period not yet due.
type plan struct {
	due []Period // runnable now
	// waiting: due, not done, and not claimable now (failed before its
	// retry time, or held under a live lease); not counted in the limit, so
	// failing periods never hold back the ones after them
	waiting  []Period
	rows     map[string]Run
	more     bool
	upcoming Period
	low      time.Time
}

// from is where a job's periods start: its low-water mark in this process,
// its Since, the earliest period the scheduler ran, or the latest due one.
func (r *Runner) from(ctx context.Context, j Job, now time.Time) (time.Time, error) {
	r.mu.Lock()
	low, ok := r.low[j.Name]
	r.mu.Unlock()
	if ok {
		return low, nil
	}
	if !j.Since.IsZero() {
		return j.Since, nil
	}
	first, ok, err := r.store.First(ctx, j.Name)
	if err != nil || ok {
		return first, err
	}
	return r.latestDue(ctx, j, now).Start, nil
}

func (r *Runner) due(ctx context.Context, j Job, p Period) time.Time {
	return j.Schedule.Due(ctx, p).Add(j.Delay)
}

// latestDue is the last period whose due time has passed.
func (r *Runner) latestDue(ctx context.Context, j Job, now time.Time) Period {
	p := j.Schedule.At(ctx, now)
	for r.due(ctx, j, p).After(now) {
		p = prev(ctx, j.Schedule, p)
	}
	return p
}

func (r *Runner) plan(ctx context.Context, j Job, now time.Time, limit int) (plan, error) {
	from, err := r.from(ctx, j, now)
	if err != nil {
		return plan{}, err
	}
	p := j.Schedule.At(ctx, from)
	rows, err := r.store.Runs(ctx, j.Name, p.Start)
	if err != nil {
		return plan{}, err
	}
	pl := plan{rows: rows, low: p.Start}
	allDone := true
	for ; !r.due(ctx, j, p).After(now); p = next(ctx, j.Schedule, p) {
		row, has := rows[p.ID]
		if has && row.Status == StatusDone {
			if allDone {
				pl.low = p.End
			}
			continue
		}
		allDone = false
		if has && !r.runnable(row, now) {
			pl.waiting = append(pl.waiting, p)
		} else if len(pl.due) == limit {
			pl.more = true
			break
		} else {
			pl.due = append(pl.due, p)
		}
		if j.Sequential { // a later period waits for this one
			pl.more = true
			break
		}
	}
	if !pl.more {
		pl.upcoming = p
	}
	return pl, nil
}

// runnable: the scheduler may claim this row now.
func (r *Runner) runnable(row Run, now time.Time) bool {
	switch row.Status {
	case StatusRunning:
		return row.LeaseUntil.Before(now)
	case StatusFailed:
		return !row.RetryAt.After(now)
	}
	return false
}

// tickJob runs one batch of a job's due periods.
func (r *Runner) tickJob(ctx context.Context, j Job) (ran int, more bool, err error) {
	now := r.clock.Now()
	pl, err := r.plan(ctx, j, now, r.cfg.MaxPerTick)
	if err != nil {
		return 0, false, err
	}
	r.mu.Lock()
	r.low[j.Name] = pl.low
	r.mu.Unlock()
	for _, p := range pl.due {
		if ctx.Err() != nil {
			return ran, more, nil
		}
		ok, _, err := r.execute(ctx, j, p, false)
		if err != nil && !ok {
			return ran, pl.more, err
		}
		if ok {
			ran++
		}
	}
	return ran, pl.more, nil
}

// RunPeriod runs one period of a job by hand now (`palaro jobs run`):
// periodID "" is the latest due period. A done period is run again (the
// job is idempotent) and recorded; a period not yet due is refused
// (ErrNotDue), as is one another instance is running (ErrRunning). The
// job's own error is returned after it is recorded.
func (r *Runner) RunPeriod(ctx context.Context, name, periodID string) (Period, error) {
	j, ok := r.reg.Job(name)
	if !ok {
		return Period{}, fmt.Errorf("%w %q (jobs: %v)", ErrUnknownJob, name, r.reg.Names())
	}
	now := r.clock.Now()
	var p Period
	if periodID == "" {
		p = r.latestDue(ctx, j, now)
	} else {
		var err error
		if p, err = j.Schedule.Parse(ctx, periodID); err != nil {
			return Period{}, err
		}
		if due := r.due(ctx, j, p); due.After(now) {
			return p, fmt.Errorf("%w: %s %s is due at %s", ErrNotDue, name, p.ID, due.Format(time.RFC3339))
		}
	}
	claimed, row, err := r.execute(ctx, j, p, true)
	if !claimed && err == nil {
		return p, fmt.Errorf("%w: %s %s is held by %s until %s", ErrRunning, name, p.ID, row.Owner, row.LeaseUntil.Format(time.RFC3339))
	}
	return p, err
}

// execute claims p and, when claimed, runs the job with the lease renewed
// and records the outcome. It answers whether it claimed, the row when it
// did not, and the job's (or the store's) error.
func (r *Runner) execute(ctx context.Context, j Job, p Period, byHand bool) (bool, Run, error) {
	owner := r.cfg.Owner
	claimed, row, err := r.store.claim(ctx, j.Name, p, owner, r.clock.Now(), r.cfg.Lease, byHand)
	if err != nil || !claimed {
		return false, row, err
	}
	began := time.Now()
	runCtx, cancel := context.WithCancel(ctx)
	lost := make(chan struct{})
	renewed := make(chan struct{})
	go func() { // renew the lease; a lost claim cancels the run
		defer close(renewed)
		t := time.NewTicker(r.cfg.Lease / 3)
		defer t.Stop()
		for {
			select {
			case <-runCtx.Done():
				return
			case <-t.C:
				ok, err := r.store.renew(runCtx, j.Name, p.ID, owner, r.clock.Now().Add(r.cfg.Lease))
				if err == nil && !ok {
					close(lost)
					cancel()
					return
				}
			}
		}
	}()
	runErr := r.call(runCtx, j, p)
	cancel()
	<-renewed

	// Recorded even when the runner is stopping: a run cut short by the
	// shutdown is failed and may be retried at once by another instance.
	recCtx, done := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer done()
	now := r.clock.Now()
	msg, retry := "", time.Time{}
	if runErr != nil {
		msg = runErr.Error()
		if msg == "" {
			msg = "failed"
		}
		retry = now.Add(r.backoff(row.Attempts))
		if ctx.Err() != nil {
			retry = now
		}
	}
	held, err := r.store.finish(recCtx, j.Name, p.ID, owner, now, msg, retry)
	select {
	case <-lost:
		held = false
	default:
	}
	log := r.logger.With("job", j.Name, "period", p.ID, "attempt", row.Attempts, "by_hand", byHand, "took_ms", time.Since(began).Milliseconds())
	switch {
	case err != nil:
		log.Error("job run not recorded", "run_err", runErr, "err", err)
		return true, row, errors.Join(runErr, err)
	case !held:
		log.Warn("job run lost its claim (lease passed); another instance took the period over", "err", runErr)
	case runErr != nil:
		log.Error("job run failed", "err", runErr, "retry_at", retry)
	default:
		log.Info("job run done")
	}
	return true, row, runErr
}

// call runs the job, a panic becoming its error.
func (r *Runner) call(ctx context.Context, j Job, p Period) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v", v)
		}
	}()
	return j.Run(ctx, p)
}

// backoff after the attempt-th failure: RetryBase doubled per attempt, at
// most RetryMax.
func (r *Runner) backoff(attempt int) time.Duration {
	d := r.cfg.RetryBase
	for i := 1; i < attempt && d < r.cfg.RetryMax; i++ {
		d *= 2
	}
	return min(d, r.cfg.RetryMax)
}

// Status is a job as `palaro jobs list` shows it.
type Status struct {
	Name     string
	Schedule string
	Last     *Run      // the latest attempt; nil when never run
	Next     Period    // the next period the scheduler will run
	NextDue  time.Time // when (in the past while there is a backlog)
	Backlog  int       // due periods not done (the runnable ones counted up to 1000)
	Failed   int       // of which failed (retried when their retry time comes)
}

// Status of every job in registration order.
func (r *Runner) Status(ctx context.Context) ([]Status, error) {
	now := r.clock.Now()
	var out []Status
	for _, j := range r.reg.Jobs() {
		st := Status{Name: j.Name, Schedule: j.Schedule.String()}
		if j.Delay > 0 {
			st.Schedule += " + " + j.Delay.String()
		}
		if j.Sequential {
			st.Schedule += ", in order"
		}
		last, ok, err := r.store.Last(ctx, j.Name)
		if err != nil {
			return nil, err
		}
		if ok {
			st.Last = &last
		}
		pl, err := r.plan(ctx, Job{Name: j.Name, Schedule: j.Schedule, Delay: j.Delay, Since: j.Since}, now, 1000)
		if err != nil {
			return nil, err
		}
		st.Backlog = len(pl.due) + len(pl.waiting)
		for _, p := range append(pl.due, pl.waiting...) {
			if row, has := pl.rows[p.ID]; has && row.Status == StatusFailed {
				st.Failed++
			}
		}
		// the oldest period not done: runnable now, or waiting for its retry
		// time (or for the lease of the instance running it)
		var first *Period
		for _, list := range [][]Period{pl.due, pl.waiting} {
			if len(list) > 0 && (first == nil || list[0].Start.Before(first.Start)) {
				first = &list[0]
			}
		}
		if first != nil {
			st.Next, st.NextDue = *first, r.due(ctx, j, *first)
			if row, has := pl.rows[first.ID]; has && row.Status == StatusFailed && row.RetryAt.After(st.NextDue) {
				st.NextDue = row.RetryAt
			}
		} else {
			st.Next, st.NextDue = pl.upcoming, r.due(ctx, j, pl.upcoming)
		}
		out = append(out, st)
	}
	return out, nil
}
