-- Transfer wallets (issue 4, docs/ledger.md "Transfer wallets" and
-- docs/vendor-transfer.md). Amounts are integer minor units; times Unix millis.

-- A vendor keeps its players' money either on our ledger (SEAMLESS: the
-- vendor debits and credits the main wallet per round) or in its own wallet
-- (TRANSFER: players move money to and from it).
ALTER TABLE game_vendor ADD COLUMN wallet_type TEXT NOT NULL DEFAULT 'SEAMLESS';

-- One player request under an Idempotency-Key: a single transfer or an
-- all-back. request_hash tells a different body under the same key.
CREATE TABLE wallet_transfer_request (
    member_id BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    kind TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, idempotency_key)
);

-- One movement between a member's main wallet and a vendor wallet.
-- direction IN = main to vendor, OUT = vendor to main. tx_id is what the
-- vendor sees (idempotent there); ledger_key is the posting that moves the
-- money on our side. status PENDING -> SUCCESS | FAILED; a PENDING row is
-- settled by the vendor's status call once check_after has passed.
CREATE TABLE wallet_transfer (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL,
    idempotency_key TEXT NOT NULL,
    direction TEXT NOT NULL,
    vendor TEXT NOT NULL,
    player TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    tx_id TEXT NOT NULL UNIQUE,
    ledger_key TEXT NOT NULL,
    status TEXT NOT NULL,
    failure_code TEXT NOT NULL DEFAULT '',
    attempts INTEGER NOT NULL DEFAULT 0,
    check_after BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    settled_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (member_id, idempotency_key, vendor)
);
CREATE INDEX wallet_transfer_member ON wallet_transfer (member_id, id);
CREATE INDEX wallet_transfer_pending ON wallet_transfer (status, check_after);

-- The demo's sandbox transfer vendor (internal/sandbox/transfervendor): its
-- own books, kept apart from ours as a real vendor's would be.
CREATE TABLE sandbox_vendor_wallet (
    vendor TEXT NOT NULL,
    player TEXT NOT NULL,
    currency TEXT NOT NULL,
    balance BIGINT NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (vendor, player)
);

-- Every transaction id the sandbox vendor has seen: applied (SUCCESS),
-- refused (FAILED) or closed unseen by a status query (FAILED, code
-- tx_closed), so a late request with that id is refused.
CREATE TABLE sandbox_vendor_tx (
    vendor TEXT NOT NULL,
    tx_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    code TEXT NOT NULL DEFAULT '',
    balance_after BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (vendor, tx_id)
);
