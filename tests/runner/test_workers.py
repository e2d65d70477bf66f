"""`souk serve --workers 2`: two worker processes share the socket; the parent alone supervises and schedules."""

from __future__ import annotations

import signal
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import psutil
import pytest

from souk.config import Settings
from souk.runner.serve import default_workers, gateway_pool_sizes
from tests.runner.conftest import serve_process
from tests.runner.test_serve_process import _alive, _postmaster


def test_default_workers_and_pool_sizes_follow_the_machine_and_the_lanes(monkeypatch):
    monkeypatch.setenv("SOUK_RUNNER_READ_THREADS", "12")
    settings = Settings()
    assert default_workers(settings) == 1
    assert 1 <= default_workers(Settings(runner_workers=0)) <= 4
    assert default_workers(Settings(runner_workers=3)) == 3
    assert gateway_pool_sizes(settings)["read"] == 12  # never fewer connections than threads that take one
    assert gateway_pool_sizes(Settings(read_pool_size=20))["read"] == 20


@pytest.fixture
def two_workers(tmp_path):
    yield from serve_process(tmp_path, "--workers", "2", start_timeout=90)


def _workers(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    return [p for p in psutil.Process(proc.pid).children() if "spawn_main" in " ".join(p.cmdline())]


def test_two_workers_answer_one_postgres_and_sigterm_stops_everything(two_workers):
    proc, base, data_dir = two_workers
    deadline = time.monotonic() + 30
    while len(_workers(proc)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    workers = _workers(proc)
    assert len(workers) == 2
    with ThreadPoolExecutor(16) as pool:
        statuses = list(pool.map(lambda _: httpx.get(f"{base}/discovery/resources", timeout=10).status_code, range(64)))
    assert statuses == [200] * 64
    # Each worker holds its own warmed pools (read + write lanes), all to the one embedded server. The
    # first 200 came from either worker; the other may still be opening its pools on a loaded machine.
    warmed = sum(gateway_pool_sizes(Settings()).values())
    deadline = time.monotonic() + 60
    while min(len(w.net_connections(kind="unix")) for w in workers) < warmed and time.monotonic() < deadline:
        time.sleep(0.2)
    for worker in workers:
        assert len(worker.net_connections(kind="unix")) >= warmed
    postmasters = [
        p
        for p in psutil.process_iter(["name", "cmdline"])
        if str(data_dir) in " ".join(p.cmdline() or []) and p.info["name"] == "postgres" and "-D" in (p.cmdline() or [])
    ]
    assert len(postmasters) == 1

    postmaster = _postmaster(data_dir)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(60) == 0
    assert not any(w.is_running() and w.status() != psutil.STATUS_ZOMBIE for w in workers)
    deadline = time.monotonic() + 10
    while _alive(postmaster) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(postmaster), "the embedded Postgres outlived the runner"
