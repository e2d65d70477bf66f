"""The embedding job: claim listings under a lease, embed them, write under a fencing token.

One ``embedding_jobs`` row per (listing, generation):

- ``claim``: ``FOR UPDATE SKIP LOCKED`` picks due queued jobs and expired leases, oldest first.
  Each claimed job gets a fresh fencing token from ``embedding_fencing_seq`` (tokens only grow),
  a lease, one more attempt, and the listing's text as it is now.
- ``complete``: one transaction locks the job rows and compares their tokens with the claims'.
  A different token means the lease expired and someone else claimed the job, or the listing
  changed and was requeued: the claim is stale and nothing of it is written. Otherwise the
  listing's rows in the generation's vector table are replaced and the job is ``done`` with
  ``embedded_hash`` = the hash of the text that was embedded.
- ``fail``: exponential backoff with jitter; on the last attempt the job is ``dead`` with its
  error.
- A lease that expires (the worker died) is counted apart from failures (``lease_expiries``). The jobs
  of an expired batch did nothing wrong as far as anyone knows: each is reclaimed alone, without
  spending an attempt. Only a lease that expires while its job was claimed alone costs an attempt, and
  on the last attempt that job is dead-lettered at the next claim, so a document that kills its worker
  cannot loop forever while the rest of its batch is embedded.
- A provider outage (every listing of a batch fails with EmbeddingUnavailable) is not the
  documents' fault: the claims are released without spending an attempt and the run stops.
- A wrong dimension is the provider's fault too, but retrying cannot fix it: the batch's jobs
  fail with a ``dimension_mismatch`` reason, nothing is stored, and the run stops.

Each function commits its own transaction; pass a connection that is not inside one
(``run_once`` switches its connection to autocommit for that reason).
"""

from __future__ import annotations

import logging
import math
import os
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt
import psycopg
from psycopg import pq, sql
from psycopg.rows import dict_row

from souk.config import Settings, get_settings
from souk.db.types import Connection, one
from souk.embedding import coherence, fanout, jobs
from souk.embedding.generations import (
    Generation,
    configured_provider,
    ensure_default_generation,
    generation_for,
    get_generation,
    maybe_create_hnsw,
)
from souk.embedding.provider import DimensionMismatchError, EmbeddingProvider, EmbeddingUnavailable
from souk.embedding.synthetic import synthetic_queries
from souk.listing.document import ListingDocument
from souk.observability import record_embedding_run

logger = logging.getLogger(__name__)

DEFAULT_MAX_ATTEMPTS = 5
MAX_ERROR_CHARS = 1000
# Two listings failing alone with EmbeddingUnavailable, and none succeeding, is read as an outage.
OUTAGE_EVIDENCE = 2

Vectors = npt.NDArray[np.float32]
# a psycopg_pool.ConnectionPool, a callable returning a connection context, or a Connection
ConnectionSource = Any


class StaleClaim(RuntimeError):
    """The job no longer holds this claim's fencing token; the claim's vectors were not written."""

    def __init__(self, claim: Claim) -> None:
        super().__init__(f"job {claim.job_id} no longer holds fencing token {claim.fencing_token}")
        self.claim = claim


@dataclass(frozen=True, slots=True)
class EmbeddingText:
    kind: str  # listing | synthetic
    ordinal: int
    text: str


@dataclass(frozen=True, slots=True)
class Claim:
    job_id: int
    listing_id: int
    generation_id: int
    fencing_token: int
    attempts: int
    worker_id: str
    content_hash: str  # the listing's hash when claimed: what gets embedded
    embedded_hash: str | None  # what the generation already holds for this listing
    search_text: str
    document: dict[str, Any]

    @property
    def unchanged(self) -> bool:
        return self.embedded_hash is not None and self.embedded_hash == self.content_hash

    def texts(self, without: frozenset[str] = frozenset()) -> list[EmbeddingText]:
        """The canonical text (ordinal 0) and its synthetic queries (ordinals 1..n); with ``without``, those of the
        listing as if it declared none of those fields (``souk.embedding.coherence``)."""
        doc = ListingDocument.from_json(self.document)
        if without:
            text, queries = coherence.texts_without(doc, without)
        else:
            text, queries = self.search_text, synthetic_queries(doc)
        return [EmbeddingText("listing", 0, text)] + [
            EmbeddingText("synthetic", i, q) for i, q in enumerate(queries, start=1)
        ]


