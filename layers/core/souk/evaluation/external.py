"""External sets in the MetaTool shape: ``{"docs": [{id, name, description, tags, params}],
"queries": [{id, q, relevant: {doc_id: grade}}]}``. Docs become MCP listings (through the real
cataloging path, in a scratch schema) and every arm is scored on a deterministic query sample.

They are first-class rows of the report: nobody tuning Souk wrote them, and their query styles
(conversational paraphrases, long task instructions, scenario descriptions) differ from the golden
set's. Each query falls in a dev or test half by a hash of its id; tuning looks at dev halves only.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from dataclasses import dataclass
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
from souk.search.profile import Profile

SELLER = "0x00000000000000000000000000000000000e7e41"
DATA_DIR = Path(os.environ.get("SOUK_EXTERNAL_DATA", Path(__file__).resolve().parents[5] / "shared" / "data"))


@dataclass(frozen=True, slots=True)
class ExternalSet:
    name: str
    filename: str
    sample: int  # queries scored (deterministic sample); every query when the set is smaller

    @property
    def path(self) -> Path:
        return DATA_DIR / self.filename


# MetaTool: conversational paraphrases. RestBench: long multi-step task instructions over REST
# endpoints. APIBench: scenario-style requests for ML model APIs. All permissively licensed.
EXTERNAL_SETS: tuple[ExternalSet, ...] = (
    ExternalSet("metatool", "metatool-tools.json", 500),
    ExternalSet("restbench", "restbench-tools.json", 500),
    ExternalSet("apibench", "apibench-tools.json", 500),
)


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


def split_of(query_id: str) -> str:
    """dev or test, by the parity of SHA-256 of the query id."""
    return "dev" if int(hashlib.sha256(query_id.encode()).hexdigest(), 16) % 2 == 0 else "test"


def sample_queries(queries: list[dict[str, Any]], limit: int) -> list[dict[str, Any]]:
    """A deterministic, spread sample: queries ordered by a hash of their id. Long queries are kept:
    the search API accepts task descriptions up to its documented limit."""
    ranked = sorted(queries, key=lambda q: hashlib.sha256(q["id"].encode()).hexdigest())
    return ranked[:limit]


def evaluate_external(
    settings: Settings,
    path: Path,
    *,
    limit: int = 500,
    arms: dict[str, Profile] | None = None,
    clock: Any = None,
    progress: bool = True,
) -> dict[str, Any]:
    """Catalog ``path``'s docs in a scratch schema, run every arm on the sample and score it per split."""
    from souk.evaluation.run import EVAL_CLOCK, prepare_semantic

    arms = arms or ARMS
    clock = clock or EVAL_CLOCK
    data = json.loads(path.read_text(encoding="utf-8"))
    docs = data["docs"]
    listings = {doc["id"]: doc_listing(doc) for doc in docs}
    events = [event(listing, observed_at=clock - timedelta(days=1)) for listing in listings.values()]
    schema = "souk_ext_" + re.sub(r"[^a-z0-9_]", "_", path.stem.lower())[:30]
    conninfo = fc.reset_schema(database_url(settings), schema, settings)
    queries = [
        GoldenQuery(
            id=q["id"],
            query=q["q"],
            rationale="",
            judgments={k: int(v) for k, v in q["relevant"].items()},
            split=split_of(q["id"]),  # type: ignore[arg-type]
        )
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
        bar = tqdm(total=len(arms) * len(queries), desc=f"external {path.stem}", disable=not progress, unit="q")
        runs = {
            name: run_arm(conn, settings, profile, queries, slug_of, clock, bar.update).rankings
            for name, profile in arms.items()
        }
        bar.close()
        conn.rollback()
    fc.drop_schema(database_url(settings), schema)
    per_query = {arm: {q.id: per_query_scores(runs[arm][q.id], q) for q in queries} for arm in arms}
    return {
        "set": path.name,
        "sha256": hashlib.sha256(path.read_bytes()).hexdigest(),
        "docs": len(docs),
        "cataloged": {"listings": summary["listings"], "rejected": summary["rejected"]},
        "queriesScored": len(queries),
        "splits": {s: sum(1 for q in queries if q.split == s) for s in ("dev", "test")},
        "modelGeneration": generation,
        "results": {
            split: compare(per_query, [q for q in queries if split in ("all", q.split)], BASELINE_ARM)
            for split in ("dev", "test", "all")
        },
        "perQuery": per_query,
        "querySplits": {q.id: q.split for q in queries},
    }


def run_external(settings: Settings, path: Path, *, limit: int = 500, progress: bool = True) -> dict[str, Any]:
    """``souk eval --external FILE``: the same, printed without the per-query detail."""
    out = evaluate_external(settings, path, limit=limit, progress=progress)
    out.pop("perQuery")
    out.pop("querySplits")
    return out


def _events_file(events: list[dict[str, Any]], source: Path) -> Path:
    out = Path(tempfile.mkdtemp(prefix="souk-external-")) / f"{source.stem}.events.jsonl"
    out.write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in events), encoding="utf-8")
    return out
