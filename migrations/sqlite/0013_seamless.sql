-- Seamless wallet (issue 5, docs/vendor-api.md): game sessions, the
-- vendors' wallet callbacks and the rounds they make. Amounts are integer
-- minor units; times Unix millis.

-- A game session opened at launch: the vendor gets the token, we keep its
-- SHA-256. Bets need a live session (expires_at); wins and rollbacks do not.
CREATE TABLE game_session (
    token_hash TEXT PRIMARY KEY,
    member_id BIGINT NOT NULL,
    vendor TEXT NOT NULL,
    game_code TEXT NOT NULL,
    node_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);
CREATE INDEX game_session_expires ON game_session (expires_at);

-- Every vendor transaction id we have answered (bet, win, rollback), with
-- the answer itself so a repeat gets it again. status OK or ERROR; a
-- rollback of a bet we never saw leaves a row of kind bet and status
-- ROLLED_BACK so the late bet is refused. request_hash tells a different
-- body under the same id. rolled_back marks a bet whose money went back.
CREATE TABLE seamless_tx (
    vendor TEXT NOT NULL,
    tx_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    member_id BIGINT NOT NULL,
    round_id TEXT NOT NULL,
    amount BIGINT NOT NULL DEFAULT 0,
    request_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    http_status INTEGER NOT NULL,
    response TEXT NOT NULL,
    posting_id BIGINT NOT NULL DEFAULT 0,
    rolled_back INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (vendor, tx_id)
);

-- One game round per (vendor, round_id): OPEN until endround, a win with
-- endRound, or the sweeper; then COMPLETED or CANCELLED. valid_bet is the
-- bet minus what was rolled back; updated_at is the last callback.
CREATE TABLE game_round (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    vendor TEXT NOT NULL,
    round_id TEXT NOT NULL,
    member_id BIGINT NOT NULL,
    node_id BIGINT NOT NULL,
    game_code TEXT NOT NULL,
    game_type TEXT NOT NULL,
    currency TEXT NOT NULL,
    bet BIGINT NOT NULL DEFAULT 0,
    valid_bet BIGINT NOT NULL DEFAULT 0,
    win BIGINT NOT NULL DEFAULT 0,
    jackpot INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    ended_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (vendor, round_id)
);
CREATE INDEX game_round_member ON game_round (member_id, started_at);
CREATE INDEX game_round_open ON game_round (status, updated_at);
