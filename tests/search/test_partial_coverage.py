"""While the embedding job has not caught up, search still answers and says the index is partial."""

from __future__ import annotations

from souk.catalog.ingest import catalog_event
from souk.embedding.worker import drain
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE
from tests.factories import verified, weather


def _search(db, settings):
    return rank(db, RankRequest("current weather for a city"), settings, DEFAULT_PROFILE)


def test_a_listing_without_vectors_makes_results_partial(db, settings, semantic_index):
    for i in range(3):
        catalog_event(db, verified(weather(url=f"https://w{i}.example.com/v1/current")), settings)
    semantic_index(db)
    complete = _search(db, settings)
    assert complete.search_method == "hybrid" and complete.partial is False

    catalog_event(db, verified(weather(url="https://late.example.com/v1/current")), settings)
    partial = _search(db, settings)
    assert partial.partial is True and partial.degraded_reason == "partial_coverage: 3/4 listings have vectors"
    assert len(partial.listing_ids) == 4  # the unembedded listing is still found lexically

    drain(db, settings)
    assert _search(db, settings).partial is False
