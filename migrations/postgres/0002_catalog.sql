-- Games catalogue: vendors (identity is code + category), games, winner feed,
-- and a one-row version counter every catalogue write bumps, so the service
-- can tell cheaply whether its in-memory snapshot is stale.
CREATE TABLE game_vendor (
    code TEXT NOT NULL,
    game_type TEXT NOT NULL,
    display_name TEXT NOT NULL,
    is_game TEXT NOT NULL DEFAULT '',
    launch_mode TEXT NOT NULL DEFAULT 'iframe',
    is_new INTEGER NOT NULL DEFAULT 0,
    maintenance INTEGER NOT NULL DEFAULT 0,
    sort INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (code, game_type)
);
CREATE INDEX game_vendor_type_sort ON game_vendor (game_type, sort, code);

CREATE TABLE game (
    node_id BIGINT NOT NULL PRIMARY KEY,
    game_code TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    vendor_code TEXT NOT NULL,
    game_type TEXT NOT NULL,
    sub_category TEXT NOT NULL DEFAULT '',
    is_hot INTEGER NOT NULL DEFAULT 0,
    is_new INTEGER NOT NULL DEFAULT 0,
    maintenance INTEGER NOT NULL DEFAULT 0,
    sort INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    FOREIGN KEY (vendor_code, game_type) REFERENCES game_vendor (code, game_type)
);
CREATE INDEX game_type_sort ON game (game_type, sort, node_id);
CREATE INDEX game_vendor_sort ON game (vendor_code, game_type, sort, node_id);
CREATE INDEX game_type_hot ON game (game_type, is_hot, sort, node_id);

CREATE TABLE game_winner (
    id BIGSERIAL PRIMARY KEY,
    kind TEXT NOT NULL,
    customer_name TEXT NOT NULL,
    win_amount BIGINT NOT NULL,
    node_id BIGINT NOT NULL REFERENCES game (node_id),
    game_type TEXT NOT NULL,
    won_at BIGINT NOT NULL
);
CREATE INDEX game_winner_kind_type_amount ON game_winner (kind, game_type, win_amount DESC);
CREATE INDEX game_winner_kind_type_time ON game_winner (kind, game_type, won_at DESC);

CREATE TABLE game_catalog_meta (
    id INTEGER NOT NULL PRIMARY KEY,
    version BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
INSERT INTO game_catalog_meta (id, version, updated_at) VALUES (1, 0, 0);
