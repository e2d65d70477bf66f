"""GET /discovery/search on the demo catalog: constraints honoured, nothing misleading, stable pages."""

from __future__ import annotations

import os
from decimal import Decimal

import pytest
from fastapi.testclient import TestClient
from x402.extensions.bazaar.facilitator_client import _parse_search_response

from souk import assets
from souk.api.app import make_app
from souk.api.search import router
from souk.catalog.loader import load_events_file
from tests.conftest import REPO, _truncate

DEMO = REPO / "layers/core/souk/demo/demo_events.jsonl"


@pytest.fixture(scope="module")
def demo(database_url, settings, model_ready):
    from souk.db import get_pool
    from souk.embedding.generations import ensure_default_generation
    from souk.embedding.worker import drain

    _truncate(database_url)
    with get_pool().connection() as conn:
        summary = load_events_file(conn, DEMO, settings)
        assert summary["rejected"] == {}
        ensure_default_generation(conn, settings)  # as `souk serve` does (module scope: the demo is loaded once)
        drain(conn, settings)
    return {"semantic": True}


@pytest.fixture(scope="module")
def client(demo):
    return TestClient(make_app(router))


def search(client, query: str, **params):
    response = client.get("/discovery/search", params={"query": query, **params})
    assert response.status_code == 200, response.text
    return response.json()


def networks_of(item) -> set[str]:
    return {a["network"] for a in item["accepts"]}


def test_sdk_parses_search_response_and_headers(client):
    response = client.get("/discovery/search", params={"query": "weather forecast"})
    parsed = _parse_search_response(response.json())
    assert parsed.resources and parsed.pagination is not None
    assert response.headers["x-search-session-id"]
    assert "rrf_k=" in response.headers["x-souk-profile"]


def test_hybrid_when_the_model_is_available(client, demo):
    if not demo["semantic"]:
        pytest.skip("semantic index modules not present")
    body = search(client, "weather forecast for a city")
    assert body["searchMethod"] == "hybrid"
    assert body["partialResults"] is False


@pytest.mark.parametrize(
    ("query", "allowed"),
    [
        ("weather API that takes USDC on stellar", {"stellar:pubnet"}),
        ("weather on stellar testnet or stellar pubnet", {"stellar:pubnet", "stellar:testnet"}),
        ("geocode an address on stellar testnet", {"stellar:testnet"}),
        ("email verification on base", {"eip155:8453"}),
        ("news api paid on solana mainnet", {"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"}),
        ("translate text base sepolia", {"eip155:84532"}),
    ],
)
def test_network_named_in_query_is_never_violated(client, query, allowed):
    body = search(client, query, limit=50)
    assert set(body["interpretedQuery"]["networks"]) == allowed
    for item in body["resources"]:
        assert networks_of(item) & allowed, (item["resource"], networks_of(item))


def _min_usd(item) -> Decimal | None:
    values = [assets.usd_value(a["network"], a["asset"], a["amount"]) for a in item["accepts"]]
    known = [v for v in values if v is not None]
    return min(known) if known else None


@pytest.mark.parametrize(
    ("query", "cap"),
    [
        ("stock quote under 1 cent", Decimal("0.01")),
        ("weather api less than $0.002", Decimal("0.002")),
        ("pdf text extraction at most 5 cents", Decimal("0.05")),
    ],
)
def test_price_caps_hold_in_usd_across_decimals(client, query, cap):
    body = search(client, query, limit=50)
    assert body["resources"], "a cap this loose should leave something"
    for item in body["resources"]:
        price = _min_usd(item)
        assert price is not None and price <= cap, (item["resource"], price)
    # The explicit parameter wins over the words: a tighter cap applies.
    tighter = search(client, query, maxUsdPrice="0.0005", limit=50)
    assert all(_min_usd(i) <= Decimal("0.0005") for i in tighter["resources"])


def test_explicit_network_parameter_wins_over_words(client):
    body = search(client, "weather api on stellar", network="eip155:8453", limit=50)
    assert body["resources"]
    assert all("eip155:8453" in networks_of(i) for i in body["resources"])


def test_negated_capability_is_not_ranked_first(client):
    body = search(client, "pdf tool, not for form filling")
    first = body["resources"][0]
    text = " ".join([first.get("description") or "", first["resource"]]).lower()
    assert "form" not in text
    assert "fill" in " ".join(body["interpretedQuery"]["negatedTerms"])


