-- In-house games (issue 6, internal/inhouse): the game server's seed pairs,
-- rounds, idempotent answers and jackpot contribution batches. Money never
-- lives here: bets and wins go through the seamless wallet (vendor BGS) and
-- the jackpot pool is a ledger account. Times are Unix milliseconds.

-- Which catalogue game (vendor BGS, by name) each engine plays: data, so a
-- renamed demo game is one UPDATE, not a code change.
CREATE TABLE inhouse_game (
    slug TEXT PRIMARY KEY,
    game_name TEXT NOT NULL
);
INSERT INTO inhouse_game (slug, game_name) VALUES
    ('slot', 'Palaro Parol Spins'),
    ('crash', 'Jeepney Crash'),
    ('mines', 'Mines of Mindanao'),
    ('plinko', 'Plinko Parol'),
    ('dice', 'Dice Duel Davao');

-- A member's seed pairs. active_member is the member id while the pair is
-- the active one and NULL once rotated (revealed): UNIQUE keeps one active
-- pair per member. nonce is the next round's nonce, taken by an atomic
-- UPDATE ... RETURNING. Revealed pairs are kept so every round stays verifiable.
CREATE TABLE inhouse_seed (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT NOT NULL,
    server_seed TEXT NOT NULL,
    server_seed_hash TEXT NOT NULL,
    client_seed TEXT NOT NULL,
    nonce BIGINT NOT NULL DEFAULT 0,
    active_member BIGINT UNIQUE,
    created_at BIGINT NOT NULL,
    revealed_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX inhouse_seed_member ON inhouse_seed (member_id, id);

-- Rounds. state: PENDING (inserted before the bet callback), OPEN (bet
-- taken, player to act), SETTLING (result fixed, win not yet confirmed),
-- REFUNDING (bet being rolled back),
-- COMPLETED, CANCELLED (bet rolled back). outcome holds the whole result
-- including what an OPEN round hides (a Mines layout, pending free spins).
-- idem_key is the Idempotency-Key of the request that opened the round.
-- jp_batch is the contribution batch that moved jp_contribution to the pool.
CREATE TABLE inhouse_round (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    game_code TEXT NOT NULL,
    node_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    amount BIGINT NOT NULL,
    win BIGINT NOT NULL DEFAULT 0,
    multiplier BIGINT NOT NULL DEFAULT 0,
    state TEXT NOT NULL,
    params TEXT NOT NULL,
    outcome TEXT NOT NULL,
    seed_id BIGINT,
    nonce BIGINT NOT NULL DEFAULT 0,
    jp_contribution BIGINT NOT NULL DEFAULT 0,
    jp_hit INTEGER NOT NULL DEFAULT 0,
    jp_win BIGINT NOT NULL DEFAULT 0,
    jp_batch BIGINT,
    idem_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    balance BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    ended_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (member_id, idem_key)
);
CREATE INDEX inhouse_round_member ON inhouse_round (member_id, id);
CREATE INDEX inhouse_round_member_game ON inhouse_round (member_id, game, id);
CREATE INDEX inhouse_round_state ON inhouse_round (state, updated_at);
CREATE INDEX inhouse_round_unbatched ON inhouse_round (id) WHERE jp_batch IS NULL AND state = 'COMPLETED';

-- The first answer of a game action that does not open a round (Mines
-- reveal and cash-out, the next free spin), per member and Idempotency-Key.
-- An empty response marks a request still running. Kept 24 hours.
CREATE TABLE inhouse_request (
    member_id BIGINT NOT NULL,
    idem_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    response TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, idem_key)
);
CREATE INDEX inhouse_request_created ON inhouse_request (created_at);

-- Jackpot: one row per currency; pending_round is the round whose hit is
-- being paid (hits are paid one at a time across instances).
CREATE TABLE inhouse_jackpot (
    currency TEXT PRIMARY KEY,
    pending_round BIGINT,
    hits BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- Contribution batches: the completed rounds' contributions moved house ->
-- pool in one ledger posting (key inhouse:jackpot:contrib:<id>).
CREATE TABLE inhouse_jackpot_batch (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    currency TEXT NOT NULL,
    amount BIGINT NOT NULL DEFAULT 0,
    posted INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX inhouse_jackpot_batch_unposted ON inhouse_jackpot_batch (id) WHERE posted = 0;
