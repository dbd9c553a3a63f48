-- Members whose upline the agent tree's facts do not tell (accounts created
-- before member.registered carried the upline in its Ref, migration 0037)
-- get one member.moved fact to their current upline, so the consumers that
-- build the tree (agent.tree) and the agent reports' parents
-- (agent.teamdaily) place them. Facts already in the stream are not
-- rewritten: the reports' past days stay as they were counted. The account
-- domain writes this fact kind (internal/account/agent_tree.go); positions
-- follow the stream's last one, as Append gives them on SQLite.
INSERT INTO activity_event (seq, fact_key, kind, member_id, ref, detail, occurred_at, created_at)
SELECT
    coalesce((SELECT max(seq) FROM activity_event), 0) + row_number() OVER (ORDER BY m.id),
    'member-upline:' || m.id, 'member.moved', m.id, CAST(m.parent_id AS TEXT), '0',
    CAST(strftime('%s', 'now') AS INTEGER) * 1000, CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM account_member m
WHERE coalesce(m.parent_id, 0) <> 0 AND m.type <> 4
  AND NOT EXISTS (SELECT 1 FROM activity_event r WHERE r.fact_key = 'member:' || m.id AND r.ref = CAST(m.parent_id AS TEXT))
  AND NOT EXISTS (SELECT 1 FROM activity_event v WHERE v.member_id = m.id AND v.kind = 'member.moved');
