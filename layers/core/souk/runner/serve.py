"""``souk serve``: embedded Postgres (unless DATABASE_URL), migrations, optional demo, every route and schedule."""

from __future__ import annotations

import logging
import threading
from pathlib import Path

import uvicorn

from souk.config import get_settings
from souk.db.migrate import MIGRATIONS_DIR, migrate
from souk.db.pool import database_url, get_pool
from souk.runner.server import LocalGateway

logger = logging.getLogger(__name__)

DEMO_EVENTS = Path(__file__).resolve().parents[1] / "demo" / "demo_events.jsonl"


def prepare(demo: bool) -> None:
    """Migrate, make sure an embedding generation exists, and optionally load the demo catalog."""
    settings = get_settings()
    applied = migrate(database_url(settings), settings.migrations_dir or MIGRATIONS_DIR)
    if applied:
        logger.info("applied migrations: %s", ", ".join(applied))
    with get_pool().connection() as conn:
        try:
            from souk.embedding.generations import ensure_default_generation

            ensure_default_generation(conn, settings)
        except Exception as exc:
            logger.warning("semantic index unavailable: %s", exc)
        if demo:
            from souk.catalog.loader import load_events_file

            summary = load_events_file(conn, DEMO_EVENTS, settings, rebase_to_now=True)
            logger.info("demo catalog: %s", summary)


def _schedule_loop(gateway: LocalGateway, stop: threading.Event) -> None:
    import time

    # Short schedules (the embedding job) run at start; long ones (the daily eval) wait a period.
    start = time.monotonic()
    next_run = {s.function: start if s.every_seconds <= 300 else start + s.every_seconds for s in gateway.schedules}

    while not stop.is_set():
        now = time.monotonic()
        for schedule in gateway.schedules:
            if now >= next_run[schedule.function]:
                try:
                    gateway.run_schedule(schedule)
                except Exception:
                    logger.exception("scheduled %s failed", schedule.function)
                next_run[schedule.function] = time.monotonic() + schedule.every_seconds
        stop.wait(1.0)


def serve(*, host: str, port: int, demo: bool, template: Path) -> int:
    prepare(demo)
    gateway = LocalGateway(template, template.parent)
    stop = threading.Event()
    worker = threading.Thread(target=_schedule_loop, args=(gateway, stop), daemon=True, name="souk-schedules")
    worker.start()
    for route in gateway.routes:
        logger.info("route %s %s -> %s", route.method, route.path, route.function)
    try:
        uvicorn.run(gateway, host=host, port=port, log_level="info")
    finally:
        stop.set()
    return 0
