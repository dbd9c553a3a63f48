-- The promotions engine (issue 32, internal/promotions, docs/rewards.md
-- "Promotions engine"): promotions linked to their content article, who
-- joined them, what each issued (one row per member and period, the
-- budget's ledger of spending) and the players' applications with their
-- images. Times Unix milliseconds, amounts minor units, rates basis points.
CREATE TABLE promotion (
    id BIGSERIAL PRIMARY KEY,
    article_id BIGINT NOT NULL DEFAULT 0,
    type TEXT NOT NULL,                    -- RELOAD, FIXED, CASHBACK, APPLICATION
    title_en TEXT NOT NULL,
    title_ty TEXT NOT NULL,
    join_required INTEGER NOT NULL DEFAULT 0,
    percent BIGINT NOT NULL DEFAULT 0,     -- RELOAD match, CASHBACK rate of categories without one
    rates TEXT NOT NULL DEFAULT '{}',      -- CASHBACK: rate per category
    amount BIGINT NOT NULL DEFAULT 0,      -- FIXED
    cap BIGINT NOT NULL DEFAULT 0,
    min_deposit BIGINT NOT NULL DEFAULT 0,
    frequency TEXT NOT NULL DEFAULT 'ONCE', -- ONCE, DAILY; CASHBACK: DAILY, WEEKLY periods
    new_within_days INTEGER NOT NULL DEFAULT 0,
    agent_id BIGINT NOT NULL DEFAULT 0,
    vip_min_level INTEGER NOT NULL DEFAULT 0,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    budget BIGINT NOT NULL DEFAULT 0,
    spent BIGINT NOT NULL DEFAULT 0,
    reward_kind TEXT NOT NULL,             -- CASH, BONUS
    wager_multiple BIGINT NOT NULL DEFAULT 0,
    max_bet BIGINT NOT NULL DEFAULT 0,
    valid_days INTEGER NOT NULL DEFAULT 0,
    claim_days INTEGER NOT NULL DEFAULT 7,
    paused INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX promotion_article ON promotion (article_id);

CREATE TABLE promotion_join (
    promotion_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    period_key TEXT NOT NULL,
    joined_at BIGINT NOT NULL,
    PRIMARY KEY (promotion_id, member_id, period_key)
);
CREATE INDEX promotion_join_member ON promotion_join (member_id);

CREATE TABLE promotion_grant (
    promotion_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    period_key TEXT NOT NULL,
    amount BIGINT NOT NULL,
    reward_key TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (promotion_id, member_id, period_key)
);
CREATE INDEX promotion_grant_member ON promotion_grant (member_id, created_at);

CREATE TABLE promotion_application (
    id BIGSERIAL PRIMARY KEY,
    promotion_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    period_key TEXT NOT NULL,
    remark TEXT NOT NULL,
    status TEXT NOT NULL,                  -- PENDING, APPROVED, REJECTED
    amount BIGINT NOT NULL DEFAULT 0,
    reason TEXT NOT NULL DEFAULT '',
    operator_id BIGINT NOT NULL DEFAULT 0,
    images INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    decided_at BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX promotion_application_once ON promotion_application (promotion_id, member_id, period_key);
CREATE INDEX promotion_application_queue ON promotion_application (status, id);

CREATE TABLE promotion_image (
    application_id BIGINT NOT NULL,
    seq INTEGER NOT NULL,
    content_type TEXT NOT NULL,
    name TEXT NOT NULL,
    data BYTEA NOT NULL,
    PRIMARY KEY (application_id, seq)
);
