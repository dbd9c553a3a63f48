-- The idle-round sweeper's index (internal/seamless, SweepEvery) covers only
-- the OPEN rounds: closing a round then removes it from the index instead of
-- adding a (COMPLETED, time) entry that nothing reads, and the index stays
-- the size of the rounds in play, not of every round ever played.
DROP INDEX game_round_open;
CREATE INDEX game_round_open ON game_round (updated_at) WHERE status = 'OPEN';

-- Likewise the in-house recovery's index (internal/inhouse, stale): only the
-- rounds not yet COMPLETED or CANCELLED, the few in play.
DROP INDEX inhouse_round_state;
CREATE INDEX inhouse_round_unfinished ON inhouse_round (state, updated_at) WHERE state IN ('PENDING', 'OPEN', 'SETTLING', 'REFUNDING');
