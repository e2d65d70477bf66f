"""psycopg connection pools, one per role and process, created on first use.

Roles keep reads and writes from contending for the same connections: a burst of catalog events can
exhaust the ``write`` pool without taking a single connection from search and listing (``read``).
``default`` serves the CLI, the scheduled jobs and the tests and has no statement timeout (a reindex
or an evaluation may run long statements). Every pool fails fast: a request waits at most
``pool_timeout_s`` for a connection, and the API turns that into ``503`` (souk.api.app).

A connection that fails its checkout check means the server went away (a restart, a kill -9): every idle
connection opened before that is dead too, so the pool drops them all at once (``_CheckOrDrain``).
psycopg_pool alone discards one per try and backs off a second between tries, so a pool of eight dead
connections turned the next several requests into 2 s 503s after the database was back; with several
runner workers, each worker that saw no request during the outage paid that again on recovery.
"""

from __future__ import annotations

import select
import threading
import weakref
from time import monotonic
from typing import Any, Literal, cast

import psycopg
from psycopg import pq
from psycopg.conninfo import conninfo_to_dict
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

from souk.config import Settings, get_settings
from souk.db.embedded import embedded_database_url
from souk.db.id_array import register_id_array
from souk.db.types import Connection

Role = Literal["default", "read", "write"]

_lock = threading.Lock()
_pools: dict[Role, ConnectionPool[Connection]] = {}
# When each pooled connection was opened, so a failed check can tell an old connection from a fresh one.
_opened_at: weakref.WeakKeyDictionary[psycopg.Connection[Any], float] = weakref.WeakKeyDictionary()
# Pooled connections without pgvector's types, and when each last tried to get them (see _register_vector).
_vectorless: weakref.WeakKeyDictionary[psycopg.Connection[Any], float] = weakref.WeakKeyDictionary()
# A database without the extension (pgvector is optional: search runs lexical-only) is asked again this often.
VECTOR_RETRY_S = 10.0


def database_url(settings: Settings) -> str:
    return settings.database_url or embedded_database_url(settings.data_dir)


def _configure(conn: psycopg.Connection[Any]) -> None:
    _opened_at[conn] = monotonic()
    conn.row_factory = dict_row  # from here on the pool hands out souk.db.types.Connection
    register_id_array(conn)
    _register_vector(conn)


def _register_vector(conn: psycopg.Connection[Any]) -> None:
    """pgvector's types on ``conn``, if the database has the extension yet; then commit.

    A connection opened before the migrations created the extension (a function that served a request
    before the first ``souk migrate`` of a new database) has none; it is noted and tried again at a checkout
    at most every ``VECTOR_RETRY_S`` until the extension is there, instead of failing every vector search for
    its lifetime."""
    try:
        from pgvector.psycopg import register_vector

        register_vector(conn)
    except Exception:
        conn.rollback()
        _vectorless[conn] = monotonic()
    else:
        _vectorless.pop(conn, None)
    conn.commit()


def ping(conn: psycopg.Connection[Any], timeout: float) -> None:
    """An empty query, answered within ``timeout`` seconds or ``OperationalError``. psycopg_pool's own check waits on
    the socket with no limit, and a statement timeout is the server's to enforce: a stalled server (stopped, a frozen
    VM, a network black hole) held every request that took a pooled connection for as long as the stall lasted (a
    probe, 2026-12-07: 40 s, past API Gateway's 30), where a request should get its 503 within the pool's timeout."""
    pgconn = conn.pgconn
    with conn.lock:
        if pgconn.status != pq.ConnStatus.OK or pgconn.transaction_status != pq.TransactionStatus.IDLE:
            raise psycopg.OperationalError("the connection is not idle")
        pgconn.send_query(b"")
        deadline = monotonic() + timeout
        while True:
            pgconn.consume_input()
            if not pgconn.is_busy():
                break
            remaining = deadline - monotonic()
            if remaining <= 0:
                raise psycopg.OperationalError(f"the database did not answer within {timeout:g} s")
            select.select([pgconn.socket], [], [], remaining)
        while (result := pgconn.get_result()) is not None:
            if result.status not in (pq.ExecStatus.EMPTY_QUERY, pq.ExecStatus.COMMAND_OK):
                message = (result.error_message or b"").decode("utf-8", "replace").strip()
                raise psycopg.OperationalError(message or "the check query failed")


class _CheckOrDrain:
    """The checkout check: a connection that fails it takes every idle connection opened before it along.
    A connection still without pgvector's types (``_register_vector``) gets another try at them.

    Only a connection older than the last drain triggers one, so threads that find dead connections at the
    same time drain once, and the fresh connections the drain opened are not thrown away again.
    """

    def __init__(self, timeout: float) -> None:
        self.pool: ConnectionPool[Any] | None = None
        self.drained_at = float("-inf")
        self.timeout = timeout
        self._lock = threading.Lock()

    def __call__(self, conn: psycopg.Connection[Any]) -> None:
        try:
            ping(conn, self.timeout)
            tried = _vectorless.get(conn)
            if tried is not None and monotonic() - tried >= VECTOR_RETRY_S:
                _register_vector(conn)
        except Exception:
            with self._lock:
                opened = _opened_at.get(conn)
                stale = opened is not None and opened <= self.drained_at
                if not stale:
                    self.drained_at = monotonic()
            if not stale and self.pool is not None:
                self.pool.drain()  # the idle ones close now, those in use when they come back; all are replaced
            raise


