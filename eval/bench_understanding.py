"""Query understanding on adversarial input: the slowest ``interpret`` call over long pathological queries.

Usage: python eval/bench_understanding.py [--repeats 3]

Queries are accepted up to 4,000 characters, so every regular expression of the understanding and the
analyzer sees runs that long. A pattern that retries an unbounded repetition from every position is
quadratic there: before the bounds of this commit's _URL, _SCHEME and _residual, "x-" * 1990 took 1.3 s
and "price under $" + "9" * 3900 took 1.1 s. Each figure is the median of ``--repeats`` calls, in
milliseconds of wall clock on a shared machine (upper bounds). A benchmark script, not a test.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from datetime import UTC, datetime

from souk.search.understanding import interpret

LIMIT = 4000


def adversarial() -> dict[str, str]:
    """Named pathological queries, each close to the length limit."""
    units = {
        "digits after a price word": ("price under $", "9"),
        "one long digit run": ("under ", "1"),
        "dotted numbers": ("$", "1."),
        "one long word": ("", "a"),
        "at signs": ("", "a@"),
        "dotted labels": ("", "a."),
        "hyphenated labels": ("", "x-"),
        "comma numbers": ("", "1,"),
        "spaced dots": ("", " ."),
        "currency signs": ("", "$ "),
        "apostrophes": ("", "'"),
        "open quotes": ("", '"a'),
        "network words": ("", "on "),
        "negations": ("", "not "),
        "repeated price caps": ("", "under $1 "),
        "schemes": ("", "x402://"),
        "hex": ("0x", "f"),
        "camel case": ("", "aB"),
        "one long url path": ("https://", "a/"),
        "host-like runs": ("", "a-b."),
        "payment phrases": ("", "pay with "),
        "fractions": ("", "1/"),
        "backticks": ("", "`a"),
        "dashes": ("", "-"),
        "plain words": ("", "weather "),
    }
    return {name: prefix + unit * ((LIMIT - len(prefix)) // len(unit)) for name, (prefix, unit) in units.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    print(f"command: python eval/bench_understanding.py --repeats {args.repeats}")
    print(f"date: {datetime.now(UTC).isoformat(timespec='seconds')}")
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.2f} at start"
    )
    timings = {}
    for name, query in adversarial().items():
        samples = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            interpret(query)
            samples.append((time.perf_counter() - start) * 1000)
        timings[name] = statistics.median(samples)
        print(f"  {name:<28} {len(query):>5} chars  {timings[name]:8.1f} ms")
    worst = max(timings, key=timings.__getitem__)
    print(f"slowest: {worst} {timings[worst]:.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
