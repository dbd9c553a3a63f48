-- Affiliate applications (issue 31, part 8; internal/affiliate,
-- docs/agents.md "Affiliate applications"). Times are Unix milliseconds.
-- status: 0 pending, 1 approved, 2 rejected. While an application is
-- pending, pending_key holds "member:<id>" (a member) or
-- "mobile:<dial><number>" (a visitor's mobile) and pending_email a
-- visitor's "email:<address>"; the decision clears them: one pending
-- application per member, mobile and e-mail, also when two arrive at once.
CREATE TABLE affiliate_application (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT,
    account TEXT NOT NULL DEFAULT '',
    contact_name TEXT NOT NULL,
    country_dialing_code TEXT NOT NULL DEFAULT '',
    mobile TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    channel TEXT NOT NULL,
    channel_url TEXT NOT NULL,
    audience BIGINT NOT NULL,
    message TEXT NOT NULL DEFAULT '',
    language TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    status INTEGER NOT NULL DEFAULT 0,
    pending_key TEXT,
    pending_email TEXT,
    agent_type INTEGER NOT NULL DEFAULT 0,
    upline_id BIGINT,
    agent_id BIGINT,
    agent_account TEXT NOT NULL DEFAULT '',
    invitation_code TEXT NOT NULL DEFAULT '',
    delivered TEXT NOT NULL DEFAULT '',
    reason TEXT NOT NULL DEFAULT '',
    decided_by BIGINT,
    decided_by_name TEXT NOT NULL DEFAULT '',
    decided_at BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX affiliate_application_pending ON affiliate_application (pending_key) WHERE pending_key IS NOT NULL;
CREATE UNIQUE INDEX affiliate_application_pending_email ON affiliate_application (pending_email) WHERE pending_email IS NOT NULL;
CREATE INDEX affiliate_application_status ON affiliate_application (status, id);
CREATE INDEX affiliate_application_member ON affiliate_application (member_id, id);
