-- Ledger performance and the account record (issue 4, docs/ledger.md).
-- balance_after: the account's balance right after this line, written inside
-- the posting transaction (the running sum of the account's lines in posting
-- id order, which is the order the account's postings committed in: an
-- account's row is locked before its posting id is drawn). created_at is the
-- posting's time copied onto its lines so the account record can range-scan
-- one index per account. Existing lines are backfilled below; the append-only
-- trigger is lifted for that one statement and put back.
ALTER TABLE ledger_line ADD COLUMN balance_after BIGINT;
ALTER TABLE ledger_line ADD COLUMN created_at BIGINT NOT NULL DEFAULT 0;

DROP TRIGGER ledger_line_no_update;
UPDATE ledger_line SET balance_after = r.bal, created_at = r.at
FROM (SELECT x.id, SUM(x.amount) OVER (PARTITION BY x.account_id ORDER BY x.posting_id ROWS UNBOUNDED PRECEDING) AS bal,
             p.created_at AS at
      FROM ledger_line x JOIN ledger_posting p ON p.id = x.posting_id) AS r
WHERE r.id = ledger_line.id;
CREATE TRIGGER ledger_line_no_update BEFORE UPDATE ON ledger_line
BEGIN SELECT RAISE(ABORT, 'ledger_line is append-only'); END;

-- The account record: lines of a few accounts in a time range, newest first.
-- It also serves every lookup by account, so the older (account_id, id) index
-- goes: one index fewer to maintain on the hottest insert of the platform.
CREATE INDEX ledger_line_account_time ON ledger_line (account_id, created_at, posting_id);
DROP INDEX ledger_line_account;
