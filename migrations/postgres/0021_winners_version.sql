-- The winner boards get a version counter of their own: a new board entry
-- (every big or jackpot win) bumps winners_version instead of the
-- catalogue's version, so a server refreshes only its boards (one read of
-- the top entries) instead of reloading and re-indexing every vendor and
-- game (internal/game, Service.Catalog).
ALTER TABLE game_catalog_meta ADD COLUMN winners_version BIGINT NOT NULL DEFAULT 0;
