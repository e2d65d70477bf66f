"""The long API fuzz run: schemathesis against a real `souk serve --demo`, over HTTP, with the catalog token.

The runner serves its OpenAPI document at /openapi.json (every template.yaml route); schemathesis loads
it from there and sends positive and negative cases for every operation, writes first, with a fixed
seed; catalog events are also mutated from real accepted ones, and some conversions name a live session
(tests/fuzzing.py, the same harness tests/test_api_fuzz.py runs with a few hundred cases). Passes when
no response is >= 500, every 4xx is JSON {"error", "reason"}, every status, content type and
response body matches the document, and listing and search still answer 200 afterwards.

Usage: python eval/fuzz_api.py [--cases-per-operation 300] [--seed 402] [--out eval/fuzz_api.txt]
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

import httpx
import schemathesis

sys.path.insert(0, str(Path(__file__).parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from runner_proc import machine, start_runner

from tests.fuzzing import live_data, run_fuzz, summary


def _reads_healthy(base: str) -> str:
    with httpx.Client(base_url=base, timeout=30) as http:
        listing = http.get("/discovery/resources", params={"limit": 5})
        found = http.get("/discovery/search", params={"query": "weather forecast for a city", "limit": 5})
    total = listing.json().get("pagination", {}).get("total") if listing.status_code == 200 else None
    return (
        f"after the fuzz: GET /discovery/resources {listing.status_code} (total {total}), "
        f"GET /discovery/search {found.status_code}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases-per-operation", type=int, default=300, help="per operation and mode")
    parser.add_argument("--seed", type=int, default=402)
    parser.add_argument("--out", type=Path, default=None, help="also write the report here")
    args = parser.parse_args()

    lines = [
        "command: python " + shlex.join(["eval/fuzz_api.py", *sys.argv[1:]]),
        f"date: {datetime.now(UTC).strftime('%Y-%m-%dT%H:%M:%SZ')}",
        f"machine: {machine()}",
        f"schemathesis {schemathesis.__version__}; seed {args.seed}; "
        f"up to {args.cases_per_operation} cases per operation and mode (positive, negative; catalog events also"
        " mutated from the document's examples) plus the document's examples",
    ]
    runner = start_runner()
    try:
        lines.append(f"runner: souk serve --demo at {runner.base}, embedded Postgres in a temp dir, fully embedded")
        schema = schemathesis.openapi.from_url(f"{runner.base}/openapi.json")
        document = httpx.get(f"{runner.base}/openapi.json", timeout=30).json()
        found = httpx.get(f"{runner.base}/discovery/search", params={"query": "weather forecast"}, timeout=30)
        started = time.monotonic()
        report = run_fuzz(
            schema,
            cases_per_operation=args.cases_per_operation,
            fuzz_seed=args.seed,
            headers={"Authorization": f"Bearer {runner.secret}"},
            live=live_data(document, found.json()),
        )
        lines.append(f"fuzz took {time.monotonic() - started:.0f} s")
        lines.append(summary(report))
        healthy = _reads_healthy(runner.base)
        lines.append(healthy)
    finally:
        code = runner.stop()
        lines.append(f"runner exit code after SIGTERM: {code}")
    ok = report.server_errors == 0 and not report.failures and healthy.count(" 200") == 2
    lines.append("RESULT: " + ("pass" if ok else "FAIL"))
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out:
        args.out.write_text(text, encoding="utf-8")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