@dataclass(slots=True)
class Completion:
    written: list[Claim] = field(default_factory=list)
    stale: list[Claim] = field(default_factory=list)


def _dict_cursor(conn: Connection) -> Any:
    return conn.cursor(row_factory=dict_row)


_CLAIMED = """RETURNING j.id, j.listing_id, j.fencing_token, j.attempts, j.embedded_hash,
                         l.content_hash, l.search_text, l.document"""

# A batch-mate of a crash gets its attempt back (lease_batch > 1); a job that was alone spends it.
_RECLAIM_EXPIRED = f"""WITH picked AS (
                 SELECT id FROM embedding_jobs
                  WHERE generation_id = %(gen)s AND state = 'leased' AND lease_expires_at <= now()
                  ORDER BY lease_expires_at, id
                  LIMIT 1
                  FOR UPDATE SKIP LOCKED
               )
               UPDATE embedding_jobs j
                  SET leased_by = %(worker)s, lease_expires_at = now() + make_interval(secs => %(lease)s),
                      fencing_token = nextval('embedding_fencing_seq'),
                      attempts = CASE WHEN j.lease_batch > 1 THEN j.attempts ELSE j.attempts + 1 END,
                      lease_expiries = j.lease_expiries + 1, lease_batch = 1,
                      content_hash = l.content_hash, updated_at = now()
                 FROM picked p, listings l
                WHERE j.id = p.id AND l.id = j.listing_id
               {_CLAIMED}"""

_CLAIM_QUEUED = f"""WITH picked AS (
                 SELECT id FROM embedding_jobs
                  WHERE generation_id = %(gen)s AND state = 'queued' AND next_attempt_at <= now()
                  ORDER BY next_attempt_at, id
                  LIMIT %(n)s
                  FOR UPDATE SKIP LOCKED
               )
               UPDATE embedding_jobs j
                  SET state = 'leased', leased_by = %(worker)s,
                      lease_expires_at = now() + make_interval(secs => %(lease)s),
                      fencing_token = nextval('embedding_fencing_seq'),
                      attempts = j.attempts + 1, lease_batch = (SELECT count(*) FROM picked),
                      content_hash = l.content_hash, updated_at = now()
                 FROM picked p, listings l
                WHERE j.id = p.id AND l.id = j.listing_id
               {_CLAIMED}"""


def claim(
    conn: Connection,
    generation_id: int,
    worker_id: str,
    batch_size: int,
    lease_seconds: float,
    *,
    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
) -> list[Claim]:
    """Lease up to ``batch_size`` due jobs of the generation, each under a fresh fencing token."""
    with conn.transaction():
        conn.execute(
            """UPDATE embedding_jobs
                  SET state = 'dead', leased_by = NULL, lease_expires_at = NULL, updated_at = now(),
                      lease_expiries = lease_expiries + 1,
                      last_error = format('lease of %%s expired on attempt %%s of %%s',
                                          leased_by, attempts, %(max)s::int)
                WHERE generation_id = %(gen)s AND state = 'leased' AND lease_expires_at <= now()
                  AND lease_batch = 1 AND attempts >= %(max)s""",
            {"gen": generation_id, "max": max_attempts},
        )
        args = {"gen": generation_id, "n": batch_size, "worker": worker_id, "lease": float(lease_seconds)}
        # An expired lease first, and alone: if its document is what kills workers, it now dies by itself.
        rows = _dict_cursor(conn).execute(_RECLAIM_EXPIRED, args).fetchall()
        if not rows:
            rows = _dict_cursor(conn).execute(_CLAIM_QUEUED, args).fetchall()
    claims = [
        Claim(
            job_id=r["id"],
            listing_id=r["listing_id"],
            generation_id=generation_id,
            fencing_token=r["fencing_token"],
            attempts=r["attempts"],
            worker_id=worker_id,
            content_hash=r["content_hash"],
            embedded_hash=r["embedded_hash"],
            search_text=r["search_text"],
            document=r["document"],
        )
        for r in rows
    ]
    return sorted(claims, key=lambda c: c.job_id)


