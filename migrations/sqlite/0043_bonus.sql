-- The bonus balance (issue 32, internal/gamewallet/bonus.go, docs/rewards.md):
-- each grant with its wagering requirement and progress, and the bonus part
-- of the stake of a round still open, which splits its wins. Times are Unix
-- milliseconds, amounts minor units, weights basis points per category.
CREATE TABLE bonus_grant (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    grant_key TEXT NOT NULL UNIQUE,
    member_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    source TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    amount BIGINT NOT NULL,
    wager_required BIGINT NOT NULL,
    wagered BIGINT NOT NULL DEFAULT 0,
    max_bet BIGINT NOT NULL DEFAULT 0,
    max_convert BIGINT NOT NULL DEFAULT 0,
    weights TEXT NOT NULL,          -- JSON {"SLOT": 10000, ...}
    status TEXT NOT NULL,           -- ACTIVE, CONVERTING, FORFEITING, CONVERTED, FORFEITED, EXPIRED
    reason TEXT NOT NULL DEFAULT '',
    posted INTEGER NOT NULL DEFAULT 0,  -- 1 once the grant's posting is in the ledger
    converted BIGINT NOT NULL DEFAULT 0,
    forfeited BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    ended_at BIGINT NOT NULL DEFAULT 0
);
-- One grant at a time per member, until its money has left the bonus balance.
CREATE UNIQUE INDEX bonus_grant_live ON bonus_grant (member_id) WHERE status IN ('ACTIVE', 'CONVERTING', 'FORFEITING');
CREATE INDEX bonus_grant_member ON bonus_grant (member_id, id);
CREATE INDEX bonus_grant_due ON bonus_grant (status, expires_at);

CREATE TABLE bonus_round (
    vendor TEXT NOT NULL,
    round_id TEXT NOT NULL,
    member_id BIGINT NOT NULL,
    grant_id BIGINT NOT NULL,
    bet BIGINT NOT NULL,
    bonus_bet BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (vendor, round_id)
) WITHOUT ROWID;
