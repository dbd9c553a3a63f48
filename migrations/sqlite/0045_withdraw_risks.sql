-- The risk flags an operator saw when deciding a withdrawal, kept with the
-- decision (comma-separated, '' for none); NULL: decided before they were
-- kept (or not decided yet), worked out when read.
ALTER TABLE withdraw_order ADD COLUMN risks TEXT;
