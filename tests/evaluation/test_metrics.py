"""Ranking metrics: hand-computed cases for every metric, and a seeded cross-check against ranx."""

from __future__ import annotations

import math
import random

import pytest

from souk.evaluation.metrics import (
    constraint_violation_rate,
    constraint_violations,
    dcg,
    exp_gain,
    ideal_dcg,
    mean_constraint_violation_rate,
    mean_ndcg,
    mean_no_match_correct,
    mean_precision,
    mean_recall,
    mean_reciprocal_rank,
    mean_udcg,
    ndcg,
    no_match_correct,
    precision,
    recall,
    reciprocal_rank,
    udcg,
    unjudged,
    unjudged_by_query,
)

# Grades 3, 2, 1, 0 -> exponential gains 7, 3, 1, 0. "x" and "y" are unjudged.
J = {"a": 3, "b": 2, "c": 1, "d": 0}
RUN = ["d", "b", "x", "a"]  # gains 0, 3, 0, 7
LOG3 = math.log2(3)  # discount at rank 2
LOG5 = math.log2(5)  # discount at rank 4


# --- gain --------------------------------------------------------------------------------------


def test_exp_gain_values():
    assert [exp_gain(g) for g in (0, 1, 2, 3)] == [0.0, 1.0, 3.0, 7.0]
    with pytest.raises(ValueError):
        exp_gain(-1)


# --- nDCG --------------------------------------------------------------------------------------


def test_ndcg_hand_computed():
    # DCG@3 = 0/1 + 3/log2(3) + 0/2 ; IDCG@3 = 7/1 + 3/log2(3) + 1/2
    assert dcg(RUN, J, 3) == pytest.approx(3 / LOG3, abs=1e-12)
    assert ideal_dcg(J, 3) == pytest.approx(7 + 3 / LOG3 + 0.5, abs=1e-12)
    assert ndcg(RUN, J, 3) == pytest.approx((3 / LOG3) / (7 + 3 / LOG3 + 0.5), abs=1e-12)
    assert ndcg(RUN, J, 3) == pytest.approx(0.201515, abs=1e-6)
    # @4 adds a (gain 7) at rank 4; the ideal's 4th item has grade 0.
    assert ndcg(RUN, J, 4) == pytest.approx((3 / LOG3 + 7 / LOG5) / (7 + 3 / LOG3 + 0.5), abs=1e-12)


def test_ndcg_ideal_and_reversed():
    assert ndcg(["a", "b", "c"], J, 3) == 1.0
    assert ndcg(["a", "b", "c", "d", "x"], J, 10) == 1.0
    # Reversed: (1 + 3/log2 3 + 7/2) / (7 + 3/log2 3 + 1/2)
    assert ndcg(["c", "b", "a"], J, 3) == pytest.approx((1 + 3 / LOG3 + 3.5) / (7 + 3 / LOG3 + 0.5))


def test_ndcg_no_relevant_judgments_is_zero():
    assert ndcg(["d"], {"d": 0}, 10) == 0.0
    assert ndcg(["a"], {}, 10) == 0.0
    assert ndcg([], J, 10) == 0.0


def test_ndcg_duplicates_earn_nothing_but_use_a_slot():
    # The second "a" sits at rank 2 with gain 0, so "b" is pushed out of the top 2.
    assert ndcg(["a", "a", "b"], J, 2) == pytest.approx(7 / (7 + 3 / LOG3))
    assert ndcg(["a", "b"], J, 2) == 1.0


def test_invalid_k():
    with pytest.raises(ValueError):
        ndcg(RUN, J, 0)


# --- MRR ---------------------------------------------------------------------------------------


def test_reciprocal_rank_hand_computed():
    run = ["d", "x", "c", "a"]
    assert reciprocal_rank(run, J, 4) == pytest.approx(1 / 3)
    assert reciprocal_rank(run, J, 2) == 0.0
    assert reciprocal_rank(run, J, 4, threshold=2) == 0.25
    assert reciprocal_rank(run, J, 3, threshold=2) == 0.0
    assert reciprocal_rank(["d", "d", "c"], J, 3) == pytest.approx(1 / 3)
    assert reciprocal_rank([], J, 10) == 0.0
    with pytest.raises(ValueError):
        reciprocal_rank(run, J, 4, threshold=0)


