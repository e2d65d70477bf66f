"""Operators' metrics as CloudWatch EMF documents (read from stdout, as CloudWatch would) and structured log lines."""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from typing import Any

import pytest

from souk import observability as obs
from souk.config import get_settings
from souk.runner.template import load_handler
from tests.conftest import CATALOG_SECRET, REPO, load_event
from tests.factories import pdf_tool, verified, weather


@pytest.fixture
def emf(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Iterator[Any]:
    """Metrics on (as on Lambda); returns a reader of the EMF documents written since the last read."""
    monkeypatch.setenv("POWERTOOLS_METRICS_DISABLED", "false")
    capsys.readouterr()

    def read() -> list[dict[str, Any]]:
        lines = capsys.readouterr().out.splitlines()
        return [doc for doc in (json.loads(x) for x in lines if x.startswith("{")) if "_aws" in doc]

    yield read


@pytest.fixture
def log_lines() -> Iterator[io.StringIO]:
    stream = io.StringIO()
    handler = obs.logger.registered_handler
    previous = handler.setStream(stream)  # type: ignore[attr-defined]
    yield stream
    handler.setStream(previous)  # type: ignore[attr-defined]


def _metric(docs: list[dict[str, Any]], name: str) -> list[tuple[Any, str, dict[str, str]]]:
    """(value, unit, dimensions) of every ``name`` in ``docs``."""
    found = []
    for doc in docs:
        for directive in doc["_aws"]["CloudWatchMetrics"]:
            assert directive["Namespace"] == obs.NAMESPACE
            dims = {d: doc[d] for group in directive["Dimensions"] for d in group}
            for metric in directive["Metrics"]:
                if metric["Name"] == name:
                    value = doc[name]
                    [value] = value if isinstance(value, list) else [value]  # one value per document
                    found.append((value, metric["Unit"], dims))
    return found


def _handler(name: str):
    return load_handler(str(REPO / "functions" / name / "app.handler"))


def _catalog(body: object, token: str | None = CATALOG_SECRET) -> dict[str, Any]:
    event = load_event("catalog_post_unauthenticated.json")
    event["body"] = json.dumps(body)
    if token:
        event["headers"]["authorization"] = f"Bearer {token}"
    return event


def _search_event(query: str) -> dict[str, Any]:
    event = load_event("resources_get.json")
    event["rawPath"] = event["requestContext"]["http"]["path"] = "/discovery/search"
    event["routeKey"] = "GET /discovery/search"
    event["rawQueryString"] = f"query={query}"
    event["queryStringParameters"] = {"query": query}
    return event


def test_catalog_outcomes_by_error_code(db, lambda_context, emf):
    handler = _handler("catalog")
    assert handler(_catalog(verified(weather())), lambda_context)["statusCode"] == 200
    assert handler(_catalog(verified(weather()), token="wrong"), lambda_context)["statusCode"] == 401
    assert handler(_catalog({"nope": 1}), lambda_context)["statusCode"] == 422
    events = _metric(emf(), obs.CATALOG_EVENTS)
    assert [(v, u, d["outcome"], d["error"]) for v, u, d in events] == [
        (1.0, "Count", "success", "none"),
        (1.0, "Count", "rejected", "unauthorized"),
        (1.0, "Count", "rejected", "invalid_event"),
    ]
    assert all(d["service"] == obs.SERVICE for _, _, d in events)


def test_search_latency_and_results_by_search_method_and_the_session_in_the_log(db, lambda_context, emf, log_lines):
    catalog = _handler("catalog")
    for listing in (weather(), pdf_tool()):
        assert catalog(_catalog(verified(listing)), lambda_context)["statusCode"] == 200
    emf()
    response = _handler("search")(_search_event("weather forecast"), lambda_context)
    assert response["statusCode"] == 200
    body = json.loads(response["body"])
    docs = emf()
    [(latency, unit, dims)] = _metric(docs, obs.SEARCH_LATENCY)
    assert unit == "Milliseconds" and latency > 0 and dims["searchMethod"] == body["searchMethod"]
    [(results, unit, dims)] = _metric(docs, obs.SEARCH_RESULTS)
    assert (results, unit, dims["searchMethod"]) == (len(body["resources"]), "Count", body["searchMethod"])
    assert results >= 1
    degraded = _metric(docs, obs.SEARCH_DEGRADED)
    if body.get("degradedReason"):  # no embedding generation in this database: lexical, and why
        assert [d["degradedReason"] for _, _, d in degraded] == [obs.reason_code(body["degradedReason"])]
    else:
        assert degraded == []
    lines = [json.loads(x) for x in log_lines.getvalue().splitlines()]
    [line] = [x for x in lines if x.get("message") == "search"]
    assert line["search_session_id"] == response["headers"]["x-search-session-id"] == body["sessionId"]
    assert line["search_method"] == body["searchMethod"] and line["results"] == len(body["resources"])


def test_nothing_is_written_outside_lambda_unless_asked(monkeypatch, capsys):
    monkeypatch.delenv("POWERTOOLS_METRICS_DISABLED", raising=False)
    monkeypatch.delenv("AWS_LAMBDA_FUNCTION_NAME", raising=False)
    obs.record_catalog_outcome("success", None, 200)
    assert capsys.readouterr().out == ""
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "souk-catalog")
    obs.record_catalog_outcome("success", None, 200)
    assert '"CatalogEvents"' in capsys.readouterr().out


