"""Interleaved A/Bs of the semantic arm's filtered scans on the benchmark catalogs (eval/bench_search_scale.py builds
them; pass its --data-dir). A benchmark script, not a test; the numbers of 2026-12-07 are in
eval/bench_search_scale.txt.

Usage: python eval/experiments/vector_scan_ab.py DATA_DIR SIZE EXPERIMENT

  distance  the filtered exact scan with its distance computed twice (ORDER BY a copy) or once, cosine or inner
            product (unit vectors): single-network golden queries whose filter is scanned exactly
  order     hnsw.iterative_scan strict_order vs relaxed_order for filtered searches the index serves (every third
            golden query, each filtered to one of five networks in turn): time and overlap with the exact top 250
  efsearch  hnsw.ef_search 1000 / 400 / 200 / 100 under relaxed_order, the same searches
  pernet    per network: the filtered HNSW scan vs the exact scan, every fourth golden query
  pipeline  rank() with arms concurrent, strict vs relaxed order, over the golden queries that carry a filter
"""

from __future__ import annotations

import contextlib
import json
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
from pgvector import Vector
from psycopg_pool import ConnectionPool

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import bench_search_scale as bench

import souk.search.semantic as semantic
from souk.config import get_settings
from souk.db.embedded import get_server
from souk.db.local_settings import local_settings
from souk.db.pool import session_options
from souk.listing.filters import Filters, filter_sql
from souk.search import pipeline
from souk.search.understanding import interpret

NETWORKS = [
    "eip155:8453",
    "eip155:84532",
    "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    "stellar:pubnet",
    "stellar:testnet",
]
EXACT = "(e.embedding <=> %(qv)s) + 0"


def summary(samples: list[float]) -> str:
    s = sorted(samples)
    return f"mean {statistics.mean(s):6.1f} p50 {s[len(s) // 2]:6.1f} p95 {s[int(0.95 * len(s))]:6.1f} ms"


def timed(run: Callable[..., Any], *args: Any) -> tuple[float, Any]:
    start = time.perf_counter()
    out = run(*args)
    return (time.perf_counter() - start) * 1000, out


def grouped(table: str, where: str, distance: str, order: str = "c_distance") -> str:
    """The arm's statement (souk.search.semantic._nearest) with the distance and order under test."""
    return f"""SELECT c.listing_id, max(1 - c.c_distance) AS similarity FROM (
                 SELECT e.listing_id, e.kind, {distance} AS c_distance
                 FROM {table} e JOIN listings l ON l.id = e.listing_id
                 WHERE {where} ORDER BY {order} LIMIT %(inner)s) c
               GROUP BY c.listing_id ORDER BY similarity DESC, c.listing_id LIMIT %(pool)s"""


class Bench:
    def __init__(self, data_dir: Path, size: int) -> None:
        server = get_server(data_dir, cleanup_mode=None)
        self.url = server.get_uri().replace("/postgres?", f"/bench_{size}?")
        self.settings = get_settings()
        self.options = session_options(self.settings, "read", timeout=False)
        self.conn = bench.connect(self.url, self.options)
        self.generation = semantic.active_generation(self.conn)
        self.provider = semantic.query_provider(self.settings)
        self.table = self.generation.vector_table
        self.queries = [json.loads(line)["query"] for line in bench.QUERIES.read_text().splitlines() if line]

    def vector(self, query: str) -> Vector:
        iq = interpret(query)
        return Vector(semantic.QUERY_CACHE.get(self.provider, iq.topical_text or iq.normalized).astype(np.float32))

    def on_network(self, network: str) -> tuple[str, dict[str, object]]:
        where, args = filter_sql(Filters())
        return f"{where} AND l.networks && %(q_networks)s::text[]", args | {"q_networks": [network]}

    def rows(self, network: str) -> float:
        return semantic.network_rows(self.conn, self.table, [network]) or 0.0

    def run(self, sql: str, params: dict[str, object], gucs: dict[str, str]) -> list[int]:
        with local_settings(self.conn, gucs):
            return [r["listing_id"] for r in self.conn.execute(sql, params, prepare=False).fetchall()]

    def index_searches(self) -> list[tuple[str, dict[str, object], list[int]]]:
        """Every third golden query on one of five networks in turn, where the arm would ask the index; with the
        exact scan's top 250 listings to compare against."""
        out = []
        for i, query in enumerate(self.queries[::3]):
            network = NETWORKS[i % len(NETWORKS)]
            if self.rows(network) <= semantic.EXACT_SCAN_MAX_ROWS:
                continue
            where, args = self.on_network(network)
            params = args | {"qv": self.vector(query), "pool": 250, "inner": semantic.HNSW_ROWS}
            exact = self.run(grouped(self.table, where, EXACT), params | {"inner": 2000}, {"random_page_cost": "1.1"})
            out.append((where, params, exact))
        return out


def overlap(got: list[int], exact: list[int], k: int) -> float:
    return len(set(got[:k]) & set(exact[:k])) / max(1, min(k, len(exact)))


