"""Can a per-query classifier tell an off-catalog query from an answerable one? (a tuning aid; shipped
numbers come from ``souk eval``).

Reads the dumps of ``eval/experiments/features.py`` and builds, per query, the evidence a no-match
decision could use: best cosine (any text and listing text alone), the gap from the best to the 10th
cosine, the largest IDF share and the largest matched-term IDF (relative to the query's rarest term)
among the top lexical hits, arm agreement in the top 10, query length, and whether any listing matched
a word. Positives are answerable queries. Negatives are the golden set's no-match queries and, for every
answerable query, the same query with its relevant listings taken out of both arms ("leave relevant
out": what the arms would have seen had the catalog lacked the answer). A logistic regression (L2,
gradient descent) is fitted on dev rows only; the table shows, per threshold on its answerable
probability, the share abstained on each set and kind, dev and test.

    python eval/experiments/features.py golden /tmp/feat/golden.json   # and metatool, restbench, apibench
    python eval/experiments/abstention_offline.py /tmp/feat/golden.json /tmp/feat/metatool.json ...
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

import numpy as np

FEATURES = ("top", "listing_top", "gap_to_10th", "idf_share", "rarest_term_matched", "agreement", "log_terms", "any")
NO_MATCH_WEIGHT = 20.0  # eleven golden dev no-match queries against ~700 answerable ones
THRESHOLDS = (0.05, 0.1, 0.2, 0.3, 0.4)


def evidence(q: dict, dropped: frozenset[str] = frozenset()) -> list[float]:
    sem = [s for s in q["semantic"] if s[0] not in dropped]
    lex = [h for h in q["lexical"] if h[0] not in dropped]
    cosines = sorted((s[1] for s in sem), reverse=True)
    listing_cosines = sorted((s[2] for s in sem), reverse=True)
    top = cosines[0] if cosines else 0.0
    tenth = cosines[min(9, len(cosines) - 1)] if cosines else 0.0
    rarest = max(q["idf"].values(), default=0.0)
    matched_idf = max((h[4] for h in lex[:10]), default=0.0)
    agreement = len({h[0] for h in lex[:10]} & {s[0] for s in sem[:10]})
    return [
        top,
        listing_cosines[0] if listing_cosines else 0.0,
        top - tenth,
        max((h[3] for h in lex[:10]), default=0.0),
        matched_idf / rarest if rarest else 0.0,
        agreement / 10,
        math.log1p(len(q["terms"])),
        1.0 if lex else 0.0,
    ]


def rows(dumps: list[Path]) -> list[tuple[str, str, str, list[float]]]:
    """(set, split, kind, features); kind is answerable, no_match or left_out."""
    out = []
    for path in dumps:
        data = json.loads(path.read_text(encoding="utf-8"))
        for q in data["queries"]:
            if q["no_match"]:
                out.append((data["set"], q["split"], "no_match", evidence(q)))
                continue
            relevant = frozenset(k for k, v in q["relevant"].items() if v >= 1)
            if not relevant:
                continue
            out.append((data["set"], q["split"], "answerable", evidence(q)))
            out.append((data["set"], q["split"], "left_out", evidence(q, relevant)))
    return out


def fit(x: np.ndarray, y: np.ndarray, w: np.ndarray, l2: float = 1e-3, steps: int = 5000) -> np.ndarray:
    """Weighted L2 logistic regression by gradient descent on standardized features (bias last)."""
    xb = np.hstack([x, np.ones((len(x), 1))])
    beta = np.zeros(xb.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-xb @ beta))
        grad = xb.T @ (w * (p - y)) / w.sum() + l2 * np.r_[beta[:-1], 0]
        beta -= 0.5 * grad
    return beta


def main(dumps: list[Path]) -> None:
    data = rows(dumps)
    x = np.array([r[3] for r in data])
    mean, std = x.mean(0), x.std(0) + 1e-9
    z = (x - mean) / std
    y = np.array([1.0 if r[2] == "answerable" else 0.0 for r in data])

    # Golden left-out rows are mostly not off-topic: the catalog has near-duplicate listings per network.
    def weight(r: tuple[str, str, str, list[float]]) -> float:
        if r[2] == "no_match":
            return NO_MATCH_WEIGHT
        return 0.0 if (r[0], r[2]) == ("golden", "left_out") else 1.0

    w = np.array([weight(r) for r in data])
    dev = np.array([r[1] == "dev" for r in data])
    beta = fit(z[dev], y[dev], w[dev])
    print("weights (standardized):", dict(zip((*FEATURES, "bias"), beta.round(2).tolist(), strict=True)))
    answerable = 1 / (1 + np.exp(-np.hstack([z, np.ones((len(z), 1))]) @ beta))
    groups = sorted({(r[0], r[2]) for r in data})
    print("abstained share (n) per set/kind")
    for threshold in THRESHOLDS:
        for split in ("dev", "test"):
            cells = []
            for name, kind in groups:
                mask = np.array([r[0] == name and r[2] == kind and r[1] == split for r in data])
                if mask.any():
                    cells.append(f"{name}.{kind} {np.mean(answerable[mask] < threshold):.3f} ({mask.sum()})")
            print(f"p < {threshold:<4} {split:<4} " + "  ".join(cells))


if __name__ == "__main__":
    main([Path(p) for p in sys.argv[1:]])
