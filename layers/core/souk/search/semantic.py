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
from collections.abc import Sequence
from dataclasses import dataclass
from time import monotonic
from typing import NamedTuple

import numpy as np
from psycopg.rows import tuple_row

from souk.config import Settings
from souk.db.id_array import IdArray
from souk.db.local_settings import local_settings
from souk.db.types import Connection, one
from souk.embedding.generations import configured_provider
from souk.embedding.provider import EmbeddingProvider, EmbeddingUnavailable, GenerationIdentity
from souk.search.where import narrows, unfiltered


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
    pending: bool | None = None  # embedding jobs not done when it was read (None: not read; ask the queue)


# A NamedTuple, not a frozen dataclass: up to 250 are made a search, and a frozen dataclass's __init__ sets each
# field through object.__setattr__ (measured 0.5-2.0 us for 4-10 fields, a NamedTuple 0.2-0.45 us).
class SemanticHit(NamedTuple):
    listing_id: int
    similarity: float  # best of the listing text and (when enabled) its synthetic queries
    listing_similarity: float  # the listing text alone: short synthetic queries match noise too easily


_TABLE = re.compile(r"^embeddings_g\d+$")


# One round trip on the hot path: the extension check, the active generation and whether its queue is
# drained (what partial_coverage asks), read together. Named columns, not g.*: the statement is prepared, and a
# migration adding a column to embedding_generations would change a g.* row type under it ("cached plan must not
# change result type" on every warm connection).
_ACTIVE_SQL = """
SELECT v.has_vector, g.id, g.vector_table, g.provider, g.model_id, g.model_revision, g.dimension, g.pooling,
       g.normalization,
       EXISTS (SELECT 1 FROM embedding_jobs j WHERE j.generation_id = g.id AND j.state <> 'done') AS pending_jobs
FROM (SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'vector') AS has_vector) v
LEFT JOIN embedding_generations g ON g.state = 'active'
"""


def active_generation(conn: Connection) -> ActiveGeneration:
    row = one(conn.execute(_ACTIVE_SQL))
    if not row["has_vector"]:
        raise SemanticUnavailable("no_pgvector", "the vector extension is not installed in this database")
    if row["id"] is None:
        raise SemanticUnavailable("no_active_generation", "no embedding generation is active")
    if not _TABLE.match(row["vector_table"]):
        raise SemanticUnavailable("bad_generation", f"unexpected vector table name {row['vector_table']!r}")
    identity = GenerationIdentity.of(row)
    return ActiveGeneration(row["id"], identity, row["vector_table"], bool(row["pending_jobs"]))


def query_provider(settings: Settings) -> EmbeddingProvider:
    """The settings' provider, built by the one factory the embedding job uses too (same validation)."""
    try:
        return configured_provider(settings)
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


# With an HNSW index: vector rows asked of the index per query (a listing has its text vector and its
# synthetic queries' vectors, so several rows often name one listing). pgvector's HNSW scan returns at
# most hnsw.ef_search rows, and its cost grows with ef_search (k=100: ~1.6 ms, k=1000-2000: ~15 ms at
# 14k listings), so the index is asked for what fusion uses: weighted RRF gives rank r a 1/(k+r) share,
# and past a few hundred rows the tail no longer moves the first pages.
HNSW_ROWS = 400
# The exact scan (no index) reads every row anyway; its LIMIT only sizes the top-N sort.
EXACT_ROWS_PER_LISTING = 8
_EF_SEARCH_MAX = 1000  # pgvector's upper limit for hnsw.ef_search
# A network filter that passes at most this many vector rows is scanned exactly, planned with a random_page_cost
# for data in memory, so the planner reads the filtered listings through the network index and their vectors by
# listing instead of hashing every vector row (at the default of 4 it did the latter). Measured on the 14k
# benchmark catalog (49k rows; eval/bench_search_scale.txt): a filter passing ~11.4k rows (Base Sepolia) took
# 58-66 ms exactly at cost 4, 21-27 ms at 1.1, and 37-55 ms through HNSW, whose filtered scan returned ~4,100 index
# tuples to find 400 that pass; ~4.2k rows (Stellar) 14-16 ms either way; ~29k rows (Base) 79 ms exactly and 12-14
# through HNSW. Over the 53 filtered golden queries (three interleaved rounds) the pipeline's p95 went from
# 51-61 to 46-51 ms with the threshold at 16k rows and the cost at 1.1, from 10k rows and the server's cost.
EXACT_SCAN_MAX_ROWS = 16_000
EXACT_SCAN_RANDOM_PAGE_COST: float | None = 1.1
_SHARE_TTL_S = 60.0


