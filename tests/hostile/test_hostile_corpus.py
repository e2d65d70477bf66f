"""The hostile-input corpus (issue 9): every case through the real catalog Lambda handler.

For each case in cases.jsonl: seed events are posted first (and must be accepted), then the case. The
contract checked for every case: no response >= 500; a rejection is a 4xx with the expected ``error``, a
non-empty ``reason`` and a ``rejected`` EXTENSION-RESPONSES header, and the hash of every catalog table is
unchanged; an acceptance is a 200 with what the case expects, after which page 1 of
``/discovery/resources`` and two searches (one with a price cap) still answer 200.

The cases are written in build_cases.py (which regenerates cases.jsonl); recipes.py turns one into a body.
"""

from __future__ import annotations

import base64
import copy
import hashlib
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from souk.runner.template import load_handler
from tests.conftest import CATALOG_SECRET, REPO, load_event, table_snapshot
from tests.hostile.recipes import build

CASES_FILE = Path(__file__).with_name("cases.jsonl")
CASES: list[dict[str, Any]] = [
    json.loads(line) for line in CASES_FILE.read_text(encoding="utf-8").split("\n") if line.strip()
]
# Bodies json.loads cannot parse without raising something other than JSONDecodeError; the handler parses
# with souk.catalog.jsonsafety.loads_event, and the catalog side is checked on its own as well.
UNPARSEABLE_BODIES = {"body-deep-array-5000", "body-int-5000-digits", "output-example-5000-deep"}


@pytest.fixture(scope="module")
def corpus_db(database_url: str) -> Iterator[Any]:
    """One clean database for the module; cases are isolated by ``clean`` (DELETE, not TRUNCATE: a
    TRUNCATE of every table per case was most of the corpus's run time)."""
    from souk.db import get_pool
    from tests.conftest import _truncate

    _truncate(database_url)
    with get_pool().connection() as conn:
        # Autocommit: an idle-in-transaction reader held locks the handlers' writes then waited on.
        conn.autocommit = True
        try:
            yield conn
        finally:
            conn.autocommit = False


@pytest.fixture
def clean(corpus_db: Any) -> Any:
    tables = [
        r["tablename"]
        for r in corpus_db.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'"
        )
    ]
    with corpus_db.transaction():
        # Replica mode skips FK triggers, so the tables can be emptied in any order.
        corpus_db.execute("SET LOCAL session_replication_role = replica")
        for table in tables:
            corpus_db.execute(f'DELETE FROM "{table}"')
    return corpus_db


@pytest.fixture(scope="module")
def handlers() -> dict[str, Any]:
    return {
        name: load_handler(str(REPO / "functions" / name / "app.handler"))
        for name in ("catalog", "resources", "search")
    }


def _post(handler: Any, context: Any, body: str) -> tuple[int, dict[str, Any], dict[str, str]]:
    event = load_event("catalog_post_unauthenticated.json")
    event["body"] = body
    event["headers"]["authorization"] = f"Bearer {CATALOG_SECRET}"
    response = handler(event, context)
    try:
        parsed = json.loads(response["body"])
    except (ValueError, TypeError):
        parsed = {"unparseable": response.get("body")}
    return response["statusCode"], parsed, response.get("headers", {})


def _get(handler: Any, context: Any, path: str, query: dict[str, str]) -> tuple[int, dict[str, Any]]:
    event = copy.deepcopy(load_event("resources_get.json"))
    event["rawPath"] = path
    event["routeKey"] = f"GET {path}"
    event["requestContext"]["http"]["path"] = path
    event["requestContext"]["routeKey"] = f"GET {path}"
    event["queryStringParameters"] = query
    event["rawQueryString"] = "&".join(f"{k}={v}" for k, v in query.items())
    response = handler(event, context)
    return response["statusCode"], json.loads(response["body"])


def _state_hash(db: Any) -> str:
    return hashlib.sha256(json.dumps(table_snapshot(db), sort_keys=True).encode()).hexdigest()


