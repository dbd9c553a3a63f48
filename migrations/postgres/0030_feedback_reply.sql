-- The operator's answer to a player's feedback (internal/account,
-- feedback_ops.go): the reply goes to the player's messages as well.
-- status: 0 new, 1 answered, 2 closed.
ALTER TABLE account_feedback ADD COLUMN reply TEXT NOT NULL DEFAULT '';
ALTER TABLE account_feedback ADD COLUMN replied_by BIGINT NOT NULL DEFAULT 0;
ALTER TABLE account_feedback ADD COLUMN replied_at BIGINT NOT NULL DEFAULT 0;
ALTER TABLE account_feedback ADD COLUMN closed_at BIGINT NOT NULL DEFAULT 0;
CREATE INDEX account_feedback_type ON account_feedback (type, status, created_at);
