"""A rail or interface the caller refuses ("not on base", "no mcp") demotes what offers only that, never filters."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.networks import BASE, SOLANA
from souk.search import candidates
from souk.search.pipeline import RankRequest, _apply_query_signals, rank
from souk.search.profile import DEFAULT_PROFILE
from souk.search.understanding import interpret
from tests.factories import BASE_SELLER, CLOCK, verified, weather

SOLANA_SELLER = "So1anaSe11er111111111111111111111111111111"


def _forecasts(db, settings) -> tuple[int, int]:
    """The same forecast sold on Base and on Solana by two sellers; the Base one's text matches a little better."""
    on_base = weather(
        url="https://wx-base.example/forecast",
        network=BASE,
        pay_to=BASE_SELLER,
        description="Weather forecast for a city: the daily weather forecast.",
    )
    on_solana = weather(
        url="https://wx-sol.example/forecast",
        network=SOLANA,
        pay_to=SOLANA_SELLER,
        description="Weather forecast for a city.",
    )
    ids = [
        catalog_event(db, verified(lst, CLOCK - timedelta(hours=1)), settings).listing_id
        for lst in (on_base, on_solana)
    ]
    db.commit()
    return ids[0], ids[1]


def _signals(db, settings, query: str, ids: tuple[int, ...]) -> dict[int, float]:
    scores = dict.fromkeys(ids, 1.0)
    facts = candidates.read(db, list(scores), CLOCK, settings.quality_window_days)
    _apply_query_signals(db, scores, facts, interpret(query), DEFAULT_PROFILE, network_filtered=False)
    return scores


def test_a_refused_network_demotes_listings_paid_only_there(db, settings) -> None:
    on_base, on_solana = _forecasts(db, settings)
    penalty = DEFAULT_PROFILE.negation_penalty
    assert penalty < 1.0
    assert _signals(db, settings, "weather forecast, not on base", (on_base, on_solana)) == {
        on_base: penalty,
        on_solana: 1.0,
    }
    assert _signals(db, settings, "weather forecast, we cannot pay on solana", (on_base, on_solana)) == {
        on_base: 1.0,
        on_solana: penalty,
    }
    # Nothing refused: nothing moves.
    assert _signals(db, settings, "weather forecast", (on_base, on_solana)) == {on_base: 1.0, on_solana: 1.0}


def test_a_listing_also_paid_elsewhere_keeps_its_score(db, settings) -> None:
    on_base, on_solana = _forecasts(db, settings)
    both = weather(url="https://wx-both.example/forecast", network=BASE, pay_to=BASE_SELLER)
    listing_id = catalog_event(db, verified(both, CLOCK - timedelta(hours=1)), settings).listing_id
    db.execute("UPDATE listings SET networks = %s WHERE id = %s", ([BASE, SOLANA], listing_id))
    db.commit()
    scores = _signals(db, settings, "weather forecast, not on base", (on_base, on_solana, listing_id))
    assert scores[listing_id] == 1.0 and scores[on_base] < 1.0


def test_a_refused_network_reorders_a_search_but_removes_nothing(db, settings) -> None:
    on_base, on_solana = _forecasts(db, settings)
    assert rank(db, RankRequest("weather forecast", now=CLOCK), settings, DEFAULT_PROFILE).listing_ids == [
        on_base,
        on_solana,
    ]
    refused = rank(db, RankRequest("weather forecast, not on base", now=CLOCK), settings, DEFAULT_PROFILE)
    assert refused.listing_ids == [on_solana, on_base]
    assert [(c.kind, c.applied_as) for c in refused.interpreted.constraints] == [("network", "demote")]


def test_a_refused_interface_demotes_that_type(db, settings) -> None:
    on_base, _ = _forecasts(db, settings)
    tool = weather(
        url="https://wx-mcp.example/mcp",
        kind="mcp",
        tool_name="forecast",
        network=BASE,
        pay_to=BASE_SELLER,
        description="Weather forecast for a city.",
    )
    tool_id = catalog_event(db, verified(tool, CLOCK - timedelta(hours=1)), settings).listing_id
    db.commit()
    scores = _signals(db, settings, "weather forecast, not an MCP tool", (on_base, tool_id))
    assert scores == {on_base: 1.0, tool_id: DEFAULT_PROFILE.negation_penalty}


def test_a_refused_asset_demotes_listings_payable_only_in_it(db, settings) -> None:
    # a probe (2026-12-07): "fx rates, but I can't pay in EURC" dropped the refusal, and the EURC-only listings led
    in_eurc = weather(url="https://fx-eurc.example/rates", network=BASE, pay_to=BASE_SELLER, asset_symbol="EURC")
    in_usdc = weather(url="https://fx-usdc.example/rates", network=BASE, pay_to=f"0x{7:040x}")
    ids = [catalog_event(db, verified(x, CLOCK - timedelta(hours=1)), settings).listing_id for x in (in_eurc, in_usdc)]
    db.commit()
    penalty = DEFAULT_PROFILE.negation_penalty
    assert _signals(db, settings, "weather, but I can't pay in EURC", tuple(ids)) == {ids[0]: penalty, ids[1]: 1.0}
    assert _signals(db, settings, "weather", tuple(ids)) == {ids[0]: 1.0, ids[1]: 1.0}
