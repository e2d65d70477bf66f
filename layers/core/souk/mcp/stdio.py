"""``souk mcp``: the MCP server over stdio, for desktop agents that launch it as a subprocess.

stdout carries the protocol, so nothing else may write to it: logging goes to stderr. With no
DATABASE_URL, Souk's embedded Postgres starts as for ``souk serve`` and is migrated first.
"""

from __future__ import annotations

import logging

import anyio
from mcp.server.stdio import stdio_server

from souk.config import get_settings
from souk.mcp.server import build_server

logger = logging.getLogger(__name__)


async def _serve() -> None:
    server = build_server()
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def run_stdio() -> int:
    from souk.db.pool import close_pool

    settings = get_settings()
    if settings.database_url is None:
        from souk.db.migrate import MIGRATIONS_DIR, migrate
        from souk.db.pool import database_url

        migrate(database_url(settings), settings.migrations_dir or MIGRATIONS_DIR)
    try:
        anyio.run(_serve)
    finally:
        # The embedded Postgres is left running: a `souk serve` on the same data directory may share it.
        close_pool()
    return 0
