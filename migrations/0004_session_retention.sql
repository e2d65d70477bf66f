-- Search sessions expire (SOUK_SEARCH_SESSION_TTL_HOURS); the conversions recorded against them are the
-- online signal and must outlive them, so they keep the session id without the cascading foreign key.
ALTER TABLE search_conversions DROP CONSTRAINT search_conversions_session_id_fkey;
CREATE INDEX search_sessions_created_idx ON search_sessions (created_at);
