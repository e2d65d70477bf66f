"""Recall at k.

Relevant results among the first ``k`` divided by all judged-relevant results (Manning, Raghavan
& Schütze 2008, "Introduction to Information Retrieval", §8.4). A query with more relevant
listings than ``k`` cannot reach 1.0. Relevant means grade >= ``threshold`` (default 1).
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


def recall(ranking: Ranking, judgments: Judgments, k: int, threshold: int = 1) -> float:
    """Recall@k in [0, 1]; 0.0 for a query with no relevant judgments."""
    relevant = relevant_ids(judgments, threshold)
    if not relevant:
        return 0.0
    hits = sum(1 for _, doc_id in credited(ranking, k) if doc_id in relevant)
    return hits / len(relevant)


def mean_recall(runs: Runs, qrels: Qrels, k: int, threshold: int = 1) -> float:
    """Recall@k macro-averaged over the queries in ``qrels``."""
    return mean_over_queries(partial(recall, threshold=threshold), runs, qrels, k)
