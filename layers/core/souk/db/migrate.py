"""Apply the numbered SQL files in ``migrations/`` in order, once each (``REPEATED`` ones again at every run),
recording them in a table."""

from __future__ import annotations

import re
from pathlib import Path

import psycopg

MIGRATIONS_DIR = Path(__file__).resolve().parents[4] / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")
# Applied in order like the rest, then again at every later run: idempotent by construction, and following a state
# that changes outside the database's history. A database keeps the SQL-level pgvector version it was created or
# last updated with while the server's files move on with each pgserver or package upgrade (0011's header).
REPEATED = frozenset({"0011_pgvector_update.sql"})


class MigrationError(RuntimeError):
    pass


def migration_files(directory: Path = MIGRATIONS_DIR) -> list[Path]:
    if not directory.is_dir():
        raise MigrationError(f"migrations directory not found: {directory}")
    files = sorted(p for p in directory.iterdir() if _NAME.match(p.name))
    numbers = [p.name[:4] for p in files]
    if len(set(numbers)) != len(numbers):
        raise MigrationError(f"duplicate migration numbers in {directory}")
    return files


def migrate(conninfo: str, directory: Path = MIGRATIONS_DIR) -> list[str]:
    """Apply pending migrations; returns the names applied (empty when up to date)."""
    applied: list[str] = []
    with psycopg.connect(conninfo, autocommit=False) as conn:
        # Serialise concurrent migrators (two Lambdas cold-starting together, `souk serve` beside `souk mcp`), the
        # bookkeeping table's creation included: two CREATE TABLE IF NOT EXISTS at once on a new database make one
        # fail on the catalog's unique type name.
        conn.execute("SELECT pg_advisory_xact_lock(7342001)")
        # The steering flag normalizes text (NFKC) and the catalog stores any language: a LATIN1 or SQL_ASCII database
        # took every migration on empty tables and then failed every catalog write (a 500 each).
        encoding = conn.execute("SHOW server_encoding").fetchone()
        if encoding is None or encoding[0] != "UTF8":
            raise MigrationError(
                f"the database's encoding is {encoding[0] if encoding else '?'}; Souk needs a UTF8 database "
                "(CREATE DATABASE ... ENCODING 'UTF8' TEMPLATE template0)"
            )
        files = migration_files(directory)
        # A role that may read and write but not create (the usual runtime role beside an owner that migrates) can
        # serve a database with nothing pending: the bookkeeping table is created only when it is missing. Looked up in
        # the schema it would be created in, not along the search path (a scratch schema before public: souk eval).
        present = conn.execute(
            "SELECT EXISTS (SELECT 1 FROM pg_tables"
            " WHERE schemaname = current_schema() AND tablename = 'schema_migrations')"
        ).fetchone()
        if present != (True,):
            conn.execute(
                "CREATE TABLE IF NOT EXISTS schema_migrations ("
                " name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
            )
        done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
        for path in files:
            if path.name in done:
                continue
            conn.execute(path.read_text(encoding="utf-8"))
            conn.execute("INSERT INTO schema_migrations (name) VALUES (%s)", (path.name,))
            applied.append(path.name)
        for name in sorted(REPEATED & done):
            conn.execute((directory / name).read_text(encoding="utf-8"))
        conn.commit()
    return applied
