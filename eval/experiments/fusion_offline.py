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
import math
import statistics
import sys
from collections.abc import Callable
from pathlib import Path

Ranking = list[str]


def ndcg_at(ranked: Ranking, relevance: dict[str, int], k: int = 10) -> float | None:
    """nDCG@k with exponential gains (Järvelin and Kekäläinen 2002); None without a relevant document."""
    dcg = sum((2 ** relevance.get(d, 0) - 1) / math.log2(i + 2) for i, d in enumerate(ranked[:k]))
    ideal = sorted(relevance.values(), reverse=True)[:k]
    idcg = sum((2**r - 1) / math.log2(i + 2) for i, r in enumerate(ideal))
    return dcg / idcg if idcg > 0 else None


def rrf(rankings: list[Ranking], k: int) -> Ranking:
    """Reciprocal rank fusion, equal weights (Cormack, Clarke and Büttcher 2009)."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, doc in enumerate(ranking):
            scores[doc] = scores.get(doc, 0.0) + 1 / (k + rank + 1)
    return sorted(scores, key=lambda d: (-scores[d], d))


def convex(lexical: list[tuple[str, float]], semantic: list[tuple[str, float]], alpha: float) -> Ranking:
    """alpha * semantic + (1 - alpha) * lexical, each divided by its per-query maximum."""

    def scaled(pairs: list[tuple[str, float]]) -> dict[str, float]:
        top = max((v for _, v in pairs), default=0.0) or 1.0
        return {d: v / top for d, v in pairs}

    lex, sem = scaled(lexical), scaled(semantic)
    docs = set(lex) | set(sem)
    return sorted(docs, key=lambda d: (-(alpha * sem.get(d, 0.0) + (1 - alpha) * lex.get(d, 0.0)), d))


def main(paths: list[str]) -> None:
    for path in paths:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
        for split in ("dev", "test"):
            fusions: dict[str, Callable[[dict], Ranking]] = {
                "bm25f": lambda q: [h[0] for h in q["lexical"]],
                "semantic": lambda q: [h[0] for h in q["semantic"]],
                **{
                    f"rrf{k}": (lambda q, k=k: rrf([[h[0] for h in q["lexical"]], [h[0] for h in q["semantic"]]], k))
                    for k in (5, 20, 60)
                },
                **{
                    f"convex{alpha}": (
                        lambda q, a=alpha: convex(
                            [(h[0], h[1]) for h in q["lexical"]], [(h[0], h[1]) for h in q["semantic"]], a
                        )
                    )
                    for alpha in (0.4, 0.5, 0.6, 0.7)
                },
            }
            scores: dict[str, list[float]] = {name: [] for name in fusions}
            for q in data["queries"]:
                if q["split"] != split or q["no_match"] or not any(v > 0 for v in q["relevant"].values()):
                    continue
                for name, fuse in fusions.items():
                    value = ndcg_at(fuse(q), q["relevant"])
                    if value is not None:
                        scores[name].append(value)
            means = " ".join(f"{name}={statistics.mean(v):.3f}" for name, v in scores.items() if v)
            print(f"{data['set']} {split} n={len(scores['bm25f'])} {means}")


if __name__ == "__main__":
    main(sys.argv[1:])