@dataclass(frozen=True, slots=True)
class VectorPlan:
    """How the arm reads one generation's table: what the server offers, looked up once per table."""

    hnsw: bool  # the table has its HNSW index
    iterative: bool  # pgvector >= 0.8: hnsw.iterative_scan keeps scanning until the filter is satisfied


@dataclass
class SemanticTrace:
    """What one search did (benchmarks read it): the strategy and rows the index returned."""

    strategy: str = ""
    rows: int = 0


_plans: dict[tuple[str, str], tuple[VectorPlan, float]] = {}
_plans_lock = threading.Lock()
# How long a table without its index is taken to have none: the index appears once, at a size threshold,
# and until a search sees it the arm scans exactly (slower, never wrong).
_NO_INDEX_TTL_S = 10.0


def _table_key(conn: Connection, table: str) -> tuple[str, str]:
    """A vector table as one process meets it: the same name in another database, or in another schema
    that a connection's options point ``search_path`` at (the evaluation's scratch schemas), is another table."""
    info = conn.info
    return (f"{info.host}:{info.port}/{info.dbname}?{info.options}", table)


def forget_tables() -> None:
    """Drop what this process learned of vector tables (their index, their filters' statistics): for a
    process that drops and recreates them under the same names."""
    with _plans_lock:
        _plans.clear()
        _shares.clear()


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(p) for p in re.findall(r"\d+", text)[:3])


def vector_plan(conn: Connection, table: str) -> VectorPlan:
    """Per (database, table): the HNSW index appears once, at a size threshold (souk.embedding.generations),
    and a new generation is a new table, so a cached answer goes stale only by a missing index (exact
    scan: slower, never wrong), for at most ``_NO_INDEX_TTL_S``."""
    key = _table_key(conn, table)
    cached = _plans.get(key)
    if cached is not None and (cached[0].hnsw or monotonic() - cached[1] < _NO_INDEX_TTL_S):
        return cached[0]
    row = one(conn.execute(
        """SELECT (SELECT extversion FROM pg_extension WHERE extname = 'vector') AS version,
                  EXISTS (SELECT 1 FROM pg_indexes WHERE schemaname = current_schema()
                          AND indexname = %s) AS hnsw""",
        (f"{table}_hnsw",),
    ))
    plan = VectorPlan(hnsw=bool(row["hnsw"]), iterative=_version(row["version"] or "0") >= (0, 8))
    with _plans_lock:
        _plans[key] = (plan, monotonic())
    return plan


_shares: dict[tuple[str, str], tuple[float, dict[str, float], float, float]] = {}


