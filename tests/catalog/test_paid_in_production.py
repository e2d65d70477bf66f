"""A payment in free test tokens buys no "most recently paid": a browse orders by the last production payment first."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.db.migrate import MIGRATIONS_DIR
from souk.discovery.search import search
from souk.networks import BASE, BASE_SEPOLIA, TESTNETS
from tests.factories import CLOCK, settled, verified, weather

PAID = "https://paid.example.com/v1/forecast"
SELF_PAID = "https://self-paid.example.com/v1/forecast"
NEVER = "https://never.example.com/v1/forecast"


def _catalog(db, settings) -> None:
    """PAID has a Base payment a day old; SELF_PAID, on Base too, paid itself once in Base Sepolia tokens just now."""
    for n, url in enumerate((PAID, SELF_PAID, NEVER)):
        catalog_event(
            db, verified(weather(url=url, network=BASE, pay_to=f"0x{n + 1:040x}"), CLOCK - timedelta(days=20)), settings
        )
    catalog_event(
        db, settled(weather(url=PAID, network=BASE, pay_to=f"0x{1:040x}"), CLOCK - timedelta(days=1)), settings
    )
    sandbox = weather(url=SELF_PAID, network=BASE_SEPOLIA, pay_to=f"0x{2:040x}", amount="1")
    catalog_event(db, settled(sandbox, CLOCK - timedelta(minutes=5)), settings)
    db.commit()


def test_a_testnet_self_payment_does_not_lead_a_browse(db, settings):
    _catalog(db, settings)
    rows = {
        r["resource_url"]: r for r in db.execute("SELECT resource_url, last_paid_at, last_settled_at FROM listings")
    }
    assert rows[SELF_PAID]["last_settled_at"] == CLOCK - timedelta(minutes=5)  # still a settlement, shown as one
    assert rows[SELF_PAID]["last_paid_at"] is None and rows[PAID]["last_paid_at"] == CLOCK - timedelta(days=1)
    body = search(db, {"query": ["anything on base"]}, settings, now=CLOCK).body
    assert body["searchMethod"] == "browse"
    # Before: SELF_PAID first (its test-token payment was the latest "settlement"). Test payments still order the
    # listings never paid in production among themselves.
    assert [r["resource"] for r in body["resources"]] == [PAID, SELF_PAID, NEVER]


def test_the_migration_fills_the_last_production_payment_from_the_settlements(db, settings):
    _catalog(db, settings)
    db.execute("UPDATE listings SET last_paid_at = NULL")
    sql = (MIGRATIONS_DIR / "0017_last_paid_at.sql").read_text(encoding="utf-8")
    db.execute(sql[sql.index("UPDATE listings") :])  # the fill, on a table that has the column
    rows = {r["resource_url"]: r["last_paid_at"] for r in db.execute("SELECT resource_url, last_paid_at FROM listings")}
    assert rows == {PAID: CLOCK - timedelta(days=1), SELF_PAID: None, NEVER: None}


def test_the_migration_names_every_test_network(db, settings):
    sql = (MIGRATIONS_DIR / "0017_last_paid_at.sql").read_text(encoding="utf-8")
    assert all(f"'{network}'" in sql for network in TESTNETS)


def test_the_migration_counts_no_zero_settlement_as_paid(db, settings):
    _catalog(db, settings)
    never = db.execute("SELECT id FROM listings WHERE resource_url = %s", (NEVER,)).fetchone()["id"]
    db.execute(
        "INSERT INTO settlements (listing_id, transaction, settled_at, success, network, asset, amount)"
        " VALUES (%s, 'cdcd', %s, true, %s, 'USDC', 0)",
        (never, CLOCK, BASE),
    )
    sql = (MIGRATIONS_DIR / "0017_last_paid_at.sql").read_text(encoding="utf-8")
    db.execute(sql[sql.index("UPDATE listings") :])
    assert db.execute("SELECT last_paid_at FROM listings WHERE id = %s", (never,)).fetchone()["last_paid_at"] is None


def test_settlements_of_a_zero_priced_listing_are_no_payment(db, settings) -> None:
    # With no amount of its own, a settlement is worth the listing's price: nothing, for a free listing. Fresh,
    # unfunded wallets could settle it for ever; none of it moves "last paid", the payers or the paid-call counts.
    from souk.discovery.resources import list_resources
    from souk.search import candidates

    free = weather(url="https://free.example.com/v1/forecast", network=BASE, pay_to=f"0x{9:040x}", amount="0")
    for minutes in (1, 2, 3):
        event = settled(free, CLOCK - timedelta(minutes=minutes), payer=f"0xwallet{minutes}")
        del event["settlement"]["amount"]  # an amount of "0" is refused as a sale outright (charged_nothing)
        catalog_event(db, event, settings)
    row = db.execute("SELECT id, last_paid_at, last_settled_at FROM listings").fetchone()
    # no payment, and no settlement either: a charge of 0, as upto's $0 (it was recorded and moved "last settled")
    assert row["last_paid_at"] is None and row["last_settled_at"] is None
    assert candidates.read(db, [row["id"]], CLOCK, settings.quality_window_days)[row["id"]].payers == 0
    [item] = list_resources(db, {}, settings, now=CLOCK)["items"]
    assert (item["quality"]["settledCount"], item["quality"]["uniquePayers"]) == (0, 0)
