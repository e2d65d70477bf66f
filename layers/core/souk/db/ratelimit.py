"""Token buckets in Postgres (table ``rate_buckets``): one shared limit across threads, processes and Lambdas.

A bucket holds at most ``burst`` tokens and refills at ``per_minute``; a request takes one token or is
refused. The refill and the take are one atomic upsert, so concurrent callers can never both spend the
last token. Callers run ``take`` inside their own transaction: rolling it back returns the tokens.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from souk.db.types import Connection

IDLE_SECONDS = 3600  # every bucket refills long before this, so an idle row says nothing a missing one doesn't


@dataclass(frozen=True, slots=True)
class Bucket:
    key: str
    burst: int
    per_minute: float


_TAKE = """
INSERT INTO rate_buckets AS b (key, tokens, updated_at) VALUES (%(key)s, %(burst)s - 1, now())
ON CONFLICT (key) DO UPDATE
SET tokens = LEAST(%(burst)s, b.tokens + extract(epoch FROM now() - b.updated_at) * %(rate)s) - 1,
    updated_at = now()
WHERE LEAST(%(burst)s, b.tokens + extract(epoch FROM now() - b.updated_at) * %(rate)s) >= 1
RETURNING tokens
"""


def take(conn: Connection, bucket: Bucket) -> float | None:
    """Take one token: None when granted, else the seconds until one is available."""
    rate = bucket.per_minute / 60.0
    args = {"key": bucket.key, "burst": float(bucket.burst), "rate": rate}
    if conn.execute(_TAKE, args).fetchone() is not None:
        return None
    row = conn.execute(
        "SELECT LEAST(%(burst)s, tokens + extract(epoch FROM now() - updated_at) * %(rate)s) AS tokens"
        " FROM rate_buckets WHERE key = %(key)s",
        args,
    ).fetchone()
    tokens = float(_first(row)) if row is not None else 0.0
    return max(1.0, math.ceil((1.0 - tokens) / rate))


def forget_idle(conn: Connection) -> None:
    """Drop buckets idle long enough to be full again (an indexed range delete; usually nothing)."""
    conn.execute("DELETE FROM rate_buckets WHERE updated_at < now() - make_interval(secs => %s)", (IDLE_SECONDS,))


def _first(row: dict[str, Any]) -> Any:
    return next(iter(row.values()))
