-- The referral program (issue 32 part 8, internal/referral, docs/rewards.md
-- "Referral") and the reward centre's held rewards (part 11's abuse flags,
-- internal/rewards). Times Unix milliseconds, amounts minor units.

-- A member's own referral code, made when the member first opens the
-- refer-and-earn page.
CREATE TABLE referral_code (
    member_id BIGINT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL
);

-- One row per referred member, written from its member.referred fact, with
-- the rule in force then and its progress from the activity stream.
CREATE TABLE referral (
    referred_id BIGINT PRIMARY KEY,
    referrer_id BIGINT NOT NULL,
    code TEXT NOT NULL,
    registered_at BIGINT NOT NULL,
    window_ends BIGINT NOT NULL,
    amount BIGINT NOT NULL,
    min_first_deposit BIGINT NOT NULL,
    min_valid_bets BIGINT NOT NULL,
    claim_days INTEGER NOT NULL,
    currency TEXT NOT NULL DEFAULT '',
    first_deposit BIGINT NOT NULL DEFAULT 0,
    first_deposit_at BIGINT NOT NULL DEFAULT 0,
    valid_bets BIGINT NOT NULL DEFAULT 0,
    status TEXT NOT NULL,             -- REGISTERED, DEPOSITED, MISSED, QUALIFIED, HELD
    qualified_at BIGINT NOT NULL DEFAULT 0,
    flags TEXT NOT NULL DEFAULT ''    -- why it was held (comma-separated)
);
CREATE INDEX referral_referrer ON referral (referrer_id, registered_at);

-- Rewards held for an operator's review instead of issued (a welcome bonus
-- or a referral reward of members sharing a device, IP, payout account or
-- phone). Approving issues the reward under its key, once.
CREATE TABLE reward_hold (
    id BIGSERIAL PRIMARY KEY,
    reward_key TEXT NOT NULL UNIQUE,
    member_id BIGINT NOT NULL,
    source TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    issue TEXT NOT NULL,              -- the held issue, JSON
    flags TEXT NOT NULL,              -- comma-separated
    linked TEXT NOT NULL DEFAULT '',  -- the other members' ids, comma-separated
    status TEXT NOT NULL,             -- HELD, APPROVED, REJECTED
    held_at BIGINT NOT NULL,
    decided_by BIGINT NOT NULL DEFAULT 0,
    decided_at BIGINT NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reward_hold_status ON reward_hold (status, id);
CREATE INDEX reward_hold_member ON reward_hold (member_id, id);
