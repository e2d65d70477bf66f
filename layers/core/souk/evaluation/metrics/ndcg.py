"""Normalised Discounted Cumulative Gain at k (nDCG@k).

Järvelin & Kekäläinen (2002), "Cumulated gain-based evaluation of IR techniques", ACM TOIS 20(4),
with the exponential gain ``2**grade - 1`` of Burges et al. (2005)::

    DCG@k  = sum_{i=1..k} (2**g_i - 1) / log2(i + 1)
    nDCG@k = DCG@k / IDCG@k

where ``g_i`` is the grade of the result at rank ``i`` (0 if unjudged or a repeat) and IDCG@k is
the DCG@k of all judged grades sorted best first. This is ranx's ``ndcg_burges``.
"""

from __future__ import annotations

import math

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


def dcg(ranking: Ranking, judgments: Judgments, k: int) -> float:
    """DCG@k with exponential gain and ``log2(rank + 1)`` discount (Järvelin & Kekäläinen, 2002)."""
    return sum(exp_gain(judgments.get(doc_id, 0)) / math.log2(rank + 1) for rank, doc_id in credited(ranking, k))


def ideal_dcg(judgments: Judgments, k: int) -> float:
    """DCG@k of the ideal ordering: every judged grade, best first."""
    return sum(gain / math.log2(rank + 1) for rank, gain in enumerate(ideal_gains(judgments, k), start=1))


def ndcg(ranking: Ranking, judgments: Judgments, k: int) -> float:
    """nDCG@k in [0, 1]; 0.0 for a query with no relevant judgments (IDCG = 0)."""
    best = ideal_dcg(judgments, k)
    if best == 0.0:
        return 0.0
    return dcg(ranking, judgments, k) / best


def mean_ndcg(runs: Runs, qrels: Qrels, k: int) -> float:
    """nDCG@k macro-averaged over the queries in ``qrels``."""
    return mean_over_queries(ndcg, runs, qrels, k)
