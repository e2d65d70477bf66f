"""The lexical index: per-field term frequencies and lengths that BM25F reads (written at cataloging time)."""

from __future__ import annotations

from collections import Counter
from enum import IntEnum
from urllib.parse import urlparse

from souk.db.types import Connection
from souk.listing.document import ListingDocument
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
    """Replace the listing's postings and field lengths (same transaction as the catalog write).

    The BM25F corpus statistics (migration 0008) follow from these writes by trigger: this listing's
    old contribution is subtracted by the deletes and its new one added by the inserts."""
    conn.execute("DELETE FROM lexical_field_lengths WHERE listing_id = %s", (listing_id,))
    conn.execute("DELETE FROM lexical_postings WHERE listing_id = %s", (listing_id,))
    postings: list[tuple[int, int, str, int, int]] = []
    lengths: list[tuple[int, int, int]] = []
    for f, counts in field_terms(doc).items():
        length = sum(counts.values())
        lengths.append((listing_id, int(f), length))
        postings.extend((listing_id, int(f), term, tf, length) for term, tf in sorted(counts.items()))
    # One statement per table: the statement-level stats triggers then run once per listing, not per row.
    conn.execute(
        "INSERT INTO lexical_field_lengths (listing_id, field, length)"
        " SELECT * FROM unnest(%s::bigint[], %s::smallint[], %s::int[])",
        [list(col) for col in zip(*lengths, strict=True)],
    )
    if postings:
        conn.execute(
            "INSERT INTO lexical_postings (listing_id, field, term, tf, field_length)"
            " SELECT * FROM unnest(%s::bigint[], %s::smallint[], %s::text[], %s::int[], %s::int[])",
            [list(col) for col in zip(*postings, strict=True)],
        )
