"""Load: 32 clients x 60 s of searches and listings against `souk serve --demo`, then the same with ~20
catalog events/s of writes. Prints p50/p95/p99 for reads and writes, errors, and lost events.

A lost event is one the runner accepted (200, listingKey) whose listing is not in /discovery/resources
afterwards. Every written event creates a new listing (a distinct URL), so nothing hides behind an
unchanged upsert. A script, not a test (tests/runner/test_concurrency.py is the CI version).

Usage: python eval/load_runner.py [--clients 32] [--seconds 60] [--events-per-second 20]
       python eval/load_runner.py --base http://127.0.0.1:8402 --secret "$SOUK_CATALOG_SECRET"
"""

from __future__ import annotations

import argparse
import random
import shlex
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

from souk.demo.builders import Listing, Param, event

NETWORKS = ["eip155:8453", "stellar:pubnet", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"]


@dataclass
class Sample:
    kind: str  # search | listing | write
    seconds: float
    status: int  # 0: transport error
    error: str = ""


def _reader(base: str, stop: threading.Event, out: list[Sample], seed: int) -> None:
    rnd = random.Random(seed)
    with httpx.Client(base_url=base, timeout=60) as http:
        while not stop.is_set():
            if rnd.random() < 0.5:
                kind, path = "search", "/discovery/search"
                params: dict[str, object] = {"query": rnd.choice(QUERIES), "limit": rnd.choice([5, 10, 20])}
            else:
                kind, path = "listing", "/discovery/resources"
                params = {"limit": rnd.choice([5, 20, 100]), "offset": rnd.randrange(0, 180)}
                if rnd.random() < 0.3:
                    params["type"] = rnd.choice(["http", "mcp"])
            out.append(_timed(http, kind, "GET", path, params=params))


def _timed(http: httpx.Client, kind: str, method: str, path: str, **kw: object) -> Sample:
    started = time.monotonic()
    try:
        r = http.request(method, path, **kw)  # type: ignore[arg-type]
        error = "" if r.status_code == 200 else str(r.json().get("error", r.text[:80]))
        return Sample(kind, time.monotonic() - started, r.status_code, error)
    except (httpx.TransportError, ValueError) as exc:
        return Sample(kind, time.monotonic() - started, 0, type(exc).__name__)


def _load_event(n: int) -> dict[str, object]:
    listing = Listing(
        url=f"https://load{n}.loadtest.example.com/v1/quote",
        pay_to="0x" + f"{n:040x}"[-40:],
        network=NETWORKS[n % len(NETWORKS)] if n % len(NETWORKS) == 0 else "eip155:8453",
        amount=str(1000 + n),
        description=f"Load-test quote service number {n}: returns a price quote for a product code.",
        service_name=f"Quote {n}",
        tags=["quote", "price"],
        params=[Param("code", "string", "Product code", True)],
        example_input={"code": "A1"},
        output_example={"price": 1.5},
    )
    return event(listing, observed_at=datetime.now(UTC))


def _writer(
    base: str, secret: str, stop: threading.Event, out: list[Sample], accepted: list[str], rate: float, slot: int
) -> None:
    """One of ``writers`` pacers; together they post ``rate`` events per second on a fixed schedule."""
    n = slot
    next_at = time.monotonic()
    with httpx.Client(base_url=base, timeout=60, headers={"authorization": f"Bearer {secret}"}) as http:
        while not stop.is_set():
            delay = next_at - time.monotonic()
            if delay > 0:
                stop.wait(delay)
                if stop.is_set():
                    break
            body = _load_event(n)
            sample = _timed(http, "write", "POST", "/catalog/v1/events", json=body)
            out.append(sample)
            if sample.status == 200:
                accepted.append(body["paymentPayload"]["resource"]["url"])  # type: ignore[index]
            n += WRITERS
            next_at += WRITERS / rate


WRITERS = 10  # enough pacers to offer the full rate even when a write takes ~500 ms


def _phase(base: str, secret: str, clients: int, seconds: float, rate: float) -> tuple[list[Sample], list[str]]:
    samples: list[Sample] = []
    accepted: list[str] = []
    stop = threading.Event()
    threads = [threading.Thread(target=_reader, args=(base, stop, samples, i), daemon=True) for i in range(clients)]
    if rate > 0:
        threads += [
            threading.Thread(target=_writer, args=(base, secret, stop, samples, accepted, rate, w), daemon=True)
            for w in range(WRITERS)
        ]
    started = time.monotonic()
    for t in threads:
        t.start()
    stop.wait(seconds)
    stop.set()
    for t in threads:
        t.join(120)
    _report(samples, time.monotonic() - started)
    return samples, accepted


def _report(samples: list[Sample], elapsed: float) -> None:
    groups = {
        "search": [s for s in samples if s.kind == "search"],
        "listing": [s for s in samples if s.kind == "listing"],
        "reads": [s for s in samples if s.kind in ("search", "listing")],
        "write": [s for s in samples if s.kind == "write"],
    }
    for kind, group in groups.items():
        if not group:
            continue
        ok = [s.seconds for s in group if s.status == 200]
        errors = Counter(f"{s.status} {s.error}".strip() for s in group if s.status != 200)
        print(
            f"  {kind:8s} {len(group) / elapsed:6.1f} req/s, {percentiles(ok)}; "
            f"errors {sum(errors.values())}{' ' + str(dict(errors)) if errors else ''}"
        )


def _all_listed(base: str) -> set[str]:
    urls: set[str] = set()
    offset = 0
    with httpx.Client(base_url=base, timeout=60) as http:
        while True:
            page = http.get("/discovery/resources", params={"limit": 100, "offset": offset}).json()
            urls |= {i["resource"] for i in page["items"]}
            offset += 100
            if offset >= page["pagination"]["total"]:
                return urls


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=32)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--events-per-second", type=float, default=20.0)
    parser.add_argument("--base", help="a running `souk serve --demo` (default: start a private one)")
    parser.add_argument("--secret", help="its SOUK_CATALOG_SECRET (with --base)")
    args = parser.parse_args()

    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"date: {datetime.now(UTC).strftime('%Y-%m-%dT%H:%M:%SZ')}")
    print(f"machine: {machine()} (client and runner share the machine)")
    runner = None
    if args.base:
        base, secret = args.base, args.secret or ""
    else:
        runner = start_runner()
        base, secret = runner.base, runner.secret
        print(f"runner: souk serve --demo at {base} (private temp data dir), demo fully embedded before load")
    try:
        print(f"\nphase 1: {args.clients} clients x {args.seconds:.0f} s, searches and listings 50/50")
        reads_only, _ = _phase(base, secret, args.clients, args.seconds, 0)
        print(
            f"\nphase 2: the same plus {args.events_per_second:.0f} catalog events/s "
            f"({WRITERS} paced writers, each event a new listing)"
        )
        mixed, accepted = _phase(base, secret, args.clients, args.seconds, args.events_per_second)
        listed = _all_listed(base)
        lost = [u for u in accepted if u not in listed]
        writes = [s for s in mixed if s.kind == "write"]
        print(
            f"\nevents posted {len(writes)} ({len(writes) / args.seconds:.1f}/s achieved of "
            f"{args.events_per_second:.0f}/s offered), accepted {len(accepted)}, lost {len(lost)}"
        )
        errors = sum(1 for s in reads_only + mixed if s.status != 200)
        print(f"errors (any non-200) across both phases: {errors}")
    finally:
        if runner is not None:
            print(f"runner exit code on SIGTERM: {runner.stop()}")
    return 0 if errors == 0 and not lost else 1


if __name__ == "__main__":
    sys.exit(main())