def _check_vectors(vectors: Any, count: int, dimension: int) -> Vectors:
    arr = np.asarray(vectors, dtype=np.float32)
    if arr.ndim != 2 or arr.shape[0] != count:
        raise EmbeddingUnavailable(f"provider returned shape {arr.shape} for {count} texts")
    if arr.shape[1] != dimension:
        raise DimensionMismatchError(f"provider returned dimension {arr.shape[1]}, the generation stores {dimension}")
    if not np.isfinite(arr).all():
        raise EmbeddingUnavailable("provider returned non-finite values")
    return arr


def _ensure_vector_adapter(conn: Connection) -> None:
    if conn.adapters.types.get("vector") is None:
        from pgvector.psycopg import register_vector

        with conn.transaction():
            register_vector(conn)


def complete_many(
    conn: Connection, items: Sequence[tuple[Claim, Sequence[EmbeddingText] | None, Vectors | None]]
) -> Completion:
    """Write several claims in one transaction, each only if its job still holds its fencing token.

    An item with no texts/vectors (text unchanged since it was embedded) only marks the job done.
    Shapes are checked before anything is written: a wrong dimension raises DimensionMismatchError
    and the transaction writes nothing at all.
    """
    result = Completion()
    if not items:
        return result
    _ensure_vector_adapter(conn)
    with conn.transaction():
        cur = _dict_cursor(conn)
        gens = {g: get_generation(conn, g) for g in {c.generation_id for c, _, _ in items}}
        for c, texts, vectors in items:
            if (texts is None) != (vectors is None):
                raise ValueError("texts and vectors go together")
            if texts is not None:
                _check_vectors(vectors, len(texts), gens[c.generation_id].dimension)
        # Cataloging locks a listing, then its jobs. Taking the listing locks the vector rows'
        # foreign key would take anyway (KEY SHARE) before the job rows keeps that order, so a
        # concurrent re-catalog makes this wait (and then see a stale token) instead of deadlocking.
        # Both lists are locked in id order, so two workers with overlapping claims cannot deadlock.
        cur.execute(
            "SELECT id FROM listings WHERE id = ANY(%s) ORDER BY id FOR KEY SHARE",
            (sorted({c.listing_id for c, _, _ in items}),),
        )
        held = {
            r["id"]: r
            for r in cur.execute(
                "SELECT id, fencing_token, state FROM embedding_jobs WHERE id = ANY(%s) ORDER BY id FOR UPDATE",
                ([c.job_id for c, _, _ in items],),
            )
        }
        for c, texts, vectors in items:
            row = held.get(c.job_id)
            if row is None or row["fencing_token"] != c.fencing_token or row["state"] != "leased":
                result.stale.append(c)
                continue
            if texts is not None and vectors is not None:
                table = gens[c.generation_id].table
                cur.execute(sql.SQL("DELETE FROM {t} WHERE listing_id = %s").format(t=table), (c.listing_id,))
                cur.executemany(
                    sql.SQL(
                        """INSERT INTO {t}
                             (listing_id, kind, ordinal, text, content_hash, embedding, fencing_token)
                           VALUES (%s, %s, %s, %s, %s, %s, %s)"""
                    ).format(t=table),
                    [
                        (c.listing_id, t.kind, t.ordinal, t.text, c.content_hash, vectors[i], c.fencing_token)
                        for i, t in enumerate(texts)
                    ],
                )
            cur.execute(
                """UPDATE embedding_jobs
                      SET state = 'done', embedded_hash = %s, leased_by = NULL, lease_expires_at = NULL,
                          last_error = NULL, updated_at = now()
                    WHERE id = %s""",
                (c.content_hash, c.job_id),
            )
            result.written.append(c)
    return result


def complete(conn: Connection, claim: Claim, texts: Sequence[EmbeddingText] | None, vectors: Vectors | None) -> None:
    """Write one claim's vectors in one transaction; raises StaleClaim (nothing written) if fenced out."""
    done = complete_many(conn, [(claim, texts, vectors)])
    if done.stale:
        raise StaleClaim(claim)


