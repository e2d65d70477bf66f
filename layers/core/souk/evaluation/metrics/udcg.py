"""Uniform-weight cumulative gain at K (UDCG@K).

The eval harness's primary gate ("eval-harness: arms and UDCG"): agents consume all K results,
so every position in the first K weighs the same and there is no rank discount. Normalised to
[0, 1] against the ideal ordering::

    UDCG@K = sum_{i=1..K} (2**g_i - 1) / sum_{j=1..K} (2**g*_j - 1)

where ``g_i`` is the grade at rank ``i`` (0 if unjudged or a repeat) and ``g*_j`` are all judged
grades sorted best first. Same exponential gain as nDCG (Burges et al., 2005). Reordering inside
the first K does not change the score; swapping a listing in or out of the window does.
"""

from __future__ import annotations

from souk.evaluation.metrics.common import (
    Judgments,
    Qrels,
    Ranking,
    Runs,
    credited,
    exp_gain,
    ideal_gains,
    mean_over_queries,
)


def udcg(ranking: Ranking, judgments: Judgments, k: int) -> float:
    """UDCG@K in [0, 1]; 0.0 for a query with no relevant judgments."""
    best = sum(ideal_gains(judgments, k))
    if best == 0.0:
        return 0.0
    return sum(exp_gain(judgments.get(doc_id, 0)) for _, doc_id in credited(ranking, k)) / best


def mean_udcg(runs: Runs, qrels: Qrels, k: int) -> float:
    """UDCG@K macro-averaged over the queries in ``qrels``."""
    return mean_over_queries(udcg, runs, qrels, k)
