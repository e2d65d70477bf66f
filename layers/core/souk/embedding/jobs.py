"""The durable embedding queue: enqueue in the cataloging transaction; lease, fence, retry, dead-letter."""

from __future__ import annotations

from typing import Any

from psycopg.rows import dict_row

from souk.db.types import Connection


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


# Requeueing resets the lease and takes a fresh fencing token, so a worker still holding the old
# claim is refused when it tries to write.
_REQUEUE = """content_hash = EXCLUDED.content_hash, state = 'queued', attempts = 0,
                 fencing_token = nextval('embedding_fencing_seq'), leased_by = NULL,
                 lease_expires_at = NULL, next_attempt_at = now(), last_error = NULL, updated_at = now()"""


def enqueue_generation(conn: Connection, generation_id: int, *, retry_dead: bool = True, force: bool = False) -> int:
    """Queue every listing for one generation; returns the number of jobs inserted or requeued.

    Listings without a job get one; a finished job whose text changed meanwhile (possible only
    while the generation was retired) is requeued; dead jobs are retried when ``retry_dead``.
    Jobs already queued or leased are left alone. ``force`` requeues everything and forgets the
    embedded hash, so even unchanged texts are embedded again.
    """
    cur = conn.execute(
        f"""INSERT INTO embedding_jobs (listing_id, generation_id, content_hash)
            SELECT l.id, %(gen)s, l.content_hash FROM listings l
            ON CONFLICT (listing_id, generation_id) DO UPDATE
              SET {_REQUEUE},
                  embedded_hash = CASE WHEN %(force)s THEN NULL ELSE embedding_jobs.embedded_hash END
              WHERE %(force)s
                 OR (%(retry_dead)s AND embedding_jobs.state = 'dead')
                 OR (embedding_jobs.state = 'done'
                     AND embedding_jobs.embedded_hash IS DISTINCT FROM EXCLUDED.content_hash)""",
        {"gen": generation_id, "force": force, "retry_dead": retry_dead},
    )
    return max(cur.rowcount, 0)


def enqueue_missing(conn: Connection, generation_id: int) -> int:
    """Queue listings that have no job in the generation at all; returns how many.

    A listing cataloged while the generation was being created can miss its job. The anti-join
    touches no existing job row, so it is cheap enough to run before every drain.
    """
    cur = conn.execute(
        """INSERT INTO embedding_jobs (listing_id, generation_id, content_hash)
           SELECT l.id, %(gen)s, l.content_hash FROM listings l
            WHERE NOT EXISTS (SELECT 1 FROM embedding_jobs j
                               WHERE j.listing_id = l.id AND j.generation_id = %(gen)s)
           ON CONFLICT (listing_id, generation_id) DO NOTHING""",
        {"gen": generation_id},
    )
    return max(cur.rowcount, 0)


def queue_stats(conn: Connection) -> dict[int, dict[str, Any]]:
    """Per generation: queued (incl. failed ones waiting for a retry), leased, expired leases,
    failed (queued again after at least one attempt), dead and done."""
    rows = conn.cursor(row_factory=dict_row).execute(
        """SELECT g.id, g.state,
                  count(j.id) FILTER (WHERE j.state = 'queued') AS queued,
                  count(j.id) FILTER (WHERE j.state = 'leased') AS leased,
                  count(j.id) FILTER (WHERE j.state = 'leased' AND j.lease_expires_at <= now()) AS expired,
                  count(j.id) FILTER (WHERE j.state = 'queued' AND j.attempts > 0) AS failed,
                  count(j.id) FILTER (WHERE j.state = 'dead') AS dead,
                  count(j.id) FILTER (WHERE j.state = 'done') AS done
             FROM embedding_generations g LEFT JOIN embedding_jobs j ON j.generation_id = g.id
            GROUP BY g.id, g.state ORDER BY g.id"""
    )
    return {int(r.pop("id")): r for r in rows}
