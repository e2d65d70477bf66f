"""With an HNSW index, the semantic arm still returns its whole candidate pool: pgvector's HNSW scan
stops at hnsw.ef_search rows (40 by default), so the arm widens it for its query."""

from __future__ import annotations

from pathlib import Path

from souk.catalog.ingest import catalog_event
from souk.embedding import generations as gens
from souk.embedding.model_build import build_model_dir
from souk.embedding.worker import drain
from souk.search import semantic
from tests.factories import verified, weather


def test_hnsw_scan_returns_more_than_ef_search_default(db, settings):
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
    hits = semantic.semantic_search(db, active, vector, where="TRUE", args={}, pool=250, synthetic=True)
    assert len(hits) == 60
    # The planner only picks the index on large tables, so check the setting the arm runs under.
    assert db.execute("SHOW hnsw.ef_search").fetchone()["hnsw.ef_search"] == "1000"
