-- Cashier deposits, payment provider events, sandbox provider and member
-- messages (issue 4). Amounts are integer minor units; times Unix millis.

-- One deposit order. BANK deposits start PENDING_REVIEW (a receipt in
-- cashier_receipt, decided by an operator); ONLINE deposits start
-- PENDING_PAYMENT (waiting for the provider's webhook) and expire after 30
-- minutes. (member_id, idempotency_key) makes a replayed submission return
-- the first deposit; request_hash tells a different body under the same key.
CREATE TABLE cashier_deposit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_no TEXT NOT NULL UNIQUE,
    member_id BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    method TEXT NOT NULL,
    method_type TEXT NOT NULL,
    provider TEXT NOT NULL DEFAULT '',
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    reference TEXT NOT NULL DEFAULT '',
    provider_ref TEXT NOT NULL DEFAULT '',
    pay_url TEXT NOT NULL DEFAULT '',
    flag TEXT NOT NULL DEFAULT '',
    reject_reason TEXT NOT NULL DEFAULT '',
    decided_by BIGINT NOT NULL DEFAULT 0,
    posting_id BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (member_id, idempotency_key)
);
CREATE INDEX cashier_deposit_member ON cashier_deposit (member_id, id);
CREATE INDEX cashier_deposit_status ON cashier_deposit (status, id);

-- The receipt image of a BANK deposit, kept in the database (no file store).
CREATE TABLE cashier_receipt (
    deposit_id BIGINT PRIMARY KEY REFERENCES cashier_deposit (id),
    content_type TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    data BLOB NOT NULL,
    created_at BIGINT NOT NULL
);

-- Every verified provider webhook, once per (provider, event id): a repeat
-- finds its row and moves nothing. outcome says what the event did.
CREATE TABLE payment_event (
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    order_no TEXT NOT NULL,
    status TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    outcome TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (provider, event_id)
);
CREATE INDEX payment_event_order ON payment_event (order_no);

-- The in-binary sandbox provider's own books (demo mode only): hosted
-- payments (one-time page token) and payouts.
CREATE TABLE sandbox_payment (
    ref TEXT PRIMARY KEY,
    order_no TEXT NOT NULL UNIQUE,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    decimals INTEGER NOT NULL,
    return_url TEXT NOT NULL,
    notify_url TEXT NOT NULL,
    status TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE TABLE sandbox_payout (
    order_no TEXT PRIMARY KEY,
    ref TEXT NOT NULL UNIQUE,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    account TEXT NOT NULL,
    status TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Member messages (notices): kind + params, rendered per language at read time.
CREATE TABLE member_message (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    params TEXT NOT NULL DEFAULT '{}',
    read_at BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX member_message_member ON member_message (member_id, id);
