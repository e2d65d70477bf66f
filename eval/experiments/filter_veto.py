"""Would a learned veto on the query's sentence vector raise hard-filter precision? (a tuning aid; tried and dropped)

For every labeled understanding case (eval/understanding/cases.jsonl) it reads the rules' hard filters
(``interpret``) and embeds the whole query with the shipped model. Per kind (network, price, type, method) a
logistic regression (L2, gradient descent) is fitted on the dev half to predict "this query carries a constraint of
this kind"; a rule's filter is then kept only when the model's probability reaches a threshold (below it, the filter
would become a soft boost). Dev probabilities are 5-fold out-of-fold; test probabilities come from a model fitted
on all of dev. The table gives, per threshold, the kept filters' precision (a filter is right when it equals the
label) and recall (right and kept / labeled), dev and test.

    SOUK_MODEL_DIR=.souk/model PYTHONPATH=layers/core python eval/experiments/filter_veto.py \
        > eval/experiments/filter_veto.txt
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from souk.config import get_settings
from souk.evaluation.understanding import HARD_KINDS, decisions, expected, load_cases
from souk.search.semantic import query_provider
from souk.search.understanding import QueryTooLong, interpret

THRESHOLDS = (0.0, 0.1, 0.2, 0.3, 0.5, 0.7)
FOLDS = 5


def _fit(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64], l2: float = 1.0, steps: int = 300) -> np.ndarray:
    xb = np.hstack([x, np.ones((len(x), 1))])
    w = np.zeros(xb.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-xb @ w))
        w -= 5.0 * (xb.T @ (p - y) / len(y) + l2 * np.r_[w[:-1], 0] / len(y))
    return w


def _prob(w: np.ndarray, x: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    return 1 / (1 + np.exp(-(np.hstack([x, np.ones((len(x), 1))]) @ w)))


def main() -> None:
    provider = query_provider(get_settings())
    rows, texts = [], []
    for case in load_cases():
        try:
            made = decisions(interpret(case["query"]))
        except QueryTooLong:
            continue
        wanted = expected(case["expect"])
        rows.append((case["split"], {k: (made[k], wanted[k]) for k in HARD_KINDS}))
        texts.append(case["query"])
    x = np.concatenate([provider.embed(texts[i : i + 64]) for i in range(0, len(texts), 64)]).astype(np.float64)
    split = np.array([s for s, _ in rows])
    dev, test = split == "dev", split == "test"
    print(f"{len(rows)} cases; {provider.identity.to_dict()}")
    print("kind     t     dev P  dev R  kept   test P test R  kept")
    for kind in HARD_KINDS:
        y = np.array([1.0 if r[kind][1] else 0.0 for _, r in rows])
        fired = np.array([bool(r[kind][0]) for _, r in rows])
        right = np.array([r[kind][0] == r[kind][1] for _, r in rows])
        p = np.zeros(len(rows))
        dev_idx = np.where(dev)[0]
        fold = np.random.default_rng(0).integers(0, FOLDS, len(dev_idx))
        for f in range(FOLDS):
            p[dev_idx[fold == f]] = _prob(_fit(x[dev_idx[fold != f]], y[dev_idx[fold != f]]), x[dev_idx[fold == f]])
        p[test] = _prob(_fit(x[dev], y[dev]), x[test])
        for t in THRESHOLDS:
            cells = []
            for half in (dev, test):
                kept = fired & (p >= t) & half
                precision = right[kept].mean() if kept.any() else float("nan")
                recall = (right & kept & (y == 1)).sum() / max(1, (half & (y == 1)).sum())
                cells.append(f"{precision:6.3f} {recall:6.3f} {kept.sum():5d}")
            print(f"{kind:8s} {t:.1f}  " + "   ".join(cells))


if __name__ == "__main__":
    main()
