-- Responsible gaming (internal/rg, docs/responsible-gaming.md).
-- rg_member: one row per member who ever changed a setting; it carries the
-- reality-check interval and the current block (time-out or exclusion),
-- and is the row one member's changes lock so they run one at a time.
CREATE TABLE rg_member (
    member_id      BIGINT PRIMARY KEY,
    reality_minutes BIGINT NOT NULL DEFAULT 0,
    block_kind     TEXT    NOT NULL DEFAULT '',
    block_from     BIGINT NOT NULL DEFAULT 0,
    block_until    BIGINT NOT NULL DEFAULT 0,
    block_revocable_from BIGINT NOT NULL DEFAULT 0,
    updated_at     BIGINT NOT NULL
);

-- One limit of a member: the player's own amount and the operator's
-- (NULL: none), and at most one pending raise or removal (pending = 1;
-- pending_amount NULL means removal) that may be confirmed from
-- pending_effective_at.
CREATE TABLE rg_limit (
    member_id       BIGINT NOT NULL,
    type            TEXT    NOT NULL,
    period          TEXT    NOT NULL,
    amount          BIGINT,
    operator_amount BIGINT,
    pending         BIGINT NOT NULL DEFAULT 0,
    pending_amount  BIGINT,
    pending_requested_at BIGINT NOT NULL DEFAULT 0,
    pending_effective_at BIGINT NOT NULL DEFAULT 0,
    updated_at      BIGINT NOT NULL,
    PRIMARY KEY (member_id, type, period)
);

-- Every change, player's or operator's (from/to NULL: none).
CREATE TABLE rg_history (
    id          BIGSERIAL PRIMARY KEY,
    member_id   BIGINT NOT NULL,
    at          BIGINT NOT NULL,
    change      TEXT    NOT NULL,
    type        TEXT    NOT NULL DEFAULT '',
    period      TEXT    NOT NULL DEFAULT '',
    from_value  BIGINT,
    to_value    BIGINT,
    by_kind     TEXT    NOT NULL,
    operator_id BIGINT NOT NULL DEFAULT 0,
    reason      TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX rg_history_member ON rg_history (member_id, id);