@pytest.mark.parametrize("query", ["the", "a an the of", "?!", "xqzv blorptangle", "zzkq wvvx jjpt"])
def test_stopword_only_and_nonsense_return_nothing(client, query):
    body = search(client, query)
    assert body["resources"] == []
    assert body["pagination"]["cursor"] is None


def test_mcp_and_method_words_restrict_type(client):
    mcp = search(client, "mcp tool for stock quotes", limit=50)
    assert mcp["resources"] and all(i["type"] == "mcp" for i in mcp["resources"])
    post = search(client, "HTTP POST endpoint to send email", limit=50)
    assert post["resources"]
    for item in post["resources"]:
        assert item["type"] == "http"
        assert item["extensions"]["bazaar"]["info"]["input"]["method"] == "POST"


def _all_pages(client, query: str, limit: int) -> list[dict]:
    items, cursor = [], None
    while True:
        params = {"limit": limit} | ({"cursor": cursor} if cursor else {})
        body = search(client, query, **params)
        items += body["resources"]
        cursor = body["pagination"]["cursor"]
        if cursor is None:
            return items


def test_pages_never_overlap_or_skip(client):
    def key(item):
        tool = item.get("extensions", {}).get("bazaar", {}).get("info", {}).get("input", {}).get("toolName")
        return item["resource"], tool

    whole = _all_pages(client, "weather", 100)
    assert len(whole) > 12
    pages = _all_pages(client, "weather", 5)
    # Diversity is applied per page, so the order depends on the page size; the set never does.
    assert sorted(key(i) for i in pages) == sorted(key(i) for i in whole)
    assert len({key(i) for i in pages}) == len(pages)


def test_tampered_and_foreign_cursors_are_rejected(client):
    cursor = search(client, "weather", limit=2)["pagination"]["cursor"]
    assert cursor
    body, mac = cursor.split(".")
    tampered = body[:-2] + ("A" if body[-2] != "A" else "B") + body[-1] + "." + mac
    for bad, code in (
        (tampered, "invalid_cursor"),
        ("garbage", "invalid_cursor"),
        (cursor + "x", "invalid_cursor"),
    ):
        response = client.get("/discovery/search", params={"query": "weather", "limit": 2, "cursor": bad})
        assert response.status_code == 400 and response.json()["error"] == code and response.json()["reason"]
    foreign = client.get("/discovery/search", params={"query": "email", "limit": 2, "cursor": cursor})
    assert foreign.status_code == 400 and foreign.json()["error"] == "cursor_mismatch"
    other_limit = client.get("/discovery/search", params={"query": "weather", "limit": 3, "cursor": cursor})
    assert other_limit.status_code == 400


def test_a_cursor_is_bound_to_the_query_as_written(client):
    # "weather get" asks for no method, "weather GET" for GET: a later page re-reads the query it comes with, so a
    # cursor of one used with the other would page one ranking under the other's filters.
    cursor = search(client, "weather get", limit=2)["pagination"]["cursor"]
    assert cursor
    other_case = client.get("/discovery/search", params={"query": "weather GET", "limit": 2, "cursor": cursor})
    assert other_case.status_code == 400 and other_case.json()["error"] == "cursor_mismatch"
    same = client.get("/discovery/search", params={"query": "weather get", "limit": 2, "cursor": cursor})
    assert same.status_code == 200
    spaced = client.get("/discovery/search", params={"query": " weather  get ", "limit": 2, "cursor": cursor})
    assert spaced.status_code == 200  # read alike: spacing changes nothing


def test_a_cursor_takes_its_filters_in_any_spelling_the_filter_reads_alike(client):
    # A probe (2026-12-07): asset=usdc and maxUsdPrice=0.010 filter exactly as USDC and 0.01 but were refused.
    first = {"query": "weather", "limit": 1, "asset": "USDC", "maxUsdPrice": "0.01"}
    cursor = client.get("/discovery/search", params=first).json()["pagination"]["cursor"]
    assert cursor
    same = first | {"asset": "usdc", "maxUsdPrice": "0.010", "cursor": cursor}
    assert client.get("/discovery/search", params=same).status_code == 200
    other = first | {"maxUsdPrice": "0.02", "cursor": cursor}
    assert client.get("/discovery/search", params=other).json()["error"] == "cursor_mismatch"


