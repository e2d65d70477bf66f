"""`souk serve --demo` preparation, then the scheduled embedding job through the runner: the demo is
cataloged without rejections and the active generation reaches 100% coverage, synthetic queries included."""

from __future__ import annotations

from souk.runner.serve import prepare
from souk.runner.server import LocalGateway
from tests.conftest import REPO


def test_demo_is_fully_embedded_after_the_scheduled_job(db, settings):
    from souk.search.status import search_status

    prepare(demo=True)
    before = search_status(db, settings)
    assert before["listings"] >= 150
    assert before["degradedReason"].startswith(("no_vectors", "partial_coverage"))

    gateway = LocalGateway(REPO / "template.yaml", REPO)
    embed = next(s for s in gateway.schedules if s.function == "EmbedJobFunction")
    assert embed.every_seconds == 60
    gateway.run_schedule(embed)

    after = search_status(db, settings)
    assert after["coverage"]["ratio"] == 1.0
    assert after["searchMethod"] == "hybrid" and after["degradedReason"] is None
    table = after["activeGeneration"]["id"]
    synthetic = db.execute(f"SELECT count(*) AS n FROM embeddings_g{table} WHERE kind = 'synthetic'").fetchone()["n"]
    with_queries = db.execute(
        f"SELECT count(DISTINCT listing_id) AS n FROM embeddings_g{table} WHERE kind = 'synthetic'"
    ).fetchone()["n"]
    assert synthetic > before["listings"] and with_queries == before["listings"]
