-- Operator accounts (issue 30): TOTP second factor, enrolment tokens, audit
-- rows with before/after, maker-checker adjustments. Times are Unix ms.

-- totp_secret is the sealed secret (never the plain one; '' = not enrolled);
-- totp_last_step is the last accepted 30-second step, so a code is good once.
ALTER TABLE account_operator ADD COLUMN totp_secret TEXT NOT NULL DEFAULT '';
ALTER TABLE account_operator ADD COLUMN totp_last_step BIGINT NOT NULL DEFAULT 0;
ALTER TABLE account_operator ADD COLUMN last_login_at BIGINT NOT NULL DEFAULT 0;

-- A pending enrolment: handed out after a right password, exchanged once for
-- a session with the first right code. The token is stored as SHA-256 only.
CREATE TABLE operator_enrolment (
    token_hash TEXT NOT NULL PRIMARY KEY,
    operator_id BIGINT NOT NULL REFERENCES account_operator (id),
    secret TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX operator_enrolment_operator ON operator_enrolment (operator_id);

-- Audit rows name their target by type and id, carry the reason and the
-- state before and after (JSON objects, '' for none).
ALTER TABLE operator_audit ADD COLUMN target_type TEXT NOT NULL DEFAULT '';
ALTER TABLE operator_audit ADD COLUMN target_id TEXT NOT NULL DEFAULT '';
ALTER TABLE operator_audit ADD COLUMN reason TEXT NOT NULL DEFAULT '';
ALTER TABLE operator_audit ADD COLUMN before_json TEXT NOT NULL DEFAULT '';
ALTER TABLE operator_audit ADD COLUMN after_json TEXT NOT NULL DEFAULT '';
UPDATE operator_audit SET target_type = split_part(target, ':', 1),
    target_id = substr(target, strpos(target, ':') + 1) WHERE strpos(target, ':') > 0;
UPDATE operator_audit SET after_json = detail WHERE detail <> '{}';
CREATE INDEX operator_audit_target ON operator_audit (target_type, target_id, id);
CREATE INDEX operator_audit_created ON operator_audit (created_at);

-- Maker-checker: an adjustment above the brand's amount waits as
-- PENDING_APPROVAL (posting_id 0) until another operator approves (POSTED)
-- or rejects (REJECTED) it; APPROVING is the claim of the one approval.
ALTER TABLE operator_adjustment ADD COLUMN status TEXT NOT NULL DEFAULT 'POSTED';
ALTER TABLE operator_adjustment ADD COLUMN checker_id BIGINT NOT NULL DEFAULT 0;
ALTER TABLE operator_adjustment ADD COLUMN decided_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE operator_adjustment ADD COLUMN decision_reason TEXT NOT NULL DEFAULT '';
CREATE INDEX operator_adjustment_status ON operator_adjustment (status, id);
