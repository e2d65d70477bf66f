"""Search sessions are compact, capped and expiring, and conversions and cursors keep working on them."""

from __future__ import annotations

import json
import random
import uuid
from typing import Any

import pytest

from souk.catalog.ingest import catalog_event
from souk.config import get_settings
from souk.discovery import sessions
from souk.runner.events import LocalContext, http_api_event
from souk.runner.template import load_handler
from tests.conftest import REPO
from tests.factories import verified, weather

URLS = [f"https://station{i}.example.com/v1/current" for i in range(6)]


def test_pack_round_trips_ids_and_meta_and_is_small():
    rng = random.Random(10)
    ids = rng.sample(range(1, 14_000), 250)
    meta = {"searchMethod": "hybrid", "interpretedQuery": {"terms": ["weather", "é"]}, "partialResults": False}
    packed = sessions.pack(ids, meta)
    assert sessions.unpack(packed) == sessions.Session(ids, meta)
    assert len(packed) < 250 * 2 + 200  # 2 bytes an id at 14k listings, where a bigint[] takes 8
    assert sessions.unpack(sessions.pack([], {})) == sessions.Session([], {})
    assert sessions.unpack(sessions.pack([1, 127, 128, 2**40], {})).ids == [1, 127, 128, 2**40]
    with pytest.raises(ValueError):
        sessions.unpack(b"\x09" + packed[1:])


@pytest.fixture
def handler(db, settings):
    for i, url in enumerate(URLS):
        catalog_event(db, verified(weather(url=url, description=f"Current weather for a city, station {i}.")), settings)
    return load_handler(str(REPO / "functions" / "search" / "app.handler"))


def _call(handler: Any, method: str, path: str, *, query: str = "", body: bytes = b"") -> tuple[int, dict]:
    event = http_api_event(
        method=method,
        path=path,
        raw_query=query,
        headers={"content-type": "application/json"},
        body=body,
        route_key=f"{method} {path}",
        source_ip="192.0.2.9",
    )
    response = handler(event, LocalContext(function_name="SearchFunction"))
    return response["statusCode"], json.loads(response["body"])


def _search(handler: Any) -> dict:
    status, body = _call(handler, "GET", "/discovery/search", query="query=current+weather+city&limit=2")
    assert status == 200 and body["pagination"]["cursor"]
    return body


def _convert(handler: Any, session: str, resource: str) -> tuple[int, dict]:
    return _call(
        handler,
        "POST",
        "/discovery/v1/conversions",
        body=json.dumps({"sessionId": session, "resource": resource}).encode(),
    )


@pytest.fixture
def cap_of_three(monkeypatch):
    monkeypatch.setenv("SOUK_SEARCH_SESSION_MAX_ROWS", "3")
    get_settings.cache_clear()
    yield
    monkeypatch.delenv("SOUK_SEARCH_SESSION_MAX_ROWS")
    get_settings.cache_clear()


def test_the_table_never_holds_more_than_the_cap_and_the_oldest_go_first(handler, db, cap_of_three):
    bodies = [_search(handler) for _ in range(7)]
    db.commit()
    kept = [str(r["id"]) for r in db.execute("SELECT id FROM search_sessions ORDER BY seq").fetchall()]
    assert kept == [b["sessionId"] for b in bodies[-3:]]
    # The newest session pages and converts; a retired one says so with the documented errors.
    newest, oldest = bodies[-1], bodies[0]
    status, page = _call(
        handler,
        "GET",
        "/discovery/search",
        query=(f"query=current+weather+city&limit=2&cursor={newest['pagination']['cursor']}"),
    )
    assert status == 200 and page["resources"]
    assert {r["resource"] for r in page["resources"]}.isdisjoint({r["resource"] for r in newest["resources"]})
    assert _convert(handler, newest["sessionId"], newest["resources"][0]["resource"])[0] == 200
    status, expired = _call(
        handler,
        "GET",
        "/discovery/search",
        query=(f"query=current+weather+city&limit=2&cursor={oldest['pagination']['cursor']}"),
    )
    assert status == 400 and expired["error"] == "cursor_expired" and expired["reason"]
    status, unknown = _convert(handler, oldest["sessionId"], oldest["resources"][0]["resource"])
    assert status == 404 and unknown["error"] == "unknown_session"


def test_a_session_is_stored_packed_and_small(handler, db, settings):
    body = _search(handler)
    db.commit()
    row = db.execute(
        "SELECT packed, results, interpreted, pg_column_size(s.*) AS size FROM search_sessions s WHERE id = %s",
        (body["sessionId"],),
    ).fetchone()
    assert row["results"] is None and row["interpreted"] is None
    stored = sessions.unpack(bytes(row["packed"]))
    assert len(stored.ids) == len(URLS) and stored.meta["searchMethod"] == body["searchMethod"]
    assert row["size"] < 1024


def test_a_session_written_before_migration_0010_still_converts(handler, db):
    listing = db.execute("SELECT id, resource_url FROM listings ORDER BY id LIMIT 1").fetchone()
    legacy = uuid.UUID("00000000-0000-0000-0000-00000000a010")
    db.execute(
        "INSERT INTO search_sessions (id, query_hash, profile, results, interpreted) VALUES (%s, 'h', 'p', %s, '{}')",
        (legacy, [listing["id"]]),
    )
    db.commit()
    status, body = _convert(handler, str(legacy), listing["resource_url"])
    assert status == 200 and body == {"recorded": True, "outcome": "recorded", "rank": 1}


def test_a_session_past_its_ttl_is_not_served_even_before_it_is_purged(handler, db):
    body = _search(handler)
    db.execute(
        "UPDATE search_sessions SET created_at = now() - interval '25 hours' WHERE id = %s", (body["sessionId"],)
    )
    db.commit()
    status, unknown = _convert(handler, body["sessionId"], body["resources"][0]["resource"])
    assert status == 404 and unknown["error"] == "unknown_session"


class _CommitSpy:
    """A real connection that notes the transaction's ``synchronous_commit`` as it commits."""

    def __init__(self, conn: Any) -> None:
        self.conn, self.at_commit = conn, None

    def execute(self, *args: Any, **kwargs: Any) -> Any:
        return self.conn.execute(*args, **kwargs)

    def commit(self) -> None:
        self.at_commit = self.conn.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"]
        self.conn.commit()


def test_a_session_commits_without_waiting_for_the_wal_flush_and_only_its_own_transaction(db, settings):
    spy = _CommitSpy(db)
    sessions.store(spy, uuid.uuid4(), "weather", "p", sessions.Session([1, 2], {"k": "v"}), settings)
    assert spy.at_commit == "off"
    assert db.execute("SHOW synchronous_commit").fetchone()["synchronous_commit"] == "on"