def test_mean_reciprocal_rank():
    runs = {"q1": ["d", "x", "c"], "q2": ["a"], "extra": ["a"]}
    qrels = {"q1": J, "q2": J}
    assert mean_reciprocal_rank(runs, qrels, 10) == pytest.approx((1 / 3 + 1) / 2)


# --- recall ------------------------------------------------------------------------------------


def test_recall_hand_computed():
    # Relevant (grade >= 1): a, b, c.
    assert recall(RUN, J, 2) == pytest.approx(1 / 3)
    assert recall(RUN, J, 4) == pytest.approx(2 / 3)
    assert recall(RUN, J, 4, threshold=3) == 1.0
    assert recall(["b", "b", "b"], J, 3) == pytest.approx(1 / 3)
    assert recall(["a"], {"d": 0}, 5) == 0.0
    assert mean_recall({"q1": RUN, "q2": []}, {"q1": J, "q2": J}, 4) == pytest.approx(1 / 3)


# --- precision ---------------------------------------------------------------------------------


def test_precision_divides_by_k():
    # LocalMark: a two-result list with two relevant results scores 0.4 at k=5.
    assert precision(["a", "b"], J, 5) == pytest.approx(0.4)
    assert precision(["a", "a"], J, 5) == pytest.approx(0.2)
    assert precision(RUN, J, 4) == 0.5
    assert precision(RUN, J, 4, threshold=3) == 0.25
    assert precision([], J, 5) == 0.0
    assert mean_precision({"q1": ["a", "b"], "q2": RUN}, {"q1": J, "q2": J}, 4) == pytest.approx((2 / 4 + 2 / 4) / 2)


# --- UDCG --------------------------------------------------------------------------------------


def test_udcg_hand_computed():
    # K=3: gains 0 + 3 + 0 over ideal 7 + 3 + 1.
    assert udcg(RUN, J, 3) == pytest.approx(3 / 11)
    # K=4: 0 + 3 + 0 + 7 over ideal 7 + 3 + 1 + 0.
    assert udcg(RUN, J, 4) == pytest.approx(10 / 11)
    # K=2: 0 + 3 over ideal 7 + 3.
    assert udcg(RUN, J, 2) == pytest.approx(3 / 10)


def test_udcg_has_no_position_discount():
    assert udcg(["a", "b", "c"], J, 3) == 1.0
    assert udcg(["c", "b", "a"], J, 3) == 1.0
    assert ndcg(["c", "b", "a"], J, 3) < 1.0
    # A single relevant listing found anywhere in the K an agent reads is full credit.
    assert udcg(["x", "y", "a"], {"a": 1}, 10) == 1.0


def test_udcg_edge_cases():
    assert udcg(["a", "a", "a"], J, 3) == pytest.approx(7 / 11)
    assert udcg(["d"], {"d": 0}, 5) == 0.0
    assert udcg([], J, 5) == 0.0
    assert mean_udcg({"q1": RUN, "q2": ["a", "b", "c"]}, {"q1": J, "q2": J}, 3) == pytest.approx((3 / 11 + 1) / 2)


# --- no-match ----------------------------------------------------------------------------------


def test_no_match_correct():
    assert no_match_correct([]) == 1.0
    assert no_match_correct(["a"]) == 0.0
    runs = {"q1": [], "q2": ["x"], "q3": []}
    assert mean_no_match_correct(runs, ["q1", "q2", "q3"]) == pytest.approx(2 / 3)
    with pytest.raises(KeyError):
        mean_no_match_correct(runs, ["q1", "missing"])
    with pytest.raises(ValueError):
        mean_no_match_correct(runs, [])


# --- constraint violations ---------------------------------------------------------------------


