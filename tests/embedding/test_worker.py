"""The embedding job on a real Postgres: leases, fencing, retries, dead letters, no re-embedding."""

from __future__ import annotations

import random
import threading
import time
from pathlib import Path

import numpy as np
import pytest

from souk.embedding import generations as gens
from souk.embedding.provider import DimensionMismatchError
from souk.embedding.synthetic import synthetic_queries
from souk.embedding.worker import (
    StaleClaim,
    claim,
    complete,
    drain,
    fail,
    retry_delay,
    run_once,
)
from souk.listing.document import ListingDocument
from souk.runner.template import load_handler
from tests import factories
from tests.conftest import REPO
from tests.embedding.fakes import FakeProvider, autocommit, catalog, job, listing, vector_rows


@pytest.fixture
def conn(db, database_url):
    with autocommit(database_url) as c:
        yield c


@pytest.fixture
def fast(settings):
    """Retries due almost at once, so a test sees the whole retry ladder in one run."""
    quick = {"retry_base_seconds": 1e-6, "retry_max_seconds": 2e-6, "max_attempts": 3}
    return settings.model_copy(update=quick)


def _setup(conn, settings, n: int = 3, provider: FakeProvider | None = None):
    provider = provider or FakeProvider()
    ids = catalog(conn, settings, *(listing(i) for i in range(n)))
    gen = gens.ensure_default_generation(conn, settings, provider)
    return provider, gen, ids


def _expire_leases(conn, generation_id: int) -> None:
    conn.execute(
        "UPDATE embedding_jobs SET lease_expires_at = now() - interval '1 second' "
        "WHERE generation_id = %s AND state = 'leased'",
        (generation_id,),
    )


def test_run_once_writes_canonical_text_and_synthetic_queries(conn, settings):
    provider, gen, ids = _setup(conn, settings)
    result = run_once(conn, provider, settings, "w1")
    assert result["embedded"] == 3 and result["stopped"] is None and result["generations"] == [gen.id]
    for listing_id in ids:
        text, content_hash, document = (
            conn.execute("SELECT search_text, content_hash, document FROM listings WHERE id = %s", (listing_id,))
            .fetchone()
            .values()
        )
        expected = [text, *synthetic_queries(ListingDocument.from_json(document))]
        rows = vector_rows(conn, gen.vector_table, listing_id)
        assert [(r["kind"], r["ordinal"]) for r in rows] == [("listing", 0)] + [
            ("synthetic", i) for i in range(1, len(expected))
        ]
        assert [r["text"] for r in rows] == expected
        assert {r["content_hash"] for r in rows} == {content_hash}
        assert np.allclose(rows[0]["embedding"].to_numpy(), provider.vector(text))
        done = job(conn, listing_id, gen.id)
        assert done["state"] == "done" and done["embedded_hash"] == content_hash
    # one batched provider call for the canonical texts and the synthetic queries together
    assert len(provider.calls) == 1 and result["texts"] == provider.texts_embedded + result["reused"]
    assert gens.coverage(conn, gen.id)["ratio"] == 1.0


def test_fencing_tokens_only_increase_and_leases_exclude_other_workers(conn, settings, database_url):
    _, gen, _ = _setup(conn, settings)
    first = claim(conn, gen.id, "a", 2, 60)
    with autocommit(database_url) as other:
        second = claim(other, gen.id, "b", 10, 60)
    assert len(first) == 2 and len(second) == 1
    assert {c.job_id for c in first}.isdisjoint({c.job_id for c in second})
    tokens = [c.fencing_token for c in first + second]
    assert len(set(tokens)) == 3 and min(tokens) > 0
    assert claim(conn, gen.id, "c", 10, 60) == []  # everything is leased


def test_dead_worker_loses_nothing_and_exactly_one_write_wins(conn, settings, database_url):
    provider, gen, ids = _setup(conn, settings)
    dead = claim(conn, gen.id, "dies-mid-batch", 10, 60)  # the lease runs out below, when the test says so
    assert len(dead) == 3
    with autocommit(database_url) as other:
        assert claim(other, gen.id, "b", 10, 60) == []  # the lease still holds
        _expire_leases(conn, gen.id)
        result = run_once(other, provider, settings, "b")
    assert result["embedded"] == 3 and result["claimed"] == 3
    winners = {job(conn, i, gen.id)["fencing_token"] for i in ids}
    assert min(winners) > max(c.fencing_token for c in dead)
    # the dead worker wakes up and tries to write its old batch: refused, nothing changes
    for c in dead:
        with pytest.raises(StaleClaim):
            complete(conn, c, c.texts(), provider.embed([t.text for t in c.texts()]))
    rows = vector_rows(conn, gen.vector_table)
    assert {r["fencing_token"] for r in rows} == winners
    assert {r["listing_id"] for r in rows} == set(ids)
    assert gens.coverage(conn, gen.id)["ratio"] == 1.0


