"""The scheduled evaluation writes its report to S3 (moto) with the online signal, and emits metrics."""

from __future__ import annotations

import json

import boto3
import pytest
from moto import mock_aws

from souk.config import get_settings
from tests.evaluation.small_eval import write_small_eval


@pytest.fixture
def eval_env(tmp_path, monkeypatch, db):
    write_small_eval(tmp_path / "eval")
    monkeypatch.setenv("SOUK_EVAL_DIR", str(tmp_path / "eval"))
    monkeypatch.setenv("SOUK_REPORT_BUCKET", "souk-reports")
    monkeypatch.setenv("AWS_DEFAULT_REGION", "eu-west-1")
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "testing")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "testing")
    get_settings.cache_clear()
    yield
    get_settings.cache_clear()


def test_scheduled_eval_writes_report_to_s3(eval_env, db, lambda_context, settings):
    from souk.catalog.ingest import catalog_event
    from souk.runner.template import load_handler
    from tests.conftest import REPO
    from tests.factories import verified, weather

    listing_id = catalog_event(db, verified(weather()), settings).listing_id
    db.execute(
        "INSERT INTO search_sessions (id, query_hash, profile, results, interpreted) "
        "VALUES ('00000000-0000-0000-0000-000000000001', 'h', 'p', %s, '{}')",
        ([0, listing_id],),
    )
    db.execute(
        "INSERT INTO search_conversions (session_id, listing_id, rank) "
        "VALUES ('00000000-0000-0000-0000-000000000001', %s, 2)",
        (listing_id,),
    )
    db.commit()
    with mock_aws():
        s3 = boto3.client("s3", region_name="eu-west-1")
        s3.create_bucket(Bucket="souk-reports", CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
        handler = load_handler(str(REPO / "functions" / "eval_job" / "app.handler"))
        result = handler({"source": "aws.events"}, lambda_context)
        assert result["report"].startswith("s3://souk-reports/eval/")
        latest = json.loads(s3.get_object(Bucket="souk-reports", Key="eval/latest.json")["Body"].read())
    assert latest["results"]["test"]["full"]["ndcg@10"]["n"] == 12
    assert latest["online"] == {"conversions": 1, "mrr": 0.5, "rankDistribution": {"2": 1}, "top1Share": 0.0}
