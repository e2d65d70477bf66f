"""The evaluation catalog, loaded through the real cataloging path into an isolated schema.

Evaluation never touches the serving tables: it migrates a scratch schema (``souk_eval`` by default)
on the same server and points ``search_path`` at it, so the deployed database can host its own eval.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import psycopg
from psycopg.conninfo import make_conninfo
from psycopg.rows import dict_row

from souk.catalog.loader import load_events, read_events
from souk.config import Settings
from souk.db.migrate import MIGRATIONS_DIR, migrate

_SCHEMA = re.compile(r"^[a-z_][a-z0-9_]{0,40}$")


def schema_conninfo(base_url: str, schema: str) -> str:
    if not _SCHEMA.match(schema):
        raise ValueError(f"bad schema name {schema!r}")
    return make_conninfo(base_url, options=f"-c search_path={schema},public")


def connect(conninfo: str) -> psycopg.Connection[Any]:
    conn = psycopg.connect(conninfo, row_factory=dict_row)
    try:
        from pgvector.psycopg import register_vector

        register_vector(conn)
    except Exception:
        conn.rollback()
    return conn


def reset_schema(base_url: str, schema: str, settings: Settings) -> str:
    """Drop and re-create ``schema`` with every migration applied; returns its conninfo."""
    conninfo = schema_conninfo(base_url, schema)
    drop_schema(base_url, schema)
    with psycopg.connect(base_url, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    migrate(conninfo, settings.migrations_dir or MIGRATIONS_DIR)
    return conninfo


def drop_schema(base_url: str, schema: str) -> None:
    """Drop a scratch schema and everything in it (nothing when it does not exist)."""
    if not _SCHEMA.match(schema):
        raise ValueError(f"bad schema name {schema!r}")
    with psycopg.connect(base_url, autocommit=True) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


@dataclass(frozen=True, slots=True)
class SlugMap:
    """Golden judgments name listings by fixture slug; the catalog by row id."""

    by_slug: dict[str, int]

    @property
    def by_id(self) -> dict[int, str]:
        return {v: k for k, v in self.by_slug.items()}


def _template_regex(template: str) -> re.Pattern[str]:
    parts = [("[^/]+" if seg.startswith(":") else re.escape(seg)) for seg in template.split("/")]
    return re.compile("^" + "/".join(parts) + "$")


def map_slugs(conn: psycopg.Connection[Any], listings_file: Path) -> SlugMap:
    rows = conn.execute("SELECT id, resource_url, method, tool_name, route_template FROM listings").fetchall()
    exact = {(r["resource_url"], r["method"], r["tool_name"]): r["id"] for r in rows}
    templated = [r for r in rows if r["route_template"]]
    by_slug: dict[str, int] = {}
    for line in listings_file.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        item = json.loads(line)
        url = item["url"].split("?")[0]
        key = (url, item.get("method") if not item.get("toolName") else None, item.get("toolName"))
        found = exact.get(key)
        if found is None and not item.get("toolName"):
            parsed = urlparse(url)
            for r in templated:
                target = urlparse(r["resource_url"])
                if (
                    target.netloc == parsed.netloc
                    and r["method"] == item.get("method")
                    and _template_regex(r["route_template"]).match(parsed.path)
                ):
                    found = r["id"]
                    break
        if found is not None:
            by_slug[item["id"]] = found
    return SlugMap(by_slug)


def load_fixture_catalog(conn: psycopg.Connection[Any], events_file: Path, settings: Settings) -> dict[str, Any]:
    summary = load_events(conn, read_events(events_file), settings)
    conn.commit()
    return summary