def test_embedding_job_reports_queue_depth_dead_jobs_and_lease_expiries(db, lambda_context, emf, monkeypatch):
    catalog = _handler("catalog")
    for listing in (weather(), pdf_tool()):
        assert catalog(_catalog(verified(listing)), lambda_context)["statusCode"] == 200
    get_settings.cache_clear()
    result = _handler("embed_job")({"source": "aws.events"}, lambda_context)
    assert result.get("embedded") == 2, result
    docs = emf()
    values = {name: _metric(docs, name) for name in (obs.EMBEDDING_QUEUE_DEPTH, obs.EMBEDDING_EMBEDDED)}
    assert values[obs.EMBEDDING_EMBEDDED] == [(2.0, "Count", {"service": obs.SERVICE})]
    assert values[obs.EMBEDDING_QUEUE_DEPTH] == [(0.0, "Count", {"service": obs.SERVICE})]
    assert _metric(docs, obs.EMBEDDING_DEAD_JOBS)[0][:2] == (0.0, "Count")
    assert _metric(docs, obs.EMBEDDING_LEASE_EXPIRED)[0][:2] == (0.0, "Count")


def test_embedding_queue_counts_are_summed_over_live_generations(emf):
    queue = {"queued": 5, "leased": 2, "expired": 1, "dead": 3}
    obs.record_embedding_run({"embedded": 1, "failed": 2, "dead": 1}, queue)
    docs = emf()
    assert _metric(docs, obs.EMBEDDING_QUEUE_DEPTH)[0][0] == 7
    assert _metric(docs, obs.EMBEDDING_DEAD_JOBS)[0][0] == 3
    assert _metric(docs, obs.EMBEDDING_LEASE_EXPIRED)[0][0] == 1
    assert _metric(docs, obs.EMBEDDING_FAILED)[0][0] == 3


def test_evaluation_scores_are_unitless_never_counts(emf):
    report = {
        "shippedArm": "full",
        "results": {
            "dev": {"full": {"ndcg@10": {"n": 40, "mean": 0.71}, "no_match": {"n": 40, "mean": 0.05}}},
            "test": {"full": {"ndcg@10": {"n": 12, "mean": 0.66}, "mrr@10": {"n": 0}}},
        },
        "online": {"conversions": 4, "mrr": 0.625},
    }
    obs.record_evaluation(report)
    docs = emf()
    assert _metric(docs, "dev_ndcg@10")[0][:2] == (0.71, "None")
    assert _metric(docs, "test_ndcg@10")[0][:2] == (0.66, "None")
    assert _metric(docs, "dev_no_match")[0][:2] == (0.05, "None")
    assert _metric(docs, "test_mrr@10") == []  # no query scored it
    assert _metric(docs, obs.ONLINE_MRR)[0][:2] == (0.625, "None")
    assert _metric(docs, obs.ONLINE_CONVERSIONS)[0][:2] == (4.0, "Count")
