"""souk.db.local_settings: settings for a block inside the transaction, put back after it without a ROLLBACK."""

from __future__ import annotations

import psycopg
import pytest

from souk.db.local_settings import local_settings


def _show(conn: psycopg.Connection, name: str) -> str:
    return conn.execute(f"SHOW {name}").fetchone()[name]  # type: ignore[index]


def test_the_block_sees_the_settings_and_the_transaction_gets_the_sessions_back(db):
    db.execute("SELECT 1")  # inside a transaction, as a search's reads are
    before = _show(db, "work_mem"), _show(db, "random_page_cost")
    with local_settings(db, {"work_mem": "7MB", "random_page_cost": "1.25"}):
        assert (_show(db, "work_mem"), _show(db, "random_page_cost")) == ("7MB", "1.25")
    assert (_show(db, "work_mem"), _show(db, "random_page_cost")) == before != ("7MB", "1.25")


def test_a_setting_the_connection_started_with_is_what_comes_back(database_url):
    with psycopg.connect(database_url, options="-c work_mem=3MB") as conn:
        with local_settings(conn, {"work_mem": "9MB"}):  # type: ignore[arg-type]
            assert conn.execute("SHOW work_mem").fetchone() == ("9MB",)
        assert conn.execute("SHOW work_mem").fetchone() == ("3MB",)


def test_prepared_statements_survive_the_block(db):
    db.execute("SELECT 2 * %s AS n", (3,), prepare=True)
    with local_settings(db, {"work_mem": "5MB"}):
        db.execute("SELECT 1")
    statements = [r["statement"] for r in db.execute("SELECT statement FROM pg_prepared_statements")]
    assert any("2 * $1" in s for s in statements)


def test_an_error_in_the_block_is_the_error_raised_and_no_reset_is_tried(db):
    with pytest.raises(psycopg.errors.DivisionByZero), local_settings(db, {"work_mem": "6MB"}):
        db.execute("SELECT 1 / 0")
    # the reset was skipped, not attempted on the aborted transaction (that would raise InFailedSqlTransaction)
    assert db.info.transaction_status == psycopg.pq.TransactionStatus.INERROR
    db.rollback()


def test_inside_a_transaction_block_of_an_autocommit_connection_the_block_resets_its_own(database_url):
    with psycopg.connect(database_url, autocommit=True) as conn, conn.transaction():
        with local_settings(conn, {"work_mem": "12MB"}):  # type: ignore[arg-type]
            assert conn.execute("SHOW work_mem").fetchone() == ("12MB",)
        assert conn.execute("SHOW work_mem").fetchone() != ("12MB",)


def test_in_pipeline_mode_the_settings_are_reset_too(db):
    db.execute("SELECT 1")
    with db.pipeline():
        with local_settings(db, {"work_mem": "13MB"}):
            shown = db.execute("SHOW work_mem")
        after = db.execute("SHOW work_mem")
    assert shown.fetchone()["work_mem"] == "13MB"
    assert after.fetchone()["work_mem"] != "13MB"


def test_no_settings_send_nothing(db):
    db.execute("SELECT 1")
    with local_settings(db, {}):
        pass
    assert db.info.transaction_status == psycopg.pq.TransactionStatus.INTRANS


def test_on_an_autocommit_connection_the_block_is_one_transaction(database_url):
    with psycopg.connect(database_url, autocommit=True) as conn:
        with local_settings(conn, {"work_mem": "11MB"}):  # type: ignore[arg-type]
            assert conn.execute("SHOW work_mem").fetchone() == ("11MB",)
        assert conn.execute("SHOW work_mem").fetchone() != ("11MB",)
        assert conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
