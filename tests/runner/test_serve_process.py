"""`souk serve` as a real process: it supervises its embedded Postgres and stops it on SIGTERM.

A kill -9 of the postmaster gives 503s (JSON, Retry-After) while it is down, never a 500 or a hang, and
the same runner answers 200 again once the supervisor has restarted it: every worker process, also one
that got no request during the outage (its pools held only dead connections; souk.db.pool).
"""

from __future__ import annotations

import json
import os
import signal
import socket
import time
from pathlib import Path

import httpx
import psutil
import pytest

from tests.runner.conftest import raw_exchange, serve_process
from tests.runner.test_protocols import MALFORMED


def _alive(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _postmaster(data_dir: Path) -> int:
    return int((data_dir / "postmaster.pid").read_text().splitlines()[0])


@pytest.fixture(params=["1", "2"], ids=["1-worker", "2-workers"])
def runner(tmp_path, request):
    yield from serve_process(tmp_path, "--workers", request.param, start_timeout=90)


def _answer_on(conn: socket.socket) -> str:
    """The status line of one response read off a kept-alive connection (its body read by Content-Length)."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = conn.recv(65536)
        if not chunk:
            return ""  # the server closed the connection
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = next(
        int(line.split(b":", 1)[1]) for line in head.split(b"\r\n") if line.lower().startswith(b"content-length:")
    )
    while len(body) < length:
        body += conn.recv(65536)
    return head.split(b"\r\n", 1)[0].decode("latin-1")


def test_kill_9_of_postgres_gives_only_503s_then_recovers_and_sigterm_stops_it(runner):
    proc, base, data_dir = runner
    # an idle keep-alive connection outlives a client's own keep-alive expiry (httpx: 5 s, uvicorn's default too: a
    # request sent as the server closed it was a transport error under load)
    port = int(base.rsplit(":", 1)[1])
    request = f"GET /discovery/resources?limit=1 HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode()
    with socket.create_connection(("127.0.0.1", port), timeout=15) as conn:
        conn.sendall(request)
        assert _answer_on(conn).startswith("HTTP/1.1 200")
        time.sleep(6)
        conn.sendall(request)
        assert _answer_on(conn).startswith("HTTP/1.1 200")
    # every worker answers a request its HTTP parser refuses with the JSON error contract (souk.runner.protocols)
    status, _, body = raw_exchange(int(base.rsplit(":", 1)[1]), MALFORMED[2])
    assert status.startswith("HTTP/1.1 400") and json.loads(body)["error"] == "invalid_http_request"
    os.kill(_postmaster(data_dir), signal.SIGKILL)
    statuses: list[int] = []
    deadline = time.monotonic() + 45
    while time.monotonic() < deadline:
        started = time.monotonic()
        r = httpx.get(f"{base}/discovery/resources", timeout=15)
        # A 503 waits out the pool's 2 s (SOUK_POOL_TIMEOUT_S) by design: 2.1-2.2 s measured on a loaded 2-core
        # machine, where the old 4 s bound left under 2 s for load. 6 s is still 3x the wait the pool allows.
        assert time.monotonic() - started < 6, "a request hung while the database was down"
        statuses.append(r.status_code)
        if r.status_code == 200:
            break
        assert r.status_code == 503, r.text
        assert r.json()["error"].startswith("database_") and r.json()["reason"] and r.headers["retry-after"]
        time.sleep(0.2)
    assert statuses[-1] == 200, statuses
    assert proc.poll() is None  # the same runner, never restarted
    # Once one request succeeded the database is back for every worker: each new connection may land on
    # either worker, and none answers 503 any more (a worker idle during the outage used to, 2 s each).
    after = [httpx.get(f"{base}/discovery/resources", timeout=15).status_code for _ in range(20)]
    assert after == [200] * 20, after

    postmaster = _postmaster(data_dir)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(30) == 0
    deadline = time.monotonic() + 10
    while _alive(postmaster) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(postmaster), "the embedded Postgres outlived the runner"
