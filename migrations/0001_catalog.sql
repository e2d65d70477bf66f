-- The catalog: one row per listing, keyed by (url-or-routeTemplate, method) or (url, toolName).
CREATE TABLE listings (
    id                bigserial PRIMARY KEY,
    listing_key       text NOT NULL UNIQUE,
    type              text NOT NULL CHECK (type IN ('http', 'mcp')),
    resource_url      text NOT NULL,
    method            text,
    tool_name         text,
    route_template    text,
    pay_to            text NOT NULL,
    x402_version      integer NOT NULL,
    description       text,
    mime_type         text,
    service_name      text,
    tags              text[],
    icon_url          text,
    accepts           jsonb NOT NULL,
    extensions        jsonb NOT NULL,
    discovery_info    jsonb NOT NULL,
    document          jsonb NOT NULL,
    schemes           text[] NOT NULL,
    networks          text[] NOT NULL,
    assets            text[] NOT NULL,
    asset_symbols     text[] NOT NULL,
    min_usd_price     numeric,
    search_text       text NOT NULL,
    content_hash      text NOT NULL,
    source_event_at   timestamptz NOT NULL,
    first_verified_at timestamptz,
    last_verified_at  timestamptz,
    first_settled_at  timestamptz,
    last_settled_at   timestamptz,
    created_at        timestamptz NOT NULL DEFAULT now(),
    updated_at        timestamptz NOT NULL DEFAULT now(),
    CHECK ((type = 'http') = (method IS NOT NULL)),
    CHECK ((type = 'mcp') = (tool_name IS NOT NULL))
);
CREATE INDEX listings_networks_idx ON listings USING gin (networks);
CREATE INDEX listings_schemes_idx ON listings USING gin (schemes);
CREATE INDEX listings_pay_to_idx ON listings (lower(pay_to));
CREATE INDEX listings_order_idx ON listings (source_event_at DESC, listing_key);

-- Which payTo addresses may change a listing. The first verified payment binds it; an operator
-- moves or extends a binding with `souk seller bind|move` (recorded in binding_changes).
CREATE TABLE listing_bindings (
    listing_id bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    pay_to     text NOT NULL,
    bound_at   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (listing_id, pay_to)
);

CREATE TABLE binding_changes (
    id          bigserial PRIMARY KEY,
    listing_id  bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    action      text NOT NULL CHECK (action IN ('bind', 'move', 'unbind')),
    pay_to      text NOT NULL,
    reason      text NOT NULL,
    changed_at  timestamptz NOT NULL DEFAULT now()
);

-- Settlement history: no payer identity in the clear, only a keyed hash to count unique payers.
CREATE TABLE settlements (
    id          bigserial PRIMARY KEY,
    listing_id  bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    transaction text NOT NULL,
    settled_at  timestamptz NOT NULL,
    success     boolean NOT NULL,
    network     text NOT NULL,
    asset       text NOT NULL,
    amount      numeric NOT NULL,
    payer_hash  text,
    UNIQUE (network, transaction)
);
CREATE INDEX settlements_listing_idx ON settlements (listing_id, settled_at DESC);
