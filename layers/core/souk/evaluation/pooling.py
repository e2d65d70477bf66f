"""Judgment pools: the union of every arm's top results, plus the query writer's own candidates
(a manual search of the catalog), written as packets for judges who did not write the queries."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from souk.config import Settings
from souk.db.pool import database_url
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.arms import ARMS
from souk.evaluation.golden import GoldenQuery
from souk.evaluation.harness import run_arm
from souk.evaluation.run import EVAL_CLOCK, EvalPaths, prepare_semantic

POOL_DEPTH = 20


def draft_queries(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def build_pools(settings: Settings, draft: Path, out_dir: Path, *, paths: EvalPaths | None = None) -> dict[str, int]:
    """Write one packet per query: candidates with the canonical text a judge grades from."""
    paths = paths or EvalPaths()
    drafts = draft_queries(draft)
    queries = [
        GoldenQuery(id=d["id"], query=d["query"], rationale=d.get("rationale", ""), judgments={}) for d in drafts
    ]
    conninfo = fc.reset_schema(database_url(settings), "souk_eval", settings)
    with fc.connect(conninfo) as conn:
        fc.load_fixture_catalog(conn, paths.events, settings)
        prepare_semantic(conn, settings)
        slugs = fc.map_slugs(conn, paths.listings)
        runs = {
            name: run_arm(conn, settings, profile, queries, slugs.by_id, EVAL_CLOCK).rankings
            for name, profile in ARMS.items()
        }
        texts = {r["id"]: r["search_text"] for r in conn.execute("SELECT id, search_text FROM listings")}
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes: dict[str, int] = {}
    for d in drafts:
        pool: list[str] = []
        for arm in ARMS:
            pool += runs[arm][d["id"]][:POOL_DEPTH]
        pool += d.get("intended", []) + d.get("distractors", []) + d.get("constraint_ineligible", [])
        ordered = sorted(dict.fromkeys(s for s in pool if s in slugs.by_slug))  # alphabetical: no arm's order leaks
        packet = {
            "id": d["id"],
            "query": d["query"],
            "rationale": d.get("rationale", ""),
            "candidates": [{"listing": s, "text": texts[slugs.by_slug[s]]} for s in ordered],
        }
        (out_dir / f"{d['id']}.json").write_text(
            json.dumps(packet, indent=1, ensure_ascii=False) + "\n", encoding="utf-8"
        )
        sizes[d["id"]] = len(ordered)
    return sizes
