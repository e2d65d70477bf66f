"""Hooks run in the cataloging transaction when a listing's searchable content changes."""

from __future__ import annotations

from souk.catalog.document import ListingDocument
from souk.db.types import Connection


def index_listing(conn: Connection, listing_id: int, doc: ListingDocument, search_text: str, content_hash: str) -> None:
    """Write lexical postings and queue embedding work (filled in by the search modules)."""
    from souk.search import lexical_index  # late import: search depends on catalog, not the reverse

    lexical_index.write_postings(conn, listing_id, doc)
    from souk.embedding import jobs

    jobs.enqueue(conn, listing_id, content_hash)
