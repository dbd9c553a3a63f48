-- The agent tree (internal/agent, docs/agents.md "Tree and transfers"): a
-- closure table kept by the activity-stream consumer agent.tree from the
-- member.registered and member.moved facts (account_member.parent_id stays
-- the account domain's). One row per (ancestor, member) pair including each
-- member's own row at depth 0, so "all members under X" is one index range
-- however deep the team is.
CREATE TABLE agent_closure (
    ancestor_id INTEGER NOT NULL,
    member_id   INTEGER NOT NULL,
    depth       INTEGER NOT NULL,
    PRIMARY KEY (ancestor_id, member_id)
);
-- Direct members of X (depth 1), newest first.
CREATE INDEX agent_closure_depth ON agent_closure (ancestor_id, depth, member_id);
-- Ancestors of Y (its upline chain), nearest first.
CREATE INDEX agent_closure_member ON agent_closure (member_id, depth);

-- An agent's invitation links: each code registers the given account type
-- under the agent. Codes are unique upper case and never reused.
CREATE TABLE agent_link (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    agent_id    INTEGER NOT NULL,
    code        TEXT    NOT NULL UNIQUE,
    member_type INTEGER NOT NULL,
    label       TEXT    NOT NULL DEFAULT '',
    status      INTEGER NOT NULL DEFAULT 0,
    created_at  INTEGER NOT NULL
);
CREATE INDEX agent_link_agent ON agent_link (agent_id, id);
