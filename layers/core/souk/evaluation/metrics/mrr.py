"""Mean Reciprocal Rank at k (MRR@k).

Voorhees (1999), "The TREC-8 Question Answering Track Report": the reciprocal rank of the first
relevant result, truncated at ``k`` (0 if none appears in the first ``k``), then averaged over
queries. Relevant means grade >= ``threshold``.
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


def reciprocal_rank(ranking: Ranking, judgments: Judgments, k: int, threshold: int = 1) -> float:
    """``1 / rank`` of the first result graded >= ``threshold`` within the first ``k``, else 0.0."""
    relevant = relevant_ids(judgments, threshold)
    for rank, doc_id in credited(ranking, k):
        if doc_id in relevant:
            return 1.0 / rank
    return 0.0


def mean_reciprocal_rank(runs: Runs, qrels: Qrels, k: int, threshold: int = 1) -> float:
    """MRR@k: reciprocal rank macro-averaged over the queries in ``qrels``."""
    return mean_over_queries(partial(reciprocal_rank, threshold=threshold), runs, qrels, k)
