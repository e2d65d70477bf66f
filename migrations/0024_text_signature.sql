-- A one-bit MinHash of the content words of a listing's service name and description (souk.search.signature),
-- computed in Python when the listing is cataloged: search treats listings whose signatures nearly agree as one
-- description under the diversity cap (souk.search.near_duplicates), so near-copies on many domains and payTos
-- cannot fill a page. An empty value: a description with too few content words to sign. Rows cataloged before this
-- migration keep NULL until `souk migrate` (or `souk serve`) fills them right after migrating; meanwhile only
-- their exact description counts (migration 0013).
ALTER TABLE listings ADD COLUMN text_signature bytea CHECK (octet_length(text_signature) IN (0, 32));
