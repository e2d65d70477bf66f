"""Fill the columns cataloging derives from a listing's own fields, for rows written before a column existed:
``operator`` (migration 0012; souk.search.origins), ``keyword_stuffed`` (migration 0022;
souk.catalog.stuffing) and ``text_signature`` (migration 0024; souk.search.signature).

Cataloging stores them; this catches up the rows written earlier, once, after migrating, so a search process
never has to load the Public Suffix List or read descriptions for them.
"""

from __future__ import annotations

from souk.catalog.stuffing import keyword_stuffed
from souk.db.types import Connection
from souk.search.origins import operator_of_url
from souk.search.signature import text_signature

_BATCH = 1000


def fill_missing(conn: Connection) -> int:
    """Store the derived columns of every listing missing one; returns how many rows were filled. Pages by id (one
    pass, not a rescan per batch) and never overwrites a value cataloging wrote meanwhile."""
    filled, after = 0, 0
    while True:
        rows = conn.execute(
            "SELECT id, resource_url, description, service_name, tool_name, operator IS NULL AS no_operator,"
            " keyword_stuffed IS NULL AS no_stuffing, text_signature IS NULL AS no_signature FROM listings"
            " WHERE id > %s AND (operator IS NULL OR keyword_stuffed IS NULL OR text_signature IS NULL)"
            " ORDER BY id LIMIT %s",
            (after, _BATCH),
        ).fetchall()
        if not rows:
            return filled
        with conn.cursor() as cur:
            cur.executemany(
                "UPDATE listings SET operator = coalesce(operator, %s),"
                " keyword_stuffed = coalesce(keyword_stuffed, %s), text_signature = coalesce(text_signature, %s)"
                " WHERE id = %s",
                # Only what is missing: a column added later (0024) must not make every row load the Public Suffix
                # List again for an operator it has (coalesce keeps the stored value either way).
                [
                    (
                        operator_of_url(r["resource_url"]) if r["no_operator"] else None,
                        keyword_stuffed(r["description"], (r["service_name"], r["tool_name"]))
                        if r["no_stuffing"]
                        else None,
                        (text_signature(r["description"], r["service_name"]) or b"") if r["no_signature"] else None,
                        r["id"],
                    )
                    for r in rows
                ],
            )
        conn.commit()
        filled += len(rows)
        after = rows[-1]["id"]
