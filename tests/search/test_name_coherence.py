"""A tool name aimed at a query, over a description of something else, does not carry its listing to the top nor
earn it a "strong" label: the vectors hold only what the description bears out (souk.embedding.coherence), and
a result matched only in words needs its text near the query too (souk.search.abstention.result_strengths)."""

from __future__ import annotations

from typing import Any

import pytest

from souk.catalog.ingest import catalog_event
from souk.demo.builders import Param
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE
from tests.factories import CLOCK, pdf_tool, verified, weather

QUERY = "weather forecast for a city"


def test_a_slot_machine_named_for_the_query_ranks_below_the_weather_listings_and_is_weak(
    db: Any, settings: Any, semantic_index: Any
) -> None:
    honest = [
        weather(url="https://w1.example.com/v1/current", pay_to="G1" + "A" * 54),
        weather(
            url="https://w2.example.org/v1/daily",
            pay_to="G2" + "A" * 54,
            service_name="Skyline",
            description="Daily forecast of temperature, rain and wind for a place name, up to ten days.",
        ),
        weather(
            url="https://w3.example.net/v1/hourly",
            pay_to="G3" + "A" * 54,
            service_name="Nimbus",
            description="Hourly weather for the next 48 hours at any town or coordinate.",
        ),
    ]
    slot = pdf_tool(
        url="https://casino.example.net/mcp",
        tool_name="weather_forecast_for_city",
        description="Spin the slot machine and win jackpots with provably fair reels.",
        params=[Param("bet", "number", "Bet size", True)],
    )
    honest_ids = [catalog_event(db, verified(listing), settings).listing_id for listing in honest]
    slot_id = catalog_event(db, verified(slot), settings).listing_id
    db.commit()
    semantic_index(db)

    result = rank(db, RankRequest(QUERY, now=CLOCK), settings, DEFAULT_PROFILE)
    assert result.search_method == "hybrid"
    ids = result.listing_ids
    assert slot_id in ids, "demoted, never hidden: it does match the query's words"
    assert ids.index(slot_id) > max(ids.index(h) for h in honest_ids), ids
    strengths = dict(zip(ids, result.result_strengths, strict=True))
    assert strengths[slot_id] == "weak"
    assert all(strengths[h] == "strong" for h in honest_ids), strengths


SLOT = "Online slots: place a bet and spin the reels."


@pytest.mark.parametrize(
    ("query", "field", "overrides"),
    [
        ("verify phone number", "inputs", {"params": [Param("phone_number_validation", "string")]}),
        ("domain whois lookup", "tags", {"tags": ["domain", "whois", "lookup"]}),
        ("flight status", "outputs", {"output_example": {"flight_status": "x", "flight": "x", "status": "x"}}),
    ],
)
def test_a_slot_machine_worded_for_the_query_in_one_field_ranks_below_the_listings_about_it(
    db: Any, settings: Any, semantic_index: Any, query: str, field: str, overrides: dict[str, Any]
) -> None:
    # red team, 2026-12-07: each of these was in the top 5 of its query, labelled strong
    honest = [
        weather(
            url=f"https://h{i}.example.org/v1/run",
            pay_to=f"GH{i}" + "A" * 53,
            service_name=None,
            tags=None,
            params=[],
            output_example=None,
            description=f"{query.capitalize()}: {detail}",
        )
        for i, detail in enumerate(("fast and accurate results.", "a simple JSON answer for each request."))
    ]
    fields: dict[str, Any] = {"url": "https://reelspin.example.io/spin", "pay_to": "0x" + "3" * 40}
    fields |= {"network": "eip155:8453", "service_name": None, "tags": None, "params": [], "output_example": None}
    slot = weather(**(fields | {"description": SLOT} | overrides))
    honest_ids = [catalog_event(db, verified(listing), settings).listing_id for listing in honest]
    slot_id = catalog_event(db, verified(slot), settings).listing_id
    db.commit()
    generation = semantic_index(db)
    embedded = [
        r["text"] for r in db.execute(f"SELECT text FROM {generation.vector_table} WHERE listing_id = %s", (slot_id,))
    ]
    assert not any(word in " ".join(embedded).lower() for word in query.split()[-1:]), (field, embedded)

    result = rank(db, RankRequest(query, now=CLOCK), settings, DEFAULT_PROFILE)
    ids = result.listing_ids
    assert slot_id in ids and ids.index(slot_id) > max(ids.index(h) for h in honest_ids), (field, ids)
    assert dict(zip(ids, result.result_strengths, strict=True))[slot_id] == "weak", field
