"""Constraint words left topical are at most a soft boost: an amount under $1, one HTTP method, a chain."""

from __future__ import annotations

import dataclasses
from datetime import timedelta
from decimal import Decimal

from souk.catalog.ingest import catalog_event
from souk.networks import BASE, SOLANA
from souk.search import candidates
from souk.search.pipeline import RankRequest, _apply_query_signals, rank
from souk.search.profile import DEFAULT_PROFILE
from souk.search.soft_constraints import described, soft_cap, soft_method, unread_amounts
from souk.search.understanding import interpret
from tests.factories import BASE_SELLER, CLOCK, verified, weather

SOLANA_SELLER = "So1anaSe11er111111111111111111111111111111"

# Long requests whose only method the reading leaves topical (as the task's own words), though a caller means it.
PROXY_GET = (
    "We are moving our dashboards to a new host next month, and every widget on them refreshes on a timer. The"
    " weather widget needs a forecast for the office city each hour; our proxy turns every widget call into a GET"
    " request. Which forecast service fits?"
)
PAGE_POST = (
    "I run a small sailing school and our booking page shows the weather forecast for the bay. Our old provider"
    " shut down last week, and the page code makes a POST request with the city in the body. What could replace it?"
)
TENTH_OF_A_CENT = "weather forecast; our agent pays about a tenth of a cent per lookup max"


def _catalog(db, settings, *listings) -> list[int]:
    ids = [
        catalog_event(db, verified(listing, CLOCK - timedelta(hours=1)), settings).listing_id for listing in listings
    ]
    db.commit()
    return ids


def _priced(db, settings) -> tuple[int, int]:
    """The same forecast on Base at $0.0005 and at $0.01 a call (USDC, six decimals); the dearer one's text
    matches a little better."""
    cheap = weather(url="https://wx-cheap.example/forecast", network=BASE, pay_to=BASE_SELLER, amount="500")
    dear = weather(
        url="https://wx-dear.example/forecast",
        network=BASE,
        pay_to=SOLANA_SELLER,
        amount="10000",
        description="Weather forecast for a city: the daily weather forecast.",
    )
    cheap_id, dear_id = _catalog(db, settings, cheap, dear)
    return cheap_id, dear_id


def _methods(db, settings) -> tuple[int, int]:
    getter = weather(url="https://wx-get.example/forecast", network=BASE, pay_to=BASE_SELLER, method="GET")
    poster = weather(url="https://wx-post.example/forecast", network=BASE, pay_to=SOLANA_SELLER, method="POST")
    get_id, post_id = _catalog(db, settings, getter, poster)
    return get_id, post_id


def _signals(db, settings, query: str, ids: tuple[int, ...]) -> dict[int, float]:
    scores = dict.fromkeys(ids, 1.0)
    facts = candidates.read(db, list(scores), CLOCK, settings.quality_window_days)
    _apply_query_signals(db, scores, facts, interpret(query), DEFAULT_PROFILE, network_filtered=False, query=query)
    return scores


def test_the_shipped_profile_boosts_what_is_left_topical() -> None:
    assert DEFAULT_PROFILE.soft_price_boost > 0
    assert DEFAULT_PROFILE.soft_method_boost > 0
    assert DEFAULT_PROFILE.soft_network_boost > 0


def test_a_topical_amount_under_a_dollar_is_a_soft_cap() -> None:
    iq = interpret(TENTH_OF_A_CENT)
    assert iq.max_usd_price is None  # the reading leaves it topical ...
    assert soft_cap(iq) == Decimal("0.001")  # ... and the ranking still leans on it


def test_amounts_that_are_no_call_price_are_no_soft_cap() -> None:
    assert soft_cap(interpret("convert 5000 USD to EUR")) is None  # over $1: the task's own amount
    assert soft_cap(interpret("homes in New York City with a maximum price of $1 million")) is None
    assert soft_cap(interpret("flag invoices over $100")) is None  # a minimum
    assert soft_cap(interpret("NFTs listed under 0.1 ETH")) is None  # not in USD
    assert soft_cap(interpret("weather api under 1 cent per call")) is None  # read as the cap: a filter instead
    assert soft_cap(interpret("weather forecast")) is None


