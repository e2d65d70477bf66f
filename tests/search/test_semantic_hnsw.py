"""With an HNSW index, the semantic arm still returns its whole candidate pool: pgvector's HNSW scan
stops at hnsw.ef_search rows (40 by default), so the arm widens it for its query; a filter that leaves
the index short of rows falls back to the exact scan of the filtered listings."""

from __future__ import annotations

from pathlib import Path

from souk.catalog.ingest import catalog_event
from souk.embedding import generations as gens
from souk.embedding.model_build import build_model_dir
from souk.embedding.worker import drain
from souk.search import semantic
from tests.factories import BASE_SELLER, verified, weather


def _five_on_base_among_sixty_five(db, settings):  # type: ignore[no-untyped-def]
    """65 weather listings, 5 of them paid on Base, embedded, with the HNSW index."""
    build_model_dir(Path(settings.model_dir))
    for i in range(60):
        catalog_event(db, verified(weather(url=f"https://w{i}.example.com/v1/current")), settings)
    for i in range(5):
        listing = weather(url=f"https://b{i}.example.com/v1/current", network="eip155:8453", pay_to=BASE_SELLER)
        catalog_event(db, verified(listing), settings)
    db.commit()
    generation = gens.ensure_default_generation(db, settings)
    drain(db, settings)
    assert gens.maybe_create_hnsw(db, generation, threshold=10)
    return generation


def _analyzed(db, settings):  # type: ignore[no-untyped-def]
    """The 65 listings' active generation, with the planner statistics the arm's estimates read."""
    generation = _five_on_base_among_sixty_five(db, settings)
    db.execute("ANALYZE listings")
    db.execute(f"ANALYZE {generation.vector_table}")
    db.commit()
    semantic.forget_tables()
    return semantic.active_generation(db)


def _paid_on_base(db, active, vector, trace, networks=()):  # type: ignore[no-untyped-def]
    """The arm's search filtered to listings paid on Base (``networks``: the filter's networks, as the pipeline
    passes them)."""
    return semantic.semantic_search(
        db,
        active,
        vector,
        where="TRUE AND %(n)s = ANY(l.networks)",
        args={"n": "eip155:8453"},
        pool=250,
        synthetic=True,
        networks=networks,
        trace=trace,
    )


