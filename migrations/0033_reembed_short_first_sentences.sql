-- souk.embedding.coherence judged a listing's name, tags, parameters and output fields against the description's
-- first sentence, and judged nothing when that sentence had fewer than three words: "Jackpot! Spin the slot machine
-- ..." kept a tool name aimed at a query in its vectors. The first sentences are now taken together up to three words.
-- Listings embedded before keep vectors judged the old way until their text changes, so every live generation
-- re-embeds its described listings whose description ends a sentence early (within its first 60 characters; a
-- superset of those the change can touch, since re-embedding an unchanged text changes nothing). The embedding job
-- drains them in the background while search serves the current vectors, as after 0032.
UPDATE embedding_jobs j
   SET state = 'queued', attempts = 0, embedded_hash = NULL,
       fencing_token = nextval('embedding_fencing_seq'), leased_by = NULL, lease_expires_at = NULL,
       next_attempt_at = now(), last_error = NULL, updated_at = now()
  FROM embedding_generations g, listings l
 WHERE g.id = j.generation_id AND g.state <> 'retired' AND j.state = 'done'
   AND l.id = j.listing_id AND l.description ~ '^\s*\S.{0,59}?[.!?]\s+\S';
