"""Precision and recall of query understanding on the labeled set in eval/understanding/.

Each case's ``expect`` is the complete reading of its query. Per constraint kind, the decisions of
``interpret()`` are compared as sets: networks (CAIP-2 ids of the hard filter), assets, negated terms
(the labeled words stemmed by the same analyzer as ``negated_terms``), and a single value for the price
cap (compared as a Decimal), type and method. ``paymentAsset`` scores the assets read from a payment phrase
(``payment_assets``, the strong boost) against the labeled assets, for precision only (a labeled asset that gets
the plain boost is not an error, so its recall is the share of labeled assets read from a payment phrase). A
correct decision is a true positive; a wrong value is a false positive and a false negative. Precision =
correct / all decisions made, recall = correct / all expected; None when there is nothing to divide by.

Counted per id, one query whose network filter names every testnet counts sixteen wrong ids. So each hard kind also
has a per-query precision: of the queries given a filter of that kind, the share whose filter is exactly the labeled
one.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable, Mapping
from decimal import Decimal
from pathlib import Path
from typing import Any

from souk.search.analysis import tokenize
from souk.search.understanding import InterpretedQuery, QueryTooLong, interpret

CASES_PATH = Path(__file__).resolve().parents[4] / "eval" / "understanding" / "cases.jsonl"
KINDS = ("network", "price", "type", "method", "asset", "paymentAsset", "negation")
HARD_KINDS = ("network", "price", "type", "method")
# Assets are labeled without saying how strongly: an asset read from a payment phrase (the strong boost) is
# wrong only when it is not a labeled asset at all; a labeled asset that gets the plain boost is no failure.
_PRECISION_ONLY = frozenset({"paymentAsset"})
SPLITS = ("dev", "test", "all")
PRECISION_TARGET = 0.97  # issue 8: every hard filter

Decisions = dict[str, set[object]]


def load_cases(path: Path = CASES_PATH) -> list[dict[str, Any]]:
    with path.open(encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def decisions(iq: InterpretedQuery) -> Decisions:
    """What interpret() decided, per kind, in the label's terms."""
    return {
        "network": set(iq.networks),
        "price": set() if iq.max_usd_price is None else {iq.max_usd_price},
        "type": set() if iq.type is None else {iq.type},
        "method": set() if iq.method is None else {iq.method},
        "asset": set(iq.assets),
        "paymentAsset": set(iq.payment_assets),
        "negation": set(iq.negated_terms),
    }


def expected(expect: Mapping[str, Any]) -> Decisions:
    """A case's labels, per kind; negated words are stemmed as ``negated_terms`` are."""
    price = expect.get("maxUsdPrice")
    return {
        "network": set(expect.get("networks") or ()),
        "price": set() if price is None else {Decimal(str(price))},  # Decimal("0.1") == Decimal("0.10")
        "type": set() if expect.get("type") is None else {expect["type"]},
        "method": set() if expect.get("method") is None else {expect["method"]},
        "asset": set(expect.get("assets") or ()),
        "paymentAsset": set(expect.get("assets") or ()),
        "negation": set(tokenize(" ".join(expect.get("negated") or ()))),
    }


def _ratio(num: int, den: int) -> float | None:
    return None if den == 0 else num / den


