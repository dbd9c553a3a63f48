-- Daily figures (internal/figures, docs/activity.md): the first consumer of
-- the activity stream. Per member, day in the brand's time zone
-- (YYYY-MM-DD), currency, game category and vendor; money in minor units.
-- Deposits, withdrawals and adjustments have no category or vendor ('');
-- transfers have a vendor.
CREATE TABLE figures_daily (
    member_id        INTEGER NOT NULL,
    day              TEXT    NOT NULL,
    currency         TEXT    NOT NULL,
    category         TEXT    NOT NULL,
    vendor           TEXT    NOT NULL,
    bets             INTEGER NOT NULL DEFAULT 0,
    valid_bets       INTEGER NOT NULL DEFAULT 0,
    wins             INTEGER NOT NULL DEFAULT 0,
    rounds           INTEGER NOT NULL DEFAULT 0,
    deposits         INTEGER NOT NULL DEFAULT 0,
    deposit_count    INTEGER NOT NULL DEFAULT 0,
    withdrawals      INTEGER NOT NULL DEFAULT 0,
    withdrawal_count INTEGER NOT NULL DEFAULT 0,
    transfers_out    INTEGER NOT NULL DEFAULT 0,
    transfers_in     INTEGER NOT NULL DEFAULT 0,
    adjustments      INTEGER NOT NULL DEFAULT 0,
    bonus            INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, day, currency, category, vendor)
);
-- Reports read every member's rows of a day range.
CREATE INDEX figures_daily_day ON figures_daily (day);

-- The last stream position the rows include, moved in the transaction that
-- applies a batch (as the consumer's cursor is), so a reader gets the rows
-- and their position in one statement and adds the events after it.
CREATE TABLE figures_position (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    position INTEGER NOT NULL
);
INSERT INTO figures_position (id, position) VALUES (1, 0);
