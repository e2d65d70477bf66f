"""One FastAPI app and one OpenAPI document for every HTTP route in template.yaml.

Each Lambda function serves only its own router, so no deployed app can describe the whole API. This
module reads the routes from the template (the one routing table), imports each function's handler
module as the runner does, takes the ``router`` it was built from, and keeps exactly the template's
(method, path) pairs. A template route whose function has no matching router route is an error, so
the document cannot silently drift from what is deployed. Local use only: the runner serves the
document at ``GET /openapi.json`` and ``souk openapi`` writes it to a file; the fuzz run drives the app.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from fastapi import APIRouter, FastAPI
from fastapi.routing import APIRoute

from souk.api.app import make_app
from souk.api.docs import CATALOG_SECURITY
from souk.runner.template import Route, load_module, load_template, routes_and_schedules

TITLE = "Souk"
VERSION = "0.1.0"
DESCRIPTION = (
    "Discovery and search for the x402 Bazaar. Every 4xx is `{error, reason}`; unknown query parameters "
    "are listed in `unappliedFilters`. Generated from template.yaml (the routing table) and the routers."
)


def template_routes(template_path: Path) -> list[Route]:
    routes, _ = routes_and_schedules(load_template(template_path), template_path.parent)
    return routes


def module_router(module: object) -> APIRouter | None:
    """A function module's FastAPI router: its ``router``, or that of the module its ``ROUTER_MODULE`` names
    (a ``routed_entry`` function imports FastAPI only when an event needs it)."""
    router = getattr(module, "router", None)
    if router is None and isinstance(name := getattr(module, "ROUTER_MODULE", None), str):
        router = getattr(importlib.import_module(name), "router", None)
    return router if isinstance(router, APIRouter) else None


def _function_router(route: Route) -> APIRouter:
    router = module_router(load_module(route.handler_ref))
    if router is None:
        raise LookupError(
            f"{route.function}: {route.handler_ref} has no module-level APIRouter named 'router' (or ROUTER_MODULE)"
        )
    return router


def combined_app(template_path: Path) -> FastAPI:
    """Every template HTTP route in one app, with the same error handlers each function's app has."""
    routes = template_routes(template_path)
    wanted = {(r.method, r.path) for r in routes}
    routers: dict[str, APIRouter] = {}
    for route in routes:
        routers.setdefault(route.handler_ref, _function_router(route))
    kept = APIRouter()
    found: set[tuple[str, str]] = set()
    for router in routers.values():
        for api_route in router.routes:
            if not isinstance(api_route, APIRoute):
                continue
            pairs = {(m, api_route.path) for m in api_route.methods or ()} & wanted
            if pairs:
                # A router route the template does not deploy stays out: the document describes what runs.
                kept.routes.append(api_route)
                found |= pairs
    missing = sorted(wanted - found)
    if missing:
        raise LookupError(f"template routes with no router route: {missing}")
    app = make_app(kept)
    app.title, app.version, app.description = TITLE, VERSION, DESCRIPTION
    return app


def _catalog_examples() -> dict[str, Any]:
    # Built with the demo builders (the real x402 extension helpers), so the examples are events Souk
    # accepts; the fuzz run's explicit phase sends them. Imported here: local-only, not on Lambda's path.
    from datetime import UTC, datetime

    from souk.demo.builders import Listing, Param, event

    listing = Listing(
        url="https://quotes.example.net/v1/quote",
        pay_to="0x2222222222222222222222222222222222222222",
        network="eip155:8453",
        amount="1000",
        description="Latest price of a stock ticker.",
        service_name="Quote API",
        tags=["stocks", "finance"],
        params=[Param("symbol", "string", "Ticker symbol", True)],
        example_input={"symbol": "ACME"},
        output_example={"symbol": "ACME", "price": 12.5},
    )
    at = datetime(2026, 10, 20, 12, tzinfo=UTC)
    return {
        "verified": {"summary": "A verified payment", "value": event(listing, observed_at=at)},
        "settled": {"summary": "A settled payment", "value": event(listing, kind="settled", observed_at=at)},
    }


def openapi_document(app: FastAPI) -> dict[str, Any]:
    """The app's OpenAPI document plus the catalog's bearer scheme and example events."""
    document = app.openapi()
    catalog = document["paths"].get("/catalog/v1/events", {}).get("post")
    if catalog is not None:
        catalog["requestBody"]["content"]["application/json"]["examples"] = _catalog_examples()
    schemes = document.setdefault("components", {}).setdefault("securitySchemes", {})
    schemes[CATALOG_SECURITY] = {
        "type": "http",
        "scheme": "bearer",
        "description": "The facilitator's catalog secret (SOUK_CATALOG_SECRET).",
    }
    return document


def build_document(template_path: Path) -> dict[str, Any]:
    return openapi_document(combined_app(template_path))