@pytest.mark.parametrize(
    ("params", "code"),
    [
        ({}, "missing_query"),
        ({"query": ""}, "missing_query"),
        ({"query": "   "}, "missing_query"),
        ({"query": "x " * 2001}, "query_too_long"),
        ({"query": "a", "cursor": ["", "x"]}, "invalid_parameter"),  # a second cursor used to be ignored
        ({"query": "a", "limit": "0"}, "invalid_limit"),
        ({"query": "a", "network": "!!!"}, "invalid_network"),
        ({"query": "a", "type": "htpp"}, "invalid_type"),  # a typo was an empty page "constraints_exclude_topic"
        ({"query": "a", "type": "foo"}, "invalid_type"),
        ({"query": "a", "maxUsdPrice": "cheap"}, "invalid_maxUsdPrice"),
        # What int() and float() would take but a query string should not mean as a number.
        ({"query": "a", "limit": "\uff13"}, "invalid_limit"),  # a fullwidth 3
        ({"query": "a", "limit": "1_0"}, "invalid_limit"),
        ({"query": "a", "maxUsdPrice": "\uff10.\uff15"}, "invalid_maxUsdPrice"),
        ({"query": "a", "maxUsdPrice": "1_000"}, "invalid_maxUsdPrice"),
        ({"query": "a", "maxUsdPrice": "inf"}, "invalid_maxUsdPrice"),
        ({"query": "a", "maxUsdPrice": "nan"}, "invalid_maxUsdPrice"),
        ({"query": "a", "maxUsdPrice": "-0.5"}, "invalid_maxUsdPrice"),
    ],
)
def test_bad_search_input_is_400(client, params, code):
    response = client.get("/discovery/search", params=params)
    assert response.status_code == 400
    assert response.json()["error"] == code and response.json()["reason"]


def test_conversion_records_rank_without_identity(client, demo):
    response = client.get("/discovery/search", params={"query": "send a transactional email"})
    session = response.headers["x-search-session-id"]
    second = response.json()["resources"][1]
    recorded = client.post(
        "/discovery/v1/conversions",
        json={"sessionId": session, "resource": second["resource"], "toolName": None},
    )
    assert recorded.status_code == 200 and recorded.json()["rank"] == 2
    bad = client.post("/discovery/v1/conversions", json={"sessionId": "not-a-uuid", "resource": "x"})
    assert bad.status_code == 400 and bad.json()["error"] == "invalid_conversion"


def test_one_publisher_cannot_fill_the_page(client):
    from souk.search.origins import operator_of

    body = search(client, "crypto token price", limit=10)
    operators = [operator_of(i["resource"].split("/")[2]) for i in body["resources"]]
    assert operators, "expected price feeds"
    assert max(operators.count(h) for h in set(operators)) <= 5


LONG_TASK = (
    "Hi! I'm putting together the logistics for our company offsite, which is happening in Lisbon at the end "
    "of next week. We have about forty people flying in from different offices, a few of them with small "
    "children, and the venue has a large garden where we were hoping to hold the dinner on the second evening. "
    "Before I confirm anything with the caterer, I need to know what the skies will do: whether it will rain "
    "on those days, how warm it will be in the evening and how windy it gets near the coast. "
) * 6


def test_a_long_task_description_is_answered(client):
    assert 2000 < len(LONG_TASK) <= 4000
    body = search(client, LONG_TASK, limit=5)
    assert body["resources"], "an answerable task sentence must get results"
    assert body["relevance"]["abstained"] is False and body["relevance"]["matchStrength"] in ("strong", "weak")
    top = " ".join((i.get("description") or "") + i["resource"] for i in body["resources"][:3]).lower()
    assert "weather" in top or "forecast" in top


def test_abstention_is_explained(client):
    body = search(client, "zzkq wvvx jjpt")
    assert body["relevance"] == {
        "matchStrength": "none",
        "abstained": True,
        "abstainReason": "no_evidence",
        "evidence": body["relevance"]["evidence"],
    }
    assert body["relevance"]["evidence"]["lexicalHits"] == 0


def test_model_unavailable_degrades_to_lexical(client, demo, monkeypatch):
    from souk.config import get_settings

    queries = ["weather API that takes USDC on stellar", "extract text from a pdf", "send an email"]
    normal = {q: search(client, q) for q in queries}
    monkeypatch.setenv("SOUK_MODEL_DIR", "/nonexistent/model")
    monkeypatch.setattr("souk.embedding._onnx_embedder", _raise_missing)
    get_settings.cache_clear()
    try:
        for q in queries:
            body = search(client, q)
            assert body["partialResults"] is True
            assert body["searchMethod"] == "lexical"
            assert body["resources"], q
            assert body["degradedReason"]
            if normal[q]["resources"]:
                top_normal = {i["resource"] for i in normal[q]["resources"][:5]}
                assert body["resources"][0]["resource"] in top_normal | {body["resources"][0]["resource"]}
    finally:
        get_settings.cache_clear()
    assert os.environ["SOUK_MODEL_DIR"] == "/nonexistent/model"


