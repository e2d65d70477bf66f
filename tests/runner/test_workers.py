"""`souk serve --workers 2`: two worker processes share the socket; the parent alone supervises and schedules."""

from __future__ import annotations

import asyncio
import io
import os
import signal
import socket
import subprocess
import time
from concurrent.futures import ThreadPoolExecutor
from multiprocessing.reduction import ForkingPickler
from pathlib import Path

import httpx
import psutil
import pytest

from souk.config import Settings
from souk.runner.serve import WorkerListener, default_workers, gateway_pool_sizes, listening_socket
from tests.runner.conftest import serve_process
from tests.runner.test_serve_process import _alive, _postmaster


def test_default_workers_and_pool_sizes_follow_the_machine_and_the_lanes(monkeypatch):
    monkeypatch.setenv("SOUK_RUNNER_READ_THREADS", "12")
    monkeypatch.delenv("SOUK_RUNNER_WORKERS", raising=False)
    settings = Settings()
    assert default_workers(settings) == max(1, min(os.cpu_count() or 1, 4))  # one per core by default
    assert default_workers(Settings(runner_workers=1)) == 1
    assert default_workers(Settings(runner_workers=3)) == 3
    assert gateway_pool_sizes(settings)["read"] == 12  # never fewer connections than threads that take one
    assert gateway_pool_sizes(Settings(read_pool_size=20))["read"] == 20
    # The write lane's threads plus the MCP writing tool's slot (it runs on the read lane).
    assert gateway_pool_sizes(Settings(write_pool_size=1, runner_write_threads=4))["write"] == 5