def retry_delay(attempts: int, base_seconds: float, max_seconds: float, rng: random.Random | None = None) -> float:
    """Exponential backoff with "equal jitter": half fixed, half random, capped."""
    ceiling = min(max_seconds, base_seconds * 2 ** max(attempts - 1, 0))
    return ceiling / 2 + (rng or random).uniform(0, ceiling / 2)


def fail(
    conn: Connection,
    claim: Claim,
    error: str,
    *,
    max_attempts: int = DEFAULT_MAX_ATTEMPTS,
    base_seconds: float = 30.0,
    max_seconds: float = 3600.0,
    rng: random.Random | None = None,
) -> str:
    """Record a failed attempt: back off and requeue, or dead-letter after ``max_attempts``.

    Returns the job's new state, or "stale" when the claim was fenced out (nothing changed).
    """
    error = error[:MAX_ERROR_CHARS]
    with conn.transaction():
        row = (
            _dict_cursor(conn)
            .execute(
                "SELECT fencing_token, state, attempts FROM embedding_jobs WHERE id = %s FOR UPDATE",
                (claim.job_id,),
            )
            .fetchone()
        )
        if row is None or row["fencing_token"] != claim.fencing_token or row["state"] != "leased":
            return "stale"
        if row["attempts"] >= max_attempts:
            conn.execute(
                """UPDATE embedding_jobs SET state = 'dead', last_error = %s, leased_by = NULL,
                          lease_expires_at = NULL, updated_at = now() WHERE id = %s""",
                (error, claim.job_id),
            )
            return "dead"
        delay = retry_delay(row["attempts"], base_seconds, max_seconds, rng)
        conn.execute(
            """UPDATE embedding_jobs SET state = 'queued', last_error = %s, leased_by = NULL,
                      lease_expires_at = NULL, next_attempt_at = now() + make_interval(secs => %s),
                      updated_at = now() WHERE id = %s""",
            (error, delay, claim.job_id),
        )
        return "queued"


def release(conn: Connection, claim: Claim, reason: str, delay_seconds: float) -> bool:
    """Give a claim back without spending its attempt (the provider, not the document, failed)."""
    with conn.transaction():
        cur = conn.execute(
            """UPDATE embedding_jobs
                  SET state = 'queued', attempts = greatest(attempts - 1, 0), last_error = %s,
                      leased_by = NULL, lease_expires_at = NULL,
                      next_attempt_at = now() + make_interval(secs => %s), updated_at = now()
                WHERE id = %s AND fencing_token = %s AND state = 'leased'""",
            (reason[:MAX_ERROR_CHARS], delay_seconds, claim.job_id, claim.fencing_token),
        )
        return cur.rowcount == 1


# ---------------------------------------------------------------------------------------------------------
# Running the job


class TextVectors:
    """Vectors already computed in this run, by text: a text seen again is not sent to the model again.

    Listings share texts (the same service on several networks has the same synthetic queries, and a
    seller's tools share templates). A vector is a function of its text alone (the ONNX embedder batches
    only texts of one token length, so batching never changes a vector), so a reused vector is the one
    the model would return. Bounded: the oldest entries go first; one instance per run, never global.
    """

    def __init__(self, max_texts: int) -> None:
        self.max_texts = max_texts
        self._vectors: dict[str, npt.NDArray[np.float32]] = {}

    def get(self, text: str) -> npt.NDArray[np.float32] | None:
        return self._vectors.get(text)

    def put(self, text: str, vector: npt.NDArray[np.float32]) -> None:
        if self.max_texts <= 0:
            return
        if len(self._vectors) >= self.max_texts:
            del self._vectors[next(iter(self._vectors))]
        self._vectors[text] = vector


