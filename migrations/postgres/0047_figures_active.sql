-- Active players (internal/figures): the members who played on a day, one
-- row per (day, member), and their number per day. The dashboard counts a
-- period's distinct players here instead of in figures_daily, whose rows
-- of a day are several per player (categories, vendors, cash rows), and
-- reads the players per day without counting (issue 30: a million members,
-- ten million rounds). Kept by the figures consumer with figures_daily.
CREATE TABLE figures_active (
    day       TEXT   NOT NULL,
    member_id BIGINT NOT NULL,
    PRIMARY KEY (day, member_id)
);
INSERT INTO figures_active (day, member_id) SELECT DISTINCT day, member_id FROM figures_daily WHERE category <> '';

CREATE TABLE figures_active_daily (
    day     TEXT   NOT NULL PRIMARY KEY,
    players BIGINT NOT NULL
);
INSERT INTO figures_active_daily (day, players) SELECT day, COUNT(*) FROM figures_active GROUP BY day;
