"""souk.db.snapshot: reads that must agree see one snapshot, whatever commits meanwhile."""

from __future__ import annotations

import psycopg
import pytest

from souk.db.snapshot import one_snapshot


@pytest.fixture
def probe_table(database_url):
    with psycopg.connect(database_url, autocommit=True) as conn:
        conn.execute("CREATE TABLE IF NOT EXISTS snapshot_probe (n int)")
        conn.execute("TRUNCATE snapshot_probe")
    return database_url


def _count(conn: psycopg.Connection) -> int:
    return conn.execute("SELECT count(*) FROM snapshot_probe").fetchone()[0]  # type: ignore[index]


def _commit_elsewhere(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as other:
        other.execute("INSERT INTO snapshot_probe VALUES (1)")


def test_a_commit_between_two_reads_is_not_seen_by_the_second(probe_table):
    with psycopg.connect(probe_table) as conn:
        with one_snapshot(conn):  # type: ignore[arg-type]
            assert _count(conn) == 0
            _commit_elsewhere(probe_table)
            assert _count(conn) == 0
        assert _count(conn) == 1  # the block's transaction ended with it


def test_without_it_the_second_read_sees_the_commit(probe_table):
    """What the snapshot prevents: under READ COMMITTED each statement takes its own snapshot."""
    with psycopg.connect(probe_table) as conn:
        assert _count(conn) == 0
        _commit_elsewhere(probe_table)
        assert _count(conn) == 1


def test_a_transaction_already_open_is_joined_as_it_is(probe_table):
    with psycopg.connect(probe_table) as conn:
        assert _count(conn) == 0  # the caller's transaction (READ COMMITTED) has begun
        with one_snapshot(conn):  # type: ignore[arg-type]
            _commit_elsewhere(probe_table)
            assert _count(conn) == 1
        conn.execute("INSERT INTO snapshot_probe VALUES (3)")  # and stays writable


def test_an_autocommit_connection_inside_its_own_transaction_is_joined(probe_table):
    with psycopg.connect(probe_table, autocommit=True) as conn, conn.transaction():
        assert _count(conn) == 0
        with one_snapshot(conn):  # type: ignore[arg-type]
            _commit_elsewhere(probe_table)
            assert _count(conn) == 1  # the caller's level (READ COMMITTED), as it is


def test_an_autocommit_connection_gets_one_transaction_for_the_block(probe_table):
    with psycopg.connect(probe_table, autocommit=True) as conn:
        with one_snapshot(conn):  # type: ignore[arg-type]
            assert _count(conn) == 0
            _commit_elsewhere(probe_table)
            assert _count(conn) == 0
        assert _count(conn) == 1


def test_the_block_reads_only(probe_table):
    with (
        psycopg.connect(probe_table) as conn,
        pytest.raises(psycopg.errors.ReadOnlySqlTransaction),
        one_snapshot(conn),  # type: ignore[arg-type]
    ):
        conn.execute("INSERT INTO snapshot_probe VALUES (2)")
