-- Accounts (issue 3): members (players, trial players, agents), their
-- sessions, single-use captchas, the auth audit log, and back-office
-- operators in a table of their own (they never log in through /wps).
-- Times are Unix milliseconds. account_lower carries the case-insensitive
-- uniqueness of the username the same way on both dialects.
CREATE TABLE account_member (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account TEXT NOT NULL,
    account_lower TEXT NOT NULL UNIQUE,
    nickname TEXT NOT NULL DEFAULT '',
    type INTEGER NOT NULL DEFAULT 0,
    status INTEGER NOT NULL DEFAULT 0,
    password_hash TEXT NOT NULL DEFAULT '',
    default_password INTEGER NOT NULL DEFAULT 0,
    password_changed_at BIGINT NOT NULL DEFAULT 0,
    last_login_at BIGINT NOT NULL DEFAULT 0,
    last_login_ip TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    mobile TEXT NOT NULL DEFAULT '',
    country_dialing_code TEXT NOT NULL DEFAULT '',
    payee_name TEXT NOT NULL DEFAULT '',
    referral_code TEXT NOT NULL DEFAULT '',
    affiliate_code TEXT NOT NULL DEFAULT '',
    own_affiliate_code TEXT,
    parent_id BIGINT,
    register_url TEXT NOT NULL DEFAULT '',
    domain TEXT NOT NULL DEFAULT '',
    register_method TEXT NOT NULL DEFAULT '',
    register_ip TEXT NOT NULL DEFAULT '',
    extra TEXT NOT NULL DEFAULT '{}',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX account_member_mobile ON account_member (country_dialing_code, mobile) WHERE mobile <> '';
CREATE UNIQUE INDEX account_member_own_affiliate ON account_member (own_affiliate_code) WHERE own_affiliate_code IS NOT NULL;

CREATE TABLE account_session (
    token_hash TEXT NOT NULL PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES account_member (id),
    remember INTEGER NOT NULL DEFAULT 0,
    login_type TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    revoked_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX account_session_member ON account_session (member_id, revoked_at);
CREATE INDEX account_session_expires ON account_session (expires_at);

CREATE TABLE account_captcha (
    captcha_key TEXT NOT NULL PRIMARY KEY,
    answer TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX account_captcha_expires ON account_captcha (expires_at);

CREATE TABLE account_audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    member_id BIGINT,
    account TEXT NOT NULL DEFAULT '',
    event TEXT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);
CREATE INDEX account_audit_member ON account_audit (member_id, created_at);
CREATE INDEX account_audit_account ON account_audit (account, created_at);

CREATE TABLE account_operator (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    username_lower TEXT NOT NULL UNIQUE,
    username TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL DEFAULT 'ADMIN',
    status INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- One-time SMS codes (registration, login, password reset by phone), stored
-- as SHA-256 of purpose, number and code; tries counts wrong entries.
CREATE TABLE account_sms_code (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purpose TEXT NOT NULL,
    country_dialing_code TEXT NOT NULL,
    mobile TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    tries INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX account_sms_code_number ON account_sms_code (purpose, country_dialing_code, mobile, id);

-- Password reset links sent by e-mail: SHA-256 of the token, single use.
CREATE TABLE account_reset_token (
    token_hash TEXT NOT NULL PRIMARY KEY,
    member_id BIGINT NOT NULL REFERENCES account_member (id),
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT NOT NULL DEFAULT 0
);