def test_stale_late_write_is_refused_and_stores_nothing(conn, settings, database_url):
    provider, gen, ids = _setup(conn, settings, n=1)
    (old,) = claim(conn, gen.id, "slow", 1, 1)
    _expire_leases(conn, gen.id)
    with autocommit(database_url) as other:
        (new,) = claim(other, gen.id, "fast", 1, 60)
        assert new.fencing_token > old.fencing_token
        texts = old.texts()
        with pytest.raises(StaleClaim):
            complete(conn, old, texts, provider.embed([t.text for t in texts]))
        assert vector_rows(conn, gen.vector_table) == []
        assert job(conn, ids[0], gen.id)["state"] == "leased"
        complete(other, new, new.texts(), provider.embed([t.text for t in new.texts()]))
    assert {r["fencing_token"] for r in vector_rows(conn, gen.vector_table)} == {new.fencing_token}


def test_recatalog_during_a_lease_fences_out_the_old_text(conn, settings):
    provider, gen, ids = _setup(conn, settings, n=1)
    (held,) = claim(conn, gen.id, "w", 1, 60)
    catalog(conn, settings, listing(0, description="Hourly weather for any city."), hours=1)
    with pytest.raises(StaleClaim):
        complete(conn, held, held.texts(), provider.embed([t.text for t in held.texts()]))
    run_once(conn, provider, settings, "w")
    rows = vector_rows(conn, gen.vector_table, ids[0])
    assert "Hourly weather for any city." in rows[0]["text"]
    assert "hourly weather for any city" in [r["text"] for r in rows]


def test_poisoned_document_is_dead_lettered_while_the_others_are_embedded(conn, fast):
    provider = FakeProvider(poison=["POISON"])
    ids = catalog(conn, fast, listing(0), listing(1, description="POISON pill"), listing(2))
    gen = gens.ensure_default_generation(conn, fast, provider)
    runs = [run_once(conn, provider, fast, "w") for _ in range(fast.max_attempts)]
    result = {k: sum(r[k] for r in runs) for k in ("dead", "failed", "embedded")}
    poisoned = job(conn, ids[1], gen.id)
    assert poisoned["state"] == "dead" and poisoned["attempts"] == fast.max_attempts
    assert poisoned["last_error"].startswith("ValueError: cannot embed")
    assert result["dead"] == 1 and result["failed"] == fast.max_attempts and result["embedded"] == 2
    assert {job(conn, i, gen.id)["state"] for i in (ids[0], ids[2])} == {"done"}
    assert vector_rows(conn, gen.vector_table, ids[1]) == []
    stats = gens.jobs.queue_stats(conn)[gen.id]
    assert (stats["dead"], stats["done"], stats["queued"]) == (1, 2, 0)


def test_failure_backs_off_exponentially_with_jitter(conn, settings):
    _, gen, _ = _setup(conn, settings, n=1)
    (c,) = claim(conn, gen.id, "w", 1, 60)
    assert fail(conn, c, "boom", rng=random.Random(1)) == "queued"
    row = conn.execute(
        "SELECT state, attempts, last_error, next_attempt_at - now() AS wait FROM embedding_jobs WHERE id = %s",
        (c.job_id,),
    ).fetchone()
    assert row["state"] == "queued" and row["attempts"] == 1 and row["last_error"] == "boom"
    assert 14 < row["wait"].total_seconds() <= 30
    assert claim(conn, gen.id, "w", 1, 60) == []  # not due yet
    delays = [retry_delay(n, 30, 3600, random.Random(n)) for n in range(1, 9)]
    assert all(30 * 2 ** (n - 1) / 2 <= d <= 30 * 2 ** (n - 1) for n, d in enumerate(delays[:6], start=1))
    assert max(delays) <= 3600
    assert fail(conn, c, "late") == "stale"  # the claim was already given back


