"""Prepared statements survive a search (souk.db.local_settings), so a migration that changes a row type under a
warm connection's prepared statement must neither break searches nor answer a 500."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest

from souk.api.errors import error_response, stale_plan
from souk.embedding.generations import ensure_default_generation
from souk.search import semantic


@pytest.fixture
def admin(database_url: str) -> Iterator[psycopg.Connection]:
    with psycopg.connect(database_url, autocommit=True) as conn:
        yield conn


def test_a_column_added_to_the_generations_table_leaves_warm_searches_working(db, settings, admin):
    ensure_default_generation(db, settings)
    db.commit()
    for _ in range(7):  # past psycopg's prepare threshold: the statement is prepared on this connection
        active = semantic.active_generation(db)
    db.commit()
    admin.execute("ALTER TABLE embedding_generations ADD COLUMN stale_plan_probe int")
    try:
        assert semantic.active_generation(db) == active
    finally:
        db.rollback()
        admin.execute("ALTER TABLE embedding_generations DROP COLUMN stale_plan_probe")


def test_a_stale_prepared_statement_is_a_503_and_the_retry_succeeds(db, admin):
    admin.execute("CREATE TABLE stale_plan_table (a int)")
    try:
        db.execute("SELECT * FROM stale_plan_table", prepare=True)
        db.commit()
        admin.execute("ALTER TABLE stale_plan_table ADD COLUMN b int")
        with pytest.raises(psycopg.errors.FeatureNotSupported) as raised:
            db.execute("SELECT * FROM stale_plan_table", prepare=True)
        assert stale_plan(raised.value)
        response = error_response(raised.value, method="GET", path="/discovery/search")
        assert response.status_code == 503
        assert response.body["error"] == "database_unavailable" and "schema changed" in response.body["reason"]
        assert int(response.headers["retry-after"]) > 0
        db.rollback()  # what the pool does with the failed request's connection: psycopg then forgets its statements
        assert db.execute("SELECT * FROM stale_plan_table", prepare=True).fetchall() == []
    finally:
        db.rollback()
        admin.execute("DROP TABLE stale_plan_table")


def test_another_unsupported_feature_is_still_a_bug(db):
    with pytest.raises(psycopg.errors.FeatureNotSupported) as raised:
        db.execute("SELECT count(*) FROM pg_class FOR UPDATE")
    db.rollback()
    assert not stale_plan(raised.value)
    assert error_response(raised.value).status_code == 500
