"""Postgres access: the connection pool (embedded server when DATABASE_URL is unset) and migrations."""

from souk.db.pool import close_pool, get_pool

__all__ = ["close_pool", "get_pool"]
