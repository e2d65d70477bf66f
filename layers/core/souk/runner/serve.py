"""``souk serve``: embedded Postgres (unless DATABASE_URL), migrations, optional demo, every route and schedule.

The runner owns its embedded Postgres: a supervisor restarts it if it dies, and stopping the runner
(SIGINT or SIGTERM) stops it too. On a non-loopback address it refuses development keys (souk.keys).

Several worker processes (by default one per core, up to ``MAX_DEFAULT_WORKERS``; ``--workers N``) answer on
one port (uvicorn's multiprocess supervisor, which also restarts a worker that dies). Handlers
hold the GIL for most of a request, so processes, not threads, are what uses a second core. The parent
alone migrates, loads the demo, supervises the embedded Postgres and runs the schedules; the workers
only answer requests, each with its own pools sized to its lanes, connected to the parent's database.

The runner binds the workers' listening sockets itself (``listening_socket``): uvicorn 0.54's own one
leaves Nagle's algorithm on every accepted connection (Kludex/uvicorn#3149), which cost each keep-alive
response ~40 ms of waiting for the client's delayed ACK: one client got 12-14 searches/s from two workers
and 27-35 from one (eval/bench_http.txt). And each worker listens on a socket of its own
(``WorkerListener``, ``SO_REUSEPORT``), so the kernel spreads new connections over the workers: on one
shared socket, asyncio accepts every pending connection at each wake-up, so the first worker to wake took
a whole burst of keep-alive clients and kept them while the other idled.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import socket
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import Any, TypeVar

import uvicorn
from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors import Multiprocess

from souk.config import Settings, get_settings
from souk.db.embedded import Supervisor, stop_embedded
from souk.db.migrate import MIGRATIONS_DIR, migrate
from souk.db.pool import Role, close_pool, database_url, get_pool, warm_pools
from souk.keys import MIN_KEY_BYTES, InsecureKeys, is_loopback, key_problem, require_strong_keys
from souk.runner.protocols import HEAD_TIMEOUT_SECONDS, HTTP_PROTOCOL
from souk.runner.server import LocalGateway

logger = logging.getLogger(__name__)

DEMO_EVENTS = Path(__file__).resolve().parents[1] / "demo" / "demo_events.jsonl"
MAX_DEFAULT_WORKERS = 4
# Handed from the parent to the worker processes (uvicorn spawns them; they inherit the environment).
WORKER_TEMPLATE_ENV = "SOUK_RUNNER_TEMPLATE"
WORKER_DATABASE_ENV = "SOUK_RUNNER_DATABASE_URL"
WORKER_PARENT_ENV = "SOUK_RUNNER_PARENT_PID"
PARENT_CHECK_S = 1.0


def default_workers(settings: Settings) -> int:
    """``SOUK_RUNNER_WORKERS``: 0 (the default) for one per core, up to ``MAX_DEFAULT_WORKERS``."""
    return workers_for(settings.runner_workers)


def workers_for(requested: int) -> int:
    """A requested number of worker processes; 0 is one per core (up to ``MAX_DEFAULT_WORKERS``)."""
    if requested == 0:
        return max(1, min(os.cpu_count() or 1, MAX_DEFAULT_WORKERS))
    return requested


def gateway_pool_sizes(settings: Settings) -> dict[Role, int]:
    """Each lane thread holds at most one connection: a pool as large as its lane never makes a request wait.
    The write pool also serves MCP's writing tool from the read lane, a bounded number at a time."""
    from souk.mcp.server import WRITE_TOOL_SLOTS

    return {
        "read": max(settings.read_pool_size, settings.runner_read_threads),
        "write": max(settings.write_pool_size, settings.runner_write_threads + WRITE_TOOL_SLOTS),
    }


# An idle keep-alive connection is kept as long as the next request's head may take (README): uvicorn's default of
# 5 s equals httpx's own keep-alive expiry, and a client reusing a connection the server was closing saw a transport
# error under load (4 in 2 minutes at 64 clients; red team, 2026-12-07).
KEEP_ALIVE_SECONDS = int(HEAD_TIMEOUT_SECONDS)


def _server_options() -> dict[str, Any]:
    """What one worker and many share: the runner's HTTP protocol, no lifespan, the keep-alive, the proxy trust."""
    return {
        "log_level": "info",
        "lifespan": "off",
        "http": HTTP_PROTOCOL,
        "timeout_keep_alive": KEEP_ALIVE_SECONDS,
        **_proxy_options(),
    }


