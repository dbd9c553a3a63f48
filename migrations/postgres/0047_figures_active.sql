-- Active players (internal/figures): the members who played on a day, one
-- row per (day, member), and their number per day. The dashboard counts a
-- period's distinct players here instead of in figures_daily, whose rows
-- of a day are several per player (categories, vendors, cash rows), and
-- reads the players per day without counting (issue 30: a million members,
-- ten million rounds). Kept by the figures consumer with figures_daily.
-- prev_day is the member's previous day with a row ('' for none): a period's
-- distinct players are its rows whose previous day is before the period,
-- counted from the index (day, prev_day) without sorting the members.
CREATE TABLE figures_active (
    day       TEXT   NOT NULL,
    member_id BIGINT NOT NULL,
    prev_day  TEXT   NOT NULL DEFAULT '',
    PRIMARY KEY (day, member_id)
);
INSERT INTO figures_active (day, member_id, prev_day)
SELECT day, member_id, COALESCE(LAG(day) OVER (PARTITION BY member_id ORDER BY day), '')
FROM (SELECT DISTINCT day, member_id FROM figures_daily WHERE category <> '') d;
CREATE INDEX figures_active_first ON figures_active (day, prev_day);
CREATE INDEX figures_active_member ON figures_active (member_id, day);

CREATE TABLE figures_active_daily (
    day     TEXT   NOT NULL PRIMARY KEY,
    players BIGINT NOT NULL
);
INSERT INTO figures_active_daily (day, players) SELECT day, COUNT(*) FROM figures_active GROUP BY day;
