-- The operators' player search and player page (issue 30, internal/players,
-- docs/operator-api.md "Players"). Times are Unix milliseconds.

-- Search keys on the members (internal/account owns the table). A username
-- prefix is a range on account_lower compared in the "C" collation (byte
-- order, whatever the database's collation: under a linguistic one a range
-- is not a prefix), served by this index; mobile numbers without their
-- dialing code, e-mail addresses case-insensitively, registration IPs and
-- the upline agent.
CREATE INDEX account_member_account_c ON account_member (account_lower COLLATE "C");
CREATE INDEX account_member_mobile_search ON account_member (mobile);
CREATE INDEX account_member_email_lower ON account_member (lower(email));
CREATE INDEX account_member_register_ip ON account_member (register_ip);
CREATE INDEX account_member_parent ON account_member (parent_id);

-- Every login is a session row (sessions are never deleted): the members
-- seen from an IP, and a member's logins newest first.
CREATE INDEX account_session_ip ON account_session (ip, member_id);
CREATE INDEX account_session_member_created ON account_session (member_id, created_at);

-- Members sharing a payout account (internal/withdraw owns the table).
CREATE INDEX withdraw_account_number ON withdraw_account (account_number, bank_code);

-- Operators' internal notes on a member (internal/players). The author's
-- username is copied so the note reads the same if the operator is renamed.
CREATE TABLE player_note (
    id BIGSERIAL PRIMARY KEY,
    member_id BIGINT NOT NULL,
    operator_id BIGINT NOT NULL,
    operator_username TEXT NOT NULL,
    text TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX player_note_member ON player_note (member_id, id);
