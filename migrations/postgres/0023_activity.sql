-- The activity stream (internal/activity, docs/activity.md): facts written
-- in the transaction that makes them true, with a unique key so a fact is
-- in the stream once however often its writer runs. seq is the stream
-- position, given by the one sequencer (under a lease) to committed rows in
-- order, so a consumer reading seq > its cursor never skips a row that
-- commits late.
CREATE TABLE activity_event (
    id          BIGSERIAL PRIMARY KEY,
    seq         BIGINT,
    fact_key    TEXT    NOT NULL UNIQUE,
    kind        TEXT    NOT NULL,
    member_id   BIGINT NOT NULL DEFAULT 0,
    currency    TEXT    NOT NULL DEFAULT '',
    vendor      TEXT    NOT NULL DEFAULT '',
    game        TEXT    NOT NULL DEFAULT '',
    category    TEXT    NOT NULL DEFAULT '',
    amount      BIGINT NOT NULL DEFAULT 0,
    win         BIGINT NOT NULL DEFAULT 0,
    valid_bet   BIGINT NOT NULL DEFAULT 0,
    ref         TEXT    NOT NULL DEFAULT '',
    detail      TEXT    NOT NULL DEFAULT '',
    started_at  BIGINT NOT NULL DEFAULT 0,
    occurred_at BIGINT NOT NULL,
    created_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX activity_event_seq ON activity_event (seq) WHERE seq IS NOT NULL;
CREATE INDEX activity_event_unsequenced ON activity_event (id) WHERE seq IS NULL;
CREATE INDEX activity_event_member ON activity_event (member_id, seq);

-- The last position given; the sequencer locks this row while it numbers.
CREATE TABLE activity_head (
    id  INTEGER PRIMARY KEY CHECK (id = 1),
    seq BIGINT NOT NULL
);
INSERT INTO activity_head (id, seq) VALUES (1, 0);

-- Each consumer's position: moved in the transaction that applies the facts.
CREATE TABLE activity_cursor (
    consumer   TEXT    PRIMARY KEY,
    position   BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Who runs a singleton task (the sequencer, each consumer) until when.
CREATE TABLE activity_lease (
    name       TEXT    PRIMARY KEY,
    holder     TEXT    NOT NULL,
    expires_at BIGINT NOT NULL
);
