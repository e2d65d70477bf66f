"""Each field a seller words for search (name, tags, parameters, output fields) is embedded only when the
model reads it as related to the description's first sentence; a field that is not is left out of the vectors."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from souk.demo.builders import Param
from souk.embedding import coherence
from souk.embedding.synthetic import claim_probes
from souk.listing.document import DeclaredParam, ListingDocument
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


def test_each_declared_field_is_probed_against_the_description_first_sentence() -> None:
    doc = _doc(
        tool_name="weatherForecastForCity",
        description="Spin the slot machine. Win jackpots!",
        url="https://sentiment-tweets.reelspin.io/v1/extract/text/{id}",
        tags=["weather", "usdc", "forecast"],
    )
    doc = dataclasses.replace(
        doc,
        params=(DeclaredParam("phone_number", True), DeclaredParam("lang", False, "ISO code")),
        output_fields=("flightStatus",),
    )
    purpose, fields = claim_probes(doc)  # type: ignore[misc]
    assert purpose == "spin the slot machine"
    assert fields == {
        "name": "weather forecast for city",
        "tags": "weather, forecast",  # a network, asset or price is a filter, not a claim about the topic
        "inputs": "phone number; lang: iso code",
        "outputs": "flight status",
    }


@pytest.mark.parametrize(
    ("description", "purpose"),
    [
        # a first sentence too short to judge by takes the next ones with it, up to three words
        ("Jackpot! Spin the slot machine and win jackpots.", "jackpot! spin the slot machine and win jackpots"),
        ("New! Beta. Converts PDF files to text. Fast.", "new! beta. converts pdf files to text"),
        ("Daily weather forecast for a place name. Paid per call.", "daily weather forecast for a place name"),
    ],
)
def test_the_purpose_is_the_first_sentence_of_three_words_or_more(description: str, purpose: str) -> None:
    assert claim_probes(_doc(tool_name="weather_forecast_for_city", description=description))[0] == purpose  # type: ignore[index]


def test_a_description_of_fewer_than_three_words_in_all_still_judges_nothing() -> None:
    assert claim_probes(_doc(tool_name="weather_forecast_for_city", description="Jackpot! Win!")) is None


@pytest.mark.parametrize(
    ("cosine", "unrelated"),
    [(0.9, False), (0.15, False), (0.14, True), (-0.03, True)],
)
def test_a_field_stands_at_the_threshold_and_falls_below_it(cosine: float, unrelated: bool) -> None:
    doc = _doc()
    purpose, fields = claim_probes(doc)  # type: ignore[misc]
    vectors = {text: _unit(1.0, 0.0, 0.0) for text in fields.values()}
    vectors[purpose] = _unit(1.0, 0.0, 0.0)
    vectors[fields["name"]] = _unit(cosine, float(np.sqrt(1 - cosine**2)), 0.0)
    assert coherence.unrelated_fields(doc, vectors.__getitem__, 0.15) == ({"name"} if unrelated else set())


def test_without_a_description_there_is_nothing_to_compare() -> None:
    def unreachable(text: str) -> np.ndarray:
        raise AssertionError(f"no vector is needed, asked for {text!r}")

    assert coherence.probe_texts(_doc(description=None)) == []
    assert coherence.unrelated_fields(_doc(description=None), unreachable, 0.15) == frozenset()
    # a name that is the description's first sentence is not compared with itself
    assert "name" not in claim_probes(_doc(tool_name="merge pdf files", description="Merge PDF files"))[1]  # type: ignore[index]


def test_texts_without_the_unrelated_fields_drop_their_lines_and_queries() -> None:
    doc = dataclasses.replace(
        _doc(
            tool_name="weather_forecast_for_city",
            service_name="Lucky Reels",
            description="Spin the slot machine and win jackpots.",
            url="https://city-weather.reelspin.io/weather/forecast",
            tags=["weather"],
        ),
        params=(DeclaredParam("city", True, "City name"),),
    )
    everything = frozenset({"name", "tags", "inputs", "outputs"})
    text, queries = coherence.texts_without(doc, everything)
    assert not any(w in text for w in ("Tool:", "Service:", "Tags:", "Parameters:"))
    assert "Resource: https://city-weather.reelspin.io/weather/forecast\n" in text  # the route is not judged
    assert "Description: Spin the slot machine and win jackpots." in text
    # the name no longer leads: the next subject, the route's last word, does
    assert queries == ["forecast", "spin the slot machine and win jackpots"]
    kept_text, kept_queries = coherence.texts_without(doc, frozenset({"tags"}))
    assert "Tool: weather_forecast_for_city" in kept_text and "Tags:" not in kept_text
    assert "weather forecast for city" in kept_queries


def test_one_word_fields_and_the_resource_url_are_not_probed() -> None:
    # a tag "weather" or a parameter "id" aims at little and reads as nothing; the subdomain and route were
    # "unrelated" to a generic description on 392 and 371 of the real crawl's 1,354 listings while naming the topic
    doc = dataclasses.replace(
        _doc(url="https://sentiment-analysis.reelspin.io/extract/text", tags=["weather"]),
        params=(DeclaredParam("id", True),),
    )
    assert set(claim_probes(doc)[1]) == {"name"}  # type: ignore[index]


@pytest.mark.parametrize(
    "description",
    [
        "Spin the slot machine and win jackpots with provably fair reels.",
        # a first sentence too short to judge by no longer leaves the name unjudged
        "Jackpot! Spin the slot machine and win jackpots with provably fair reels.",
    ],
)
def test_the_worker_embeds_a_listing_without_the_name_its_description_does_not_bear_out(
    db, settings, semantic_index, description: str
) -> None:
    from souk.catalog.ingest import catalog_event
    from tests.factories import verified

    slot = pdf_tool(
        url="https://casino.example.net/mcp",
        tool_name="weather_forecast_for_city",
        description=description,
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
