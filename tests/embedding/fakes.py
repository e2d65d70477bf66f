"""A small deterministic embedding provider and catalog helpers for the job-mechanics tests."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import timedelta
from typing import Any

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg.rows import dict_row

from souk.catalog.ingest import catalog_event
from souk.config import Settings
from souk.demo.builders import Listing
from souk.embedding.provider import EmbeddingUnavailable, GenerationIdentity, l2_normalize
from tests import factories


class FakeProvider:
    """Vectors from a hash of the text; optionally poisoned texts, a wrong dimension or an outage."""

    def __init__(
        self,
        dimension: int = 8,
        *,
        model_id: str = "fake-model",
        poison: Sequence[str] = (),
        returned_dimension: int | None = None,
        unavailable: bool = False,
    ) -> None:
        self.identity = GenerationIdentity("fake", model_id, "r1", dimension, "mean", "l2")
        self.poison = tuple(poison)
        self.returned_dimension = returned_dimension
        self.unavailable = unavailable
        self.calls: list[list[str]] = []

    def vector(self, text: str) -> npt.NDArray[np.float32]:
        dim = self.returned_dimension or self.identity.dimension
        raw = b"".join(hashlib.sha256(f"{i}:{text}".encode()).digest() for i in range(dim // 32 + 1))
        values = np.frombuffer(raw[:dim], dtype=np.uint8).astype(np.float32) - 127.5
        return l2_normalize(values[None, :])[0]

    def embed(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        self.calls.append(list(texts))
        if self.unavailable:
            raise EmbeddingUnavailable("fake provider is down")
        for text in texts:
            if any(p in text for p in self.poison):
                raise ValueError(f"cannot embed {text[:40]!r}")
        dim = self.returned_dimension or self.identity.dimension
        out = np.empty((len(texts), dim), dtype=np.float32)
        for i, text in enumerate(texts):
            out[i] = self.vector(text)
        return out

    @property
    def texts_embedded(self) -> int:
        return sum(len(c) for c in self.calls)


def listing(n: int, **overrides: Any) -> Listing:
    return factories.weather(url=f"https://weather{n}.example.com/v1/current", **overrides)


def catalog(conn: psycopg.Connection, settings: Settings, *listings: Listing, hours: float = 0) -> list[int]:
    at = factories.CLOCK + timedelta(hours=hours)
    return [int(catalog_event(conn, factories.verified(item, at), settings).listing_id) for item in listings]


@contextmanager
def autocommit(url: str) -> Iterator[psycopg.Connection]:
    """A separate session, as another worker process would have."""
    from pgvector.psycopg import register_vector

    with psycopg.connect(url, autocommit=True, row_factory=dict_row) as conn:
        register_vector(conn)
        yield conn


def job(conn: psycopg.Connection, listing_id: int, generation_id: int) -> dict[str, Any]:
    row = conn.execute(
        "SELECT * FROM embedding_jobs WHERE listing_id = %s AND generation_id = %s",
        (listing_id, generation_id),
    ).fetchone()
    assert row is not None
    return dict(row)


def vector_rows(conn: psycopg.Connection, table: str, listing_id: int | None = None) -> list[dict[str, Any]]:
    where = "" if listing_id is None else f" WHERE listing_id = {int(listing_id)}"
    return [dict(r) for r in conn.execute(f"SELECT * FROM {table}{where} ORDER BY listing_id, kind, ordinal")]
