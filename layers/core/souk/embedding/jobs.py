"""The durable embedding queue: enqueue in the cataloging transaction; lease, fence, retry, dead-letter."""

from __future__ import annotations

from psycopg import Connection


def enqueue(conn: Connection, listing_id: int, content_hash: str) -> None:
    """Queue the listing for every live generation, unless that exact text is already embedded there."""
    conn.execute(
        """INSERT INTO embedding_jobs (listing_id, generation_id, content_hash)
           SELECT %(listing)s, g.id, %(hash)s FROM embedding_generations g WHERE g.state <> 'retired'
           ON CONFLICT (listing_id, generation_id) DO UPDATE
             SET content_hash = EXCLUDED.content_hash, state = 'queued', attempts = 0,
                 fencing_token = nextval('embedding_fencing_seq'), leased_by = NULL,
                 lease_expires_at = NULL, next_attempt_at = now(), last_error = NULL, updated_at = now()
             WHERE embedding_jobs.embedded_hash IS DISTINCT FROM EXCLUDED.content_hash
               AND embedding_jobs.content_hash IS DISTINCT FROM EXCLUDED.content_hash""",
        {"listing": listing_id, "hash": content_hash},
    )
