"""Dump per-query ranking evidence (both arms' raw hits) for offline study of fusion and abstention.

    python eval/experiments/features.py golden|metatool|restbench|apibench OUT.json [--hnsw]

Each set is cataloged through the real path into its own scratch schema; for every query it records
the interpreted query and the arms exactly as the shipped pipeline builds them (the filters it reads
from the words, the rarest ``max_query_terms`` terms for BM25F): BM25F hits (score, matched terms, IDF
share, best matched-term IDF) and semantic hits (best cosine, listing-text cosine), plus the judgments
and split. A tuning aid only: shipped numbers come from ``souk eval``.
"""

from __future__ import annotations

import hashlib
import json
import math
import sys
from datetime import timedelta
from pathlib import Path

from souk.config import get_settings
from souk.db.pool import database_url
from souk.demo.builders import event
from souk.embedding import generations as gens
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.external import _events_file, doc_listing
from souk.evaluation.golden import load_golden
from souk.evaluation.run import EVAL_CLOCK, EvalPaths, prepare_semantic
from souk.listing.filters import Filters, filter_sql
from souk.search import bm25f, health, semantic
from souk.search.pipeline import _constraint_sql, _lexical, _semantic_arm, select_terms
from souk.search.profile import DEFAULT_PROFILE
from souk.search.understanding import interpret

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"


def _split(qid: str) -> str:
    return "dev" if int(hashlib.sha256(qid.encode()).hexdigest(), 16) % 2 == 0 else "test"


def main(name: str, out: Path, limit: int = 600, hnsw: bool = False) -> None:
    """``hnsw``: read vectors as a catalog past ``hnsw_threshold`` does (the HNSW index, its row window),
    whatever the set's size."""
    settings = get_settings()
    schema = f"souk_feat_{name}"
    conninfo = fc.reset_schema(database_url(settings), schema, settings)
    with fc.connect(conninfo) as conn:
        if name == "golden":
            paths = EvalPaths()
            fc.load_fixture_catalog(conn, paths.events, settings)
            prepare_semantic(conn, settings)
            slug_of = fc.map_slugs(conn, paths.listings).by_id
            queries = [
                {
                    "id": q.id,
                    "q": q.query,
                    "relevant": q.judgments,
                    "split": q.split,
                    "no_match": q.no_match_expected,
                    "ineligible": list(q.constraint_ineligible),
                }
                for q in load_golden(paths.golden).queries
            ]
        else:
            data = json.loads((SHARED / f"{name}-tools.json").read_text(encoding="utf-8"))
            listings = {d["id"]: doc_listing(d) for d in data["docs"]}
            events = [event(lst, observed_at=EVAL_CLOCK - timedelta(days=1)) for lst in listings.values()]
            fc.load_fixture_catalog(conn, _events_file(events, Path(name)), settings)
            prepare_semantic(conn, settings)
            rows = conn.execute("SELECT id, resource_url, tool_name FROM listings").fetchall()
            by_key = {(r["resource_url"], r["tool_name"]): r["id"] for r in rows}
            slug_of = {by_key[(v.url, v.tool_name)]: k for k, v in listings.items() if (v.url, v.tool_name) in by_key}
            ranked = sorted(data["queries"], key=lambda q: hashlib.sha256(q["id"].encode()).hexdigest())[:limit]
            queries = [
                {
                    "id": q["id"],
                    "q": q["q"],
                    "relevant": q["relevant"],
                    "split": _split(q["id"]),
                    "no_match": False,
                    "ineligible": [],
                }
                for q in ranked
            ]
        n = conn.execute("SELECT count(*) AS n FROM listings").fetchone()["n"]
        if hnsw:
            active = semantic.active_generation(conn)
            gens.maybe_create_hnsw(conn, gens.get_generation(conn, active.id), threshold=0)
            conn.execute("SET enable_seqscan = off")  # a small table: plan as a large one would
        p = DEFAULT_PROFILE
        for q in queries:
            try:
                iq = interpret(q["q"][:4000])
            except ValueError:
                iq = interpret(q["q"][:500])
            where, args = filter_sql(Filters())
            where = f"{where} AND {health.LISTED_SQL}"
            extra, extra_args = _constraint_sql(iq, Filters(), {})
            where, args = f"{where} AND {extra}", args | extra_args
            terms = select_terms(conn, list(iq.topical_terms), p.max_query_terms)
            q["terms"] = list(iq.topical_terms)  # the learned fusion's query length counts every topical term
            q["interpreted"] = iq.to_dict()
            dfs = bm25f.term_document_frequency(conn, terms) if terms else {}
            q["idf"] = {t: math.log(1 + (n - dfs.get(t, 0) + 0.5) / (dfs.get(t, 0) + 0.5)) for t in terms}
            hits = _lexical(conn, iq, p, where, args) or []
            top_ids = [h.listing_id for h in hits[:50]]
            matched: dict[int, list[str]] = {}
            if top_ids:
                for r in conn.execute(
                    "SELECT DISTINCT listing_id, term FROM lexical_postings"
                    " WHERE listing_id = ANY(%s) AND term = ANY(%s)",
                    (top_ids, terms),
                ).fetchall():
                    matched.setdefault(r["listing_id"], []).append(r["term"])
            q["lexical"] = [
                [
                    slug_of.get(h.listing_id, str(h.listing_id)),
                    h.score,
                    h.matched,
                    h.idf_coverage,
                    max((q["idf"].get(t, 0) for t in matched.get(h.listing_id, [])), default=0.0),
                ]
                for h in hits
            ]
            arm = _semantic_arm(conn, iq, settings, p, where, args)
            sem = arm.hits or []
            q["semantic"] = [
                [slug_of.get(h.listing_id, str(h.listing_id)), h.similarity, h.listing_similarity] for h in sem
            ]
        conn.rollback()
    out.write_text(json.dumps({"set": name, "listings": n, "queries": queries}), encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), hnsw="--hnsw" in sys.argv[3:])
