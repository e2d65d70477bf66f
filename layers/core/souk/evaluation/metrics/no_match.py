"""No-match correctness.

For a query judged to have no acceptable listing (``no_match_expected``), the correct answer is an
empty result list (LocalMark capability search benchmark, "No-match correctness"). These queries
are scored only here and belong in no positive-query average.
"""

from __future__ import annotations

from collections.abc import Iterable

from souk.evaluation.metrics.common import Ranking, Runs, require_runs


def no_match_correct(ranking: Ranking) -> float:
    """1.0 if a no-match query returned nothing, else 0.0."""
    return 1.0 if len(ranking) == 0 else 0.0


def mean_no_match_correct(runs: Runs, no_match_queries: Iterable[str]) -> float:
    """Fraction of ``no_match_queries`` answered with an empty list.

    A query without a run raises KeyError: an absent response must not pass as a correct no-match.
    """
    queries = list(no_match_queries)
    if not queries:
        raise ValueError("cannot average no-match correctness over zero queries")
    require_runs(runs, queries)
    return sum(no_match_correct(runs[q]) for q in queries) / len(queries)
