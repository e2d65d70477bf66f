"""Precision at k.

Relevant results among the first ``k`` divided by ``k`` (Manning, Raghavan & Schütze 2008, §8.4),
not by the number returned: a two-result list with two relevant results scores 0.4 at k=5
(LocalMark capability search benchmark). Relevant means grade >= ``threshold`` (default 1).
"""

from __future__ import annotations

from functools import partial

from souk.evaluation.metrics.common import (
    Judgments,
    Qrels,
    Ranking,
    Runs,
    credited,
    mean_over_queries,
    relevant_ids,
)


def precision(ranking: Ranking, judgments: Judgments, k: int, threshold: int = 1) -> float:
    """P@k in [0, 1]: relevant results in the first ``k`` over ``k``."""
    relevant = relevant_ids(judgments, threshold)
    hits = sum(1 for _, doc_id in credited(ranking, k) if doc_id in relevant)
    return hits / k


def mean_precision(runs: Runs, qrels: Qrels, k: int, threshold: int = 1) -> float:
    """P@k macro-averaged over the queries in ``qrels``."""
    return mean_over_queries(partial(precision, threshold=threshold), runs, qrels, k)
