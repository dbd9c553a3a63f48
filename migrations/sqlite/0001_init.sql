CREATE TABLE brand (
    id INTEGER PRIMARY KEY,
    merchant_code TEXT NOT NULL UNIQUE,
    config TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);

-- Content (internal/content): ids are assigned by the operator's data, so
-- banners can link to promotions by id across databases.
CREATE TABLE content_banner (
    id BIGINT PRIMARY KEY,
    group_name TEXT NOT NULL,
    sequence INTEGER NOT NULL,
    body TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX content_banner_group ON content_banner (group_name, sequence);

CREATE TABLE content_announcement (
    id BIGINT PRIMARY KEY,
    type TEXT NOT NULL,
    execution TEXT NOT NULL DEFAULT '',
    sequence INTEGER NOT NULL,
    published_at BIGINT NOT NULL,
    starts_at BIGINT NOT NULL DEFAULT 0,
    ends_at BIGINT NOT NULL DEFAULT 0,
    body TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX content_announcement_type ON content_announcement (type, sequence);

CREATE TABLE content_help (
    section_key TEXT PRIMARY KEY,
    sort INTEGER NOT NULL,
    body TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
