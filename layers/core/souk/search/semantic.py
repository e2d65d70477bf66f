"""The semantic arm: cosine search over the active model generation's typed vector table.

A listing's score is the best of its own text vector and its synthetic-query vectors. Exact scan by
default; with an HNSW index on the table the inner ORDER BY ... LIMIT uses it.
Every way this arm can fail raises SemanticUnavailable with the exact reason, so the pipeline can
answer lexical-only with ``partialResults: true``.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from dataclasses import dataclass

import numpy as np
from psycopg import Connection

from souk.config import Settings
from souk.embedding.provider import EmbeddingProvider, EmbeddingUnavailable, GenerationIdentity


class SemanticUnavailable(RuntimeError):
    """The semantic arm cannot answer; ``reason`` is a stable code, the message says why."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


@dataclass(frozen=True, slots=True)
class ActiveGeneration:
    id: int
    identity: GenerationIdentity
    vector_table: str


@dataclass(frozen=True, slots=True)
class SemanticHit:
    listing_id: int
    similarity: float  # best of the listing text and (when enabled) its synthetic queries
    listing_similarity: float  # the listing text alone: short synthetic queries match noise too easily


_TABLE = re.compile(r"^embeddings_g\d+$")


def active_generation(conn: Connection) -> ActiveGeneration:
    if conn.execute("SELECT 1 FROM pg_extension WHERE extname = 'vector'").fetchone() is None:
        raise SemanticUnavailable("no_pgvector", "the vector extension is not installed in this database")
    row = conn.execute("SELECT * FROM embedding_generations WHERE state = 'active'").fetchone()
    if row is None:
        raise SemanticUnavailable("no_active_generation", "no embedding generation is active")
    if not _TABLE.match(row["vector_table"]):
        raise SemanticUnavailable("bad_generation", f"unexpected vector table name {row['vector_table']!r}")
    identity = GenerationIdentity.of(row)
    return ActiveGeneration(row["id"], identity, row["vector_table"])


def query_provider(settings: Settings) -> EmbeddingProvider:
    from souk.embedding import get_provider

    try:
        if settings.embedding_provider in ("onnx-local", "onnx", "local"):
            return get_provider(settings.embedding_provider, settings.model_dir, settings.embedding_threads)
        return get_provider(
            settings.embedding_provider,
            settings.model_dir,
            base_url=settings.remote_embedding_url,
            api_key=settings.remote_embedding_api_key.get_secret_value() if settings.remote_embedding_api_key else "",
            model=settings.remote_embedding_model,
            dimension=settings.remote_embedding_dimension,
            timeout_s=settings.embedding_timeout_s,
        )
    except EmbeddingUnavailable as exc:
        raise SemanticUnavailable("model_unavailable", str(exc)) from None
    except (TypeError, ValueError) as exc:
        raise SemanticUnavailable("provider_misconfigured", str(exc)) from None


class QueryVectorCache:
    """Per-process LRU of query vectors, keyed by generation identity and text."""

    def __init__(self, capacity: int = 2048) -> None:
        self._items: OrderedDict[tuple[GenerationIdentity, str], np.ndarray] = OrderedDict()
        self._capacity = capacity
        self._lock = threading.Lock()

    def get(self, provider: EmbeddingProvider, text: str) -> np.ndarray:
        key = (provider.identity, text)
        with self._lock:
            if key in self._items:
                self._items.move_to_end(key)
                return self._items[key]
        try:
            vector = provider.embed([text])[0]
        except EmbeddingUnavailable as exc:
            code = "wrong_dimension" if "dimension" in type(exc).__name__.lower() else "provider_error"
            if "timeout" in type(exc).__name__.lower():
                code = "provider_timeout"
            raise SemanticUnavailable(code, str(exc)) from None
        if vector.shape[0] != provider.identity.dimension:
            raise SemanticUnavailable("wrong_dimension", f"query vector has {vector.shape[0]} dimensions")
        with self._lock:
            self._items[key] = vector
            while len(self._items) > self._capacity:
                self._items.popitem(last=False)
        return vector


QUERY_CACHE = QueryVectorCache()


def semantic_search(
    conn: Connection,
    generation: ActiveGeneration,
    vector: np.ndarray,
    *,
    where: str,
    args: dict[str, object],
    pool: int,
    synthetic: bool,
) -> list[SemanticHit]:
    if vector.shape[0] != generation.identity.dimension:
        raise SemanticUnavailable(
            "wrong_dimension",
            f"query vector has {vector.shape[0]} dimensions, generation {generation.id} has "
            f"{generation.identity.dimension}",
        )
    kinds = "" if synthetic else "AND e.kind = 'listing'"
    sql = f"""
        SELECT c.listing_id, max(1 - c.distance) AS similarity,
               coalesce(max(1 - c.distance) FILTER (WHERE c.kind = 'listing'), 0) AS listing_similarity
        FROM (
            SELECT e.listing_id, e.kind, e.embedding <=> %(qv)s AS distance
            FROM {generation.vector_table} e JOIN listings l ON l.id = e.listing_id
            WHERE {where} {kinds}
            ORDER BY distance
            LIMIT %(inner)s
        ) c
        GROUP BY c.listing_id
        ORDER BY similarity DESC, c.listing_id
        LIMIT %(pool)s
    """
    from pgvector import Vector

    inner = pool * 8
    with conn.transaction():
        # An HNSW scan returns at most ef_search rows (default 40): widen it to the candidate pool.
        conn.execute("SELECT set_config('hnsw.ef_search', %s, true)", (str(min(inner, 1000)),))
        params = args | {"qv": Vector(vector.astype(np.float32)), "inner": inner, "pool": pool}
        rows = conn.execute(sql, params).fetchall()
    if not rows:
        has_any = conn.execute(f"SELECT 1 FROM {generation.vector_table} LIMIT 1").fetchone()
        if has_any is None:
            raise SemanticUnavailable("no_vectors", f"generation {generation.id} holds no vectors yet")
    return [SemanticHit(r["listing_id"], float(r["similarity"]), float(r["listing_similarity"])) for r in rows]


def coverage(conn: Connection, generation: ActiveGeneration) -> tuple[int, int]:
    """(listings with a vector in the generation, all listings)."""
    row = conn.execute(
        f"""SELECT (SELECT count(DISTINCT listing_id) FROM {generation.vector_table} WHERE kind = 'listing') AS covered,
                   (SELECT count(*) FROM listings) AS total"""
    ).fetchone()
    return int(row["covered"]), int(row["total"])


def partial_coverage(conn: Connection, generation: ActiveGeneration) -> str | None:
    """The degraded reason while some listing still lacks a vector, else None. On the hot path: the
    indexed queue check answers the usual case (everything embedded) without counting vectors."""
    pending = conn.execute(
        "SELECT EXISTS (SELECT 1 FROM embedding_jobs WHERE generation_id = %s AND state <> 'done') AS pending",
        (generation.id,),
    ).fetchone()["pending"]
    if not pending:
        return None
    covered, total = coverage(conn, generation)
    return f"partial_coverage: {covered}/{total} listings have vectors" if covered < total else None
