"""Cloud fan-out of the scheduled embedding job, against moto's Lambda API (no real AWS, no Docker)."""

from __future__ import annotations

import io
import json
import zipfile

import boto3
import pytest
from moto import mock_aws

from souk.config import get_settings
from souk.embedding import fanout
from souk.embedding import generations as gens
from tests.embedding.fakes import FakeProvider, autocommit, catalog, listing

FUNCTION = "souk-EmbedJobFunction-test"


def test_workers_scale_with_the_due_listings_and_stop_at_the_cap(settings):
    tuned = settings.model_copy(update={"embed_fanout_listings_per_worker": 2000, "embed_fanout_max_workers": 16})
    assert [fanout.workers_for(n, tuned) for n in (0, 1, 2000, 2001, 14_000, 100_000)] == [1, 1, 1, 2, 7, 16]


@pytest.fixture
def lambda_api():
    with mock_aws(config={"lambda": {"use_docker": False}}):
        iam = boto3.client("iam", region_name="eu-west-1")
        role = iam.create_role(RoleName="embed", AssumeRolePolicyDocument=json.dumps({"Version": "2012-10-17"}))
        code = io.BytesIO()
        with zipfile.ZipFile(code, "w") as z:
            z.writestr("app.py", "def handler(event, context):\n    return event\n")
        client = boto3.client("lambda", region_name="eu-west-1")
        client.create_function(
            FunctionName=FUNCTION,
            Runtime="python3.13",
            Role=role["Role"]["Arn"],
            Handler="app.handler",
            Code={"ZipFile": code.getvalue()},
        )
        calls: list[dict] = []
        client.meta.events.register("before-call.lambda.Invoke", lambda params, **_: calls.append(params))
        yield client, calls


def test_a_scheduled_tick_invokes_one_worker_per_share_of_the_queue(
    db, database_url, settings, lambda_api, monkeypatch
):
    client, calls = lambda_api
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", FUNCTION)
    tuned = settings.model_copy(update={"embed_fanout_listings_per_worker": 2, "embed_fanout_max_workers": 16})
    with autocommit(database_url) as conn:
        catalog(conn, settings, *(listing(i) for i in range(5)))
        gen = gens.ensure_default_generation(conn, settings, FakeProvider())
        spread = fanout.maybe_fan_out({"source": "aws.events"}, conn, gen.id, tuned, client)
        assert spread == {"workers": 3, "invoked": 2, "due": 5}
        # The serialized requests as they went to the Lambda API: asynchronous, one worker index each.
        assert [c["headers"]["X-Amz-Invocation-Type"] for c in calls] == ["Event"] * 2
        payloads = [json.loads(c["body"]) for c in calls]
        assert payloads == [{fanout.WORKER_KEY: 1}, {fanout.WORKER_KEY: 2}]
        # A worker invocation never fans out again, and off Lambda nothing is invoked.
        assert fanout.maybe_fan_out({fanout.WORKER_KEY: 1}, conn, gen.id, tuned, client)["invoked"] == 0
        monkeypatch.delenv("AWS_LAMBDA_FUNCTION_NAME")
        assert fanout.maybe_fan_out({"source": "aws.events"}, conn, gen.id, tuned, client)["invoked"] == 0
    assert len(calls) == 2


def test_a_failed_invoke_leaves_the_tick_draining_alone(db, database_url, settings, monkeypatch):
    monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", "souk-missing-function")
    tuned = settings.model_copy(update={"embed_fanout_listings_per_worker": 1})
    with mock_aws(), autocommit(database_url) as conn:  # no such function: ResourceNotFoundException
        catalog(conn, settings, *(listing(i) for i in range(3)))
        gen = gens.ensure_default_generation(conn, settings, FakeProvider())
        client = boto3.client("lambda", region_name="eu-west-1")
        spread = fanout.maybe_fan_out({"source": "aws.events"}, conn, gen.id, tuned, client)
    assert spread["invoked"] == 0 and spread["workers"] == 1 and spread["error"]


def test_the_scheduled_job_fans_out_then_drains(db, database_url, lambda_api, monkeypatch, model_dir):
    from souk.embedding.worker import scheduled_run

    _, calls = lambda_api
    monkeypatch.setenv("SOUK_MODEL_DIR", str(model_dir))
    monkeypatch.setenv("SOUK_EMBED_FANOUT_LISTINGS_PER_WORKER", "1")
    monkeypatch.setenv("SOUK_EMBED_FANOUT_MAX_WORKERS", "3")
    get_settings.cache_clear()
    try:
        with autocommit(database_url) as conn:
            catalog(conn, get_settings(), *(listing(i) for i in range(4)))
        monkeypatch.setenv("AWS_LAMBDA_FUNCTION_NAME", FUNCTION)
        monkeypatch.setattr(boto3, "client", lambda *_a, **_k: lambda_api[0])
        result = scheduled_run({"source": "aws.events"})
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    assert result["fanout"] == {"workers": 3, "invoked": 2, "due": 4}
    assert result["embedded"] == 4 and len(calls) == 2


def test_the_job_skips_without_pgvector_or_with_a_bad_provider_and_says_so_once(
    database_url, monkeypatch, caplog, model_dir
):
    # pgvector is optional and search runs keyword-only without it, but the job logged a traceback every minute.
    import logging
    import uuid

    import psycopg
    from psycopg.conninfo import make_conninfo

    from souk.db.pool import close_pool
    from souk.embedding.worker import scheduled_run

    name = f"souk_vectorless_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    monkeypatch.setenv("SOUK_MODEL_DIR", str(model_dir))
    monkeypatch.setenv("DATABASE_URL", make_conninfo(database_url, dbname=name))
    get_settings.cache_clear()
    close_pool()
    try:
        with caplog.at_level(logging.DEBUG, logger="souk.embedding.worker"):
            results = [scheduled_run({"source": "aws.events"}) for _ in range(3)]
        assert all("no pgvector" in r["skipped"] for r in results)
        warnings = [r for r in caplog.records if r.levelno == logging.WARNING and "skipped" in r.getMessage()]
        assert len(warnings) == 1
        monkeypatch.setenv("SOUK_EMBEDDING_PROVIDER", "bogus")
        get_settings.cache_clear()
        assert "skipped" in scheduled_run({"source": "aws.events"})
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
        close_pool()
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
