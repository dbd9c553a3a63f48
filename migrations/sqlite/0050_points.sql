-- The points mall (issue 32 part 6, internal/points, docs/rewards.md "Points
-- mall"): points earned from valid bets and deposits, never expiring, spent
-- on items or converted to cash. Points are not money: they live here, not
-- in the ledger. Times Unix milliseconds, amounts minor units.
CREATE TABLE points_balance (
    member_id BIGINT PRIMARY KEY,
    balance BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
    earned BIGINT NOT NULL DEFAULT 0,
    spent BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- Append-only history: one row per source fact (entry_key: earn:<fact key>,
-- redeem:<id>, refund:<id>), with the spec's points history fields.
CREATE TABLE points_entry (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    entry_key TEXT NOT NULL UNIQUE,
    member_id BIGINT NOT NULL,
    ref TEXT NOT NULL,               -- transaction reference number
    type TEXT NOT NULL,              -- EARN_BET, EARN_DEPOSIT, REDEEM, CONVERT, REFUND
    name TEXT NOT NULL,              -- category, or the item's name
    quantity INTEGER NOT NULL DEFAULT 0,
    points_required BIGINT NOT NULL DEFAULT 0,
    amount_required BIGINT NOT NULL DEFAULT 0,
    redemption_id BIGINT NOT NULL DEFAULT 0,
    delta BIGINT NOT NULL,           -- signed change
    balance_after BIGINT NOT NULL,
    remark TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX points_entry_member ON points_entry (member_id, id);

-- What a category's valid bets (or deposits) carry towards the next point.
CREATE TABLE points_carry (
    member_id BIGINT NOT NULL,
    category TEXT NOT NULL,
    carry BIGINT NOT NULL,
    PRIMARY KEY (member_id, category)
);

CREATE TABLE points_item (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,              -- BONUS_CASH, FREE_SPINS, GOODS
    name_en TEXT NOT NULL,
    name_ty TEXT NOT NULL,
    desc_en TEXT NOT NULL DEFAULT '',
    desc_ty TEXT NOT NULL DEFAULT '',
    image_url TEXT NOT NULL DEFAULT '',
    points BIGINT NOT NULL,          -- price of one
    amount BIGINT NOT NULL DEFAULT 0,         -- BONUS_CASH: the cash; FREE_SPINS: the spin bet
    spins INTEGER NOT NULL DEFAULT 0,
    wager_multiple BIGINT NOT NULL DEFAULT 0,
    stock BIGINT NOT NULL DEFAULT -1 CHECK (stock >= -1), -- -1 unlimited
    member_limit INTEGER NOT NULL DEFAULT 0,  -- 0 none
    status TEXT NOT NULL,            -- ACTIVE, PAUSED
    sort INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE points_redemption (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    ref TEXT NOT NULL UNIQUE,
    request_key TEXT NOT NULL UNIQUE, -- <member>:<Idempotency-Key>
    member_id BIGINT NOT NULL,
    item_id BIGINT NOT NULL,          -- 0 for a conversion
    kind TEXT NOT NULL,               -- the item's kind, or CONVERT
    name TEXT NOT NULL,
    quantity INTEGER NOT NULL,
    points BIGINT NOT NULL,
    amount BIGINT NOT NULL DEFAULT 0, -- cash or bonus issued
    status TEXT NOT NULL,             -- IN_PROCESS, APPROVED, REJECTED
    address TEXT NOT NULL DEFAULT '', -- JSON: name, phone, address
    reason TEXT NOT NULL DEFAULT '',
    reviewed_by BIGINT NOT NULL DEFAULT 0,
    reviewed_at BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX points_redemption_member ON points_redemption (member_id, id);
CREATE INDEX points_redemption_item ON points_redemption (item_id, member_id, status);
CREATE INDEX points_redemption_status ON points_redemption (status, id);
