-- BM25F corpus statistics kept at write time (souk.search.bm25f), so a query reads a few rows instead of
-- counting listings, averaging every field length and counting each term's documents.
--
-- Statement-level triggers with transition tables keep them exact whatever writes the indexed tables: the
-- cataloging path (souk.search.lexical_index.write_postings), an ON DELETE CASCADE from listings, a test's
-- DELETE. Each statement adds its delta with an upsert (count/sum of NEW rows minus OLD rows), so two
-- concurrent writers never lose an update: the second waits on the first's row lock and adds to the
-- committed value. Every trigger first takes one transaction-level advisory lock (per schema), so all
-- stats writers queue in one order and cannot deadlock on each other's counter rows, whatever order
-- their statements touch terms and fields in. Readers never wait (MVCC).

-- No CHECK (>= 0) on the counters: an upsert checks the proposed row (a negative delta) before it
-- finds the conflict it adds to.

-- Per field: how many length rows and the sum of their lengths (avglen = total_length / doc_count, the
-- same numeric division avg() does). Field 0 counts the listings table (BM25F's N).
CREATE TABLE bm25f_field_stats (
    field        smallint PRIMARY KEY,
    doc_count    bigint NOT NULL,
    total_length bigint NOT NULL
);

-- Per term: how many listings contain it in any field.
CREATE TABLE bm25f_term_stats (
    term text PRIMARY KEY,
    df   integer NOT NULL
);

-- Per term and field: the largest tf and the shortest field length among its postings. They bound a
-- term's BM25F contribution for any k1, field weights, b and average lengths (MaxScore pruning). Only
-- widened on insert: a bound left loose by a delete is still a bound.
CREATE TABLE bm25f_term_bounds (
    term       text NOT NULL,
    field      smallint NOT NULL,
    max_tf     integer NOT NULL,
    min_length integer NOT NULL,
    PRIMARY KEY (term, field)
);

-- The posting carries its field's length, so scoring reads one row per posting (no join per posting).
ALTER TABLE lexical_postings ADD COLUMN field_length integer;
UPDATE lexical_postings p SET field_length = fl.length
FROM lexical_field_lengths fl WHERE fl.listing_id = p.listing_id AND fl.field = p.field;
UPDATE lexical_postings SET field_length = tf WHERE field_length IS NULL;  -- never: lengths are written together
ALTER TABLE lexical_postings ALTER COLUMN field_length SET NOT NULL;

CREATE FUNCTION bm25f_stats_lock() RETURNS void LANGUAGE sql AS $$
    SELECT pg_advisory_xact_lock(7342008, 'bm25f_field_stats'::regclass::oid::int)
$$;

CREATE FUNCTION bm25f_add_field_delta(fields smallint[], counts bigint[], lengths bigint[]) RETURNS void
LANGUAGE sql AS $$
    INSERT INTO bm25f_field_stats AS s (field, doc_count, total_length)
    SELECT f, c, l FROM unnest(fields, counts, lengths) AS d (f, c, l) WHERE c <> 0 OR l <> 0 ORDER BY f
    ON CONFLICT (field) DO UPDATE
        SET doc_count = s.doc_count + excluded.doc_count, total_length = s.total_length + excluded.total_length
$$;

CREATE FUNCTION bm25f_listings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    delta bigint;
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT count(*) INTO delta FROM new_rows;
    ELSE
        SELECT -count(*) INTO delta FROM old_rows;
    END IF;
    IF delta <> 0 THEN
        PERFORM bm25f_stats_lock();
        PERFORM bm25f_add_field_delta(ARRAY[0]::smallint[], ARRAY[delta], ARRAY[0]::bigint[]);
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION bm25f_lengths_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    fields smallint[];
    counts bigint[];
    lengths bigint[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(field), array_agg(c), array_agg(l) INTO fields, counts, lengths
        FROM (SELECT field, count(*) AS c, sum(length) AS l FROM new_rows GROUP BY field) d;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(field), array_agg(c), array_agg(l) INTO fields, counts, lengths
        FROM (SELECT field, -count(*) AS c, -sum(length) AS l FROM old_rows GROUP BY field) d;
    ELSE
        SELECT array_agg(field), array_agg(c), array_agg(l) INTO fields, counts, lengths
        FROM (SELECT field, sum(c) AS c, sum(l) AS l FROM (
                  SELECT field, 1 AS c, length::bigint AS l FROM new_rows
                  UNION ALL SELECT field, -1, -length::bigint FROM old_rows) u
              GROUP BY field) d;
    END IF;
    IF fields IS NOT NULL THEN
        PERFORM bm25f_stats_lock();
        PERFORM bm25f_add_field_delta(fields, counts, lengths);
    END IF;
    RETURN NULL;
END
$$;

-- A listing's document frequency for a term changes when the listing gains its first posting of the term
-- or loses its last: per (term, listing) pair the statement touched, compare the postings there are now
-- with the postings there were (now - added + removed).
CREATE FUNCTION bm25f_add_term_delta(terms text[], listing_ids bigint[], added bigint[], removed bigint[])
RETURNS void LANGUAGE sql AS $$
    WITH pairs AS (
        SELECT t AS term, lid AS listing_id, sum(a) AS added, sum(r) AS removed
        FROM unnest(terms, listing_ids, added, removed) AS u (t, lid, a, r) GROUP BY t, lid
    ),
    now_counts AS (
        SELECT p.term, p.listing_id, count(*) AS c FROM lexical_postings p
        WHERE p.listing_id IN (SELECT DISTINCT listing_id FROM pairs)
        GROUP BY p.term, p.listing_id
    ),
    delta AS (
        SELECT pairs.term,
               sum((coalesce(n.c, 0) > 0)::int - ((coalesce(n.c, 0) - pairs.added + pairs.removed) > 0)::int) AS d
        FROM pairs LEFT JOIN now_counts n USING (term, listing_id)
        GROUP BY pairs.term
    )
    INSERT INTO bm25f_term_stats AS s (term, df)
    SELECT term, d FROM delta WHERE d <> 0 ORDER BY term
    ON CONFLICT (term) DO UPDATE SET df = s.df + excluded.df;
    -- A second statement: it sees the upsert's rows (one statement cannot modify a row twice).
    DELETE FROM bm25f_term_stats WHERE term = ANY(terms) AND df = 0;
$$;

CREATE FUNCTION bm25f_widen_bounds(terms text[], fields smallint[], tfs integer[], lengths integer[])
RETURNS void LANGUAGE sql AS $$
    INSERT INTO bm25f_term_bounds AS b (term, field, max_tf, min_length)
    SELECT t, f, max(tf), min(l) FROM unnest(terms, fields, tfs, lengths) AS u (t, f, tf, l)
    GROUP BY t, f ORDER BY t, f
    ON CONFLICT (term, field) DO UPDATE
        SET max_tf = greatest(b.max_tf, excluded.max_tf), min_length = least(b.min_length, excluded.min_length)
        WHERE b.max_tf < excluded.max_tf OR b.min_length > excluded.min_length
$$;

CREATE FUNCTION bm25f_postings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    terms text[];
    listing_ids bigint[];
    added bigint[];
    removed bigint[];
    b_terms text[];
    b_fields smallint[];
    b_tfs integer[];
    b_lengths integer[];
BEGIN
    IF TG_OP = 'INSERT' THEN
        SELECT array_agg(term), array_agg(listing_id), array_agg(1::bigint), array_agg(0::bigint)
        INTO terms, listing_ids, added, removed FROM new_rows;
        SELECT array_agg(term), array_agg(field), array_agg(tf), array_agg(field_length)
        INTO b_terms, b_fields, b_tfs, b_lengths FROM new_rows;
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(term), array_agg(listing_id), array_agg(0::bigint), array_agg(1::bigint)
        INTO terms, listing_ids, added, removed FROM old_rows;
    ELSE
        SELECT array_agg(term), array_agg(listing_id), array_agg(a), array_agg(r)
        INTO terms, listing_ids, added, removed FROM (
            SELECT term, listing_id, 1::bigint AS a, 0::bigint AS r FROM new_rows
            UNION ALL SELECT term, listing_id, 0, 1 FROM old_rows) u;
        SELECT array_agg(term), array_agg(field), array_agg(tf), array_agg(field_length)
        INTO b_terms, b_fields, b_tfs, b_lengths FROM new_rows;
    END IF;
    IF terms IS NOT NULL THEN
        PERFORM bm25f_stats_lock();
        PERFORM bm25f_add_term_delta(terms, listing_ids, added, removed);
        IF b_terms IS NOT NULL THEN
            PERFORM bm25f_widen_bounds(b_terms, b_fields, b_tfs, b_lengths);
        END IF;
    END IF;
    RETURN NULL;
END
$$;

CREATE FUNCTION bm25f_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM bm25f_stats_lock();
    IF TG_TABLE_NAME = 'listings' THEN
        DELETE FROM bm25f_field_stats WHERE field = 0;
    ELSIF TG_TABLE_NAME = 'lexical_field_lengths' THEN
        DELETE FROM bm25f_field_stats WHERE field <> 0;
    ELSE
        DELETE FROM bm25f_term_stats;
        DELETE FROM bm25f_term_bounds;
    END IF;
    RETURN NULL;
END
$$;

CREATE TRIGGER bm25f_listings_ins AFTER INSERT ON listings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bm25f_listings_changed();
CREATE TRIGGER bm25f_listings_del AFTER DELETE ON listings
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bm25f_listings_changed();
CREATE TRIGGER bm25f_listings_trunc AFTER TRUNCATE ON listings
    FOR EACH STATEMENT EXECUTE FUNCTION bm25f_truncated();

CREATE TRIGGER bm25f_lengths_ins AFTER INSERT ON lexical_field_lengths
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bm25f_lengths_changed();
CREATE TRIGGER bm25f_lengths_del AFTER DELETE ON lexical_field_lengths
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bm25f_lengths_changed();
CREATE TRIGGER bm25f_lengths_upd AFTER UPDATE ON lexical_field_lengths
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bm25f_lengths_changed();
CREATE TRIGGER bm25f_lengths_trunc AFTER TRUNCATE ON lexical_field_lengths
    FOR EACH STATEMENT EXECUTE FUNCTION bm25f_truncated();

CREATE TRIGGER bm25f_postings_ins AFTER INSERT ON lexical_postings
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bm25f_postings_changed();
CREATE TRIGGER bm25f_postings_del AFTER DELETE ON lexical_postings
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bm25f_postings_changed();
CREATE TRIGGER bm25f_postings_upd AFTER UPDATE ON lexical_postings
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bm25f_postings_changed();
CREATE TRIGGER bm25f_postings_trunc AFTER TRUNCATE ON lexical_postings
    FOR EACH STATEMENT EXECUTE FUNCTION bm25f_truncated();

-- Backfill from what is indexed already (the triggers see only later writes).
INSERT INTO bm25f_field_stats (field, doc_count, total_length)
SELECT 0, count(*), 0 FROM listings HAVING count(*) > 0;
INSERT INTO bm25f_field_stats (field, doc_count, total_length)
SELECT field, count(*), sum(length) FROM lexical_field_lengths GROUP BY field;
INSERT INTO bm25f_term_stats (term, df)
SELECT term, count(DISTINCT listing_id) FROM lexical_postings GROUP BY term;
INSERT INTO bm25f_term_bounds (term, field, max_tf, min_length)
SELECT term, field, max(tf), min(field_length) FROM lexical_postings GROUP BY term, field;

-- Both scans answer from the index alone (no heap page per posting; a term's postings are scattered
-- over the table's pages in insertion order): by term for the essential terms' candidates and the
-- exhaustive scan, by listing for a candidate's postings of the query terms.
CREATE INDEX lexical_postings_term_cover_idx ON lexical_postings (term, listing_id) INCLUDE (field, tf, field_length);
CREATE INDEX lexical_postings_listing_term_idx ON lexical_postings (listing_id, term) INCLUDE (field, tf, field_length);
DROP INDEX lexical_postings_listing_idx;
