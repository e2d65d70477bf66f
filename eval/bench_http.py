"""HTTP throughput through `souk serve`: closed-loop clients at 1/8/32/64, p50/p95/p99, errors.

Usage: python eval/bench_http.py [--workers N] [--seconds 20] [--clients 1,8,32,64] [--mix search|mixed]
                                 [--catalog demo|FILE.jsonl] [--base URL]

Starts its own `souk serve --demo --workers N` in a temporary data directory (embedded Postgres), waits
until the demo is fully embedded, then runs each client count for ``--seconds`` after a short warm-up.
``--data-dir DIR`` serves a copy of a prepared data directory instead (e.g. the 14k catalog that
``eval/bench_reindex.py --keep DIR`` cataloged and embedded), without --demo.
``--base`` measures a server that is already running instead.

The load generator is a single asyncio process speaking HTTP/1.1 keep-alive over raw sockets (one
connection per client), so it costs far less CPU per request than an HTTP library would: on this 2-core
machine it competes with the server for the same cores, and its own CPU time is printed next to every
row so the reader can see how much of the machine it took. Searches cycle through the golden set's
queries (226 distinct texts, each with a different page size) so neither Postgres nor a cache sees one
query over and over; ``mixed`` sends every fourth request to GET /discovery/resources.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import secrets
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlencode

import httpx
import psutil

sys.path.insert(0, str(Path(__file__).parent))
from runner_proc import REPO, cpu_seconds, machine, postmasters

GOLDEN = REPO / "eval" / "golden" / "golden.jsonl"


def golden_queries() -> list[str]:
    return [json.loads(line)["query"] for line in GOLDEN.read_text().splitlines() if line.strip()]


class Connection:
    """One keep-alive HTTP/1.1 connection; the runner always sends content-length."""

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def get(self, target: str) -> tuple[int, bytes]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
        assert self.reader is not None
        self.writer.write(f"GET {target} HTTP/1.1\r\nhost: {self.host}\r\nuser-agent: bench-http\r\n\r\n".encode())
        head = await self.reader.readuntil(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        length = 0
        for line in lines[1:]:
            name, _, value = line.partition(":")
            if name.strip().lower() == "content-length":
                length = int(value.strip())
        body = await self.reader.readexactly(length)
        return status, body

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


def targets(mix: str, queries: list[str]) -> list[str]:
    rng = random.Random(402)
    out: list[str] = []
    for i, q in enumerate(queries * 4):
        if mix == "mixed" and i % 4 == 3:
            out.append("/discovery/resources?" + urlencode({"limit": rng.choice([10, 20, 50])}))
        out.append("/discovery/search?" + urlencode({"query": q, "limit": rng.choice([5, 10, 20])}))
    rng.shuffle(out)
    return out


async def _client(
    conn: Connection, paths: list[str], start: int, until: float, samples: list[tuple[float, int]]
) -> None:
    i = start
    while time.perf_counter() < until:
        path = paths[i % len(paths)]
        i += 1
        t = time.perf_counter()
        try:
            status, body = await conn.get(path)
            if status == 200 and not body.startswith(b"{"):
                status = -1
        except (OSError, asyncio.IncompleteReadError, ValueError):
            status = 0
            conn.close()
        samples.append((time.perf_counter() - t, status))


def server_processes(served: Served) -> tuple[list[psutil.Process], list[psutil.Process]]:
    """The runner (with its worker processes) and the embedded Postgres serving its data directory."""
    return [psutil.Process(served.proc.pid)], postmasters(served.workdir / "pgdata")


async def run_level(
    host: str,
    port: int,
    clients: int,
    seconds: float,
    warmup: float,
    paths: list[str],
    server: tuple[list[psutil.Process], list[psutil.Process]] | None = None,
) -> dict:
    conns = [Connection(host, port) for _ in range(clients)]
    offsets = [i * len(paths) // clients for i in range(clients)]
    warm: list[tuple[float, int]] = []
    await asyncio.gather(
        *(_client(c, paths, o, time.perf_counter() + warmup, warm) for c, o in zip(conns, offsets, strict=True))
    )
    samples: list[tuple[float, int]] = []
    server0 = [cpu_seconds(group) for group in server] if server else None
    cpu0 = resource.getrusage(resource.RUSAGE_SELF)
    t0 = time.perf_counter()
    until = t0 + seconds
    await asyncio.gather(*(_client(c, paths, o + 7, until, samples) for c, o in zip(conns, offsets, strict=True)))
    wall = time.perf_counter() - t0
    cpu1 = resource.getrusage(resource.RUSAGE_SELF)
    server_cpu = None
    if server and server0:
        server_cpu = [cpu_seconds(group) - before for group, before in zip(server, server0, strict=True)]
    for c in conns:
        c.close()
    ok = sorted(s for s, status in samples if status == 200)
    errors: dict[str, int] = {}
    for _, status in samples:
        if status != 200:
            errors[str(status)] = errors.get(str(status), 0) + 1
    q = statistics.quantiles(ok, n=100, method="inclusive") if len(ok) > 1 else [ok[0] if ok else 0.0] * 99
    client_cpu = (cpu1.ru_utime - cpu0.ru_utime) + (cpu1.ru_stime - cpu0.ru_stime)
    return {
        "clients": clients,
        "requests": len(samples),
        "rps": len(samples) / wall,
        "p50": q[49] * 1000,
        "p95": q[94] * 1000,
        "p99": q[98] * 1000,
        "max": (ok[-1] * 1000) if ok else 0.0,
        "errors": errors,
        "client_cpu_share": client_cpu / wall,
        # CPU the server spent per request (runner and workers, Postgres): what bounds throughput on a
        # machine whose cores other sessions also use, and steadier than req/s when they do.
        "server_cpu_ms": [c * 1000 / max(len(samples), 1) for c in server_cpu] if server_cpu else None,
    }


def row(r: dict) -> str:
    errors = sum(r["errors"].values())
    detail = f" {r['errors']}" if errors else ""
    return (
        f"{r['clients']:>4} clients  {r['rps']:7.1f} req/s  p50 {r['p50']:6.1f} ms  p95 {r['p95']:6.1f} ms  "
        f"p99 {r['p99']:6.1f} ms  max {r['max']:6.1f} ms  errors {errors}{detail}  "
        f"(n={r['requests']}, load generator used {r['client_cpu_share'] * 100:.0f}% of one core)"
        + (
            f"  server CPU {sum(r['server_cpu_ms']):.1f} ms/request (runner {r['server_cpu_ms'][0]:.1f}, "
            f"postgres {r['server_cpu_ms'][1]:.1f})"
            if r.get("server_cpu_ms")
            else ""
        )
    )


@dataclass
class Served:
    proc: subprocess.Popen[bytes]
    base: str
    workdir: Path
    command: str
    listings: int
    ready_s: float

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        shutil.rmtree(self.workdir, ignore_errors=True)


def start_serving(*, workers: int | None, data_dir: Path | None, log: Path | None, wait_s: float = 600.0) -> Served:
    """`souk serve` on a free port over a temporary data directory; returns once search is not degraded."""
    workdir = Path(tempfile.mkdtemp(prefix="souk-bench-http-"))
    pgdata = workdir / "pgdata"
    if data_dir is not None:
        shutil.copytree(data_dir, pgdata, ignore=shutil.ignore_patterns("postmaster.pid"))
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env |= {
        "SOUK_DATA_DIR": str(pgdata),
        "SOUK_KEYS_FILE": str(workdir / "keys.json"),
        "SOUK_CATALOG_SECRET": secrets.token_urlsafe(24),
        "SOUK_MODEL_DIR": env.get("SOUK_MODEL_DIR", str(REPO / ".souk" / "model")),
        "OMP_NUM_THREADS": "1",
    }
    argv = ["serve", "--port", str(port)] + ([] if data_dir else ["--demo"])
    argv += ["--workers", str(workers)] if workers else []
    t0 = time.monotonic()
    out = log.open("wb") if log else subprocess.DEVNULL
    proc = subprocess.Popen(
        [sys.executable, "-m", "souk.cli", *argv], cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT
    )
    base = f"http://127.0.0.1:{port}"
    served = Served(proc, base, workdir, "souk " + shlex.join(argv), 0, 0.0)
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"souk serve exited with {proc.returncode}")
        try:
            status = httpx.get(f"{base}/analytics/v1/search/status", timeout=5)
            if status.status_code == 200 and status.json().get("degradedReason") is None:
                break
        except httpx.TransportError:
            pass
        if time.monotonic() - t0 > wait_s:
            served.stop()
            raise RuntimeError("souk serve did not become ready in time")
        time.sleep(1.0)
    served.ready_s = time.monotonic() - t0
    listed = httpx.get(f"{base}/discovery/resources", params={"limit": 1}, timeout=10).json()
    served.listings = int((listed.get("pagination") or {}).get("total") or 0)
    return served


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--workers", type=int, default=None, help="souk serve --workers (default: its own default)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--warmup", type=float, default=3.0)
    parser.add_argument("--clients", default="1,8,32,64")
    parser.add_argument("--mix", choices=["search", "mixed"], default="search")
    parser.add_argument("--data-dir", type=Path, help="serve a copy of this prepared pgdata instead of the demo")
    parser.add_argument("--base", help="measure an already running server (host:port URL)")
    parser.add_argument("--log", type=Path, help="write the runner's output here")
    args = parser.parse_args()

    print(f"command: python eval/{Path(__file__).name} {shlex.join(sys.argv[1:])}")
    print(f"date: {datetime.now(UTC).isoformat(timespec='seconds')}")
    print(f"machine: {machine()}")
    runner = None
    if args.base:
        base = args.base
    else:
        runner = start_serving(workers=args.workers, data_dir=args.data_dir, log=args.log)
        base = runner.base
        print(f"server: {runner.command} ({runner.listings} listings, ready in {runner.ready_s:.0f} s)")
    host, port = base.removeprefix("http://").split(":")
    paths = targets(args.mix, golden_queries())
    print(
        f"workload: {args.mix}; {len(paths)} distinct request paths; {args.seconds:.0f} s per level after "
        f"{args.warmup:.0f} s warm-up; one asyncio load process on the same machine"
    )
    results = []
    try:
        for clients in [int(c) for c in args.clients.split(",")]:
            server = server_processes(runner) if runner is not None else None
            r = asyncio.run(run_level(host, int(port), clients, args.seconds, args.warmup, paths, server))
            results.append(r)
            print(row(r), flush=True)
    finally:
        if runner is not None:
            runner.stop()
    load = os.getloadavg()
    print(f"load average {load[0]:.2f}/{load[1]:.2f}/{load[2]:.2f} at the end (other sessions share these cores)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
