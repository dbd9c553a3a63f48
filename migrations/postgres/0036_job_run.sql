-- Scheduled jobs (internal/platform/jobs, docs/jobs.md): one row per job and
-- period, claimed by one instance at a time. A claim is a conditional insert
-- or update that takes the row while nobody holds a live lease on it; the
-- holder renews lease_until while the job runs, so a killed instance's claim
-- is taken over once its lease has passed. A done period is never run again
-- by the scheduler (only by hand, `palaro jobs run`); a failed one is retried
-- from retry_at. Times are Unix milliseconds (0: not yet).
CREATE TABLE job_run (
    name         TEXT    NOT NULL,
    period       TEXT    NOT NULL,
    period_start BIGINT  NOT NULL,
    period_end   BIGINT  NOT NULL,
    status       TEXT    NOT NULL,
    attempts     INTEGER NOT NULL,
    owner        TEXT    NOT NULL,
    lease_until  BIGINT  NOT NULL,
    retry_at     BIGINT  NOT NULL,
    started_at   BIGINT  NOT NULL,
    finished_at  BIGINT  NOT NULL,
    error        TEXT    NOT NULL,
    -- 1 once the scheduler (not only `palaro jobs run`) has claimed the
    -- period: a job without a start of its own catches up from its earliest
    -- such period, so re-running an old period by hand starts no backfill.
    by_scheduler INTEGER NOT NULL,
    PRIMARY KEY (name, period)
);
-- The runner reads a job's periods from a start time (catch-up, next due).
CREATE INDEX job_run_name_start ON job_run (name, period_start);
