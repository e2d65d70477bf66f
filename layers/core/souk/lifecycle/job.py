"""One probe pass: pick the listings that are due, probe them host by host, record results and status.

Bounded by construction: at most ``SOUK_PROBE_BATCH_SIZE`` listings and ``SOUK_PROBE_MAX_PER_HOST`` per
host, no probe starts after ``SOUK_PROBE_RUN_SECONDS``, and every probe has its own deadline. Hosts are
probed ``SOUK_PROBE_CONCURRENCY`` at a time; one host's listings are probed one after another,
``SOUK_PROBE_HOST_INTERVAL_S`` apart, with the host resolved and vetted once for the whole pass.
The per-host cap is applied in the selection, before the batch limit, so one host with many listings
cannot fill the batch and starve the others. Each result is recorded as soon as its probe finishes, so
a pass cut short (a crash, the Lambda timeout) keeps what it learned and the next pass moves on.
Listings not reached stay due and come first next time (oldest probe first). Delisted listings are
not probed; gone ones are, every ``SOUK_PROBE_GONE_INTERVAL_HOURS``, unless their probe would change state at the
far end (an MCP listing, an HTTP one with an unsafe method). One pass runs at a time.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import urlsplit

import psycopg

from souk.config import Settings, get_settings
from souk.db.types import Connection, one
from souk.lifecycle import store
from souk.lifecycle.probe import ProbeResult, Target, probe
from souk.lifecycle.safety import Pin, ProbeRefused, vet
from souk.listing.addresses import allowed_hosts
from souk.listing.pay_to import pay_to_key

logger = logging.getLogger(__name__)

ConnectionFactory = Callable[[], AbstractContextManager[Connection]]


# The URL's host as urlsplit reads it, near enough for grouping (job-side grouping stays exact).
_HOST_SQL = r"lower(substring(l.resource_url from '^[^:/?#]+://(?:[^/?#@]*@)?(\[[^]]*\]|[^/?#:]*)'))"


# Methods that change state at the far end. The probe sends a listing's declared method, and a seller can list any
# URL: a gone listing (it stopped answering 402, or never did) with one of these is not probed again, so Souk does
# not go on sending DELETEs to a third party's API every day. Nor is a gone MCP listing: its probe always POSTs a
# JSON-RPC initialize. A new verified payment brings either back.
UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")
# One pass at a time (a schedule's pass, an operator's `souk probe run`, a duplicated schedule delivery): two passes
# probed every due listing twice, two requests to a host moments apart and two failures counted for one moment.
_PASS_LOCK = 0x50524F4245  # pg_try_advisory_lock key: "PROBE"
# Set when the process shuts down (souk serve): a running pass starts no more probes; those in flight finish and
# are recorded. It waited for a whole pass before (up to a minute, new probes sent after shutdown began).
_stop_requested = threading.Event()


def request_stop() -> None:
    _stop_requested.set()


def due_targets(conn: Connection, settings: Settings, now: datetime, limit: int) -> list[Target]:
    """The due listings, oldest probe first, at most ``probe_max_per_host`` of each host, at most ``limit``;
    never a gone MCP listing or a gone HTTP listing whose method is in ``UNSAFE_METHODS``."""
    rows = conn.execute(
        f"""WITH due AS (
              SELECT l.id, h.last_probe_at,
                     row_number() OVER (PARTITION BY {_HOST_SQL}
                                        ORDER BY h.last_probe_at ASC NULLS FIRST, l.id) AS host_rank
              FROM listings l LEFT JOIN listing_health h ON h.listing_id = l.id
              WHERE h.listing_id IS NULL
                 OR (NOT h.delisted AND (h.next_probe_at IS NULL OR h.next_probe_at <= %(now)s)
                     AND NOT (h.status = 'gone'
                              AND (l.type = 'mcp' OR upper(coalesce(l.method, 'GET')) = ANY(%(unsafe)s)))))
           SELECT l.id, l.listing_key, l.type, l.resource_url, l.method, l.tool_name, l.accepts, l.discovery_info,
                  (SELECT array_agg(b.pay_to) FROM listing_bindings b WHERE b.listing_id = l.id) AS bound
           FROM due d JOIN listings l ON l.id = d.id
           WHERE d.host_rank <= %(per_host)s
           ORDER BY d.last_probe_at ASC NULLS FIRST, l.id
           LIMIT %(limit)s""",
        {"now": now, "limit": limit, "per_host": settings.probe_max_per_host, "unsafe": list(UNSAFE_METHODS)},
    ).fetchall()
    return [
        Target(
            listing_id=r["id"],
            listing_key=r["listing_key"],
            type=r["type"],
            url=r["resource_url"],
            method=r["method"],
            tool_name=r["tool_name"],
            accepts=tuple(r["accepts"] or ()),
            bound_pay_to=frozenset(pay_to_key(p) for p in r["bound"] or ()),
            example=(r["discovery_info"] or {}).get("input") if isinstance(r["discovery_info"], dict) else None,
        )
        for r in rows
    ]


def _by_host(targets: list[Target], per_host: int) -> dict[str, list[Target]]:
    groups: dict[str, list[Target]] = {}
    for t in targets:
        group = groups.setdefault(t.host, [])
        if len(group) < per_host:
            group.append(t)
    return groups


def _port(url: str) -> int:
    parts = urlsplit(url)
    return parts.port or (443 if parts.scheme == "https" else 80)


async def probe_all(
    targets: list[Target],
    settings: Settings,
    now: datetime | None = None,
    on_result: Callable[[ProbeResult], None] | None = None,
) -> list[ProbeResult]:
    """Probe ``targets`` under the per-host, concurrency and time bounds; returns the results obtained.
    ``on_result`` is called with each result as soon as it exists (the pass records it there)."""
    deadline = time.monotonic() + settings.probe_run_seconds
    slots = asyncio.Semaphore(settings.probe_concurrency)
    allowed = allowed_hosts(settings.probe_allowed_hosts)
    results: list[ProbeResult] = []

    def done(result: ProbeResult) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)

    async def one_host(host: str, items: list[Target]) -> None:
        async with slots:
            if time.monotonic() >= deadline or _stop_requested.is_set():
                return
            try:
                pin: Pin = await vet(host, _port(items[0].url), allowed, settings.probe_deadline_s)
            except ProbeRefused as refused:  # nothing is contacted: every listing of the host gets the refusal
                at = now or datetime.now(UTC)
                for t in items:
                    done(ProbeResult(t.listing_id, at, refused.code, detail=refused.reason))
                return
            for i, target in enumerate(items):
                if time.monotonic() >= deadline or _stop_requested.is_set():
                    return
                if i:
                    await asyncio.sleep(settings.probe_host_interval_s)
                done(await probe(target, pin, settings, now=now))

    await asyncio.gather(
        *(one_host(host, items) for host, items in _by_host(targets, settings.probe_max_per_host).items())
    )
    return results


def run_pass(
    connection: ConnectionFactory,
    settings: Settings,
    *,
    now: datetime | None = None,
    limit: int | None = None,
) -> dict[str, Any]:
    """Select, probe, record. ``now`` fixes the clock of the whole pass (tests); probes still happen for real.
    ``limit`` (at least 1) lowers the batch size for this pass; None is the batch size."""
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 1):
        raise ValueError(f"a probe pass limit is an integer of at least 1, not {limit!r}")
    started = time.monotonic()
    clock = now or datetime.now(UTC)
    batch = settings.probe_batch_size if limit is None else min(limit, settings.probe_batch_size)
    outcomes: dict[str, int] = {}
    statuses: dict[str, int] = {}
    with connection() as conn, _one_pass(conn) as alone:
        if not alone:
            logger.info("probe pass: another pass is running; nothing to do")
            return _summary([], [], outcomes, statuses, 0, started) | {"running": "another pass"}
        targets = due_targets(conn, settings, clock, batch)
        conn.commit()

        def record(result: ProbeResult) -> None:
            # A short write on the event loop's thread: the connection is not shared across threads, and
            # the probes' deadlines tolerate a few milliseconds. One result that cannot be stored must not end the
            # pass (it would stay first in line and end every later pass too): it is logged and recorded as an
            # error with no findings, so the listing moves back in line.
            try:
                health = store.record_probe(conn, result, settings)
                conn.commit()
            except (psycopg.DataError, UnicodeEncodeError):  # jsonb's NUL, a lone surrogate in a text column
                conn.rollback()
                logger.exception("probe result of listing %s could not be stored", result.listing_id)
                result = replace(result, outcome="protocol_error", detail="the answer could not be stored", findings=[])
                health = store.record_probe(conn, result, settings)
                conn.commit()
            outcomes[result.outcome] = outcomes.get(result.outcome, 0) + 1
            if health is not None:
                statuses[health.status] = statuses.get(health.status, 0) + 1

        results = asyncio.run(probe_all(targets, settings, now=now, on_result=record))
        pruned = store.prune_history(conn, clock - timedelta(days=settings.probe_history_days))
        conn.commit()
    summary = _summary(targets, results, outcomes, statuses, pruned, started)
    logger.info("probe pass: %s", summary)
    return summary


def _summary(
    targets: list[Target],
    results: list[ProbeResult],
    outcomes: dict[str, int],
    statuses: dict[str, int],
    pruned: int,
    started: float,
) -> dict[str, Any]:
    return {
        "due": len(targets),
        "probed": len(results),
        "skipped": len(targets) - len(results),
        "outcomes": dict(sorted(outcomes.items())),
        "statuses": dict(sorted(statuses.items())),
        "prunedResults": pruned,
        "seconds": round(time.monotonic() - started, 3),
    }


@contextmanager
def _one_pass(conn: Connection) -> Iterator[bool]:
    """Holds the pass lock on ``conn`` (a session lock: it outlives the pass's commits, and a connection that dies
    releases it) and yields whether it was free."""
    alone = bool(one(conn.execute("SELECT pg_try_advisory_lock(%s) AS ok", (_PASS_LOCK,)))["ok"])
    conn.commit()
    try:
        yield alone
    finally:
        if alone:
            conn.rollback()  # an aborted transaction would refuse the unlock
            conn.execute("SELECT pg_advisory_unlock(%s)", (_PASS_LOCK,))
            conn.commit()


def scheduled_run(_event: dict[str, Any]) -> dict[str, Any]:
    """The probe job's Lambda entry (functions/probe_job): one bounded pass."""
    from souk.db import get_pool

    return run_pass(get_pool().connection, get_settings())
