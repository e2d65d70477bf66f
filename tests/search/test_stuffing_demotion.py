"""A description written as a repeating keyword list costs its listing places, and the item says why
(souk.catalog.stuffing, quality.descriptionKeywordStuffed)."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.discovery.search import search
from souk.mcp.models import ResourceDetail
from souk.mcp.summary import summarize
from souk.mcp.text import detail_text
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE, with_name
from tests.factories import CLOCK, verified, weather

OFF = with_name(DEFAULT_PROFILE, "no-stuffing-penalty", stuffing_penalty=1.0)
STUFFED = "weather weather forecast api best cheap weather forecast city hourly daily radar alerts forecast forecast"
HONEST = "Weather forecast for a city, hourly and daily."


def _catalog(db, settings) -> list[int]:
    stuffed = weather(url="https://stuffed.example.com/forecast", pay_to="GSTUFF" + "A" * 50, description=STUFFED)
    honest = weather(url="https://honest.example.org/forecast", pay_to="GHONEST" + "A" * 49, description=HONEST)
    ids = [
        catalog_event(db, verified(lst, CLOCK - timedelta(hours=1)), settings).listing_id for lst in (stuffed, honest)
    ]
    db.commit()
    return ids


def test_a_stuffed_listing_ranks_below_an_equal_honest_one(db, settings) -> None:
    stuffed, honest = _catalog(db, settings)
    request = RankRequest("weather forecast", now=CLOCK)
    assert DEFAULT_PROFILE.stuffing_penalty < 1.0
    assert rank(db, request, settings, OFF).listing_ids[0] == stuffed  # the premise: its repeated words match more
    assert rank(db, request, settings, DEFAULT_PROFILE).listing_ids == [honest, stuffed]  # demoted, still listed


def test_the_flag_reaches_the_agent(db, settings) -> None:
    _catalog(db, settings)
    body = search(db, {"query": ["weather forecast"]}, settings, now=CLOCK + timedelta(hours=1)).body
    flags = {r["resource"]: r["quality"]["descriptionKeywordStuffed"] for r in body["resources"]}
    assert flags == {"https://stuffed.example.com/forecast": True, "https://honest.example.org/forecast": False}
    texts = {r["resource"]: detail_text(ResourceDetail(summary=summarize(r), item=r)) for r in body["resources"]}
    assert "repeated keyword list" in texts["https://stuffed.example.com/forecast"]  # MCP get_resource's text
    assert "repeated keyword list" not in texts["https://honest.example.org/forecast"]