def _case_params() -> list[Any]:
    params = []
    for case in CASES:
        params.append(pytest.param(case, id=case["id"]))
    return params


def test_corpus_is_large_and_covers_every_item() -> None:
    assert len(CASES) >= 150
    assert len({c["id"] for c in CASES}) == len(CASES)
    items = {c["item"] for c in CASES}
    assert {"2", "3", "4", "5", "6", "11", "crawl"} <= items
    verdicts = {c["expect"]["verdict"] for c in CASES}
    assert verdicts == {"accepted", "rejected"}
    for case in CASES:
        if case["expect"]["verdict"] == "rejected":
            assert case["expect"].get("error"), case["id"]


@pytest.mark.parametrize("case", _case_params())
def test_hostile_case(case: dict[str, Any], clean: Any, lambda_context: Any, handlers: dict[str, Any]) -> None:
    db = clean
    catalog = handlers["catalog"]
    for seed in case.get("seed", []):
        status, body, _ = _post(catalog, lambda_context, build(seed))
        assert status == 200, (case["id"], "seed", body)
    before = _state_hash(db)
    started = datetime.now(UTC)
    status, body, headers = _post(catalog, lambda_context, build(case))
    expect = case["expect"]
    assert status < 500, (case["id"], status, body)
    outcome_header = (
        json.loads(base64.b64decode(headers["extension-responses"])) if headers.get("extension-responses") else None
    )

    if expect["verdict"] == "rejected":
        assert 400 <= status < 500, (case["id"], status, body)
        assert body.get("error") == expect["error"], (case["id"], body)
        assert isinstance(body.get("reason"), str) and body["reason"], (case["id"], body)
        if "status" in expect:
            assert status == expect["status"], (case["id"], status)
        assert outcome_header is not None and outcome_header["bazaar"]["status"] == "rejected"
        assert _state_hash(db) == before, f"{case['id']}: a rejection changed the catalog"
        return

    assert status == 200, (case["id"], status, body)
    assert body["status"] == "success" and outcome_header == {"bazaar": {"status": "success"}}
    if "key" in expect:
        assert body["listingKey"] == expect["key"], (case["id"], body)
    if "warnings" in expect:
        assert [w["code"] for w in body.get("warnings", [])] == expect["warnings"], (case["id"], body)
    if "listings" in expect:
        assert db.execute("SELECT count(*) AS n FROM listings").fetchone()["n"] == expect["listings"]
    # No accepted event may leave a timestamp in the future (it would freeze the listing and pin it first).
    newest = db.execute("SELECT max(source_event_at) AS t FROM listings").fetchone()["t"]
    assert newest <= datetime.now(UTC) and newest.year < 9999, (case["id"], newest, started)

    status, page = _get(handlers["resources"], lambda_context, "/discovery/resources", {"limit": "20"})
    assert status == 200, (case["id"], page)
    assert body["listingKey"] and page["items"], (case["id"], page)
    for query in ({"query": "weather forecast"}, {"query": "analysis", "maxUsdPrice": "0.5"}):
        status, found = _get(handlers["search"], lambda_context, "/discovery/search", query)
        assert status == 200, (case["id"], query, found)
        assert isinstance(found["resources"], list)


def test_catalog_side_rejects_unparseable_bodies() -> None:
    """The bodies json.loads cannot parse cleanly are rejections in the catalog package itself."""
    from souk.catalog.jsonsafety import loads_event
    from souk.errors import CatalogRejection

    by_id = {c["id"]: c for c in CASES}
    for case_id in sorted(UNPARSEABLE_BODIES):
        with pytest.raises(CatalogRejection) as info:
            loads_event(build(by_id[case_id]))
        assert info.value.error == by_id[case_id]["expect"]["error"] and info.value.reason


def test_committed_cases_match_their_source() -> None:
    from tests.hostile.build_cases import build_cases, render

    assert CASES_FILE.read_text(encoding="utf-8") == render(build_cases()), "run python -m tests.hostile.build_cases"