def test_an_amount_the_reading_did_not_notice_is_a_soft_cap() -> None:
    query = "usdc base <0.01 email validation"
    assert all(c.kind != "price" for c in interpret(query).constraints)  # no price noticed at all ...
    assert soft_cap(interpret(query)) == Decimal("0.01")  # ... yet it is written as one
    assert unread_amounts("<= $0.002, or 0.3 cents, or < .5¢") == [
        (Decimal("0.002"), "<= $0.002"),
        (Decimal("0.003"), "0.3 cents"),
        (Decimal("0.005"), ".5¢"),
    ]
    assert unread_amounts("weather <0.5 cents") == [(Decimal("0.005"), "0.5 cents")]  # not "<0", then cents
    assert unread_amounts("answers in under 2 seconds, <5% errors") == []
    assert unread_amounts("usdc base <0.01.") == [(Decimal("0.01"), "<0.01")]  # a full stop after it
    assert unread_amounts("<0.01 usdc, $0.5 or 2c") == [
        (Decimal("0.01"), "<0.01 usdc"),
        (Decimal("0.5"), "$0.5"),
        (Decimal("0.02"), "2c"),
    ]
    # Not prices: units of time, a p-value, a version pin, a bare bound above a dime, another currency, nothing.
    for text in (
        "latency <0.5s",
        "p99 <0.2 seconds",
        "p<0.05",
        "react<0.5",
        "confidence < 0.9",
        "floor under <0.05 eth",
        "$0,01 weather",
        "usage: $0 <query>",
    ):
        assert unread_amounts(text) == [], text
    # Refused or quoted: not asked for.
    for text in ("weather api, not <0.01", 'weather api "<0.01"', "weather api, 'under $0.01'"):
        assert unread_amounts(text) == [], text


def test_a_listing_within_a_topical_amount_is_boosted(db, settings) -> None:
    cheap, dear = _priced(db, settings)
    assert _signals(db, settings, TENTH_OF_A_CENT, (cheap, dear)) == {
        cheap: 1 + DEFAULT_PROFILE.soft_price_boost,
        dear: 1.0,
    }
    assert _signals(db, settings, "convert 5000 USD to EUR, weather forecast", (cheap, dear)) == {
        cheap: 1.0,
        dear: 1.0,
    }


def test_a_soft_cap_reorders_but_removes_nothing(db, settings) -> None:
    cheap, dear = _priced(db, settings)
    assert rank(db, RankRequest("weather forecast", now=CLOCK), settings, DEFAULT_PROFILE).listing_ids == [dear, cheap]
    assert rank(db, RankRequest(TENTH_OF_A_CENT, now=CLOCK), settings, DEFAULT_PROFILE).listing_ids == [cheap, dear]


def _soft(query: str) -> str | None:
    return soft_method(interpret(query), query)


def test_one_topical_method_is_a_soft_method() -> None:
    assert interpret(PROXY_GET).method is None and _soft(PROXY_GET) == "GET"
    assert interpret(PAGE_POST).method is None and _soft(PAGE_POST) == "POST"
    # Two methods compared: neither is asked for.
    assert _soft("weather forecast, HEAD vs GET vs POST compared") is None
    assert _soft("weather forecast via HTTP POST") is None  # read: a filter instead
    assert _soft("weather forecast") is None


def test_a_method_in_capitals_elsewhere_or_inside_a_word_is_no_soft_method() -> None:
    query = "a blog post generator for weather news, with POST-processing of the images"
    assert any(c.kind == "method" for c in interpret(query).constraints)
    assert _soft(query) is None


