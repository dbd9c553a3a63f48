package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/palaro/palaro/internal/platform/db"
)

// Run states in job_run.
const (
	StatusRunning = "running"
	StatusDone    = "done"
	StatusFailed  = "failed"
)

// Run is one job_run row: a period's latest attempt.
type Run struct {
	Name       string
	Period     string
	Start, End time.Time
	Status     string
	Attempts   int
	Owner      string
	LeaseUntil time.Time
	RetryAt    time.Time
	StartedAt  time.Time
	FinishedAt time.Time // zero until finished
	Error      string
}

// Store is the only reader and writer of job_run.
type Store struct{ db *db.DB }

func NewStore(d *db.DB) *Store { return &Store{db: d} }

func ms(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMS(v int64) time.Time {
	if v == 0 {
		return time.Time{}
	}
	return time.UnixMilli(v)
}

// claim takes (name, p) for owner until now+lease, when nobody holds a live
// lease on it and, unless force (a run by hand), it is neither done nor
// waiting for its retry time. It answers whether it was taken and the row
// as it stands (the other holder's when not).
func (s *Store) claim(ctx context.Context, name string, p Period, owner string, now time.Time, lease time.Duration, force bool) (bool, Run, error) {
	until := ms(now.Add(lease))
	byScheduler := 1
	if force {
		byScheduler = 0
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`INSERT INTO job_run
 (name, period, period_start, period_end, status, attempts, owner, lease_until, retry_at, started_at, finished_at, error, by_scheduler)
 VALUES (?, ?, ?, ?, ?, 1, ?, ?, 0, ?, 0, '', ?) ON CONFLICT (name, period) DO NOTHING`),
		name, p.ID, ms(p.Start), ms(p.End), StatusRunning, owner, until, ms(now), byScheduler)
	if err != nil {
		return false, Run{}, fmt.Errorf("jobs: claim %s %s: %w", name, p.ID, err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return false, Run{}, err
	} else if n == 1 {
		r, _, err := s.get(ctx, name, p.ID)
		return true, r, err
	}
	// The row exists: take it over only if its holder's lease has passed,
	// or it failed and its retry time has come (any time by hand), or it is
	// done and this is a run by hand.
	args := []any{StatusRunning, owner, until, ms(now), ms(p.Start), ms(p.End), byScheduler, name, p.ID, ms(now)}
	cond := `(status = 'running' AND lease_until < ?) OR (status = 'failed' AND retry_at <= ?)`
	if force {
		cond = `(status = 'running' AND lease_until < ?) OR status <> 'running'`
	} else {
		args = append(args, ms(now))
	}
	res, err = s.db.ExecContext(ctx, s.db.Rebind(`UPDATE job_run SET status = ?, owner = ?, lease_until = ?, attempts = attempts + 1,
 started_at = ?, finished_at = 0, period_start = ?, period_end = ?, by_scheduler = CASE WHEN by_scheduler = 1 THEN 1 ELSE ? END
 WHERE name = ? AND period = ? AND (`+cond+`)`), args...)
	if err != nil {
		return false, Run{}, fmt.Errorf("jobs: claim %s %s: %w", name, p.ID, err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return false, Run{}, err
	}
	r, _, err := s.get(ctx, name, p.ID)
	return n == 1, r, err
}

// renew extends owner's lease; false when the claim was lost (taken over
// after the lease passed).
func (s *Store) renew(ctx context.Context, name, period, owner string, until time.Time) (bool, error) {
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE job_run SET lease_until = ?
 WHERE name = ? AND period = ? AND owner = ? AND status = 'running'`), ms(until), name, period, owner)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

// finish records owner's attempt as done, or as failed with msg and the
// time it may be retried; false when owner no longer held the claim.
func (s *Store) finish(ctx context.Context, name, period, owner string, now time.Time, msg string, retryAt time.Time) (bool, error) {
	status := StatusDone
	if msg != "" {
		status = StatusFailed
	}
	res, err := s.db.ExecContext(ctx, s.db.Rebind(`UPDATE job_run SET status = ?, error = ?, retry_at = ?, finished_at = ?, lease_until = 0
 WHERE name = ? AND period = ? AND owner = ? AND status = 'running'`), status, msg, ms(retryAt), ms(now), name, period, owner)
	if err != nil {
		return false, err
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

const runColumns = `name, period, period_start, period_end, status, attempts, owner, lease_until, retry_at, started_at, finished_at, error`

type scanner interface{ Scan(...any) error }

func scanRun(sc scanner) (Run, error) {
	var r Run
	var start, end, lease, retry, started, finished int64
	err := sc.Scan(&r.Name, &r.Period, &start, &end, &r.Status, &r.Attempts, &r.Owner, &lease, &retry, &started, &finished, &r.Error)
	r.Start, r.End, r.LeaseUntil, r.RetryAt = fromMS(start), fromMS(end), fromMS(lease), fromMS(retry)
	r.StartedAt, r.FinishedAt = fromMS(started), fromMS(finished)
	return r, err
}

// Get is one period's row.
func (s *Store) Get(ctx context.Context, name, period string) (Run, bool, error) {
	return s.get(ctx, name, period)
}

func (s *Store) get(ctx context.Context, name, period string) (Run, bool, error) {
	r, err := scanRun(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+runColumns+` FROM job_run WHERE name = ? AND period = ?`), name, period))
	if db.IsNoRows(err) {
		return Run{}, false, nil
	}
	if err != nil {
		return Run{}, false, fmt.Errorf("jobs: %s %s: %w", name, period, err)
	}
	return r, true, nil
}

// Last is the job's most recently started attempt.
func (s *Store) Last(ctx context.Context, name string) (Run, bool, error) {
	r, err := scanRun(s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT `+runColumns+` FROM job_run WHERE name = ?
 ORDER BY started_at DESC, period_start DESC LIMIT 1`), name))
	if db.IsNoRows(err) {
		return Run{}, false, nil
	}
	if err != nil {
		return Run{}, false, fmt.Errorf("jobs: last run of %s: %w", name, err)
	}
	return r, true, nil
}

// First is the start of the job's earliest period the scheduler claimed
// (runs by hand alone do not move a job's start).
func (s *Store) First(ctx context.Context, name string) (time.Time, bool, error) {
	var v *int64
	if err := s.db.QueryRowContext(ctx, s.db.Rebind(`SELECT MIN(period_start) FROM job_run WHERE name = ? AND by_scheduler = 1`), name).Scan(&v); err != nil {
		return time.Time{}, false, fmt.Errorf("jobs: first run of %s: %w", name, err)
	}
	if v == nil {
		return time.Time{}, false, nil
	}
	return time.UnixMilli(*v), true, nil
}

// Runs are the job's rows for periods starting at or after from, by id.
func (s *Store) Runs(ctx context.Context, name string, from time.Time) (map[string]Run, error) {
	rows, err := s.db.QueryContext(ctx, s.db.Rebind(`SELECT `+runColumns+` FROM job_run WHERE name = ? AND period_start >= ?`), name, from.UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("jobs: runs of %s: %w", name, err)
	}
	defer rows.Close()
	out := map[string]Run{}
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, err
		}
		out[r.Period] = r
	}
	return out, rows.Err()
}
