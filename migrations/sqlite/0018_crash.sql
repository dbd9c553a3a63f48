-- Crash (issue 6, internal/inhouse/crashgame): the shared rounds, their hash
-- chain, each member's bet and the engine lease. Money is not here: each bet
-- is an in-house round (game "crash") whose stake and win move through the
-- seamless callbacks; these rows say what was decided and whether it was
-- settled. Times are Unix milliseconds; multipliers in hundredths.

-- One generated hash chain: the seed is secret, the terminal hash and the
-- salt are published before the chain's first round.
CREATE TABLE crash_chain (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    seed TEXT NOT NULL,
    length BIGINT NOT NULL,
    terminal_hash TEXT NOT NULL,
    salt TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- One shared round, played with the chain's seq-th hash from its end.
CREATE TABLE crash_round (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    chain_id BIGINT NOT NULL REFERENCES crash_chain(id),
    seq BIGINT NOT NULL,
    hash TEXT NOT NULL,
    point BIGINT NOT NULL,
    status TEXT NOT NULL,
    betting_ends_at BIGINT NOT NULL,
    started_at BIGINT NOT NULL DEFAULT 0,
    crashed_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (chain_id, seq)
);

-- One bet per member per round; bet_key is the member's Idempotency-Key.
CREATE TABLE crash_bet (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    round_id BIGINT NOT NULL REFERENCES crash_round(id),
    member_id BIGINT NOT NULL,
    player TEXT NOT NULL,
    inhouse_id BIGINT NOT NULL DEFAULT 0,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL DEFAULT '',
    auto_cashout BIGINT NOT NULL DEFAULT 0,
    cashout_at BIGINT NOT NULL DEFAULT 0,
    win BIGINT NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    settled INTEGER NOT NULL DEFAULT 0,
    balance BIGINT NOT NULL DEFAULT 0,
    bet_key TEXT NOT NULL,
    cashout_key TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    decided_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (round_id, member_id),
    UNIQUE (member_id, bet_key)
);
CREATE INDEX crash_bet_unsettled ON crash_bet (settled, state);

-- The engine lease: one instance runs the round loop.
CREATE TABLE crash_lease (
    name TEXT PRIMARY KEY,
    holder TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
