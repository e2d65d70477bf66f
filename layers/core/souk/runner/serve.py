"""``souk serve``: embedded Postgres (unless DATABASE_URL), migrations, optional demo, every route and schedule.

The runner owns its embedded Postgres: a supervisor restarts it if it dies, and stopping the runner
(SIGINT or SIGTERM) stops it too. On a non-loopback address it refuses development keys (souk.keys).
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import threading
from pathlib import Path
from types import FrameType

import uvicorn

from souk.config import Settings, get_settings
from souk.db.embedded import Supervisor, stop_embedded
from souk.db.migrate import MIGRATIONS_DIR, migrate
from souk.db.pool import close_pool, database_url, get_pool, warm_pools
from souk.keys import InsecureKeys, is_loopback, require_strong_keys
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

    # The jobs (embedding is CPU-heavy ONNX) run at a lower CPU priority than the request threads, so a
    # catalog burst's embedding backlog cannot slow reads down. Linux nices threads one by one.
    with contextlib.suppress(AttributeError, OSError):
        os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 10)

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


def check_keys_for_bind(settings: Settings, host: str) -> None:
    """A runner others can reach must not sign cursors or hash payers with development keys."""
    if is_loopback(host) or settings.allow_dev_keys:
        return
    require_strong_keys(settings.explicit_keys, f"souk serve on non-loopback address {host}")


class _Terminated(Exception):
    pass


def _raise_on_sigterm(_signum: int, _frame: FrameType | None) -> None:
    # uvicorn re-raises the signal it caught once it has shut down; without a handler SIGTERM would end the
    # process right there and skip the cleanup below (and the embedded Postgres would outlive the runner).
    raise _Terminated


def serve(*, host: str, port: int, demo: bool, template: Path) -> int:
    settings = get_settings()
    try:
        check_keys_for_bind(settings, host)
    except InsecureKeys as exc:
        print(f"souk serve: {exc}", file=sys.stderr)
        return 2
    supervisor: Supervisor | None = None
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_on_sigterm)
    gateway: LocalGateway | None = None
    stop = threading.Event()
    worker: threading.Thread | None = None
    try:
        prepare(demo)  # starts the embedded server (if any) before anything watches it
        warm_pools(settings)
        if not settings.database_url:
            supervisor = Supervisor(settings.data_dir).start()
        gateway = LocalGateway(template, template.parent)
        worker = threading.Thread(target=_schedule_loop, args=(gateway, stop), daemon=True, name="souk-schedules")
        worker.start()
        for route in gateway.routes:
            logger.info("route %s %s -> %s", route.method, route.path, route.function)
        uvicorn.run(gateway, host=host, port=port, log_level="info", lifespan="off")
    except (_Terminated, KeyboardInterrupt):
        logger.info("stopping on a signal")
    finally:
        _shutdown(settings, supervisor, gateway, stop, worker)
    return 0


def _shutdown(
    settings: Settings,
    supervisor: Supervisor | None,
    gateway: LocalGateway | None,
    stop: threading.Event,
    worker: threading.Thread | None,
) -> None:
    stop.set()
    if worker is not None:
        from souk.embedding.worker import request_stop

        request_stop()  # a running embedding job ends after its current batch
        worker.join(timeout=60)
        if worker.is_alive():
            logger.warning("the scheduled job is still running; exiting anyway")
    if supervisor is not None:
        supervisor.stop()
    if gateway is not None:
        gateway.close()
    close_pool()
    if not settings.database_url:
        stop_embedded(settings.data_dir)
        logger.info("embedded postgres stopped")
