-- Daily figures (internal/figures, docs/activity.md): the first consumer of
-- the activity stream. Per member, day in the brand's time zone
-- (YYYY-MM-DD), currency, game category and vendor; money in minor units.
-- Deposits, withdrawals and adjustments have no category or vendor ('');
-- transfers have a vendor.
CREATE TABLE figures_daily (
    member_id        BIGINT  NOT NULL,
    day              TEXT    NOT NULL,
    currency         TEXT    NOT NULL,
    category         TEXT    NOT NULL,
    vendor           TEXT    NOT NULL,
    bets             BIGINT  NOT NULL DEFAULT 0,
    valid_bets       BIGINT  NOT NULL DEFAULT 0,
    wins             BIGINT  NOT NULL DEFAULT 0,
    rounds           BIGINT  NOT NULL DEFAULT 0,
    deposits         BIGINT  NOT NULL DEFAULT 0,
    deposit_count    BIGINT  NOT NULL DEFAULT 0,
    withdrawals      BIGINT  NOT NULL DEFAULT 0,
    withdrawal_count BIGINT  NOT NULL DEFAULT 0,
    transfers_out    BIGINT  NOT NULL DEFAULT 0,
    transfers_in     BIGINT  NOT NULL DEFAULT 0,
    adjustments      BIGINT  NOT NULL DEFAULT 0,
    bonus            BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, day, currency, category, vendor)
);
-- Reports read every member's rows of a day range.
CREATE INDEX figures_daily_day ON figures_daily (day);

-- The last stream position the rows include, moved in the transaction that
-- applies a batch (as the consumer's cursor is), so a reader gets the rows
-- and their position in one statement and adds the events after it.
CREATE TABLE figures_position (
    id       INTEGER PRIMARY KEY CHECK (id = 1),
    position BIGINT  NOT NULL
);
INSERT INTO figures_position (id, position) VALUES (1, 0);
