-- souk.embedding.coherence leaves out of a listing's vectors each field (name, tags, parameters, output fields,
-- subdomain, route) that the bundled model reads as unrelated to the description. A listing is embedded again only
-- when its text changes, so a catalog embedded before that change would keep vectors that still carry those fields
-- and rank differently from the same catalog loaded afresh. Every live generation re-embeds its listings that have a
-- description (the only ones the change can touch); the embedding job drains them in the background while search
-- serves the current vectors, as after 0021.
UPDATE embedding_jobs j
   SET state = 'queued', attempts = 0, embedded_hash = NULL,
       fencing_token = nextval('embedding_fencing_seq'), leased_by = NULL, lease_expires_at = NULL,
       next_attempt_at = now(), last_error = NULL, updated_at = now()
  FROM embedding_generations g, listings l
 WHERE g.id = j.generation_id AND g.state <> 'retired' AND j.state = 'done'
   AND l.id = j.listing_id AND l.description IS NOT NULL;
