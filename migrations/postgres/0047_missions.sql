-- Missions and leaderboards (issue 32 part 7, internal/missions,
-- docs/rewards.md "Missions and leaderboards"). Times Unix milliseconds,
-- amounts minor units; a period is a day or an ISO week in the brand's zone,
-- named by its first day (YYYY-MM-DD).
CREATE TABLE mission (
    id BIGSERIAL PRIMARY KEY,
    title_en TEXT NOT NULL,
    title_ty TEXT NOT NULL,
    period TEXT NOT NULL,            -- DAILY, WEEKLY
    kind TEXT NOT NULL,              -- BET, ROUNDS, DEPOSIT, LOGIN
    category TEXT NOT NULL DEFAULT '',
    game TEXT NOT NULL DEFAULT '',
    target BIGINT NOT NULL,
    reward_amount BIGINT NOT NULL,
    reward_kind TEXT NOT NULL,       -- CASH, BONUS
    wager_multiple BIGINT NOT NULL DEFAULT 0,
    status TEXT NOT NULL,            -- ACTIVE, PAUSED
    starts_at BIGINT NOT NULL DEFAULT 0,
    ends_at BIGINT NOT NULL DEFAULT 0, -- 0: no end
    sort INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- A member's progress on a mission in one period; last_seq is the last
-- stream position counted (a batch given again counts nothing twice).
CREATE TABLE mission_progress (
    mission_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    period_key TEXT NOT NULL,
    progress BIGINT NOT NULL DEFAULT 0,
    last_day TEXT NOT NULL DEFAULT '',
    completed_at BIGINT NOT NULL DEFAULT 0,
    last_seq BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (mission_id, member_id, period_key)
);
CREATE INDEX mission_progress_member ON mission_progress (member_id, period_key);

CREATE TABLE leaderboard (
    id BIGSERIAL PRIMARY KEY,
    title_en TEXT NOT NULL,
    title_ty TEXT NOT NULL,
    period TEXT NOT NULL,            -- DAILY, WEEKLY
    metric TEXT NOT NULL,            -- MULTIPLIER, VALID_BET
    category TEXT NOT NULL DEFAULT '',
    min_bet BIGINT NOT NULL DEFAULT 0,
    prizes TEXT NOT NULL,            -- JSON array: the prize of rank 1, 2, ...
    status TEXT NOT NULL,            -- ACTIVE, PAUSED
    starts_at BIGINT NOT NULL DEFAULT 0,
    ends_at BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- A member's score on a board in one period: a multiplier in hundredths
-- (the best) or a sum of valid bets; reached_at breaks ties (earlier first).
CREATE TABLE leaderboard_score (
    board_id BIGINT NOT NULL,
    period_key TEXT NOT NULL,
    member_id BIGINT NOT NULL,
    score BIGINT NOT NULL,
    reached_at BIGINT NOT NULL,
    last_seq BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (board_id, period_key, member_id)
);
CREATE INDEX leaderboard_score_rank ON leaderboard_score (board_id, period_key, score DESC, reached_at, member_id);

-- A board's period paid (one row: the payout happens once).
CREATE TABLE leaderboard_payout (
    board_id BIGINT NOT NULL,
    period_key TEXT NOT NULL,
    paid_at BIGINT NOT NULL,
    winners INTEGER NOT NULL DEFAULT 0,
    total BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (board_id, period_key)
);
