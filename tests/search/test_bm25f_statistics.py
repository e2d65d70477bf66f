"""BM25F's write-time statistics stay exact after inserts, re-catalogs, cascaded deletes and concurrent writers.

On its own small catalog (the ``db`` fixture empties the database), apart from test_bm25f_maxscore.py, whose
module-wide golden fixture catalog it would otherwise replace for every test after it."""

from __future__ import annotations

import threading
from datetime import datetime, timedelta
from typing import Any

import psycopg
from psycopg.rows import dict_row

from souk.catalog.loader import load_events
from souk.evaluation.run import EVAL_CLOCK
from tests.search.test_bm25f_maxscore import assert_stats_exact


def _event(n: int, description: str, observed_at: datetime = EVAL_CLOCK) -> dict[str, Any]:
    from souk.demo.builders import Listing, event
    from souk.demo.catalog import fake_address

    item = Listing(
        url=f"https://stats{n}.example/api/v1/lookup",
        pay_to=fake_address(f"seller:{n}", "eip155:8453"),
        network="eip155:8453",
        amount="1000",
        description=description,
        service_name=f"Stats service {n}",
        tags=["weather", f"tag{n % 3}"],
    )
    return event(item, observed_at=observed_at)


def test_statistics_exact_after_updates_deletes_and_concurrent_writers(
    db: psycopg.Connection[Any], settings: Any
) -> None:
    db.commit()
    words = ["forecast", "weather", "rain", "city", "hourly", "wind", "storm"]
    load_events(
        db, [_event(i, f"{words[i % 7]} {words[(i + 2) % 7]} lookup {i}") for i in range(12)], settings, now=EVAL_CLOCK
    )
    db.commit()
    assert_stats_exact(db)

    # A newer declaration replaces the listing's postings: its old contribution is subtracted.
    newer = _event(3, "completely different text about tides tides tides", EVAL_CLOCK + timedelta(minutes=5))
    load_events(db, [newer], settings, now=EVAL_CLOCK + timedelta(hours=1))
    db.commit()
    assert db.execute("SELECT df FROM bm25f_term_stats WHERE term = 'tide'").fetchone() is not None
    assert_stats_exact(db)

    # A cascaded delete from listings goes through the same triggers.
    db.execute(
        "DELETE FROM listings WHERE resource_url IN ('https://stats1.example/api/v1/lookup', 'https://stats2.example/api/v1/lookup')"
    )
    db.commit()
    assert_stats_exact(db)

    # Concurrent writers sharing terms and fields: no lost increments, no deadlock.
    errors: list[BaseException] = []
    barrier = threading.Barrier(4)

    def writer(k: int) -> None:
        try:
            with psycopg.connect(db.info.dsn, row_factory=dict_row) as conn:
                barrier.wait()
                for j in range(8):
                    n = 100 + k * 10 + j
                    load_events(
                        conn,
                        [_event(n, f"{words[j % 7]} {words[(j + k) % 7]} concurrent {k}")],
                        settings,
                        now=EVAL_CLOCK,
                    )
                    conn.commit()
        except BaseException as exc:
            errors.append(exc)

    threads = [threading.Thread(target=writer, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert db.execute("SELECT count(*) AS n FROM listings").fetchone()["n"] == 12 - 2 + 32
    assert_stats_exact(db)
