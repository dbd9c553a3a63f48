-- Agent reports (issue 31 part 3, internal/agent/teamreport,
-- docs/agents.md "Reports"): the activity stream's consumer
-- "agent.teamdaily". Each fact is counted for the member's uplines as they
-- were when the consumer applied it; a later move never rewrites a row.
-- Days in the brand's time zone (YYYY-MM-DD); money in minor units.

-- Per upline agent, day and currency: its whole team's totals (every level
-- below the agent; registrations under the fact's currency, '' for none).
CREATE TABLE agent_team_daily (
    agent_id             BIGINT NOT NULL,
    day                  TEXT   NOT NULL,
    currency             TEXT   NOT NULL,
    registrations        INTEGER NOT NULL DEFAULT 0,
    first_deposits       INTEGER NOT NULL DEFAULT 0,
    first_deposit_amount INTEGER NOT NULL DEFAULT 0,
    deposits             INTEGER NOT NULL DEFAULT 0,
    deposit_count        INTEGER NOT NULL DEFAULT 0,
    withdrawals          INTEGER NOT NULL DEFAULT 0,
    withdrawal_count     INTEGER NOT NULL DEFAULT 0,
    bets                 INTEGER NOT NULL DEFAULT 0,
    valid_bets           INTEGER NOT NULL DEFAULT 0,
    wins                 INTEGER NOT NULL DEFAULT 0,
    rounds               INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (agent_id, day, currency)
);

-- Per upline agent, day, currency and line: a line is the agent's direct
-- downline the fact came through (the member itself when it is directly
-- under the agent, else the downline agent whose team holds it).
CREATE TABLE agent_line_daily (
    agent_id    BIGINT NOT NULL,
    day         TEXT   NOT NULL,
    currency    TEXT   NOT NULL,
    line_id     BIGINT NOT NULL,
    bets        INTEGER NOT NULL DEFAULT 0,
    valid_bets  INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    rounds      INTEGER NOT NULL DEFAULT 0,
    deposits    INTEGER NOT NULL DEFAULT 0,
    withdrawals INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (agent_id, day, currency, line_id)
);

-- Each member's days with a settled (or rolled-back) round, with its
-- uplines then (nearest first, comma-separated); a day the member was moved
-- on has a row per chain it played under.
CREATE TABLE agent_member_day (
    member_id BIGINT NOT NULL,
    day       TEXT   NOT NULL,
    chain     TEXT   NOT NULL,
    PRIMARY KEY (member_id, day, chain)
);

-- Members of agent's team active on day whose active day before it, under
-- that agent, was prev_day ('' for none): the distinct active members of
-- [a, b] are the sum over day in [a, b] with prev_day < a.
CREATE TABLE agent_active_daily (
    agent_id BIGINT NOT NULL,
    day      TEXT   NOT NULL,
    prev_day TEXT   NOT NULL,
    members  BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (agent_id, day, prev_day)
);

-- Each member's first credited deposit: a deposit is a first deposit when
-- its insert here takes (in stream order).
CREATE TABLE agent_first_deposit (
    member_id BIGINT PRIMARY KEY,
    day       TEXT   NOT NULL,
    currency  TEXT   NOT NULL,
    amount    BIGINT NOT NULL
);
