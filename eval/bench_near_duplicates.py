"""What grouping near-copies costs a search (souk.search.near_duplicates.groups over a 200-result head). A benchmark
script, not a test.

Usage: python eval/bench_near_duplicates.py [--repeats 5]

Heads of 200 (listing id, description key, signature) built from generated descriptions signed by
``souk.search.signature.text_signature``:

* distinct: 200 unrelated descriptions (a typical head);
* repeated: 18 descriptions repeated on 11 hosts each, as the 14k benchmark catalog (eval/bench_search_scale.py)
  replicates its base (identical text and signature);
* near-copies: 200 copies of one template with one word varied each (the red team's crowding), all one group.

Prints the median over ``--repeats`` passes of the mean time per head, and how many groups each head forms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from bench_embedding import cpu_model

from souk.search.near_duplicates import groups
from souk.search.signature import text_signature

VOCABULARY = [f"word{i}" for i in range(5000)]


def _description(rng: random.Random, words: int = 18) -> str:
    return " ".join(rng.sample(VOCABULARY, words)) + "."


def heads(rng: random.Random) -> dict[str, list[tuple[int, str, bytes | None]]]:
    distinct = [_description(rng) for _ in range(200)]
    base = [_description(rng) for _ in range(18)]
    repeated = [base[i % 18] for i in range(200)]
    template = "Stock quotes {}. Sample data, refreshed weekly, for every listed ticker."
    near = [template.format(VOCABULARY[i]) for i in range(200)]

    def head(texts: list[str]) -> list[tuple[int, str, bytes | None]]:
        return [(i, f"key-{hash(t)}", text_signature(t, "Quotes API")) for i, t in enumerate(texts)]

    return {"distinct": head(distinct), "repeated": head(repeated), "near-copies": head(near)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--loops", type=int, default=200)
    args = parser.parse_args()
    print(f"command: python eval/bench_near_duplicates.py --repeats {args.repeats} --loops {args.loops}")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at start")
    for name, head in heads(random.Random(7)).items():
        passes = []
        for _ in range(args.repeats):
            started = time.perf_counter()
            for _ in range(args.loops):
                out = groups(head)
            passes.append((time.perf_counter() - started) / args.loops * 1000)
        print(
            f"{name:<12} head of {len(head)}: {statistics.median(passes):.3f} ms a search"
            f" (passes {min(passes):.3f}-{max(passes):.3f}); {len(set(out.values()))} groups"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