def network_rows(conn: Connection, table: str, networks: Sequence[str]) -> float | None:
    """Estimated vector rows of listings paid on any of ``networks``, from the planner's statistics
    (``pg_stats`` on ``listings.networks``, ``reltuples`` of ``table``), read at most once a minute per
    process. An upper bound (a listing on two of them counts twice); None before the tables are analyzed."""
    key = _table_key(conn, table)
    cached = _shares.get(key)
    if cached is None or monotonic() - cached[0] > _SHARE_TTL_S:
        row = one(conn.execute(
            """SELECT (SELECT s.most_common_elems::text::text[] FROM pg_stats s
                       WHERE s.schemaname = current_schema() AND s.tablename = 'listings'
                         AND s.attname = 'networks') AS elems,
                      (SELECT s.most_common_elem_freqs FROM pg_stats s
                       WHERE s.schemaname = current_schema() AND s.tablename = 'listings'
                         AND s.attname = 'networks') AS freqs,
                      (SELECT c.reltuples FROM pg_class c WHERE c.oid = to_regclass(%s)) AS vectors""",
            (table,),
        ))
        elems, freqs = row["elems"] or [], [float(f) for f in (row["freqs"] or [])]
        shares = dict(zip(elems, freqs, strict=False))
        rarest = min(shares.values(), default=1.0)  # a value not listed is no more common than the rarest one
        cached = (monotonic(), shares, rarest, float(row["vectors"] or -1))
        _shares[key] = cached
    _, shares, rarest, vectors = cached
    if not shares or vectors <= 0:
        return None
    return min(1.0, sum(shares.get(net, rarest) for net in networks)) * vectors


def semantic_search(
    conn: Connection,
    generation: ActiveGeneration,
    vector: np.ndarray,
    *,
    where: str,
    args: dict[str, object],
    pool: int,
    synthetic: bool,
    networks: Sequence[str] = (),
    trace: SemanticTrace | None = None,
) -> list[SemanticHit]:
    """The ``pool`` listings nearest ``vector`` among those passing ``where`` (alias ``l``).

    Without an HNSW index: an exact scan. With one: an index scan of ``HNSW_ROWS`` rows; when a filter
    leaves the index short of rows (pgvector < 0.8 stops after ef_search candidates, so a selective
    network or type filter can leave nothing), the filtered listings are scanned exactly instead, so a
    filtered search never comes back short of what the catalog holds. pgvector >= 0.8 scans iteratively
    (``hnsw.iterative_scan``) and needs the fallback only when even that stops early. ``networks`` (the
    network filter in ``where``, if any) lets a selective filter go straight to the exact scan, and a
    filtered index scan is planned for its own values: a generic plan of a prepared statement cannot tell
    a filter passing 1% of the catalog from one passing 60%, and picked the wrong strategy for one or the
    other (up to 86 ms instead of 8 at 14k)."""
    if vector.shape[0] != generation.identity.dimension:
        raise SemanticUnavailable(
            "wrong_dimension",
            f"query vector has {vector.shape[0]} dimensions, generation {generation.id} has "
            f"{generation.identity.dimension}",
        )
    from pgvector import Vector

    kinds = "" if synthetic else "AND e.kind = 'listing'"
    params = args | {"qv": Vector(vector.astype(np.float32)), "pool": pool}
    plan = vector_plan(conn, generation.vector_table)
    trace = trace if trace is not None else SemanticTrace()
    filtered = not unfiltered(where)
    # Visibility passes nearly every row: the index is asked for what fusion needs and its plan is reused; only
    # the iterative scan (and the exact fallback below) covers the rows it drops.
    narrowing = narrows(where)
    selective = False
    if plan.hnsw and filtered and networks:
        estimate = network_rows(conn, generation.vector_table, networks)
        selective = estimate is not None and estimate <= EXACT_SCAN_MAX_ROWS
    # Set for this arm's statements only (a search's reads share one transaction): reset after them, not rolled
    # back to a savepoint, which would make psycopg forget every prepared statement of the connection.
    local: dict[str, str] = {}
    exact_only = not plan.hnsw or selective
    if exact_only:
        trace.strategy = "exact" if not plan.hnsw else "exact (selective filter)"
        if selective and EXACT_SCAN_RANDOM_PAGE_COST is not None:
            local["random_page_cost"] = str(EXACT_SCAN_RANDOM_PAGE_COST)
        inner = pool * EXACT_ROWS_PER_LISTING
    else:
        # A small pool (the abstention reference's 10 listings) needs no more rows than the exact scan would read.
        inner = max(min(HNSW_ROWS, pool * EXACT_ROWS_PER_LISTING), pool)
        # A filter discards part of what the index returns: let it look further before giving up.
        local["hnsw.ef_search"] = str(min(_EF_SEARCH_MAX, inner * (4 if narrowing else 1)))
        if filtered and plan.iterative:
            # Relaxed: rows in about the index's order, which is all the LIMIT needs (the outer query groups and
            # re-sorts them). Filtered searches the index serves on the 100k benchmark catalog, 61 of them,
            # interleaved: mean 29.9 -> 27.2 ms, p95 112 -> 100, overlap with the exact scan's top 250 0.72 -> 0.77
            # (eval/experiments/vector_scan_ab.py order).
            local["hnsw.iterative_scan"] = "relaxed_order"
    params["inner"] = inner
    with local_settings(conn, local):
        if exact_only:
            rows = _nearest(conn, generation, where, kinds, params, exact=plan.hnsw, custom_plan=narrowing)
        else:
            rows = _nearest(conn, generation, where, kinds, params, custom_plan=narrowing)
            trace.strategy, trace.rows = "hnsw", sum(n for *_, n in rows)
            if filtered and len(rows) < pool and trace.rows < inner:
                # The index ran out of candidates passing the filter, or the filter passes fewer rows
                # than asked: either way the exact scan of the filtered rows is complete and small.
                trace.strategy = "hnsw+exact"
                rows = _nearest(conn, generation, where, kinds, params, exact=True, custom_plan=narrowing)
    if not rows:
        has_any = conn.execute(f"SELECT 1 FROM {generation.vector_table} LIMIT 1").fetchone()
        if has_any is None:
            raise SemanticUnavailable("no_vectors", f"generation {generation.id} holds no vectors yet")
    return [SemanticHit(lid, similarity, listing_similarity) for lid, similarity, listing_similarity, _ in rows]


