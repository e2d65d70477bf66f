"""Search latency: p50/p95 per arm and for the full pipeline, warm, on the demo catalog and on a
generated 14,000-listing catalog. A benchmark script, not a test.

Usage: python eval/bench_search.py [--listings 14000] [--repeats 2]

Each catalog goes through the real cataloging path into a fresh embedded Postgres (temp dir). The demo
catalog is embedded by the real embedding job. For the 14,000-listing catalog, embedding ~84,000 texts on
two cores would take ~25 minutes, so its vectors are copied from the demo listing each generated listing
varies (the text differs only by host and tool suffix): latency depends on row count and dimension, not
on the values. Both exact scan and HNSW (built above settings.hnsw_threshold rows) are timed.
Queries: the golden set's agent-style queries (eval/golden/queries.draft.jsonl), 20 warm-ups first.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
from pgvector.psycopg import register_vector
from psycopg.rows import dict_row

sys.path.insert(0, str(Path(__file__).parent))
from bench_reindex import cpu_model, generated_listings

from souk.catalog.loader import load_events, load_events_file
from souk.config import get_settings
from souk.db.migrate import migrate
from souk.demo.builders import event
from souk.demo.catalog import DEMO_CLOCK, DEMO_PATH
from souk.embedding import generations as gens
from souk.embedding.model_build import build_model_dir
from souk.embedding.worker import drain
from souk.listing.filters import Filters
from souk.search import bm25f, semantic
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE
from souk.search.understanding import interpret

QUERIES = Path(__file__).parent / "golden" / "queries.draft.jsonl"


def connect(url: str) -> psycopg.Connection[Any]:
    conn = psycopg.connect(url, autocommit=True, row_factory=dict_row)
    register_vector(conn)
    return conn


def percentiles(samples: list[float]) -> str:
    ms = sorted(s * 1000 for s in samples)
    p = statistics.quantiles(ms, n=100)
    return f"p50 {p[49]:6.1f} ms   p95 {p[94]:6.1f} ms   (n={len(ms)})"


def timed(fn: Callable[[str], Any], queries: list[str], repeats: int) -> list[float]:
    for q in queries[:20]:
        fn(q)
    out = []
    for _ in range(repeats):
        for q in queries:
            t = time.perf_counter()
            fn(q)
            out.append(time.perf_counter() - t)
    return out


def measure(name: str, conn: psycopg.Connection[Any], queries: list[str], repeats: int) -> None:
    settings = get_settings()
    profile = DEFAULT_PROFILE
    generation = semantic.active_generation(conn)
    provider = semantic.query_provider(settings)
    clock = datetime(2026, 11, 15, tzinfo=UTC)

    def lexical(q: str) -> Any:
        iq = interpret(q)
        return bm25f.bm25f_search(
            conn,
            list(iq.topical_terms),
            where="TRUE",
            args={},
            k1=profile.k1,
            field_weights=profile.field_weights,
            field_b=profile.field_b,
            pool=profile.pool,
        )

    def embed_uncached(q: str) -> Any:
        return provider.embed([interpret(q).topical_text or q])

    def vector_search(q: str) -> Any:
        vector = semantic.QUERY_CACHE.get(provider, interpret(q).topical_text or q)
        return semantic.semantic_search(
            conn, generation, vector, where="TRUE", args={}, pool=profile.pool, synthetic=True
        )

    def full(q: str) -> Any:
        return rank(conn, RankRequest(q, Filters(), profile, clock), settings, profile)

    print(f"\n[{name}] profile {profile.header()}")
    print(f"[{name}] lexical arm (BM25F, pool {profile.pool})      {percentiles(timed(lexical, queries, repeats))}")
    print(f"[{name}] query embedding (uncached ONNX)            {percentiles(timed(embed_uncached, queries, 1))}")
    print(f"[{name}] semantic arm (vector search, cached query)  {percentiles(timed(vector_search, queries, repeats))}")
    print(f"[{name}] full pipeline (rank, warm query cache)      {percentiles(timed(full, queries, repeats))}")


def copy_vectors(large: psycopg.Connection[Any], demo: psycopg.Connection[Any], table: str) -> int:
    """Give each generated listing the vectors of the demo listing it varies."""
    demo_rows = demo.execute(
        f"SELECT l.resource_url, l.tool_name, l.method, e.kind, e.ordinal, e.text, e.content_hash, e.embedding"
        f" FROM {table} e JOIN listings l ON l.id = e.listing_id"
    ).fetchall()
    by_key: dict[tuple[str, str | None, str | None], list[dict[str, Any]]] = {}
    for r in demo_rows:
        by_key.setdefault((r["resource_url"], r["tool_name"], r["method"]), []).append(r)
    rows = large.execute("SELECT id, resource_url, tool_name, method FROM listings").fetchall()
    out = []
    for r in rows:
        scheme, rest = r["resource_url"].split("://", 1)
        host, path = rest.split("/", 1) if "/" in rest else (rest, "")
        base_host = host.split(".", 1)[1] if host.startswith("r") and host.split(".", 1)[0][1:].isdigit() else host
        tool = r["tool_name"].rsplit("_r", 1)[0] if r["tool_name"] and "_r" in r["tool_name"] else r["tool_name"]
        for v in by_key.get(
            (
                f"{scheme}://{base_host}/{path}".rstrip("/") if path else f"{scheme}://{base_host}",
                tool,
                r["method"],
            ),
            [],
        ):
            out.append((r["id"], v["kind"], v["ordinal"], v["text"], v["content_hash"], v["embedding"], 1))
    with large.cursor() as cur:
        cur.executemany(
            f"INSERT INTO {table} (listing_id, kind, ordinal, text, content_hash, embedding, fencing_token)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s) ON CONFLICT DO NOTHING",
            out,
        )
    return len(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listings", type=int, default=14000)
    parser.add_argument("--repeats", type=int, default=2)
    args = parser.parse_args(argv)
    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores; embedding threads {get_settings().embedding_threads}")
    settings = get_settings()
    build_model_dir(Path(settings.model_dir))
    queries = [json.loads(line)["query"] for line in QUERIES.read_text(encoding="utf-8").splitlines() if line]

    from souk.db.embedded import get_server

    data_dir = Path(tempfile.mkdtemp(prefix="souk-bench-search-"))
    server = get_server(data_dir, cleanup_mode="stop")
    try:
        admin = server.get_uri()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("CREATE DATABASE bench_demo")
            conn.execute("CREATE DATABASE bench_large")
        demo_url = admin.replace("/postgres?", "/bench_demo?")
        large_url = admin.replace("/postgres?", "/bench_large?")
        for url in (demo_url, large_url):
            migrate(url)
        with connect(demo_url) as demo:
            load_events_file(demo, DEMO_PATH, settings)
            gen = gens.ensure_default_generation(demo, settings)
            drain(demo, settings)
            measure(
                f"demo {demo.execute('SELECT count(*) AS n FROM listings').fetchone()['n']} listings",
                demo,
                queries,
                args.repeats,
            )
            with connect(large_url) as large:
                t = time.perf_counter()
                events = [event(item, observed_at=DEMO_CLOCK) for item in generated_listings(args.listings)]
                load_events(large, events, settings)
                print(f"\n(cataloged {len(events)} generated listings in {time.perf_counter() - t:.0f} s)")
                large_gen = gens.create_generation(large, gen.identity)
                gens.activate(large, large_gen.id, force=True)
                copied = copy_vectors(large, demo, large_gen.vector_table)
                large.execute("UPDATE embedding_jobs SET state = 'done', embedded_hash = content_hash")
                name = f"generated {args.listings} listings, {copied} vectors"
                measure(f"{name}, exact scan", large, queries, args.repeats)
                t = time.perf_counter()
                built = gens.maybe_create_hnsw(large, large_gen, settings.hnsw_threshold)
                if built:
                    print(f"\n(HNSW index over {copied} rows built in {time.perf_counter() - t:.0f} s)")
                    measure(f"{name}, HNSW", large, queries, args.repeats)
    finally:
        server.cleanup()
        shutil.rmtree(data_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