def test_connections_accepted_on_the_workers_socket_have_tcp_nodelay():
    # asyncio sets TCP_NODELAY only on connections whose socket says IPPROTO_TCP; accepted sockets take
    # the listener's protocol number, and uvicorn's own bind_socket leaves it 0 (Kludex/uvicorn#3149):
    # then each keep-alive response waited ~40 ms for the client's delayed ACK (eval/bench_http.txt).
    async def accepted_nodelay() -> int:
        seen: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def accepted(_reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            seen.set_result(writer.get_extra_info("socket").getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        sock = listening_socket("127.0.0.1", 0)
        server = await asyncio.start_server(accepted, sock=sock)
        _, writer = await asyncio.open_connection("127.0.0.1", sock.getsockname()[1])
        try:
            return await asyncio.wait_for(seen, 10)
        finally:
            writer.close()
            server.close()
            await server.wait_closed()

    assert asyncio.run(accepted_nodelay()) != 0


def _as_a_worker_receives_it(sock: socket.socket) -> socket.socket:
    buffer = io.BytesIO()
    ForkingPickler(buffer).dump(sock)  # how uvicorn hands the listening sockets to a spawned worker
    return ForkingPickler.loads(buffer.getvalue())


def test_each_worker_gets_a_listening_socket_of_its_own_on_the_same_port():
    parent = listening_socket("127.0.0.1", 0)
    port = parent.getsockname()[1]
    first, second = _as_a_worker_receives_it(parent), _as_a_worker_receives_it(parent)
    try:
        assert isinstance(first, WorkerListener)
        assert len({parent.fileno(), first.fileno(), second.fileno()}) == 3
        for sock in (first, second):
            assert sock.getsockname()[1] == port
            assert sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT) == 1
            sock.listen()  # both listen at once: one SO_REUSEPORT group, the kernel picks one per connection
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass
    finally:
        for sock in (parent, first, second):
            sock.close()


def test_a_second_runner_cannot_take_a_port_whose_workers_listen():
    parent = listening_socket("127.0.0.1", 0)
    worker = _as_a_worker_receives_it(parent)
    worker.listen()
    try:
        with pytest.raises(OSError):
            listening_socket("127.0.0.1", parent.getsockname()[1])
    finally:
        worker.close()
        parent.close()


def test_the_runner_holds_its_port_while_no_worker_listens():
    # At start-up, or with every worker down, only the parent's socket holds the port: neither a second runner
    # nor another server may take it (they would split the connections, or keep the workers off the port).
    parent = listening_socket("127.0.0.1", 0)
    port = parent.getsockname()[1]
    try:
        with pytest.raises(OSError):
            listening_socket("127.0.0.1", port)
        other = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        other.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as uvicorn's own socket is
        try:
            with pytest.raises(OSError):
                other.bind(("127.0.0.1", port))
        finally:
            other.close()
    finally:
        parent.close()


def test_a_new_runner_takes_the_port_while_the_last_ones_connections_are_in_time_wait():
    parent = listening_socket("127.0.0.1", 0)
    port = parent.getsockname()[1]
    worker = _as_a_worker_receives_it(parent)
    worker.listen()
    client = socket.create_connection(("127.0.0.1", port), timeout=5)
    accepted, _ = worker.accept()
    accepted.close()  # the server closes first: its side of the connection stays in TIME_WAIT
    assert client.recv(1) == b""
    client.close()
    for sock in (worker, parent):
        sock.close()
    again = listening_socket("127.0.0.1", port)
    again.close()


@pytest.fixture
def two_workers(tmp_path):
    yield from serve_process(tmp_path, "--workers", "2", start_timeout=90)


def _workers(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    return [p for p in psutil.Process(proc.pid).children() if "spawn_main" in " ".join(p.cmdline())]


def _both_workers(proc: subprocess.Popen[bytes]) -> list[psutil.Process]:
    deadline = time.monotonic() + 30
    while len(_workers(proc)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    return _workers(proc)


def _listening(worker: psutil.Process, port: int) -> bool:
    return any(c.laddr.port == port and c.status == "LISTEN" for c in worker.net_connections(kind="tcp"))


def _both_listening(proc: subprocess.Popen[bytes], base: str) -> list[psutil.Process]:
    """Both workers, once each listens on the runner's port: on a loaded machine a worker process exists well before
    it listens (a burst sent then goes to one worker; killing the only listener leaves none: connection refused)."""
    workers = _both_workers(proc)
    port = int(base.rsplit(":", 1)[1])
    deadline = time.monotonic() + 60
    while not all(_listening(w, port) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.2)
    assert all(_listening(w, port) for w in workers)
    return workers


def _stop_and_check(
    proc: subprocess.Popen[bytes], sig: signal.Signals, workers: list[psutil.Process], data_dir: Path
) -> None:
    """``sig`` stops the runner cleanly: exit 0, no worker left, and the embedded Postgres gone with it."""
    postmaster = _postmaster(data_dir)
    proc.send_signal(sig)
    assert proc.wait(60) == 0
    assert not any(w.is_running() and w.status() != psutil.STATUS_ZOMBIE for w in workers)
    deadline = time.monotonic() + 10
    while _alive(postmaster) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _alive(postmaster), "the embedded Postgres outlived the runner"


def test_two_workers_answer_one_postgres_and_sigterm_stops_everything(two_workers):
    proc, base, data_dir = two_workers
    workers = _both_workers(proc)
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
        # p.info, not p.cmdline(): process_iter reads it once and leaves None for a zombie of another run
        if p.info["name"] == "postgres"
        and "-D" in (p.info["cmdline"] or [])
        and str(data_dir) in " ".join(p.info["cmdline"])
    ]
    assert len(postmasters) == 1

    _stop_and_check(proc, signal.SIGTERM, workers, data_dir)


def test_a_burst_of_keep_alive_connections_is_spread_over_both_workers(two_workers):
    # On one shared socket the first worker to wake accepted every pending connection and kept them all.
    proc, base, data_dir = two_workers
    host, port = base.removeprefix("http://").rsplit(":", 1)
    assert httpx.get(f"{base}/discovery/resources", timeout=10).status_code == 200
    # The first 200 came from either worker; a burst sent before the other listens can only go to one (CI once
    # saw [16, 0]).
    workers = _both_listening(proc, base)
    for worker in workers:
        worker.suspend()  # the burst arrives while neither worker runs: the kernel queues all 16
    try:
        burst = [socket.create_connection((host, int(port)), timeout=10) for _ in range(16)]
    finally:
        for worker in workers:
            worker.resume()
    try:
        request = f"GET /discovery/resources HTTP/1.1\r\nhost: {host}\r\n\r\n".encode()
        for conn in burst:
            conn.sendall(request)
            assert conn.recv(12).startswith(b"HTTP/1.1 200")
        held = [
            sum(1 for c in w.net_connections(kind="tcp") if c.laddr.port == int(port) and c.status == "ESTABLISHED")
            for w in workers
        ]
        # 16 connections hashed over two listeners: both get some (all on one: probability 2 / 2**16).
        assert sum(held) == 16 and min(held) > 0, held
    finally:
        for conn in burst:
            conn.close()
    _stop_and_check(proc, signal.SIGTERM, workers, data_dir)


def test_a_killed_worker_is_replaced_and_sigint_stops_everything(two_workers):
    proc, base, data_dir = two_workers
    # Both listen first: killing the only listener while the other still starts left none (CI: connection refused).
    victim, survivor = _both_listening(proc, base)
    victim.kill()
    victim.wait(10)
    # The survivor answers meanwhile (new connections go to the listening worker that is left) ...
    assert [httpx.get(f"{base}/discovery/resources", timeout=10).status_code for _ in range(10)] == [200] * 10
    # ... and uvicorn's supervisor starts a replacement that serves too.
    deadline = time.monotonic() + 60
    while len(_workers(proc)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    workers = _workers(proc)
    assert len(workers) == 2 and survivor in workers and victim.pid not in [w.pid for w in workers]
    (replacement,) = [w for w in workers if w != survivor]
    warmed = sum(gateway_pool_sizes(Settings()).values())
    while len(replacement.net_connections(kind="unix")) < warmed and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len(replacement.net_connections(kind="unix")) >= warmed  # it ran worker_app: its pools are open
    assert proc.poll() is None

    _stop_and_check(proc, signal.SIGINT, workers, data_dir)  # Ctrl-C


def test_workers_stop_when_the_runner_is_killed(two_workers):
    # kill -9 skips the runner's shutdown: its workers kept the port and answered (503 once their embedded
    # Postgres stopped), and the next `souk serve` on that port could not listen (a hunt).
    proc, _, _ = two_workers
    workers = _both_workers(proc)
    assert len(workers) == 2
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    _, alive = psutil.wait_procs(workers, timeout=30)
    assert not alive, [w.pid for w in alive]


def test_a_busy_port_is_refused_before_anything_is_prepared(tmp_path, capsys):
    from souk.runner.serve import serve

    busy = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    busy.bind(("127.0.0.1", 0))
    busy.listen()
    port = busy.getsockname()[1]
    started = time.monotonic()
    try:
        for workers in (1, 2):
            assert serve(host="127.0.0.1", port=port, demo=True, template=Path("template.yaml"), workers=workers) == 2
            assert f"cannot listen on 127.0.0.1:{port}" in capsys.readouterr().err
    finally:
        busy.close()
    assert time.monotonic() - started < 5  # no demo loaded, no embedding pass: it used to take ~16 s first
