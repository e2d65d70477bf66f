-- Token buckets for per-client and per-session rate limits (POST /discovery/v1/conversions).
-- Kept in Postgres so every Lambda container and every runner thread shares one limit; UNLOGGED because
-- a crash that resets the buckets only makes the limits briefly generous. Keys are keyed hashes, never
-- a client address in the clear; a bucket idle longer than its refill time is full, so old rows go.
CREATE UNLOGGED TABLE rate_buckets (
    key        text PRIMARY KEY,
    tokens     double precision NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX rate_buckets_updated_idx ON rate_buckets (updated_at);
