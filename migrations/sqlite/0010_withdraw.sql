-- Withdrawals (issue 4): payment passwords, payout accounts, withdrawal
-- orders and the players' proofs of receipt. Amounts are integer minor
-- units; times are Unix milliseconds. Money itself lives in the ledger
-- (withdrawal_hold accounts); hold_state says where a withdrawal's held
-- money is, so a crash between a state change and its posting is finished
-- by the sweeper. See docs/withdrawals.md.

-- One row per member who touched the withdrawal settings: the payment
-- password (argon2id, PHC string) and its lockout (5 wrong tries -> 5
-- minutes). The row is also the per-member lock a withdrawal request takes
-- (daily limit and idempotency checks run under it).
CREATE TABLE withdraw_member (
    member_id BIGINT PRIMARY KEY,
    payment_password_hash TEXT NOT NULL DEFAULT '',
    failed_tries INTEGER NOT NULL DEFAULT 0,
    locked_until BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL
);

-- A member's bank or e-wallet account for payouts (at most 5 live ones).
-- Removing one sets deleted_at; withdrawals keep a copy of the details.
CREATE TABLE withdraw_account (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT NOT NULL,
    type TEXT NOT NULL,
    bank_code TEXT NOT NULL,
    account_name TEXT NOT NULL,
    account_number TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    deleted_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX withdraw_account_member ON withdraw_account (member_id, deleted_at);
CREATE UNIQUE INDEX withdraw_account_live ON withdraw_account (member_id, bank_code, account_number) WHERE deleted_at = 0;

-- One withdrawal order. status follows the state machine in
-- docs/withdrawals.md ('NEW' only while its hold is being posted; such a
-- row is never shown). hold_state: HELD (on the member's withdrawal_hold
-- account), RELEASED (back on main), PAID_OUT (moved to payment clearing).
-- (member_id, idempotency_key) makes a replayed request return the first
-- order; request_hash tells a different body under the same key.
CREATE TABLE withdraw_order (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_no TEXT NOT NULL DEFAULT '',
    member_id BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status TEXT NOT NULL,
    hold_state TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    decimals INTEGER NOT NULL,
    received_amount BIGINT NOT NULL DEFAULT 0,
    account_id BIGINT NOT NULL,
    account_type TEXT NOT NULL,
    bank_code TEXT NOT NULL,
    account_name TEXT NOT NULL,
    account_number TEXT NOT NULL,
    reject_reason TEXT NOT NULL DEFAULT '',
    provider TEXT NOT NULL DEFAULT '',
    provider_ref TEXT NOT NULL DEFAULT '',
    reviewed_by BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    reviewed_at BIGINT NOT NULL DEFAULT 0,
    paid_at BIGINT NOT NULL DEFAULT 0,
    confirmed_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (member_id, idempotency_key)
);
CREATE INDEX withdraw_order_member ON withdraw_order (member_id, id);
CREATE INDEX withdraw_order_status ON withdraw_order (status, id);
CREATE INDEX withdraw_order_no ON withdraw_order (order_no);

-- The player's proof image for a confirmation (kept in the database).
CREATE TABLE withdraw_proof (
    order_id BIGINT PRIMARY KEY REFERENCES withdraw_order (id),
    content_type TEXT NOT NULL,
    name TEXT NOT NULL DEFAULT '',
    data BLOB NOT NULL,
    created_at BIGINT NOT NULL
);
