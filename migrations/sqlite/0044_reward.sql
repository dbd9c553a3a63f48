-- The reward centre (issue 32, internal/rewards, docs/rewards.md): what
-- promotions, VIP, missions, referrals and operators issue to a member,
-- waiting to be claimed. Times Unix milliseconds, amounts minor units.
CREATE TABLE reward (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    reward_key TEXT NOT NULL UNIQUE,
    member_id BIGINT NOT NULL,
    currency TEXT NOT NULL,
    source TEXT NOT NULL,
    title_en TEXT NOT NULL,
    title_ty TEXT NOT NULL,
    amount BIGINT NOT NULL,
    kind TEXT NOT NULL,              -- CASH, BONUS
    wager_multiple BIGINT NOT NULL DEFAULT 0,
    wager_required BIGINT NOT NULL DEFAULT 0,
    max_bet BIGINT NOT NULL DEFAULT 0,
    max_convert BIGINT NOT NULL DEFAULT 0,
    valid_days INTEGER NOT NULL DEFAULT 0,
    weights TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL,            -- ISSUED, CLAIMING, CLAIMED, EXPIRED
    issued_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    claimed_at BIGINT NOT NULL DEFAULT 0,
    grant_id BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX reward_member ON reward (member_id, status, id);
CREATE INDEX reward_due ON reward (status, expires_at);

-- Members whose first deposit the welcome promotion has seen.
CREATE TABLE reward_first_deposit (
    member_id BIGINT PRIMARY KEY,
    deposited_at BIGINT NOT NULL
);
