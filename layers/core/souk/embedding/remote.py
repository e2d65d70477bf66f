"""Embeddings from an OpenAI-compatible HTTP endpoint (POST {base_url}/embeddings)."""

from __future__ import annotations

import json
import time
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
# JSON for one float is at most ~25 bytes; the cap leaves room for pretty printing and the envelope.
_BYTES_PER_VALUE = 64
_ENVELOPE_BYTES = 1 << 20


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
        self._timeout_s = timeout_s
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
        url = f"{self._client.base_url}/embeddings"
        # httpx's timeout bounds each read, not the whole answer: a provider sending a byte at a time never timed
        # out, and an endless answer was read into memory. Both are bounded here, the whole call by timeout_s.
        deadline = time.monotonic() + self._timeout_s
        cap = len(texts) * self.identity.dimension * _BYTES_PER_VALUE + _ENVELOPE_BYTES
        try:
            with self._client.stream("POST", "/embeddings", json=payload) as response:
                if not response.is_success:
                    text = next(response.iter_bytes(), b"")[:300].decode("utf-8", "replace")
                    raise EmbeddingUnavailable(f"{url} answered {response.status_code}: {text}")
                raw = bytearray()
                for chunk in response.iter_bytes():
                    raw += chunk
                    if time.monotonic() > deadline:
                        raise ProviderTimeoutError(f"{url} did not answer within {self._timeout_s:g} s")
                    if len(raw) > cap:
                        raise EmbeddingUnavailable(f"{url} answered more than {cap} bytes for {len(texts)} texts")
            body = json.loads(raw)
        except httpx.TimeoutException as exc:
            raise ProviderTimeoutError(f"{url} timed out: {exc!r}") from exc
        except (httpx.HTTPError, ValueError) as exc:
            raise EmbeddingUnavailable(f"{url} failed: {exc!r}") from exc
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
