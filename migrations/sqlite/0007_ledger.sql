-- Ledger (issue 4): the double-entry book, the only writer of balances.
-- An account belongs to an owner (owner_type 'member' with the member id, or
-- 'system' with owner_id 0 for house and clearing accounts) and a purpose;
-- player vendor wallets use purpose 'player_vendor' with the vendor code in
-- vendor ('' for every other purpose). balance is a cache of SUM(amount) of
-- the account's lines, written only inside the posting transaction; version
-- counts those writes. Postings and lines are append-only (triggers below):
-- a mistake is corrected by a reversing posting. Amounts are signed integer
-- minor units; times are Unix milliseconds.
CREATE TABLE ledger_account (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    owner_type TEXT NOT NULL,
    owner_id BIGINT NOT NULL DEFAULT 0,
    purpose TEXT NOT NULL,
    vendor TEXT NOT NULL DEFAULT '',
    currency TEXT NOT NULL,
    allow_negative INTEGER NOT NULL DEFAULT 0,
    balance BIGINT NOT NULL DEFAULT 0,
    version BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    UNIQUE (owner_type, owner_id, purpose, vendor, currency)
);

CREATE TABLE ledger_posting (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    idempotency_key TEXT NOT NULL UNIQUE,
    input_hash TEXT NOT NULL,
    kind TEXT NOT NULL,
    reverses_posting_id BIGINT REFERENCES ledger_posting (id),
    metadata TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL
);
-- A posting is reversed at most once.
CREATE UNIQUE INDEX ledger_posting_reverses ON ledger_posting (reverses_posting_id) WHERE reverses_posting_id IS NOT NULL;

CREATE TABLE ledger_line (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    posting_id BIGINT NOT NULL REFERENCES ledger_posting (id),
    account_id BIGINT NOT NULL REFERENCES ledger_account (id),
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL
);
CREATE INDEX ledger_line_posting ON ledger_line (posting_id);
CREATE INDEX ledger_line_account ON ledger_line (account_id, id);

CREATE TRIGGER ledger_posting_no_update BEFORE UPDATE ON ledger_posting
BEGIN SELECT RAISE(ABORT, 'ledger_posting is append-only'); END;
CREATE TRIGGER ledger_posting_no_delete BEFORE DELETE ON ledger_posting
BEGIN SELECT RAISE(ABORT, 'ledger_posting is append-only'); END;
CREATE TRIGGER ledger_line_no_update BEFORE UPDATE ON ledger_line
BEGIN SELECT RAISE(ABORT, 'ledger_line is append-only'); END;
CREATE TRIGGER ledger_line_no_delete BEFORE DELETE ON ledger_line
BEGIN SELECT RAISE(ABORT, 'ledger_line is append-only'); END;
