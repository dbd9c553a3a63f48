-- Accounts: third-party login (Google, Facebook; docs/accounts.md,
-- "Third-party login"). Times are Unix milliseconds.

-- A provider account linked to a member. Links are permanent once
-- confirmed (spec section 4): there is no unlink for members. One account
-- per provider per member.
CREATE TABLE account_oauth_link (
    provider TEXT NOT NULL,
    subject TEXT NOT NULL,
    member_id BIGINT NOT NULL REFERENCES account_member (id),
    email TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    PRIMARY KEY (provider, subject)
);
CREATE UNIQUE INDEX account_oauth_link_member ON account_oauth_link (member_id, provider);

-- Single-use tickets handed to the browser after a provider login, stored
-- as SHA-256: kind 'login' (a linked member, 60 s, exchanged for a
-- session) or 'link' (an unlinked provider account, 10 min, to link to an
-- existing member or to create one).
CREATE TABLE account_oauth_ticket (
    ticket_hash TEXT NOT NULL PRIMARY KEY,
    kind TEXT NOT NULL,
    provider TEXT NOT NULL,
    subject TEXT NOT NULL,
    member_id BIGINT NOT NULL DEFAULT 0,
    email TEXT NOT NULL DEFAULT '',
    name TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX account_oauth_ticket_expires ON account_oauth_ticket (expires_at);
