"""Embeddings from an OpenAI-compatible HTTP endpoint (POST {base_url}/embeddings)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import httpx
import numpy as np
import numpy.typing as npt

from souk.embedding.provider import (
    DimensionMismatchError,
    EmbeddingUnavailable,
    GenerationIdentity,
    ProviderTimeoutError,
    l2_normalize,
)

PROVIDER = "openai-compatible"


class OpenAICompatibleEmbedder:
    """EmbeddingProvider over HTTP; checks count and dimension before anything is returned."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None,
        model: str,
        dimension: int,
        timeout_s: float,
        *,
        model_revision: str = "",
        send_dimensions: bool = False,
        max_batch: int = 256,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        if dimension < 1 or timeout_s <= 0 or max_batch < 1:
            raise ValueError("dimension, timeout_s and max_batch must be positive")
        self.identity = GenerationIdentity(
            provider=PROVIDER,
            model_id=model,
            model_revision=model_revision or model,
            dimension=dimension,
            pooling="provider",
            normalization="l2",
        )
        self._model = model
        # only some servers accept "dimensions" (OpenAI text-embedding-3 does); others reject it
        self._send_dimensions = send_dimensions
        self._max_batch = max_batch
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        self._client = httpx.Client(
            base_url=base_url.rstrip("/"),
            headers=headers,
            timeout=httpx.Timeout(timeout_s),
            transport=transport,
        )

    def close(self) -> None:
        self._client.close()

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Float32 rows of shape (len(texts), dimension), L2-normalized, in input order."""
        if isinstance(texts, str):
            raise TypeError("embed() takes a sequence of texts, not a single str")
        dim = self.identity.dimension
        out = np.empty((len(texts), dim), dtype=np.float32)
        for start in range(0, len(texts), self._max_batch):
            chunk = list(texts[start : start + self._max_batch])
            out[start : start + len(chunk)] = self._embed_chunk(chunk)
        return l2_normalize(out) if len(texts) else out

    def _embed_chunk(self, texts: list[str]) -> npt.NDArray[np.float32]:
        payload: dict[str, Any] = {"model": self._model, "input": texts, "encoding_format": "float"}
        if self._send_dimensions:
            payload["dimensions"] = self.identity.dimension
        try:
            response = self._client.post("/embeddings", json=payload)
            response.raise_for_status()
            body = response.json()
        except httpx.TimeoutException as exc:
            raise ProviderTimeoutError(f"{self._client.base_url}/embeddings timed out: {exc!r}") from exc
        except httpx.HTTPStatusError as exc:
            status, text = exc.response.status_code, exc.response.text[:300]
            raise EmbeddingUnavailable(f"{self._client.base_url}/embeddings answered {status}: {text}") from exc
        except (httpx.HTTPError, ValueError) as exc:
            raise EmbeddingUnavailable(f"{self._client.base_url}/embeddings failed: {exc!r}") from exc
        return self._parse(body, len(texts))

    def _parse(self, body: Any, expected: int) -> npt.NDArray[np.float32]:
        try:
            items = sorted(body["data"], key=lambda item: int(item.get("index", 0)))
            rows = [item["embedding"] for item in items]
        except (TypeError, KeyError, AttributeError, ValueError) as exc:
            raise EmbeddingUnavailable(f"malformed embeddings response: {exc!r}") from exc
        if len(rows) != expected:
            raise EmbeddingUnavailable(f"asked for {expected} embeddings, got {len(rows)}")
        dim = self.identity.dimension
        if not all(isinstance(r, list) for r in rows):
            raise EmbeddingUnavailable("malformed embeddings response: an embedding is not a list")
        bad = sorted({len(r) for r in rows if len(r) != dim})
        if bad:
            raise DimensionMismatchError(f"provider {self._model!r} returned dimension {bad}, configured {dim}")
        try:
            vectors = np.asarray(rows, dtype=np.float32)
        except (TypeError, ValueError) as exc:
            raise EmbeddingUnavailable(f"non-numeric embedding values: {exc!r}") from exc
        if not np.isfinite(vectors).all() or not np.abs(vectors).max(axis=1).all():
            raise EmbeddingUnavailable("provider returned non-finite or all-zero embeddings")
        return vectors
