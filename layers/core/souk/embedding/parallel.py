"""A local reindex that uses every core: several worker processes drain one generation's queue together.

ONNX inference holds a core per process (``embedding_threads`` each), and the claim/complete protocol of
souk.embedding.worker is already safe for concurrent workers: ``FOR UPDATE SKIP LOCKED`` hands each claim
to one worker, every claim carries its own fencing token, and a worker whose lease was taken over writes
nothing. So a parallel reindex is N ordinary ``run_once`` drains, each in its own process with its own
connection, provider and worker id; nothing about leases or fencing changes. The HNSW index (when the
generation crosses ``hnsw_threshold``) is built once, by the parent, after every worker has finished.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import queue
from collections.abc import Callable
from typing import Any

from souk.config import Settings

_SUMMED = ("batches", "claimed", "embedded", "texts", "reused", "unchanged", "stale", "failed", "dead", "released")


def default_workers() -> int:
    return max(1, os.cpu_count() or 1)


def _drain_in_process(
    url: str, settings: Settings, generation_id: int, index: int, messages: multiprocessing.Queue
) -> None:  # pragma: no cover - runs in a child process (covered by tests/embedding/test_parallel.py)
    import time

    import psycopg
    from psycopg.rows import dict_row

    from souk.embedding.generations import configured_provider
    from souk.embedding.worker import default_worker_id, run_once

    started = time.process_time()
    try:
        provider = configured_provider(settings)
        with psycopg.connect(url, autocommit=True, row_factory=dict_row) as conn:
            result = run_once(
                conn,
                provider,
                settings,
                f"{default_worker_id()}:{index}",
                generation_ids=[generation_id],
                time_budget_s=math.inf,
                on_batch=lambda n: messages.put(("batch", n)),
                build_index=False,
            )
        # CPU seconds of this worker (model load included): on a shared machine, the wall clock is not.
        messages.put(("done", result | {"cpu_s": time.process_time() - started}))
    except BaseException as exc:
        messages.put(("error", f"{type(exc).__name__}: {exc}"))
        raise


def reindex_parallel(
    url: str,
    settings: Settings,
    generation_id: int,
    workers: int,
    *,
    on_batch: Callable[[int], object] | None = None,
    build_index: bool = True,
) -> dict[str, Any]:
    """Drain ``generation_id`` with ``workers`` processes; returns the summed counts of their runs.

    ``stopped`` is None only if every worker drained to the end; otherwise it lists why each one stopped.
    """
    from souk.embedding.generations import get_generation, maybe_create_hnsw

    ctx = multiprocessing.get_context("spawn")  # a fresh interpreter per worker: no forked pool or ONNX state
    messages: multiprocessing.Queue = ctx.Queue()
    procs = [
        ctx.Process(
            target=_drain_in_process,
            args=(url, settings, generation_id, i, messages),
            name=f"souk-embed-{i}",
            daemon=True,
        )
        for i in range(workers)
    ]
    for p in procs:
        p.start()
    results: list[dict[str, Any]] = []
    errors: list[str] = []
    while len(results) + len(errors) < workers:
        try:
            kind, payload = messages.get(timeout=1.0)
        except queue.Empty:
            if not any(p.is_alive() for p in procs) and messages.empty():
                errors.append("a worker process exited without reporting")
                break
            continue
        if kind == "batch" and on_batch is not None:
            on_batch(payload)
        elif kind == "done":
            results.append(payload)
        elif kind == "error":
            errors.append(payload)
    for p in procs:
        p.join(timeout=30)
    total: dict[str, Any] = {key: sum(r.get(key, 0) for r in results) for key in _SUMMED}
    total["generations"] = [generation_id]
    total["workers"] = workers
    total["claimed_per_worker"] = sorted(r.get("claimed", 0) for r in results)
    total["cpu_s_per_worker"] = sorted(round(r.get("cpu_s", 0.0), 1) for r in results)
    stops = [r["stopped"] for r in results if r.get("stopped")] + errors
    total["stopped"] = "; ".join(stops) if stops else None
    total["hnsw_created"] = []
    if build_index and total["embedded"]:
        import psycopg
        from psycopg.rows import dict_row

        with psycopg.connect(url, autocommit=True, row_factory=dict_row) as conn:
            if maybe_create_hnsw(conn, get_generation(conn, generation_id), settings.hnsw_threshold):
                total["hnsw_created"].append(generation_id)
    return total
