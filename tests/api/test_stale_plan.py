"""Prepared statements survive a search (souk.db.local_settings), so a migration that changes a row type under a
warm connection's prepared statement must neither break searches nor answer a 500."""

from __future__ import annotations

from collections.abc import Iterator

import psycopg
import pytest
from psycopg_pool import ConnectionPool

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


def test_a_stale_prepared_statement_is_a_503_that_drains_the_pools_and_the_retry_succeeds(
    database_url, admin, monkeypatch
):
    import souk.api.errors as errors

    drained: list[bool] = []
    monkeypatch.setattr(errors, "drain_pools", lambda: drained.append(True))
    admin.execute("CREATE TABLE stale_plan_table (a int)")
    # One connection, returned and taken again as a request's would be: its context rolls a failed request back.
    pool = ConnectionPool(database_url, min_size=1, max_size=1, open=True)
    try:
        with pool.connection() as conn:
            conn.execute("SELECT * FROM stale_plan_table", prepare=True)
        admin.execute("ALTER TABLE stale_plan_table ADD COLUMN b int")
        with pytest.raises(psycopg.errors.FeatureNotSupported) as raised, pool.connection() as conn:
            conn.execute("SELECT * FROM stale_plan_table", prepare=True)
        assert stale_plan(raised.value)
        response = error_response(raised.value, method="GET", path="/discovery/search")
        assert response.status_code == 503 and drained == [True]
        assert response.body["error"] == "database_unavailable" and "schema changed" in response.body["reason"]
        assert int(response.headers["retry-after"]) > 0
        with pool.connection() as conn:  # the same connection: the rollback made psycopg forget its statements
            assert conn.execute("SELECT * FROM stale_plan_table", prepare=True).fetchall() == []
    finally:
        pool.close()
        admin.execute("DROP TABLE stale_plan_table")


def test_a_column_type_changed_under_a_search_route_is_a_503_not_a_500(database_url, admin, monkeypatch):
    """Through the FastAPI app: the stale plan answers 503 and is not re-raised by the catch-all handler (named
    columns do not prevent this one: the column's type changed)."""
    from fastapi.testclient import TestClient

    import souk.api.errors as errors
    from souk.api import search as search_api
    from souk.api.app import make_app

    admin.execute("CREATE TABLE stale_plan_route (a int)")
    try:
        with psycopg.connect(database_url, autocommit=True) as warm:
            warm.execute("SELECT a FROM stale_plan_route", prepare=True)
            admin.execute("ALTER TABLE stale_plan_route ALTER COLUMN a TYPE bigint")
            with pytest.raises(psycopg.errors.FeatureNotSupported) as raised:
                warm.execute("SELECT a FROM stale_plan_route", prepare=True)
    finally:
        admin.execute("DROP TABLE stale_plan_route")
    stale = raised.value

    def answer(*args, **kwargs):
        raise stale

    monkeypatch.setattr(errors, "drain_pools", lambda: None)
    monkeypatch.setattr(search_api, "answer", answer)
    client = TestClient(make_app(search_api.router), raise_server_exceptions=True)
    response = client.get("/discovery/search", params={"query": "weather"})
    assert response.status_code == 503 and response.json()["error"] == "database_unavailable"


def test_another_unsupported_feature_is_still_a_bug(db):
    with pytest.raises(psycopg.errors.FeatureNotSupported) as raised:
        db.execute("SELECT count(*) FROM pg_class FOR UPDATE")
    db.rollback()
    assert not stale_plan(raised.value)
    assert error_response(raised.value).status_code == 500
