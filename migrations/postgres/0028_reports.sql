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
    bets       BIGINT NOT NULL DEFAULT 0,
    valid_bets BIGINT NOT NULL DEFAULT 0,
    wins       BIGINT NOT NULL DEFAULT 0,
    rounds     BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (day, currency, category, vendor, game)
);

-- Money in and out, and new members, per day and currency (registrations
-- under the brand currency of the fact, '' when it had none).
CREATE TABLE report_cash_daily (
    day                  TEXT   NOT NULL,
    currency             TEXT   NOT NULL,
    registrations        BIGINT NOT NULL DEFAULT 0,
    first_deposits       BIGINT NOT NULL DEFAULT 0,
    first_deposit_amount BIGINT NOT NULL DEFAULT 0,
    deposits             BIGINT NOT NULL DEFAULT 0,
    deposit_count        BIGINT NOT NULL DEFAULT 0,
    withdrawals          BIGINT NOT NULL DEFAULT 0,
    withdrawal_count     BIGINT NOT NULL DEFAULT 0,
    adjustments          BIGINT NOT NULL DEFAULT 0,
    bonus                BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (day, currency)
);

-- Each member's first credited deposit: a deposit is a first deposit when
-- its insert here takes.
CREATE TABLE report_first_deposit (
    member_id BIGINT PRIMARY KEY,
    day       TEXT   NOT NULL,
    currency  TEXT   NOT NULL,
    amount    BIGINT NOT NULL
);

-- Active players of a period are the distinct members of figures_daily's
-- rows of those days: read from the index alone.
DROP INDEX figures_daily_day;
CREATE INDEX figures_daily_day_member ON figures_daily (day, member_id, category);
