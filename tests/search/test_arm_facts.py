"""With two connections each arm reads its hits' post-fusion facts as it answers (the semantic arm's while the
lexical arm runs), each listing by one arm only; with one, everything is read once after fusion. Either way every
candidate is read once, and the ranking is the same."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from souk.catalog.ingest import catalog_event
from souk.db import get_pool
from souk.listing.filters import Filters
from souk.search import candidates
from souk.search.pipeline import RankRequest, rank
from souk.search.profile import DEFAULT_PROFILE
from tests.factories import CLOCK, pdf_tool, settled, verified, weather

QUERIES = ("current weather for a city", "merge pdf files", "merge pdf files, as an mcp tool")


def _catalog(db: Any, settings: Any, semantic_index: Any) -> None:
    for i in range(4):
        catalog_event(db, verified(weather(url=f"https://w{i}.example.com/v1/current")), settings)
    for i in range(3):
        pdf = pdf_tool(url=f"https://pdf{i}.example.org/mcp", description="Merge PDF files of a city's records.")
        catalog_event(db, verified(pdf), settings)
    db.commit()
    semantic_index(db)


def _recorded_reads(monkeypatch: Any) -> list[list[int]]:
    reads: list[list[int]] = []
    real = candidates.read

    def recording(conn: Any, ids: list[int], *args: Any) -> dict[int, candidates.Candidate]:
        reads.append(list(ids))
        return real(conn, ids, *args)

    monkeypatch.setattr(candidates, "read", recording)
    return reads


def _rank(db: Any, settings: Any, query: str, *, two_connections: bool) -> list[int]:
    side = (lambda: get_pool(settings, "read").connection()) if two_connections else None
    request = RankRequest(query, Filters(), DEFAULT_PROFILE, CLOCK)
    result = rank(db, request, settings, DEFAULT_PROFILE, side=side)
    assert result.search_method == "hybrid", query
    return result.listing_ids


def test_one_connection_reads_each_candidate_once(db, settings, semantic_index, monkeypatch) -> None:
    _catalog(db, settings, semantic_index)
    reads = _recorded_reads(monkeypatch)
    for query in QUERIES:
        reads.clear()
        ranked = _rank(db, settings, query, two_connections=False)
        read = [lid for ids in reads for lid in ids]
        assert ranked and sorted(read) == sorted(set(read)) == sorted(ranked), query
        assert len(reads) == 1, query  # one statement after fusion: no second connection to overlap it with


def test_two_connections_rank_as_one_does(db, settings, semantic_index, monkeypatch) -> None:
    _catalog(db, settings, semantic_index)
    reads = _recorded_reads(monkeypatch)
    for query in QUERIES:
        alone = _rank(db, settings, query, two_connections=False)
        reads.clear()
        assert alone and _rank(db, settings, query, two_connections=True) == alone, query
        read = [lid for ids in reads for lid in ids]
        assert sorted(read) == sorted(set(read)) == sorted(alone), query  # each listing read by one arm only
        assert 1 <= len(reads) <= 2, query  # at most one read per arm, none after fusion


def test_a_hit_fusion_leaves_out_gets_no_boost(db, settings, semantic_index) -> None:
    """With the semantic arm weighted 0 (weighted RRF), its hits are read but not scored: the settlement pass
    over the facts must not reach them (a KeyError before)."""
    from dataclasses import replace

    for i in range(2):
        catalog_event(db, verified(weather(url=f"https://w{i}.example.com/v1/current")), settings)
    pdf = pdf_tool(url="https://pdf.example.org/mcp", description="Merge PDF files into one document.")
    catalog_event(db, verified(pdf, CLOCK - timedelta(days=2)), settings)
    catalog_event(db, settled(pdf, CLOCK - timedelta(days=1)), settings)  # settled: the settlement boost applies
    db.commit()
    semantic_index(db)
    profile = replace(DEFAULT_PROFILE, fusion="rrf", lexical_weight=1.0, semantic_weight=0.0, abstain=False)
    assert profile.settlement
    result = rank(db, RankRequest("weather", Filters(), profile, CLOCK), settings, profile)
    assert result.listing_ids and len(result.listing_ids) == 2  # the weather listings: the PDF tool matched no word


def test_a_large_bm25f_evaluation_split_across_two_connections_ranks_as_one(db, settings, semantic_index, monkeypatch):
    from souk.search import bm25f, pipeline

    _catalog(db, settings, semantic_index)
    alone = {query: _rank(db, settings, query, two_connections=False) for query in QUERIES}
    monkeypatch.setattr(pipeline, "SPLIT_MIN_MATCHES", 0)  # every evaluation is "large" in this small catalog
    shares: list[object] = []
    real = bm25f._evaluate

    def recording(conn: Any, order: Any, e: int, where: str, params: Any, id_range: Any, trace: Any) -> Any:
        shares.append(id_range)
        return real(conn, order, e, where, params, id_range, trace)

    monkeypatch.setattr(bm25f, "_evaluate", recording)
    for query in QUERIES:
        shares.clear()
        assert _rank(db, settings, query, two_connections=True) == alone[query], query
        ranged = [share for share in shares if share is not None]  # None: a first guess, a filtered query's reference
        assert len(ranged) == 2 and ranged[0] != ranged[1], query  # two shares, each scored once


def test_the_second_connection_goes_back_once_no_share_will_come(db, settings, semantic_index, monkeypatch):
    """Without a share to score, the semantic arm's connection is released when its own work is done, not held until
    the lexical arm answers (it waits only while a share may still be published)."""
    import threading
    import time

    from souk.search import bm25f, pipeline

    _catalog(db, settings, semantic_index)
    finished: dict[str, float] = {}
    real_final, real_side = bm25f.Plan.final, pipeline._semantic_on_side

    def slow_final(plan: Any, conn: Any, id_range: Any = None) -> Any:
        hits = real_final(plan, conn, id_range)
        if threading.current_thread() is threading.main_thread():
            time.sleep(0.3)  # the lexical arm's final evaluation, long after the decision that nothing is split
            finished["lexical"] = time.monotonic()
        return hits

    def timed_side(*a: Any, **kw: Any) -> Any:
        try:
            return real_side(*a, **kw)
        finally:
            finished["side"] = time.monotonic()

    monkeypatch.setattr(bm25f.Plan, "final", slow_final)
    monkeypatch.setattr(pipeline, "_semantic_on_side", timed_side)
    _rank(db, settings, "current weather for a city", two_connections=True)
    assert finished["lexical"] - finished["side"] > 0.2
