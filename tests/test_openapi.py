"""The OpenAPI document declares every route's inputs and errors (the handlers still parse the raw request)."""

from __future__ import annotations

from souk.discovery.search import SEARCH_PARAMS
from souk.listing.filters import LIST_PARAMS
from souk.runner.openapi import build_document
from tests.conftest import REPO

# Inputs each documented route must declare at least: what its parser reads.
PARSED = {("get", "/discovery/resources"): LIST_PARAMS, ("get", "/discovery/search"): SEARCH_PARAMS}


def test_every_operation_declares_its_inputs_and_documents_its_errors():
    document = build_document(REPO / "template.yaml")
    assert document["paths"]
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            where = f"{method.upper()} {path}"
            declared = {p["name"] for p in operation.get("parameters", []) if p["in"] == "query"}
            assert declared >= PARSED.get((method, path), frozenset()), where
            if method in ("post", "put", "patch"):
                assert operation["requestBody"]["content"], f"{where}: no request body declared"
            errors = {code: r for code, r in operation["responses"].items() if int(code) >= 400}
            assert errors, f"{where}: no error response documented"
            for code, response in errors.items():
                assert response.get("description"), f"{where} {code}"
    search = document["paths"]["/discovery/search"]["get"]
    assert {r for r in search["responses"] if r.startswith(("4", "5"))} >= {"400", "503"}
    schema = search["responses"]["400"]["content"]["application/json"]["schema"]
    assert schema["$ref"].endswith("/ErrorBody")
    assert set(document["components"]["schemas"]["ErrorBody"]["required"]) == {"error", "reason"}
