-- VIP ranks and bonus bets (issue 32 parts 4 and 5, internal/vip,
-- docs/rewards.md "VIP ranks"). Times Unix milliseconds, amounts minor units.

-- The brand's levels, 1 (the entry level, thresholds 0) up to the top.
CREATE TABLE vip_level (
    level INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    min_valid_bets BIGINT NOT NULL,      -- accumulated valid bets to reach it
    min_deposits BIGINT NOT NULL,        -- and accumulated deposits (0: none needed)
    keep_valid_bets BIGINT NOT NULL,     -- valid bets per month to keep it
    upgrade_reward BIGINT NOT NULL,      -- cash on reaching it
    weekly_reward BIGINT NOT NULL,
    monthly_reward BIGINT NOT NULL,
    rebate_rates TEXT NOT NULL,          -- JSON: category -> basis points (bonus bets)
    updated_at BIGINT NOT NULL
);

-- A member's progress: what counts toward the level and the level held.
CREATE TABLE vip_member (
    member_id BIGINT PRIMARY KEY,
    valid_bets BIGINT NOT NULL,
    deposits BIGINT NOT NULL,
    level INTEGER NOT NULL,
    level_since BIGINT NOT NULL,
    kept_month TEXT NOT NULL DEFAULT '',  -- the last month the keep rule looked at
    updated_at BIGINT NOT NULL
);

-- Level changes (up by play, down by the keep rule).
CREATE TABLE vip_change (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL,
    from_level INTEGER NOT NULL,
    to_level INTEGER NOT NULL,
    reason TEXT NOT NULL,                 -- PLAY, KEEP
    at BIGINT NOT NULL
);
CREATE INDEX vip_change_member ON vip_change (member_id, id);

-- Valid bets per category since the member's last bonus-bets claim.
CREATE TABLE vip_rebate_pending (
    member_id BIGINT NOT NULL,
    category TEXT NOT NULL,
    valid_bets BIGINT NOT NULL,
    PRIMARY KEY (member_id, category)
);

-- Bonus-bets claims; each paid by the reward vip:bonusbets:<id>.
CREATE TABLE vip_rebate_claim (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL,
    level INTEGER NOT NULL,
    valid_bets BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    detail TEXT NOT NULL,                 -- JSON: [{category, validBets, rate, amount}]
    claimed_at BIGINT NOT NULL
);
CREATE INDEX vip_rebate_claim_member ON vip_rebate_claim (member_id, id);
