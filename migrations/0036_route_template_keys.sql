-- A templated route's listing key folds its parameter names and letter case (souk.catalog.route_templates.key_path):
-- "/users/:id", "/users/:userId", "/users/:ID" and "/Users/:id" were four listings of one route, three of them paying
-- another payTo than the one the route is bound to (red team, 2026-12-07), since the seller SDK matches routes
-- case-insensitively and by position. Re-keyed here so a listing cataloged before is found (and its binding enforced)
-- by the key a new event computes. As in 0006, when several listings fold to one key the oldest (first cataloged, the
-- owner under the binding rule) takes it and the others keep theirs; nothing is deleted. The served URL stays as
-- declared.
CREATE TEMP TABLE souk_template_rekey ON COMMIT DROP AS
SELECT id,
       'http ' || method || ' ' || substring(resource_url FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*')
           || lower(regexp_replace(substring(resource_url FROM '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*([^?#]*)'),
                                   ':[A-Za-z_][A-Za-z0-9_]*', ':', 'g'))
           || coalesce(substring(resource_url FROM '(\?[^#]*)$'), '') AS new_key,
       listing_key AS old_key
FROM listings
WHERE type = 'http' AND route_template IS NOT NULL AND method IS NOT NULL
  AND resource_url ~ '^[A-Za-z][A-Za-z0-9+.-]*://[^/?#]*';

CREATE TEMP TABLE souk_template_rekey_winner ON COMMIT DROP AS
SELECT DISTINCT ON (new_key) id, new_key
FROM souk_template_rekey
WHERE NOT EXISTS (SELECT 1 FROM listings o WHERE o.listing_key = souk_template_rekey.new_key
                  AND o.id <> souk_template_rekey.id
                  AND o.id NOT IN (SELECT id FROM souk_template_rekey))
ORDER BY new_key, (old_key = new_key) DESC, id;

UPDATE listings l
SET listing_key = w.new_key
FROM souk_template_rekey r
JOIN souk_template_rekey_winner w ON w.id = r.id
WHERE l.id = r.id AND r.old_key <> r.new_key;
