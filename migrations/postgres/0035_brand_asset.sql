-- Brand images an operator uploads (the logo), kept in the database like the
-- receipts. Named by the SHA-256 of their bytes: the same image is stored
-- once, and its address never changes content (served immutable). A theme
-- points at one by its path; an upload not saved into the brand is not linked
-- from any page.
CREATE TABLE brand_asset (
    hash TEXT NOT NULL PRIMARY KEY,
    content_type TEXT NOT NULL,
    data BYTEA NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    created_at BIGINT NOT NULL,
    created_by BIGINT NOT NULL
);
