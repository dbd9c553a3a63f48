-- Game launch rules (issue 5, internal/launch, docs/vendor-api.md "Launch").
-- One row per vendor (game_code '') or per game: free_play lets trial
-- (free-play) accounts launch it; disabled refuses every launch with
-- launch.game_disabled while the game stays listed. A game row overrides its
-- vendor's row field by field only where it exists; no row means neither.
-- Maintenance is not here: it is the catalogue's flag (game_vendor, game).
CREATE TABLE launch_rule (
    vendor_code TEXT NOT NULL,
    game_code TEXT NOT NULL DEFAULT '',
    free_play INTEGER NOT NULL DEFAULT 0,
    disabled INTEGER NOT NULL DEFAULT 0,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (vendor_code, game_code)
);