def test_lease_expiring_on_the_last_attempt_is_dead_lettered(conn, fast):
    _, gen, ids = _setup(conn, fast, n=1)
    for _ in range(fast.max_attempts):
        assert len(claim(conn, gen.id, "crashes", 1, 60, max_attempts=fast.max_attempts)) == 1
        _expire_leases(conn, gen.id)
    assert claim(conn, gen.id, "w", 1, 60, max_attempts=fast.max_attempts) == []
    dead = job(conn, ids[0], gen.id)
    assert dead["state"] == "dead" and "expired" in dead["last_error"]


def test_wrong_dimension_stores_nothing_and_says_why(conn, settings):
    provider = FakeProvider(dimension=8, returned_dimension=4)
    _, gen, ids = _setup(conn, settings, provider=provider)
    result = run_once(conn, provider, settings, "w")
    assert result["stopped"].startswith("dimension_mismatch") and result["embedded"] == 0
    assert vector_rows(conn, gen.vector_table) == []
    for listing_id in ids:
        row = job(conn, listing_id, gen.id)
        assert row["state"] == "queued" and row["last_error"].startswith("dimension_mismatch")
    # writing wrong-sized vectors directly is refused before anything is stored
    conn.execute("UPDATE embedding_jobs SET next_attempt_at = now()")
    (c,) = claim(conn, gen.id, "w", 1, 60)
    with pytest.raises(DimensionMismatchError):
        complete(conn, c, c.texts(), np.zeros((len(c.texts()), 4), dtype=np.float32))
    assert vector_rows(conn, gen.vector_table) == []


def test_provider_outage_releases_claims_without_spending_attempts(conn, settings):
    provider = FakeProvider(unavailable=True)
    _, gen, ids = _setup(conn, settings, provider=provider)
    result = run_once(conn, provider, settings, "w")
    assert result["stopped"].startswith("provider unavailable") and result["released"] == 3
    for listing_id in ids:
        row = job(conn, listing_id, gen.id)
        assert (row["state"], row["attempts"]) == ("queued", 0)


def test_unchanged_text_is_not_embedded_again(conn, settings):
    provider, gen, ids = _setup(conn, settings)
    run_once(conn, provider, settings, "w")
    calls = len(provider.calls)
    tokens = {r["fencing_token"] for r in vector_rows(conn, gen.vector_table)}
    # a newer event with the same declaration: the catalog refreshes, the text hash is unchanged
    catalog(conn, settings, *(listing(i) for i in range(3)), hours=2)
    assert run_once(conn, provider, settings, "w")["claimed"] == 0
    # even a job requeued by hand with the same text is closed without calling the provider
    conn.execute("UPDATE embedding_jobs SET state = 'queued' WHERE listing_id = %s", (ids[0],))
    result = run_once(conn, provider, settings, "w")
    assert (result["claimed"], result["unchanged"], result["embedded"]) == (1, 1, 0)
    assert len(provider.calls) == calls
    assert {r["fencing_token"] for r in vector_rows(conn, gen.vector_table)} == tokens


def test_generations_of_other_models_are_never_fed(conn, settings):
    a, b = FakeProvider(model_id="model-a"), FakeProvider(model_id="model-b", dimension=4)
    catalog(conn, settings, listing(0))
    gen_a = gens.ensure_default_generation(conn, settings, a)
    gen_b = gens.ensure_default_generation(conn, settings, b)
    assert (gen_a.state, gen_b.state) == ("active", "building")
    run_once(conn, b, settings, "w")
    assert vector_rows(conn, gen_a.vector_table) == []
    assert len(vector_rows(conn, gen_b.vector_table)) > 0
    run_once(conn, a, settings, "w", generation_ids=[gen_b.id])  # identity decides, not the caller
    assert vector_rows(conn, gen_a.vector_table) == []
    drain(conn, settings, a)
    assert len(vector_rows(conn, gen_a.vector_table)) == len(vector_rows(conn, gen_b.vector_table))


def test_hnsw_index_above_the_threshold(conn, settings):
    provider, gen, _ = _setup(conn, settings)
    result = run_once(conn, provider, settings.model_copy(update={"hnsw_threshold": 5}), "w")
    assert result["hnsw_created"] == [gen.id]
    (indexdef,) = (
        conn.execute(
            "SELECT indexdef FROM pg_indexes WHERE tablename = %s AND indexname LIKE '%%hnsw'",
            (gen.vector_table,),
        )
        .fetchone()
        .values()
    )
    assert "hnsw" in indexdef and "vector_cosine_ops" in indexdef
    assert not gens.maybe_create_hnsw(conn, gen, 5)  # already there


