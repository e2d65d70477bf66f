"""Convex combination of per-arm scores, each divided by its per-query maximum (Bruch, Gai & Ingber,
"An Analysis of Fusion Functions for Hybrid Retrieval", ACM TOIS 2023).

``score(d) = sum_arm weight_arm * score_arm(d) / max_arm``; a listing one arm did not return scores 0
there. Unlike RRF it keeps how far apart the arms' scores are, so one arm's clear winner is not pulled
level with the other arm's rank 1. Scores must be non-negative (BM25F and cosines of normalized
vectors clipped at 0 are).
"""

from __future__ import annotations

from collections.abc import Mapping


def max_normalized_convex(scores: Mapping[str, Mapping[int, float]], weights: Mapping[str, float]) -> dict[int, float]:
    """Fuse per-arm scores into one score per id; an arm absent from ``weights`` counts 0."""
    fused: dict[int, float] = {}
    for arm, arm_scores in scores.items():
        weight = weights.get(arm, 0.0)
        if weight == 0 or not arm_scores:
            continue
        top = max(arm_scores.values())
        if top <= 0:
            continue
        for item, value in arm_scores.items():
            fused[item] = fused.get(item, 0.0) + weight * max(value, 0.0) / top
    return fused
