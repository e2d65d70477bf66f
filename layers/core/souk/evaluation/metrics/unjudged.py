"""Unjudged results in the first k.

Returned ids with no judgment score as non-relevant, which biases every metric against a system
that surfaces listings the assessors never saw (Buckley & Voorhees 2004, "Retrieval evaluation
with incomplete information"). They are listed, not scored, so missing judgments can be filled.
"""

from __future__ import annotations

from souk.evaluation.metrics.common import Judgments, Qrels, Ranking, Runs, check_k, credited, require_runs


def unjudged(ranking: Ranking, judgments: Judgments, k: int) -> list[str]:
    """Distinct ids in the first ``k`` that have no judgment, in rank order."""
    return [doc_id for _, doc_id in credited(ranking, k) if doc_id not in judgments]


def unjudged_by_query(runs: Runs, qrels: Qrels, k: int) -> dict[str, list[str]]:
    """Unjudged top-``k`` ids for every query in ``qrels`` (empty lists included)."""
    check_k(k)
    require_runs(runs, qrels)
    return {q: unjudged(runs[q], judgments, k) for q, judgments in qrels.items()}
