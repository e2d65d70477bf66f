"""A real `souk serve` gateway under uvicorn on a free port, over the test database."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import psutil
import pytest
import uvicorn

from souk.catalog.ingest import catalog_event
from souk.runner.serve import listening_socket
from souk.runner.server import LocalGateway
from tests.conftest import REPO
from tests.factories import pdf_tool, verified, weather


def run_gateway(gateway: LocalGateway) -> Iterator[str]:
    # uvicorn serves a socket bound here, so no other process can take the port between choosing and binding it
    # (bound as the runner binds its workers' one: with TCP_NODELAY on every accepted connection).
    sock = listening_socket("127.0.0.1", 0)
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(gateway, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 60  # only guards against a hang: start-up is slow on a loaded machine
        while not server.started:
            assert thread.is_alive() and time.monotonic() < deadline, "the gateway did not start"
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)
        sock.close()
        gateway.close()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve_process(
    tmp_path: Path, *args: str, start_timeout: float
) -> Iterator[tuple[subprocess.Popen[bytes], str, Path]]:
    """`souk serve` as its own process on its own embedded Postgres; yields (process, base URL, data dir).

    Cleanup, also when start-up fails, kills the whole process tree and the embedded Postgres, so neither
    workers nor a postmaster (pg_ctl detaches it, it is no child of the runner) outlive a failed test.
    """
    data_dir = tmp_path / "pgdata"
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env |= {"SOUK_DATA_DIR": str(data_dir), "SOUK_KEYS_FILE": str(tmp_path / "keys.json")}
    log = (tmp_path / "serve.log").open("wb")  # read back when start-up fails, so the failure says why
    proc = subprocess.Popen(
        [sys.executable, "-m", "souk.cli", "serve", "--port", str(port), *args],
        cwd=REPO,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + start_timeout
        while True:
            # Checked first: an answer on the port counts only while our runner is alive (not another
            # process that took the port after free_port() let it go).
            if proc.poll() is not None:
                tail = (tmp_path / "serve.log").read_text(errors="replace")[-3000:]
                raise AssertionError(f"souk serve exited with {proc.returncode} before it came up:\n{tail}")
            try:
                if httpx.get(f"{base}/discovery/resources", timeout=10).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert time.monotonic() < deadline, "souk serve did not come up"
            time.sleep(0.3)
        yield proc, base, data_dir
    finally:
        _stop_tree(proc, data_dir)
        log.close()


def _stop_tree(proc: subprocess.Popen[bytes], data_dir: Path) -> None:
    if proc.poll() is None:
        try:
            children = psutil.Process(proc.pid).children(recursive=True)
        except psutil.NoSuchProcess:
            children = []
        proc.kill()
        for child in children:
            with contextlib.suppress(psutil.NoSuchProcess):
                child.kill()
        proc.wait(30)
    with contextlib.suppress(OSError, ValueError, IndexError, psutil.Error):
        postmaster = psutil.Process(int((data_dir / "postmaster.pid").read_text().splitlines()[0]))
        if postmaster.name() == "postgres" and str(data_dir) in " ".join(postmaster.cmdline()):
            postmaster.kill()  # its backends exit once they notice the postmaster is gone


@pytest.fixture
def served(db, settings):
    catalog_event(db, verified(weather()), settings)
    catalog_event(db, verified(pdf_tool()), settings)
    gateway = LocalGateway(REPO / "template.yaml", REPO)
    for base in run_gateway(gateway):
        yield gateway, base


def raw_exchange(port: int, raw: bytes) -> tuple[str, dict[str, str], bytes]:
    """Send ``raw`` bytes and read the answer to the end: its status line, headers and body."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as conn:
        conn.sendall(raw)
        data = b""
        while chunk := conn.recv(65536):
            data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    return status, headers, body