def test_constraint_violations():
    run = ["a", "z", "z", "y", "b"]
    ineligible = {"z", "y"}
    assert constraint_violations(run, ineligible, 3) == 1  # the repeated z counts once
    assert constraint_violations(run, ineligible, 5) == 2
    assert constraint_violations(run, set(), 5) == 0
    assert constraint_violation_rate(run, ineligible, 5) == pytest.approx(0.4)
    assert constraint_violation_rate(run, ineligible, 10) == pytest.approx(0.2)
    runs = {"q1": run, "q2": ["a"]}
    assert mean_constraint_violation_rate(runs, {"q1": ineligible, "q2": {"a"}}, 5) == pytest.approx(
        (2 / 5 + 1 / 5) / 2
    )
    with pytest.raises(KeyError):
        mean_constraint_violation_rate(runs, {"q3": ineligible}, 5)


# --- unjudged ----------------------------------------------------------------------------------


def test_unjudged():
    run = ["x", "a", "x", "y", "b", "z"]
    assert unjudged(run, J, 4) == ["x", "y"]
    assert unjudged(run, J, 1) == ["x"]
    assert unjudged(["a", "d"], J, 5) == []  # grade 0 is judged
    assert unjudged_by_query({"q1": run, "q2": ["a"]}, {"q1": J, "q2": J}, 6) == {
        "q1": ["x", "y", "z"],
        "q2": [],
    }


# --- averaging ---------------------------------------------------------------------------------


def test_mean_requires_runs_and_queries():
    with pytest.raises(KeyError):
        mean_ndcg({}, {"q1": J}, 10)
    with pytest.raises(ValueError):
        mean_ndcg({"q1": RUN}, {}, 10)
    assert mean_ndcg({"q1": ["a", "b", "c"], "q2": []}, {"q1": J, "q2": J}, 3) == 0.5


# --- cross-check against ranx ------------------------------------------------------------------


def _random_case(rng: random.Random) -> tuple[list[str], dict[str, int]]:
    pool = [f"d{i}" for i in range(30)]
    judged = rng.sample(pool, rng.randint(1, 15))
    judgments = {doc: rng.randint(0, 3) for doc in judged}
    judgments[judged[0]] = rng.randint(1, 3)  # ranx needs at least one relevant judgment
    candidates = pool + [f"u{i}" for i in range(10)]  # u* are never judged
    ranking = [rng.choice(candidates) for _ in range(rng.randint(1, 25))]  # repeats likely
    return ranking, judgments


def _as_ranx_run(ranking: list[str]) -> dict[str, float]:
    """Repeats become fresh unjudged ids so they keep their slot but earn nothing, as in Souk."""
    scores: dict[str, float] = {}
    for i, doc in enumerate(ranking):
        key = doc if doc not in scores else f"repeat-{i}"
        scores[key] = float(len(ranking) - i)
    return scores


def test_cross_check_against_ranx():
    ranx = pytest.importorskip("ranx")
    rng = random.Random(20240601)
    runs: dict[str, list[str]] = {}
    qrels: dict[str, dict[str, int]] = {}
    for q in range(300):
        runs[f"q{q}"], qrels[f"q{q}"] = _random_case(rng)

    r_qrels = ranx.Qrels(qrels)
    r_run = ranx.Run({q: _as_ranx_run(ranking) for q, ranking in runs.items()})
    metrics = ["ndcg_burges@10", "mrr@10", "recall@20", "precision@5", "ndcg@10"]
    ranx.evaluate(r_qrels, r_run, metrics, make_comparable=False)

    ours = {
        "ndcg_burges@10": lambda q: ndcg(runs[q], qrels[q], 10),
        "mrr@10": lambda q: reciprocal_rank(runs[q], qrels[q], 10),
        "recall@20": lambda q: recall(runs[q], qrels[q], 20),
        "precision@5": lambda q: precision(runs[q], qrels[q], 5),
    }
    for metric, ours_for in ours.items():
        for q in qrels:
            assert ours_for(q) == pytest.approx(r_run.scores[metric][q], abs=1e-9), (metric, q)

    # Souk's exponential gain is ranx's ndcg_burges, not ranx's linear-gain (Järvelin) ndcg.
    assert any(abs(ndcg(runs[q], qrels[q], 10) - r_run.scores["ndcg@10"][q]) > 1e-6 for q in qrels)
