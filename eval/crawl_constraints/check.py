"""Score the blind constraint probes (queries.jsonl) against the real Bazaar crawl, mechanically.

The crawl is loaded through the cataloging path into its own schema (as ``souk eval --crawl`` does), every
query is ranked with the shipped profile, and each top-5 listing is checked against the query's ``intent``
from the database row: network among the listing's payment options, USD price of a payment option (on an
intended network, when one is named) within the cap (unknown price violates a cap), type, method.

    SOUK_DATA_DIR=/tmp/cc SOUK_MODEL_DIR=$PWD/.souk/model .venv/bin/python eval/crawl_constraints/check.py
    ... check.py --failures dev     # dev-half failures only; the test half is never printed
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from souk.catalog.ingest import ingest_many
from souk.config import get_settings
from souk.db.pool import database_url
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.crawl import crawl_events
from souk.evaluation.external import DATA_DIR
from souk.evaluation.run import EVAL_CLOCK, prepare_semantic
from souk.listing.document import PaymentOption
from souk.listing.filters import Filters
from souk.networks import normalize_network
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE

HERE = Path(__file__).resolve().parent
CRAWL = DATA_DIR / "cdp-bazaar-crawl-2025-12-31.json"  # ../shared/data beside the repo, or SOUK_EXTERNAL_DATA
SCHEMA = "souk_crawl_constraints"
TOP = 5
KINDS = ("network", "price", "type", "method")


@dataclass
class Listing:
    id: int
    url: str
    type: str
    method: str | None
    networks: tuple[str, ...]
    prices: tuple[tuple[str, Decimal | None], ...]  # (network, USD) per payment option


@dataclass
class Outcome:
    case: dict[str, Any]
    ids: list[int]
    reading: dict[str, Any]
    violations: list[tuple[int, list[str]]] = field(default_factory=list)  # (listing id, violated kinds)
    wrong_reading: list[str] = field(default_factory=list)
    listings: dict[int, Listing] = field(default_factory=dict)
    empty_reason: str | None = None  # why an empty answer is empty: the abstention's reason, or "filters"


def load_listings(conn: Any, ids: list[int]) -> dict[int, Listing]:
    rows = conn.execute(
        "SELECT id, resource_url, type, method, networks, accepts FROM listings WHERE id = ANY(%s)", (ids,)
    ).fetchall()
    out = {}
    for r in rows:
        prices = []
        for a in r["accepts"]:
            network = normalize_network(str(a.get("network"))) or str(a.get("network"))
            amount = str(a.get("amount", a.get("maxAmountRequired")))
            prices.append((network, PaymentOption(network, str(a.get("scheme")), str(a.get("asset")), amount).usd))
        out[r["id"]] = Listing(r["id"], r["resource_url"], r["type"], r["method"], tuple(r["networks"]), tuple(prices))
    return out


def violated(listing: Listing, intent: dict[str, Any]) -> list[str]:
    bad = []
    wanted = set(intent["networks"])
    if wanted and not wanted & set(listing.networks):
        bad.append("network")
    if intent["maxUsdPrice"] is not None:
        cap = Decimal(intent["maxUsdPrice"])
        usable = [usd for net, usd in listing.prices if not wanted or net in wanted]
        if not any(usd is not None and usd <= cap for usd in usable):
            bad.append("price")
    if intent["type"] is not None and listing.type != intent["type"]:
        bad.append("type")
    if intent["method"] is not None and listing.method != intent["method"]:
        bad.append("method")
    return bad


def reading_of(iq: Any) -> dict[str, Any]:
    price = iq.max_usd_price
    return {
        "networks": sorted(iq.networks),
        "maxUsdPrice": None if price is None else str(price),
        "strict": bool(iq.max_usd_price_strict),
        "type": iq.type,
        "method": iq.method,
    }


def agreement(reading: dict[str, Any], intent: dict[str, Any]) -> dict[str, tuple[set[str], set[str]]]:
    """(read, wanted) per kind. A method implies an HTTP resource, so reading type http where only the method
    is intended is not counted as a wrong type reading."""
    read, want = kind_sets(reading), kind_sets(intent)
    if intent["method"] is not None and intent["type"] is None and read["type"] == {"http"}:
        read["type"] = set()
    return {k: (read[k], want[k]) for k in KINDS}


def kind_sets(values: dict[str, Any]) -> dict[str, set[str]]:
    price = values["maxUsdPrice"]
    return {
        "network": set(values["networks"]),
        "price": set() if price is None else {str(Decimal(price).normalize())},
        "type": set() if values["type"] is None else {values["type"]},
        "method": set() if values["method"] is None else {values["method"]},
    }


def has_intent(intent: dict[str, Any]) -> bool:
    return any(kind_sets(intent)[k] for k in KINDS)


def run(path: Path, queries: Path = HERE / "queries.jsonl") -> list[Outcome]:
    settings = get_settings()
    events = crawl_events(path)
    conninfo = fc.reset_schema(database_url(settings), SCHEMA, settings)
    cases = [json.loads(line) for line in queries.read_text(encoding="utf-8").splitlines() if line]
    outcomes = []
    with fc.connect(conninfo) as conn:
        ingest_many(conn, events, settings)
        conn.commit()
        prepare_semantic(conn, settings)
        for case in cases:
            result = rank(
                conn, RankRequest(case["query"], Filters(), DEFAULT_PROFILE, EVAL_CLOCK), settings, DEFAULT_PROFILE
            )
            ids = result.listing_ids[:TOP]
            listings = load_listings(conn, ids)
            outcome = Outcome(case, ids, reading_of(result.interpreted), listings=listings)
            if not ids:
                outcome.empty_reason = result.abstain_reason or "filters"
            for lid in ids:
                bad = violated(listings[lid], case["intent"])
                if bad:
                    outcome.violations.append((lid, bad))
            pairs = agreement(outcome.reading, case["intent"])
            outcome.wrong_reading = [k for k, (read, want) in pairs.items() if read != want]
            outcomes.append(outcome)
    return outcomes


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} = {part / whole:.3f}" if whole else "n/a"


def metrics(outcomes: list[Outcome]) -> list[str]:
    constrained = [o for o in outcomes if has_intent(o.case["intent"])]
    answerable = [o for o in outcomes if not o.case["noMatch"]]
    no_match = [o for o in outcomes if o.case["noMatch"]]
    total_v = sum(len(o.violations) for o in constrained)
    lines = [
        f"  queries: {len(outcomes)} (with intent {len(constrained)}, answerable {len(answerable)},"
        f" noMatch {len(no_match)})",
        f"  mean violations@{TOP} (queries with intent): "
        + (f"{total_v / len(constrained):.3f} ({total_v} violating results)" if constrained else "n/a"),
        f"  queries with any violation: {share(sum(bool(o.violations) for o in constrained), len(constrained))}",
    ]
    per_kind = {k: sum(k in bad for o in constrained for _, bad in o.violations) for k in KINDS}
    lines.append("  violating results by kind: " + ", ".join(f"{k} {v}" for k, v in per_kind.items()))
    lines.append(f"  answerable answered with nothing: {share(sum(not o.ids for o in answerable), len(answerable))}")
    reasons = Counter(o.empty_reason for o in answerable if not o.ids)
    if reasons:
        lines.append("    why: " + ", ".join(f"{reason} {count}" for reason, count in sorted(reasons.items())))
    lines.append(f"  noMatch answered with an empty list: {share(sum(not o.ids for o in no_match), len(no_match))}")
    lines.append("  reading agreement (interpreted vs intent), per kind:")
    for k in KINDS:
        tp = fp = fn = 0
        for o in outcomes:
            read, want = agreement(o.reading, o.case["intent"])[k]
            tp, fp, fn = tp + len(read & want), fp + len(read - want), fn + len(want - read)
        precision = f"{tp / (tp + fp):.3f}" if tp + fp else "n/a"
        recall = f"{tp / (tp + fn):.3f}" if tp + fn else "n/a"
        lines.append(f"    {k:8s} precision {precision} recall {recall}  (tp {tp}, fp {fp}, fn {fn})")
    lines.append(f"  queries read exactly right: {share(sum(not o.wrong_reading for o in outcomes), len(outcomes))}")
    return lines


def failures(outcomes: list[Outcome]) -> list[str]:
    lines = []
    for o in outcomes:
        c = o.case
        if c["split"] != "dev":  # the test half stays blind
            continue
        wrong_empty = (not o.ids) != c["noMatch"]
        if not (o.violations or o.wrong_reading or wrong_empty):
            continue
        problems = []
        if o.violations:
            problems.append(f"{len(o.violations)} violating")
        if o.wrong_reading:
            problems.append("misread " + ",".join(o.wrong_reading))
        if wrong_empty:
            problems.append("empty but answerable" if not o.ids else "noMatch but answered")
        lines.append(f"{c['id']} [{'; '.join(problems)}] {c['query']!r}")
        lines.append(f"  intent : {json.dumps(c['intent'])}  noMatch={c['noMatch']}  ({c['note']})")
        lines.append(f"  reading: {json.dumps(o.reading)}")
        bad = dict(o.violations)
        for lid in o.ids:
            item = o.listings[lid]
            prices = ", ".join(f"{net} {'?' if usd is None else f'{usd.normalize():f}'}" for net, usd in item.prices)
            mark = f"  VIOLATES {','.join(bad[lid])}" if lid in bad else ""
            lines.append(f"    {lid:5d} {item.method or item.type} {item.url[:80]} [{prices}]{mark}")
        lines.append("")
    return lines


def header(argv: list[str] | None, crawl: Path) -> list[str]:
    def sh(*cmd: str) -> str:
        return subprocess.run(cmd, capture_output=True, text=True, cwd=HERE).stdout.strip()

    command = " ".join(["eval/crawl_constraints/check.py", *(sys.argv[1:] if argv is None else argv)])
    return [
        f"command: SOUK_DATA_DIR=... SOUK_MODEL_DIR=... .venv/bin/python {command}",
        f"date:    {datetime.now(UTC).isoformat(timespec='seconds')}",
        f"machine: nproc {os.cpu_count()}, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
        " (cores shared with other sessions)",
        f"commit:  {sh('git', 'rev-parse', '--short', 'HEAD')}"
        + (
            " (queries.jsonl or check.py modified)"
            if sh("git", "status", "--porcelain", "queries.jsonl", "check.py")
            else ""
        ),
        f"profile: DEFAULT_PROFILE; top {TOP}; schema {SCHEMA}; crawl {crawl.name}",
        "",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--crawl", type=Path, default=CRAWL)
    parser.add_argument("--failures", choices=["dev"], help="also print the dev half's failures")
    parser.add_argument("--queries", type=Path, default=HERE / "queries.jsonl", help="score another probe file")
    args = parser.parse_args(argv)
    if not args.crawl.exists():
        print(f"skipped: crawl file {args.crawl} is not present")
        return 0
    outcomes = run(args.crawl, args.queries)
    lines = header(argv, args.crawl)
    for name, subset in (
        ("dev", [o for o in outcomes if o.case["split"] == "dev"]),
        ("test", [o for o in outcomes if o.case["split"] == "test"]),
        ("all", outcomes),
    ):
        lines.append(f"[{name}]")
        lines.extend(metrics(subset))
    if args.failures == "dev":
        lines.append("")
        lines.append("dev failures (query, reading, top-5 with violated constraint):")
        lines.extend(failures(outcomes))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
