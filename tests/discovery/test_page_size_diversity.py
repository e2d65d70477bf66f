"""Origin diversity holds per window of 20 results whatever page size a client asks for: "at most 5 per operator
in a page of 20" also for a client paging by 5, and every page size pages through the same order."""

from __future__ import annotations

from collections import Counter
from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.discovery.search import search
from souk.search.profile import DEFAULT_PROFILE
from tests.factories import CLOCK, verified, weather


def _pages(db, settings, limit: int, count: int) -> list[str]:
    params: dict[str, list[str]] = {"query": ["weather forecast"], "limit": [str(limit)]}
    urls: list[str] = []
    for _ in range(count):
        body = search(db, params, settings, now=CLOCK + timedelta(hours=1)).body
        urls += [r["resource"] for r in body["resources"]]
        if not body["pagination"].get("cursor"):
            break
        params = params | {"cursor": [body["pagination"]["cursor"]]}
    return urls


def test_paging_by_five_keeps_the_cap_of_a_page_of_twenty(db, settings):
    # One publisher with ten matches, twenty other sellers with as good ones: the cap, not the scores, spreads them.
    for i in range(10):
        text = f"Weather forecast for a city, hourly and daily (edition {i})."
        catalog_event(
            db, verified(weather(url=f"https://api{i}.skyfolio.example/forecast", description=text)), settings
        )
    for i in range(20):
        text = f"Weather forecast for a city, hourly and daily (release {i})."
        other = weather(url=f"https://wx{i}.example{i}.org/forecast", pay_to=f"GOTHER{i:050d}", description=text)
        catalog_event(db, verified(other), settings)
    db.commit()
    by_five = _pages(db, settings, 5, 4)
    by_twenty = _pages(db, settings, 20, 1)
    assert len(by_five) == 20 and by_five == by_twenty
    per_operator = Counter(url.split("/")[2].split(".", 1)[1] for url in by_five)
    assert per_operator["skyfolio.example"] <= DEFAULT_PROFILE.max_per_origin
    assert per_operator["skyfolio.example"] > 0 and len(by_five) == len(set(by_five))