@dataclass(slots=True)
class RunStats:
    generations: list[int] = field(default_factory=list)
    batches: int = 0
    claimed: int = 0
    embedded: int = 0  # listings whose vectors were written
    texts: int = 0  # texts embedded (canonical + synthetic)
    reused: int = 0  # of the texts sent for embedding, how many were not sent because seen before (TextVectors)
    unchanged: int = 0
    stale: int = 0
    failed: int = 0
    dead: int = 0
    released: int = 0
    hnsw_created: list[int] = field(default_factory=list)
    stopped: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _fail_with(conn: Connection, c: Claim, error: str, settings: Settings, stats: RunStats) -> None:
    state = fail(
        conn,
        c,
        error,
        max_attempts=settings.max_attempts,
        base_seconds=settings.retry_base_seconds,
        max_seconds=settings.retry_max_seconds,
    )
    if state == "stale":
        stats.stale += 1
    else:
        stats.failed += 1
        stats.dead += state == "dead"
        logger.warning("embedding job %s (listing %s) %s: %s", c.job_id, c.listing_id, state, error)


def _embed(
    provider: EmbeddingProvider,
    texts: Sequence[EmbeddingText],
    dimension: int,
    seen: TextVectors | None = None,
    stats: RunStats | None = None,
) -> Vectors:
    """One provider call for the distinct texts not ``seen`` yet; the rest are copied."""
    if seen is None:
        return _check_vectors(provider.embed([t.text for t in texts]), len(texts), dimension)
    wanted = list(dict.fromkeys(t.text for t in texts if seen.get(t.text) is None))
    if wanted:
        fresh = _check_vectors(provider.embed(wanted), len(wanted), dimension)
        for text, vector in zip(wanted, fresh, strict=True):
            seen.put(text, vector)
        computed = dict(zip(wanted, fresh, strict=True))
    else:
        computed = {}
    out = np.empty((len(texts), dimension), dtype=np.float32)
    for i, t in enumerate(texts):
        vector = computed.get(t.text)
        out[i] = vector if vector is not None else seen.get(t.text)
    if stats is not None:
        stats.reused += len(texts) - len(wanted)
    return out


def _embed_claims(
    provider: EmbeddingProvider,
    gen: Generation,
    todo: Sequence[tuple[Claim, list[EmbeddingText]]],
    seen: TextVectors | None = None,
    stats: RunStats | None = None,
) -> list[tuple[Claim, list[EmbeddingText], Vectors]]:
    """Each listing's texts and vectors. One provider call embeds the batch's texts with each listing's probes
    (``coherence.probe_texts``, never stored); one more, only when needed, the texts of the listings with a field
    their description does not bear out, without that field (``souk.embedding.coherence``)."""
    threshold = coherence.threshold_for(provider.identity.model_id)
    docs = [ListingDocument.from_json(c.document) for c, _ in todo]
    probes = [
        EmbeddingText("probe", i, text)
        for doc in docs
        if threshold is not None
        for i, text in enumerate(coherence.probe_texts(doc))
    ]
    stored = [t for _, texts in todo for t in texts]
    vectors = _embed(provider, [*stored, *probes], gen.dimension, seen, stats)
    vector_of = {t.text: v for t, v in zip([*stored, *probes], vectors, strict=True)}.__getitem__
    done: list[tuple[Claim, list[EmbeddingText], Vectors]] = []
    revise: list[tuple[int, Claim, list[EmbeddingText]]] = []
    start = 0
    for (c, texts), doc in zip(todo, docs, strict=True):
        done.append((c, texts, vectors[start : start + len(texts)]))
        start += len(texts)
        if threshold is not None and (unrelated := coherence.unrelated_fields(doc, vector_of, threshold)):
            revise.append((len(done) - 1, c, c.texts(unrelated)))
    if revise:
        revised = _embed(provider, [t for *_, texts in revise for t in texts], gen.dimension, seen, stats)
        start = 0
        for i, c, texts in revise:
            done[i] = (c, texts, revised[start : start + len(texts)])
            start += len(texts)
    return done


