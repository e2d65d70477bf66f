"""What a popular listing's settlements cost a search, counted row by row (before migration 0026) and from the counts
kept at write time (after). A benchmark script, not a test.

Usage: python eval/bench_settlement_rollups.py --data-dir DIR [--popular 10] [--settlements 100000] [--payers 2000]

DIR is eval/bench_search_scale.py's data directory: its ``bench_14000`` database is copied (CREATE DATABASE ...
TEMPLATE) to ``settlements_14000`` and migrated, so the benchmark catalog itself is not touched. The ``--popular``
listings a "weather" search meets first each get ``--settlements`` successful, paid settlements on Base from
``--payers`` payers (0: none reported, so each settlement is its own payer), spread over the last 60 days (inserted
by SQL; the triggers keep the counts). Then, medians of ``--repeats``:

* the write: seconds to insert one popular listing's settlements with the trigger, and without it (disabled);
* the candidates read of a "weather api" search (its 250 fused candidates): the payer count as before (the
  settlements of the window, counted) and as shipped (souk.search.candidates.read);
* the page's items (ten, the popular ones among them): the four quality counts as before and as shipped;
* answer() for five weather queries (the whole search, shipped code), on the copy and on bench_14000.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import psycopg
from psycopg.rows import dict_row

sys.path.insert(0, str(Path(__file__).parent))
from bench_embedding import cpu_model

from souk.db.embedded import get_server
from souk.db.id_array import IdArray
from souk.db.migrate import migrate
from souk.discovery.items import ITEM_COLUMNS, quality_args
from souk.search import candidates

SOURCE, COPY = "bench_14000", "settlements_14000"
QUERIES = ["weather api", "weather forecast for a city", "historical weather data", "weather alerts", "climate"]

# The reads as they were before migration 0026 (candidates.read's payer count; the items' four quality counts).
BEFORE_CANDIDATES = """
SELECT l.id, (SELECT count(DISTINCT coalesce(s.payer_hash, s.transaction)) FROM settlements s
         WHERE s.listing_id = l.id AND s.success AND s.settled_at > %(since)s AND s.settled_at <= %(now)s
           AND s.network <> ALL(%(testnets)s) AND s.amount > 0)::int
FROM listings l WHERE l.id = ANY(%(ids)s)
"""
AFTER_CANDIDATES = candidates._SQL
BEFORE_ITEMS = """
SELECT l.id,
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s AND s.network <> ALL(%(quality_testnets)s) AND s.amount > 0),
    (SELECT count(DISTINCT coalesce(s.payer_hash, s.transaction)) FROM settlements s WHERE s.listing_id = l.id
        AND s.success AND s.settled_at > %(quality_since)s AND s.network <> ALL(%(quality_testnets)s)
        AND s.amount > 0),
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.network <> ALL(%(quality_testnets)s) AND s.amount > 0),
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s AND s.network = ANY(%(quality_testnets)s))
FROM listings l WHERE l.id = ANY(%(ids)s)
"""
AFTER_ITEMS = f"SELECT {ITEM_COLUMNS} FROM listings l WHERE l.id = ANY(%(ids)s)"

INSERT = """
INSERT INTO settlements (listing_id, transaction, settled_at, success, network, asset, amount, payer_hash)
SELECT %(id)s, 'bench-' || %(id)s || '-' || g, now() - (g %% 60) * interval '1 day' - g * interval '1 second', true,
       'eip155:8453', '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913', 1000,
       CASE WHEN %(payers)s > 0 THEN md5((g %% greatest(%(payers)s, 1))::text) END
