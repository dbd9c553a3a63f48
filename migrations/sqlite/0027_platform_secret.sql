-- The secrets several domains share (internal/platform/secrets) belong to no
-- one domain: the table the account domain kept them in becomes the
-- platform's.
ALTER TABLE account_secret RENAME TO platform_secret;
