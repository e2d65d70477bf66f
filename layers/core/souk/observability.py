"""What operators watch: CloudWatch metrics (EMF, through Powertools) and the structured log lines beside them.

Every metric name, unit and dimension lives here; the routers and jobs call one ``record_*`` function each.
Each call writes one EMF document of its own (``EphemeralMetrics``), so per-request dimensions
(``searchMethod``, an error code) never leak into another request's metrics, and concurrent requests in
the local runner share no state. Outside Lambda nothing is written, metrics or log lines, unless
``POWERTOOLS_METRICS_DISABLED`` is set to false (a local ``souk serve`` stays quiet; tests turn it on).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from aws_lambda_powertools import Logger
from aws_lambda_powertools.metrics import EphemeralMetrics, MetricUnit

NAMESPACE = "Souk"
SERVICE = "souk"

# Search (GET /discovery/search), by searchMethod (hybrid, lexical, ...).
SEARCH_LATENCY = "SearchLatency"  # Milliseconds, the whole request inside the function
SEARCH_RESULTS = "SearchResults"  # Count, results on the page
SEARCH_EMPTY = "SearchEmpty"  # Count, 1 when the page is empty (abstention or no match)
# A search that fell back from hybrid, by degradedReason (its code: generation_mismatch, no_vectors, ...).
SEARCH_DEGRADED = "SearchDegraded"
# POST /catalog/v1/events, by outcome (success, processing, rejected) and error (its code, "none" if accepted).
CATALOG_EVENTS = "CatalogEvents"
# The embedding job, after each run: the queue as the next run will find it, and what this run did.
EMBEDDING_QUEUE_DEPTH = "EmbeddingQueueDepth"  # jobs queued or leased for the live generation
EMBEDDING_DEAD_JOBS = "EmbeddingDeadJobs"  # dead-lettered jobs (need an operator)
EMBEDDING_LEASE_EXPIRED = "EmbeddingLeaseExpired"  # leases past their expiry (a worker died or overran)
EMBEDDING_EMBEDDED = "EmbeddingEmbedded"  # listings whose vectors this run wrote
EMBEDDING_FAILED = "EmbeddingFailed"  # claims this run failed (retried later or dead-lettered)
# The scheduled evaluation: "<split>_<metric>" for each of these (scores in [0, 1], so unit None) and online.
EVALUATION_METRICS = ("ndcg@10", "udcg@10", "mrr@10", "recall@20", "no_match")
ONLINE_MRR = "online_mrr"  # None: a mean reciprocal rank
ONLINE_CONVERSIONS = "online_conversions"  # Count

logger = Logger(service=SERVICE)


def enabled() -> bool:
    setting = os.environ.get("POWERTOOLS_METRICS_DISABLED")
    if setting is None:
        return bool(os.environ.get("AWS_LAMBDA_FUNCTION_NAME"))
    return setting.strip().lower() in ("0", "false", "no", "off")


def _emit(metrics: Mapping[str, tuple[MetricUnit, float]], dimensions: Mapping[str, str] | None = None) -> None:
    if not enabled() or not metrics:
        return
    document = EphemeralMetrics(namespace=NAMESPACE, service=SERVICE)
    for name, value in (dimensions or {}).items():
        document.add_dimension(name=name, value=value)
    for name, (unit, number) in metrics.items():
        document.add_metric(name=name, unit=unit, value=number)
    document.flush_metrics()


def reason_code(reason: str | None) -> str | None:
    """``"no_vectors: generation 3 holds no vectors yet"`` -> ``"no_vectors"`` (bounded cardinality)."""
    if not reason:
        return None
    return reason.split(":", 1)[0].strip() or None


def record_search(body: Mapping[str, Any], session_id: str, elapsed_ms: float) -> None:
    """One search response: latency, result count and degradation by searchMethod; a log line with the session."""
    method = str(body.get("searchMethod") or "unknown")
    results = len(body.get("resources") or [])
    degraded = reason_code(body.get("degradedReason"))
    if not enabled():
        return
    logger.info(
        "search",
        extra={
            "search_session_id": session_id,
            "search_method": method,
            "results": results,
            "latency_ms": round(elapsed_ms, 2),
            "degraded_reason": degraded,
            "partial_results": bool(body.get("partialResults")),
        },
    )
    _emit(
        {
            SEARCH_LATENCY: (MetricUnit.Milliseconds, elapsed_ms),
            SEARCH_RESULTS: (MetricUnit.Count, results),
            SEARCH_EMPTY: (MetricUnit.Count, 0 if results else 1),
        },
        {"searchMethod": method},
    )
    if degraded:
        _emit({SEARCH_DEGRADED: (MetricUnit.Count, 1)}, {"degradedReason": degraded})


def observe_conversion(session_id: str | None, outcome: str) -> None:
    """A conversion report, logged with the session it belongs to (its counts are in the database)."""
    if enabled():
        logger.info("conversion", extra={"search_session_id": session_id, "conversion_outcome": outcome})


def record_catalog_outcome(status: str, error: str | None, http_status: int) -> None:
    """One catalog event's outcome, by outcome status and error code."""
    code = error or ("rejected" if status == "rejected" else "none")
    _emit({CATALOG_EVENTS: (MetricUnit.Count, 1)}, {"outcome": status, "error": code})
    if status == "rejected" and enabled():
        logger.info("catalog event rejected", extra={"error": code, "http_status": http_status})


def record_embedding_run(run: Mapping[str, Any], queue: Mapping[str, int]) -> None:
    """After an embedding run: the live generation's queue (``queue_stats`` row) and the run's own counts."""
    _emit(
        {
            EMBEDDING_QUEUE_DEPTH: (MetricUnit.Count, int(queue.get("queued", 0)) + int(queue.get("leased", 0))),
            EMBEDDING_DEAD_JOBS: (MetricUnit.Count, int(queue.get("dead", 0))),
            EMBEDDING_LEASE_EXPIRED: (MetricUnit.Count, int(queue.get("expired", 0))),
            EMBEDDING_EMBEDDED: (MetricUnit.Count, int(run.get("embedded", 0))),
            EMBEDDING_FAILED: (MetricUnit.Count, int(run.get("failed", 0)) + int(run.get("dead", 0))),
        }
    )


def record_evaluation(report: Mapping[str, Any]) -> None:
    """The scheduled evaluation's shipped arm, per split: scores (unit None, never Count) and the online signal."""
    shipped = report["shippedArm"]
    values: dict[str, tuple[MetricUnit, float]] = {}
    for split in ("dev", "test"):
        for name in EVALUATION_METRICS:
            entry = report["results"][split][shipped].get(name, {})
            if entry.get("n"):
                values[f"{split}_{name}"] = (MetricUnit.NoUnit, float(entry["mean"]))
    online = report.get("online") or {}
    values[ONLINE_CONVERSIONS] = (MetricUnit.Count, int(online.get("conversions", 0)))
    if online.get("conversions"):
        values[ONLINE_MRR] = (MetricUnit.NoUnit, float(online["mrr"]))
    _emit(values)
