"""Cloud fan-out of the scheduled embedding job: one scheduled invocation starts as many as the queue needs.

The schedule (every minute) invokes the embed function once. That invocation counts the due jobs and,
when one drain cannot finish them inside its time budget, invokes the same function asynchronously
(``InvocationType=Event``) N-1 more times with a worker marker in the event; it then drains like every
worker does. A worker invocation never fans out again, so the number of concurrent drains is bounded by
``embed_fanout_max_workers`` per schedule tick (and overlapping ticks find the claimed jobs leased: SKIP
LOCKED gives them nothing twice). Leases and fencing tokens are the same as for a single drain.

Sizing: one worker per ``embed_fanout_listings_per_worker`` due listings. A 2 GB function (about one vCPU
and a bit) embeds ~25-40 listings/s with its synthetic queries, so 2,000 is what one invocation drains in
well under its 240 s budget. 100k listings -> 16 workers (the default cap) x ~35 listings/s ≈ 560/s:
about three minutes of embedding, plus cold starts, and any remainder on the next tick.
"""

from __future__ import annotations

import json
import logging
import math
import os
from typing import Any

from souk.config import Settings
from souk.db.types import Connection, one

logger = logging.getLogger(__name__)

WORKER_KEY = "soukEmbedWorker"


def is_worker(event: object) -> bool:
    return isinstance(event, dict) and bool(event.get(WORKER_KEY))


def due_jobs(conn: Connection, generation_id: int) -> int:
    row = conn.execute(
        """SELECT count(*) AS n FROM embedding_jobs
            WHERE generation_id = %s
              AND ((state = 'queued' AND next_attempt_at <= now())
                   OR (state = 'leased' AND lease_expires_at <= now()))""",
        (generation_id,),
    )
    return int(one(row)["n"])


def workers_for(due: int, settings: Settings) -> int:
    """Drains (this invocation included) for ``due`` listings: at least one, at most the cap."""
    wanted = math.ceil(due / settings.embed_fanout_listings_per_worker)
    return max(1, min(settings.embed_fanout_max_workers, wanted))


def invoke_workers(function_name: str, count: int, client: Any = None) -> list[int]:
    """Start ``count`` asynchronous worker invocations of ``function_name``; returns their status codes."""
    if count <= 0:
        return []
    if client is None:
        import boto3

        client = boto3.client("lambda")
    codes: list[int] = []
    for index in range(1, count + 1):
        response = client.invoke(
            FunctionName=function_name,
            InvocationType="Event",
            Payload=json.dumps({WORKER_KEY: index}).encode(),
        )
        codes.append(int(response["StatusCode"]))
    return codes


def maybe_fan_out(
    event: dict[str, Any], conn: Connection, generation_id: int, settings: Settings, client: Any = None
) -> dict[str, Any]:
    """On Lambda, for a scheduled (not worker) invocation: start the extra workers the due jobs need."""
    function_name = os.environ.get("AWS_LAMBDA_FUNCTION_NAME")
    if is_worker(event) or not function_name or settings.embed_fanout_max_workers <= 1:
        return {"workers": 1, "invoked": 0}
    due = due_jobs(conn, generation_id)
    extra = workers_for(due, settings) - 1
    try:
        codes = invoke_workers(function_name, extra, client)
    except Exception:  # no permission, throttled: this invocation still drains on its own
        logger.exception("embedding fan-out failed; draining alone")
        return {"workers": 1, "invoked": 0, "due": due, "error": "invoke failed"}
    accepted = sum(code == 202 for code in codes)
    logger.info("embedding fan-out: %d due, %d extra workers invoked", due, accepted)
    return {"workers": 1 + accepted, "invoked": accepted, "due": due}
