-- Settlement counts kept as they are written, so a read never counts a popular listing's settlements row by row.
-- Before: every search counted the distinct payers of each of its 250 candidates' settlements in the quality window,
-- and every listed item counted them four times; ten listings with 100,000 settlements each took a 14k-listing
-- search from 17 ms to 668 ms (eval/bench_settlement_rollups.txt). Anyone can buy that many settlements of their
-- own listing at its price. Now:
--   settlement_hours   successful settlements per listing, UTC hour and network (all of them, those with a positive
--                      amount: a $0 settlement is no payment, and those paid without a reported payer); a window's
--                      count sums its own hours and reads raw rows for the part-hour at its start only;
--   settlement_totals  the same per listing and network, all time;
--   settlement_payers  per listing, network and payer (the keyed payer hash, or the transaction when the
--                      facilitator gave no payer) the first and last paid settlement: distinct payers in a window
--                      read one row per paying wallet, not one per payment (settlements without a payer, each its
--                      own payer, are counted from the hours).
-- Test networks are told apart when read (souk.networks.TESTNETS), not here, so a network later named a testnet
-- needs no rewrite. Kept by a trigger, so every writer keeps them (the ingest, a migration, a benchmark's SQL copy):
-- a row upgraded from failed to successful (the ingest's ON CONFLICT) counts from then on, and a paid settlement
-- changed or deleted other than with its listing has its payer's row read again from the settlements left.

-- Keyed by hour before network: a window reads its own hours of the listing, not the listing's whole history.
CREATE TABLE settlement_hours (
    listing_id     bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    hour           timestamptz NOT NULL,
    network        text NOT NULL,
    settled        integer NOT NULL DEFAULT 0,
    settled_paid   integer NOT NULL DEFAULT 0,
    anonymous_paid integer NOT NULL DEFAULT 0,  -- paid, reported without a payer: each its own payer
    PRIMARY KEY (listing_id, hour, network)
);

CREATE TABLE settlement_totals (
    listing_id   bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    network      text NOT NULL,
    settled      bigint NOT NULL DEFAULT 0,
    settled_paid bigint NOT NULL DEFAULT 0,
    PRIMARY KEY (listing_id, network)
);

CREATE TABLE settlement_payers (
    listing_id      bigint NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    network         text NOT NULL,
    payer           text NOT NULL,
    first_settled_at timestamptz NOT NULL,
    last_settled_at timestamptz NOT NULL,
    anonymous       boolean NOT NULL,  -- payer is the transaction (no payer reported): one row per settlement
    PRIMARY KEY (listing_id, network, payer)
);
-- Covering: a search reads a candidate's most recent payer rows from the index alone and stops at its limit.
CREATE INDEX settlement_payers_recent_idx ON settlement_payers (listing_id, last_settled_at DESC)
    INCLUDE (network, first_settled_at, payer);
-- uniquePayers counts the reported payers row by row (one per paying wallet) and the anonymous ones from the hours.
CREATE INDEX settlement_payers_known_idx ON settlement_payers (listing_id, last_settled_at DESC)
    INCLUDE (network, payer) WHERE NOT anonymous;

-- Statement-level triggers over transition tables: one upsert per (listing, network, hour) a statement touches, not
-- one per row (a bulk insert of one listing's 100,000 settlements in one statement, row by row, updated its totals
-- row 100,000 times in one transaction, each update walking that row's growing chain of versions: 71 s, not 3).
-- One function for the three triggers: a branch reads only the transition tables its event has.
CREATE FUNCTION settlement_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    ids bigint[];
    nets text[];
    payers text[];
BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE settlement_hours h
        SET settled = h.settled - d.settled, settled_paid = h.settled_paid - d.paid,
            anonymous_paid = h.anonymous_paid - d.anonymous
        FROM (SELECT listing_id, network, date_trunc('hour', settled_at, 'UTC') AS hour, count(*) AS settled,
                     count(*) FILTER (WHERE amount > 0) AS paid,
                     count(*) FILTER (WHERE amount > 0 AND payer_hash IS NULL) AS anonymous
              FROM old_rows WHERE success GROUP BY 1, 2, 3) d
        WHERE h.listing_id = d.listing_id AND h.network = d.network AND h.hour = d.hour;
        UPDATE settlement_totals t
        SET settled = t.settled - d.settled, settled_paid = t.settled_paid - d.paid
        FROM (SELECT listing_id, network, count(*) AS settled, count(*) FILTER (WHERE amount > 0) AS paid
              FROM old_rows WHERE success GROUP BY 1, 2) d
        WHERE t.listing_id = d.listing_id AND t.network = d.network;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO settlement_hours AS h (listing_id, hour, network, settled, settled_paid, anonymous_paid)
        SELECT listing_id, date_trunc('hour', settled_at, 'UTC'), network, count(*), count(*) FILTER (WHERE amount > 0),
               count(*) FILTER (WHERE amount > 0 AND payer_hash IS NULL)
        FROM new_rows WHERE success
        GROUP BY 1, 2, 3
        ON CONFLICT (listing_id, hour, network) DO UPDATE
        SET settled = h.settled + EXCLUDED.settled, settled_paid = h.settled_paid + EXCLUDED.settled_paid,
            anonymous_paid = h.anonymous_paid + EXCLUDED.anonymous_paid;
        INSERT INTO settlement_totals AS t (listing_id, network, settled, settled_paid)
        SELECT listing_id, network, count(*), count(*) FILTER (WHERE amount > 0)
        FROM new_rows WHERE success
        GROUP BY 1, 2
        ON CONFLICT (listing_id, network) DO UPDATE
        SET settled = t.settled + EXCLUDED.settled, settled_paid = t.settled_paid + EXCLUDED.settled_paid;
        INSERT INTO settlement_payers AS p (listing_id, network, payer, first_settled_at, last_settled_at, anonymous)
        SELECT listing_id, network, coalesce(payer_hash, transaction), min(settled_at), max(settled_at),
               bool_and(payer_hash IS NULL)
        FROM new_rows WHERE success AND amount > 0
        GROUP BY 1, 2, 3
        ON CONFLICT (listing_id, network, payer) DO UPDATE
        SET first_settled_at = LEAST(p.first_settled_at, EXCLUDED.first_settled_at),
            last_settled_at = GREATEST(p.last_settled_at, EXCLUDED.last_settled_at);
    END IF;
    -- A paid settlement that changed or went: its payer's row is read again from the settlements left.
    IF TG_OP = 'UPDATE' THEN
        SELECT array_agg(o.listing_id), array_agg(o.network), array_agg(coalesce(o.payer_hash, o.transaction))
        INTO ids, nets, payers
        FROM old_rows o LEFT JOIN new_rows n ON n.id = o.id
        WHERE o.success AND o.amount > 0
          AND (n.id IS NULL OR NOT (n.success AND n.amount > 0)
               OR (o.listing_id, o.network, coalesce(o.payer_hash, o.transaction), o.settled_at)
                  IS DISTINCT FROM (n.listing_id, n.network, coalesce(n.payer_hash, n.transaction), n.settled_at));
    ELSIF TG_OP = 'DELETE' THEN
        SELECT array_agg(o.listing_id), array_agg(o.network), array_agg(coalesce(o.payer_hash, o.transaction))
        INTO ids, nets, payers
        FROM old_rows o WHERE o.success AND o.amount > 0;
    END IF;
    IF ids IS NOT NULL THEN
        PERFORM settlement_payers_reread(ids, nets, payers);
    END IF;
    RETURN NULL;
END;
$$;

-- Not for a listing being deleted (its rows go with it, and a re-read per payer would read its settlements again
-- and again). Rare otherwise (the ingest only upgrades a failed settlement, which had no payer row), so the re-read
-- may scan the listing's settlements.
CREATE FUNCTION settlement_payers_reread(listing_ids bigint[], networks text[], payers text[])
RETURNS void LANGUAGE sql AS $$
    WITH gone AS (
        SELECT DISTINCT g.listing_id, g.network, g.payer
        FROM unnest(listing_ids, networks, payers) AS g (listing_id, network, payer)
        WHERE EXISTS (SELECT 1 FROM listings l WHERE l.id = g.listing_id)
    ), cleared AS (
        DELETE FROM settlement_payers p USING gone
        WHERE p.listing_id = gone.listing_id AND p.network = gone.network AND p.payer = gone.payer
    )
    INSERT INTO settlement_payers (listing_id, network, payer, first_settled_at, last_settled_at, anonymous)
    SELECT gone.listing_id, gone.network, gone.payer, min(s.settled_at), max(s.settled_at), bool_and(s.payer_hash IS NULL)
    FROM gone JOIN settlements s
      ON s.listing_id = gone.listing_id AND s.network = gone.network
     AND coalesce(s.payer_hash, s.transaction) = gone.payer AND s.success AND s.amount > 0
    GROUP BY 1, 2, 3
    ON CONFLICT (listing_id, network, payer) DO UPDATE
    SET first_settled_at = EXCLUDED.first_settled_at, last_settled_at = EXCLUDED.last_settled_at,
        anonymous = EXCLUDED.anonymous;
$$;

CREATE FUNCTION settlement_rollups_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM settlement_hours;
    DELETE FROM settlement_totals;
    DELETE FROM settlement_payers;
    RETURN NULL;
END;
$$;

CREATE TRIGGER settlements_rollups_insert AFTER INSERT ON settlements
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION settlement_rollups();
CREATE TRIGGER settlements_rollups_update AFTER UPDATE ON settlements
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION settlement_rollups();
CREATE TRIGGER settlements_rollups_delete AFTER DELETE ON settlements
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION settlement_rollups();
CREATE TRIGGER settlements_rollups_truncate AFTER TRUNCATE ON settlements
FOR EACH STATEMENT EXECUTE FUNCTION settlement_rollups_truncated();

-- fill: from the settlements recorded so far (taken under the lock this migration holds)
LOCK TABLE settlements IN SHARE MODE;
INSERT INTO settlement_hours (listing_id, hour, network, settled, settled_paid, anonymous_paid)
SELECT listing_id, date_trunc('hour', settled_at, 'UTC'), network, count(*), count(*) FILTER (WHERE amount > 0),
       count(*) FILTER (WHERE amount > 0 AND payer_hash IS NULL)
FROM settlements WHERE success
GROUP BY 1, 2, 3;
INSERT INTO settlement_totals (listing_id, network, settled, settled_paid)
SELECT listing_id, network, count(*), count(*) FILTER (WHERE amount > 0)
FROM settlements WHERE success
GROUP BY 1, 2;
INSERT INTO settlement_payers (listing_id, network, payer, first_settled_at, last_settled_at, anonymous)
SELECT listing_id, network, coalesce(payer_hash, transaction), min(settled_at), max(settled_at),
       bool_and(payer_hash IS NULL)
FROM settlements WHERE success AND amount > 0
GROUP BY 1, 2, 3;
