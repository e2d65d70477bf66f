"""The embedded server's pgvector scans HNSW iteratively (>= 0.8), and migration 0011, which brings an older
database's extension up to the server's, never fails a migration run."""

from __future__ import annotations

import psycopg

from souk.db.migrate import MIGRATIONS_DIR
from souk.search import semantic

UPDATE = MIGRATIONS_DIR / "0011_pgvector_update.sql"


def test_the_embedded_server_offers_iterative_hnsw_scans(db):
    row = db.execute(
        """SELECT e.extversion, a.default_version FROM pg_extension e
           JOIN pg_available_extensions a ON a.name = e.extname WHERE e.extname = 'vector'"""
    ).fetchone()
    assert row["extversion"] == row["default_version"]  # migrated to what the server has
    assert semantic._version(row["extversion"]) >= (0, 8)
    assert semantic.vector_plan(db, "embeddings_g0").iterative


def test_the_update_is_a_notice_where_the_role_may_not_update_the_extension(db):
    notices: list[str] = []

    def note(diagnostic: psycopg.errors.Diagnostic) -> None:
        notices.append(diagnostic.message_primary or "")

    db.add_notice_handler(note)
    db.execute("DROP ROLE IF EXISTS souk_no_owner")
    db.execute("CREATE ROLE souk_no_owner")
    # Pretend the server has a newer pgvector than the database (the state after a package upgrade).
    db.execute("UPDATE pg_extension SET extversion = '0.6.2' WHERE extname = 'vector'")
    try:
        db.execute("SET ROLE souk_no_owner")
        db.execute(UPDATE.read_text(encoding="utf-8"))  # must not raise
        db.execute("RESET ROLE")
        assert any("pgvector was not updated" in n for n in notices)
        version = db.execute("SELECT extversion FROM pg_extension WHERE extname = 'vector'").fetchone()
        assert version["extversion"] == "0.6.2"
    finally:
        db.rollback()
        db.remove_notice_handler(note)  # the connection goes back to the pool