def _size_and_timeout(settings: Settings, role: Role) -> tuple[int, int]:
    """(max connections, statement timeout in ms; 0 = none) for one role."""
    if role == "read":
        return settings.read_pool_size, settings.read_statement_timeout_ms
    if role == "write":
        return settings.write_pool_size, settings.write_statement_timeout_ms
    return settings.pool_max_size, 0


# Request-time reads are short statements, many at once: a parallel plan starts worker processes that compete
# with the other requests for the same two cores, and JIT compiles a plan for longer than most queries run. On
# the 14k benchmark catalog a Stellar-filtered vector search was planned as a parallel sequential scan of the
# listings (29.4 ms) where, without parallel workers, a bitmap scan of the network index answers (16.2 ms); over
# all 53 filtered golden queries the pipeline's mean moved by 0-3 ms, within the shared machine's noise.
READ_SESSION_SETTINGS = {"max_parallel_workers_per_gather": "0", "jit": "off"}


def session_options(settings: Settings, role: Role, *, timeout: bool = True) -> str:
    """The libpq ``options`` a ``role``'s connections start with (empty: the server's defaults); without
    ``timeout``, the role's planner settings alone."""
    _, statement_timeout = _size_and_timeout(settings, role)
    gucs = dict(READ_SESSION_SETTINGS) if role == "read" else {}
    if statement_timeout and timeout:
        gucs["statement_timeout"] = str(statement_timeout)
    return " ".join(f"-c {name}={value}" for name, value in gucs.items())


def _new_pool(
    settings: Settings, role: Role, *, full: bool = False, size: int | None = None
) -> ConnectionPool[Connection]:
    configured, _ = _size_and_timeout(settings, role)
    size = size or configured
    url = database_url(settings)
    kwargs: dict[str, object] = {"connect_timeout": max(1, round(settings.pool_timeout_s))}
    if options := session_options(settings, role):
        # after the URL's own (a keyword replaces the URL's `options`: "?options=-csearch_path%3Dsouk" was lost and
        # every read met the wrong schema)
        own = conninfo_to_dict(url).get("options")
        kwargs["options"] = f"{own} {options}" if own else options
    check = _CheckOrDrain(timeout=settings.pool_timeout_s)
    pool = ConnectionPool(
        url,
        name=f"souk-{role}",
        kwargs=kwargs,
        min_size=size if full else min(settings.pool_min_size, size),
        max_size=size,
        configure=_configure,
        # A checkout proves the connection still works, so the first request after a database
        # restart gets a fresh connection instead of a dead one (and the other dead ones go with it).
        check=check,
        timeout=settings.pool_timeout_s,
        # Past this many waiters a request is refused at once (503) rather than queued for seconds.
        max_waiting=settings.pool_max_waiting,
        # Give up a failed reconnection quickly: the next request starts a fresh attempt, so the pool
        # recovers within seconds of the database coming back instead of after a long backoff.
        reconnect_timeout=settings.pool_reconnect_timeout_s,
        open=True,
    )
    check.pool = pool
    return cast("ConnectionPool[Connection]", pool)  # _configure set dict rows on every connection


def drain_pools() -> None:
    """Replace every connection of this process's pools: the idle ones close now, those in use when they come back
    (a migration changed a row type under their prepared statements)."""
    with _lock:
        pools = list(_pools.values())
    for pool in pools:
        pool.drain()


def get_pool(settings: Settings | None = None, role: Role = "default") -> ConnectionPool[Connection]:
    """The process-wide pool for ``role``; the first call connects (and starts the embedded server if needed)."""
    pool = _pools.get(role)
    if pool is None:
        with _lock:
            pool = _pools.get(role)
            if pool is None:
                pool = _pools[role] = _new_pool(settings or get_settings(), role)
    return pool


def warm_pools(
    settings: Settings,
    roles: tuple[Role, ...] = ("read", "write"),
    timeout_s: float = 30.0,
    sizes: dict[Role, int] | None = None,
) -> None:
    """Open the request pools at full size and wait for them (the long-lived runner, never Lambda).

    A pool grows one connection at a time, so a burst arriving at a cold pool would queue behind
    connection set-up; a runner pays that once at start instead. ``sizes`` overrides the configured
    size of a role (the runner sizes each pool to the threads that use it).
    """
    with _lock:
        for role in roles:
            if role not in _pools:
                _pools[role] = _new_pool(settings, role, full=True, size=(sizes or {}).get(role))
    for role in roles:
        _pools[role].wait(timeout=timeout_s)


def close_pool() -> None:
    """Close every pool of this process (the next get_pool opens a new one)."""
    with _lock:
        pools = list(_pools.values())
        _pools.clear()
    for pool in pools:
        pool.close()
