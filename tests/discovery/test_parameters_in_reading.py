"""The reading's top-level constraint fields say what was applied: an explicit parameter wins over the words."""

from __future__ import annotations

from souk.catalog.ingest import catalog_event
from souk.discovery.search import search
from souk.networks import BASE, SOLANA
from tests.factories import BASE_SELLER, CLOCK, verified, weather


def _reading(db, settings, **params: str) -> dict:
    for url, network in (("https://wx-base.example.com/v1", BASE), ("https://wx-sol.example.com/v1", SOLANA)):
        pay_to = BASE_SELLER if network == BASE else "So1anaSe11er1111111111111111111111111111111"
        catalog_event(db, verified(weather(url=url, network=network, pay_to=pay_to, amount="1000")), settings)
    body = search(db, {k: [v] for k, v in params.items()}, settings, now=CLOCK).body
    return body["interpretedQuery"]


def test_a_network_parameter_is_the_network_shown_and_the_words_are_kept_apart(db, settings):
    reading = _reading(db, settings, query="weather on solana", network="base")
    assert reading["networks"] == [BASE]
    assert reading["overriddenByParameters"] == {"networks": [SOLANA]}


def test_a_price_parameter_is_the_cap_shown(db, settings):
    reading = _reading(db, settings, query="weather under 1 cent", maxUsdPrice="0.5")
    assert (reading["maxUsdPrice"], reading["maxUsdPriceStrict"]) == ("0.5", False)
    assert reading["overriddenByParameters"] == {"maxUsdPrice": "0.01"}
    alone = _reading(db, settings, query="weather", maxUsdPrice="0.01")
    assert alone["maxUsdPrice"] == "0.01" and "overriddenByParameters" not in alone


def test_a_type_parameter_is_the_type_shown(db, settings):
    reading = _reading(db, settings, query="mcp tool for weather", type="http")
    assert reading["type"] == "http" and reading["overriddenByParameters"] == {"type": "mcp"}


def test_words_that_agree_with_the_parameter_are_not_overridden(db, settings):
    reading = _reading(db, settings, query="weather on base", network="eip155:8453")
    assert reading["networks"] == [BASE] and "overriddenByParameters" not in reading
