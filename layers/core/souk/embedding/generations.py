"""Embedding generations: one typed vector table per model identity, one of them active.

A generation is what makes vectors comparable (provider, model, revision, dimension, pooling,
normalization). Each has its own ``embeddings_g{id}`` table with a ``vector(dim)`` column, so a
vector of the wrong size cannot even be stored, and vectors of two models are never compared.
States: ``building`` (filling from the job queue), ``active`` (serves search; at most one),
``retired`` (kept, no longer fed). Switching is an explicit ``activate`` that refuses a generation
missing vectors unless forced.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from psycopg import sql
from psycopg.rows import dict_row

from souk.config import Settings
from souk.db.types import Connection, one
from souk.embedding import (
    REMOTE_KINDS,
    EmbeddingProvider,
    EmbeddingUnavailable,
    GenerationIdentity,
    get_provider,
    jobs,
)

# Serialises generation bookkeeping (create / activate / ensure) across processes.
_LOCK_KEY = 7342002
_COLUMNS = "id, provider, model_id, model_revision, dimension, pooling, normalization, vector_table, state"


class GenerationNotFound(LookupError):
    pass


class CoverageIncomplete(RuntimeError):
    """Activation refused: some listings have no vector in the generation."""


@dataclass(frozen=True, slots=True)
class Generation:
    id: int
    provider: str
    model_id: str
    model_revision: str
    dimension: int
    pooling: str
    normalization: str
    vector_table: str
    state: str

    @property
    def identity(self) -> GenerationIdentity:
        return GenerationIdentity.of(self)

    @property
    def table(self) -> sql.Identifier:
        return sql.Identifier(self.vector_table)


def vector_table_name(generation_id: int) -> str:
    return f"embeddings_g{int(generation_id)}"


def _generation(row: dict[str, Any]) -> Generation:
    return Generation(**{f.name: row[f.name] for f in fields(Generation)})


def _one(conn: Connection, query: str, params: dict[str, Any]) -> Generation | None:
    row = conn.cursor(row_factory=dict_row).execute(query, params).fetchone()
    return _generation(row) if row else None


def get_generation(conn: Connection, generation_id: int) -> Generation:
    query = f"SELECT {_COLUMNS} FROM embedding_generations WHERE id = %(id)s"
    found = _one(conn, query, {"id": generation_id})
    if found is None:
        raise GenerationNotFound(f"no embedding generation {generation_id}")
    return found


def list_generations(conn: Connection) -> list[Generation]:
    cur = conn.cursor(row_factory=dict_row)
    return [_generation(r) for r in cur.execute(f"SELECT {_COLUMNS} FROM embedding_generations ORDER BY id")]


def active_generation(conn: Connection) -> Generation | None:
    return _one(conn, f"SELECT {_COLUMNS} FROM embedding_generations WHERE state = 'active'", {})


def generation_for(conn: Connection, identity: GenerationIdentity) -> Generation | None:
    """The generation with exactly this identity, in any state (identities are unique)."""
    return _one(
        conn,
        f"""SELECT {_COLUMNS} FROM embedding_generations
             WHERE provider = %(provider)s AND model_id = %(model_id)s
               AND model_revision = %(model_revision)s AND dimension = %(dimension)s
               AND pooling = %(pooling)s AND normalization = %(normalization)s""",
        _identity_params(identity),
    )


def _identity_params(identity: GenerationIdentity) -> dict[str, Any]:
    return {
        "provider": identity.provider,
        "model_id": identity.model_id,
        "model_revision": identity.model_revision,
        "dimension": identity.dimension,
        "pooling": identity.pooling,
        "normalization": identity.normalization,
    }


def create_generation(conn: Connection, identity: GenerationIdentity) -> Generation:
    """Insert a ``building`` generation, create its vector table and queue every listing for it."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        new_id = one(
            conn.cursor(row_factory=dict_row).execute(
                "SELECT nextval(pg_get_serial_sequence('embedding_generations', 'id')) AS id"
            )
        )["id"]
        table = vector_table_name(new_id)
        conn.execute(
            """INSERT INTO embedding_generations
                 (id, provider, model_id, model_revision, dimension, pooling, normalization,
                  vector_table, state)
               VALUES (%(id)s, %(provider)s, %(model_id)s, %(model_revision)s, %(dimension)s, %(pooling)s,
                       %(normalization)s, %(table)s, 'building')""",
            {"id": new_id, "table": table, **_identity_params(identity)},
        )
        # the dimension is an int checked by the table's CHECK constraint, never seller input
        conn.execute(
            sql.SQL(
                """CREATE TABLE {table} (
                     listing_id bigint REFERENCES listings (id) ON DELETE CASCADE,
                     kind text CHECK (kind IN ('listing', 'synthetic')),
                     ordinal int,
                     text text,
                     content_hash text,
                     embedding vector({dim}) NOT NULL,
                     fencing_token bigint NOT NULL,
                     PRIMARY KEY (listing_id, kind, ordinal)
                   )"""
            ).format(table=sql.Identifier(table), dim=sql.Literal(int(identity.dimension)))
        )
        jobs.enqueue_generation(conn, new_id)
    return get_generation(conn, new_id)


