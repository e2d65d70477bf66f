"""MCP clients (the SDK's own) over both transports, against a catalog seeded through the cataloging path.

``http``: a real `souk serve` gateway (uvicorn, template.yaml's routes) on a free port, so requests reach
functions/mcp/app.handler as API Gateway v2 events. ``stdio``: ``souk mcp`` as a subprocess on the test
database. Tests take the ``transport`` fixture to run on both.
"""

from __future__ import annotations

import os
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from souk.catalog.ingest import catalog_event
from souk.runner.server import LocalGateway
from tests.conftest import REPO
from tests.factories import pdf_tool, settled, verified, weather
from tests.runner.conftest import run_gateway

WEATHER = [
    weather(),
    weather(
        url="https://forecast.example.net/v2/forecast",
        pay_to="0x2222222222222222222222222222222222222222",
        network="eip155:8453",
        amount="2000",
        service_name="Forecast Pro",
        description="Seven-day weather forecast with hourly temperature and rain for any city.",
        tags=["weather", "forecast", "rain"],
    ),
    weather(
        url="https://meteo.example.org/api/forecast",
        pay_to="0x3333333333333333333333333333333333333333",
        network="eip155:8453",
        amount="1500",
        service_name="Meteo",
        description="Weather forecast by coordinates: temperature, wind and precipitation.",
        tags=["weather", "forecast", "wind"],
    ),
]


@pytest.fixture
def catalog(db, settings) -> list[str]:
    """Three weather APIs (one with paid calls) and a PDF MCP tool, cataloged as the facilitator would."""
    for listing in WEATHER:
        catalog_event(db, verified(listing), settings)
    catalog_event(db, settled(WEATHER[0]), settings)
    catalog_event(db, verified(pdf_tool()), settings)
    return [listing.url for listing in WEATHER]


@pytest.fixture(scope="module")
def gateway_url(database_url: str) -> Iterator[str]:
    gateway = LocalGateway(REPO / "template.yaml", REPO)
    yield from run_gateway(gateway)


def stdio_parameters(database_url: str) -> StdioServerParameters:
    env = {k: v for k, v in os.environ.items() if k.startswith(("SOUK_", "POWERTOOLS_")) or k in ("PATH", "HOME")}
    env["DATABASE_URL"] = database_url
    return StdioServerParameters(command=str(Path(sys.executable).parent / "souk"), args=["mcp"], env=env)


@pytest.fixture(params=["http", "stdio"])
def transport(request, database_url: str) -> str:
    return request.param


def _connector(target: Any) -> Callable[..., Any]:
    @asynccontextmanager
    async def _connect(mode: str = "auto") -> AsyncIterator[Client]:
        async with Client(target, mode=mode, read_timeout_seconds=60) as client:
            yield client

    return _connect


@pytest.fixture
def connect(transport: str, database_url: str, request) -> Callable[..., Any]:
    """``connect(mode=...)``: an async context manager yielding a connected SDK ``Client``, on each transport."""
    http = transport == "http"
    return _connector(request.getfixturevalue("gateway_url") + "/mcp" if http else stdio_parameters(database_url))


@pytest.fixture
def connect_http(gateway_url: str) -> Callable[..., Any]:
    """The same over streamable HTTP only: for behaviour that does not depend on the transport."""
    return _connector(gateway_url + "/mcp")


def run(fn: Callable[[], Awaitable[Any]]) -> Any:
    return anyio.run(fn)
