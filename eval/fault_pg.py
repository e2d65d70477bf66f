"""Fault injection: kill -9 the embedded Postgres of a running `souk serve --demo` under load.

Expected: while Postgres is down every answer is a JSON 503 with Retry-After (no 500, no hang, no
dropped connection), the runner's supervisor restarts Postgres, and the same runner serves 200s again
without being restarted. A script, not a test (tests/runner/test_serve_process.py is the CI version).

Usage: python eval/fault_pg.py [--clients 8] [--seconds 60] [--kills 3]
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import signal
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).parent))
from runner_proc import QUERIES, machine, percentiles, start_runner


@dataclass
class Sample:
    at: float
    seconds: float
    status: int  # 0: transport error (connection refused/reset, timeout)
    error: str
    retry_after: bool


def _client(base: str, stop: threading.Event, out: list[Sample], seed: int) -> None:
    rnd = random.Random(seed)
    with httpx.Client(base_url=base, timeout=30) as http:
        while not stop.is_set():
            if rnd.random() < 0.5:
                req = ("/discovery/search", {"query": rnd.choice(QUERIES), "limit": 5})
            else:
                req = ("/discovery/resources", {"limit": rnd.choice([5, 20]), "offset": rnd.randrange(0, 150)})
            started = time.monotonic()
            try:
                r = http.get(req[0], params=req[1])
                code = r.json().get("error", "") if r.status_code != 200 else ""
                out.append(Sample(started, time.monotonic() - started, r.status_code, code, "retry-after" in r.headers))
            except (httpx.TransportError, ValueError) as exc:
                out.append(Sample(started, time.monotonic() - started, 0, type(exc).__name__, False))


def _wait_for_restart(data_dir: Path, killed: int, timeout_s: float = 60.0) -> float:
    """Seconds until postmaster.pid names a new, ready postmaster (the runner's supervisor restarted it)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout_s:
        try:
            lines = (data_dir / "postmaster.pid").read_text().splitlines()
            if lines and int(lines[0]) != killed and lines[-1].strip() == "ready":
                return time.monotonic() - started
        except (OSError, ValueError):
            pass
        time.sleep(0.05)
    return float("nan")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--kills", type=int, default=3)
    args = parser.parse_args()

    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"date: {datetime.now(UTC).strftime('%Y-%m-%dT%H:%M:%SZ')}")
    print(f"machine: {machine()}")
    runner = start_runner(log=Path(os.environ["SOUK_RUNNER_LOG"]) if os.environ.get("SOUK_RUNNER_LOG") else None)
    print(f"runner: souk serve --demo at {runner.base}, embedded Postgres in a temp dir, demo fully embedded")
    samples: list[Sample] = []
    stop = threading.Event()
    threads = [
        threading.Thread(target=_client, args=(runner.base, stop, samples, i), daemon=True) for i in range(args.clients)
    ]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    kills: list[tuple[float, int]] = []
    restarts: list[float] = []
    gap = args.seconds / (args.kills + 1)
    try:
        for k in range(args.kills):
            time.sleep(max(0.0, t0 + gap * (k + 1) - time.monotonic()))
            pid = runner.postmaster_pid()
            os.kill(pid, signal.SIGKILL)
            kills.append((time.monotonic(), pid))
            restarts.append(_wait_for_restart(runner.data_dir, pid))
        time.sleep(max(0.0, t0 + args.seconds - time.monotonic()))
    finally:
        stop.set()
        for t in threads:
            t.join(60)
        alive = runner.proc.poll() is None
        exit_code = runner.stop()

    samples.sort(key=lambda s: s.at)
    print(
        f"load: {args.clients} clients x {args.seconds:.0f} s (search and listing, 50/50); "
        f"{args.kills} x kill -9 of the postmaster, {gap:.0f} s apart"
    )
    print()
    bad = 0
    for i, (killed_at, pid) in enumerate(kills):
        until = kills[i + 1][0] if i + 1 < len(kills) else float("inf")
        # A response belongs to the last kill before it was answered (requests in flight at a kill are the
        # ones that lose their connection). Backends of a killed postmaster may still answer for a moment,
        # so "down" runs from the kill to the last failed answer; recovery is the first 200 started after it.
        window = [s for s in samples if killed_at <= s.at + s.seconds < until]
        last_fail = max((s.at + s.seconds for s in window if s.status != 200), default=None)
        after = [s for s in window if last_fail is not None and s.at >= last_fail and s.status == 200]
        first_ok = after[0] if after else None
        down = [s for s in window if last_fail is not None and s.at + s.seconds <= last_fail]
        statuses = Counter(s.status for s in down)
        outage = (first_ok.at - killed_at) if first_ok else float("nan")
        print(
            f"kill {i + 1} (postmaster pid {pid}): supervisor had Postgres ready again after {restarts[i]:.1f} s; "
            f"every request started {outage:.1f} s or more after the kill answered 200"
        )
        print(
            f"  while down: {len(down)} responses, by status {dict(sorted(statuses.items()))}, "
            f"errors {dict(Counter(s.error for s in down))}"
        )
        print(f"  while down, latency: {percentiles([s.seconds for s in down])}")
        missing_retry = sum(1 for s in down if s.status == 503 and not s.retry_after)
        not_503 = sum(1 for s in down if s.status not in (200, 503))
        print(f"  non-503 failures while down: {not_503}; 503s without Retry-After: {missing_retry}")
        bad += not_503 + missing_retry
    before = [s for s in samples if not kills or s.at + s.seconds < kills[0][0]]
    print()
    print(
        f"before the first kill: {dict(Counter(s.status for s in before))}, "
        f"errors {dict(Counter(s.error for s in before if s.error))}, {percentiles([s.seconds for s in before])}"
    )
    total = Counter(s.status for s in samples)
    five_hundreds = sum(n for code, n in total.items() if code >= 500 and code != 503)
    transport = total.get(0, 0)
    print(f"all responses: {dict(sorted(total.items()))} (0 = transport error)")
    print(f"5xx other than 503: {five_hundreds}; transport errors: {transport}")
    print(f"runner alive throughout: {alive}; exit code on SIGTERM: {exit_code}")
    ok = bad == 0 and five_hundreds == 0 and transport == 0 and alive and exit_code == 0
    print(f"verdict: {'PASS' if ok else 'FAIL'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
