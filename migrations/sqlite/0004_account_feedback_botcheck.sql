-- Accounts, second step (issue 3): feedback for the back office, the
-- proof-of-work bot check (server key and spent challenges) and the member
-- avatar. Times are Unix milliseconds.

-- Feedback and complaints (spec section 3): type 0 others, 1 deposit,
-- 2 withdrawal, 3 game, 4 customer service, 6 apply agent. member_id is set
-- when a member sent it; sender is the contact a visitor left.
CREATE TABLE account_feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT REFERENCES account_member (id),
    account TEXT NOT NULL DEFAULT '',
    sender TEXT NOT NULL DEFAULT '',
    type INTEGER NOT NULL,
    content TEXT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    status INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
CREATE INDEX account_feedback_status ON account_feedback (status, created_at);
CREATE INDEX account_feedback_member ON account_feedback (member_id, created_at);

-- Server secrets shared by every instance on the database (the bot-check
-- HMAC key), created on first use.
CREATE TABLE account_secret (
    name TEXT NOT NULL PRIMARY KEY,
    value TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

-- Spent bot-check challenges (single use), kept until they expire.
CREATE TABLE account_botcheck_spent (
    challenge TEXT NOT NULL PRIMARY KEY,
    expires_at BIGINT NOT NULL
);
CREATE INDEX account_botcheck_spent_expires ON account_botcheck_spent (expires_at);

-- An uploaded or chosen avatar (URL); empty means the generated one.
ALTER TABLE account_member ADD COLUMN avatar TEXT NOT NULL DEFAULT '';
