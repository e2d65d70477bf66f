"""Time the full pipeline (``rank()``, arms concurrent) on a catalog built by ``bench_search_scale.py``, with
whichever ``souk`` is importable, and count the SQL statements a search issues. For an A/B of two commits,
run it alternately with each on the path (a shared 2-core box drifts; interleave several passes):

    git worktree add /tmp/before <commit>
    PYTHONPATH=/tmp/before/layers/core python eval/bench_rank_ab.py --data-dir DIR   # A
    python eval/bench_rank_ab.py --data-dir DIR                                      # B

A benchmark script, not a test.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import psycopg
from psycopg_pool import ConnectionPool

sys.path.insert(0, str(Path(__file__).parent))
from bench_search_scale import _configure, connect

import souk
from souk.config import get_settings
from souk.db.embedded import get_server
from souk.evaluation.run import EVAL_CLOCK
from souk.listing.filters import Filters
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE

QUERIES = Path(__file__).parent / "golden" / "queries.draft.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, required=True, help="bench_search_scale.py's --data-dir")
    parser.add_argument("--size", type=int, default=14000)
    parser.add_argument("--passes", type=int, default=1)
    args = parser.parse_args()
    server = get_server(args.data_dir, cleanup_mode=None)
    url = server.get_uri().replace("/postgres?", f"/bench_{args.size}?")
    queries = [json.loads(line)["query"] for line in QUERIES.read_text(encoding="utf-8").splitlines() if line]
    settings = get_settings()
    conn = connect(url)
    side = ConnectionPool(url, min_size=2, max_size=4, configure=_configure, open=True)

    def search(query: str) -> Any:
        request = RankRequest(query, Filters(), DEFAULT_PROFILE, EVAL_CLOCK)
        return rank(conn, request, settings, DEFAULT_PROFILE, side=side.connection)

    for query in queries[:30]:
        search(query)
    statements: Counter[str] = Counter()
    execute = psycopg.Cursor.execute

    def counted(self: psycopg.Cursor[Any], query: Any, params: Any = None, **kw: Any) -> Any:
        statements[str(query)[:60]] += 1
        return execute(self, query, params, **kw)

    psycopg.Cursor.execute = counted  # type: ignore[method-assign]
    for query in queries:
        search(query)
    psycopg.Cursor.execute = execute  # type: ignore[method-assign]

    samples = []
    for _ in range(args.passes):
        for query in queries:
            started = time.perf_counter()
            search(query)
            samples.append((time.perf_counter() - started) * 1000)
    samples.sort()
    n = len(samples)
    print(
        f"souk from {Path(souk.__file__).parents[2]}: rank() p50 {samples[n // 2]:.1f} p95 {samples[int(n * 0.95)]:.1f}"
        f" mean {statistics.mean(samples):.1f} ms (n={n}); SQL statements per search (both connections)"
        f" {sum(statements.values()) / len(queries):.1f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
