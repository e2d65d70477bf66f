"""Apply the numbered SQL files in ``migrations/`` in order, once each, recording them in a table."""

from __future__ import annotations

import re
from pathlib import Path

import psycopg

MIGRATIONS_DIR = Path(__file__).resolve().parents[4] / "migrations"
_NAME = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


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
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {row[0] for row in conn.execute("SELECT name FROM schema_migrations")}
        for path in migration_files(directory):
            if path.name in done:
                continue
            conn.execute(path.read_text(encoding="utf-8"))
            conn.execute("INSERT INTO schema_migrations (name) VALUES (%s)", (path.name,))
            applied.append(path.name)
        conn.commit()
    return applied
