"""The runner serves several invocations at once: each log line names its own invocation's function."""

from __future__ import annotations

import io
import json
import logging
from typing import Any

from souk.observability import logger as structured
from souk.runner.server import LocalGateway
from tests.conftest import REPO


def test_a_log_line_names_its_own_function_when_another_invocation_rewrote_the_shared_keys(monkeypatch, settings):
    gateway = LocalGateway(REPO / "template.yaml", REPO)
    route = next(r for r in gateway.routes if r.function == "CatalogFunction" and r.method == "POST")

    @structured.inject_lambda_context
    def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
        # What a concurrent search invocation's decorator does to the keys every thread shares, mid-request:
        structured.append_keys(function_name="SearchFunction")
        structured.info("cataloging")
        return {"statusCode": 200, "headers": {}, "body": "{}"}

    stream = io.StringIO()
    capture = logging.StreamHandler(stream)
    capture.setFormatter(structured.registered_formatter)
    structured.addHandler(capture)
    monkeypatch.setattr(gateway, "handler", lambda ref: handler)
    try:
        response = gateway.invoke("POST", route.path, "", {}, b"{}")
    finally:
        structured.removeHandler(capture)
        structured.remove_keys(["function_name"])
    assert response["statusCode"] == 200
    [line] = [json.loads(x) for x in stream.getvalue().splitlines() if '"cataloging"' in x]
    assert line["function_name"] == "CatalogFunction"
    assert structured.thread_safe_get_current_keys() == {}  # nothing is left for the thread's next request
