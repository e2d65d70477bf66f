-- 29dccee dropped the synthetic query "{api|mcp tool} that takes <a parameter's description>" (hundreds of crawl agents
-- describe theirs as "your message to the agent", which matched any request naming an agent). A listing is embedded
-- again only when its text changes, so a catalog embedded before that commit kept the old queries' vectors after an
-- upgrade and ranked differently from the same catalog loaded afresh. Every live generation re-embeds the listings
-- that still hold one (the embedding job drains them in the background; search keeps serving the current vectors).
DO $$
DECLARE
    g record;
BEGIN
    FOR g IN SELECT id, vector_table FROM embedding_generations WHERE state <> 'retired' AND to_regclass(vector_table) IS NOT NULL LOOP
        EXECUTE format(
            'UPDATE embedding_jobs j
                SET state = ''queued'', attempts = 0, embedded_hash = NULL,
                    fencing_token = nextval(''embedding_fencing_seq''), leased_by = NULL, lease_expires_at = NULL,
                    next_attempt_at = now(), last_error = NULL, updated_at = now()
              WHERE j.generation_id = %s AND j.state = ''done''
                AND EXISTS (SELECT 1 FROM %I e
                             WHERE e.listing_id = j.listing_id AND e.kind = ''synthetic''
                               AND (e.text LIKE ''api that takes %%'' OR e.text LIKE ''mcp tool that takes %%''))',
            g.id, g.vector_table);
    END LOOP;
END $$;
