"""Migration 0026: the settlement counts kept at write time say what counting the settlements row by row says."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from pydantic import ValidationError

from souk.catalog.ingest import catalog_event
from souk.config import Settings
from souk.db.migrate import MIGRATIONS_DIR
from souk.discovery.items import ITEM_COLUMNS, quality_args
from souk.networks import BASE, BASE_SEPOLIA, SOLANA, STELLAR_TESTNET
from souk.search import candidates
from souk.search.signals import SETTLEMENT_SATURATION
from tests.factories import CLOCK, verified, weather

# What the reads count, straight from the settlements (the payers: each reported payer once, and every settlement
# reported without one together as one more).
_REFERENCE = """
SELECT l.id,
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s AND s.network <> ALL(%(quality_testnets)s) AND s.amount > 0
    ) AS settled_recent,
    (SELECT count(DISTINCT s.payer_hash) + (count(*) FILTER (WHERE s.payer_hash IS NULL) > 0)::int
        FROM settlements s WHERE s.listing_id = l.id
        AND s.success AND s.settled_at > %(quality_since)s AND s.network <> ALL(%(quality_testnets)s)
        AND s.amount > 0) AS payers_recent,
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.network <> ALL(%(quality_testnets)s) AND s.amount > 0) AS settled_total,
    (SELECT count(*) FROM settlements s WHERE s.listing_id = l.id AND s.success
        AND s.settled_at > %(quality_since)s AND s.network = ANY(%(quality_testnets)s)) AS settled_recent_testnet,
    (SELECT count(DISTINCT s.payer_hash) + (count(*) FILTER (WHERE s.payer_hash IS NULL) > 0)::int
        FROM settlements s WHERE s.listing_id = l.id
          AND s.success AND s.settled_at > %(quality_since)s AND s.settled_at <= %(now)s
          AND s.network <> ALL(%(quality_testnets)s) AND s.amount > 0) AS candidate_payers
