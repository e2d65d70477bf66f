"""The request pools after the server dropped every connection (what a Postgres restart does to a pool)."""

from __future__ import annotations

import time
import uuid

import psycopg
import pytest
from pgvector import Vector
from psycopg.conninfo import make_conninfo

from souk.db.pool import _new_pool


def _backend_pids(pool, n: int) -> set[int]:
    conns = [pool.getconn() for _ in range(n)]
    try:
        return {c.info.backend_pid for c in conns}
    finally:
        for c in conns:
            pool.putconn(c)


def _terminate(database_url: str, pids: set[int]) -> None:
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(pid) FROM unnest(%s::int[]) AS pid", [list(pids)])
        deadline = time.monotonic() + 10
        while admin.execute("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)", [list(pids)]).fetchone()[0]:
            assert time.monotonic() < deadline, "the terminated backends did not exit"
            time.sleep(0.05)


def test_one_dead_connection_at_checkout_replaces_all_the_dead_ones(database_url, settings):
    pool = _new_pool(settings, "read", full=True, size=6)
    try:
        pool.wait(timeout=30)
        old = _backend_pids(pool, 6)
        _terminate(database_url, old)

        # The first request after the "restart" gets a working connection within the pool's own timeout;
        # psycopg_pool alone tried one dead connection per attempt, backed off a second between attempts and
        # raised PoolTimeout with dead connections still queued.
        with pool.connection(timeout=settings.pool_timeout_s) as conn:
            assert conn.execute("SELECT 1 AS one").fetchone()["one"] == 1
            assert conn.info.backend_pid not in old
        # And no later request meets a dead connection: every one in the pool is a new backend.
        assert not _backend_pids(pool, 6) & old
        assert pool.get_stats().get("connections_lost", 0) <= 1  # only the one the first checkout found
    finally:
        pool.close()


def test_a_connection_opened_before_the_vector_extension_gets_its_types_once_it_exists(
    database_url, settings, monkeypatch
):
    # A function that served a request before the first `souk migrate` of a new database held connections
    # without pgvector's types: every vector search on them failed (a 500) until the process went away.
    name = f"souk_vectorless_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    url = make_conninfo(database_url, dbname=name)
    pool = _new_pool(settings.model_copy(update={"database_url": url}), "read", size=1)
    try:
        with pool.connection() as conn, pytest.raises(psycopg.ProgrammingError):
            conn.execute("SELECT %s::text AS v", (Vector([1, 2, 3]),))
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute("CREATE EXTENSION vector")
        # pgvector is optional: a database without it is not asked again at every checkout ...
        with pool.connection() as conn, pytest.raises(psycopg.ProgrammingError):
            conn.execute("SELECT %s::text AS v", (Vector([1, 2, 3]),))
        # ... but once its retry interval has passed, the same connection (a pool of one) gets the types.
        monkeypatch.setattr("souk.db.pool.VECTOR_RETRY_S", 0.0)
        with pool.connection() as conn:
            assert conn.execute("SELECT %s::vector::text AS v", (Vector([1, 2, 3]),)).fetchone()["v"] == "[1,2,3]"
    finally:
        pool.close()
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_the_urls_own_options_reach_every_pooled_connection(database_url, settings):
    # "?options=-csearch_path%3Dsouk" (a schema of one's own) was replaced by the pool's planner options: migrate and
    # load used the schema, every read used public ("relation listings does not exist", a 500 each).
    url = make_conninfo(database_url, options="-c search_path=souk_own_schema")
    for role in ("read", "write"):
        pool = _new_pool(settings.model_copy(update={"database_url": url}), role, size=1)
        try:
            with pool.connection() as conn:
                assert conn.execute("SHOW search_path").fetchone()["search_path"] == "souk_own_schema"
                if role == "read":
                    assert conn.execute("SHOW jit").fetchone()["jit"] == "off"  # and the pool's own still apply
        finally:
            pool.close()


def _stop(pid: int) -> None:
    import os
    import signal

    try:
        os.kill(pid, signal.SIGSTOP)
    except PermissionError:
        pytest.skip("the server's processes belong to another user")


def _resume(pid: int) -> None:
    import os
    import signal

    os.kill(pid, signal.SIGCONT)


def test_a_checkout_that_meets_a_stalled_server_fails_within_the_pools_timeout(database_url, settings):
    # A probe (2026-12-07): with the server stopped (SIGSTOP), every request that took a pooled connection hung for
    # the whole stall (40 s), the checkout check waiting on the socket with no limit. One stalled backend here: its
    # checkout gives up within the timeout, and the pool serves the request from a fresh connection instead.
    pool = _new_pool(settings, "read", full=True, size=1)
    try:
        pool.wait(timeout=30)
        (stalled,) = _backend_pids(pool, 1)
        _stop(stalled)
        try:
            started = time.monotonic()
            with pool.connection(timeout=settings.pool_timeout_s * 3) as conn:
                assert conn.execute("SELECT 1 AS one").fetchone()["one"] == 1
                assert conn.info.backend_pid != stalled
            assert time.monotonic() - started < settings.pool_timeout_s * 3
        finally:
            _resume(stalled)
    finally:
        pool.close()


def test_ping_answers_on_a_live_connection_and_times_out_on_a_stalled_one(database_url, settings):
    from souk.db.pool import ping

    conn = psycopg.connect(database_url, autocommit=False)
    try:
        ping(conn, 2.0)
        assert conn.execute("SELECT 2").fetchone()[0] == 2  # the connection is as psycopg left it
        conn.rollback()
        pid = conn.info.backend_pid
        _stop(pid)
        try:
            started = time.monotonic()
            with pytest.raises(psycopg.OperationalError, match=r"did not answer within 0\.3 s"):
                ping(conn, 0.3)
            assert time.monotonic() - started < 2.0
        finally:
            _resume(pid)
    finally:
        conn.close()  # mid-query after the timeout: the pool discards such a connection, as here
