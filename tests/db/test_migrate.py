"""Migrations on a new database, several migrators at once (two Lambdas cold-starting, serve beside mcp)."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor

import psycopg
from psycopg.conninfo import make_conninfo

from souk.db.migrate import migrate, migration_files


def test_migrators_starting_together_on_a_new_database_all_succeed(database_url):
    # The bookkeeping table was created before the lock was taken: one of two migrators starting together failed on
    # the catalog's unique type name (3 times out of 3 in a hunt).
    for _ in range(3):
        name = f"souk_migrate_{uuid.uuid4().hex[:8]}"
        with psycopg.connect(database_url, autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {name}")
        url = make_conninfo(database_url, dbname=name)
        try:
            with ThreadPoolExecutor(4) as pool:
                results = list(pool.map(migrate, [url] * 4))
            applied = sorted(name for result in results for name in result)
            assert applied == sorted(p.name for p in migration_files())  # each applied once, by one of them
        finally:
            with psycopg.connect(database_url, autocommit=True) as admin:
                admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