def score_understanding(cases: Iterable[Mapping[str, Any]], second_reading: bool = True) -> dict[str, Any]:
    """Per split (dev/test/all) and kind: tp, fp, fn, precision, recall; and the failing case ids. With
    ``second_reading=False``, of the rules' reading alone."""
    counts = {split: {kind: [0, 0, 0] for kind in KINDS} for split in SPLITS}
    filtered = {split: {kind: [0, 0] for kind in HARD_KINDS} for split in SPLITS}  # [exactly right, filtered]
    failing: dict[str, dict[str, list[str]]] = {split: {} for split in SPLITS}
    sizes = dict.fromkeys(SPLITS, 0)
    for case in cases:
        try:
            got = decisions(interpret(case["query"], second_reading))
        except QueryTooLong:  # scored as no decision at all
            got = {kind: set() for kind in KINDS}
        want = expected(case["expect"])
        wrong = [
            kind for kind in KINDS if (got[kind] - want[kind] if kind in _PRECISION_ONLY else got[kind] != want[kind])
        ]
        for split in (str(case.get("split", "")), "all"):
            if split not in counts:
                continue
            sizes[split] += 1
            for kind in KINDS:
                tally = counts[split][kind]
                tally[0] += len(got[kind] & want[kind])
                tally[1] += len(got[kind] - want[kind])
                tally[2] += len(want[kind] - got[kind])
            for kind in HARD_KINDS:
                if got[kind]:
                    filtered[split][kind][0] += got[kind] == want[kind]
                    filtered[split][kind][1] += 1
            if wrong:
                failing[split][str(case["id"])] = wrong
    splits: dict[str, Any] = {}
    for split in SPLITS:
        kinds = {}
        for kind, (tp, fp, fn) in counts[split].items():
            kinds[kind] = {
                "tp": tp,
                "fp": fp,
                "fn": fn,
                "precision": _ratio(tp, tp + fp),
                "recall": _ratio(tp, tp + fn),
            }
        meets = all(
            (kinds[k]["precision"] or 0.0) >= PRECISION_TARGET
            for k in HARD_KINDS
            if counts[split][k][0] + counts[split][k][1]  # a kind with no decisions cannot miss the target
        )
        per_query = {kind: _ratio(right, total) for kind, (right, total) in filtered[split].items()}
        splits[split] = {
            "cases": sizes[split],
            "kinds": kinds,
            "queryPrecision": per_query,
            "hardPrecisionTargetMet": meets,
        }
    return {"precisionTarget": PRECISION_TARGET, "splits": splits, "failing": failing}


def format_table(report: Mapping[str, Any]) -> str:
    """A plain-text table: precision / recall (tp fp fn) per kind and split."""
    lines = [f"{'kind':<9}" + "".join(f"{split:>26}" for split in SPLITS)]
    for kind in KINDS:
        cells = []
        for split in SPLITS:
            k = report["splits"][split]["kinds"][kind]
            p = "-" if k["precision"] is None else f"{k['precision']:.3f}"
            r = "-" if k["recall"] is None else f"{k['recall']:.3f}"
            cells.append(f"{p}/{r} ({k['tp']} {k['fp']} {k['fn']})".rjust(26))
        lines.append(f"{kind:<9}" + "".join(cells))
    per_query = []
    for kind in HARD_KINDS:
        cells = []
        for split in SPLITS:
            value = report["splits"][split]["queryPrecision"][kind]
            cells.append(("-" if value is None else f"{value:.3f}").rjust(26))
        per_query.append(f"{kind:<9}" + "".join(cells))
    lines += ["per query (share of the queries given a filter of the kind whose filter is exactly right):", *per_query]
    met = ", ".join(f"{s}: {report['splits'][s]['hardPrecisionTargetMet']}" for s in SPLITS)
    lines.append(f"precision/recall (tp fp fn); hard-filter precision >= {report['precisionTarget']}: {met}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Score query understanding on the labeled set.")
    parser.add_argument("cases", nargs="?", type=Path, default=CASES_PATH)
    parser.add_argument("--json", action="store_true", help="print the whole report as JSON")
    parser.add_argument("--failures", choices=("dev",), help="list the failing cases of the dev split")
    parser.add_argument(
        "--rules-only", action="store_true", help="the rules' reading alone, without the second reading of filters"
    )
    args = parser.parse_args(argv)
    cases = load_cases(args.cases)
    report = score_understanding(cases, second_reading=not args.rules_only)
    if args.json:
        print(json.dumps(report, indent=2, sort_keys=True))
    else:
        print(format_table(report))
    if args.failures:
        # Only dev: the test split is for reporting, never for finding what to tune.
        by_id = {str(c["id"]): c for c in cases}
        for case_id, kinds in report["failing"][args.failures].items():
            case = by_id[case_id]
            got = decisions(interpret(case["query"], not args.rules_only))
            want = expected(case["expect"])
            diff = "; ".join(f"{k}: got {sorted(map(str, got[k]))} want {sorted(map(str, want[k]))}" for k in kinds)
            print(f"{case_id} {case['query']!r}\n    {diff}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
