-- Brand-wide daily report rows (internal/reports, docs/reports.md): the
-- activity stream's consumer "reports.daily". Days in the brand's time zone
-- (YYYY-MM-DD); money in minor units. Per-member sums stay in figures_daily.

-- Settled rounds per day, currency, category, vendor and game.
CREATE TABLE report_games_daily (
    day        TEXT   NOT NULL,
    currency   TEXT   NOT NULL,
    category   TEXT   NOT NULL,
    vendor     TEXT   NOT NULL,
    game       TEXT   NOT NULL,
    bets       INTEGER NOT NULL DEFAULT 0,
    valid_bets INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    rounds     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, currency, category, vendor, game)
);

-- Money in and out, and new members, per day and currency (registrations
-- under the brand currency of the fact, '' when it had none).
CREATE TABLE report_cash_daily (
    day                  TEXT   NOT NULL,
    currency             TEXT   NOT NULL,
    registrations        INTEGER NOT NULL DEFAULT 0,
    first_deposits       INTEGER NOT NULL DEFAULT 0,
    first_deposit_amount INTEGER NOT NULL DEFAULT 0,
    deposits             INTEGER NOT NULL DEFAULT 0,
    deposit_count        INTEGER NOT NULL DEFAULT 0,
    withdrawals          INTEGER NOT NULL DEFAULT 0,
    withdrawal_count     INTEGER NOT NULL DEFAULT 0,
    adjustments          INTEGER NOT NULL DEFAULT 0,
    bonus                INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (day, currency)
);

-- Each member's first credited deposit: a deposit is a first deposit when
-- its insert here takes.
CREATE TABLE report_first_deposit (
    member_id INTEGER PRIMARY KEY,
    day       TEXT   NOT NULL,
    currency  TEXT   NOT NULL,
    amount    INTEGER NOT NULL
);

-- Active players of a period are the distinct members of figures_daily's
-- rows of those days: read from the index alone.
DROP INDEX figures_daily_day;
CREATE INDEX figures_daily_day_member ON figures_daily (day, member_id, category);
