"""The lexical index: per-field term frequencies and lengths that BM25F reads (written at cataloging time)."""

from __future__ import annotations

from collections import Counter
from enum import IntEnum
from urllib.parse import urlparse

from psycopg import Connection

from souk.catalog.document import ListingDocument
from souk.search.analysis import tokenize


class Field(IntEnum):
    NAME = 1  # service name and MCP tool name
    TAGS = 2
    DESCRIPTION = 3
    PARAMS = 4  # parameter names and descriptions
    OUTPUT = 5  # output field names
    URL = 6  # host and path segments


def field_texts(doc: ListingDocument) -> dict[Field, str]:
    """The text of each BM25F field; declared fields only."""
    url = urlparse(doc.resource_url)
    host = (url.hostname or "").removeprefix("www.")
    return {
        Field.NAME: " ".join(filter(None, [doc.service_name, doc.tool_name])),
        Field.TAGS: " ".join(doc.tags),
        Field.DESCRIPTION: doc.description or "",
        Field.PARAMS: " ".join(f"{p.name} {p.description or ''}" for p in doc.params),
        Field.OUTPUT: " ".join(doc.output_fields),
        Field.URL: f"{host.rsplit('.', 1)[0]} {url.path}",
    }


def field_terms(doc: ListingDocument) -> dict[Field, Counter[str]]:
    return {f: Counter(tokenize(text)) for f, text in field_texts(doc).items()}


def write_postings(conn: Connection, listing_id: int, doc: ListingDocument) -> None:
    """Replace the listing's postings and field lengths (same transaction as the catalog write)."""
    conn.execute("DELETE FROM lexical_postings WHERE listing_id = %s", (listing_id,))
    conn.execute("DELETE FROM lexical_field_lengths WHERE listing_id = %s", (listing_id,))
    postings: list[tuple[int, int, str, int]] = []
    lengths: list[tuple[int, int, int]] = []
    for f, counts in field_terms(doc).items():
        lengths.append((listing_id, int(f), sum(counts.values())))
        postings.extend((listing_id, int(f), term, tf) for term, tf in sorted(counts.items()))
    with conn.cursor() as cur:
        cur.executemany("INSERT INTO lexical_field_lengths (listing_id, field, length) VALUES (%s, %s, %s)", lengths)
        if postings:
            cur.executemany(
                "INSERT INTO lexical_postings (listing_id, field, term, tf) VALUES (%s, %s, %s, %s)", postings
            )