def distance(b: Bench) -> None:
    variants = {
        "twice (ORDER BY a copy)": ("e.embedding <=> %(qv)s", EXACT),
        "once, cosine": (EXACT, "c_distance"),
        "once, inner product": ("1 + (e.embedding <#> %(qv)s)", "c_distance"),
    }
    items = []
    for query in b.queries:
        iq = interpret(query)
        if len(iq.networks) != 1 or b.rows(iq.networks[0]) > semantic.EXACT_SCAN_MAX_ROWS:
            continue
        where, args = b.on_network(iq.networks[0])
        items.append((where, args | {"qv": b.vector(query), "pool": 250, "inner": 2000}))
    times: dict[str, list[float]] = {name: [] for name in variants}
    same: dict[str, int] = dict.fromkeys(variants, 0)
    for round_ in range(5):
        for where, params in items:
            names = list(variants) if round_ % 2 == 0 else list(reversed(variants))
            results = {}
            for name in names:
                dist, order = variants[name]
                sql = grouped(b.table, where, dist, order)
                ms, results[name] = timed(b.run, sql, params, {"random_page_cost": "1.1"})
                if round_:
                    times[name].append(ms)
            if round_ == 1:
                first = results["twice (ORDER BY a copy)"]
                for name in variants:
                    same[name] += results[name] == first
    print(f"{len(items)} single-network golden queries scanned exactly")
    for name in variants:
        print(f"  {name:26s} {summary(times[name])}  same ranking {same[name]}/{len(items)}")


def order(b: Bench) -> None:
    items = b.index_searches()
    modes = ("strict_order", "relaxed_order")
    times: dict[str, list[float]] = {m: [] for m in modes}
    kept: dict[str, list[float]] = {m: [] for m in modes}
    for round_ in range(3):
        for where, params, exact in items:
            for mode in modes if round_ % 2 == 0 else reversed(modes):
                gucs = {"hnsw.ef_search": "1000", "hnsw.iterative_scan": mode}
                ms, got = timed(b.run, grouped(b.table, where, "e.embedding <=> %(qv)s"), params, gucs)
                if round_:
                    times[mode].append(ms)
                if round_ == 1:
                    kept[mode].append(overlap(got, exact, 250))
    print(f"{len(items)} filtered searches the index serves")
    for mode in modes:
        print(f"  {mode:14s} {summary(times[mode])}  overlap with the exact top 250 {statistics.mean(kept[mode]):.3f}")


def efsearch(b: Bench) -> None:
    items = b.index_searches()
    print(f"{len(items)} filtered searches the index serves, relaxed order")
    for ef in ("1000", "400", "200", "100"):
        times, top10, top50 = [], [], []
        for round_ in range(2):
            for where, params, exact in items:
                gucs = {"hnsw.ef_search": ef, "hnsw.iterative_scan": "relaxed_order"}
                ms, got = timed(b.run, grouped(b.table, where, "e.embedding <=> %(qv)s"), params, gucs)
                if round_:
                    times.append(ms)
                    top10.append(overlap(got, exact, 10))
                    top50.append(overlap(got, exact, 50))
        print(
            f"  ef_search {ef:>4}: {summary(times)}  overlap top 10 {statistics.mean(top10):.3f}, "
            f"top 50 {statistics.mean(top50):.3f}"
        )


def pernet(b: Bench) -> None:
    queries = b.queries[::4]
    for network in NETWORKS:
        where, args = b.on_network(network)
        index, exact = [], []
        for round_ in range(2):
            for query in queries:
                params = args | {"qv": b.vector(query), "pool": 250}
                gucs = {"hnsw.ef_search": "1000", "hnsw.iterative_scan": "relaxed_order"}
                hnsw_sql = grouped(b.table, where, "e.embedding <=> %(qv)s")
                a, _ = timed(b.run, hnsw_sql, params | {"inner": semantic.HNSW_ROWS}, gucs)
                exact_sql = grouped(b.table, where, EXACT)
                e, _ = timed(b.run, exact_sql, params | {"inner": 2000}, {"random_page_cost": "1.1"})
                if round_:
                    index.append(a)
                    exact.append(e)
        rows = b.rows(network)
        print(f"  {network[:16]:16s} ~{rows:7.0f} vector rows | hnsw {summary(index)} | exact {summary(exact)}")


def pipeline_order(b: Bench) -> None:
    side = ConnectionPool(
        b.url, kwargs={"options": b.options}, min_size=2, max_size=4, configure=bench._configure, open=True
    )
    filtered = []
    for query in b.queries:
        iq = interpret(query)
        if iq.networks or iq.type or iq.method or iq.max_usd_price is not None:
            filtered.append(query)
    mode = {"value": "relaxed_order"}
    original = semantic.local_settings

    @contextlib.contextmanager
    def with_mode(conn: Any, gucs: dict[str, str]) -> Iterator[None]:
        gucs = dict(gucs)
        if "hnsw.iterative_scan" in gucs:
            gucs["hnsw.iterative_scan"] = mode["value"]
        with original(conn, gucs):
            yield

    semantic.local_settings = with_mode  # type: ignore[assignment]
    modes = ("strict_order", "relaxed_order")
    times: dict[str, list[float]] = {m: [] for m in modes}
    for round_ in range(4):
        for i, query in enumerate(filtered):
            for m in modes if (i + round_) % 2 == 0 else reversed(modes):
                mode["value"] = m
                request = pipeline.RankRequest(query, Filters(), bench.PROFILE, bench.EVAL_CLOCK)
                start = time.perf_counter()
                pipeline.rank(b.conn, request, b.settings, bench.PROFILE, side=side.connection)
                ms = (time.perf_counter() - start) * 1000
                if round_:
                    times[m].append(ms)
    print(f"{len(filtered)} golden queries with a filter, rank() with arms concurrent, 3 rounds")
    for m in modes:
        print(f"  {m:14s} {summary(times[m])}")


EXPERIMENTS = {
    "distance": distance,
    "order": order,
    "efsearch": efsearch,
    "pernet": pernet,
    "pipeline": pipeline_order,
}


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[2] not in EXPERIMENTS:
        print(__doc__)
        return 2
    EXPERIMENTS[argv[2]](Bench(Path(argv[0]), int(argv[1])))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
