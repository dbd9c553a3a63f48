-- Operators (issue 4): back-office sessions, the audit trail of every
-- operator action, and the replay record of manual adjustments. Operators
-- themselves live in account_operator (0003); failed_logins and
-- locked_until carry the login lockout (5 failures -> 5 minutes).
-- Times are Unix milliseconds.
ALTER TABLE account_operator ADD COLUMN failed_logins INTEGER NOT NULL DEFAULT 0;
ALTER TABLE account_operator ADD COLUMN locked_until BIGINT NOT NULL DEFAULT 0;

-- Opaque bearer tokens, stored as SHA-256 only (hex), like account_session.
CREATE TABLE operator_session (
    token_hash TEXT NOT NULL PRIMARY KEY,
    operator_id BIGINT NOT NULL REFERENCES account_operator (id),
    ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX operator_session_operator ON operator_session (operator_id, revoked_at);
CREATE INDEX operator_session_expires ON operator_session (expires_at);

-- One row per operator action (login, logout, login_failed, adjustment.create,
-- deposit.approve, ...). operator_id is NULL for a failed login of an
-- unknown username (detail carries the name). detail is a JSON object.
CREATE TABLE operator_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    operator_id BIGINT REFERENCES account_operator (id),
    action TEXT NOT NULL,
    target TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '{}',
    ip TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX operator_audit_action ON operator_audit (action, id);
CREATE INDEX operator_audit_operator ON operator_audit (operator_id, id);

-- Manual adjustments: the first answer per (operator, Idempotency-Key), so a
-- replay returns it again. request_hash is SHA-256 of the canonical request.
CREATE TABLE operator_adjustment (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    operator_id BIGINT NOT NULL REFERENCES account_operator (id),
    idempotency_key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    member_id BIGINT NOT NULL,
    direction TEXT NOT NULL,
    amount BIGINT NOT NULL,
    currency TEXT NOT NULL,
    reason TEXT NOT NULL,
    posting_id BIGINT NOT NULL,
    balance BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (operator_id, idempotency_key)
);
CREATE INDEX operator_adjustment_member ON operator_adjustment (member_id, id);
