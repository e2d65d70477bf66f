"""A name the description does not bear out is not embedded: the name and purpose queries are compared, and a
listing whose two read as unrelated is embedded as if it declared no tool or service name."""

from __future__ import annotations

import numpy as np
import pytest

from souk.demo.builders import Param
from souk.embedding import coherence
from souk.embedding.synthetic import name_and_purpose
from souk.listing.document import ListingDocument
from tests.factories import pdf_tool, weather


def _doc(**overrides: object) -> ListingDocument:
    base = pdf_tool(**overrides)
    return ListingDocument(
        type=base.kind,
        resource_url=base.url,
        method=None,
        tool_name=base.tool_name,
        service_name=base.service_name,
        description=base.description,
        tags=tuple(base.tags or ()),
        params=(),
        output_type=None,
        output_fields=(),
    )


def _unit(*values: float) -> np.ndarray:
    v = np.array(values, dtype=np.float32)
    return v / np.linalg.norm(v)


def test_the_probe_is_the_name_query_and_the_description_first_sentence() -> None:
    doc = _doc(tool_name="weatherForecastForCity", description="Spin the slot machine. Win jackpots!")
    assert name_and_purpose(doc) == ("weather forecast for city", "spin the slot machine")


@pytest.mark.parametrize(
    ("cosine", "coherent"),
    [(0.9, True), (coherence.MIN_NAME_COHERENCE, True), (coherence.MIN_NAME_COHERENCE - 0.01, False), (-0.03, False)],
)
def test_a_name_stands_at_the_threshold_and_falls_below_it(cosine: float, coherent: bool) -> None:
    name, purpose = name_and_purpose(_doc())  # type: ignore[misc]
    vectors = {name: _unit(1.0, 0.0), purpose: _unit(cosine, float(np.sqrt(1 - cosine**2)))}
    assert coherence.name_is_coherent(_doc(), vectors.__getitem__) is coherent


def test_without_a_description_or_a_declared_name_there_is_nothing_to_compare() -> None:
    def unreachable(text: str) -> np.ndarray:
        raise AssertionError(f"no vector is needed, asked for {text!r}")

    assert coherence.name_is_coherent(_doc(description=None), unreachable)
    assert coherence.name_is_coherent(_doc(tool_name=None, service_name=None), unreachable)
    # a name that is the description's first sentence compares with itself
    assert coherence.name_is_coherent(_doc(tool_name="merge pdf files", description="Merge PDF files"), unreachable)


def test_texts_without_a_name_drop_the_tool_and_service_lines_and_the_name_led_queries() -> None:
    doc = _doc(
        tool_name="weather_forecast_for_city",
        service_name="Lucky Reels",
        description="Spin the slot machine and win jackpots.",
    )
    text, queries = coherence.texts_without_name(doc)
    assert "Tool:" not in text and "Service:" not in text and "weather" not in text and "Lucky" not in text
    assert "Description: Spin the slot machine and win jackpots." in text
    assert not any("weather" in q or "lucky" in q for q in queries)
    assert "spin the slot machine and win jackpots" in queries


def test_the_worker_embeds_a_listing_without_the_name_its_description_does_not_bear_out(
    db, settings, semantic_index
) -> None:
    from souk.catalog.ingest import catalog_event
    from tests.factories import verified

    slot = pdf_tool(
        url="https://casino.example.net/mcp",
        tool_name="weather_forecast_for_city",
        description="Spin the slot machine and win jackpots with provably fair reels.",
        params=[Param("bet", "number", "Bet size", True)],
    )
    honest = weather(url="https://forecast.example.org/v1/daily", service_name="Daily Weather Forecast")
    ids = [catalog_event(db, verified(listing), settings).listing_id for listing in (slot, honest)]
    db.commit()
    generation = semantic_index(db)
    rows = {
        lid: [
            r["text"]
            for r in db.execute(
                f"SELECT text FROM {generation.vector_table} WHERE listing_id = %s ORDER BY kind, ordinal", (lid,)
            ).fetchall()
        ]
        for lid in ids
    }
    slot_texts, honest_texts = rows[ids[0]], rows[ids[1]]
    assert slot_texts and not any("weather" in t.lower() for t in slot_texts), slot_texts
    assert any("spin the slot machine" in t.lower() for t in slot_texts)
    # the name the description bears out is embedded as declared
    assert "daily weather forecast" in honest_texts and any(
        "Service: Daily Weather Forecast" in t for t in honest_texts
    )
    # what is served and lexically indexed keeps the name as declared
    stored = db.execute("SELECT tool_name, search_text FROM listings WHERE id = %s", (ids[0],)).fetchone()
    assert (
        stored["tool_name"] == "weather_forecast_for_city"
        and "Tool: weather_forecast_for_city" in stored["search_text"]
    )