FROM generate_series(1, %(n)s) g
"""


def _url(base: str, query: str, db: str) -> str:
    return base.rsplit("/", 1)[0] + f"/{db}" + ("?" + query if query else "")


def _median_ms(fn, repeats: int) -> float:
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _answer_ms(url: str, repeats: int) -> float:
    os.environ["DATABASE_URL"] = url
    from souk.config import get_settings
    from souk.db import get_pool
    from souk.db.pool import close_pool
    from souk.discovery.search import answer

    close_pool()  # the previous database's
    get_settings.cache_clear()
    settings = get_settings()
    pool = get_pool(settings, "read")

    def run() -> None:
        for q in QUERIES:
            with pool.connection() as conn:
                answer(conn, {"query": [q]}, settings)

    return _median_ms(run, repeats) / len(QUERIES)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, required=True)
    parser.add_argument("--popular", type=int, default=10)
    parser.add_argument("--settlements", type=int, default=100_000)
    parser.add_argument("--payers", type=int, default=2_000)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    print(
        f"command: python eval/bench_settlement_rollups.py --data-dir {args.data_dir} --popular {args.popular}"
        f" --settlements {args.settlements} --payers {args.payers} --repeats {args.repeats}"
    )
    print(f"date: {datetime.now(UTC).isoformat(timespec='seconds')}")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")
    server = get_server(args.data_dir, cleanup_mode=None)
    base, _, query = server.get_uri().partition("?")
    with psycopg.connect(_url(base, query, "postgres"), autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {COPY}")
        admin.execute(f"CREATE DATABASE {COPY} TEMPLATE {SOURCE}")
    for db in (SOURCE, COPY):
        migrate(_url(base, query, db))
    conn = psycopg.connect(_url(base, query, COPY), autocommit=True, row_factory=dict_row)
    popular = [
        r["id"]
        for r in conn.execute(
            "SELECT id FROM listings WHERE search_text ILIKE '%%weather%%' ORDER BY id LIMIT %s", (args.popular,)
        )
    ]
    with_trigger, without = [], []
    for n, lid in enumerate(popular):
        disabled = n % 2 == 1
        if disabled:
            conn.execute("ALTER TABLE settlements DISABLE TRIGGER settlements_rollups_insert")
        start = time.perf_counter()
        conn.execute(INSERT, {"id": lid, "n": args.settlements, "payers": args.payers})
        (without if disabled else with_trigger).append(time.perf_counter() - start)
        if disabled:
            conn.execute("ALTER TABLE settlements ENABLE TRIGGER settlements_rollups_insert")
    # The rows inserted with the trigger off are counted by the migration's own fill, as an upgrade would.
    sql = (Path(__file__).parent.parent / "migrations" / "0026_settlement_rollups.sql").read_text(encoding="utf-8")
    conn.execute("TRUNCATE settlement_hours, settlement_totals, settlement_payers")
    with conn.transaction():
        start = time.perf_counter()
        conn.execute(sql[sql.index("-- fill:") :])
        fill = time.perf_counter() - start
    conn.execute("VACUUM ANALYZE settlements")
    conn.execute("VACUUM ANALYZE settlement_payers")
    total = conn.execute("SELECT count(*) AS n FROM settlements").fetchone()["n"]
    print(
        f"{len(popular)} popular listings x {args.settlements} settlements from"
        f" {args.payers or 'unreported'} payers ({total} in all);"
        f" insert {statistics.median(with_trigger):.2f} s a listing with the trigger,"
        f" {statistics.median(without):.2f} s without; the migration's fill of all {total}: {fill:.1f} s"
    )

    now = datetime.now(UTC)
    from souk.config import get_settings

    ids_250 = popular + [
        r["id"]
        for r in conn.execute(
            "SELECT id FROM listings WHERE id <> ALL(%s) ORDER BY id LIMIT %s", (popular, 250 - len(popular))
        )
    ]
    cand_args = {
        "ids": IdArray(ids_250),
        "since": now - timedelta(days=30),
        "now": now,
        "testnets": candidates._TESTNETS,
    }
    item_args = quality_args(get_settings(), now) | {"ids": IdArray(popular[:10])}
    for label, sql_text, params in (
        ("candidates read, 250 ids: payers counted from the settlements", BEFORE_CANDIDATES, cand_args),
        ("candidates read, 250 ids: as shipped (settlement_payers)  ", AFTER_CANDIDATES, cand_args),
        ("items, 10 popular: quality counted from the settlements    ", BEFORE_ITEMS, item_args),
        ("items, 10 popular: as shipped (kept counts)                ", AFTER_ITEMS, item_args),
    ):
        ms = _median_ms(lambda s=sql_text, p=params: conn.execute(s, p).fetchall(), args.repeats)
        print(f"{label}  median {ms:8.1f} ms")
    conn.close()
    for db in (SOURCE, COPY):
        print(
            f"answer(), five weather queries on {db:17s}  median {_answer_ms(_url(base, query, db), args.repeats):8.1f}"
            " ms a search"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
