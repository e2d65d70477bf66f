"""Shared data model for the ranking metrics.

A *ranking* is the ordered list of listing ids a system returned for one query. Ids may repeat;
a repeat keeps its slot but earns nothing (only the first occurrence is credited), so a system
cannot gain by returning the same listing twice and the first ``k`` slots stay the first ``k``
items the consumer actually saw.

*Judgments* map listing id to a graded relevance label (0-3 in Souk's gold set). An id absent
from the judgments is *unjudged*: it scores as grade 0 and is reported separately
(:mod:`souk.evaluation.metrics.unjudged`).

Per-query metric functions take ``(ranking, judgments, k)``; the ``mean_*`` helpers macro-average
them over the queries of a judgment set, each query weighing equally.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

Ranking = Sequence[str]
Judgments = Mapping[str, int]
Runs = Mapping[str, Ranking]
Qrels = Mapping[str, Judgments]
PerQueryMetric = Callable[[Ranking, Judgments, int], float]


def check_k(k: int) -> None:
    """Raise ValueError unless ``k`` is a positive cutoff."""
    if k < 1:
        raise ValueError(f"cutoff k must be >= 1, got {k}")


def credited(ranking: Ranking, k: int) -> list[tuple[int, str]]:
    """``(rank, id)`` pairs, rank 1-based, for first occurrences among the first ``k`` results.

    Later occurrences of an id inside the window are dropped but still use up their slot.
    """
    check_k(k)
    seen: set[str] = set()
    out: list[tuple[int, str]] = []
    for rank, doc_id in enumerate(ranking[:k], start=1):
        if doc_id not in seen:
            seen.add(doc_id)
            out.append((rank, doc_id))
    return out


def exp_gain(grade: int) -> float:
    """Exponential gain ``2**grade - 1`` (Burges et al., 2005, "Learning to rank using gradient descent").

    Grades 0, 1, 2, 3 give gains 0, 1, 3, 7: a highly relevant result is worth more than twice a
    marginal one.
    """
    if grade < 0:
        raise ValueError(f"relevance grades must be >= 0, got {grade}")
    return float(2**grade - 1)


def ideal_gains(judgments: Judgments, k: int) -> list[float]:
    """Gains of the ideal ordering's first ``k`` results: all judged grades, best first."""
    check_k(k)
    return [exp_gain(g) for g in sorted(judgments.values(), reverse=True)[:k]]


def relevant_ids(judgments: Judgments, threshold: int = 1) -> set[str]:
    """Ids judged at or above ``threshold`` (binary relevance for recall, precision and MRR)."""
    if threshold < 1:
        raise ValueError(f"relevance threshold must be >= 1, got {threshold}")
    return {doc_id for doc_id, grade in judgments.items() if grade >= threshold}


def require_runs(runs: Runs, queries: Iterable[str]) -> None:
    """Raise KeyError naming every query in ``queries`` that has no run.

    An absent response must never pass as an empty (e.g. correctly no-match) result list.
    """
    missing = sorted(q for q in queries if q not in runs)
    if missing:
        raise KeyError(f"no run for queries: {missing}")


def mean_over_queries(metric: PerQueryMetric, runs: Runs, qrels: Qrels, k: int) -> float:
    """Macro average of ``metric`` over every query in ``qrels``.

    Queries in ``runs`` but not in ``qrels`` are ignored. A query in ``qrels`` with no run raises
    KeyError: a missing capture must not look like an empty result list. Pass only the queries
    that belong in the average (e.g. exclude no-match queries from positive-query averages).
    Floating-point summation is in ``qrels`` order.
    """
    if not qrels:
        raise ValueError("cannot average a metric over zero queries")
    require_runs(runs, qrels)
    return sum(metric(runs[q], qrels[q], k) for q in qrels) / len(qrels)
