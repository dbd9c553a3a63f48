-- Content edited from the console (internal/content): pictures uploaded by
-- operators, named by their SHA-256 (a repeat upload is the same row), and a
-- version bumped by every change so each instance reloads only when it moved.
CREATE TABLE content_image (
    name TEXT PRIMARY KEY,
    content_type TEXT NOT NULL,
    data BYTEA NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE content_version (
    id INTEGER PRIMARY KEY,
    version BIGINT NOT NULL
);
INSERT INTO content_version (id, version) VALUES (1, 1);
