"""Postgres down, slow or killed: 503 + Retry-After + JSON at once, and recovery without restarting Souk."""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path

import psycopg
import pytest
from fastapi import APIRouter
from fastapi.testclient import TestClient
from psycopg_pool import PoolTimeout

from souk.api.app import make_app
from souk.api.deps import ConnectionDep
from souk.config import Settings, get_settings
from souk.db import close_pool, get_pool
from souk.db.embedded import _postmaster_running, embedded_database_url, restart_if_down, stop_embedded
from souk.db.pool import _new_pool
from souk.runner.template import load_handler
from tests.conftest import REPO, load_event


def test_request_pools_carry_statement_timeouts(database_url, settings):
    with get_pool(role="read").connection() as conn:
        assert conn.execute("SHOW statement_timeout").fetchone()["statement_timeout"] == "5s"
    with get_pool(role="write").connection() as conn:
        assert conn.execute("SHOW statement_timeout").fetchone()["statement_timeout"] == "10s"
    with get_pool().connection() as conn:  # the CLI and the jobs: reindex and eval may run long statements
        assert conn.execute("SHOW statement_timeout").fetchone()["statement_timeout"] == "0"


def test_read_connections_plan_without_parallel_workers_or_jit(database_url, settings):
    with get_pool(role="read").connection() as conn:
        assert conn.execute("SHOW max_parallel_workers_per_gather").fetchone()["max_parallel_workers_per_gather"] == "0"
        assert conn.execute("SHOW jit").fetchone()["jit"] == "off"
    with get_pool().connection() as conn:  # a reindex or an evaluation may well use both
        assert conn.execute("SHOW max_parallel_workers_per_gather").fetchone()["max_parallel_workers_per_gather"] != "0"


def test_an_unreachable_database_is_a_fast_503_with_retry_after(database_url, lambda_context, monkeypatch):
    handler = load_handler(str(REPO / "functions" / "resources" / "app.handler"))
    monkeypatch.setenv("DATABASE_URL", "postgresql://postgres@/postgres?host=/nonexistent-souk-socket-dir")
    monkeypatch.setenv("SOUK_POOL_TIMEOUT_S", "0.5")
    get_settings.cache_clear()
    close_pool()
    try:
        for _ in range(3):  # the first and every later request: no hang, no 500
            started = time.monotonic()
            response = handler(load_event("resources_get.json"), lambda_context)
            assert time.monotonic() - started < 3
            assert response["statusCode"] == 503
            assert response["headers"]["retry-after"] == "2"
            body = json.loads(response["body"])
            assert body["error"] == "database_unavailable" and body["reason"]
    finally:
        close_pool()
        monkeypatch.undo()
        get_settings.cache_clear()
    assert handler(load_event("resources_get.json"), lambda_context)["statusCode"] == 200


def test_a_statement_timeout_is_a_503(database_url, monkeypatch):
    router = APIRouter()

    @router.get("/slow")
    def slow(conn: ConnectionDep) -> dict[str, str]:
        conn.execute("SET LOCAL statement_timeout = 50")
        conn.execute("SELECT pg_sleep(2)")
        return {"ok": "no"}

    response = TestClient(make_app(router)).get("/slow")
    assert response.status_code == 503 and response.headers["retry-after"]
    assert response.json()["error"] == "database_timeout" and response.json()["reason"]


@pytest.fixture
def own_server():
    """A second embedded Postgres, private to this test, that can be killed without harming the others."""
    data_dir = Path(tempfile.mkdtemp(prefix="souk-kill-pg-")) / "pgdata"
    url = embedded_database_url(data_dir)
    yield data_dir.resolve(), url
    stop_embedded(data_dir)
    shutil.rmtree(data_dir.parent, ignore_errors=True)


def _postmaster_pid(data_dir: Path) -> int:
    return int((data_dir / "postmaster.pid").read_text().splitlines()[0])


def _restart(data_dir: Path, deadline_s: float = 30) -> None:
    # The killed postmaster's backends take a moment to notice and release its shared memory.
    deadline = time.monotonic() + deadline_s
    while True:
        try:
            restart_if_down(data_dir)
            return
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_a_killed_embedded_server_is_restarted_and_the_pool_recovers(own_server):
    data_dir, url = own_server
    pool = _new_pool(Settings(database_url=url, pool_timeout_s=1.0), "read")
    try:
        with pool.connection() as conn:
            assert conn.execute("SELECT 1 AS one").fetchone()["one"] == 1
        os.kill(_postmaster_pid(data_dir), signal.SIGKILL)
        deadline = time.monotonic() + 10  # the kill lands at once; a loaded machine may take a moment to show it
        while _postmaster_running(data_dir) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not _postmaster_running(data_dir)
        with pytest.raises((psycopg.OperationalError, PoolTimeout)), pool.connection() as conn:
            conn.execute("SELECT 1")
        _restart(data_dir)
        assert _postmaster_running(data_dir) and embedded_database_url(data_dir) == url  # same socket, same URI
        deadline = time.monotonic() + 15
        while True:  # the same pool, not a new one: Souk recovers without a restart
            try:
                with pool.connection() as conn:
                    assert conn.execute("SELECT 1 AS one").fetchone()["one"] == 1
                break
            except (psycopg.OperationalError, PoolTimeout):
                assert time.monotonic() < deadline
                time.sleep(0.2)
    finally:
        pool.close()


def test_stopping_leaves_no_server_behind_even_after_a_crashed_user(own_server):
    data_dir, _url = own_server
    pid = _postmaster_pid(data_dir)
    handles = data_dir / ".handle_pids.json"
    # A runner that was kill -9'd never removed itself from the embedded server's list of users.
    handles.write_text(json.dumps([*json.loads(handles.read_text()), 999_999_999]))
    stop_embedded(data_dir)
    deadline = time.monotonic() + 10
    while _pid_alive(pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _pid_alive(pid)


def _pid_alive(pid: int) -> bool:
    import psutil

    return psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE


def test_a_deadlock_is_a_503_that_says_a_concurrent_write_won(database_url):
    # not "the database is unreachable": the database answered, another transaction on the same rows won
    router = APIRouter()

    @router.get("/conflict")
    def conflict(conn: ConnectionDep) -> dict[str, str]:
        conn.execute("DO $$ BEGIN RAISE EXCEPTION 'deadlock detected' USING ERRCODE = 'deadlock_detected'; END $$")
        return {"ok": "no"}

    response = TestClient(make_app(router)).get("/conflict")
    assert response.status_code == 503 and response.headers["retry-after"]
    assert response.json()["error"] == "write_conflict" and response.json()["reason"]
