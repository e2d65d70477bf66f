-- Who operates a listing (souk.search.origins: the registrable domain of its host per the Public Suffix List),
-- computed when the listing is cataloged, so ranking reads it instead of loading the suffix list in every
-- search process. Rows cataloged before this migration keep NULL until they are next written; search
-- computes theirs on the fly.
ALTER TABLE listings ADD COLUMN operator text;
