"""Fill ``listings.operator`` for rows cataloged before the column existed (migration 0012).

Cataloging stores each listing's operator (souk.search.origins); this catches up the rows written earlier,
once, after migrating, so a search process never has to load the Public Suffix List for them.
"""

from __future__ import annotations

from souk.db.types import Connection
from souk.search.origins import operator_of_url

_BATCH = 1000


def fill_missing(conn: Connection) -> int:
    """Store the operator of every listing that has none; returns how many rows were filled."""
    filled = 0
    while True:
        rows = conn.execute(
            "SELECT id, resource_url FROM listings WHERE operator IS NULL ORDER BY id LIMIT %s", (_BATCH,)
        ).fetchall()
        if not rows:
            return filled
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE listings SET operator = %s WHERE id = %s",
                [(operator_of_url(r["resource_url"]), r["id"]) for r in rows],
            )
        conn.commit()
        filled += len(rows)
