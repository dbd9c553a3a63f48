-- Jackpot contributions accrue when a round completes (docs/games/server.md,
-- "Jackpot"): the statement (or, on SQLite, the batch) that marks rounds
-- COMPLETED adds their contributions to one of a few accrual rows per
-- currency (shards, so parallel completions on PostgreSQL rarely wait on
-- one row). The flush moves the accrued amount into a batch and zeroes it in
-- one transaction. Before, the flush claimed the completed rounds themselves
-- with an UPDATE of every round since the last flush (a second write of
-- each round, about a thousand rows a second under load, which held
-- SQLite's writer for tens of milliseconds each second).
CREATE TABLE inhouse_jackpot_accrual (
    currency TEXT NOT NULL,
    shard INTEGER NOT NULL,
    amount BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (currency, shard)
);

-- Completed rounds no batch claimed yet accrue now; jp_batch is no longer
-- written (it keeps which batch claimed the rounds completed before this).
INSERT INTO inhouse_jackpot_accrual (currency, shard, amount)
SELECT currency, 0, SUM(jp_contribution) FROM inhouse_round
WHERE jp_batch IS NULL AND state = 'COMPLETED' AND jp_contribution > 0
GROUP BY currency;

DROP INDEX inhouse_round_unbatched;
