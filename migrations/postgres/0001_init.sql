CREATE TABLE brand (
    id BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL UNIQUE,
    config TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
