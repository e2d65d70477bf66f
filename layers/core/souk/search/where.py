"""What a search's WHERE fragment (alias ``l``, joined with `` AND ``) does to the listings it passes."""

from __future__ import annotations

from souk.lifecycle.visibility import LISTED_SQL


def unfiltered(where: str) -> bool:
    """Every listing passes."""
    return all(part.strip().upper() == "TRUE" for part in where.split(" AND "))


def visibility_only(where: str) -> bool:
    """Only gone and delisted listings are filtered out (every search's default): a few rows of the catalog."""
    return LISTED_SQL in where and unfiltered(where.replace(LISTED_SQL, "TRUE"))


def narrows(where: str) -> bool:
    """A filter beyond visibility (a rail, an interface, a price cap...): it may pass 1% of the catalog or 60%,
    which only the values it compares with can tell a planner. A prepared statement's generic plan cannot see
    them, so a statement with such a filter is planned for its own values."""
    return not unfiltered(where) and not visibility_only(where)
