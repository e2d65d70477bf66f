"""Baseline lexical arms for the evaluation: what Souk is measured against, run through the same pipeline.

- ``phrase``: the whole query must appear as one phrase in the listing text (LocalMark's old search).
- ``tsrank``: Postgres full-text ``ts_rank_cd`` over the canonical text (no IDF: not BM25).
"""

from __future__ import annotations

from souk.db.types import Connection
from souk.search.bm25f import LexicalHit


def phrase_search(conn: Connection, phrase: str, *, where: str, args: dict[str, object], pool: int) -> list[LexicalHit]:
    phrase = " ".join(phrase.split())
    if not phrase:
        return []
    # Field priority as the old search had it: name, then tags, then description, then anything else.
    rows = conn.execute(
        f"""SELECT l.id AS listing_id,
                   CASE WHEN strpos(lower(coalesce(l.service_name, '') || ' ' || coalesce(l.tool_name, '')), %(p)s) > 0
                        THEN 4
                        WHEN strpos(lower(array_to_string(coalesce(l.tags, '{{}}'), ' ')), %(p)s) > 0 THEN 3
                        WHEN strpos(lower(coalesce(l.description, '')), %(p)s) > 0 THEN 2
                        ELSE 1 END AS score
            FROM listings l
            WHERE {where} AND strpos(lower(l.search_text), %(p)s) > 0
            ORDER BY score DESC, l.last_settled_at DESC NULLS LAST, l.id
            LIMIT %(pool)s""",
        args | {"p": phrase.lower(), "pool": pool},
    ).fetchall()
    return [LexicalHit(r["listing_id"], float(r["score"]), 1) for r in rows]


def tsrank_search(conn: Connection, query: str, *, where: str, args: dict[str, object], pool: int) -> list[LexicalHit]:
    if not query.strip():
        return []
    rows = conn.execute(
        f"""WITH q AS (SELECT replace(plainto_tsquery('english', %(q)s)::text, '&', '|')::tsquery AS tsq)
            SELECT l.id AS listing_id, ts_rank_cd(to_tsvector('english', l.search_text), q.tsq) AS score
            FROM listings l CROSS JOIN q
            WHERE {where} AND to_tsvector('english', l.search_text) @@ q.tsq
            ORDER BY score DESC, l.id
            LIMIT %(pool)s""",
        args | {"q": query, "pool": pool},
    ).fetchall()
    return [LexicalHit(r["listing_id"], float(r["score"]), 1) for r in rows]
