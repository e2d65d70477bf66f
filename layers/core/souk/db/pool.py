"""One psycopg connection pool per process, created on first use."""

from __future__ import annotations

import threading

from psycopg import Connection
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from souk.config import Settings, get_settings
from souk.db.embedded import embedded_database_url

_lock = threading.Lock()
_pool: ConnectionPool | None = None


def database_url(settings: Settings) -> str:
    return settings.database_url or embedded_database_url(settings.data_dir)


def _configure(conn: Connection) -> None:
    conn.row_factory = dict_row  # type: ignore[assignment]
    try:
        from pgvector.psycopg import register_vector

        register_vector(conn)
    except Exception:
        conn.rollback()
    conn.commit()


def get_pool(settings: Settings | None = None) -> ConnectionPool:
    """The process-wide pool; the first call connects (and starts the embedded server if needed)."""
    global _pool
    if _pool is None:
        with _lock:
            if _pool is None:
                settings = settings or get_settings()
                _pool = ConnectionPool(
                    database_url(settings),
                    min_size=settings.pool_min_size,
                    max_size=settings.pool_max_size,
                    configure=_configure,
                    open=True,
                )
    return _pool


def close_pool() -> None:
    global _pool
    with _lock:
        if _pool is not None:
            _pool.close()
            _pool = None