def _raise_missing(*_args, **_kwargs):
    from souk.embedding import ModelMissingError

    raise ModelMissingError("model directory /nonexistent/model does not exist")


def test_status_reports_health_and_the_exact_degraded_reason(demo, monkeypatch):
    from souk.api.status import router as status_router
    from souk.config import get_settings

    status = TestClient(make_app(status_router))
    healthy = status.get("/analytics/v1/search/status").json()
    assert healthy["searchMethod"] == "hybrid" and healthy["degradedReason"] is None
    assert healthy["coverage"]["ratio"] == 1.0 and healthy["provider"]["healthy"] is True
    assert healthy["activeGeneration"]["dimension"] == 384
    assert healthy["profile"]["name"] and healthy["queue"]["dead_lettered"] == 0
    assert "unappliedFilters" not in healthy
    # the route takes no parameters: one sent anyway is named, not silently dropped
    named = status.get("/analytics/v1/search/status", params={"generation": "abc", "x": "1"}).json()
    assert named["unappliedFilters"] == ["generation", "x"] and named["searchMethod"] == "hybrid"
    monkeypatch.setattr("souk.embedding._onnx_embedder", _raise_missing)
    get_settings.cache_clear()
    try:
        degraded = status.get("/analytics/v1/search/status").json()
    finally:
        get_settings.cache_clear()
    assert degraded["searchMethod"] == "lexical"
    assert degraded["degradedReason"].startswith("model_unavailable")
    assert degraded["provider"]["healthy"] is False


def _rank_of(body, predicate):
    return next((i for i, item in enumerate(body["resources"]) if predicate(item)), None)


def test_asset_mention_boosts_listings_paid_in_that_asset(client):
    def paid_in_xlm(item):
        return any(
            assets.lookup(a["network"], a["asset"]) and assets.lookup(a["network"], a["asset"]).symbol == "XLM"
            for a in item["accepts"]
        )

    plain = search(client, "7-day weather forecast", limit=50)
    boosted = search(client, "7-day weather forecast paid in XLM", limit=50)
    assert boosted["interpretedQuery"]["assets"] == ["XLM"]
    before, after = _rank_of(plain, paid_in_xlm), _rank_of(boosted, paid_in_xlm)
    assert before is not None and after is not None and after < before


def test_cheapest_moves_cheaper_listings_up(client):
    plain = search(client, "email verification", limit=6)["resources"]
    cheap = search(client, "cheapest email verification", limit=20)
    assert cheap["interpretedQuery"]["cheapest"] is True
    ranked = [i["resource"] for i in cheap["resources"]]
    dearest = max(plain, key=_min_usd)["resource"]
    assert ranked.index(dearest) > [i["resource"] for i in plain].index(dearest)  # the dearest drops
    assert ranked[0] in [i["resource"] for i in plain[:3]]  # a bounded boost: relevance still leads


def test_expired_sessions_are_purged_and_their_cursors_say_so(client, demo, monkeypatch):
    from souk.config import get_settings

    response = client.get("/discovery/search", params={"query": "weather", "limit": 2})
    cursor = response.json()["pagination"]["cursor"]
    session = response.headers["x-search-session-id"]
    first = response.json()["resources"][0]["resource"]
    assert client.post("/discovery/v1/conversions", json={"sessionId": session, "resource": first}).status_code == 200
    monkeypatch.setenv("SOUK_SEARCH_SESSION_TTL_HOURS", "0")
    get_settings.cache_clear()
    try:
        search(client, "email")  # a new session purges the expired ones
    finally:
        # Unset before clearing: otherwise the next get_settings() caches TTL 0 for every later test in
        # this worker, and their concurrent searches purge each other's sessions (unknown_session).
        monkeypatch.delenv("SOUK_SEARCH_SESSION_TTL_HOURS")
        get_settings.cache_clear()
    expired = client.get("/discovery/search", params={"query": "weather", "limit": 2, "cursor": cursor})
    assert expired.status_code == 400 and expired.json()["error"] == "cursor_expired"
    from souk.db import get_pool

    with get_pool().connection() as conn:
        kept = conn.execute("SELECT count(*) AS n FROM search_conversions WHERE session_id = %s", (session,))
        assert kept.fetchone()["n"] == 1


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("0.01", "0.01"),
        (".5", "0.5"),
        ("3.", "3"),
        ("1e-3", "0.001"),
        (" 2 ", "2"),
        ("0.0029999999999999999", None),
        ("0.00299999999999999999999999999999", None),  # past 28 digits, normalize() rounded the echo to 0.003
    ],
)
def test_max_usd_price_takes_plain_decimal_numbers_exactly(raw, value):
    from decimal import Decimal

    from souk.discovery.search import SEARCH_PARAMS
    from souk.listing.filters import parse_filters

    parsed = parse_filters({"maxUsdPrice": [raw]}, SEARCH_PARAMS)
    assert parsed.max_usd_price == Decimal(raw.strip())  # as written: a float read 0.0029999999999999999 as 0.003
    assert parsed.applied()["maxUsdPrice"] == (value or raw)


