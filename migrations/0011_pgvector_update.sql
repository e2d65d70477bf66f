-- pgvector 0.8 scans HNSW iteratively under a filter (hnsw.iterative_scan), so a filtered vector search
-- no longer runs out of candidates and falls back to an exact scan (souk.search.semantic reads the
-- extension's version). A database created under an older pgvector keeps that SQL-level version after
-- the server's files are upgraded (the embedded server moved from pgvector 0.6.2 to 0.8): bring it to
-- the version the server has. HNSW indexes built by 0.6 stay valid (pgvector keeps its on-disk format).
-- Where the role may not update the extension, or there is none, nothing changes but a notice.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension e JOIN pg_available_extensions a ON a.name = e.extname
               WHERE e.extname = 'vector' AND e.extversion IS DISTINCT FROM a.default_version) THEN
        ALTER EXTENSION vector UPDATE;
    END IF;
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pgvector was not updated (%); filtered vector searches keep the exact fallback', SQLERRM;
END
$$;
