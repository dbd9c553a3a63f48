-- A winner board entry made from a settled round (internal/records, a
-- consumer of the activity stream) carries the round's fact key: a batch of
-- facts given to the consumer again after a crash adds its entries once.
-- Entries not made from a round (the demo seed) have none; NULLs do not
-- collide.
ALTER TABLE game_winner ADD COLUMN round_key TEXT;
CREATE UNIQUE INDEX game_winner_round_key ON game_winner (round_key);
