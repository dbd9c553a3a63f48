-- Responsible gaming (internal/rg, docs/responsible-gaming.md).
-- rg_member: one row per member who ever changed a setting; it carries the
-- reality-check interval and the current block (time-out or exclusion),
-- and is the row one member's changes lock so they run one at a time.
CREATE TABLE rg_member (
    member_id      INTEGER PRIMARY KEY,
    reality_minutes INTEGER NOT NULL DEFAULT 0,
    block_kind     TEXT    NOT NULL DEFAULT '',
    block_from     INTEGER NOT NULL DEFAULT 0,
    block_until    INTEGER NOT NULL DEFAULT 0,
    block_revocable_from INTEGER NOT NULL DEFAULT 0,
    updated_at     INTEGER NOT NULL
);

-- One limit of a member: the player's own amount and the operator's
-- (NULL: none), and at most one pending raise or removal (pending = 1;
-- pending_amount NULL means removal) that may be confirmed from
-- pending_effective_at.
CREATE TABLE rg_limit (
    member_id       INTEGER NOT NULL,
    type            TEXT    NOT NULL,
    period          TEXT    NOT NULL,
    amount          INTEGER,
    operator_amount INTEGER,
    pending         INTEGER NOT NULL DEFAULT 0,
    pending_amount  INTEGER,
    pending_requested_at INTEGER NOT NULL DEFAULT 0,
    pending_effective_at INTEGER NOT NULL DEFAULT 0,
    updated_at      INTEGER NOT NULL,
    PRIMARY KEY (member_id, type, period)
);

-- Every change, player's or operator's (from/to NULL: none).
CREATE TABLE rg_history (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id   INTEGER NOT NULL,
    at          INTEGER NOT NULL,
    change      TEXT    NOT NULL,
    type        TEXT    NOT NULL DEFAULT '',
    period      TEXT    NOT NULL DEFAULT '',
    from_value  INTEGER,
    to_value    INTEGER,
    by_kind     TEXT    NOT NULL,
    operator_id INTEGER NOT NULL DEFAULT 0,
    reason      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX rg_history_member ON rg_history (member_id, id);
