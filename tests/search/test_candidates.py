"""souk.search.candidates: the one read the post-fusion stages share."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.lifecycle.probe import ProbeResult
from souk.lifecycle.store import record_probe
from souk.networks import BASE
from souk.search import candidates, health
from tests.factories import BASE_SELLER, CLOCK, settled, verified, weather


def test_one_read_carries_prices_sellers_settlements_in_the_window_and_health(db, settings) -> None:
    paid = weather(url="https://paid.example/v1/weather", network=BASE, pay_to=BASE_SELLER)
    quiet = weather(url="https://quiet.example/v1/weather")
    window = settings.quality_window_days
    paid_id = catalog_event(db, verified(paid, CLOCK - timedelta(days=window + 5)), settings).listing_id
    for days in (1, 2, window + 1):  # the last one is outside the window
        catalog_event(db, settled(paid, CLOCK - timedelta(days=days), payer=f"0xpayer{days}"), settings)
    catalog_event(db, settled(paid, CLOCK + timedelta(hours=1)), settings)  # after "now": not counted
    quiet_id = catalog_event(db, verified(quiet, CLOCK - timedelta(days=1)), settings).listing_id
    record_probe(db, ProbeResult(quiet_id, CLOCK - timedelta(hours=2), "timeout", detail="test"), settings)
    db.commit()

    facts = candidates.read(db, [paid_id, quiet_id, 987654321], CLOCK, window)

    assert set(facts) == {paid_id, quiet_id}  # an id that no longer exists is left out
    assert facts[paid_id].payers == 2
    assert facts[paid_id].networks == (BASE,) and facts[paid_id].pay_to == BASE_SELLER
    assert facts[paid_id].resource_url == "https://paid.example/v1/weather"
    assert facts[paid_id].health_score is None  # never probed
    assert facts[quiet_id].payers == 0
    assert facts[quiet_id].health_score is not None and facts[quiet_id].health_score < 1.0
    assert facts[quiet_id].alive_at == CLOCK - timedelta(days=1)  # the verified payment, not the failed probe
    assert candidates.read(db, [], CLOCK, window) == {}


def test_settlements_on_a_test_network_are_not_counted(db, settings) -> None:
    """Test tokens are free: a seller paying itself on a testnet would otherwise buy the settlement boost."""
    both = {"url": "https://both.example/v1/weather", "pay_to": BASE_SELLER}
    first = verified(weather(network=BASE, **both), CLOCK - timedelta(days=3))
    listing_id = catalog_event(db, first, settings).listing_id
    for hours in range(1, 6):  # five self-payments of test USDC on Base Sepolia
        sandbox = weather(network="eip155:84532", amount="1", **both)
        catalog_event(db, settled(sandbox, CLOCK - timedelta(hours=hours), payer=f"0xself{hours}"), settings)
    catalog_event(db, settled(weather(network=BASE, **both), CLOCK - timedelta(hours=1)), settings)
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 1


def test_settlements_on_a_chain_not_known_as_production_are_no_sales(db, settings) -> None:
    """Ten wallets paying a seller's own dev chain (Anvil's eip155:31337) in a token it minted cost nothing, and
    counted as ten production payers: the settlement boost, paid calls and "most recently paid" (a probe)."""
    from souk.discovery.resources import list_resources

    token = "0x5FbDB2315678afecb367f032d93F642f64180aa3"  # the first contract Anvil deploys
    dev = {
        "url": "https://devchain.example/v1/weather",
        "pay_to": BASE_SELLER,
        "network": "eip155:31337",
        "asset": token,
    }
    listing_id = catalog_event(db, verified(weather(**dev), CLOCK - timedelta(days=3)), settings).listing_id
    for n in range(10):
        catalog_event(db, settled(weather(**dev), CLOCK - timedelta(hours=n + 1), payer=f"0xwallet{n}"), settings)
    db.commit()
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 0
    [item] = list_resources(db, {}, settings, now=CLOCK)["items"]
    assert item["quality"]["settledCount"] == item["quality"]["uniquePayers"] == 0
    assert item["quality"]["settledCountAllTime"] == 0
    assert db.execute("SELECT last_paid_at FROM listings").fetchone()["last_paid_at"] is None
    # The same payments on Base are sales.
    base = {k: v for k, v in dev.items() if k != "asset"} | {"network": BASE}
    for n in range(2):
        catalog_event(db, settled(weather(**base), CLOCK - timedelta(hours=n + 1), payer=f"0xbuyer{n}"), settings)
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 2


def test_one_payer_paying_many_times_counts_once(db, settings) -> None:
    """A seller paying itself 1 atomic unit ten times bought the full settlement boost for $0.00001."""
    washed = {"url": "https://washed.example/v1/weather", "pay_to": BASE_SELLER, "network": BASE, "amount": "1"}
    listing_id = catalog_event(db, verified(weather(**washed), CLOCK - timedelta(days=3)), settings).listing_id
    for minutes in range(1, 11):
        catalog_event(db, settled(weather(**washed), CLOCK - timedelta(minutes=minutes), payer="0xself"), settings)
    catalog_event(db, settled(weather(**washed), CLOCK - timedelta(minutes=30), payer="0xbuyer"), settings)
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 2


def test_copies_of_one_description_share_a_key(db, settings) -> None:
    text = "Send transactional email with templates and delivery tracking."
    ids = [
        catalog_event(db, verified(weather(url=f"https://m{i}.example{i}.com/v1", description=d)), settings).listing_id
        for i, d in enumerate([text, f"  {text.upper()}  ".replace(" ", "  "), "Other", " "])
    ]
    facts = candidates.read(db, ids, CLOCK, settings.quality_window_days)
    keys = [facts[i].description_key for i in ids]
    assert keys[0] == keys[1] != keys[2] and all(keys[:3])
    assert keys[3] == ""  # a blank description is no description: unrelated blank listings share no cap


def test_health_factor_by_hand(settings) -> None:
    # floor 0.5: factor = 1 - 0.5 * penalty; a stale listing's penalty is at least 0.5
    fresh = CLOCK - timedelta(hours=1)
    assert health.factor(1.0, fresh, CLOCK, settings) == 1.0
    assert health.factor(0.6, fresh, CLOCK, settings) == 0.8
    assert health.factor(1.0, None, CLOCK, settings) == 0.75
    assert health.factor(0.0, CLOCK - timedelta(days=30), CLOCK, settings) == 0.5


def test_the_quality_object_counts_settlements_paid_with_test_tokens_apart(db, settings) -> None:
    from souk.discovery.resources import list_resources

    both = {"url": "https://both.example/v1/weather", "pay_to": BASE_SELLER}
    catalog_event(db, settled(weather(network=BASE, **both), CLOCK - timedelta(hours=2)), settings)
    for hours in (1, 3):  # other payers: counted as payers, the test-token filter alone keeps them out
        at = CLOCK - timedelta(hours=hours)
        catalog_event(db, settled(weather(network="eip155:84532", **both), at, payer=f"0xtest{hours}"), settings)
    [item] = list_resources(db, {}, settings, now=CLOCK)["items"]
    # Test tokens are free: their calls are counted apart, never as paid calls or payers.
    assert item["quality"]["settledCount"] == 1 and item["quality"]["testnetSettledCount"] == 2
    assert item["quality"]["uniquePayers"] == 1 and item["quality"]["settledCountAllTime"] == 1


def test_settlements_reported_without_any_payer_count_as_one_payer_together(db, settings) -> None:
    # A probe (2026-12-07): each counted as its own payer, ten 1-unit settlements from one wallet bought the full boost.
    listing = {"url": "https://anon.example/v1/weather", "pay_to": BASE_SELLER, "network": BASE}
    listing_id = catalog_event(db, verified(weather(**listing), CLOCK - timedelta(days=3)), settings).listing_id
    for minutes in range(1, 11):
        catalog_event(
            db, settled(weather(**listing), CLOCK - timedelta(minutes=minutes), payer=f"0x{minutes}"), settings
        )
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 10
    db.execute("UPDATE settlements SET payer_hash = NULL")
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 1


def test_a_settlement_without_a_payer_is_the_signer_of_its_authorization(db, settings) -> None:
    from souk.discovery.resources import list_resources

    listing = {"url": "https://signed.example/v1/weather", "pay_to": BASE_SELLER, "network": BASE}
    listing_id = catalog_event(db, verified(weather(**listing), CLOCK - timedelta(days=3)), settings).listing_id
    for minutes in range(1, 11):  # two wallets sign ten payments; the facilitator names no payer
        event = settled(weather(**listing), CLOCK - timedelta(minutes=minutes))
        del event["settlement"]["payer"]
        signer = "0x" + ("ab" if minutes % 2 else "cd") * 20
        event["paymentPayload"]["payload"] = {"authorization": {"from": signer}, "signature": "0x00"}
        assert catalog_event(db, event, settings).status == "success"
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 2
    [item] = list_resources(db, {}, settings, now=CLOCK)["items"]
    assert item["quality"]["settledCount"] == 10 and item["quality"]["uniquePayers"] == 2


def test_a_zero_amount_settlement_is_no_payment(db, settings) -> None:
    # A listing priced at zero could collect $0 settlements from any number of fresh, unfunded wallets: neither the
    # settlement boost's payers nor the paid-call counts take them.
    from souk.discovery.resources import list_resources

    listing = {"url": "https://free.example/v1/weather", "pay_to": BASE_SELLER, "network": BASE}
    listing_id = catalog_event(db, verified(weather(**listing), CLOCK - timedelta(days=3)), settings).listing_id
    for minutes in (1, 2, 3):
        at = CLOCK - timedelta(minutes=minutes)
        catalog_event(db, settled(weather(**listing), at, payer=f"0xwallet{minutes}"), settings)
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 3
    db.execute("UPDATE settlements SET amount = 0 WHERE listing_id = %s AND payer_hash IS NOT NULL", (listing_id,))
    assert candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers == 0
    [item] = list_resources(db, {}, settings, now=CLOCK)["items"]
    assert item["quality"]["settledCount"] == 0 and item["quality"]["uniquePayers"] == 0
    assert item["quality"]["settledCountAllTime"] == 0
