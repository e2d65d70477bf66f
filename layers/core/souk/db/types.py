"""The connection type Souk's code receives: rows are dicts (souk.db.pool sets ``dict_row`` on every connection).

Annotate with this, not ``psycopg.Connection`` (whose rows are tuples), so the type checker knows
``conn.execute(...).fetchone()["n"]`` reads a column by name. Annotation only: ``isinstance`` needs
``psycopg.Connection`` itself.
"""

from __future__ import annotations

from typing import Any, TypeAlias

import psycopg

Connection: TypeAlias = psycopg.Connection[dict[str, Any]]


def one(cursor: psycopg.Cursor[dict[str, Any]]) -> dict[str, Any]:
    """The row of a statement that always returns exactly one (``SELECT count(*)``, ``INSERT ... RETURNING``)."""
    row = cursor.fetchone()
    if row is None:
        raise LookupError("the statement returned no row")
    return row
