"""CPU time a search costs, in-process: Python (this process) and Postgres (the embedded server's processes),
per first-page search through ``souk.discovery.search.answer`` (what both HTTP paths answer with: ranking,
the page's items, the stored session), and the SQL statements a search sends.

Usage: python eval/bench_cpu_search.py [--data-dir DIR] [--passes 3]

Throughput on a machine whose cores are shared is bounded by CPU per request, and CPU time drifts less
than wall time when other sessions load the box: so this is the figure to compare across commits (run it
alternately with ``PYTHONPATH=<worktree>/layers/core`` for an A/B; a pass is noisy, the best of several
less so). Searches cycle through the golden set's queries, each with a page size of 5, 10 or 20; a first
pass warms the query-vector cache and the prepared statements, as a running server would be. Statements
are counted from the server's own log (``log_statement = all``, one extra pass), so BEGIN, COMMIT and
the pool's checkout check count too. Without ``--data-dir`` the demo catalog is cataloged and embedded
into a temporary embedded Postgres first (about 30 s). A benchmark script, not a test.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from runner_proc import REPO, cpu_seconds, machine, postmasters

GOLDEN = REPO / "eval" / "golden" / "golden.jsonl"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--data-dir", type=Path, help="an embedded Postgres data directory already holding a catalog")
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args()

    workdir = None
    data_dir = args.data_dir
    if data_dir is None:
        workdir = Path(tempfile.mkdtemp(prefix="souk-bench-cpu-"))
        data_dir = workdir / "pgdata"
    os.environ["SOUK_DATA_DIR"] = str(data_dir)
    os.environ.pop("DATABASE_URL", None)

    from souk.config import get_settings
    from souk.db import get_pool
    from souk.discovery.search import answer

    settings = get_settings()
    if workdir is not None:
        from souk.embedding.worker import drain
        from souk.runner.serve import prepare

        prepare(demo=True)  # what `souk serve --demo` does: migrate, a generation, the demo catalog
        with get_pool(settings).connection() as conn:
            drain(conn, settings)
    pool = get_pool(settings, "read")

    queries = [json.loads(line)["query"] for line in GOLDEN.read_text().splitlines() if line.strip()]
    rng = random.Random(7)
    params = [{"query": [q], "limit": [str(rng.choice([5, 10, 20]))]} for q in queries]

    def one_pass() -> None:
        for p in params:
            with pool.connection() as conn:
                answer(conn, p, settings)

    print(f"command: python eval/{Path(__file__).name} {' '.join(sys.argv[1:])}")
    print(f"date: {datetime.now(UTC).isoformat(timespec='seconds')}")
    print(f"machine: {machine()}")
    with pool.connection() as conn:
        listings = conn.execute("SELECT count(*) AS n FROM listings").fetchone()["n"]
    source = Path(answer.__code__.co_filename).parents[2]
    print(f"catalog: {listings} listings; {len(params)} first-page searches a pass; souk from {source}")
    one_pass()
    best: tuple[float, float] | None = None
    for i in range(args.passes):
        pg0, cpu0, wall0 = cpu_seconds(postmasters(data_dir)), time.process_time(), time.perf_counter()
        one_pass()
        n = len(params)
        python_ms = (time.process_time() - cpu0) / n * 1000
        pg_ms = (cpu_seconds(postmasters(data_dir)) - pg0) / n * 1000
        wall_ms = (time.perf_counter() - wall0) / n * 1000
        print(
            f"pass {i + 1}: python {python_ms:5.2f} + postgres {pg_ms:5.2f} = {python_ms + pg_ms:5.2f} ms CPU a search"
            f"  (wall {wall_ms:5.2f} ms; load {os.getloadavg()[0]:.1f})"
        )
        if best is None or python_ms + pg_ms < sum(best):
            best = (python_ms, pg_ms)
    assert best is not None
    print(f"best pass: python {best[0]:.2f} + postgres {best[1]:.2f} = {sum(best):.2f} ms CPU a search")

    def log_statements(on: bool) -> None:
        with pool.connection() as conn:
            conn.autocommit = True  # ALTER SYSTEM runs outside a transaction
            conn.execute("ALTER SYSTEM SET log_statement = 'all'" if on else "ALTER SYSTEM RESET log_statement")
            conn.execute("SELECT pg_reload_conf()")
            conn.autocommit = False

    log_statements(True)
    log = data_dir / "log"
    time.sleep(0.5)
    start = log.stat().st_size if log.exists() else 0
    try:
        one_pass()
        time.sleep(0.5)
    finally:
        log_statements(False)
    with log.open("rb") as f:
        f.seek(start)
        text = f.read().decode("utf-8", "replace")
    statements = re.findall(r"LOG:  (statement|execute [^:]*): ?(.*)", text)
    kinds = {
        "BEGIN": sum(1 for kind, sql in statements if kind == "statement" and sql.strip() == "BEGIN"),
        "COMMIT": sum(1 for kind, sql in statements if kind == "statement" and sql.strip() == "COMMIT"),
        "checkout checks (empty)": sum(1 for kind, sql in statements if kind == "statement" and not sql.strip()),
    }
    n = len(params)
    print(
        f"statements a search: {len(statements) / n:.1f} ("
        + ", ".join(f"{k} {v / n:.1f}" for k, v in kinds.items())
        + f"; others {(len(statements) - sum(kinds.values())) / n:.1f})"
    )
    if workdir is not None:
        from souk.db.embedded import stop_embedded
        from souk.db.pool import close_pool

        close_pool()
        stop_embedded(data_dir)
        shutil.rmtree(workdir, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
