-- Listing lifecycle (souk.lifecycle): probe results, health and status, operator delisting, and the
-- per-payTo log of cataloging outcomes the seller view shows. None of these tables is catalog text:
-- a listing's declaration still changes only on a verified payment.

-- One row per probe, kept for SOUK_PROBE_HISTORY_DAYS (uptime over 7 days is computed from it).
CREATE TABLE probe_results (
    id          bigserial PRIMARY KEY,
    listing_id  bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    probed_at   timestamptz NOT NULL,
    outcome     text NOT NULL,
    healthy     boolean NOT NULL,
    http_status integer,
    latency_ms  integer,
    address     text,
    detail      text,
    findings    jsonb NOT NULL DEFAULT '[]'
);
CREATE INDEX probe_results_listing_idx ON probe_results (listing_id, probed_at DESC);
CREATE INDEX probe_results_age_idx ON probe_results (probed_at);

-- Current health of a probed listing. No row: never probed (treated as active, never demoted).
CREATE TABLE listing_health (
    listing_id        bigint PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
    status            text NOT NULL DEFAULT 'active'
                      CHECK (status IN ('active', 'degraded', 'unreachable', 'gone')),
    score             double precision NOT NULL DEFAULT 1.0 CHECK (score >= 0 AND score <= 1),
    probes            integer NOT NULL DEFAULT 0,
    failure_streak    integer NOT NULL DEFAULT 0,
    streak_started_at timestamptz,
    last_probe_at     timestamptz,
    last_outcome      text,
    last_ok_at        timestamptz,
    next_probe_at     timestamptz,
    status_changed_at timestamptz NOT NULL DEFAULT now(),
    delisted          boolean NOT NULL DEFAULT false,
    delist_reason     text
);
CREATE INDEX listing_health_due_idx ON listing_health (next_probe_at);
CREATE INDEX listing_health_hidden_idx ON listing_health (listing_id) WHERE status = 'gone' OR delisted;

-- Every status transition and every operator delist/relist, with its reason (like binding_changes).
CREATE TABLE listing_status_changes (
    id          bigserial PRIMARY KEY,
    listing_id  bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    action      text NOT NULL CHECK (action IN ('status', 'delist', 'relist')),
    from_status text,
    to_status   text,
    reason      text NOT NULL,
    changed_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX listing_status_changes_listing_idx ON listing_status_changes (listing_id, changed_at DESC);

-- Outcomes of catalog events per payTo (accepted, or the rejection code and reason), bounded: the newest
-- 50 per payTo, at most 30 days old (souk.lifecycle.rejections). A log for the seller, not the catalog.
CREATE TABLE payto_event_log (
    id          bigserial PRIMARY KEY,
    pay_to      text NOT NULL,
    observed_at timestamptz NOT NULL DEFAULT now(),
    event       text,
    outcome     text NOT NULL CHECK (outcome IN ('accepted', 'rejected')),
    error       text,
    reason      text,
    listing_key text,
    resource    text
);
CREATE INDEX payto_event_log_pay_to_idx ON payto_event_log (lower(pay_to), observed_at DESC, id DESC);
CREATE INDEX payto_event_log_age_idx ON payto_event_log (observed_at);

-- The seller view finds listings by any bound payTo.
CREATE INDEX listing_bindings_pay_to_idx ON listing_bindings (lower(pay_to));
