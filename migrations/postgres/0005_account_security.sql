-- Accounts, third step (issue 3): the IPs each member has logged in from
-- (new-IP extra verification) and the pending login tickets of that step.
-- Times are Unix milliseconds.

-- Known IPs: a login from an IP not listed here (nor the registering IP)
-- needs the extra verification when the brand's loginVerify.newIp is on.
CREATE TABLE account_known_ip (
    member_id BIGINT NOT NULL REFERENCES account_member (id),
    ip TEXT NOT NULL,
    first_seen_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, ip)
);

-- A password login waiting for the code sent to the bound mobile or e-mail.
-- Only the SHA-256 of the ticket is stored; the code itself lives in
-- account_sms_code (purpose login_verify:<ticket id>). tries counts wrong
-- codes over all resends.
CREATE TABLE account_login_ticket (
    id BIGSERIAL PRIMARY KEY,
    ticket_hash TEXT NOT NULL UNIQUE,
    member_id BIGINT NOT NULL REFERENCES account_member (id),
    method TEXT NOT NULL,
    remember INTEGER NOT NULL DEFAULT 0,
    login_type TEXT NOT NULL DEFAULT '',
    ip TEXT NOT NULL DEFAULT '',
    tries INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX account_login_ticket_expires ON account_login_ticket (expires_at);
