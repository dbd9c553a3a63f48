-- The idle-round sweeper's index (internal/seamless, SweepEvery) covers only
-- the OPEN rounds: closing a round then removes it from the index instead of
-- adding a (COMPLETED, time) entry that nothing reads, and the index stays
-- the size of the rounds in play, not of every round ever played.
DROP INDEX game_round_open;
CREATE INDEX game_round_open ON game_round (updated_at) WHERE status = 'OPEN';
