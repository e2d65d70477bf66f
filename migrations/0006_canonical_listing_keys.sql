-- Re-key listings to the canonical resource URL that souk.catalog.urls now applies before keying and
-- binding, so a listing cataloged before this change is found (and its binding enforced) by the key a new
-- event computes. Only the ASCII part of the canonical form can be computed in SQL: scheme and host case,
-- a trailing dot on the host, default ports, repeated slashes, "." segments and trailing slashes. Rows
-- whose URL needs more (IDNA hosts, userinfo, ".." segments, percent-escapes) keep their key; a new event
-- for such a URL is either refused (confusable, userinfo) or keyed canonically.
--
-- When several existing listings share one canonical key, those were URL variants of one address: the
-- oldest (first cataloged, the owner under the binding rule) takes the canonical key and the others keep
-- their old key untouched, so nothing is deleted here; an operator reviews them with `souk inspect`.
-- search_text still names the old spelling until the listing's next accepted event refreshes it.

CREATE OR REPLACE FUNCTION pg_temp.souk_canonical_url(url text) RETURNS text
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
    parts text[];
    scheme text;
    authority text;
    path text;
BEGIN
    parts := regexp_match(url, '^([A-Za-z][A-Za-z0-9+.-]*)://([^/?#]*)([^?#]*)$');
    IF parts IS NULL OR parts[2] LIKE '%@%' OR parts[2] ~ '[^\x21-\x7e]' THEN
        RETURN url;
    END IF;
    scheme := lower(parts[1]);
    authority := lower(parts[2]);
    IF scheme NOT IN ('http', 'https') THEN
        RETURN url;
    END IF;
    IF (scheme = 'https' AND authority ~ ':0*443$') OR (scheme = 'http' AND authority ~ ':0*80$') THEN
        authority := regexp_replace(authority, ':[0-9]+$', '');
    END IF;
    authority := regexp_replace(authority, '\.(:[0-9]+)?$', '\1');
    path := parts[3];
    IF path ~ '(^|/)\.\.(/|$)' OR path LIKE '%\%%' THEN
        RETURN url;
    END IF;
    path := regexp_replace(path, '/+', '/', 'g');
    path := regexp_replace(path, '/(\./)+', '/', 'g');
    path := regexp_replace(path, '/\.$', '/');
    path := regexp_replace(path, '/+$', '');
    IF path = '' THEN
        path := '/';
    END IF;
    RETURN scheme || '://' || authority || path;
END;
$$;

CREATE TEMP TABLE souk_rekey ON COMMIT DROP AS
SELECT id,
       pg_temp.souk_canonical_url(resource_url) AS new_url,
       CASE WHEN type = 'mcp' THEN 'mcp ' || pg_temp.souk_canonical_url(resource_url) || ' ' || tool_name
            ELSE 'http ' || method || ' ' || pg_temp.souk_canonical_url(resource_url) END AS new_key,
       listing_key AS old_key
FROM listings;

-- Per canonical key: the listing that keeps it when it is already canonical, else the oldest.
CREATE TEMP TABLE souk_rekey_winner ON COMMIT DROP AS
SELECT DISTINCT ON (new_key) id, new_key
FROM souk_rekey
ORDER BY new_key, (old_key = new_key) DESC, id;

UPDATE listings l
SET listing_key = w.new_key,
    resource_url = r.new_url,
    document = jsonb_set(l.document, '{resource_url}', to_jsonb(r.new_url)),
    updated_at = now()
FROM souk_rekey r
JOIN souk_rekey_winner w ON w.id = r.id
WHERE l.id = r.id AND r.old_key <> r.new_key;
