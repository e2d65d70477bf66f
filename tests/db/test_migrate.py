"""Migrations on a new database, several migrators at once (two Lambdas cold-starting, serve beside mcp)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import psycopg
import pytest
from psycopg.conninfo import make_conninfo

from souk.db.migrate import MigrationError, migrate, migration_files


@contextmanager
def _scratch_database(database_url: str, prefix: str, options: str = "") -> Iterator[str]:
    """A new database (``options``: what CREATE DATABASE takes after its name) for one test; its conninfo."""
    name = f"{prefix}_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name} {options}")
    try:
        yield make_conninfo(database_url, dbname=name)
    finally:
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def test_migrators_starting_together_on_a_new_database_all_succeed(database_url):
    # The bookkeeping table was created before the lock was taken: one of two migrators starting together failed on
    # the catalog's unique type name (3 times out of 3 in a hunt).
    for _ in range(3):
        with _scratch_database(database_url, "souk_migrate") as url, ThreadPoolExecutor(4) as pool:
            results = list(pool.map(migrate, [url] * 4))
            applied = sorted(name for result in results for name in result)
            assert applied == sorted(p.name for p in migration_files())  # each applied once, by one of them


def test_a_database_that_is_not_utf8_is_refused_before_anything_is_created(database_url):
    # LATIN1 and SQL_ASCII took every migration on empty tables, then failed every catalog write (NFKC needs UTF8);
    # on SQL_ASCII the bookkeeping names came back as bytes and the next start re-ran 0001.
    latin1 = "ENCODING 'LATIN1' TEMPLATE template0 LC_COLLATE 'C' LC_CTYPE 'C'"
    with _scratch_database(database_url, "souk_latin1", latin1) as url:
        with pytest.raises(MigrationError, match="UTF8"):
            migrate(url)
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT to_regclass('schema_migrations')").fetchone() == (None,)


def test_a_role_that_may_not_create_can_start_on_a_migrated_database(database_url):
    # Every start ran CREATE TABLE IF NOT EXISTS schema_migrations, which needs CREATE on the schema even when the
    # table exists: a read-write runtime role beside an owner that migrates could not start.
    role = f"souk_rw_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(database_url, autocommit=True) as admin:
        admin.execute(f"CREATE ROLE {role} LOGIN")
        admin.execute(f"GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO {role}")
        may_create = admin.execute("SELECT has_schema_privilege(%s, 'public', 'CREATE')", (role,)).fetchone()
        assert may_create == (False,)  # PostgreSQL 15+ grants PUBLIC no CREATE on public
    try:
        assert migrate(make_conninfo(database_url, user=role)) == []
    finally:
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {role}")
            admin.execute(f"DROP ROLE IF EXISTS {role}")


def test_every_run_brings_pgvector_up_to_the_servers_version(database_url):
    # Migration 0011 updated the extension once: a database migrated before a later pgserver upgrade kept the older
    # SQL-level pgvector (and, below 0.8, lost iterative HNSW scans) for good.
    with _scratch_database(database_url, "souk_pgvector") as url:
        migrate(url)
        with psycopg.connect(url, autocommit=True) as conn:
            server = conn.execute(
                "SELECT default_version FROM pg_available_extensions WHERE name = 'vector'"
            ).fetchone()
            if server is None or server[0] == "0.8.0":
                pytest.skip("needs a server whose pgvector is newer than 0.8.0")
            # The state after a package upgrade: the server's files are newer than the database's extension.
            conn.execute("UPDATE pg_extension SET extversion = '0.8.0' WHERE extname = 'vector'")
        assert migrate(url) == []  # nothing new to apply ...
        with psycopg.connect(url) as conn:
            row = conn.execute(
                "SELECT e.extversion, a.default_version FROM pg_extension e"
                " JOIN pg_available_extensions a ON a.name = e.extname WHERE e.extname = 'vector'"
            ).fetchone()
        assert row is not None and row[0] == row[1] != "0.8.0"  # ... and the extension was updated all the same
