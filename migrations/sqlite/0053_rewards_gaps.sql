-- Rewards (docs/rewards.md): VIP level names per language, bonus-bets claims
-- answered once per request key, the bonus cost read by period, and the
-- dashboard's bonus cost counted as real money paid (docs/reports.md).

-- A level's names by language code (EN and TY required); name stays the EN one.
ALTER TABLE vip_level ADD COLUMN names TEXT NOT NULL DEFAULT '{}';
-- The demo club's levels get their Tagalog names; any other level keeps its
-- one name as EN until an operator gives the TY one.
UPDATE vip_level SET names = '{"EN":"Bronze","TY":"Tanso"}' WHERE name = 'Bronze';
UPDATE vip_level SET names = '{"EN":"Silver","TY":"Pilak"}' WHERE name = 'Silver';
UPDATE vip_level SET names = '{"EN":"Gold","TY":"Ginto"}' WHERE name = 'Gold';
UPDATE vip_level SET names = '{"EN":"Platinum","TY":"Platino"}' WHERE name = 'Platinum';
UPDATE vip_level SET names = '{"EN":"Ruby","TY":"Rubi"}' WHERE name = 'Ruby';
UPDATE vip_level SET names = '{"EN":"Sapphire","TY":"Sapiro"}' WHERE name = 'Sapphire';
UPDATE vip_level SET names = '{"EN":"Emerald","TY":"Esmeralda"}' WHERE name = 'Emerald';
UPDATE vip_level SET names = '{"EN":"Diamond","TY":"Diyamante"}' WHERE name = 'Diamond';

-- <member>:<Idempotency-Key> of the request that made the claim (NULL before).
ALTER TABLE vip_rebate_claim ADD COLUMN request_key TEXT;
CREATE UNIQUE INDEX vip_rebate_claim_request ON vip_rebate_claim (request_key) WHERE request_key IS NOT NULL;

-- The bonus cost reports read a period's rewards and grants by these times
-- (the grants' ended_at has its index since 0048).
CREATE INDEX reward_issued ON reward (issued_at);
CREATE INDEX reward_claimed ON reward (claimed_at) WHERE claimed_at > 0;
CREATE INDEX bonus_grant_created ON bonus_grant (created_at);

-- Bonus money converted to main before the game wallet wrote bonus.converted
-- facts: one fact per ended grant, at its end, so the dashboard's bonus cost
-- (claimed cash + converted bonus) covers the past.
INSERT INTO activity_event (seq, fact_key, kind, member_id, currency, amount, ref, detail, occurred_at, created_at)
SELECT
    coalesce((SELECT max(seq) FROM activity_event), 0) + row_number() OVER (ORDER BY g.id),
    'bonus-converted:' || g.id, 'bonus.converted', g.member_id, g.currency, g.converted, CAST(g.id AS TEXT), g.source,
    g.ended_at, CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM bonus_grant g
WHERE g.converted > 0 AND g.ended_at > 0;

-- The report rows are rebuilt from the stream with that definition.
DELETE FROM report_games_daily;
DELETE FROM report_cash_daily;
DELETE FROM report_first_deposit;
DELETE FROM report_member_day;
DELETE FROM report_active_daily;
UPDATE activity_cursor SET position = 0 WHERE consumer = 'reports.daily';
