"""Fit the reading model (``souk/search/reading_model.py``) on the understanding set's dev half.

Every network, price, type and method phrase the rules claim in a dev case (without the model's second
opinion) is one example, labeled by the case: a constraint when the case expects that value, else not. One
L2-regularized logistic regression per kind, classes weighted equally, fitted by gradient descent on the
model's own features; weights rounded to 4 decimals and written to ``reading_weights.json``.

    python eval/understanding/train_reading.py            # fit on dev, write the weights
    python eval/understanding/train_reading.py --check    # out-of-fold dev and test veto counts, write nothing

The test half is never fitted on. ``--check`` prints, per kind and threshold, how many of the rules' hard
filters the model would take away, right and wrong, on the dev half (5-fold, out of fold) and on the test half.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Sequence
from decimal import Decimal
from pathlib import Path
from typing import Any

import numpy as np

from souk.evaluation.understanding import CASES_PATH, load_cases
from souk.search import reading_model
from souk.search.understanding import ReadingExample, reading_examples

CRAWL_PROBES = Path(__file__).resolve().parents[1] / "crawl_constraints" / "queries.jsonl"
L2 = 0.1
STEPS = 3000
RATE = 0.5
THRESHOLDS = (0.1, 0.2, 0.3)


def is_constraint(example: ReadingExample, expect: dict[str, Any]) -> bool:
    if example.kind == "network":
        return bool(set(example.value) & set(expect.get("networks") or ()))  # type: ignore[call-overload]
    if example.kind == "price":
        usd = example.value[0]  # type: ignore[index]
        cap = expect.get("maxUsdPrice")
        return usd is not None and cap is not None and usd == Decimal(str(cap))
    return example.value == expect.get(example.kind)


def crawl_probes() -> list[dict[str, Any]]:
    """The crawl constraint probes (eval/crawl_constraints) in the understanding set's shape: a method implies
    an HTTP endpoint there too."""
    out = []
    with CRAWL_PROBES.open(encoding="utf-8") as f:
        for line in f:
            probe = json.loads(line)
            intent = dict(probe["intent"])
            if intent.get("method") and not intent.get("type"):
                intent["type"] = "http"
            out.append({"query": probe["query"], "split": probe["split"], "expect": intent})
    return out


def examples(split: str, cases: Sequence[dict[str, Any]]) -> list[tuple[ReadingExample, bool]]:
    out = []
    for case in cases:
        if case["split"] != split:
            continue
        for ex in reading_examples(case["query"]):
            if not ex.negated:
                out.append((ex, is_constraint(ex, case["expect"])))
    return out


def design(contexts: Sequence[Sequence[str]], vocabulary: dict[str, int]) -> np.ndarray:
    x = np.zeros((len(contexts), len(vocabulary)))
    for i, context in enumerate(contexts):
        scale = 1.0 / np.sqrt(max(1, len(context)))
        for f in context:
            j = vocabulary.get(f)
            if j is not None:
                x[i, j] = scale
    return x


def fit(contexts: Sequence[Sequence[str]], labels: Sequence[bool]) -> tuple[float, dict[str, float]]:
    vocabulary = {f: j for j, f in enumerate(sorted({f for c in contexts for f in c}))}
    x = design(contexts, vocabulary)
    y = np.array(labels, dtype=float)
    positive = y.mean()
    w = np.where(y == 1, 0.5 / positive, 0.5 / (1 - positive))
    beta, bias = np.zeros(x.shape[1]), 0.0
    for _ in range(STEPS):
        p = 1 / (1 + np.exp(-(x @ beta + bias)))
        residual = w * (p - y) / w.sum()
        beta -= RATE * (x.T @ residual + L2 / len(y) * beta)
        bias -= RATE * residual.sum()
    weights = {f: round(float(beta[j]), 4) for f, j in vocabulary.items() if abs(beta[j]) >= 1e-4}
    return round(bias, 4), weights


def predict(model: tuple[float, dict[str, float]], context: Sequence[str]) -> float:
    bias, weights = model
    z = bias + sum(weights.get(f, 0.0) for f in context) / np.sqrt(max(1, len(context)))
    return float(1 / (1 + np.exp(-z)))


def check() -> None:
    cases, probes = load_cases(), crawl_probes()
    dev = examples("dev", [*cases, *probes])
    test = examples("test", cases)
    probe_test = examples("test", probes)
    for kind in reading_model.KINDS:
        d = [(ex, y) for ex, y in dev if ex.kind == kind]
        t = [(ex, y) for ex, y in test if ex.kind == kind and ex.role == "filter"]
        folds = np.arange(len(d)) % 5
        oof = np.zeros(len(d))
        for f in range(5):
            train = [d[i] for i in range(len(d)) if folds[i] != f]
            model = fit([ex.context for ex, _ in train], [y for _, y in train])
            for i in np.flatnonzero(folds == f):
                oof[i] = predict(model, d[i][0].context)
        model = fit([ex.context for ex, _ in d], [y for _, y in d])
        pt = [predict(model, ex.context) for ex, _ in t]
        pp = [(predict(model, ex.context), y) for ex, y in probe_test if ex.kind == kind and ex.role == "filter"]
        dev_filters = [(p, y) for p, (ex, y) in zip(oof, d, strict=True) if ex.role == "filter"]
        wrong_dev = sum(not y for _, y in dev_filters)
        print(
            f"{kind}: dev filters {len(dev_filters)} ({wrong_dev} wrong), test filters {len(t)} "
            f"({sum(not y for _, y in t)} wrong)"
        )
        for threshold in THRESHOLDS:
            dv = [y for p, y in dev_filters if p < threshold]
            tv = [y for p, (_, y) in zip(pt, t, strict=True) if p < threshold]
            pv = [y for p, y in pp if p < threshold]
            print(
                f"  below {threshold}: dev takes away {dv.count(False)} wrong, {dv.count(True)} right | "
                f"test takes away {tv.count(False)} wrong, {tv.count(True)} right | "
                f"crawl probes' test {pv.count(False)} wrong, {pv.count(True)} right (of {len(pp)})"
            )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true")
    args = parser.parse_args(argv)
    if args.check:
        check()
        return 0
    dev = examples("dev", [*load_cases(), *crawl_probes()])
    kinds = {}
    for kind in reading_model.KINDS:
        rows = [(ex, y) for ex, y in dev if ex.kind == kind]
        bias, weights = fit([ex.context for ex, _ in rows], [y for _, y in rows])
        kinds[kind] = {
            "bias": bias,
            "examples": len(rows),
            "constraints": sum(y for _, y in rows),
            "weights": dict(sorted(weights.items())),
        }
    cases = hashlib.sha256(CASES_PATH.read_bytes()).hexdigest()[:12]
    probes = hashlib.sha256(CRAWL_PROBES.read_bytes()).hexdigest()[:12]
    out = {
        "fitted_on": "the dev halves of eval/understanding/cases.jsonl and eval/crawl_constraints/queries.jsonl",
        "cases_sha256": cases,
        "probes_sha256": probes,
        "l2": L2,
        "steps": STEPS,
        "kinds": kinds,
    }
    reading_model.WEIGHTS_PATH.write_text(json.dumps(out, indent=0, sort_keys=False) + "\n", encoding="utf-8")
    for kind, m in kinds.items():
        print(
            f"{kind}: {m['examples']} examples ({m['constraints']} constraints), {len(m['weights'])} weights",
            file=sys.stderr,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
