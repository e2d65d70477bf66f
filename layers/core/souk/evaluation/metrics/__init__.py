"""Per-query ranking metrics and their macro averages over a judgment set."""

from souk.evaluation.metrics.common import Judgments, Qrels, Ranking, Runs, exp_gain
from souk.evaluation.metrics.constraints import (
    constraint_violation_rate,
    constraint_violations,
    mean_constraint_violation_rate,
)
from souk.evaluation.metrics.mrr import mean_reciprocal_rank, reciprocal_rank
from souk.evaluation.metrics.ndcg import dcg, ideal_dcg, mean_ndcg, ndcg
from souk.evaluation.metrics.no_match import mean_no_match_correct, no_match_correct
from souk.evaluation.metrics.precision import mean_precision, precision
from souk.evaluation.metrics.recall import mean_recall, recall
from souk.evaluation.metrics.udcg import mean_udcg, udcg
from souk.evaluation.metrics.unjudged import unjudged, unjudged_by_query

__all__ = [
    "Judgments",
    "Qrels",
    "Ranking",
    "Runs",
    "constraint_violation_rate",
    "constraint_violations",
    "dcg",
    "exp_gain",
    "ideal_dcg",
    "mean_constraint_violation_rate",
    "mean_ndcg",
    "mean_no_match_correct",
    "mean_precision",
    "mean_recall",
    "mean_reciprocal_rank",
    "mean_udcg",
    "ndcg",
    "no_match_correct",
    "precision",
    "recall",
    "reciprocal_rank",
    "udcg",
    "unjudged",
    "unjudged_by_query",
]
