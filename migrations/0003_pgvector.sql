-- pgvector powers the semantic arm. Without it Souk still catalogs and serves lexical search
-- (the degradation ladder), so a server lacking the extension only logs a notice here.
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS vector WITH SCHEMA public;
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pgvector is not available (%); search will run lexical-only', SQLERRM;
END
$$;
