-- A key per listing description (md5 of the lower-cased, whitespace-collapsed text; '' without one), stored
-- so that ranking's twin check (souk.search.diversity: one result per description of one operator) reads
-- it instead of hashing every candidate's description in every search: at 14,000 listings that hashing was
-- about 2 ms of the ~5 ms read of 400 candidates. Postgres keeps it in step with the description.
ALTER TABLE listings ADD COLUMN description_key text NOT NULL GENERATED ALWAYS AS (
    coalesce(md5(nullif(lower(btrim(regexp_replace(description, '[[:space:]]+', ' ', 'g'))), '')), '')
) STORED;