def _embed_each(
    conn: Connection,
    provider: EmbeddingProvider,
    gen: Generation,
    todo: list[tuple[Claim, list[EmbeddingText]]],
    settings: Settings,
    stats: RunStats,
) -> tuple[list[tuple[Claim, list[EmbeddingText], Vectors]], str | None]:
    """After a failed batch call: one call per listing, so one bad document fails alone.

    Returns the listings embedded and, when the provider itself is at fault, why the run stops.
    """
    done: list[tuple[Claim, list[EmbeddingText], Vectors]] = []
    failures: list[tuple[Claim, Exception]] = []
    for index, (c, texts) in enumerate(todo):
        try:
            done += _embed_claims(provider, gen, [(c, texts)])
        except DimensionMismatchError as exc:
            rest = [x for x, _ in failures] + [x for x, _ in todo[index:]]
            for x in rest:
                _fail_with(conn, x, f"dimension_mismatch: {exc}", settings, stats)
            return done, f"dimension_mismatch: {exc}"
        except Exception as exc:  # whatever a document triggers fails only that document
            failures.append((c, exc))
        if (
            not done
            and len(failures) >= OUTAGE_EVIDENCE
            and all(isinstance(e, EmbeddingUnavailable) for _, e in failures)
        ):
            reason = f"provider unavailable: {failures[-1][1]}"
            for x, _ in todo:
                stats.released += release(conn, x, reason, settings.retry_base_seconds)
            return [], reason
    for c, error in failures:
        _fail_with(conn, c, f"{type(error).__name__}: {error}", settings, stats)
    return done, None


def _process(
    conn: Connection,
    provider: EmbeddingProvider,
    gen: Generation,
    claims: list[Claim],
    settings: Settings,
    stats: RunStats,
    seen: TextVectors | None = None,
) -> str | None:
    """Embed and write one claimed batch; returns why the run must stop, if it must."""
    items: list[tuple[Claim, Sequence[EmbeddingText] | None, Vectors | None]] = []
    todo: list[tuple[Claim, list[EmbeddingText]]] = []
    for c in claims:
        if c.unchanged:
            items.append((c, None, None))
            continue
        try:
            todo.append((c, c.texts()))
        except Exception as exc:  # a malformed stored document fails its own job only
            _fail_with(conn, c, f"cannot build texts: {exc!r}", settings, stats)
    stop: str | None = None
    if todo:
        try:
            embedded = _embed_claims(provider, gen, todo, seen, stats)
        except DimensionMismatchError as exc:
            for c, _ in todo:
                _fail_with(conn, c, f"dimension_mismatch: {exc}", settings, stats)
            stop = f"dimension_mismatch: {exc}"
        except Exception:  # find the document at fault, one listing at a time
            done, stop = _embed_each(conn, provider, gen, todo, settings, stats)
            items += done
        else:
            items += embedded
    result = complete_many(conn, items)
    written = {c.job_id for c in result.written}
    stats.stale += len(result.stale)
    for c, written_texts, _ in items:
        if c.job_id not in written:
            continue
        if written_texts is None:
            stats.unchanged += 1
        else:
            stats.embedded += 1
            stats.texts += len(written_texts)
    return stop


def _connection(source: ConnectionSource) -> AbstractContextManager[Connection]:
    if isinstance(source, psycopg.Connection):
        return nullcontext(source)
    return source.connection() if hasattr(source, "connection") else source()


@contextmanager
def _autocommit(source: ConnectionSource) -> Iterator[Connection]:
    with _connection(source) as conn:
        if conn.info.transaction_status != pq.TransactionStatus.IDLE:
            conn.commit()
        previous = conn.autocommit
        conn.autocommit = True
        try:
            yield conn
        finally:
            conn.autocommit = previous


