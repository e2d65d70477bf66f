"""Search sessions: the stored ranking that cursors page through and conversions are checked against.

A session is written on every first-page search, so its size and count are what the table grows by:

- compact: one ``packed`` bytea holds the ranked ids as varints (2 bytes each at 14k listings, 3 at 100k,
  instead of 8 in a ``bigint[]``) and the response metadata as zlib-compressed JSON; about 0.5-0.9 KB a
  session instead of ~1.5 KB;
- bounded: ``search_session_max_rows`` caps the table (each insert deletes the sessions more than that
  many inserts old, by the ``seq`` identity: one index probe), and ``search_session_ttl_hours`` expires
  sessions (deleted as new ones arrive, and never served past their age even before that);
- cheap: the insert and both purges are one statement, committed without waiting for the WAL flush
  (``synchronous_commit off``): a crash can lose the last moments of sessions, whose cursors then say
  ``cursor_expired``, which an expired session says anyway.

Rows written before migration 0010 (``results``/``interpreted`` columns, ``packed`` NULL) are still read.
"""

from __future__ import annotations

import hashlib
import json
import uuid
import zlib
from dataclasses import dataclass, replace
from typing import Any

from souk.config import Settings
from souk.db.types import Connection

FORMAT = 1


@dataclass(frozen=True, slots=True)
class Session:
    ids: list[int]
    meta: dict[str, Any]
    # How many of ``ids`` its pages have covered (migration 0029); None for a session written before it.
    served: int | None = None


def _varints(values: list[int]) -> bytes:
    out = bytearray()
    for value in values:
        if value < 0:
            raise ValueError("listing ids are positive")
        while value >= 0x80:
            out.append((value & 0x7F) | 0x80)
            value >>= 7
        out.append(value)
    return bytes(out)


def _read_varints(data: bytes, count: int, pos: int) -> tuple[list[int], int]:
    values: list[int] = []
    for _ in range(count):
        value = shift = 0
        while True:
            byte = data[pos]
            pos += 1
            value |= (byte & 0x7F) << shift
            if byte < 0x80:
                break
            shift += 7
        values.append(value)
    return values, pos


def pack(ids: list[int], meta: dict[str, Any]) -> bytes:
    """``FORMAT`` byte, varint count, varint ids, zlib(JSON meta)."""
    body = json.dumps(meta, separators=(",", ":"), ensure_ascii=False).encode()
    return bytes([FORMAT]) + _varints([len(ids)]) + _varints(ids) + zlib.compress(body, 6)


def unpack(data: bytes) -> Session:
    if not data or data[0] != FORMAT:
        raise ValueError(f"unknown search session format {data[:1]!r}")
    (count,), pos = _read_varints(data, 1, 1)
    ids, pos = _read_varints(data, count, pos)
    return Session(ids, json.loads(zlib.decompress(data[pos:])))


def _from_row(row: dict[str, Any]) -> Session:
    if row["packed"] is not None:
        return replace(unpack(bytes(row["packed"])), served=row["served"])
    return Session(list(row["results"] or []), dict(row["interpreted"] or {}), row["served"])


_LIVE = "id = %(id)s AND created_at >= now() - make_interval(secs => %(ttl)s)"


def load(conn: Connection, session_id: uuid.UUID, settings: Settings, *, for_update: bool = False) -> Session | None:
    """The live session with this id (None when unknown or past its TTL); ``for_update`` locks its row."""
    row = conn.execute(
        f"SELECT packed, results, interpreted, served FROM search_sessions"
        f" WHERE {_LIVE}{' FOR UPDATE' if for_update else ''}",
        {"id": session_id, "ttl": settings.search_session_ttl_hours * 3600},
    ).fetchone()
    return None if row is None else _from_row(row)


def store(
    conn: Connection, session_id: uuid.UUID, normalized_query: str, profile: str, session: Session, settings: Settings
) -> None:
    """Insert the session and purge what the cap and the TTL retire, in one statement; then commit.

    The statement also turns ``synchronous_commit`` off for its transaction (``set_config`` local, read
    at the commit), which a ``SET LOCAL`` of its own would cost a round trip for."""
    conn.execute(
        """WITH async_commit AS (
               SELECT set_config('synchronous_commit', 'off', true)
           ), new AS (
               INSERT INTO search_sessions (id, query_hash, profile, packed, served)
               VALUES (%(id)s, %(hash)s, %(profile)s, %(packed)s, %(served)s) RETURNING seq
           ), capped AS (
               DELETE FROM search_sessions WHERE seq <= (SELECT seq FROM new) - %(max)s RETURNING 1
           ), expired AS (
               DELETE FROM search_sessions WHERE created_at < now() - make_interval(secs => %(ttl)s) RETURNING 1
           )
           SELECT (SELECT count(*) FROM capped) + (SELECT count(*) FROM expired) AS purged FROM async_commit""",
        {
            "id": session_id,
            "hash": hashlib.sha256(normalized_query.encode()).hexdigest(),
            "profile": profile,
            "packed": pack(session.ids, session.meta),
            "served": session.served,
            "max": settings.search_session_max_rows,
            "ttl": settings.search_session_ttl_hours * 3600,
        },
    )
    conn.commit()


def mark_served(conn: Connection, session_id: uuid.UUID, served: int) -> None:
    """A later page covered the ranking up to ``served``: conversions may now name results up to there. A session
    written before migration 0029 keeps no count (any ranked result counts, as it did). Committed without waiting
    for the WAL flush, as a session's insert is."""
    conn.execute(
        """UPDATE search_sessions SET served = GREATEST(served, %(served)s)
           FROM (SELECT set_config('synchronous_commit', 'off', true)) AS async_commit
           WHERE id = %(id)s AND served IS NOT NULL""",
        {"id": session_id, "served": served},
    )
    conn.commit()
