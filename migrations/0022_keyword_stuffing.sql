-- Whether a listing's description is a keyword list that repeats its words back to back (souk.catalog.stuffing),
-- computed in Python when the listing is cataloged: search halves such a listing's score and the item says why
-- (quality.descriptionKeywordStuffed). Rows cataloged before this migration keep NULL until `souk migrate` (or
-- `souk serve`) fills them, right after migrating; ranking reads NULL as not stuffed meanwhile.
ALTER TABLE listings ADD COLUMN keyword_stuffed boolean;
