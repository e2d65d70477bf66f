"""Servers started once per test module, and settings that let the probe reach them on ``localhost``."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack
from dataclasses import dataclass

import pytest

from tests.lifecycle.servers import Hits, mcp_app, plain_app, seller_app, serving


@dataclass
class Servers:
    seller: int
    plain: int
    mcp: int
    seller_hits: Hits
    plain_hits: Hits
    mcp_hits: Hits

    def url(self, which: str, path: str, host: str = "localhost") -> str:
        return f"http://{host}:{getattr(self, which)}{path}"


@pytest.fixture(scope="module")
def servers() -> Iterator[Servers]:
    hits = Hits(), Hits(), Hits()
    with ExitStack() as stack:
        seller = stack.enter_context(serving(seller_app(hits[0])))
        plain = stack.enter_context(serving(plain_app(hits[1], redirect_port=seller)))
        mcp = stack.enter_context(serving(mcp_app(hits[2])))
        yield Servers(seller, plain, mcp, *hits)


@pytest.fixture
def probe_settings(settings):  # type: ignore[no-untyped-def]
    """The test settings with ``localhost`` allow-listed and short bounds (real probes, real timeouts)."""
    return settings.model_copy(
        update={
            "probe_allowed_hosts": "localhost",
            "probe_deadline_s": 3.0,
            "probe_read_timeout_s": 1.0,
            "probe_connect_timeout_s": 1.0,
            "probe_host_interval_s": 0.0,
            "probe_interval_minutes": 0.0,
        }
    )
