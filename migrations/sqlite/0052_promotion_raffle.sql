-- The promotions engine's raffle (docs/rewards.md "Raffle"): a RAFFLE
-- promotion's winners count, its draw seed (a server secret, revealed only
-- after the draw) with the SHA-256 committed before it starts, when it was
-- drawn, and the members' tickets (one per member, or per member per day).
ALTER TABLE promotion ADD COLUMN winners INTEGER NOT NULL DEFAULT 0;
ALTER TABLE promotion ADD COLUMN seed TEXT NOT NULL DEFAULT '';
ALTER TABLE promotion ADD COLUMN seed_hash TEXT NOT NULL DEFAULT '';
ALTER TABLE promotion ADD COLUMN drawn_at BIGINT NOT NULL DEFAULT 0;

CREATE TABLE promotion_ticket (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    promotion_id BIGINT NOT NULL,
    member_id BIGINT NOT NULL,
    period_key TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX promotion_ticket_once ON promotion_ticket (promotion_id, member_id, period_key);
CREATE INDEX promotion_ticket_member ON promotion_ticket (member_id);
