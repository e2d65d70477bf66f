"""Does a multi-sentence query find its tool better sentence by sentence? (a tuning aid; shipped numbers
come from ``souk eval``).

A task request often spends its first sentences on context ("To analyze street photos, I need to segment
pedestrians ...") and one on the ask ("Provide an API able to perform semantic segmentation"). One vector
for the whole text averages the two. This compares, for the semantic arm alone (every stored vector of a
listing, its text and its synthetic queries, scored exactly, no index):

- ``whole``: the shipped query vector (the topical text);
- ``max_sentence``: a listing's best cosine to any one sentence (or the whole text);
- ``blend``: the mean of ``whole`` and ``max_sentence``;
- ``centroid``: one vector, the normalized mean of the whole text's and each sentence's vectors.

    python eval/experiments/sentence_vectors.py golden|metatool|restbench|apibench [--split dev]

nDCG@10 over the split's queries (all of them, and those with two or more sentences).

Measured 2026-12-03 (dev halves; semantic arm alone; all / 2+ sentences; wins-losses against ``whole``):

| set | whole | max_sentence | blend | centroid |
|---|---|---|---|---|
| golden (126; 20 multi) | .705 / .595 | .699 / .555 (5-7) | .709 / .618 (5-5) | .704 / .585 (4-7) |
| metatool (326; 94) | .685 / .702 | .691 / .723 (12-15) | .691 / .723 (11-9) | .685 / .700 (13-14) |
| apibench (316; 131) | .214 / .232 | .222 / .250 (16-12) | .217 / .240 (9-10) | .204 / .208 (11-16) |

``blend`` is ahead everywhere by .003-.006 overall, with wins and losses about even: within noise, for one
extra embedding per sentence on the request path. Not shipped.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import re
from datetime import timedelta
from pathlib import Path

import numpy as np

from souk.config import get_settings
from souk.db.pool import database_url
from souk.demo.builders import event
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.external import _events_file, doc_listing
from souk.evaluation.golden import load_golden
from souk.evaluation.run import EVAL_CLOCK, EvalPaths, prepare_semantic
from souk.search import semantic
from souk.search.understanding import interpret

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
MIN_SENTENCE_WORDS = 3


def sentences(text: str) -> list[str]:
    parts = [p.strip() for p in _SENTENCE_END.split(text) if p.strip()]
    return [p for p in parts if len(p.split()) >= MIN_SENTENCE_WORDS]


def _split(qid: str) -> str:
    return "dev" if int(hashlib.sha256(qid.encode()).hexdigest(), 16) % 2 == 0 else "test"


def ndcg10(ranked: list[str], gains: dict[str, float]) -> float:
    dcg = sum(gains.get(d, 0.0) / math.log2(i + 2) for i, d in enumerate(ranked[:10]))
    ideal = sorted(gains.values(), reverse=True)[:10]
    idcg = sum(g / math.log2(i + 2) for i, g in enumerate(ideal))
    return dcg / idcg if idcg else 0.0


def load(name: str, conn: object, settings: object) -> tuple[dict[int, str], list[dict]]:
    if name == "golden":
        paths = EvalPaths()
        fc.load_fixture_catalog(conn, paths.events, settings)
        slug_of = fc.map_slugs(conn, paths.listings).by_id
        queries = [
            {"id": q.id, "q": q.query, "gains": {k: float(v) for k, v in q.judgments.items() if v}, "split": q.split}
            for q in load_golden(paths.golden).queries
            if not q.no_match_expected
        ]
        return slug_of, queries
    data = json.loads((SHARED / f"{name}-tools.json").read_text(encoding="utf-8"))
    listings = {d["id"]: doc_listing(d) for d in data["docs"]}
    events = [event(lst, observed_at=EVAL_CLOCK - timedelta(days=1)) for lst in listings.values()]
    fc.load_fixture_catalog(conn, _events_file(events, Path(name)), settings)
    rows = conn.execute("SELECT id, resource_url, tool_name FROM listings").fetchall()
    by_key = {(r["resource_url"], r["tool_name"]): r["id"] for r in rows}
    slug_of = {by_key[(v.url, v.tool_name)]: k for k, v in listings.items() if (v.url, v.tool_name) in by_key}
    ranked = sorted(data["queries"], key=lambda q: hashlib.sha256(q["id"].encode()).hexdigest())[:600]
    queries = [
        {"id": q["id"], "q": q["q"], "gains": {r: 1.0 for r in q["relevant"]}, "split": _split(q["id"])} for q in ranked
    ]
    return slug_of, queries


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("name")
    parser.add_argument("--split", default="dev")
    ns = parser.parse_args()
    settings = get_settings()
    conninfo = fc.reset_schema(database_url(settings), f"souk_sent_{ns.name}", settings)
    with fc.connect(conninfo) as conn:
        slug_of, queries = load(ns.name, conn, settings)
        prepare_semantic(conn, settings)
        generation = semantic.active_generation(conn)
        provider = semantic.query_provider(settings)
        rows = conn.execute(f"SELECT listing_id, embedding FROM {generation.vector_table}").fetchall()
        owners = np.array([r["listing_id"] for r in rows])
        matrix = np.stack([np.asarray(r["embedding"].to_numpy(), dtype=np.float32) for r in rows])
        matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
        ids = np.unique(owners)
        conn.rollback()

    def best_per_listing(cosines: np.ndarray) -> np.ndarray:
        out = np.full(ids.shape[0], -1.0, dtype=np.float32)
        np.maximum.at(out, np.searchsorted(ids, owners), cosines)
        return out

    def ranking(scores: np.ndarray) -> list[str]:
        order = np.argsort(-scores, kind="stable")[:10]
        return [slug_of.get(int(ids[i]), str(ids[i])) for i in order]

    arms = ("whole", "max_sentence", "blend", "centroid")
    results: dict[str, list[float]] = {a: [] for a in arms}
    multi: dict[str, list[float]] = {a: [] for a in arms}
    for q in queries:
        if q["split"] != ns.split or not q["gains"]:
            continue
        iq = interpret(q["q"][:4000])
        text = iq.topical_text or iq.normalized
        parts = sentences(q["q"][:4000])
        vectors = provider.embed([text, *parts]) if len(parts) > 1 else provider.embed([text])
        vectors = vectors / np.linalg.norm(vectors, axis=1, keepdims=True)
        per_text = np.stack([best_per_listing(matrix @ v) for v in vectors])
        whole = per_text[0]
        max_sentence = per_text.max(axis=0)
        centroid_vector = vectors.mean(axis=0)
        centroid_vector /= np.linalg.norm(centroid_vector)
        scored = {
            "whole": whole,
            "max_sentence": max_sentence,
            "blend": (whole + max_sentence) / 2,
            "centroid": best_per_listing(matrix @ centroid_vector),
        }
        for arm in arms:
            value = ndcg10(ranking(scored[arm]), q["gains"])
            results[arm].append(value)
            if len(parts) > 1:
                multi[arm].append(value)
    print(f"{ns.name} {ns.split}: {len(results['whole'])} queries, {len(multi['whole'])} with 2+ sentences")
    for arm in arms:
        a, m = results[arm], multi[arm]
        diff = np.array(a) - np.array(results["whole"])
        print(
            f"  {arm:13s} ndcg@10 all {np.mean(a):.4f}  multi {np.mean(m) if m else float('nan'):.4f}"
            f"  (vs whole: +{(diff > 0).sum()} -{(diff < 0).sum()})"
        )


if __name__ == "__main__":
    main()
