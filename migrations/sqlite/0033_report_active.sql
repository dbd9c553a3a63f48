-- Active players of any period from small rows (internal/reports,
-- docs/reports.md): counting distinct members over the per-member daily
-- figures grows with the members; these rows grow with the days.

-- Each member's days with a settled round (a rolled-back round's day too).
CREATE TABLE report_member_day (
    member_id INTEGER NOT NULL,
    day       TEXT   NOT NULL,
    PRIMARY KEY (member_id, day)
);

-- Members active on day whose active day before it was prev_day ('' for
-- none). The members active in [a, b] are the sum over day in [a, b] with
-- prev_day < a: each counted once, on their first active day of the period.
CREATE TABLE report_active_daily (
    day      TEXT   NOT NULL,
    prev_day TEXT   NOT NULL,
    members  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, prev_day)
);

-- The consumer rebuilds its rows from the stream so the new ones cover the past.
DELETE FROM report_games_daily;
DELETE FROM report_cash_daily;
DELETE FROM report_first_deposit;
UPDATE activity_cursor SET position = 0 WHERE consumer = 'reports.daily';
