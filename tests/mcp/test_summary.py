"""Result size is bounded: long descriptions are cut in pages, and input schemas stop at the page budget."""

from __future__ import annotations

import json

from souk.catalog.ingest import catalog_event
from souk.demo.builders import Param
from souk.discovery.resources import list_resources
from souk.mcp.models import MAX_LIMIT, SearchResult
from souk.mcp.summary import LIST_DESCRIPTION_CHARS, PAGE_BUDGET_BYTES, summarize, summarize_page
from tests.factories import verified, weather


def test_pages_stay_within_the_budget_and_say_what_they_left_out(db, settings):
    # Sellers may declare schemas up to what a listing may serve (max_listing_bytes); a full page of them must fit.
    params = [Param(f"p{i:02d}", "string", "x" * 500) for i in range(20)]
    for i in range(MAX_LIMIT):
        listing = weather(
            url=f"https://w{i}.example.com/v1",
            description="Weather. " + "y" * 3000,
            params=params,
            example_input={"p00": "a"},
        )
        catalog_event(db, verified(listing), settings)
    items = list_resources(db, {"limit": [str(MAX_LIMIT)]}, settings)["items"]
    assert len(items) == MAX_LIMIT
    page = summarize_page(items)
    kept = [s for s in page if s.inputSchema is not None]
    dropped = [s for s in page if s.inputSchemaOmitted]
    assert kept and dropped and len(kept) + len(dropped) == MAX_LIMIT
    assert page.index(dropped[0]) == len(kept)  # the best-ranked keep theirs
    assert sum(len(json.dumps([s.inputSchema, s.inputExample])) for s in kept) <= PAGE_BUDGET_BYTES
    assert all(s.descriptionTruncated and len(s.description) <= LIST_DESCRIPTION_CHARS + 1 for s in page)
    full = summarize(items[0], description_chars=None)
    assert full.description == items[0]["description"] and full.inputSchema is not None
    body = SearchResult(
        query="q",
        results=page,
        sessionId="s",
        searchMethod="lexical",
        partialResults=False,
        interpretedQuery={},
        profile="p",
    ).model_dump_json(exclude_none=True)
    assert len(body) < PAGE_BUDGET_BYTES + MAX_LIMIT * 4000
