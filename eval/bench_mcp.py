"""What MCP costs on top of the HTTP API: the same query through functions/mcp and functions/search handlers.

Usage: python eval/bench_mcp.py [--repeats 60] [--out eval/bench_mcp.txt]

One embedded Postgres (temporary directory) holds the demo catalog, fully embedded. Each case calls a
function's Lambda handler in-process with an API Gateway v2 event, as Lambda would on a warm container:
an MCP case is one POST /mcp (a fresh stateless session manager, the JSON-RPC dispatch, argument
validation, the tool, structured content and text), its HTTP twin is the route the tool calls. Wall clock
and CPU time (this process, all threads) per call; on a shared machine the wall clock includes waiting for
a core. After three warm-up calls per case; medians and 95th percentiles.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))
from runner_proc import REPO, machine

os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
os.environ.setdefault("POWERTOOLS_METRICS_NAMESPACE", "SoukBench")
os.environ.setdefault("SOUK_ALLOW_DEV_KEYS", "true")


def _event(method: str, path: str, query: str = "", body: bytes = b"") -> dict[str, Any]:
    from souk.runner.events import http_api_event

    headers = {"content-type": "application/json", "accept": "application/json, text/event-stream"}
    return http_api_event(
        method=method, path=path, raw_query=query, headers=headers, body=body, route_key=f"{method} {path}"
    )


def _mcp(method: str, params: dict[str, Any] | None = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": 1, "method": method}
    if params is not None:
        message["params"] = params
    return json.dumps(message).encode()


def _tool(name: str, arguments: dict[str, Any]) -> bytes:
    return _mcp("tools/call", {"name": name, "arguments": arguments})


def _measure(fn: Callable[[], dict[str, Any]], repeats: int) -> tuple[list[float], list[float]]:
    for _ in range(3):
        response = fn()
        assert response["statusCode"] == 200, response
        assert '"isError":true' not in (response.get("body") or ""), response["body"][:300]
    wall: list[float] = []
    cpu: list[float] = []
    for _ in range(repeats):
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        wall.append((time.perf_counter() - w0) * 1000)
        cpu.append((time.process_time() - c0) * 1000)
    return wall, cpu


def _p(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--repeats", type=int, default=60)
    parser.add_argument("--out", default=str(REPO / "eval" / "bench_mcp.txt"))
    args = parser.parse_args()

    from souk.db.embedded import embedded_database_url, stop_embedded

    data_dir = Path(tempfile.mkdtemp(prefix="souk-bench-mcp-"))
    os.environ["DATABASE_URL"] = embedded_database_url(data_dir)
    os.environ.setdefault("SOUK_MODEL_DIR", str(REPO / ".souk" / "model"))
    header = [f"command: python eval/bench_mcp.py {shlex.join(sys.argv[1:])}".rstrip(), f"machine: {machine()}"]
    try:
        from souk.catalog.loader import load_events_file
        from souk.config import get_settings
        from souk.db import close_pool, get_pool
        from souk.db.migrate import migrate
        from souk.embedding.generations import ensure_default_generation
        from souk.embedding.worker import drain
        from souk.runner.events import LocalContext
        from souk.runner.template import load_handler

        settings = get_settings()
        migrate(os.environ["DATABASE_URL"])
        with get_pool().connection() as conn:
            summary = load_events_file(
                conn, REPO / "layers/core/souk/demo/demo_events.jsonl", settings, rebase_to_now=True
            )
            ensure_default_generation(conn, settings)
            drain(conn, settings)
        mcp = load_handler(str(REPO / "functions/mcp/app.handler"))
        search = load_handler(str(REPO / "functions/search/app.handler"))
        resources = load_handler(str(REPO / "functions/resources/app.handler"))
        query = "weather forecast for a city"
        url = "https://base.skyfolio.dev/v1/forecast"
        cases: list[tuple[str, Callable[[], dict[str, Any]]]] = [
            (
                "HTTP GET /discovery/search (limit 10)",
                lambda: search(
                    _event("GET", "/discovery/search", "query=weather+forecast+for+a+city&limit=10"), LocalContext()
                ),
            ),
            (
                "MCP search_resources (limit 10)",
                lambda: mcp(
                    _event("POST", "/mcp", body=_tool("search_resources", {"query": query, "limit": 10})),
                    LocalContext(),
                ),
            ),
            (
                "HTTP GET /discovery/resources (limit 10)",
                lambda: resources(_event("GET", "/discovery/resources", "limit=10"), LocalContext()),
            ),
            (
                "MCP list_resources (limit 10)",
                lambda: mcp(_event("POST", "/mcp", body=_tool("list_resources", {"limit": 10})), LocalContext()),
            ),
            (
                "MCP get_resource",
                lambda: mcp(_event("POST", "/mcp", body=_tool("get_resource", {"resource": url})), LocalContext()),
            ),
            (
                "MCP tools/list (no database)",
                lambda: mcp(_event("POST", "/mcp", body=_mcp("tools/list")), LocalContext()),
            ),
        ]
        lines = [*header, f"catalog: demo, {summary['listings']} listings, embedded; repeats {args.repeats}", ""]
        for name, fn in cases:
            wall, cpu = _measure(fn, args.repeats)
            lines.append(
                f"{name:42s} wall p50 {statistics.median(wall):6.1f} ms  p95 {_p(wall, 0.95):6.1f} ms"
                f"   cpu p50 {statistics.median(cpu):6.1f} ms"
            )
            print(lines[-1], flush=True)
        close_pool()
    finally:
        stop_embedded(data_dir)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
