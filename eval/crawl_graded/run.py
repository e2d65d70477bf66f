"""Graded topical queries over the real Bazaar crawl: pool candidates for judging, then score every arm.

    python eval/crawl_graded/run.py pool /tmp/crawl_graded_pool.jsonl   # candidates to judge (not committed:
                                                                       # it carries the crawl's seller text)
    python eval/crawl_graded/run.py pool --unjudged OUT   # what today's scored arms rank in their top 10 that
                                                          # has no grade yet (a top-up round of judging)
    python eval/crawl_graded/run.py score [OUT]   # e.g. eval/crawl_graded/report.txt

The crawl (``../shared/data/cdp-bazaar-crawl-2025-12-31.json``) is cataloged through the real path into its own
schema, as ``souk eval --crawl`` does. Listings are named by resource URL (plus the tool for an MCP tool), so
judgments survive re-cataloging. Pooling takes the top ``POOL_DEPTH`` of every pooled arm and shuffles each
query's union, so a judge cannot tell which arm returned a listing. Scoring treats unjudged listings as not
relevant and reports how much of each arm's top 10 was judged.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from souk.catalog.ingest import ingest_many
from souk.config import get_settings
from souk.db.pool import database_url
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.arms import ARMS
from souk.evaluation.crawl import crawl_events
from souk.evaluation.external import DATA_DIR
from souk.evaluation.golden import GoldenQuery
from souk.evaluation.harness import per_query_scores, run_arm
from souk.evaluation.run import EVAL_CLOCK, prepare_semantic
from souk.evaluation.stats.randomization import paired_randomization_test

HERE = Path(__file__).resolve().parent
CRAWL = DATA_DIR / "cdp-bazaar-crawl-2025-12-31.json"
SCHEMA = "souk_crawl_graded"
POOLED_ARMS = ("bm25f", "semantic", "hybrid", "full")
# A top-up round pools every scored arm the report compares, except the weak ts_rank baseline.
TOP_UP_ARMS = ("bm25f", "semantic", "hybrid", "hybrid_synthetic", "full")
SCORED_ARMS = ("tsrank", "bm25f", "semantic", "hybrid", "hybrid_synthetic", "full")
POOL_DEPTH = 10
METRICS = ("ndcg@10", "mrr@10", "recall@20", "p@5", "empty", "no_match")


def load_queries() -> list[GoldenQuery]:
    judged: dict[str, dict[str, int]] = {}
    path = HERE / "judgments.jsonl"
    if path.exists():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                row = json.loads(line)
                judged[row["id"]] = {k: int(v) for k, v in row["judgments"].items()}
    queries = []
    for line in (HERE / "queries.jsonl").read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        q = json.loads(line)
        queries.append(
            GoldenQuery(
                id=q["id"],
                query=q["query"],
                rationale=q.get("note", ""),
                judgments=judged.get(q["id"], {}),
                no_match_expected=bool(q["noMatch"]),
                tags=(q["style"],),
                split=q["split"],
            )
        )
    return queries


def _slug(row: Any) -> str:
    """A listing's name in the judgments: its resource URL, plus the tool for an MCP tool."""
    return row["resource_url"] + (f" {row['tool_name']}" if row["tool_name"] else "")


def _catalog(conn: Any, settings: Any) -> dict[int, str]:
    ingest_many(conn, crawl_events(CRAWL), settings)
    conn.commit()
    prepare_semantic(conn, settings)
    rows = conn.execute("SELECT id, resource_url, tool_name FROM listings").fetchall()
    return {r["id"]: _slug(r) for r in rows}


