"""The lexical arm: BM25F over Souk's own postings tables (Robertson, Zaragoza & Taylor, CIKM 2004;
Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009).

Per term, field frequencies are length-normalised per field and weighted before saturation:
``tf~ = sum_f w_f * tf_f / (1 - b_f + b_f * len_f / avglen_f)``;
``score = sum_t idf(t) * tf~ / (k1 + tf~)`` with ``idf = ln(1 + (N - df + 0.5) / (df + 0.5))``.
Plain SQL over tables maintained at cataloging time, so it runs on any Postgres (RDS, Aurora, embedded).
"""

from __future__ import annotations

from dataclasses import dataclass

from psycopg import Connection

from souk.search.lexical_index import Field


@dataclass(frozen=True, slots=True)
class LexicalHit:
    listing_id: int
    score: float
    matched: int  # distinct query terms matched
    idf_coverage: float = 1.0  # share of the query's IDF mass this listing matched


_SQL = """
WITH q AS (SELECT DISTINCT unnest(%(terms)s::text[]) AS term),
n AS (SELECT greatest(count(*), 1)::float8 AS n FROM listings),
avgl AS (SELECT field, greatest(avg(length), 1)::float8 AS avglen FROM lexical_field_lengths GROUP BY field),
w AS (SELECT unnest(%(fields)s::int[]) AS field, unnest(%(weights)s::float8[]) AS weight,
             unnest(%(bs)s::float8[]) AS b),
df AS (SELECT p.term, count(DISTINCT p.listing_id)::float8 AS df
       FROM lexical_postings p JOIN q USING (term) GROUP BY p.term),
qmass AS (SELECT sum(ln(1 + (n.n - coalesce(d.df, 0) + 0.5) / (coalesce(d.df, 0) + 0.5))) AS mass
          FROM q CROSS JOIN n LEFT JOIN df d USING (term)),
tf AS (
    SELECT p.listing_id, p.term,
           sum(w.weight * p.tf / (1 - w.b + w.b * fl.length / avgl.avglen)) AS wtf
    FROM lexical_postings p
    JOIN q USING (term)
    JOIN w ON w.field = p.field
    JOIN lexical_field_lengths fl ON fl.listing_id = p.listing_id AND fl.field = p.field
    JOIN avgl ON avgl.field = p.field
    GROUP BY p.listing_id, p.term
)
SELECT tf.listing_id,
       round(sum(ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5)) * tf.wtf / (%(k1)s + tf.wtf))::numeric, 9) AS score,
       count(*) AS matched,
       round((sum(ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5))) / max(qmass.mass))::numeric, 9) AS idf_coverage
FROM tf JOIN df USING (term) CROSS JOIN n CROSS JOIN qmass
JOIN listings l ON l.id = tf.listing_id
WHERE {where}
GROUP BY tf.listing_id
-- Rounded: a float sum depends on the order rows arrive in, and equal scores must tie on the id.
ORDER BY score DESC, tf.listing_id
LIMIT %(pool)s
"""


def bm25f_search(
    conn: Connection,
    terms: list[str],
    *,
    where: str,
    args: dict[str, object],
    k1: float,
    field_weights: tuple[float, ...],
    field_b: tuple[float, ...],
    pool: int,
) -> list[LexicalHit]:
    """Rank listings passing ``where`` (alias ``l``) by BM25F over ``terms`` (already analyzed)."""
    if not terms:
        return []
    fields = [int(f) for f in Field]
    if len(field_weights) != len(fields) or len(field_b) != len(fields):
        raise ValueError(f"need one weight and one b per field ({len(fields)})")
    params = args | {
        "terms": terms,
        "fields": fields,
        "weights": list(field_weights),
        "bs": list(field_b),
        "k1": k1,
        "pool": pool,
    }
    rows = conn.execute(_SQL.format(where=where), params).fetchall()
    return [LexicalHit(r["listing_id"], float(r["score"]), int(r["matched"]), float(r["idf_coverage"])) for r in rows]


def term_document_frequency(conn: Connection, terms: list[str]) -> dict[str, int]:
    rows = conn.execute(
        "SELECT term, count(DISTINCT listing_id) AS df FROM lexical_postings WHERE term = ANY(%s) GROUP BY term",
        (terms,),
    ).fetchall()
    return {r["term"]: int(r["df"]) for r in rows}


def listings_with_terms(conn: Connection, listing_ids: list[int], terms: list[str]) -> set[int]:
    """Which of ``listing_ids`` contain any of ``terms`` in any field (used to demote negated terms)."""
    if not listing_ids or not terms:
        return set()
    rows = conn.execute(
        "SELECT DISTINCT listing_id FROM lexical_postings WHERE listing_id = ANY(%s) AND term = ANY(%s)",
        (listing_ids, terms),
    ).fetchall()
    return {r["listing_id"] for r in rows}
