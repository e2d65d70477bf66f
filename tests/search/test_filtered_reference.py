"""A filtered query's unconstrained reference (for ``constraints_exclude_topic``): the unfiltered vector search
runs only when the lexical evidence leaves the check open, and skipping it never changes the decision."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from souk.catalog.ingest import catalog_event
from souk.listing.filters import Filters
from souk.search import abstention, semantic
from souk.search.bm25f import LexicalHit
from souk.search.health import LISTED_SQL
from souk.search.pipeline import RankRequest, _constraints_may_exclude_topic, _lexical, rank
from souk.search.profile import DEFAULT_PROFILE
from souk.search.semantic import SemanticHit
from souk.search.understanding import interpret
from tests.factories import pdf_tool, verified, weather

QUERY = "current weather for a city"


def test_the_lexical_bound_is_sound_for_every_cosine() -> None:
    """Whenever the bound says the check cannot pass, it fails for every pair of cosines the arms could report."""
    scores = [None, 0.0, 0.5, 3.0, 4.0, 6.0]
    cosines = [-0.2, 0.0, 0.1, 0.3, 0.45, 0.6, 0.9, 1.0]
    profiles = [DEFAULT_PROFILE, replace(DEFAULT_PROFILE, constrained_cosine_drop=0.0, constrained_lexical_ratio=1.0)]
    skipped = open_ = 0
    for profile, constrained_score, unconstrained_score in itertools.product(profiles, scores, scores):
        lexical, reference = _hits(1, constrained_score), _hits(2, unconstrained_score)
        if _constraints_may_exclude_topic(lexical, reference, profile):
            open_ += 1
            continue
        skipped += 1
        for constrained_cosine, unconstrained_cosine in itertools.product(cosines, cosines):
            assert not abstention.constraints_exclude_topic(
                abstention.gather(lexical, [SemanticHit(1, constrained_cosine, constrained_cosine)]),
                abstention.gather(reference, [SemanticHit(2, unconstrained_cosine, unconstrained_cosine)]),
                min_cosine_drop=profile.constrained_cosine_drop,
                max_lexical_ratio=profile.constrained_lexical_ratio,
            )
    # The grid holds both: filters that keep the best lexical match (ruled out) and filters that lose it.
    assert skipped and open_


def _hits(listing_id: int, score: float | None) -> list[LexicalHit] | None:
    """No lexical arm (None), no match ([]) or a best match scoring ``score``."""
    if score is None:
        return None
    return [LexicalHit(listing_id, score, 1, 0.5)] if score else []


def _catalog(db: Any, settings: Any, semantic_index: Any) -> None:
    for i in range(4):
        catalog_event(db, verified(weather(url=f"https://w{i}.example.com/v1/current")), settings)
    # On Base only PDF tools, one word shared with the query: lexical evidence, not the topic.
    for i in range(3):
        pdf = pdf_tool(url=f"https://pdf{i}.example.org/mcp", description="Merge a city's PDF records into one file.")
        catalog_event(db, verified(pdf), settings)
    db.commit()
    semantic_index(db)


def _unfiltered_vector_searches(monkeypatch: Any) -> list[str]:
    """Record the filter of every vector search the pipeline runs (the real search still runs)."""
    seen: list[str] = []
    real = semantic.semantic_search

    def recording(*a: Any, **kw: Any) -> list[SemanticHit]:
        seen.append(kw["where"])
        return real(*a, **kw)

    monkeypatch.setattr(semantic, "semantic_search", recording)
    return seen


def test_a_filter_that_keeps_the_topic_skips_the_unfiltered_vector_search(db, settings, semantic_index, monkeypatch):
    _catalog(db, settings, semantic_index)
    searches = _unfiltered_vector_searches(monkeypatch)
    result = rank(db, RankRequest(QUERY, Filters(network="stellar:testnet")), settings, DEFAULT_PROFILE)
    assert not result.abstained and result.search_method == "hybrid"
    assert len(result.listing_ids) == 4
    assert searches and LISTED_SQL not in searches  # only the filtered search ran

    # The decision is the one the reference would have given: computed here in full, the check fails.
    reference_profile = replace(DEFAULT_PROFILE, pool=abstention.AGREEMENT_DEPTH)
    unfiltered_lexical = _lexical(db, interpret(QUERY), reference_profile, "TRUE", {})
    assert result.evidence is not None
    vector = semantic.QUERY_CACHE.get(semantic.query_provider(settings), QUERY)
    reference_hits = semantic.semantic_search(
        db, semantic.active_generation(db), vector, where="TRUE", args={}, pool=10, synthetic=False
    )
    reference = abstention.gather(unfiltered_lexical, reference_hits)
    assert reference.top_lexical_score > 0 and reference.top_cosine
    assert not abstention.constraints_exclude_topic(
        result.evidence,
        reference,
        min_cosine_drop=DEFAULT_PROFILE.constrained_cosine_drop,
        max_lexical_ratio=DEFAULT_PROFILE.constrained_lexical_ratio,
    )


def test_a_filter_that_removes_the_topic_still_abstains(db, settings, semantic_index, monkeypatch):
    _catalog(db, settings, semantic_index)
    searches = _unfiltered_vector_searches(monkeypatch)
    result = rank(db, RankRequest(QUERY, Filters(network="eip155:8453")), settings, DEFAULT_PROFILE)
    assert LISTED_SQL in searches  # the lexical evidence left the check open: the reference was searched
    assert result.abstained and result.abstain_reason == "constraints_exclude_topic"
    assert result.listing_ids == []


def test_a_filter_that_leaves_nothing_at_all_says_so(db, settings, semantic_index):
    """A filter no listing passes empties both arms; the topic exists unfiltered, so the filter is the reason."""
    _catalog(db, settings, semantic_index)
    result = rank(db, RankRequest(QUERY, Filters(network="eip155:1")), settings, DEFAULT_PROFILE)
    assert result.abstained and result.listing_ids == []
    assert result.abstain_reason == "constraints_exclude_topic"


def test_a_filtered_query_the_catalog_has_nothing_on_is_no_evidence(db, settings, semantic_index):
    _catalog(db, settings, semantic_index)
    query = "zxqv plorbnik glimmerfax"
    unfiltered = rank(db, RankRequest(query, Filters()), settings, DEFAULT_PROFILE)
    filtered = rank(db, RankRequest(query, Filters(network="eip155:1")), settings, DEFAULT_PROFILE)
    assert unfiltered.abstained and unfiltered.abstain_reason == "no_evidence"
    assert filtered.abstained and filtered.abstain_reason == "no_evidence"


def test_delisted_listings_are_no_evidence_that_the_filters_hid_the_topic(db, settings, semantic_index):
    """The weather listings are delisted: no search returns them, with or without a filter, so the filter is not why
    the answer is empty and relaxing it would not help."""
    from souk.lifecycle import store

    _catalog(db, settings, semantic_index)
    query = "weather forecast"
    assert rank(db, RankRequest(query, Filters(network="eip155:1")), settings, DEFAULT_PROFILE).abstain_reason == (
        "constraints_exclude_topic"
    )
    for row in db.execute("SELECT id FROM listings WHERE resource_url LIKE 'https://w_.example.com/%'").fetchall():
        store.delist(db, str(row["id"]), "abuse report")
    db.commit()
    assert rank(db, RankRequest(query, Filters()), settings, DEFAULT_PROFILE).abstain_reason == "no_evidence"
    filtered = rank(db, RankRequest(query, Filters(network="eip155:1")), settings, DEFAULT_PROFILE)
    assert filtered.abstained and filtered.abstain_reason == "no_evidence"


def test_the_reference_is_read_once_by_whichever_connection_frees_first(db, settings, semantic_index, monkeypatch):
    """With two connections the lexical reference is read by the semantic arm's connection when that one answers
    first (BM25F the long pole, as at 100k listings), once, and the ranking is the one a single connection gives."""
    import time

    from souk.db import get_pool
    from souk.search import bm25f, pipeline

    _catalog(db, settings, semantic_index)
    request = RankRequest(QUERY, Filters(network="stellar:testnet"))
    alone = rank(db, request, settings, DEFAULT_PROFILE)
    real_lexical, real_plan = pipeline._lexical, bm25f.plan_search
    reference_reads: list[bool] = []

    def recording(conn: Any, iq: Any, profile: Any, where: str, args: Any, **kw: Any) -> Any:
        if where == LISTED_SQL:
            reference_reads.append(conn is db)
        return real_lexical(conn, iq, profile, where, args, **kw)

    def slow_filtered_arm(*a: Any, **kw: Any) -> Any:
        time.sleep(0.3)  # the filtered lexical arm: the other connection is free long before it answers
        return real_plan(*a, **kw)

    monkeypatch.setattr(pipeline, "_lexical", recording)
    monkeypatch.setattr(bm25f, "plan_search", slow_filtered_arm)
    both = rank(db, request, settings, DEFAULT_PROFILE, side=lambda: get_pool(settings, "read").connection())
    assert (both.listing_ids, both.evidence, both.abstained) == (alone.listing_ids, alone.evidence, alone.abstained)
    assert reference_reads == [False]  # once, on the semantic arm's connection
