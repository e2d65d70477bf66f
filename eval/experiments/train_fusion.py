"""Fit the learned fusion's weights (souk.search.fusion.learned) on DEV halves only, from the per-query arm
dumps that ``eval/experiments/features.py`` writes:

    python eval/experiments/features.py golden /tmp/feat/golden.json     # and metatool, restbench, apibench
    python eval/experiments/train_fusion.py /tmp/feat/golden.json /tmp/feat/metatool.json \
        /tmp/feat/restbench.json /tmp/feat/apibench.json

Pairwise logistic loss (RankNet) over (more relevant, less relevant) candidate pairs of each dev query, up
to 20 sampled lower-graded candidates per relevant one, each set weighted equally whatever its size; L2
1e-3; 8,000 full-batch gradient steps of 0.5 from zero; seed 0. Prints the weights and the dev nDCG@10 of
the fitted fusion beside max-normalized convex 0.3/0.7 and equal-weight RRF k 5 on the same arms (no
query signals, no diversity). Test halves are never read: shipped numbers come from ``souk eval``.

The shipped WEIGHTS were fitted on dumps of unfiltered arms over every topical term. Refitted on dumps of
the arms as the pipeline builds them (filters read from the words, at most ``max_query_terms`` BM25F
terms; features.py since 2026-12-02), dev nDCG@10 golden/MetaTool/RestBench/APIBench moved
0.8018/0.7335/0.5805/0.2576 -> 0.8024/0.7341/0.5796/0.2592 (mean 0.5933 -> 0.5938): noise, so the
shipped weights stay.
"""

from __future__ import annotations

import json
import statistics
import sys
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import numpy as np

from souk.evaluation.metrics.ndcg import ndcg
from souk.search.fusion.convex import max_normalized_convex
from souk.search.fusion.learned import FEATURES, WEIGHTS, features, learned_fusion
from souk.search.fusion.rrf import weighted_rrf

L2 = 1e-3
STEPS = 8000
STEP_SIZE = 0.5
NEGATIVES_PER_POSITIVE = 20


class Lex(NamedTuple):
    listing_id: int
    score: float
    matched: int
    idf_coverage: float


class Sem(NamedTuple):
    listing_id: int
    similarity: float
    listing_similarity: float


def _arms(q: dict, ids: dict[str, int]) -> tuple[list[Lex], list[Sem]]:
    def num(slug: str) -> int:
        return ids.setdefault(slug, len(ids))

    lexical = [Lex(num(h[0]), h[1], h[2], h[3]) for h in q["lexical"]]
    semantic = [Sem(num(h[0]), h[1], h[2]) for h in q["semantic"]]
    return lexical, semantic


def _dev_queries(paths: list[str]) -> list[tuple[str, dict]]:
    out = []
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for q in data["queries"]:
            if q["split"] == "dev" and not q["no_match"] and any(v > 0 for v in q["relevant"].values()):
                out.append((data["set"], q))
    return out


def _ranked(scores: dict[int, float]) -> list[int]:
    return sorted(scores, key=lambda d: (-scores[d], d))


def fit(queries: list[tuple[str, dict]]) -> np.ndarray:
    rng = np.random.default_rng(0)
    per_set = Counter(name for name, _ in queries)
    diffs: list[np.ndarray] = []
    weights: list[float] = []
    for name, q in queries:
        ids: dict[str, int] = {}
        lexical, semantic = _arms(q, ids)
        feats = features(lexical, semantic, len(q["terms"]))
        slug_of = {v: k for k, v in ids.items()}
        keys = list(feats)
        x = np.array([feats[k] for k in keys])
        grade = np.array([q["relevant"].get(slug_of[k], 0) for k in keys], dtype=float)
        for i in np.flatnonzero(grade > 0):
            lower = np.flatnonzero(grade < grade[i])
            for j in rng.choice(lower, size=min(NEGATIVES_PER_POSITIVE, len(lower)), replace=False):
                diffs.append(x[i] - x[j])
                weights.append(1.0 / per_set[name])
    pairs = np.array(diffs)
    pair_weights = np.array(weights) / np.mean(weights)
    w = np.zeros(len(FEATURES))
    for _ in range(STEPS):
        p = 1 / (1 + np.exp(pairs @ w))
        w -= STEP_SIZE * (-(pairs * (pair_weights * p)[:, None]).mean(axis=0) + L2 * w)
    return w


