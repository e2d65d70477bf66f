"""Offline comparison of fusion functions on dumped arm outputs (a tuning aid; shipped numbers come from
``souk eval``). Reads the JSON that ``eval/experiments/features.py`` writes for each set and prints mean
nDCG@10 per split for BM25F alone, semantic alone, RRF (k 5/20/60, equal weights) and the convex
combination of per-query max-normalized scores (Bruch, Gai and Ingber 2023, "An Analysis of Fusion
Functions for Hybrid Retrieval") at several semantic weights. Unfiltered arms, no query signals, no
diversity: it compares fusion functions, not pipelines.

    python eval/experiments/features.py golden /tmp/feat/golden.json   # and metatool, restbench, apibench
    python eval/experiments/fusion_offline.py /tmp/feat/golden.json /tmp/feat/metatool.json ...
"""

from __future__ import annotations

import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

from souk.evaluation.metrics.ndcg import ndcg
from souk.search.fusion.convex import max_normalized_convex
from souk.search.fusion.rrf import weighted_rrf

EQUAL = {"lexical": 0.5, "semantic": 0.5}


def _ranked(scores: dict[str, float]) -> list[str]:
    return sorted(scores, key=lambda d: (-scores[d], d))


def _rrf(q: dict, k: int) -> list[str]:
    arms = {"lexical": [h[0] for h in q["lexical"]], "semantic": [h[0] for h in q["semantic"]]}
    return _ranked(weighted_rrf(arms, EQUAL, k))  # type: ignore[arg-type]  # slugs stand in for ids


def _convex(q: dict, alpha: float) -> list[str]:
    arms = {"lexical": {h[0]: h[1] for h in q["lexical"]}, "semantic": {h[0]: h[1] for h in q["semantic"]}}
    weights = {"lexical": 1 - alpha, "semantic": alpha}
    return _ranked(max_normalized_convex(arms, weights))  # type: ignore[arg-type]


def main(paths: list[str]) -> None:
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for split in ("dev", "test"):
            fusions: dict[str, Callable[[dict], list[str]]] = {
                "bm25f": lambda q: [h[0] for h in q["lexical"]],
                "semantic": lambda q: [h[0] for h in q["semantic"]],
                **{f"rrf{k}": (lambda q, k=k: _rrf(q, k)) for k in (5, 20, 60)},
                **{f"convex{a}": (lambda q, a=a: _convex(q, a)) for a in (0.4, 0.5, 0.6, 0.7)},
            }
            scores: dict[str, list[float]] = {name: [] for name in fusions}
            for q in data["queries"]:
                if q["split"] != split or q["no_match"] or not any(v > 0 for v in q["relevant"].values()):
                    continue
                for name, fuse in fusions.items():
                    scores[name].append(ndcg(fuse(q), q["relevant"], 10))
            means = " ".join(f"{name}={statistics.mean(v):.3f}" for name, v in scores.items() if v)
            print(f"{data['set']} {split} n={len(scores['bm25f'])} {means}")


if __name__ == "__main__":
    main(sys.argv[1:])
