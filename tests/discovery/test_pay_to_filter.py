"""payTo is a payment filter: a listing passes when one of its payment options pays that address (with the
other payment filters held by the same option), not when its last event's payTo was that address."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.bindings import change_binding
from souk.catalog.ingest import catalog_event
from souk.discovery.resources import list_resources
from souk.discovery.search import search
from tests.factories import CLOCK, verified, weather

FIRST = "0x5555555555555555555555555555555555555555"
SECOND = "0x6666666666666666666666666666666666666666"
URL = "https://weather.example.com/v1/current"


def _resources(db, settings, **params: str) -> list[str]:
    body = list_resources(db, {k: [v] for k, v in params.items()}, settings, now=CLOCK + timedelta(hours=2))
    return [item["resource"] for item in body["items"]]


def _two_payees(db, settings) -> None:
    """Paid to FIRST on Base; SECOND bound too, and later paid on Base Sepolia: the last event's payTo is SECOND."""
    first = catalog_event(db, verified(weather(network="eip155:8453", pay_to=FIRST)), settings)
    change_binding(db, str(first.listing_id), SECOND, action="bind", reason="the same service on base sepolia")
    later = weather(network="eip155:84532", pay_to=SECOND)
    catalog_event(db, verified(later, CLOCK + timedelta(minutes=5)), settings)
    db.commit()


def test_each_bound_address_finds_the_listing_through_its_own_option(db, settings):
    _two_payees(db, settings)
    assert _resources(db, settings, payTo=FIRST) == [URL]
    assert _resources(db, settings, payTo=SECOND) == [URL]
    assert _resources(db, settings, payTo=FIRST.upper().replace("0X", "0x")) == [URL]  # EVM: any letters


def test_pay_to_and_network_hold_on_one_option(db, settings):
    _two_payees(db, settings)
    assert _resources(db, settings, payTo=FIRST, network="eip155:8453") == [URL]
    assert _resources(db, settings, payTo=SECOND, network="eip155:8453") == []  # Base pays FIRST
    assert _resources(db, settings, payTo=FIRST, network="eip155:84532") == []
    params = {"query": ["weather"], "payTo": [SECOND], "network": ["eip155:8453"]}
    assert search(db, params, settings, now=CLOCK + timedelta(hours=2)).body["resources"] == []


def test_a_moved_listing_is_found_by_the_address_its_options_pay(db, settings):
    first = catalog_event(db, verified(weather(network="eip155:8453", pay_to=FIRST)), settings)
    change_binding(db, str(first.listing_id), SECOND, action="move", reason="the seller moved")
    db.commit()
    # Its accepts still pay FIRST until the seller's next payment to SECOND.
    assert _resources(db, settings, payTo=FIRST) == [URL]
    assert _resources(db, settings, payTo=SECOND) == []