def test_max_usd_price_refuses_long_or_padded_values_as_400_not_500():
    from souk.discovery.search import SEARCH_PARAMS
    from souk.errors import SoukError
    from souk.listing.filters import parse_filters, parse_int

    # A long run of digits that fails to match took quadratic time in an earlier pattern (16 KB: ~7 s, the
    # worker's GIL held throughout); this one would not finish.
    for bad in ("1" * 200_000 + "x", "1" * 65):
        with pytest.raises(SoukError) as refused:
            parse_filters({"maxUsdPrice": [bad]}, SEARCH_PARAMS)
        assert refused.value.error == "invalid_maxUsdPrice"
    # str.strip() drops \x1c-\x1f, which float() and int() refuse: the stripped value is the one converted.
    assert parse_filters({"maxUsdPrice": ["0.5\x1c"]}, SEARCH_PARAMS).max_usd_price == 0.5
    assert parse_int({"limit": ["7\x1f"]}, "limit", 20, 1, 100) == 7


@pytest.mark.parametrize(
    ("raw", "reason"),
    [("1e-500", "decimal places"), ("0." + "0" * 5000 + "1", "longer than")],
)
def test_a_price_cap_past_any_price_is_refused_with_the_reason(raw, reason):
    from souk.discovery.search import SEARCH_PARAMS
    from souk.errors import SoukError
    from souk.listing.filters import parse_filters

    with pytest.raises(SoukError) as refused:
        parse_filters({"maxUsdPrice": [raw]}, SEARCH_PARAMS)
    assert refused.value.error == "invalid_maxUsdPrice" and reason in refused.value.reason


def test_each_result_says_its_own_evidence_on_every_page(client):
    # a probe (2026-12-07): past the listings that match, a search lists the nearest of the rest, every one under
    # the query's "strong"; each result now says whether it matched itself
    first = search(client, "weather forecast", limit=10)
    strengths = [r["relevance"]["matchStrength"] for r in first["resources"]]
    assert strengths[0] == "strong" and set(strengths) <= {"strong", "weak"}
    later, cursor = [], first["pagination"]["cursor"]
    while cursor and len(later) < 200:
        page = search(client, "weather forecast", limit=10, cursor=cursor)
        later += page["resources"]
        cursor = page["pagination"]["cursor"]
    tail = [r for r in later if r["relevance"]["matchStrength"] == "weak"]
    # The module's demo is embedded (the demo fixture): the semantic arm fills the pool past what shares a word with
    # the query. A test that emptied the database in this module once left this one lexical, its tail unchecked.
    assert first["searchMethod"] == "hybrid", first.get("degradedReason")
    assert tail, "the ranked pool's tail of unrelated listings is marked weak"
    assert not any("weather" in (r.get("description") or "").lower() for r in tail[-10:])
    # a strong result shares the query's words or meaning: weather, forecast
    strong = [r for r in first["resources"] + later if r["relevance"]["matchStrength"] == "strong"]
    assert all(
        any(
            w in ((r.get("description") or "") + " " + (r.get("serviceName") or "")).lower()
            for w in ("weather", "forecast", "rain", "climate", "temperature", "storm", "wind")
        )
        for r in strong
    ), [r.get("description") for r in strong if "weather" not in (r.get("description") or "").lower()][:5]


def test_a_browse_says_no_per_result_evidence(client):
    body = search(client, "anything on base", limit=5)
    assert body["resources"] and all("relevance" not in r for r in body["resources"])


def test_a_price_cap_read_from_the_words_is_echoed_in_plain_digits(client):
    # it was "1E-7" in appliedFilters beside "0.0000001" in interpretedQuery (red team, 2026-12-07)
    body = search(client, "anything under 0.0000001 dollars")
    interpreted = body["interpretedQuery"]
    assert interpreted["appliedFilters"]["maxUsdPrice"] == "0.0000001" == interpreted["maxUsdPrice"]
