"""Fusion functions with hand-computed values."""

from __future__ import annotations

import pytest

from souk.search.fusion.convex import max_normalized_convex
from souk.search.fusion.rrf import weighted_rrf


def test_weighted_rrf_by_hand() -> None:
    fused = weighted_rrf({"lexical": [1, 2], "semantic": [2, 3]}, {"lexical": 0.5, "semantic": 0.5}, rrf_k=5)
    # 1: 0.5/6; 2: 0.5/7 + 0.5/6; 3: 0.5/7
    assert fused == pytest.approx({1: 0.5 / 6, 2: 0.5 / 7 + 0.5 / 6, 3: 0.5 / 7})
    with pytest.raises(ValueError):
        weighted_rrf({}, {}, rrf_k=-1)


def test_max_normalized_convex_by_hand() -> None:
    scores = {"lexical": {1: 8.0, 2: 4.0}, "semantic": {2: 0.6, 3: 0.3}}
    fused = max_normalized_convex(scores, {"lexical": 0.3, "semantic": 0.7})
    # lexical / 8, semantic / 0.6: 1 -> 0.3*1; 2 -> 0.3*0.5 + 0.7*1; 3 -> 0.7*0.5
    assert fused == pytest.approx({1: 0.3, 2: 0.85, 3: 0.35})


def test_convex_keeps_score_gaps_that_rrf_flattens() -> None:
    # The lexical arm is sure of 1 (score 10 vs 1); the semantic arm barely prefers 2 over 1.
    scores = {"lexical": {1: 10.0, 2: 1.0}, "semantic": {2: 0.51, 1: 0.50}}
    weights = {"lexical": 0.5, "semantic": 0.5}
    convex = max_normalized_convex(scores, weights)
    assert convex[1] > convex[2]
    rrf = weighted_rrf({"lexical": [1, 2], "semantic": [2, 1]}, weights, rrf_k=5)
    assert rrf[1] == pytest.approx(rrf[2])  # ranks only: a tie


def test_convex_ignores_unweighted_and_empty_arms_and_clips_negative_scores() -> None:
    fused = max_normalized_convex({"lexical": {}, "semantic": {1: 0.5, 2: -0.2}, "other": {3: 1.0}}, {"semantic": 1.0})
    assert fused == pytest.approx({1: 1.0, 2: 0.0})
