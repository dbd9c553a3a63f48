-- Each member's play per 5-minute slot (Unix milliseconds of the slot's
-- start), kept by the stream consumer "commission.slots" for the hourly
-- wages and real-time salaries, whose periods are parts of a day the daily
-- figures do not cut (internal/commission/teams.go). Slots older than the
-- retention are pruned.
CREATE TABLE commission_member_slot (
    slot       BIGINT  NOT NULL,
    member_id  BIGINT  NOT NULL,
    currency   TEXT    NOT NULL,
    bets       BIGINT  NOT NULL DEFAULT 0,
    valid_bets BIGINT  NOT NULL DEFAULT 0,
    wins       BIGINT  NOT NULL DEFAULT 0,
    PRIMARY KEY (slot, member_id, currency)
) WITHOUT ROWID;
