"""Weighted reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009).

``score(d) = sum_arm weight_arm / (rrf_k + rank_arm(d))`` with 1-based ranks; only ranks enter,
never raw scores, because BM25 and cosine are not on one scale.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def weighted_rrf(rankings: Mapping[str, Sequence[int]], weights: Mapping[str, float], rrf_k: float) -> dict[int, float]:
    """Fuse per-arm rankings (best first) into one score per id; an arm absent from ``weights`` counts 0."""
    if rrf_k < 0:
        raise ValueError("rrf_k must be >= 0")
    fused: dict[int, float] = {}
    for arm, ranking in rankings.items():
        weight = weights.get(arm, 0.0)
        if weight == 0:
            continue
        for rank, item in enumerate(ranking, start=1):
            fused[item] = fused.get(item, 0.0) + weight / (rrf_k + rank)
    return fused
