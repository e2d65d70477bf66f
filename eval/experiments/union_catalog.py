"""Does the shipped ranking hold up in a larger, mixed catalog? Each external set's queries against ONE
catalog of all three sets' tools (MetaTool + RestBench + APIBench: 1,352 tools), so every query meets
the other sets' tools as distractors, as a query to a real Bazaar meets every other seller.

The per-set rows of the report catalog each set alone (94 to 1,059 tools); the learned fusion was fitted
on those dev halves. Its features are per-query relative (scores over the query's best), which should
not care about catalog size or mixture; this checks it. Same arms, same dev/test halves by query id,
same paired randomization test as the report.

    SOUK_EXTERNAL_DATA=../shared/data python eval/experiments/union_catalog.py [OUT.json]
"""

from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from souk.config import get_settings
from souk.evaluation.arms import ARMS
from souk.evaluation.external import EXTERNAL_SETS, evaluate_external
from souk.evaluation.stats.randomization import paired_randomization_test

ARM_NAMES = ("bm25f", "hybrid", "full")


def union_file(target: str, scratch: Path) -> Path:
    """``target``'s queries over every set's docs (ids prefixed with their set, so none collide)."""
    data = {e.name: json.loads(e.path.read_text(encoding="utf-8")) for e in EXTERNAL_SETS}
    docs = [dict(d, id=f"{name}:{d['id']}") for name, payload in data.items() for d in payload["docs"]]
    queries = [
        dict(q, relevant={f"{target}:{k}": v for k, v in q["relevant"].items()}) for q in data[target]["queries"]
    ]
    out = scratch / f"{target}-union.json"
    out.write_text(json.dumps({"docs": docs, "queries": queries}), encoding="utf-8")
    return out


def main() -> int:
    arms = {name: ARMS[name] for name in ARM_NAMES}
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory(prefix="souk-union-") as tmp:
        for ext in EXTERNAL_SETS:
            out = evaluate_external(get_settings(), union_file(ext.name, Path(tmp)), limit=ext.sample, arms=arms)
            per_query, splits = out["perQuery"], out["querySplits"]
            results[ext.name] = {"docs": out["docs"], "cataloged": out["cataloged"]}
            for split in ("dev", "test"):
                ids = [q for q, s in splits.items() if s == split]
                ndcg = {a: [per_query[a][q]["ndcg@10"] for q in ids] for a in arms}
                row: dict[str, Any] = {"n": len(ids)}
                for a in arms:
                    row[a] = round(sum(ndcg[a]) / len(ids), 4)
                    row[f"{a}_empty"] = round(sum(per_query[a][q]["empty"] for q in ids) / len(ids), 4)
                for anchor in ("bm25f", "hybrid"):
                    diff = row["full"] - row[anchor]
                    p = paired_randomization_test(ndcg["full"], ndcg[anchor])
                    row[f"full-{anchor}"] = f"{diff:+.3f} (p={p:.4f})"
                results[ext.name][split] = row
                print(ext.name, split, json.dumps(row), flush=True)
    if len(sys.argv) > 1:
        Path(sys.argv[1]).write_text(json.dumps(results, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
