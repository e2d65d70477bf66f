"""Hooks run in the cataloging transaction when a listing's searchable content changes."""

from __future__ import annotations

from souk.db.types import Connection
from souk.embedding import jobs
from souk.listing.document import ListingDocument
from souk.search import lexical_index


def index_listing(conn: Connection, listing_id: int, doc: ListingDocument, search_text: str, content_hash: str) -> None:
    """Write lexical postings and queue embedding work, in the same transaction as the listing."""
    lexical_index.write_postings(conn, listing_id, doc)
    jobs.enqueue(conn, listing_id, content_hash)
