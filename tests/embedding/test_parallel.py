"""Parallel local reindex: worker processes share one queue under the same lease and fencing rules."""

from __future__ import annotations

import numpy as np

from souk.embedding import generations as gens
from souk.embedding.parallel import reindex_parallel
from souk.embedding.worker import EmbeddingText, TextVectors, _embed, run_once
from tests.embedding.fakes import FakeProvider, autocommit, catalog, job, listing, vector_rows


def test_two_processes_embed_every_listing_exactly_once(db, database_url, settings, model_dir, embedder):
    onnx = settings.model_copy(update={"model_dir": model_dir, "embed_batch_size": 2, "embedding_provider": "onnx"})
    with autocommit(database_url) as conn:
        ids = catalog(conn, onnx, *(listing(i, description=f"Current weather, station {i}.") for i in range(12)))
        gen = gens.ensure_default_generation(conn, onnx, embedder)
    result = reindex_parallel(database_url, onnx, gen.id, 2)
    assert result["stopped"] is None and result["embedded"] == 12 and result["stale"] == 0
    assert len(result["claimed_per_worker"]) == 2 and sum(result["claimed_per_worker"]) == 12
    with autocommit(database_url) as conn:
        assert gens.coverage(conn, gen.id)["ratio"] == 1.0
        for listing_id in ids:
            done = job(conn, listing_id, gen.id)
            rows = vector_rows(conn, gen.vector_table, listing_id)
            assert done["state"] == "done" and done["attempts"] == 1
            # Each listing's rows were written once, under the token of the claim that embedded them.
            assert {r["fencing_token"] for r in rows} == {done["fencing_token"]}
            assert [r["ordinal"] for r in rows] == list(range(len(rows)))
            # A vector reused from another listing's identical text is the one the model gives that text.
            got = np.stack([r["embedding"].to_numpy() for r in rows])
            assert np.allclose(got, embedder.embed([r["text"] for r in rows]), atol=1e-5)
    assert result["reused"] > 0  # the twelve listings share their service name, so some synthetic queries


def test_a_text_seen_before_in_the_run_is_not_sent_again():
    provider = FakeProvider()
    seen = TextVectors(100)
    texts = [EmbeddingText("listing", 0, "a"), EmbeddingText("synthetic", 1, "b"), EmbeddingText("synthetic", 2, "a")]
    first = _embed(provider, texts, 8, seen)
    assert provider.calls == [["a", "b"]]
    again = _embed(provider, [EmbeddingText("listing", 0, "b"), EmbeddingText("listing", 0, "c")], 8, seen)
    assert provider.calls[-1] == ["c"]
    assert np.array_equal(first[0], first[2]) and np.array_equal(again[0], first[1])
    assert np.array_equal(again[1], provider.vector("c"))


def test_the_reuse_cache_is_bounded():
    seen = TextVectors(2)
    for text in "abc":
        seen.put(text, np.zeros(2, dtype=np.float32))
    assert seen.get("a") is None and seen.get("b") is not None and seen.get("c") is not None
    disabled = TextVectors(0)
    disabled.put("a", np.zeros(2, dtype=np.float32))
    assert disabled.get("a") is None


def test_a_serial_run_reports_what_it_reused(db, database_url, settings):
    provider = FakeProvider()
    with autocommit(database_url) as conn:
        catalog(conn, settings, *(listing(i) for i in range(4)))
        gens.ensure_default_generation(conn, settings, provider)
        result = run_once(conn, provider, settings, "w")
    assert result["texts"] == provider.texts_embedded + result["reused"]
    assert result["reused"] > 0