def run_once(
    source: ConnectionSource,
    provider: EmbeddingProvider,
    settings: Settings,
    worker_id: str,
    *,
    generation_ids: Sequence[int] | None = None,
    max_batches: int | None = None,
    time_budget_s: float | None = None,
    on_batch: Callable[[int], object] | None = None,
    build_index: bool = True,
) -> dict[str, Any]:
    """Drain the queue of the live generation whose identity is the provider's; returns counts.

    Only a generation built with exactly this provider identity is fed, so vectors of different
    models never share a table. Stops when nothing is due, after ``max_batches`` claims, when
    the time budget (default settings.embed_run_seconds) is spent, or when the provider fails.
    ``build_index=False`` leaves the HNSW index to the caller (parallel workers build it once, after).
    """
    stats = RunStats()
    seen = TextVectors(settings.embed_reuse_texts)
    deadline = time.monotonic() + (settings.embed_run_seconds if time_budget_s is None else time_budget_s)
    with _autocommit(source) as conn:
        _ensure_vector_adapter(conn)
        gen = generation_for(conn, provider.identity)
        wanted = generation_ids is None or (gen is not None and gen.id in generation_ids)
        if gen is None or gen.state == "retired" or not wanted:
            stats.stopped = "no live generation for this provider's identity"
            return stats.as_dict()
        stats.generations.append(gen.id)
        jobs.enqueue_missing(conn, gen.id)
        while (max_batches is None or stats.batches < max_batches) and time.monotonic() < deadline:
            if _stop_requested.is_set():
                stats.stopped = "stop requested"
                break
            claims = claim(
                conn,
                gen.id,
                worker_id,
                settings.embed_batch_size,
                settings.lease_seconds,
                max_attempts=settings.max_attempts,
            )
            if not claims:
                break
            stats.batches += 1
            stats.claimed += len(claims)
            stop = _process(conn, provider, gen, claims, settings, stats, seen)
            if on_batch is not None:
                on_batch(len(claims))
            if stop is not None:
                stats.stopped = stop
                break
        if build_index and stats.embedded and maybe_create_hnsw(conn, gen, settings.hnsw_threshold):
            stats.hnsw_created.append(gen.id)
    return stats.as_dict()


# Set by a long-lived host (souk serve) that is shutting down: the run ends after its current batch,
# so the process never exits while a batch is half-embedded on another thread.
_stop_requested = threading.Event()


def request_stop() -> None:
    _stop_requested.set()


def drain(
    source: ConnectionSource,
    settings: Settings,
    provider: EmbeddingProvider | None = None,
    *,
    worker_id: str | None = None,
    on_batch: Callable[[int], object] | None = None,
) -> dict[str, Any]:
    """Embed everything due for the configured provider's generation, without a time budget.

    Jobs waiting out a retry backoff are left for a later run. ``source`` may be a bare
    connection (its open transaction is committed first: claims must be visible to others).
    """
    provider = provider or configured_provider(settings)
    worker_id = worker_id or default_worker_id()
    return run_once(source, provider, settings, worker_id, time_budget_s=math.inf, on_batch=on_batch)


def default_worker_id() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def scheduled_run(event: dict[str, Any]) -> dict[str, Any]:
    """The scheduled embedding job (functions/embed_job): one bounded drain, after any fan-out it needs.

    A missing or broken model gives ``{"skipped": reason}``, not a crash: search runs lexical-only.
    """
    from souk.db import get_pool

    settings = get_settings()
    try:
        provider = configured_provider(settings)
    except (EmbeddingUnavailable, TypeError, ValueError) as exc:  # no model, or a misconfigured provider
        return _skipped(str(exc))
    pool = get_pool(settings)
    with pool.connection() as conn:
        if not one(conn.execute("SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS on"))["on"]:
            # pgvector is optional (search runs keyword-only); this used to be a traceback every minute
            return _skipped("the database has no pgvector extension, so search runs keyword-only")
        gen = ensure_default_generation(conn, settings, provider)
        # A scheduled tick with a long queue starts more workers first (souk.embedding.fanout).
        spread = fanout.maybe_fan_out(event, conn, gen.id, settings)
    result = run_once(pool, provider, settings, default_worker_id())
    result["fanout"] = spread
    logger.info("embedding job: %s", result)
    with pool.connection() as conn:
        record_embedding_run(result, queue_totals(conn))
    return result


_said: set[str] = set()


def _skipped(reason: str) -> dict[str, Any]:
    """The job's answer when it cannot run; said as a warning once per process, then at debug level (the job runs
    every minute and the cause does not change by itself)."""
    logger.log(logging.DEBUG if reason in _said else logging.WARNING, "embedding job skipped: %s", reason)
    _said.add(reason)
    return {"skipped": reason}


def queue_totals(conn: Connection) -> dict[str, int]:
    """The queue of every generation still being served or built (retired ones are never drained)."""
    totals: dict[str, int] = {}
    for row in jobs.queue_stats(conn).values():
        if row["state"] != "retired":
            for key in ("queued", "leased", "expired", "dead"):
                totals[key] = totals.get(key, 0) + int(row[key])
    return totals