def _proxy_options() -> dict[str, Any]:
    """Who the client is: the connection's peer. uvicorn otherwise believes an ``X-Forwarded-For`` sent from a
    loopback address, so any local client could name itself anyone and get a fresh conversion rate-limit bucket
    per name. Behind a proxy, set ``FORWARDED_ALLOW_IPS`` (uvicorn's own variable) to the proxy's addresses."""
    trusted = os.environ.get("FORWARDED_ALLOW_IPS", "").strip()
    return {"proxy_headers": bool(trusted), "forwarded_allow_ips": trusted or None}


def worker_app() -> LocalGateway:
    """The ASGI app of one worker process (``uvicorn --factory``): the gateway over the parent's database."""
    url = os.environ.get(WORKER_DATABASE_ENV)
    if url:
        # The parent started (and supervises) the embedded server; a worker only connects to it.
        os.environ["DATABASE_URL"] = url
        get_settings.cache_clear()
    settings = get_settings()
    if parent := os.environ.get(WORKER_PARENT_ENV):
        follow_parent(int(parent))
    warm_pools(settings, sizes=gateway_pool_sizes(settings))
    return LocalGateway(Path(os.environ[WORKER_TEMPLATE_ENV]), Path(os.environ[WORKER_TEMPLATE_ENV]).parent)


