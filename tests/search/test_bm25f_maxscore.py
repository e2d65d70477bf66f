"""BM25F with write-time statistics and MaxScore top-k: the same hits as the exhaustive query that
recomputes its statistics, on the golden queries over the golden fixture catalog (loaded once for the module: a test
that empties the database belongs elsewhere, test_bm25f_statistics.py, or every later test here ranks its leftovers)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import psycopg
import pytest
from psycopg.rows import dict_row

from souk.catalog.loader import load_events, read_events
from souk.evaluation.golden import load_golden
from souk.evaluation.run import EVAL_CLOCK
from souk.search import bm25f
from souk.search.pipeline import select_terms
from souk.search.profile import DEFAULT_PROFILE, SEEDS_PROFILE
from souk.search.understanding import interpret
from tests.conftest import REPO

EVENTS = REPO / "eval" / "catalog" / "events.jsonl"
GOLDEN = REPO / "eval" / "golden" / "golden.jsonl"

RECOMPUTED = {
    "field": """SELECT 0 AS field, count(*) AS doc_count, 0 AS total_length FROM listings HAVING count(*) > 0
                UNION ALL SELECT field, count(*), sum(length) FROM lexical_field_lengths GROUP BY field""",
    "term": "SELECT term, count(DISTINCT listing_id) AS df FROM lexical_postings GROUP BY term",
}
KEPT = {
    "field": "SELECT field, doc_count, total_length FROM bm25f_field_stats WHERE doc_count > 0 OR field <> 0",
    "term": "SELECT term, df FROM bm25f_term_stats",
}


def assert_stats_exact(conn: psycopg.Connection[Any]) -> None:
    for kind in ("field", "term"):
        recomputed = sorted(tuple(r.values()) for r in conn.execute(RECOMPUTED[kind]).fetchall())
        kept = sorted(tuple(r.values()) for r in conn.execute(KEPT[kind]).fetchall())
        assert kept == recomputed, kind
    # Bounds are upper bounds: every posting is within its term's (max tf, min length).
    loose = conn.execute(
        """SELECT count(*) AS n FROM lexical_postings p
           LEFT JOIN bm25f_term_bounds b USING (term, field)
           WHERE b.term IS NULL OR p.tf > b.max_tf OR p.field_length < b.min_length"""
    ).fetchone()["n"]
    assert loose == 0


@pytest.fixture(scope="module")
def catalog(database_url: str, settings: Any) -> Iterator[psycopg.Connection[Any]]:
    from tests.conftest import _truncate

    _truncate(database_url)
    with psycopg.connect(database_url, row_factory=dict_row, autocommit=True) as conn:
        load_events(conn, read_events(EVENTS), settings, now=EVAL_CLOCK)
        yield conn


def golden_terms(conn: psycopg.Connection[Any]) -> list[list[str]]:
    out = []
    for q in load_golden(GOLDEN).queries:
        iq = interpret(q.query)
        terms = select_terms(conn, list(iq.topical_terms), DEFAULT_PROFILE.max_query_terms)
        if terms:
            out.append(terms)
    return out


def search_kwargs(
    profile: Any, pool: int, where: str = "TRUE", args: dict[str, object] | None = None
) -> dict[str, Any]:
    return dict(
        where=where,
        args=args or {},
        k1=profile.k1,
        field_weights=profile.field_weights,
        field_b=profile.field_b,
        pool=pool,
    )


def both(conn: psycopg.Connection[Any], terms: list[str], profile: Any, pool: int, where: str = "TRUE", args=None):  # type: ignore[no-untyped-def]
    kw = search_kwargs(profile, pool, where, args)
    trace = bm25f.SearchTrace()
    # Pruning on however few matches: the fixture catalog is far below EXHAUSTIVE_MAX_MATCHES.
    new = bm25f.bm25f_search(conn, terms, **kw, trace=trace, exhaustive_below=0)
    return bm25f.bm25f_search_reference(conn, terms, **kw), new, trace


def test_statistics_match_a_recount_of_the_fixture_catalog(catalog: psycopg.Connection[Any]) -> None:
    assert catalog.execute("SELECT count(*) AS n FROM listings").fetchone()["n"] > 500
    assert_stats_exact(catalog)


@pytest.mark.parametrize("pool", [250, 50, 10])
def test_golden_queries_rank_identically(catalog: psycopg.Connection[Any], pool: int) -> None:
    queries = golden_terms(catalog)
    assert len(queries) > 200
    pruned = 0
    for terms in queries:
        old, new, trace = both(catalog, terms, DEFAULT_PROFILE, pool)
        assert new == old, terms  # ids, rounded scores, matched terms and IDF coverage
        pruned += bool(trace.attempts) and trace.attempts[-1] < trace.terms
    # The point of MaxScore: some queries never read their weakest terms' postings (at 250 of 622 listings
    # the top k reaches into listings matching only common words, so nothing can be pruned there).
    assert pruned > 0 or pool == 250


def test_filtered_and_other_parameters_rank_identically(catalog: psycopg.Connection[Any]) -> None:
    # The rarest network at least 30 listings accept: a filter that removes most candidates.
    network = catalog.execute(
        """SELECT n FROM listings, unnest(networks) AS n GROUP BY n HAVING count(*) >= 30
           ORDER BY count(*), n LIMIT 1"""
    ).fetchone()["n"]
    where, args = "l.networks && %(n)s::text[]", {"n": [network]}
    for terms in golden_terms(catalog)[::3]:
        old, new, _ = both(catalog, terms, SEEDS_PROFILE, 20, where, args)
        assert new == old, terms
        networks = catalog.execute(
            "SELECT array_agg(networks) AS n FROM listings WHERE id = ANY(%s)", ([h.listing_id for h in new],)
        ).fetchone()["n"]
        assert all(network in n for n in networks or [])


def test_unprunable_parameters_fall_back_to_the_exhaustive_scan(catalog: psycopg.Connection[Any]) -> None:
    from dataclasses import replace

    odd = replace(DEFAULT_PROFILE, field_b=(0.5, 0.3, 1.4, 0.75, 0.5, 0.5))  # b > 1 breaks the bound
    terms = golden_terms(catalog)[0]
    old, new, trace = both(catalog, terms, odd, 10)
    assert new == old
    assert trace.attempts == [trace.terms]


def test_unknown_terms_and_no_terms(catalog: psycopg.Connection[Any]) -> None:
    old, new, trace = both(catalog, ["zzqxnotaword"], DEFAULT_PROFILE, 10)
    assert old == new == [] and trace.attempts == []
    assert (
        bm25f.bm25f_search(
            catalog, [], where="TRUE", args={}, k1=1.2, field_weights=(1,) * 6, field_b=(0.5,) * 6, pool=5
        )
        == []
    )


def test_few_matches_are_scored_in_one_evaluation(catalog: psycopg.Connection[Any]) -> None:
    """Below EXHAUSTIVE_MAX_MATCHES the terms' matches are scored at once (one SQL evaluation), with the same result."""
    kw = search_kwargs(DEFAULT_PROFILE, 10)
    for terms in golden_terms(catalog)[::10]:
        trace = bm25f.SearchTrace()
        assert bm25f.bm25f_search(catalog, terms, **kw, trace=trace) == bm25f.bm25f_search_reference(
            catalog, terms, **kw
        )
        assert trace.attempts == ([trace.terms] if trace.terms else []), terms  # no term left in the catalog: none


