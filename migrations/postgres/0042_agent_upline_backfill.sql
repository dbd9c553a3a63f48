-- Members whose upline the agent tree's facts do not tell (accounts created
-- before member.registered carried the upline in its Ref, migration 0037)
-- get one member.moved fact to their current upline, so the consumers that
-- build the tree (agent.tree) and the agent reports' parents
-- (agent.teamdaily) place them. Facts already in the stream are not
-- rewritten: the reports' past days stay as they were counted. The account
-- domain writes this fact kind (internal/account/agent_tree.go); the
-- sequencer numbers the rows as it numbers any committed fact.
INSERT INTO activity_event (fact_key, kind, member_id, ref, detail, occurred_at, created_at)
SELECT
    'member-upline:' || m.id, 'member.moved', m.id, m.parent_id::text, '0',
    (extract(epoch FROM now()) * 1000)::bigint, (extract(epoch FROM now()) * 1000)::bigint
FROM account_member m
WHERE coalesce(m.parent_id, 0) <> 0 AND m.type <> 4
  AND NOT EXISTS (SELECT 1 FROM activity_event r WHERE r.fact_key = 'member:' || m.id AND r.ref = m.parent_id::text)
  AND NOT EXISTS (SELECT 1 FROM activity_event v WHERE v.member_id = m.id AND v.kind = 'member.moved')
ORDER BY m.id;
