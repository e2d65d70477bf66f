"""The embedded Postgres (PG 16 + pgvector) from the ``pgserver`` package, for local runs and tests."""

from __future__ import annotations

import logging
import warnings
from functools import lru_cache
from pathlib import Path

logger = logging.getLogger(__name__)


@lru_cache
def embedded_database_url(data_dir: Path) -> str:
    """Start (or reuse) the embedded server in ``data_dir`` and return its connection URI."""
    import pgserver  # imported late: Lambda deployments use DATABASE_URL and never need it

    data_dir = data_dir.resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR on servers
        server = pgserver.get_server(data_dir, cleanup_mode="stop")
    logger.info("embedded postgres at %s", data_dir)
    return server.get_uri()