def follow_parent(parent: int, interval: float = PARENT_CHECK_S) -> threading.Thread:
    """Stop this worker once the runner that spawned it is gone. ``kill -9`` of the runner skips its shutdown: its
    workers kept the port and answered (503 once the embedded Postgres they used was stopped), and the next
    ``souk serve`` on that port could not listen. A SIGTERM lets uvicorn finish the requests in flight."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        logger.warning("the runner (pid %d) is gone; this worker stops", parent)
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(30)
        os._exit(1)  # still here: uvicorn did not stop

    thread = threading.Thread(target=watch, daemon=True, name="souk-parent-watch")
    thread.start()
    return thread


_Socket = TypeVar("_Socket", bound=socket.socket)


class WorkerListener(socket.socket):
    """A bound TCP socket that every process it is handed to binds anew for itself, on the same address.

    uvicorn pickles the listening sockets into each worker process it spawns; this one unpickles as a fresh
    socket in the same ``SO_REUSEPORT`` group (``worker_socket``), so each worker listens and accepts on its
    own and the kernel spreads new connections over the listening workers. A worker that is still starting,
    or has died, is simply not in the group (connections queued on a worker's socket when it dies are reset:
    the kernel does not hand them to another listener unless ``net.ipv4.tcp_migrate_req`` is set).

    The parent's copy (``listening_socket``) stays bound and never listens. It is bound without
    ``SO_REUSEADDR``, so while the runner lives nobody else can bind the port, not even while no worker
    listens (at start-up, or with every worker down): only this runner's ``SO_REUSEPORT`` workers can.
    """

    def __reduce_ex__(self, protocol: object) -> tuple[object, tuple[str, int]]:
        host, port = self.getsockname()[:2]
        return worker_socket, (host, port)


def _bound(kind: type[_Socket], host: str, port: int, *, reuse_addr: bool, reuse_port: bool) -> _Socket:
    """A TCP socket of ``kind`` bound to ``host:port``.

    Created with ``IPPROTO_TCP`` rather than protocol 0: accepted connections inherit the listener's
    protocol number, and asyncio turns on ``TCP_NODELAY`` only for connections that report TCP. uvicorn's
    ``Config.bind_socket`` passes 0, so through it every response waited on the peer's delayed ACK.
    """
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = kind(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        if reuse_addr:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    return sock


def worker_socket(host: str, port: int) -> WorkerListener:
    """A worker's socket: bound to ``host:port`` in the runner's ``SO_REUSEPORT`` group. With ``SO_REUSEADDR``
    too, so the connections it leaves in TIME_WAIT do not keep the next runner off the port."""
    return _bound(WorkerListener, host, port, reuse_addr=True, reuse_port=True)


def listening_socket(host: str, port: int) -> socket.socket:
    """The runner's socket for its workers (``WorkerListener``), on an address nobody else uses.

    First bound once without ``SO_REUSEPORT``, which fails while another server listens there or another
    runner holds the port; then the parent's own copy (see ``WorkerListener``). Where the platform has no
    ``SO_REUSEPORT`` (Windows), the workers share the first socket instead.
    """
    probe = _bound(socket.socket, host, port, reuse_addr=True, reuse_port=False)
    if not hasattr(socket, "SO_REUSEPORT"):
        probe.set_inheritable(True)  # the spawned workers receive it
        return probe
    port = probe.getsockname()[1]
    probe.close()
    return _bound(WorkerListener, host, port, reuse_addr=False, reuse_port=True)


def prepare(demo: bool) -> None:
    """Migrate, make sure an embedding generation exists, and optionally load the demo catalog."""
    settings = get_settings()
    applied = migrate(database_url(settings), settings.migrations_dir or MIGRATIONS_DIR)
    if applied:
        logger.info("applied migrations: %s", ", ".join(applied))
    with get_pool().connection() as conn:
        from souk.catalog.derived import fill_missing

        if filled := fill_missing(conn):
            logger.info("stored the derived columns (operator, stuffing, signature) of %d older listings", filled)
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
    """A runner others can reach must not sign cursors or hash payers with development keys, nor take catalog
    events behind a guessable bearer token (unset, the catalog refuses every event: that stays allowed)."""
    if is_loopback(host) or settings.allow_dev_keys:
        return
    require_strong_keys(settings.explicit_keys, f"souk serve on non-loopback address {host}")
    secret = settings.catalog_secret.get_secret_value() if settings.catalog_secret else ""
    if secret and (problem := key_problem(secret)) is not None:
        raise InsecureKeys(
            f"refusing to start souk serve on non-loopback address {host}: SOUK_CATALOG_SECRET {problem}; set it to "
            f"a random value of at least {MIN_KEY_BYTES} bytes, or unset it to refuse catalog events"
        )


class _Terminated(Exception):
    pass


def _raise_on_sigterm(_signum: int, _frame: FrameType | None) -> None:
    # uvicorn re-raises the signal it caught once it has shut down; without a handler SIGTERM would end the
    # process right there and skip the cleanup below (and the embedded Postgres would outlive the runner).
    raise _Terminated


def serve(*, host: str, port: int, demo: bool, template: Path, workers: int | None = None) -> int:
    settings = get_settings()
    workers = default_workers(settings) if workers is None else workers_for(workers)
    try:
        check_keys_for_bind(settings, host)
    except InsecureKeys as exc:
        print(f"souk serve: {exc}", file=sys.stderr)
        return 2
    try:
        # The port first: a busy one used to be found only after the demo was loaded and the embedding job ran.
        sock = listening_socket(host, port) if workers > 1 else None
        if sock is None:
            _bound(socket.socket, host, port, reuse_addr=True, reuse_port=False).close()
    except OSError as exc:
        print(f"souk serve: cannot listen on {host}:{port}: {exc}", file=sys.stderr)
        return 2
    supervisor: Supervisor | None = None
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _raise_on_sigterm)
    gateway: LocalGateway | None = None
    stop = threading.Event()
    worker: threading.Thread | None = None
    try:
        prepare(demo)  # starts the embedded server (if any) before anything watches it
        if not settings.database_url:
            supervisor = Supervisor(settings.data_dir).start()
        if workers == 1:
            warm_pools(settings, sizes=gateway_pool_sizes(settings))
        gateway = LocalGateway(template, template.parent)
        worker = threading.Thread(target=_schedule_loop, args=(gateway, stop), daemon=True, name="souk-schedules")
        worker.start()
        for route in gateway.routes:
            logger.info("route %s %s -> %s", route.method, route.path, route.function)
        if sock is None:
            uvicorn.run(gateway, host=host, port=port, **_server_options())
        else:
            os.environ[WORKER_TEMPLATE_ENV] = str(template.resolve())
            os.environ[WORKER_DATABASE_ENV] = database_url(settings)
            os.environ[WORKER_PARENT_ENV] = str(os.getpid())
            # The workers connect by DATABASE_URL: the runner's own key file, by an absolute path, not a guess again.
            os.environ.setdefault("SOUK_KEYS_FILE", str(settings.keys_path.resolve()))
            port = sock.getsockname()[1]  # --port 0: the one the system chose
            logger.info("serving with %d worker processes on http://%s:%d", workers, host, port)
            # The parent's gateway only runs the schedules; requests go to the workers. This is what
            # uvicorn.run does for workers > 1, with listening sockets that keep TCP_NODELAY and one per worker.
            config = uvicorn.Config(
                "souk.runner.serve:worker_app",
                factory=True,
                workers=workers,
                host=host,
                port=port,
                **_server_options(),
            )
            supervised = Multiprocess(config, sockets=[sock])
            supervised.run()
            if any(p.exitcode == STARTUP_FAILURE for p in supervised.processes):
                # uvicorn stops every worker when one cannot start (its app does not import, say); so does
                # the runner, with the exit status uvicorn.run gives a single worker that failed to start.
                logger.error("a worker process failed to start; stopping")
                return STARTUP_FAILURE
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
        from souk.lifecycle.job import request_stop as stop_probing

        request_stop()  # a running embedding job ends after its current batch
        stop_probing()  # a running probe pass starts no more probes
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
