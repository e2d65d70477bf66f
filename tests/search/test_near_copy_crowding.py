"""Near-copies of one description on many domains and payTos do not fill a page (souk.search.near_duplicates).

The red team's crowding (2026-12-06): ten "Stock quotes <one varied word>. Sample data, refreshed weekly." listings,
each on its own registrable domain with its own payTo, took #1-#9 of "stock quotes" over the honest ones."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE
from tests.factories import CLOCK, Param, verified, weather

WORDS = ("bright", "daily", "pro", "fast", "cheap", "live", "gold", "blue", "nova", "prime")
HONEST = {
    "https://api.tickerdesk.io/v1/quote": ("TickerDesk", "Stock quotes for a ticker: last trade price, bid and ask."),
    "https://ledgerquote.com/api/quote": ("Ledgerquote", "Delayed stock quotes with open, high, low and close."),
    "https://stoxly.app/quotes": ("Stoxly", "Stock quotes and daily volume for US and EU listed shares."),
}


def _quote(url: str, service: str, description: str, seller: int):
    return weather(
        url=url,
        service_name=service,
        description=description,
        pay_to="G" + f"SELLER{seller:02d}".ljust(55, "A"),
        tags=["stocks"],
        params=[Param("ticker", "string", "Ticker symbol")],
    )


def _catalog(db, settings) -> tuple[set[int], set[int]]:
    at = CLOCK - timedelta(hours=1)
    copies = {
        catalog_event(
            db,
            verified(
                _quote(
                    f"https://api.{w}quotes{i}.com/v1/quote",
                    "Stock Quotes",
                    f"Stock quotes {w}. Sample data, refreshed weekly.",
                    i,
                ),
                at,
            ),
            settings,
        ).listing_id
        for i, w in enumerate(WORDS)
    }
    honest = {
        catalog_event(db, verified(_quote(url, name, text, 50 + n), at), settings).listing_id
        for n, (url, (name, text)) in enumerate(HONEST.items())
    }
    db.commit()
    return copies, honest


def test_near_copies_take_at_most_the_cap_of_a_page(db, settings) -> None:
    copies, honest = _catalog(db, settings)
    request = RankRequest("stock quotes", page_size=10, now=CLOCK)
    ranked = rank(db, request, settings, DEFAULT_PROFILE).listing_ids
    cap = DEFAULT_PROFILE.max_per_origin
    # The cap's worth of copies, then every honest listing, and only then (nothing else left) the other copies.
    assert len(copies & set(ranked[: cap + len(honest)])) == cap
    assert honest <= set(ranked[: cap + len(honest)])
    assert set(ranked) == copies | honest  # moved down, not dropped


def test_without_signatures_only_exact_copies_count(db, settings) -> None:
    # The premise: each copy's description differs by a word, so the exact description key sees ten descriptions.
    _copies, honest = _catalog(db, settings)
    db.execute("UPDATE listings SET text_signature = NULL")
    request = RankRequest("stock quotes", page_size=10, now=CLOCK)
    ranked = rank(db, request, settings, DEFAULT_PROFILE).listing_ids
    assert not honest <= set(ranked[: DEFAULT_PROFILE.max_per_origin + len(honest)])
