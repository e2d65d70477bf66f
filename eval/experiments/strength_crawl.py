"""Dump both arms for a few probe queries over the real Bazaar crawl, in the format of
``eval/experiments/features.py`` (no judgments: the crawl has none), so ``strength_offline.py`` can show
what ``matchStrength`` says on them. The probes are the reported false "strong" answers (a booking
query whose #1 is a calendar slot sharing only the stem "book") and the crawl check's own probes.

    python eval/experiments/strength_crawl.py /work/shared/data/cdp-bazaar-crawl-2025-12-31.json OUT.json
"""

from __future__ import annotations

import json
import math
import sys
from pathlib import Path

from souk.catalog.ingest import ingest_many
from souk.config import get_settings
from souk.db.pool import database_url
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.crawl import NO_MATCH_PROBES, PROBES, crawl_events
from souk.evaluation.run import prepare_semantic
from souk.listing.filters import Filters, filter_sql
from souk.search import bm25f, health
from souk.search.pipeline import _constraint_sql, _lexical, _semantic_arm, select_terms
from souk.search.profile import DEFAULT_PROFILE
from souk.search.understanding import interpret

ATTACKS = [
    "yoga class booking",
    "flight booking api",
    "hotel booking",
    "dentist appointment booking",
    "recipe search",
    "book a calendar slot",
]


def main(crawl: Path, out: Path) -> None:
    settings = get_settings()
    conninfo = fc.reset_schema(database_url(settings), "souk_strength_crawl", settings)
    with fc.connect(conninfo) as conn:
        ingest_many(conn, crawl_events(crawl), settings)
        conn.commit()
        prepare_semantic(conn, settings)
        n = conn.execute("SELECT count(*) AS n FROM listings").fetchone()["n"]
        names = {
            r["id"]: f"{r['id']}:{(r['description'] or r['resource_url'] or '')[:70]}"
            for r in conn.execute("SELECT id, resource_url, description FROM listings").fetchall()
        }
        p = DEFAULT_PROFILE
        queries = []
        for text in ATTACKS + PROBES + NO_MATCH_PROBES:
            iq = interpret(text)
            where, args = filter_sql(Filters())
            where = f"{where} AND {health.LISTED_SQL}"
            extra, extra_args = _constraint_sql(iq, Filters(), {})
            where, args = f"{where} AND {extra}", args | extra_args
            terms = select_terms(conn, list(iq.topical_terms), p.max_query_terms)
            dfs = bm25f.term_document_frequency(conn, terms) if terms else {}
            hits = _lexical(conn, iq, p, where, args) or []
            sem = _semantic_arm(conn, iq, settings, p, where, args).hits or []
            queries.append(
                {
                    "id": text,
                    "q": text,
                    "relevant": {},
                    "split": "probe",
                    "no_match": False,
                    "ineligible": [],
                    "terms": list(iq.topical_terms),
                    "idf": {t: math.log(1 + (n - dfs.get(t, 0) + 0.5) / (dfs.get(t, 0) + 0.5)) for t in terms},
                    "lexical": [
                        [names.get(h.listing_id, str(h.listing_id)), h.score, h.matched, h.idf_coverage, 0.0]
                        for h in hits
                    ],
                    "semantic": [
                        [names.get(h.listing_id, str(h.listing_id)), h.similarity, h.listing_similarity] for h in sem
                    ],
                }
            )
        conn.rollback()
    out.write_text(json.dumps({"set": "crawl", "listings": n, "queries": queries}), encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
