"""A seller's sandbox listing (test tokens only) yields to its production one when nobody named a network."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.networks import BASE, BASE_SEPOLIA
from souk.search import candidates
from souk.search.pipeline import RankRequest, _apply_query_signals, rank
from souk.search.profile import DEFAULT_PROFILE, with_name
from souk.search.understanding import interpret
from tests.factories import BASE_SELLER, CLOCK, verified, weather

OFF = with_name(DEFAULT_PROFILE, "no-testnet-penalty", testnet_penalty=1.0)


def _forecast(path: str, network: str, description: str, host: str = "wx.example", pay_to: str = BASE_SELLER):
    return weather(
        url=f"https://{host}{path}",
        network=network,
        pay_to=pay_to,
        service_name="Forecast",
        description=description,
        tags=["weather", "forecast"],
    )


def _sandbox_and_production(db, settings, sandbox_description: str) -> tuple[int, int]:
    """A Base Sepolia listing and a Base one of the same forecast; the production text is fixed."""
    listings = (
        _forecast("/sandbox/forecast", BASE_SEPOLIA, sandbox_description),
        _forecast("/forecast", BASE, "Weather forecast for a city."),
    )
    sandbox, production = (
        catalog_event(db, verified(lst, CLOCK - timedelta(hours=1)), settings).listing_id for lst in listings
    )
    db.commit()
    return sandbox, production


def test_the_penalty_applies_only_to_testnet_only_listings_when_no_network_is_named(db, settings) -> None:
    sandbox, production = _sandbox_and_production(db, settings, "Weather forecast for a city.")

    def signals(query: str, *, network_filtered: bool = False) -> dict[int, float]:
        scores = {sandbox: 1.0, production: 1.0}
        facts = candidates.read(db, list(scores), CLOCK, settings.quality_window_days)
        _apply_query_signals(db, scores, facts, interpret(query), DEFAULT_PROFILE, network_filtered=network_filtered)
        return scores

    assert signals("weather forecast") == {sandbox: DEFAULT_PROFILE.testnet_penalty, production: 1.0}
    assert DEFAULT_PROFILE.testnet_penalty < 1.0
    assert signals("weather forecast", network_filtered=True) == {sandbox: 1.0, production: 1.0}
    assert signals("weather forecast on base sepolia") == {sandbox: 1.0, production: 1.0}  # asked for
    assert signals("weather forecast on a testnet") == {sandbox: 1.0, production: 1.0}
    assert signals("weather forecast sandbox for testing") == {sandbox: 1.0, production: 1.0}  # the topic


def test_a_testnet_listing_without_a_production_twin_keeps_its_score(db, settings) -> None:
    other_seller = "0x2222222222222222222222222222222222222222"
    lone = _forecast("/forecast", BASE_SEPOLIA, "Weather forecast for a city.", "sandbox-wx.example", other_seller)
    production = _forecast("/forecast", BASE, "Weather forecast for a city.")
    lone_id, production_id = (
        catalog_event(db, verified(lst, CLOCK - timedelta(hours=1)), settings).listing_id for lst in (lone, production)
    )
    db.commit()
    scores = {lone_id: 1.0, production_id: 1.0}
    facts = candidates.read(db, list(scores), CLOCK, settings.quality_window_days)
    _apply_query_signals(db, scores, facts, interpret("weather forecast"), DEFAULT_PROFILE, network_filtered=False)
    assert scores == {lone_id: 1.0, production_id: 1.0}


def test_a_slightly_better_sandbox_match_yields_to_the_production_listing(db, settings) -> None:
    sandbox, production = _sandbox_and_production(db, settings, "Weather forecast, the weather for a city.")
    request = RankRequest("weather forecast", now=CLOCK)
    assert rank(db, request, settings, OFF).listing_ids == [sandbox, production]
    assert rank(db, request, settings, DEFAULT_PROFILE).listing_ids == [production, sandbox]
    # A network in the words keeps the test network's listing where its match puts it.
    named = RankRequest("weather forecast paid on base sepolia", now=CLOCK)
    assert rank(db, named, settings, DEFAULT_PROFILE).listing_ids == [sandbox]
