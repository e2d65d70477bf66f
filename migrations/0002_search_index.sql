-- Lexical index for BM25F: per-field term frequencies and field lengths, maintained at cataloging time.
CREATE TABLE lexical_postings (
    listing_id bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    field      smallint NOT NULL,
    term       text NOT NULL,
    tf         integer NOT NULL CHECK (tf > 0),
    PRIMARY KEY (term, field, listing_id)
);
CREATE INDEX lexical_postings_listing_idx ON lexical_postings (listing_id);

CREATE TABLE lexical_field_lengths (
    listing_id bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    field      smallint NOT NULL,
    length     integer NOT NULL,
    PRIMARY KEY (listing_id, field)
);

-- Embedding model generations; each has its own typed vector table, created by souk.embedding.generations.
CREATE TABLE embedding_generations (
    id             serial PRIMARY KEY,
    provider       text NOT NULL,
    model_id       text NOT NULL,
    model_revision text NOT NULL,
    dimension      integer NOT NULL CHECK (dimension > 0 AND dimension <= 16000),
    pooling        text NOT NULL,
    normalization  text NOT NULL,
    vector_table   text NOT NULL UNIQUE,
    state          text NOT NULL CHECK (state IN ('building', 'active', 'retired')),
    created_at     timestamptz NOT NULL DEFAULT now(),
    activated_at   timestamptz,
    UNIQUE (provider, model_id, model_revision, dimension, pooling, normalization)
);
CREATE UNIQUE INDEX embedding_generations_one_active ON embedding_generations ((state)) WHERE state = 'active';

-- The embedding queue. Fencing tokens only ever increase; a write needs the row's current token.
CREATE SEQUENCE embedding_fencing_seq;
CREATE TABLE embedding_jobs (
    id               bigserial PRIMARY KEY,
    listing_id       bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    generation_id    integer NOT NULL REFERENCES embedding_generations (id) ON DELETE CASCADE,
    content_hash     text NOT NULL,
    state            text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'leased', 'done', 'dead')),
    attempts         integer NOT NULL DEFAULT 0,
    fencing_token    bigint NOT NULL DEFAULT nextval('embedding_fencing_seq'),
    leased_by        text,
    lease_expires_at timestamptz,
    next_attempt_at  timestamptz NOT NULL DEFAULT now(),
    last_error       text,
    embedded_hash    text,
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (listing_id, generation_id)
);
CREATE INDEX embedding_jobs_claim_idx ON embedding_jobs (generation_id, state, next_attempt_at);

-- Search sessions and conversions (online signal): no caller identity is stored.
CREATE TABLE search_sessions (
    id          uuid PRIMARY KEY,
    created_at  timestamptz NOT NULL DEFAULT now(),
    query_hash  text NOT NULL,
    profile     text NOT NULL,
    results     bigint[] NOT NULL,
    interpreted jsonb NOT NULL
);
CREATE TABLE search_conversions (
    id          bigserial PRIMARY KEY,
    session_id  uuid NOT NULL REFERENCES search_sessions (id) ON DELETE CASCADE,
    listing_id  bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    rank        integer NOT NULL,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (session_id, listing_id)
);
