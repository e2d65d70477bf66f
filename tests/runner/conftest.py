"""A real `souk serve` gateway under uvicorn on a free port, over the test database."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn

from souk.catalog.ingest import catalog_event
from souk.runner.server import LocalGateway
from tests.conftest import REPO
from tests.factories import pdf_tool, verified, weather


def run_gateway(gateway: LocalGateway) -> Iterator[str]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(gateway, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.time() + 10
    while not server.started and time.time() < deadline:
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=5)
        gateway.close()


@pytest.fixture
def served(db, settings):
    catalog_event(db, verified(weather()), settings)
    catalog_event(db, verified(pdf_tool()), settings)
    gateway = LocalGateway(REPO / "template.yaml", REPO)
    for base in run_gateway(gateway):
        yield gateway, base
