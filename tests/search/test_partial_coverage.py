"""While the embedding job has not caught up, search still answers and says the index is partial."""

from __future__ import annotations

from datetime import timedelta

from souk.catalog.ingest import catalog_event
from souk.embedding.worker import drain
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE
from tests.factories import CLOCK, verified, weather


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
    assert partial.partial is True
    assert partial.degraded_reason == "partial_coverage: 3/4 listings have vectors of their current text"
    assert len(partial.listing_ids) == 4  # the unembedded listing is still found lexically

    drain(db, settings)
    assert _search(db, settings).partial is False


def test_a_listing_cataloged_a_minute_ago_is_found_by_its_own_name(db, settings, semantic_index):
    # Under fusion an arm that cannot see a listing counts against it: a new seller searching its own product's name
    # got five unrelated embedded listings (a hunt). Its missing cosine is placed where its BM25F score stands.
    for i, topic in enumerate(("weather forecast", "pdf to text", "currency rates", "geocoding", "translation")):
        listing = weather(url=f"https://w{i}.example.com/v1", description=f"{topic.capitalize()} API for agents.")
        catalog_event(db, verified(listing), settings)
    semantic_index(db)
    new = weather(url="https://quokkafy.example.com/v1", description="Quokkafy turns photos into quokka cartoons.")
    new_id = catalog_event(db, verified(new), settings).listing_id
    result = rank(db, RankRequest("quokkafy"), settings, DEFAULT_PROFILE)
    assert result.partial is True
    assert result.listing_ids[0] == new_id


def test_imputed_cosines_follow_the_lexical_order_below_the_best():
    from souk.search.semantic import SemanticHit, impute_unembedded

    hits = [SemanticHit(1, 0.8, 0.6), SemanticHit(2, 0.5, 0.5)]
    lexical = [(7, 10.0), (2, 6.0), (8, 5.0), (9, 0.0)]
    merged = impute_unembedded(lexical, hits, {7, 8, 9})
    assert merged == [
        SemanticHit(1, 0.8, 0.6),
        SemanticHit(7, 0.8, 0.6),
        SemanticHit(2, 0.5, 0.5),
        SemanticHit(8, 0.4, 0.3),
    ]
    assert impute_unembedded(lexical, hits, set()) is hits


def test_nothing_is_imputed_against_an_arm_that_found_nothing():
    from souk.search.semantic import impute_unembedded

    assert impute_unembedded([(7, 3.0)], [], {7}) == []  # no best cosine to place it against: no 1.0 invented


def test_a_listing_whose_text_changed_is_not_ranked_by_its_old_vectors(db, settings, semantic_index):
    # A probe (2026-12-07): for ~60 s after its description changed, a listing ranked #1 for its old topic
    # ("capybara census") while the search said nothing was partial.
    topics = ("Capybara census counts by wetland region.", "Weather forecast by city.", "PDF to text extraction.")
    for i, topic in enumerate(topics):
        listing = weather(url=f"https://t{i}.example.com/v1", description=topic)
        catalog_event(db, verified(listing, CLOCK), settings)
    semantic_index(db)
    changed = weather(url="https://t0.example.com/v1", description="Tax invoice PDF generator.")
    changed_id = catalog_event(db, verified(changed, CLOCK + timedelta(minutes=1)), settings).listing_id
    stale = rank(db, RankRequest("capybara census"), settings, DEFAULT_PROFILE)
    assert changed_id not in stale.listing_ids
    assert stale.partial is True
    assert stale.degraded_reason == "partial_coverage: 2/3 listings have vectors of their current text"
    drain(db, settings)
    assert rank(db, RankRequest("capybara census"), settings, DEFAULT_PROFILE).partial is False
