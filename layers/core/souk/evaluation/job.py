"""The scheduled evaluation (functions/eval_job): run the harness against this deployment's code and
database (in a scratch schema), add the online signal, store the report, emit CloudWatch metrics."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from souk.config import Settings, get_settings
from souk.db import get_pool
from souk.evaluation.report import dumps
from souk.evaluation.run import EvalPaths, run_eval
from souk.observability import record_evaluation


def online_signal(conn: Any) -> dict[str, Any]:
    """Ranks at which agents actually invoked search results (no caller identity is stored)."""
    rows = conn.execute("SELECT rank, count(*) AS n FROM search_conversions GROUP BY rank ORDER BY rank").fetchall()
    total = sum(r["n"] for r in rows)
    if total == 0:
        return {"conversions": 0}
    mrr = sum(r["n"] / r["rank"] for r in rows) / total
    return {
        "conversions": total,
        "mrr": mrr,
        "rankDistribution": {str(r["rank"]): r["n"] for r in rows},
        "top1Share": sum(r["n"] for r in rows if r["rank"] == 1) / total,
    }


def _store(report: dict[str, Any], settings: Settings, now: datetime) -> str:
    body = dumps(report).encode("utf-8")
    stamp = now.strftime("%Y/%m/%d/%H%M%S")
    if settings.report_bucket:
        import boto3

        s3 = boto3.client("s3")
        for key in (f"eval/{stamp}.json", "eval/latest.json"):
            s3.put_object(Bucket=settings.report_bucket, Key=key, Body=body, ContentType="application/json")
        return f"s3://{settings.report_bucket}/eval/{stamp}.json"
    target = settings.report_dir / f"{stamp.replace('/', '-')}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(body)
    return str(target)


def scheduled_eval(event: dict[str, Any], *, now: datetime | None = None) -> dict[str, Any]:
    settings = get_settings()
    now = now or datetime.now(UTC)
    paths = EvalPaths.under(settings.eval_dir) if settings.eval_dir else EvalPaths()
    outcome = run_eval(settings, paths=paths, write=False, progress=False)
    report = outcome.report
    with get_pool().connection() as conn:
        report["online"] = online_signal(conn)
    location = _store(report, settings, now)
    record_evaluation(report)
    return {"report": location, "online": json.loads(json.dumps(report["online"]))}