def _settings_during_nearest(monkeypatch, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The value of setting ``name`` at each of the arm's vector statements, as they run."""
    seen: list[str] = []
    nearest = semantic._nearest

    def spy(conn, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(conn.execute(f"SHOW {name}").fetchone()[name])
        return nearest(conn, *args, **kwargs)

    monkeypatch.setattr(semantic, "_nearest", spy)
    return seen


def test_hnsw_scan_returns_more_than_ef_search_default(db, settings, monkeypatch):
    build_model_dir(Path(settings.model_dir))
    for i in range(60):
        catalog_event(db, verified(weather(url=f"https://w{i}.example.com/v1/current")), settings)
    db.commit()
    generation = gens.ensure_default_generation(db, settings)
    drain(db, settings)
    assert gens.maybe_create_hnsw(db, generation, threshold=10)
    db.commit()
    active = semantic.active_generation(db)
    vector = semantic.QUERY_CACHE.get(semantic.query_provider(settings), "current weather for a city")
    # The planner only picks the index on large tables, so check the setting the arm runs under.
    during = _settings_during_nearest(monkeypatch, "hnsw.ef_search")
    default = db.execute("SHOW hnsw.ef_search").fetchone()["hnsw.ef_search"]
    hits = semantic.semantic_search(db, active, vector, where="TRUE", args={}, pool=250, synthetic=True)
    assert len(hits) == 60
    assert during == [str(semantic.HNSW_ROWS)]
    # ... and only then: the rest of the search's transaction plans with the server's settings.
    assert db.execute("SHOW hnsw.ef_search").fetchone()["hnsw.ef_search"] == default != str(semantic.HNSW_ROWS)


def test_filtered_hnsw_search_that_runs_short_scans_the_filtered_rows(db, settings):
    """pgvector < 0.8 filters after the index scan: a filter most candidates fail leaves the scan with
    few rows or none. The arm notices and answers from the exact scan of the listings the filter passes."""
    _five_on_base_among_sixty_five(db, settings)
    db.commit()
    active = semantic.active_generation(db)
    assert semantic.vector_plan(db, active.vector_table).hnsw
    vector = semantic.QUERY_CACHE.get(semantic.query_provider(settings), "current weather for a city")
    db.execute("SET enable_seqscan = off")  # a small table: make the planner use the index as a large one would
    try:
        trace = semantic.SemanticTrace()
        hits = _paid_on_base(db, active, vector, trace)
    finally:
        db.execute("RESET enable_seqscan")
    assert trace.strategy == "hnsw+exact"
    assert len(hits) == 5
    urls = db.execute(
        "SELECT resource_url FROM listings WHERE id = ANY(%s)", ([h.listing_id for h in hits],)
    ).fetchall()
    assert sorted(r["resource_url"] for r in urls) == [f"https://b{i}.example.com/v1/current" for i in range(5)]


def test_a_selective_network_filter_is_scanned_exactly_and_a_broad_one_through_the_index(db, settings, monkeypatch):
    """The planner's statistics say how many vector rows a network filter passes: few go straight to the
    exact scan (an HNSW scan would walk past everything the filter drops), many go through the index."""
    active = _analyzed(db, settings)
    vectors = db.execute(f"SELECT count(*) AS n FROM {active.vector_table}").fetchone()["n"]
    estimate = semantic.network_rows(db, active.vector_table, ["eip155:8453"])
    assert estimate is not None and 0 < estimate < vectors / 4  # 5 of 65 listings
    vector = semantic.QUERY_CACHE.get(semantic.query_provider(settings), "current weather for a city")

    def search(threshold: int) -> tuple[str, set[int]]:
        monkeypatch.setattr(semantic, "EXACT_SCAN_MAX_ROWS", threshold)
        trace = semantic.SemanticTrace()
        hits = _paid_on_base(db, active, vector, trace, networks=["eip155:8453"])
        return trace.strategy, {h.listing_id for h in hits}

    selective, exact_ids = search(vectors)
    broad, index_ids = search(0)
    assert selective == "exact (selective filter)"
    assert broad.startswith("hnsw")
    assert len(exact_ids) == 5 and index_ids == exact_ids


def test_the_selective_exact_scan_plans_for_data_in_memory_and_puts_the_server_cost_back(db, settings, monkeypatch):
    """At the server's random_page_cost the planner hashed every vector row for a selective network filter;
    the arm plans that one statement with a lower cost, and the rest of the search's transaction keeps the
    server's (the ``db`` fixture's connection is inside a transaction, as a search's reads are)."""
    active = _analyzed(db, settings)
    vector = semantic.QUERY_CACHE.get(semantic.query_provider(settings), "current weather for a city")
    server_cost = db.execute("SHOW random_page_cost").fetchone()["random_page_cost"]
    seen = _settings_during_nearest(monkeypatch, "random_page_cost")
    monkeypatch.setattr(semantic, "EXACT_SCAN_MAX_ROWS", 10**9)
    trace = semantic.SemanticTrace()
    hits = _paid_on_base(db, active, vector, trace, networks=["eip155:8453"])
    assert trace.strategy == "exact (selective filter)" and len(hits) == 5
    assert seen == [str(semantic.EXACT_SCAN_RANDOM_PAGE_COST)] != [server_cost]
    assert db.execute("SHOW random_page_cost").fetchone()["random_page_cost"] == server_cost


def test_without_the_vector_table_there_is_no_estimate(db, settings):
    semantic.forget_tables()
    assert semantic.network_rows(db, "embeddings_g1", ["eip155:8453"]) is None
    semantic.forget_tables()


def test_the_default_visibility_filter_searches_like_an_unfiltered_one_and_still_hides_the_gone(
    db, settings, monkeypatch
):
    """Every search carries LISTED_SQL: it passes nearly every row, so the index is asked for HNSW_ROWS rows (not
    four times as many) on a reusable plan, and the iterative scan still keeps gone and delisted listings out."""
    from souk.lifecycle.visibility import LISTED_SQL

    _five_on_base_among_sixty_five(db, settings)
    gone = db.execute("SELECT id FROM listings WHERE resource_url = 'https://w0.example.com/v1/current'").fetchone()
    db.execute("INSERT INTO listing_health (listing_id, status) VALUES (%s, 'gone')", (gone["id"],))
    db.commit()
    active = semantic.active_generation(db)
    vector = semantic.QUERY_CACHE.get(semantic.query_provider(settings), "current weather for a city")
    ef = _settings_during_nearest(monkeypatch, "hnsw.ef_search")
    trace = semantic.SemanticTrace()
    hits = semantic.semantic_search(
        db, active, vector, where=f"TRUE AND {LISTED_SQL}", args={}, pool=250, synthetic=True, trace=trace
    )
    assert ef[0] == str(semantic.HNSW_ROWS)  # (a catalog this small then also runs the exact fallback)
    assert len(hits) == 64 and gone["id"] not in {h.listing_id for h in hits}
    # A real filter still looks four times further and plans for its own values.
    ef.clear()
    _paid_on_base(db, active, vector, semantic.SemanticTrace())
    assert ef[0] == str(min(4 * semantic.HNSW_ROWS, 1000))


def test_the_arm_leaves_the_connections_prepared_statements_alone(db, settings):
    """The arm's settings are reset, not rolled back to a savepoint: psycopg forgets (and deallocates) every
    prepared statement of a connection when it sees a ROLLBACK, and a search then re-planned all its statements."""
    active = _analyzed(db, settings)
    vector = semantic.QUERY_CACHE.get(semantic.query_provider(settings), "current weather for a city")
    db.execute("SELECT 1 + %s AS n", (1,), prepare=True)
    _paid_on_base(db, active, vector, semantic.SemanticTrace())
    semantic.semantic_search(db, active, vector, where="TRUE", args={}, pool=10, synthetic=False)
    prepared = db.execute("SELECT statement FROM pg_prepared_statements").fetchall()
    assert any("1 + $1" in row["statement"] for row in prepared)
    assert db.execute("SHOW hnsw.ef_search").fetchone()["hnsw.ef_search"] == "40"  # pgvector's default, put back
    assert db.execute("SHOW hnsw.iterative_scan").fetchone()["hnsw.iterative_scan"] == "off"