FROM listings l ORDER BY l.id
"""
_COUNTS = ("settled_recent", "payers_recent", "settled_total", "settled_recent_testnet")
_ROLLUPS = ("settlement_hours", "settlement_totals", "settlement_payers")


def _listings(db, settings, n: int) -> list[int]:
    return [
        catalog_event(
            db, verified(weather(url=f"https://r{i}.example/v1/weather"), CLOCK - timedelta(days=90)), settings
        ).listing_id
        for i in range(n)
    ]


_INSERT = (
    "INSERT INTO settlements (listing_id, transaction, settled_at, success, network, asset, amount, payer_hash)"
    " SELECT * FROM unnest(%s::bigint[], %s::text[], %s::timestamptz[], %s::boolean[], %s::text[], %s::text[],"
    " %s::numeric[], %s::text[])"
)


def _random_history(db, listing_ids: list[int], rng: random.Random, window_days: int) -> None:
    """Settlements around the window's start (to the second, in its first hour too), on production and test
    networks, paid, free and failed, with and without a payer, one to a statement and many to one; then some
    upgraded, changed and deleted, one at a time and together."""
    start = CLOCK - timedelta(days=window_days)
    rows = []
    for n in range(400):
        at = rng.choice(
            [
                start + timedelta(seconds=rng.randint(-5400, 5400)),  # the hours either side of the window's start
                start + timedelta(seconds=rng.choice([0, 1, -1])),
                CLOCK - timedelta(seconds=rng.randint(0, window_days * 86400)),
                CLOCK - timedelta(days=rng.randint(window_days, 400)),
            ]
        )
        rows.append(
            (
                rng.choice(listing_ids),
                f"0x{n:064x}",
                at,
                rng.random() < 0.85,
                rng.choice([BASE, BASE, SOLANA, BASE_SEPOLIA, STELLAR_TESTNET]),
                "USDC",
                rng.choice([1000, 1000, 5, 0]),
                rng.choice([None, "payer-a", "payer-b", "payer-c", f"payer-{n % 11}"]),
            )
        )
    for row in rows[:150]:
        db.execute(_INSERT, [[value] for value in row])
    db.execute(_INSERT, [list(column) for column in zip(*rows[150:], strict=True)])
    ids = [r["id"] for r in db.execute("SELECT id FROM settlements ORDER BY id")]
    for sid in rng.sample(ids, 30):
        db.execute("UPDATE settlements SET success = TRUE WHERE id = %s", (sid,))  # the ingest's upgrade
    db.execute("UPDATE settlements SET success = TRUE WHERE id = ANY(%s)", (rng.sample(ids, 20),))
    for sid in rng.sample(ids, 20):
        db.execute(
            "UPDATE settlements SET amount = %s, payer_hash = %s, settled_at = settled_at - %s * interval '1 hour'"
            " WHERE id = %s",
            (rng.choice([0, 7]), rng.choice([None, "payer-z"]), rng.randint(0, 3), sid),
        )
    db.execute("UPDATE settlements SET payer_hash = 'payer-y', amount = 9 WHERE id = ANY(%s)", (rng.sample(ids, 25),))
    db.execute("DELETE FROM settlements WHERE id = %s", (rng.choice(ids),))
    db.execute("DELETE FROM settlements WHERE id = ANY(%s)", (rng.sample(ids, 20),))


def _reference(db, settings) -> dict[int, dict[str, int]]:
    args = quality_args(settings, CLOCK) | {"now": CLOCK}
    return {r["id"]: {k: int(v) for k, v in r.items() if k != "id"} for r in db.execute(_REFERENCE, args)}


def _kept(db, settings) -> dict[int, dict[str, int]]:
    rows = db.execute(f"SELECT {ITEM_COLUMNS} FROM listings l ORDER BY l.id", quality_args(settings, CLOCK))
    return {r["id"]: {k: int(r[k]) for k in _COUNTS} for r in rows}


@pytest.mark.parametrize("seed", range(4))
def test_the_kept_counts_equal_the_counted_ones(db, settings, seed) -> None:
    listing_ids = _listings(db, settings, 3)
    _random_history(db, listing_ids, random.Random(seed), settings.quality_window_days)

    reference, kept = _reference(db, settings), _kept(db, settings)
    assert kept == {lid: {k: counts[k] for k in _COUNTS} for lid, counts in reference.items()}
    assert any(counts["settled_recent"] and counts["settled_recent_testnet"] for counts in kept.values())
    facts = candidates.read(db, listing_ids, CLOCK, settings.quality_window_days)
    assert {lid: f.payers for lid, f in facts.items()} == {lid: reference[lid]["candidate_payers"] for lid in facts}


def test_the_fill_rebuilds_what_the_trigger_kept(db, settings) -> None:
    listing_ids = _listings(db, settings, 3)
    _random_history(db, listing_ids, random.Random(7), settings.quality_window_days)
    kept = {t: db.execute(f"SELECT * FROM {t} WHERE settled <> 0 ORDER BY 1, 2, 3").fetchall() for t in _ROLLUPS[:2]}
    kept["settlement_payers"] = db.execute("SELECT * FROM settlement_payers ORDER BY 1, 2, 3").fetchall()
    db.execute("TRUNCATE " + ", ".join(_ROLLUPS))

    sql = (MIGRATIONS_DIR / "0026_settlement_rollups.sql").read_text(encoding="utf-8")
    db.execute(sql[sql.index("-- fill:") :])

    assert kept["settlement_payers"]  # the history has paid settlements
    for table, rows in kept.items():
        assert db.execute(f"SELECT * FROM {table} ORDER BY 1, 2, 3").fetchall() == rows


def test_a_deleted_listing_takes_its_counts_with_it(db, settings) -> None:
    listing_ids = _listings(db, settings, 2)
    _random_history(db, listing_ids, random.Random(3), settings.quality_window_days)
    db.execute("DELETE FROM listings WHERE id = %s", (listing_ids[0],))
    for table in _ROLLUPS:
        assert (
            db.execute(f"SELECT count(*) AS n FROM {table} WHERE listing_id = %s", (listing_ids[0],)).fetchone()["n"]
            == 0
        )
    assert _kept(db, settings) == {
        lid: {k: counts[k] for k in _COUNTS} for lid, counts in _reference(db, settings).items()
    }


def test_a_capped_payer_count_still_saturates_the_settlement_boost(settings) -> None:
    # Past PAYER_ROWS payer rows a candidate's count stops; a payer has one row per network of the listing's options,
    # so no allowed setting may let a payer hold more rows than the cap can spare.
    largest = Settings.model_fields["max_payment_options"].metadata
    allowed = min(m.le for m in largest if getattr(m, "le", None) is not None)
    assert candidates.PAYER_ROWS / allowed >= SETTLEMENT_SATURATION
    with pytest.raises(ValidationError):
        Settings(max_payment_options=allowed + 1)


def test_many_payers_past_the_cap_count_as_saturated(db, settings) -> None:
    [listing_id] = _listings(db, settings, 1)
    db.execute(
        "INSERT INTO settlements (listing_id, transaction, settled_at, success, network, asset, amount, payer_hash)"
        " SELECT %s, 'tx' || g, %s - g * interval '1 minute', true, %s, 'USDC', 1000, 'payer-' || (g %% 300)"
        " FROM generate_series(1, 3000) g",
        (listing_id, CLOCK, BASE),
    )
    payers = candidates.read(db, [listing_id], CLOCK, settings.quality_window_days)[listing_id].payers
    assert SETTLEMENT_SATURATION <= payers <= candidates.PAYER_ROWS
    assert _kept(db, settings)[listing_id] == {
        "settled_recent": 3000,
        "payers_recent": 300,
        "settled_total": 3000,
        "settled_recent_testnet": 0,
    }


def test_truncating_the_settlements_clears_their_counts(db, settings) -> None:
    listing_ids = _listings(db, settings, 2)
    _random_history(db, listing_ids, random.Random(5), settings.quality_window_days)
    assert any(any(counts.values()) for counts in _kept(db, settings).values())
    db.execute("TRUNCATE settlements")
    zero = dict.fromkeys(_COUNTS, 0)
    assert _kept(db, settings) == dict.fromkeys(listing_ids, zero)
    assert candidates.read(db, listing_ids, CLOCK, settings.quality_window_days)[listing_ids[0]].payers == 0
