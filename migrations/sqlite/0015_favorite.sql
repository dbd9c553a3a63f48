-- Favourite and recently played games (issue 5, internal/favorite).
-- Node ids refer to game_catalog rows but carry no foreign key: a game
-- removed from the catalogue simply drops out of the lists (the lists are
-- resolved against the catalogue snapshot). Times are Unix milliseconds.

-- A member's favourites; adding one twice keeps the first row.
CREATE TABLE game_favorite (
    member_id BIGINT NOT NULL,
    node_id BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, node_id)
);
CREATE INDEX game_favorite_member_time ON game_favorite (member_id, created_at);

-- The games a member launched, one row per game (a new launch moves it to
-- the front); played_at is strictly increasing per member so the order is
-- total. Trimmed to the newest 50 per member on every launch.
CREATE TABLE game_recent (
    member_id BIGINT NOT NULL,
    node_id BIGINT NOT NULL,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, node_id)
);
CREATE INDEX game_recent_member_time ON game_recent (member_id, played_at);
