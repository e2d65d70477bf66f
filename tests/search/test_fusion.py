"""Fusion functions with hand-computed values."""

from __future__ import annotations

import math
import random
from typing import NamedTuple

import pytest

from souk.search.fusion import learned
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


class _Lex(NamedTuple):
    listing_id: int
    score: float
    matched: int
    idf_coverage: float


class _Sem(NamedTuple):
    listing_id: int
    similarity: float
    listing_similarity: float


def test_learned_features_by_hand() -> None:
    lexical = [_Lex(1, 8.0, 2, 0.9), _Lex(2, 4.0, 1, 0.3)]
    semantic = [_Sem(2, 0.6, 0.5), _Sem(3, 0.3, 0.3)]
    feats = learned.features(lexical, semantic, query_terms=3)
    ln4 = math.log(4)
    # 1: lexical only, rank 1; 2: lexical rank 2 (4/8) and semantic rank 1 (0.6/0.6, listing 0.5/0.5,
    # synthetic 0.6 - 0.5); 3: semantic rank 2 (0.3/0.6, listing 0.3/0.5).
    assert feats[1] == pytest.approx((1.0, 0, 0, 0, 1 / 6, 0, 0.9, 2 / 3, 0, ln4, 0))
    assert feats[2] == pytest.approx((0.5, 1.0, 1.0, 0.1, 1 / 7, 1 / 6, 0.3, 1 / 3, 1, 0.5 * ln4, ln4))
    assert feats[3] == pytest.approx((0, 0.5, 0.6, 0, 0, 1 / 7, 0, 0, 0, 0, 0.5 * ln4))
    assert len(feats[1]) == len(learned.FEATURES) == len(learned.WEIGHTS)


def test_learned_fusion_is_the_weighted_sum_divided_by_the_best() -> None:
    lexical = [_Lex(1, 2.0, 1, 1.0)]
    semantic = [_Sem(2, 0.8, 0.8)]
    weights = (1.0, 2.0, 0, 0, 0, 0, 0, 0, 0, 0, 0)  # lexical + 2 * semantic
    # 1: 1.0 (lexical only); 2: 2.0 (semantic only) -> divided by 2.0
    assert learned.learned_fusion(lexical, semantic, 1, weights=weights) == pytest.approx({1: 0.5, 2: 1.0})
    negative = (-1.0, -1.0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    assert learned.learned_fusion(lexical, semantic, 1, weights=negative) == {1: 0.0, 2: 0.0}
    assert learned.learned_fusion([], [], 0) == {}


def test_shipped_learned_fusion_rewards_agreement_between_arms() -> None:
    # Same normalized scores on the arm each returned it from; 2 is also the lexical arm's runner-up.
    lexical = [_Lex(1, 5.0, 2, 0.8), _Lex(2, 4.0, 2, 0.8)]
    semantic = [_Sem(3, 0.7, 0.7), _Sem(2, 0.69, 0.69)]
    fused = learned.learned_fusion(lexical, semantic, query_terms=2)
    assert max(fused, key=fused.__getitem__) == 2
    assert fused[2] == 1.0


def test_learned_fusion_sums_the_same_features_it_documents() -> None:
    rng = random.Random(7)
    lexical = [_Lex(rng.randrange(60), rng.uniform(0, 9), rng.randint(1, 4), rng.random()) for _ in range(40)]
    lexical = list({h.listing_id: h for h in sorted(lexical, key=lambda h: -h.score)}.values())
    semantic = [_Sem(rng.randrange(30, 90), rng.uniform(0.2, 0.9), 0.0) for _ in range(40)]
    semantic = [h._replace(listing_similarity=h.similarity * rng.uniform(0.7, 1.0)) for h in semantic]
    semantic = list({h.listing_id: h for h in sorted(semantic, key=lambda h: -h.similarity)}.values())
    raw = {
        lid: sum(w * x for w, x in zip(learned.WEIGHTS, f, strict=True))
        for lid, f in learned.features(lexical, semantic, 5).items()
    }
    top = max(raw.values())
    assert learned.learned_fusion(lexical, semantic, 5) == pytest.approx(
        {lid: max(v, 0) / top for lid, v in raw.items()}
    )
