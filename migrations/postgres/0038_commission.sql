-- Contracts between an upline agent (0: the platform) and a direct downline
-- agent, and the bills settled on them (issue 31, internal/commission,
-- docs/agents.md "Contracts and commissions"). Times are Unix milliseconds,
-- amounts integer minor units, rates basis points.

CREATE TABLE commission_contract (
    id BIGSERIAL PRIMARY KEY,
    type TEXT NOT NULL,
    period TEXT NOT NULL,
    upline_id BIGINT NOT NULL,
    downline_id BIGINT NOT NULL,
    terms TEXT NOT NULL,            -- JSON: {tiers, realtime}
    status TEXT NOT NULL,           -- pending, active, rejected, terminated
    end_reason TEXT NOT NULL DEFAULT '',
    replaces_id BIGINT NOT NULL DEFAULT 0,
    offered_at BIGINT NOT NULL,
    decided_at BIGINT NOT NULL DEFAULT 0,
    ended_at BIGINT NOT NULL DEFAULT 0,
    offered_by TEXT NOT NULL DEFAULT ''  -- operator:<id> for platform contracts
);
-- An agent holds at most one active contract of a type as the downline, and
-- one pending offer of a type waits at a time.
CREATE UNIQUE INDEX commission_contract_active ON commission_contract (downline_id, type) WHERE status = 'active';
CREATE UNIQUE INDEX commission_contract_pending ON commission_contract (downline_id, type) WHERE status = 'pending';
CREATE INDEX commission_contract_upline ON commission_contract (upline_id, type, status);
CREATE INDEX commission_contract_settle ON commission_contract (type, period, status);

CREATE TABLE commission_bill (
    id BIGSERIAL PRIMARY KEY,
    contract_id BIGINT NOT NULL REFERENCES commission_contract (id),
    type TEXT NOT NULL,
    payer_id BIGINT NOT NULL,
    payee_id BIGINT NOT NULL,
    period_start BIGINT NOT NULL,
    period_end BIGINT NOT NULL,
    inputs TEXT NOT NULL,           -- JSON BillInputs: team figures, carry, tier, rates
    amount BIGINT NOT NULL,
    paid BIGINT NOT NULL DEFAULT 0,
    part_amount BIGINT NOT NULL DEFAULT 0, -- a partial payment decided at expiry, written before it is posted
    currency TEXT NOT NULL,
    status TEXT NOT NULL,
    reason TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    paid_at BIGINT NOT NULL DEFAULT 0,
    UNIQUE (contract_id, period_start)
);
CREATE INDEX commission_bill_payee ON commission_bill (payee_id, period_start);
CREATE INDEX commission_bill_payer ON commission_bill (payer_id, period_start);
CREATE INDEX commission_bill_status ON commission_bill (status, type);