def test_a_method_in_lower_case_is_no_soft_method() -> None:
    """ "post" in lower case is mostly a prefix or a verb; the reading notes it and leaves it topical."""
    for query in ("bands like these: indie rock, post-punk, shoegaze", PAGE_POST.replace("POST", "post")):
        assert any(c.kind == "method" for c in interpret(query).constraints)
        assert _soft(query) is None


def test_a_listing_answering_the_topical_method_is_boosted(db, settings) -> None:
    get_id, post_id = _methods(db, settings)
    boosted = 1 + DEFAULT_PROFILE.soft_method_boost
    assert _signals(db, settings, PROXY_GET, (get_id, post_id)) == {get_id: boosted, post_id: 1.0}
    assert _signals(db, settings, PAGE_POST, (get_id, post_id)) == {get_id: 1.0, post_id: boosted}
    assert _signals(db, settings, "weather forecast", (get_id, post_id)) == {get_id: 1.0, post_id: 1.0}


def test_a_chain_named_as_the_topic_is_a_soft_network(db, settings) -> None:
    on_base, on_solana = _catalog(
        db,
        settings,
        weather(url="https://wx-base.example/forecast", network=BASE, pay_to=BASE_SELLER),
        weather(url="https://wx-sol.example/forecast", network=SOLANA, pay_to=SOLANA_SELLER),
    )
    query = "weather and news about solana"
    iq = interpret(query)
    assert not iq.networks and SOLANA in iq.soft_networks
    assert _signals(db, settings, query, (on_base, on_solana)) == {
        on_base: 1.0,
        on_solana: 1 + DEFAULT_PROFILE.soft_network_boost,
    }


def test_a_search_says_which_topical_readings_it_boosts(db, settings) -> None:
    """What the caller is told matches what was done: a soft boost is reported as a boost."""
    _priced(db, settings)
    told = rank(db, RankRequest(TENTH_OF_A_CENT, now=CLOCK), settings, DEFAULT_PROFILE).interpreted
    (price,) = [c for c in told.constraints if c.kind == "price"]
    assert (price.applied_as, price.value) == ("boost", "0.001") and "a small boost for listings within it" in price.why
    (method,) = [c for c in described(interpret(PROXY_GET), DEFAULT_PROFILE, PROXY_GET) if c.kind == "method"]
    assert (method.applied_as, method.value) == ("boost", "GET")
    query = "weather and news about solana"
    (network,) = [c for c in described(interpret(query), DEFAULT_PROFILE, query) if c.kind == "network"]
    assert network.applied_as == "boost" and "listings paid there" in network.why
    query = "usdc base <0.01 email validation"
    (unread,) = [c for c in described(interpret(query), DEFAULT_PROFILE, query) if c.kind == "price"]
    assert (unread.applied_as, unread.value, unread.text) == ("boost", "0.01", "<0.01")
    # A profile without the boosts reports the readings as the topic they are; lower-case "post" stays a topic.
    plain = dataclasses.replace(DEFAULT_PROFILE, soft_price_boost=0.0, soft_method_boost=0.0, soft_network_boost=0.0)
    assert described(interpret(PROXY_GET), plain, PROXY_GET) == interpret(PROXY_GET).constraints
    lower = PAGE_POST.replace("POST", "post")
    assert described(interpret(lower), DEFAULT_PROFILE, lower) == interpret(lower).constraints


def test_a_search_that_boosts_nothing_reports_no_boost(db, settings) -> None:
    # Nothing to rank (an empty catalog): nothing was boosted.
    empty = rank(db, RankRequest(TENTH_OF_A_CENT, now=CLOCK), settings, DEFAULT_PROFILE)
    assert empty.listing_ids == []
    assert [(c.kind, c.applied_as) for c in empty.interpreted.constraints] == [("price", "topic")]
    _priced(db, settings)
    # A profile that reads no constraints boosts nothing either.
    plain = dataclasses.replace(DEFAULT_PROFILE, constraints=False)
    lexical = rank(db, RankRequest(TENTH_OF_A_CENT, now=CLOCK), settings, plain)
    assert all(c.applied_as != "boost" for c in lexical.interpreted.constraints)