def _dev_ndcg(queries: list[tuple[str, dict]], fuse: Fusion) -> float:
    scores = []
    for _, q in queries:
        ids: dict[str, int] = {}
        lexical, semantic = _arms(q, ids)
        slug_of = {v: k for k, v in ids.items()}
        ranking = [slug_of[i] for i in _ranked(fuse(lexical, semantic, len(q["terms"])))]
        scores.append(ndcg(ranking, q["relevant"], 10))
    return statistics.mean(scores)


def leave_one_set_out(paths: list[str]) -> None:
    """For each set, weights fitted on the other sets' dev halves, scored on this set's dev half: how the
    fusion does on a query style it was not fitted to (the private held-out sets are such styles)."""
    queries = _dev_queries(paths)
    names = list(dict.fromkeys(n for n, _ in queries))
    print("dev nDCG@10 of a set the weights were not fitted on (fitted on the other sets' dev halves)")
    print(f"{'set':10s} {'n':>4s} {'rrf k5':>8s} {'convex':>8s} {'shipped':>8s} {'held out':>8s}  held out - rrf")
    for name in names:
        held = [(n, q) for n, q in queries if n == name]
        w = fit([(n, q) for n, q in queries if n != name])
        cells = [_dev_ndcg(held, fuse) for fuse in (*_ANCHORS.values(), _learned(tuple(w)), _learned(WEIGHTS))]
        rrf, convex, held_out, shipped = cells
        row = f"{name:10s} {len(held):4d} {rrf:8.4f} {convex:8.4f} {shipped:8.4f} {held_out:8.4f}"
        print(f"{row}  {held_out - rrf:+.4f}")
        print("           weights " + ", ".join(f"{v:.3f}" for v in w))


Fusion = Callable[[list[Lex], list[Sem], int], dict[int, float]]

_ANCHORS: dict[str, Fusion] = {
    "rrf k5": lambda lex, sem, n: weighted_rrf(
        {"lexical": [h.listing_id for h in lex], "semantic": [h.listing_id for h in sem]},
        {"lexical": 0.5, "semantic": 0.5},
        5.0,
    ),
    "convex 0.3/0.7": lambda lex, sem, n: max_normalized_convex(
        {"lexical": {h.listing_id: h.score for h in lex}, "semantic": {h.listing_id: h.similarity for h in sem}},
        {"lexical": 0.3, "semantic": 0.7},
    ),
}


def _learned(weights: tuple[float, ...]) -> Fusion:
    return lambda lex, sem, n: learned_fusion(lex, sem, n, weights=weights)


def main(paths: list[str]) -> None:
    queries = _dev_queries(paths)
    w = fit(queries)
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")
    for name, value in zip(FEATURES, w, strict=True):
        print(f"  {name:22s} {value:+.3f}")
    fusions = {
        "convex 0.3/0.7": lambda lex, sem, n: max_normalized_convex(
            {"lexical": {h.listing_id: h.score for h in lex}, "semantic": {h.listing_id: h.similarity for h in sem}},
            {"lexical": 0.3, "semantic": 0.7},
        ),
        "rrf k5": lambda lex, sem, n: weighted_rrf(
            {"lexical": [h.listing_id for h in lex], "semantic": [h.listing_id for h in sem]},
            {"lexical": 0.5, "semantic": 0.5},
            5.0,
        ),
        "learned (fitted)": lambda lex, sem, n: learned_fusion(lex, sem, n, weights=tuple(w)),
        "learned (shipped)": lambda lex, sem, n: learned_fusion(lex, sem, n),
    }
    for label, fuse in fusions.items():
        means = {}
        for name in dict.fromkeys(n for n, _ in queries):
            scores = []
            for n, q in queries:
                if n != name:
                    continue
                ids: dict[str, int] = {}
                lexical, semantic = _arms(q, ids)
                slug_of = {v: k for k, v in ids.items()}
                ranking = [slug_of[i] for i in _ranked(fuse(lexical, semantic, len(q["terms"])))]
                scores.append(ndcg(ranking, q["relevant"], 10))
            means[name] = statistics.mean(scores)
        cells = " ".join(f"{n}={v:.4f}" for n, v in means.items())
        print(f"dev {label:18s} {cells} mean={statistics.mean(means.values()):.4f}")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--leave-one-set-out"]:
        leave_one_set_out(sys.argv[2:])
    else:
        main(sys.argv[1:])
