"""External sets in the MetaTool shape: ``{"docs": [{id, name, description, tags, params}],
"queries": [{id, q, relevant: {doc_id: grade}}]}``. Docs become MCP listings (through the real
cataloging path, in a scratch schema) and every arm is scored on a deterministic query sample."""

from __future__ import annotations

import hashlib
import json
import re
from datetime import timedelta
from pathlib import Path
from typing import Any

from tqdm import tqdm

from souk.config import Settings
from souk.db.pool import database_url
from souk.demo.builders import Listing, Param, event
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.arms import ARMS, BASELINE_ARM
from souk.evaluation.golden import GoldenQuery
from souk.evaluation.harness import compare, per_query_scores, run_arm
from souk.evaluation.run import EVAL_CLOCK, prepare_semantic

SELLER = "0x00000000000000000000000000000000000e7e41"


def _slug(doc_id: str) -> str:
    return re.sub(r"[^a-z0-9-]+", "-", doc_id.lower()).strip("-")[:40] or "doc"


def doc_listing(doc: dict[str, Any]) -> Listing:
    params = []
    for p in doc.get("params") or []:
        if isinstance(p, dict) and p.get("name"):
            params.append(Param(str(p["name"]), "string", p.get("description") or None, bool(p.get("required"))))
        elif isinstance(p, str):
            params.append(Param(p))
    digest = hashlib.sha256(doc["id"].encode()).hexdigest()[:8]
    return Listing(
        url=f"https://{_slug(doc['id'])}-{digest}.tools.example/mcp",
        kind="mcp",
        tool_name=str(doc.get("name") or doc["id"])[:64],
        pay_to=SELLER,
        network="eip155:8453",
        amount="1000",
        description=(doc.get("description") or None),
        tags=[t[:32] for t in (doc.get("tags") or [])][:5] or None,
        params=params,
    )


def sample_queries(queries: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """A deterministic, spread sample: queries ordered by a hash of their id. Queries longer than the
    search API accepts (MAX_QUERY_CHARS, a 400 there) are left out rather than truncated."""
    from souk.search.understanding import MAX_QUERY_CHARS

    usable = [q for q in queries if len(q["q"]) <= MAX_QUERY_CHARS]
    ranked = sorted(usable, key=lambda q: hashlib.sha256(q["id"].encode()).hexdigest())
    return ranked[:limit]


def run_external(settings: Settings, path: Path, *, limit: int = 400, progress: bool = True) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    docs = data["docs"]
    listings = {doc["id"]: doc_listing(doc) for doc in docs}
    events = [event(listing, observed_at=EVAL_CLOCK - timedelta(days=1)) for listing in listings.values()]
    conninfo = fc.reset_schema(database_url(settings), "souk_external", settings)
    queries = [
        GoldenQuery(id=q["id"], query=q["q"], rationale="", judgments={k: int(v) for k, v in q["relevant"].items()})
        for q in sample_queries(data["queries"], limit)
    ]
    with fc.connect(conninfo) as conn:
        summary = fc.load_fixture_catalog(conn, _events_file(events, path), settings)
        generation = prepare_semantic(conn, settings)
        rows = conn.execute("SELECT id, resource_url, tool_name FROM listings").fetchall()
        by_key = {(r["resource_url"], r["tool_name"]): r["id"] for r in rows}
        slug_of = {
            by_key[(lst.url, lst.tool_name)]: doc_id
            for doc_id, lst in listings.items()
            if (lst.url, lst.tool_name) in by_key
        }
        bar = tqdm(total=len(ARMS) * len(queries), desc="external eval", disable=not progress, unit="q")
        runs = {
            name: run_arm(conn, settings, profile, queries, slug_of, EVAL_CLOCK, bar.update).rankings
            for name, profile in ARMS.items()
        }
        bar.close()
    per_query = {arm: {q.id: per_query_scores(runs[arm][q.id], q) for q in queries} for arm in ARMS}
    return {
        "set": path.name,
        "docs": len(docs),
        "cataloged": summary,
        "queriesScored": len(queries),
        "modelGeneration": generation,
        "results": compare(per_query, queries, BASELINE_ARM),
    }


def _events_file(events: list[dict[str, Any]], source: Path) -> Path:
    import tempfile

    out = Path(tempfile.mkdtemp(prefix="souk-external-")) / f"{source.stem}.events.jsonl"
    out.write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in events), encoding="utf-8")
    return out