def bound_synthetic(hits: list[SemanticHit], margin: float) -> list[SemanticHit]:
    """Each hit's cosine at most ``margin`` above its listing text's, in the new order. A synthetic query is
    a name or first sentence on its own ("weather forecast" for a horoscope service named so): it may say what
    the listing text says more query-like, not something the text does not. A hit whose text vector was not
    among the rows read (``listing_similarity`` 0) is left as it is."""
    bounded = [
        h._replace(similarity=min(h.similarity, h.listing_similarity + margin)) if h.listing_similarity > 0 else h
        for h in hits
    ]
    return sorted(bounded, key=lambda h: (-h.similarity, h.listing_id))


def _nearest(
    conn: Connection,
    generation: ActiveGeneration,
    where: str,
    kinds: str,
    params: dict[str, object],
    *,
    exact: bool = False,
    custom_plan: bool = False,
) -> list[tuple[int, float, float, int]]:
    """(listing id, best cosine of any of its vectors, of its listing vector (0 if not among them), vectors
    seen): tuples, not dicts, for up to 250 rows a search. With ``custom_plan`` (a filter narrower than
    visibility) the statement is never prepared, so it is planned for its own filter values each time. A vector of
    text the listing no longer has is not read while re-embeds are queued: until the job re-embeds it, the old text
    ranked the listing for its old topic (a probe, 2026-12-07: "capybara census" found a listing now describing tax
    invoices, for ~60 s)."""
    # "+ 0" makes the distance an expression the index cannot serve, so the planner scans the filtered rows; ordered
    # by its column, it is computed once a row (ordered by a second copy, twice: the filtered exact scans of 30 golden
    # queries on the 14k benchmark catalog, mean 10.1 -> 9.4 ms, the same rankings; eval/experiments/vector_scan_ab.py).
    distance = "(e.embedding <=> %(qv)s) + 0" if exact else "e.embedding <=> %(qv)s"
    # Only a queued re-embed leaves old vectors behind, so the condition is added only then: on every search it
    # moved the planner off the filtered exact scan's listing index (14k: filtered queries p95 39 -> 149 ms).
    current = "" if generation.pending is False else " AND e.content_hash = l.content_hash"
    sql = f"""
        SELECT c.listing_id, max(1 - c.c_distance) AS similarity,
               coalesce(max(1 - c.c_distance) FILTER (WHERE c.kind = 'listing'), 0) AS listing_similarity,
               count(*) AS n
        FROM (
            SELECT e.listing_id, e.kind, {distance} AS c_distance
            FROM {generation.vector_table} e JOIN listings l ON l.id = e.listing_id
            WHERE {where}{current} {kinds}
            ORDER BY c_distance
            LIMIT %(inner)s
        ) c
        GROUP BY c.listing_id
        ORDER BY similarity DESC, c.listing_id
        LIMIT %(pool)s
    """
    with conn.cursor(row_factory=tuple_row) as cur:
        return cur.execute(sql, params, prepare=False if custom_plan else None).fetchall()


