"""Run every arm over the golden set and score it: per-query values, means with 95% bootstrap intervals,
paired randomization tests (Holm-corrected across arms) against the baseline and the last report."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from souk.config import Settings
from souk.db.types import Connection
from souk.evaluation import metrics as m
from souk.evaluation.golden import GoldenQuery
from souk.evaluation.stats import bootstrap_ci, holm_adjust, paired_randomization_test
from souk.listing.filters import Filters
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import Profile

DEPTH = 20
RELEVANCE_METRICS: dict[str, Callable[[list[str], dict[str, int]], float]] = {
    "ndcg@10": lambda r, j: m.ndcg(r, j, 10),
    "udcg@10": lambda r, j: m.udcg(r, j, 10),
    "mrr@10": lambda r, j: m.reciprocal_rank(r, j, 10),
    "recall@20": lambda r, j: m.recall(r, j, 20),
    "p@5": lambda r, j: m.precision(r, j, 5),
}
GATE_METRICS = ("ndcg@10", "udcg@10", "mrr@10", "recall@20")

Runs = dict[str, dict[str, list[str]]]  # arm -> query id -> ranked slugs


@dataclass
class ArmRun:
    rankings: dict[str, list[str]]
    partial: bool
    degraded: set[str]


def run_arm(
    conn: Connection,
    settings: Settings,
    profile: Profile,
    queries: Iterable[GoldenQuery],
    slug_of: dict[int, str],
    clock: datetime,
    progress: Callable[[], object] | None = None,
) -> ArmRun:
    rankings: dict[str, list[str]] = {}
    degraded: set[str] = set()
    partial = False
    for q in queries:
        result = rank(conn, RankRequest(q.query, Filters(), profile, clock), settings, profile)
        rankings[q.id] = [slug_of.get(i, f"unmapped:{i}") for i in result.listing_ids[:DEPTH]]
        if result.partial:
            partial = True
            if result.degraded_reason:
                degraded.add(result.degraded_reason.split(":")[0])
        if progress:
            progress()
    return ArmRun(rankings, partial, degraded)


def per_query_scores(ranking: list[str], q: GoldenQuery) -> dict[str, float]:
    """Every metric for one query; no-match queries only get no-match correctness."""
    if q.no_match_expected:
        return {"no_match": m.no_match_correct(ranking)}
    scores = {name: fn(ranking, q.judgments) for name, fn in RELEVANCE_METRICS.items()}
    scores["empty"] = 0.0 if ranking else 1.0  # an answerable query answered with nothing
    if q.constraint_ineligible:
        scores["violations@5"] = float(m.constraint_violations(ranking, q.constraint_ineligible, 5))
    return scores


def summarize(values: list[float], seed: int) -> dict[str, float | int]:
    if not values:
        return {"n": 0}
    mean, low, high = bootstrap_ci(values, n_resamples=5000, seed=seed)
    return {"n": len(values), "mean": mean, "ci95": [low, high]}  # type: ignore[dict-item]


def compare(
    per_query: dict[str, dict[str, dict[str, float]]],
    queries: list[GoldenQuery],
    baseline_arm: str,
) -> dict[str, Any]:
    """Aggregate per arm and metric, with p-values against the baseline arm (Holm across arms)."""
    metric_names = [*RELEVANCE_METRICS, "empty", "no_match", "violations@5"]
    out: dict[str, Any] = {arm: {} for arm in per_query}
    raw_p: dict[str, dict[str, float]] = {name: {} for name in metric_names}
    for arm, scores in per_query.items():
        for i, name in enumerate(metric_names):
            ids = [q.id for q in queries if name in scores.get(q.id, {})]
            values = [scores[qid][name] for qid in ids]
            entry: dict[str, Any] = summarize(values, seed=1000 + i)
            if ids and arm != baseline_arm and baseline_arm in per_query:
                base = [per_query[baseline_arm][qid][name] for qid in ids]
                p = paired_randomization_test(values, base, n_permutations=5000, seed=2000 + i)
                entry["p_vs_baseline"] = p
                raw_p[name][arm] = p
            out[arm][name] = entry
    for name, by_arm in raw_p.items():
        for arm, adjusted in holm_adjust(by_arm).items():
            out[arm][name]["p_vs_baseline_holm"] = adjusted
    return out