def test_scheduled_handler_skips_when_the_model_is_missing(db, monkeypatch, tmp_path, lambda_context):
    from souk.config import get_settings

    monkeypatch.setenv("SOUK_MODEL_DIR", str(tmp_path / "no-model"))
    get_settings.cache_clear()
    try:
        handler = load_handler(str(REPO / "functions/embed_job/app.handler"))
        event = {"source": "aws.events", "detail-type": "Scheduled Event", "detail": {}}
        result = handler(event, lambda_context)
    finally:
        monkeypatch.undo()
        get_settings.cache_clear()
    assert "skipped" in result and "no-model" in result["skipped"]


def test_real_onnx_model_fills_the_generation(conn, settings, model_dir: Path):
    """The one end-to-end test with the shipped model (built by tests/embedding/conftest.py)."""
    from souk.embedding import get_provider

    provider = get_provider("onnx-local", model_dir)
    ids = catalog(conn, settings, factories.weather(), factories.pdf_tool())
    gen = gens.ensure_default_generation(conn, settings, provider)
    assert gen.dimension == 384 and gen.state == "active"
    result = run_once(conn, provider, settings, "onnx")
    assert result["embedded"] == 2 and gens.coverage(conn, gen.id)["ratio"] == 1.0
    text = conn.execute("SELECT search_text FROM listings WHERE id = %s", (ids[1],)).fetchone()["search_text"]
    row = vector_rows(conn, gen.vector_table, ids[1])[0]
    # the canonical text, less any field its description does not bear out (souk.embedding.coherence)
    assert set(row["text"].splitlines()) <= set(text.splitlines()) and "Description: Merge several" in row["text"]
    assert float(row["embedding"].to_numpy() @ provider.embed([row["text"]])[0]) > 0.999
    query = provider.embed(["combine pdf documents"])[0]
    nearest = conn.execute(
        f"SELECT listing_id FROM {gen.vector_table} ORDER BY embedding <=> %s LIMIT 1", (query,)
    ).fetchone()["listing_id"]
    assert nearest == ids[1]


def test_a_listing_without_a_job_is_picked_up_by_the_next_run(conn, settings):
    provider, gen, ids = _setup(conn, settings, n=2)
    # as if the listing was cataloged while the generation was being created
    conn.execute("DELETE FROM embedding_jobs WHERE listing_id = %s", (ids[1],))
    assert run_once(conn, provider, settings, "w")["embedded"] == 2
    assert gens.coverage(conn, gen.id)["ratio"] == 1.0


def test_completion_waits_for_a_catalog_transaction_instead_of_deadlocking(conn, settings, database_url):
    provider, gen, ids = _setup(conn, settings, n=1)
    (held,) = claim(conn, gen.id, "w", 1, 60)
    texts = held.texts()
    vectors = provider.embed([t.text for t in texts])
    errors: list[Exception] = []

    def write() -> None:
        with autocommit(database_url) as worker:
            try:
                complete(worker, held, texts, vectors)
            except Exception as exc:
                errors.append(exc)

    with autocommit(database_url) as cataloger, cataloger.transaction():
        # what catalog_event does for a changed listing: lock the listing, then requeue its jobs
        cataloger.execute("SELECT id FROM listings WHERE id = %s FOR UPDATE", (ids[0],))
        thread = threading.Thread(target=write)
        thread.start()
        deadline = time.monotonic() + 60
        while not _waiting_for_a_lock(conn):  # the worker is now waiting for the listing
            assert thread.is_alive() and time.monotonic() < deadline, errors
            time.sleep(0.05)
        gens.jobs.enqueue(cataloger, ids[0], "changed-text")
    thread.join(60)
    assert len(errors) == 1 and isinstance(errors[0], StaleClaim)
    assert vector_rows(conn, gen.vector_table) == []


def _waiting_for_a_lock(conn) -> bool:
    # Each pytest worker has its own server: a lock wait in this database is the test's own.
    waiting = (
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'"
    )
    return conn.execute(waiting).fetchone()["n"] > 0
