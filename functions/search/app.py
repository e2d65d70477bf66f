from __future__ import annotations

from typing import TYPE_CHECKING

from souk.api.search_route import ROUTE_KEY, search_route
from souk.lambda_entry import routed_entry, warm_search

if TYPE_CHECKING:
    from fastapi import APIRouter, FastAPI


def _app() -> FastAPI:
    # The conversions route (and Souk's 404/405 answers) still go through FastAPI, imported on first use.
    from souk.api.app import make_app

    return make_app(__getattr__("router"))


def __getattr__(name: str) -> APIRouter:
    # `router`, read by the runner's OpenAPI document, without importing FastAPI into every cold start.
    if name == "router":
        from souk.api.search import router

        return router
    raise AttributeError(name)


# GET /discovery/search answers straight from the event (souk.api.search_route). The model and the read pool
# load during init, not in the first request.
handler = routed_entry({ROUTE_KEY: search_route}, _app, warm=warm_search)
