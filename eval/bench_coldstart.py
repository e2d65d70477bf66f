"""Cold start of a function: a fresh interpreter imports functions/<name>/app.py and answers one request.

Usage: python eval/bench_coldstart.py [--repeats 5] [--functions search,resources,catalog,status]

One embedded Postgres (temporary directory) holds the demo catalog, fully embedded; every measurement is a
new ``python`` process with DATABASE_URL pointing at it, as a new Lambda container would start. The split:

- imports: everything ``import app`` costs before the function's init warm-up (souk.lambda_entry._warm);
- model: the warm-up's query-embedding model load and first embed (search only; in Lambda's init phase);
- pool: the warm-up's first database connection (search only);
- rest of init: the rest of the function's warm-up, run after the two above (search: a second tiny embed);
- first request: the handler called with an API Gateway v2 event (search: a golden query), until it returns.
Each is reported as wall clock and as the process's CPU time (user + system, all threads): on a shared
machine the wall clock includes waiting for a core, the CPU time is close to what an idle core would take.

``tracing on`` runs the search function as on Lambda with ``Tracing: Active`` (AWS_LAMBDA_FUNCTION_NAME set,
POWERTOOLS_TRACE_DISABLED unset): the X-Ray SDK is imported then, and only then. Medians over the repeats.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from runner_proc import REPO, machine

CHILD = r"""
import json, sys, time
t0, c0 = time.perf_counter(), time.process_time()
import souk.lambda_entry as entry
marks = {}

def _timed_warm(warm):
    marks["imports"] = time.perf_counter() - t0
    marks["imports_cpu"] = time.process_time() - c0
    if warm is None:
        return
    from souk.config import get_settings
    from souk.db import get_pool
    from souk.search.semantic import query_provider
    settings = get_settings()
    t, c = time.perf_counter(), time.process_time()
    query_provider(settings).embed(["warm up"])
    marks["model"], marks["model_cpu"] = time.perf_counter() - t, time.process_time() - c
    t, c = time.perf_counter(), time.process_time()
    get_pool(settings, "read").wait(timeout=10)
    marks["pool"], marks["pool_cpu"] = time.perf_counter() - t, time.process_time() - c
    t, c = time.perf_counter(), time.process_time()
    warm()  # the function's own warm-up: model and pool are loaded already, so this times the rest
    marks["init_rest"], marks["init_rest_cpu"] = time.perf_counter() - t, time.process_time() - c

entry._warm = _timed_warm
sys.path.insert(0, sys.argv[1])
import app
if "imports" not in marks:  # a job function has no lambda_entry warm-up
    marks["imports"], marks["imports_cpu"] = time.perf_counter() - t0, time.process_time() - c0
from souk.runner.events import LocalContext, http_api_event
method, path, query = sys.argv[2], sys.argv[3], sys.argv[4]
event = http_api_event(method=method, path=path, raw_query=query, headers={}, body=b"",
                       route_key=f"{method} {path}")
t, c = time.perf_counter(), time.process_time()
response = app.handler(event, LocalContext(function_name="bench"))
marks["first_request"], marks["first_request_cpu"] = time.perf_counter() - t, time.process_time() - c
marks["total"], marks["total_cpu"] = time.perf_counter() - t0, time.process_time() - c0
marks["status"] = response["statusCode"]
marks["modules"] = {m: m in sys.modules for m in ("fastapi", "aws_xray_sdk", "onnxruntime", "botocore", "tldextract")}
print("BENCH " + json.dumps(marks))
"""

REQUESTS = {
    "search": ("GET", "/discovery/search", "query=weather+forecast+for+a+city&limit=10"),
    "resources": ("GET", "/discovery/resources", "limit=20"),
    "status": ("GET", "/analytics/v1/search/status", ""),
    "catalog": ("GET", "/discovery/resources", ""),  # no GET route: a 404/405 from the catalog app is its cold path
}


def prepare_database(workdir: Path) -> str:
    os.environ["SOUK_DATA_DIR"] = str(workdir / "pgdata")
    os.environ["SOUK_KEYS_FILE"] = str(workdir / "keys.json")
    os.environ.pop("DATABASE_URL", None)
    from souk.config import get_settings
    from souk.db.pool import database_url, get_pool
    from souk.embedding.worker import drain
    from souk.runner.serve import prepare

    prepare(True)
    with get_pool().connection() as conn:
        drain(conn, get_settings())
    return database_url(get_settings())


def run_child(function: str, url: str, workdir: Path, extra_env: dict[str, str]) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("AWS_LAMBDA_FUNCTION_NAME", "POWERTOOLS_TRACE_DISABLED")}
    env |= {"DATABASE_URL": url, "SOUK_KEYS_FILE": str(workdir / "keys.json"), "OMP_NUM_THREADS": "1"} | extra_env
    method, path, query = REQUESTS[function]
    out = subprocess.run(
        [sys.executable, "-c", CHILD, str(REPO / "functions" / function), method, path, query],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    line = next(x for x in out.stdout.splitlines() if x.startswith("BENCH "))
    return json.loads(line.removeprefix("BENCH "))


def summarize(label: str, runs: list[dict]) -> str:
    def med(key: str) -> str:
        values = [r[key] for r in runs if key in r]
        return f"{statistics.median(values) * 1000:5.0f}" if values else "    -"

    def both(key: str) -> str:
        return f"{med(key)} / {med(key + '_cpu')} ms"

    modules = ", ".join(f"{m}={'yes' if v else 'no'}" for m, v in runs[0]["modules"].items())
    return (
        f"{label:<20} imports {both('imports')}  model {both('model')}  pool {both('pool')}  "
        f"rest of init {both('init_rest')}  first request {both('first_request')}  total {both('total')}\n"
        f"{'':<20} (HTTP {runs[0]['status']}; {modules})"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--functions", default="search,resources,catalog,status")
    args = parser.parse_args()
    print(f"command: python eval/{Path(__file__).name} {shlex.join(sys.argv[1:])}")
    print(f"date: {datetime.now(UTC).isoformat(timespec='seconds')}")
    print(f"machine: {machine()}")
    workdir = Path(tempfile.mkdtemp(prefix="souk-bench-cold-"))
    url = prepare_database(workdir)
    print(f"database: embedded Postgres with the demo catalog, embedded; medians of {args.repeats} fresh processes")
    print("each figure: wall clock / CPU time of the process (CPU time is what a core to itself would take;")
    print("wall clock on this shared machine also counts waiting for a core while other sessions run)")
    lambda_env = {
        "AWS_LAMBDA_FUNCTION_NAME": "souk-bench",
        "AWS_DEFAULT_REGION": "eu-west-1",
        "SOUK_PAYER_HASH_KEY": "p" * 48,
        "SOUK_CURSOR_SECRET": "c" * 48,
    }
    try:
        for function in args.functions.split(","):
            runs = [run_child(function, url, workdir, {}) for _ in range(args.repeats)]
            print(summarize(function, runs), flush=True)
            if function == "search":
                traced = [run_child(function, url, workdir, lambda_env) for _ in range(args.repeats)]
                print(summarize("search (tracing on)", traced), flush=True)
    finally:
        from souk.config import get_settings
        from souk.db.embedded import stop_embedded
        from souk.db.pool import close_pool

        close_pool()
        stop_embedded(get_settings().data_dir)
    load = os.getloadavg()
    print(f"load average {load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f} at the end (other sessions share these cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