@pytest.mark.parametrize("pool", [250, 10])
def test_two_id_shares_merge_into_the_whole_ranking(catalog: psycopg.Connection[Any], pool: int) -> None:
    """Each share ranked with the whole catalog's statistics, pruned or exhaustive, then merged: the exhaustive
    ranking of all listings, ties and all (the shares run on two connections at 100k listings)."""
    shares = bm25f.halves(catalog)
    assert shares is not None and shares[0][1] == shares[1][0]  # adjacent, disjoint
    kw = search_kwargs(DEFAULT_PROFILE, pool)
    split_somewhere = 0
    for terms in golden_terms(catalog)[::2]:
        whole = bm25f.bm25f_search_reference(catalog, terms, **kw)
        for below in (0, bm25f.EXHAUSTIVE_MAX_MATCHES):
            parts = [
                bm25f.bm25f_search(catalog, terms, **kw, exhaustive_below=below, id_range=share) for share in shares
            ]
            assert bm25f.merge(parts, pool) == whole, terms
            split_somewhere += all(parts)
    assert split_somewhere > 0  # both shares held hits for some queries: the merge did interleave


def test_a_filtered_evaluation_is_planned_for_its_own_values_and_an_unfiltered_one_is_prepared(
    database_url: str, catalog: psycopg.Connection[Any]
) -> None:
    # A prepared statement switches to a generic plan after five runs, blind to which rail the filter names (one
    # passing 23% of the catalog, another 1%); an unfiltered evaluation has no such values and saves its planning.
    terms = golden_terms(catalog)[0]
    kw = search_kwargs(DEFAULT_PROFILE, 250)
    with psycopg.connect(database_url, row_factory=dict_row, autocommit=True) as conn:
        conn.prepare_threshold = 1

        def prepared_scoring() -> int:
            return conn.execute(
                "SELECT count(*) AS n FROM pg_prepared_statements WHERE statement LIKE '%%idf_coverage%%'"
            ).fetchone()["n"]

        for _ in range(3):
            bm25f.bm25f_search(conn, terms, **kw | {"where": "l.networks && %(n)s::text[]", "args": {"n": ["x"]}})
        assert prepared_scoring() == 0
        for _ in range(3):
            bm25f.bm25f_search(conn, terms, **kw)
        assert prepared_scoring() > 0


@pytest.mark.parametrize("pool", [250, 10])
def test_visibility_alone_is_read_off_the_postings_with_the_same_ranking(
    catalog: psycopg.Connection[Any], pool: int
) -> None:
    # Without a filter beyond visibility the evaluation never joins the listings table: gone and delisted listings
    # must still drop out, and everything else rank exactly as the exhaustive query over the listings ranks it.
    from souk.lifecycle.visibility import LISTED_SQL

    queries = golden_terms(catalog)[::4]
    hidden = [r["id"] for r in catalog.execute("SELECT id FROM listings ORDER BY id % 7, id LIMIT 60").fetchall()]
    catalog.execute(
        """INSERT INTO listing_health (listing_id, status, delisted)
           SELECT id, CASE WHEN id %% 2 = 0 THEN 'gone' ELSE 'degraded' END, id %% 2 = 1
           FROM unnest(%s::bigint[]) id""",
        (hidden,),
    )
    try:
        seen_hidden = 0
        for terms in queries:
            old, new, _ = both(catalog, terms, DEFAULT_PROFILE, pool, f"TRUE AND {LISTED_SQL}")
            assert new == old, terms
            assert not {h.listing_id for h in new} & set(hidden)
            seen_hidden += bool(
                {h.listing_id for h in bm25f.bm25f_search(catalog, terms, **search_kwargs(DEFAULT_PROFILE, pool))}
                & set(hidden)
            )
        assert seen_hidden > 0  # the hidden listings do match some of these queries
    finally:
        catalog.execute("DELETE FROM listing_health WHERE listing_id = ANY(%s)", (hidden,))
