-- Transfer-wallet vendors' rounds in the betting record (issue 5,
-- docs/vendor-transfer.md "Rounds"). A transfer vendor settles its games
-- against its own wallet; the platform pulls its settled rounds into
-- game_round (the one source of the betting record and the profit and
-- loss) and keeps per vendor the cursor the vendor gave after the last page
-- stored, moved in the same transaction as that page's rounds, so a restart
-- resumes exactly there. rounds counts the rounds stored. Times Unix millis.
CREATE TABLE vendor_round_cursor (
    vendor TEXT PRIMARY KEY,
    last_cursor TEXT NOT NULL DEFAULT '',
    rounds BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- The demo's sandbox transfer vendor (internal/sandbox/transfervendor)
-- keeps the rounds its games settle and serves them after a cursor, as a
-- real vendor's bet history would. seq is the settlement order per vendor,
-- handed out by sandbox_vendor_round_seq under that row's lock, so rounds
-- become visible in seq order and a cursor never skips a late commit.
CREATE TABLE sandbox_vendor_round (
    vendor TEXT NOT NULL,
    seq BIGINT NOT NULL,
    round_id TEXT NOT NULL,
    player TEXT NOT NULL,
    game_code TEXT NOT NULL,
    currency TEXT NOT NULL,
    bet BIGINT NOT NULL,
    valid_bet BIGINT NOT NULL,
    win BIGINT NOT NULL,
    status TEXT NOT NULL,
    started_at BIGINT NOT NULL,
    ended_at BIGINT NOT NULL,
    PRIMARY KEY (vendor, seq),
    UNIQUE (vendor, round_id)
);

CREATE TABLE sandbox_vendor_round_seq (
    vendor TEXT PRIMARY KEY,
    seq BIGINT NOT NULL DEFAULT 0
);
