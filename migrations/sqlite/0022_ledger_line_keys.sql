-- PostgreSQL's 0022 drops the foreign keys of ledger_line (see there). SQLite
-- keeps them: its checks are index lookups in-process, and dropping them
-- would mean rebuilding the table. Nothing changes here; the step keeps the
-- two schemas' versions in step.
SELECT 1;
