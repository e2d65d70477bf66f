"""A later page of a search re-checks what every result must pass: a listing delisted, gone or repriced since
the search was ranked drops out of the pages still to come (a search session lives for hours)."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.discovery.search import search
from souk.lifecycle.store import delist
from tests.factories import BASE_SELLER, CLOCK, verified, weather

NOW = CLOCK + timedelta(hours=1)
URLS = [f"https://forecast{i}.example.com/v1/forecast" for i in range(4)]
TEXT = "Weather forecast by city."


def _catalog(db, settings) -> None:
    for url in URLS:
        listing = weather(url=url, network="eip155:8453", amount="1000", pay_to=BASE_SELLER, description=TEXT)
        catalog_event(db, verified(listing), settings)


def _pages(db, settings, query: str, between=None, limit: int = 1) -> list[list[str]]:
    """Every page of ``query``; ``between(first_page_resource)`` runs after page one."""
    params = {"query": [query], "limit": [str(limit)]}
    body = search(db, params, settings, now=NOW).body
    pages = [[r["resource"] for r in body["resources"]]]
    if between is not None:
        between(pages[0][0])
    while cursor := body["pagination"]["cursor"]:
        body = search(db, params | {"cursor": [cursor]}, settings, now=NOW).body
        pages.append([r["resource"] for r in body["resources"]])
    return pages


def test_a_listing_delisted_after_the_search_is_not_served_on_a_later_page(db, settings):
    _catalog(db, settings)
    order = [page[0] for page in _pages(db, settings, "weather forecast")]
    assert sorted(order) == sorted(URLS)
    victim = order[2]
    pages = _pages(db, settings, "weather forecast", between=lambda _: delist(db, f"http GET {victim}", "abuse"))
    served = [r for page in pages for r in page]
    assert victim not in served and len(served) == len(URLS) - 1
    assert all(pages)  # the page the victim would have filled takes the next listing instead of coming back empty


def test_a_listing_repriced_over_a_cap_read_from_the_words_drops_out_of_later_pages(db, settings):
    _catalog(db, settings)
    order = [page[0] for page in _pages(db, settings, "weather forecast under 1 cent")]
    victim = order[-1]

    def reprice(_: str) -> None:
        dearer = weather(url=victim, network="eip155:8453", amount="5000000", pay_to=BASE_SELLER, description=TEXT)
        catalog_event(db, verified(dearer, CLOCK + timedelta(minutes=30)), settings)

    pages = _pages(db, settings, "weather forecast under 1 cent", between=reprice)
    served = [r for page in pages for r in page]
    assert victim not in served and len(served) == len(URLS) - 1


def test_a_page_fills_from_the_ranking_after_a_listing_that_dropped_out(db, settings):
    # A client that stops at a short page must have seen everything (a probe, 2026-12-07: a page came back empty or
    # short, with a cursor, after a listing on it was delisted or repriced).
    _catalog(db, settings)
    extra = weather(
        url="https://forecast9.example.com/v1/forecast",
        network="eip155:8453",
        amount="1000",
        pay_to=BASE_SELLER,
        description=TEXT,
    )
    catalog_event(db, verified(extra), settings)
    order = [page[0] for page in _pages(db, settings, "weather forecast")]
    assert len(order) == 5
    pages = _pages(
        db, settings, "weather forecast", limit=2, between=lambda _: delist(db, f"http GET {order[2]}", "abuse")
    )
    assert pages == [order[:2], [order[3], order[4]]]
