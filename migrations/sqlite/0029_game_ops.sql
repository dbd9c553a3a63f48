-- Operators switch vendors and games off (hidden from the storefront, not
-- launchable) and schedule their maintenance (internal/game, ops.go).
-- Windows are Unix milliseconds, from included, to not; 0 = none.
ALTER TABLE game_vendor ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_vendor ADD COLUMN maintenance_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game_vendor ADD COLUMN maintenance_to INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game ADD COLUMN disabled INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game ADD COLUMN maintenance_from INTEGER NOT NULL DEFAULT 0;
ALTER TABLE game ADD COLUMN maintenance_to INTEGER NOT NULL DEFAULT 0;