def pool(out: Path, *, unjudged: bool = False) -> None:
    """The shuffled union of the pooled arms' top ``POOL_DEPTH`` per query; with ``unjudged``, of every arm in
    ``TOP_UP_ARMS``, keeping only listings the query has no grade for yet."""
    settings = get_settings()
    queries = load_queries()
    arms = TOP_UP_ARMS if unjudged else POOLED_ARMS
    with fc.connect(fc.reset_schema(database_url(settings), SCHEMA, settings)) as conn:
        slug_of = _catalog(conn, settings)
        runs = {arm: run_arm(conn, settings, ARMS[arm], queries, slug_of, EVAL_CLOCK).rankings for arm in arms}
        rows = conn.execute(
            "SELECT resource_url, tool_name, type, description, service_name, method, networks, min_usd_price"
            " FROM listings"
        ).fetchall()
    by_slug = {_slug(r): r for r in rows}
    pooled = 0
    with out.open("w", encoding="utf-8") as f:
        for q in queries:
            slugs = sorted(
                {s for arm in arms for s in runs[arm][q.id][:POOL_DEPTH]} - (set(q.judgments) if unjudged else set())
            )
            if unjudged and not slugs:
                continue
            pooled += len(slugs)
            seed = int(hashlib.sha256(q.id.encode()).hexdigest(), 16) % (1 << 32)
            random.Random(seed).shuffle(slugs)
            candidates = [
                {
                    "listing": s,
                    "name": by_slug[s]["service_name"],
                    "description": (by_slug[s]["description"] or "")[:600],
                    "type": by_slug[s]["type"],
                    "method": by_slug[s]["method"],
                    "networks": list(by_slug[s]["networks"] or []),
                }
                for s in slugs
                if s in by_slug
            ]
            f.write(json.dumps({"id": q.id, "query": q.query, "candidates": candidates}) + "\n")
    print(f"pooled {pooled} candidates into {out}")


def score(out: Path | None) -> None:
    settings = get_settings()
    queries = [q for q in load_queries() if q.judgments or q.no_match_expected]
    with fc.connect(fc.reset_schema(database_url(settings), SCHEMA, settings)) as conn:
        slug_of = _catalog(conn, settings)
        runs = {arm: run_arm(conn, settings, ARMS[arm], queries, slug_of, EVAL_CLOCK).rankings for arm in SCORED_ARMS}
    lines = [
        f"command: python eval/crawl_graded/run.py score; crawl {CRAWL.name}; {len(slug_of)} listings;"
        f" queries {len(queries)}",
        "unjudged listings count as not relevant; judged@10 = share of an arm's top 10 that was judged",
    ]
    for split in ("dev", "test", "all"):
        chosen = [q for q in queries if split == "all" or q.split == split]
        lines.append(f"\n[{split}] {len(chosen)} queries ({sum(q.no_match_expected for q in chosen)} no-match)")
        lines.append("arm                " + "".join(f"{m:>14}" for m in METRICS) + "     judged@10")
        per_arm: dict[str, list[dict[str, float]]] = {}
        for arm in SCORED_ARMS:
            per_arm[arm] = [per_query_scores(runs[arm][q.id], q) for q in chosen]
            cells = []
            for metric in METRICS:
                values = [s[metric] for s in per_arm[arm] if metric in s]
                mean = sum(values) / len(values) if values else None
                cells.append(f"{mean:>14.3f}" if mean is not None else f"{'-':>14}")
            top = [(runs[arm][q.id][:10], q.judgments) for q in chosen if not q.no_match_expected]
            judged = sum(sum(s in j for s in r) for r, j in top) / max(1, sum(len(r) for r, _ in top))
            lines.append(f"{arm:<19}" + "".join(cells) + f"{judged:>14.3f}")
        full = [s["ndcg@10"] for s in per_arm["full"] if "ndcg@10" in s]
        for anchor in ("bm25f", "hybrid"):
            other = [s["ndcg@10"] for s in per_arm[anchor] if "ndcg@10" in s]
            delta = (sum(full) - sum(other)) / max(1, len(full))
            p = paired_randomization_test(full, other) if full else float("nan")
            lines.append(f"full - {anchor}: nDCG@10 {delta:+.3f} (paired randomization p={p:.4f}, n={len(full)})")
    text = "\n".join(lines) + "\n"
    print(text)
    if out:
        out.write_text(text, encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("pool", "score"))
    parser.add_argument("path", nargs="?", type=Path)
    parser.add_argument("--unjudged", action="store_true", help="pool: only top-10 listings without a grade yet")
    args = parser.parse_intermixed_args(argv)  # `pool --unjudged OUT` as well as `pool OUT --unjudged`
    if not CRAWL.exists():
        print(f"skipped: crawl file {CRAWL} is not present")
        return 0
    if args.mode == "pool":
        pool(args.path or Path("/tmp/crawl_graded_pool.jsonl"), unjudged=args.unjudged)
    else:
        score(args.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
