"""Constraint violations in the first k results.

Listings annotated as failing a query's required constraint (authentication, signature, transport,
observation...) that still appear in the first ``k`` results (LocalMark capability search
benchmark, "Constraint violations"). A repeated id counts once.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from souk.evaluation.metrics.common import Ranking, Runs, credited, require_runs


def constraint_violations(ranking: Ranking, constraint_ineligible: Collection[str], k: int) -> int:
    """Number of distinct ids in the first ``k`` that are in ``constraint_ineligible``."""
    return sum(1 for _, doc_id in credited(ranking, k) if doc_id in constraint_ineligible)


def constraint_violation_rate(ranking: Ranking, constraint_ineligible: Collection[str], k: int) -> float:
    """Violations per result slot: ``constraint_violations / k``, in [0, 1]."""
    return constraint_violations(ranking, constraint_ineligible, k) / k


def mean_constraint_violation_rate(runs: Runs, constraint_ineligible: Mapping[str, Collection[str]], k: int) -> float:
    """Violation rate macro-averaged over the queries in ``constraint_ineligible``."""
    if not constraint_ineligible:
        raise ValueError("cannot average constraint violations over zero queries")
    require_runs(runs, constraint_ineligible)
    return sum(
        constraint_violation_rate(runs[q], ineligible, k) for q, ineligible in constraint_ineligible.items()
    ) / len(constraint_ineligible)