def coverage(conn: Connection, generation: ActiveGeneration) -> tuple[int, int]:
    """(listings with a vector of their current text in the generation, all listings)."""
    row = one(conn.execute(
        f"""SELECT (SELECT count(DISTINCT e.listing_id) FROM {generation.vector_table} e
                      JOIN listings l ON l.id = e.listing_id
                     WHERE e.kind = 'listing' AND e.content_hash = l.content_hash) AS covered,
                   (SELECT count(*) FROM listings) AS total"""
    ))
    return int(row["covered"]), int(row["total"])


def partial_coverage(conn: Connection, generation: ActiveGeneration) -> str | None:
    """The degraded reason while some listing still lacks a vector, else None. On the hot path: the
    indexed queue check answers the usual case (everything embedded) without counting vectors; it was
    read with the generation when ``active_generation`` returned it."""
    pending = generation.pending
    if pending is None:
        pending = one(conn.execute(
            "SELECT EXISTS (SELECT 1 FROM embedding_jobs WHERE generation_id = %s AND state <> 'done') AS pending",
            (generation.id,),
        ))["pending"]
    if not pending:
        return None
    covered, total = coverage(conn, generation)
    if covered >= total:
        return None
    return f"partial_coverage: {covered}/{total} listings have vectors of their current text"


def without_vectors(conn: Connection, generation: ActiveGeneration, listing_ids: Sequence[int]) -> set[int]:
    """Which of ``listing_ids`` have no vector of their current text in ``generation`` yet (cataloged or changed since
    the embedding job last ran)."""
    if not listing_ids:
        return set()
    rows = conn.execute(
        f"SELECT DISTINCT e.listing_id FROM {generation.vector_table} e JOIN listings l ON l.id = e.listing_id"
        " WHERE e.listing_id = ANY(%s) AND e.content_hash = l.content_hash",
        (IdArray(listing_ids),),
    ).fetchall()
    return set(listing_ids) - {r["listing_id"] for r in rows}


def impute_unembedded(
    lexical: Sequence[tuple[int, float]], hits: list[SemanticHit], unembedded: set[int]
) -> list[SemanticHit]:
    """``hits`` plus, for each listing the arm could not see because it has no vector yet (``unembedded``, from
    ``lexical``: (listing id, BM25F score), best first), a hit placing it as high among the cosines as it stands
    among the BM25F scores (its score over the best, times the best cosine). Without one, a listing cataloged a
    minute ago lost to every embedded listing under fusion: "quokkafy" did not find Quokkafy until the embedding
    job ran. Only the missing arm is imputed; listings with vectors keep their own cosines."""
    best_lexical = max((score for _, score in lexical), default=0.0)
    if not unembedded or best_lexical <= 0 or not hits:
        return hits  # no cosine to place them against: inventing one (1.0) would call any lexical match strong
    best = max(h.similarity for h in hits)
    best_listing = max(h.listing_similarity for h in hits)
    imputed = [
        SemanticHit(lid, best * share, best_listing * share)
        for lid, score in lexical
        if lid in unembedded and (share := max(score, 0.0) / best_lexical) > 0
    ]
    return sorted([*hits, *imputed], key=lambda h: (-h.similarity, h.listing_id))