def coverage(conn: Connection, generation_id: int) -> dict[str, Any]:
    """Listings holding a vector in the generation, of all listings; ``current`` ones match today's text."""
    gen = get_generation(conn, generation_id)
    row = (
        conn.cursor(row_factory=dict_row)
        .execute(
            sql.SQL(
                """SELECT (SELECT count(*) FROM listings) AS listings,
                      (SELECT count(*) FROM {t} WHERE kind = 'listing') AS with_vector,
                      (SELECT count(*) FROM {t} e JOIN listings l ON l.id = e.listing_id
                        WHERE e.kind = 'listing' AND e.content_hash = l.content_hash) AS current,
                      (SELECT count(*) FROM {t} WHERE kind = 'synthetic') AS synthetic_rows"""
            ).format(t=gen.table)
        )
        .fetchone()
    )
    assert row is not None
    listings = int(row["listings"])
    with_vector = int(row["with_vector"])
    return {
        "generation": gen.id,
        "state": gen.state,
        "listings": listings,
        "with_vector": with_vector,
        "current": int(row["current"]),
        "synthetic_rows": int(row["synthetic_rows"]),
        "ratio": 1.0 if listings == 0 else with_vector / listings,
    }


def activate(conn: Connection, generation_id: int, *, force: bool = False) -> Generation:
    """Make the generation serve search; the active one (if any) is retired in the same transaction.

    Refuses (CoverageIncomplete) while a listing has no vector there, unless ``force``: a forced
    generation serves what it has and keeps filling from the queue.
    """
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        gen = get_generation(conn, generation_id)
        if gen.state == "active":
            return gen
        cov = coverage(conn, generation_id)
        if not force and cov["with_vector"] < cov["listings"]:
            raise CoverageIncomplete(
                f"generation {generation_id} has vectors for {cov['with_vector']} of {cov['listings']} "
                "listings; drain the queue (`souk reindex`) or activate with --force"
            )
        conn.execute("UPDATE embedding_generations SET state = 'retired' WHERE state = 'active'")
        conn.execute(
            "UPDATE embedding_generations SET state = 'active', activated_at = now() WHERE id = %s",
            (generation_id,),
        )
        # a generation coming back from retirement missed the enqueues made while it was retired
        jobs.enqueue_generation(conn, generation_id, retry_dead=False)
    return get_generation(conn, generation_id)


def revive(conn: Connection, generation_id: int) -> Generation:
    """A retired generation back to ``building``: fed from the queue again (with what it missed while retired), to be
    activated once complete. Any other generation is returned as it is."""
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        if get_generation(conn, generation_id).state == "retired":
            conn.execute("UPDATE embedding_generations SET state = 'building' WHERE id = %s", (generation_id,))
            jobs.enqueue_generation(conn, generation_id, retry_dead=False)
    return get_generation(conn, generation_id)


def configured_provider(settings: Settings) -> EmbeddingProvider:
    """The provider the settings name (raises EmbeddingUnavailable when it cannot be built)."""
    kind = settings.embedding_provider
    remote: dict[str, Any] = {}
    if kind.strip().lower() in REMOTE_KINDS:
        s = settings
        if not (s.remote_embedding_url and s.remote_embedding_model and s.remote_embedding_dimension):
            raise EmbeddingUnavailable(
                "a remote embedding provider needs SOUK_REMOTE_EMBEDDING_URL, SOUK_REMOTE_EMBEDDING_MODEL "
                "and SOUK_REMOTE_EMBEDDING_DIMENSION"
            )
        key = settings.remote_embedding_api_key
        remote = {
            "base_url": settings.remote_embedding_url,
            "api_key": key.get_secret_value() if key else None,
            "model": settings.remote_embedding_model,
            "dimension": settings.remote_embedding_dimension,
            "timeout_s": settings.embedding_timeout_s,
        }
    return get_provider(kind, settings.model_dir, settings.embedding_threads, **remote)


def ensure_default_generation(
    conn: Connection, settings: Settings, provider: EmbeddingProvider | None = None
) -> Generation:
    """Make sure the configured provider has a live generation; activate it when nothing is active.

    A new generation starts empty and fills as the embedding job drains the queue; activating it
    at once (only when no other generation serves) lets a fresh install search semantically as soon
    as the first vectors land. A retired generation of the same identity is revived to building.
    """
    provider = provider or configured_provider(settings)
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (_LOCK_KEY,))
        gen = generation_for(conn, provider.identity)
        if gen is None:
            gen = create_generation(conn, provider.identity)
        elif gen.state == "retired":
            gen = revive(conn, gen.id)
        if gen.state != "active" and active_generation(conn) is None:
            gen = activate(conn, gen.id, force=True)
    return gen


def hnsw_index_name(gen: Generation) -> str:
    return f"{gen.vector_table}_hnsw"


def maybe_create_hnsw(
    conn: Connection, generation: Generation, threshold: int, *, maintenance_work_mem: str = "256MB"
) -> bool:
    """Build the HNSW index (cosine) once the table holds more than ``threshold`` rows.

    Below that an exact scan is fast and exact; returns True when an index was created now. The build gets
    ``maintenance_work_mem`` for its graph: one that does not fit is built far more slowly.
    """
    cur = conn.cursor(row_factory=dict_row)
    exists = cur.execute(
        "SELECT 1 FROM pg_indexes WHERE schemaname = current_schema() AND indexname = %s",
        (hnsw_index_name(generation),),
    ).fetchone()
    if exists:
        return False
    rows = cur.execute(sql.SQL("SELECT count(*) AS n FROM {t}").format(t=generation.table)).fetchone()
    if rows is None or int(rows["n"]) <= threshold:
        return False
    with conn.transaction():
        conn.execute("SELECT set_config('maintenance_work_mem', %s, true)", (maintenance_work_mem,))
        conn.execute(
            sql.SQL("CREATE INDEX IF NOT EXISTS {name} ON {t} USING hnsw (embedding vector_cosine_ops)").format(
                name=sql.Identifier(hnsw_index_name(generation)), t=generation.table
            )
        )
    return True
