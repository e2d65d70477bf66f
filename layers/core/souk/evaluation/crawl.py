"""Load a real Bazaar crawl (``GET /discovery/resources`` pages) through the cataloging path and probe
how loading, ranking and no-match behaviour hold up on messy listings. No judgments exist for it:
this reports what was rejected and why, and what the shipped profile returns for probe queries."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from souk.catalog.ingest import ingest_many
from souk.config import Settings
from souk.db.pool import database_url
from souk.db.types import one
from souk.evaluation import fixture_catalog as fc
from souk.evaluation.run import EVAL_CLOCK, prepare_semantic
from souk.listing.filters import Filters
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE

PROBES = [
    "token analysis for a crypto address",
    "generate an image from a prompt",
    "weather forecast",
    "wallet balance on base",
    "web search api",
    "text to speech",
    "summarize a web page",
    "price of bitcoin",
    "send an email",
    "translate text to spanish",
    "twitter user lookup",
    "nft metadata",
    "stock quote",
    "pdf to text",
    "llm chat completion",
]
NO_MATCH_PROBES = ["the", "a an the of", "xqzv blorptangle", "book a dentist appointment in oslo"]


def crawl_events(path: Path) -> list[dict[str, Any]]:
    """Each crawled item as the facilitator event its first payment option would have produced."""
    data = json.loads(path.read_text(encoding="utf-8"))
    events = []
    for item in data["resources"]:
        accepts = item.get("accepts") or [{}]
        requirement = dict(accepts[0])
        version = item.get("x402Version", 1)
        payload: dict[str, Any] = {"x402Version": version, "payload": {}}
        if version == 1:
            payload |= {"scheme": requirement.get("scheme"), "network": requirement.get("network")}
            requirement.setdefault("resource", item.get("resource"))
        else:
            payload |= {
                "resource": {"url": item.get("resource"), "description": item.get("description")},
                "accepted": requirement,
                "extensions": item.get("extensions") or {},
            }
        events.append(
            {
                "event": "verified",
                "observedAt": item.get("lastUpdated") or EVAL_CLOCK.isoformat(),
                "paymentPayload": payload,
                "paymentRequirements": requirement,
            }
        )
    return events


def run_crawl_check(settings: Settings, path: Path, *, progress: bool = True) -> dict[str, Any]:
    events = crawl_events(path)
    conninfo = fc.reset_schema(database_url(settings), "souk_crawl", settings)
    with fc.connect(conninfo) as conn:
        outcomes = ingest_many(conn, events, settings)
        conn.commit()
        generation = prepare_semantic(conn, settings)
        probes: dict[str, Any] = {}
        for query in PROBES + NO_MATCH_PROBES:
            result = rank(conn, RankRequest(query, Filters(), DEFAULT_PROFILE, EVAL_CLOCK), settings, DEFAULT_PROFILE)
            top = result.listing_ids[:10]
            rows = conn.execute(
                "SELECT id, resource_url, description FROM listings WHERE id = ANY(%s)", (top,)
            ).fetchall()
            by_id = {r["id"]: r for r in rows}
            hosts = Counter(urlparse(by_id[i]["resource_url"]).hostname for i in top)
            descriptions = Counter((by_id[i]["description"] or "").strip().lower() for i in top)
            probes[query] = {
                "results": len(result.listing_ids),
                "method": result.search_method,
                "maxPerHostTop10": max(hosts.values(), default=0),
                "duplicateDescriptionsTop10": sum(c - 1 for c in descriptions.values() if c > 1),
                "top3": [by_id[i]["resource_url"] for i in top[:3]],
            }
        listings = one(conn.execute("SELECT count(*) AS n FROM listings"))["n"]
    rejected = Counter(o.error for o in outcomes if o.status == "rejected")
    return {
        "crawl": path.name,
        "items": len(events),
        "cataloged": sum(o.status == "success" for o in outcomes),
        "distinctListings": listings,
        "rejected": dict(sorted(rejected.items())),
        "modelGeneration": generation,
        "noMatchProbesEmpty": {q: probes[q]["results"] == 0 for q in NO_MATCH_PROBES},
        "probes": probes,
    }
