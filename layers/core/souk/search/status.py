"""The search status report: what serves, what is degraded and exactly why."""

from __future__ import annotations

import time
from typing import Any

from souk.config import Settings
from souk.db.types import Connection, one
from souk.search import semantic
from souk.search.profile import DEFAULT_PROFILE


def _queue(conn: Connection) -> dict[str, int]:
    row = one(conn.execute(
        """SELECT count(*) FILTER (WHERE state = 'queued') AS queued,
                  count(*) FILTER (WHERE state = 'leased') AS leased,
                  count(*) FILTER (WHERE state = 'queued' AND attempts > 0) AS retrying,
                  count(*) FILTER (WHERE state = 'dead') AS dead_lettered,
                  count(*) FILTER (WHERE state = 'done') AS done
           FROM embedding_jobs"""
    ))
    return {k: int(v) for k, v in row.items()}


def search_status(conn: Connection, settings: Settings) -> dict[str, Any]:
    status: dict[str, Any] = {
        "profile": DEFAULT_PROFILE.describe(),
        "listings": int(one(conn.execute("SELECT count(*) AS n FROM listings"))["n"]),
        "queue": _queue(conn),
        "provider": {"kind": settings.embedding_provider, "healthy": False},
        "activeGeneration": None,
        "coverage": None,
        "searchMethod": "lexical",
        "degradedReason": None,
    }
    try:
        generation = semantic.active_generation(conn)
        status["activeGeneration"] = {"id": generation.id, **generation.identity.to_dict()}
        covered, total = semantic.coverage(conn, generation)
        status["coverage"] = {"listings": covered, "total": total, "ratio": covered / total if total else 1.0}
        provider = semantic.query_provider(settings)
        started = time.perf_counter()
        semantic.QUERY_CACHE.get(provider, "souk status probe")
        status["provider"] = {
            "kind": settings.embedding_provider,
            "healthy": True,
            "identity": provider.identity.to_dict(),
            "probeMs": round((time.perf_counter() - started) * 1000, 2),
        }
        if provider.identity != generation.identity:
            raise semantic.SemanticUnavailable(
                "generation_mismatch", "configured model differs from the active generation"
            )
        if covered == 0 and total > 0:
            raise semantic.SemanticUnavailable("no_vectors", f"generation {generation.id} holds no vectors yet")
        status["searchMethod"] = "hybrid"
        if covered < total:
            status["degradedReason"] = (
                f"partial_coverage: {covered}/{total} listings have vectors of their current text"
            )
    except semantic.SemanticUnavailable as exc:
        status["degradedReason"] = f"{exc.reason}: {exc.detail}"
    return status
