"""The lexical arm: BM25F over Souk's own postings tables (Robertson, Zaragoza & Taylor, CIKM 2004;
Robertson & Zaragoza, "The Probabilistic Relevance Framework", 2009).

Per term, field frequencies are length-normalised per field and weighted before saturation:
``tf~ = sum_f w_f * tf_f / (1 - b_f + b_f * len_f / avglen_f)``;
``score = sum_t idf(t) * tf~ / (k1 + tf~)`` with ``idf = ln(1 + (N - df + 0.5) / (df + 0.5))``.
Plain SQL over tables maintained at cataloging time, so it runs on any Postgres (RDS, Aurora, embedded).

Corpus statistics (N, per-field average lengths, document frequencies) are kept at write time
(migration 0008), and top-k evaluation is MaxScore (Turtle & Flood 1995): every term has an upper bound
on what it can add to any listing's score (its IDF times the saturation of the largest weighted tf it can
have, from the largest tf and shortest field of its postings). Terms are ordered by bound; the listings
matching the strongest ("essential") terms are scored exactly over every query term, and when the
k-th best of them already beats the summed bounds of the remaining terms, no listing matching only
those can enter the top k: their postings (the common words, most of a query's matches) are never read.
Otherwise the essential set grows, down to every term (the exhaustive scan). Scores are the same SQL
expression as the exhaustive query (``bm25f_search_reference``), so the top k is identical.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import NamedTuple

from psycopg.rows import tuple_row

from souk.db.id_array import IdArray
from souk.db.types import Connection
from souk.lifecycle.visibility import LISTED_SQL
from souk.search.lexical_index import Field
from souk.search.where import narrows


# A NamedTuple, not a frozen dataclass: up to 250 are made a search, and a frozen dataclass's __init__ sets each
# field through object.__setattr__ (measured 0.5-2.0 us for 4-10 fields, a NamedTuple 0.2-0.45 us).
class LexicalHit(NamedTuple):
    listing_id: int
    score: float
    matched: int  # distinct query terms matched
    idf_coverage: float = 1.0  # share of the query's IDF mass this listing matched


@dataclass(frozen=True, slots=True)
class CorpusStats:
    n: int  # listings
    avglen: dict[int, float]  # field -> average length (at least 1)
    df: dict[str, int]  # query term -> listings containing it (terms no listing has are absent)
    bounds: dict[str, dict[int, tuple[int, int]]]  # term -> field -> (largest tf, shortest field length)


# The query as it ran before migration 0008, statistics recomputed from the tables (the reference).
_REFERENCE_SQL = """
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

# Maintained statistics (avglen is the numeric division avg() does, so the float is the same), scoring
# only the listings matching an essential term; otherwise the same expressions as the reference.
_MAXSCORE_SQL = """
WITH q AS (SELECT DISTINCT unnest(%(terms)s::text[]) AS term),
n AS (SELECT greatest(coalesce((SELECT doc_count FROM bm25f_field_stats WHERE field = 0), 0), 1)::float8 AS n),
avgl AS (SELECT field, greatest(total_length::numeric / doc_count, 1)::float8 AS avglen
         FROM bm25f_field_stats WHERE field > 0 AND doc_count > 0),
w AS (SELECT unnest(%(fields)s::int[]) AS field, unnest(%(weights)s::float8[]) AS weight,
             unnest(%(bs)s::float8[]) AS b),
-- Per field its weight, b and average length, joined once (six rows), not once per posting.
wf AS MATERIALIZED (SELECT w.field, w.weight, w.b, avgl.avglen FROM w JOIN avgl USING (field)),
df AS (SELECT term, df::float8 AS df FROM bm25f_term_stats JOIN q USING (term) WHERE df > 0),
-- Per query term its IDF, computed once (the same float expression the reference computes per row).
idf AS MATERIALIZED (SELECT df.term, ln(1 + (n.n - df.df + 0.5) / (df.df + 0.5)) AS idf FROM df CROSS JOIN n),
qmass AS (SELECT sum(ln(1 + (n.n - coalesce(d.df, 0) + 0.5) / (coalesce(d.df, 0) + 0.5))) AS mass
          FROM q CROSS JOIN n LEFT JOIN df d USING (term)),
{tf}
SELECT tf.listing_id,
       round(sum(idf.idf * tf.wtf / (%(k1)s + tf.wtf))::numeric, 9) AS score,
       count(*) AS matched,
       round((sum(idf.idf) / max(qmass.mass))::numeric, 9) AS idf_coverage
FROM tf JOIN idf USING (term) CROSS JOIN qmass
GROUP BY tf.listing_id
ORDER BY score DESC, tf.listing_id
LIMIT %(pool)s
"""

# The tf CTE of _MAXSCORE_SQL. With some terms essential: every query term's postings of the listings
# matching an essential one (``cand``). With every term essential (nothing pruned) that is just the query terms'
# postings, read once instead of twice (no candidate set to build and join back).
_TF_OF_CANDIDATES = """tf AS (
    SELECT p.listing_id, p.term,
           sum(wf.weight * p.tf / (1 - wf.b + wf.b * p.field_length / wf.avglen)) AS wtf
    FROM cand c
    JOIN lexical_postings p ON p.listing_id = c.listing_id AND p.term = ANY(%(terms)s::text[])
    JOIN wf ON wf.field = p.field
    GROUP BY p.listing_id, p.term
)"""
_TF_ESSENTIAL = (
    """cand AS (SELECT l.id AS listing_id FROM listings l
         WHERE l.id IN (SELECT listing_id FROM lexical_postings WHERE term = ANY(%(essential)s::text[]){range})
           AND {where}),
"""
    + _TF_OF_CANDIDATES
)
_TF_ALL = """tf AS (
    SELECT p.listing_id, p.term,
           sum(wf.weight * p.tf / (1 - wf.b + wf.b * p.field_length / wf.avglen)) AS wtf
    FROM lexical_postings p
    {listings}JOIN wf ON wf.field = p.field
    WHERE p.term = ANY(%(terms)s::text[]){range} AND {where}
    GROUP BY p.listing_id, p.term
)"""
# With no filter beyond visibility (most searches), the same CTEs without the listings table: a posting's listing_id
# is all visibility reads (``where`` arrives with ``l.id`` replaced by ``p.listing_id``), and joining 100,000 listing
# ids only to carry it cost a long query 30 of its 139 ms (eval/bench_search_scale.txt).
_TF_ESSENTIAL_POSTINGS = (
    """cand AS (SELECT DISTINCT p.listing_id FROM lexical_postings p
         WHERE p.term = ANY(%(essential)s::text[]){range} AND {where}),
"""
    + _TF_OF_CANDIDATES
)
_JOIN_LISTINGS = "JOIN listings l ON l.id = p.listing_id\n    "
_LISTED_ON_POSTINGS = LISTED_SQL.replace("l.id", "p.listing_id")
# A share of the listings by id, read off the postings index ((term, listing_id)): two shares run side by side on
# two connections, and the top k of their two top-k lists is the top k of all (``IdRange``).
_RANGE = " AND {alias}listing_id >= %(id_from)s AND {alias}listing_id < %(id_to)s"

_STATS_SQL = """
SELECT NULL::text AS term, field, doc_count AS a, total_length AS b, NULL::int AS c FROM bm25f_field_stats
UNION ALL
SELECT s.term, bd.field, s.df, bd.max_tf, bd.min_length
FROM bm25f_term_stats s JOIN bm25f_term_bounds bd USING (term)
WHERE s.term = ANY(%(terms)s::text[]) AND s.df > 0
"""

IdRange = tuple[int, int]  # [from, to): a share of the listing ids

# Slack for the pruning test: bounds are computed in Python, scores in SQL and rounded to 9 decimals.
_MARGIN = 1e-8
# Up to this many (listing, term) matches, one evaluation of them all costs less than MaxScore's first guess and the
# second evaluation it usually needs (1.6 a query at 14k listings). Measured over the 226 golden queries
# (eval/bench_search_scale.py's catalogs, 3 passes): at 14k, BM25F p95 14.6 -> 11.6 ms unfiltered and 14.2 -> 9.4
# filtered; at 100k, mean 21.8 -> 20.1 and 26.2 -> 23.3 ms (p95 within noise). Scoring everything whatever the
# count was slower at 100k (p95 54 -> 86 ms): the pruning pays off only where the postings are many.
EXHAUSTIVE_MAX_MATCHES = 5_000


def corpus_stats(conn: Connection, terms: list[str]) -> CorpusStats:
    n, avglen = 0, {}
    df: dict[str, int] = {}
    bounds: dict[str, dict[int, tuple[int, int]]] = {}
    for r in conn.execute(_STATS_SQL, {"terms": terms}).fetchall():
        if r["term"] is None:
            if r["field"] == 0:
                n = int(r["a"])
            elif r["a"] > 0:
                avglen[int(r["field"])] = max(int(r["b"]) / int(r["a"]), 1.0)
        else:
            df[r["term"]] = int(r["a"])
            bounds.setdefault(r["term"], {})[int(r["field"])] = (int(r["b"]), int(r["c"]))
    return CorpusStats(max(n, 1), avglen, df, bounds)


def upper_bound(stats: CorpusStats, term: str, *, k1: float, weights: dict[int, float], bs: dict[int, float]) -> float:
    """The most ``term`` can add to any listing's score: tf <= max_tf and len >= min_length in each
    field bound each field's normalised tf (the denominator grows with len for 0 <= b <= 1); the
    saturation is increasing, and the sum over fields bounds the sum of per-listing maxima."""
    df = stats.df[term]
    idf = math.log(1 + (stats.n - df + 0.5) / (df + 0.5))
    wtf = 0.0
    for f, (max_tf, min_length) in stats.bounds.get(term, {}).items():
        if f in stats.avglen and f in weights:
            b = bs[f]
            wtf += weights[f] * max_tf / (1 - b + b * min_length / stats.avglen[f])
    return idf * wtf / (k1 + wtf) if wtf > 0 else 0.0


def _params(
    terms: list[str], k1: float, field_weights: tuple[float, ...], field_b: tuple[float, ...], pool: int
) -> dict[str, object]:
    fields = [int(f) for f in Field]
    if len(field_weights) != len(fields) or len(field_b) != len(fields):
        raise ValueError(f"need one weight and one b per field ({len(fields)})")
    return {
        "terms": terms,
        "fields": fields,
        "weights": list(field_weights),
        "bs": list(field_b),
        "k1": k1,
        "pool": pool,
    }


def _hits(conn: Connection, sql: str, params: dict[str, object], *, custom_plan: bool = False) -> list[LexicalHit]:
    """Run a scoring statement; its rows (up to 250) become hits positionally, without a dict each. With
    ``custom_plan`` the statement is never prepared: Postgres plans an unnamed statement for the values it is
    given, where a prepared one switches to a generic plan after five runs."""
    with conn.cursor(row_factory=tuple_row) as cur:
        rows = cur.execute(sql, params, prepare=False if custom_plan else None).fetchall()
    return [LexicalHit(lid, float(score), matched, float(coverage)) for lid, score, matched, coverage in rows]


def bm25f_search_reference(
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
    """The exhaustive evaluation with statistics recomputed from the postings: every matching listing
    scored. What ``bm25f_search`` must equal (tests, benchmarks)."""
    if not terms:
        return []
    params = args | _params(terms, k1, field_weights, field_b, pool)
    return _hits(conn, _REFERENCE_SQL.format(where=where), params)


@dataclass
class SearchTrace:
    """How one MaxScore evaluation went (benchmarks read it): essential terms per attempt."""

    attempts: list[int] = field(default_factory=list)
    terms: int = 0


@dataclass
class Plan:
    """A BM25F top-k search up to its last evaluation: ``hits`` when the first one settled the top k, else the
    essential terms of the evaluation that will, which ``final`` runs on any connection, on all listings or a
    share of their ids (two shares on two connections, ``merge``d, give the same top k)."""

    hits: list[LexicalHit] | None
    matches: int  # (listing, term) matches the final evaluation reads
    _essential: int
    _order: list[str]
    _where: str
    _params: dict[str, object]
    _trace: SearchTrace | None

    def final(self, conn: Connection, id_range: IdRange | None = None) -> list[LexicalHit]:
        if self.hits is not None:
            return self.hits
        return _evaluate(conn, self._order, self._essential, self._where, self._params, id_range, self._trace)


def _evaluate(
    conn: Connection,
    order: list[str],
    e: int,
    where: str,
    params: dict[str, object],
    id_range: IdRange | None,
    trace: SearchTrace | None,
) -> list[LexicalHit]:
    """One evaluation: the listings matching ``order[:e]`` (every query term's when ``e`` is all of them)."""
    if trace is not None:
        trace.attempts.append(e)
    every = e == len(order)
    filtered = narrows(where)  # beyond visibility: the listings table is read; else the postings alone
    share = "" if id_range is None else _RANGE.format(alias="p." if every or not filtered else "")
    if id_range is not None:
        params = params | {"id_from": id_range[0], "id_to": id_range[1]}
    if filtered:
        tf = (_TF_ALL if every else _TF_ESSENTIAL).format(where=where, range=share, listings=_JOIN_LISTINGS)
    else:
        listing_free = where.replace(LISTED_SQL, _LISTED_ON_POSTINGS)
        tf = (_TF_ALL if every else _TF_ESSENTIAL_POSTINGS).format(where=listing_free, range=share, listings="")
    # A generic plan of a filtered evaluation cannot tell a rail passing 23% of the catalog from one passing 1%: at
    # 100,000 listings it joined "code sandbox on Base Sepolia"'s postings to the listings in 47 ms, its own plan in 13.
    return _hits(conn, _MAXSCORE_SQL.format(tf=tf), params | {"essential": order[:e]}, custom_plan=filtered)


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
    trace: SearchTrace | None = None,
    exhaustive_below: int = EXHAUSTIVE_MAX_MATCHES,
    id_range: IdRange | None = None,
) -> list[LexicalHit]:
    """Rank listings passing ``where`` (alias ``l``) by BM25F over ``terms`` (already analyzed): the
    top ``pool``, exactly as the exhaustive evaluation ranks them. Terms matching at most
    ``exhaustive_below`` listings in all are scored in one evaluation, without pruning. With ``id_range``, only
    the listings whose id is in it, scored with the whole catalog's statistics (``merge`` joins two shares)."""
    plan = plan_search(
        conn,
        terms,
        where=where,
        args=args,
        k1=k1,
        field_weights=field_weights,
        field_b=field_b,
        pool=pool,
        trace=trace,
        exhaustive_below=exhaustive_below,
        id_range=id_range,
    )
    return plan.final(conn, id_range)


def plan_search(
    conn: Connection,
    terms: list[str],
    *,
    where: str,
    args: dict[str, object],
    k1: float,
    field_weights: tuple[float, ...],
    field_b: tuple[float, ...],
    pool: int,
    trace: SearchTrace | None = None,
    exhaustive_below: int = EXHAUSTIVE_MAX_MATCHES,
    id_range: IdRange | None = None,
) -> Plan:
    """``bm25f_search`` up to its last evaluation (MaxScore's first guess, when it prunes, runs here)."""
    done = Plan([], 0, 0, [], where, {}, trace)
    if not terms or pool <= 0:
        return done
    params = args | _params(terms, k1, field_weights, field_b, pool)
    stats = corpus_stats(conn, list(dict.fromkeys(terms)))
    present = [t for t in dict.fromkeys(terms) if stats.df.get(t)]
    if not present:
        return done
    fields = [int(f) for f in Field]
    prunable = k1 >= 0 and all(w >= 0 for w in field_weights) and all(0 <= b <= 1 for b in field_b)
    weights, bs = dict(zip(fields, field_weights, strict=True)), dict(zip(fields, field_b, strict=True))
    ub = {t: upper_bound(stats, t, k1=k1, weights=weights, bs=bs) for t in present}
    order = sorted(present, key=lambda t: (-ub[t], t))
    # rest[e]: the most a listing matching none of order[:e] can score.
    rest = [math.fsum(ub[t] for t in order[e:]) for e in range(len(order) + 1)]
    if trace is not None:
        trace.terms = len(order)

    def final(e: int) -> Plan:
        return Plan(None, sum(stats.df[t] for t in order), e, order, where, params, trace)

    def beaten(e: int, theta: float) -> bool:
        return rest[e] * (1 + 1e-9) + _MARGIN < theta

    # First guess: the strongest terms that together match at least ``pool`` listings.
    e, seen = len(order), 0
    if prunable and sum(stats.df[t] for t in order) > exhaustive_below:
        for i, t in enumerate(order, 1):
            seen += stats.df[t]
            if seen >= pool:
                e = i
                break
    if e == len(order):
        return final(e)
    hits = _evaluate(conn, order, e, where, params, id_range, trace)
    if len(hits) < pool:
        return final(len(order))
    theta = hits[-1].score
    if beaten(e, theta):
        return Plan(hits, 0, e, order, where, params, trace)
    # The k-th best so far is a floor on the final k-th best: the fewest essential terms it prunes.
    return final(next(i for i in range(e + 1, len(order) + 1) if i == len(order) or beaten(i, theta)))


def merge(shares: list[list[LexicalHit]], pool: int) -> list[LexicalHit]:
    """The top ``pool`` of the listings of disjoint id shares, each share's own top ``pool``: in the exhaustive
    order (score descending, then id)."""
    return sorted((h for share in shares for h in share), key=lambda h: (-h.score, h.listing_id))[:pool]


def halves(conn: Connection) -> tuple[IdRange, IdRange] | None:
    """The listing ids' span cut at its middle (two index probes); None with no listings."""
    row = conn.execute("SELECT min(id) AS low, max(id) AS high FROM listings").fetchone()
    if row is None or row["low"] is None:
        return None
    low, high = int(row["low"]), int(row["high"]) + 1
    middle = (low + high) // 2
    return (low, middle), (middle, high)


def term_document_frequency(conn: Connection, terms: list[str]) -> dict[str, int]:
    rows = conn.execute("SELECT term, df FROM bm25f_term_stats WHERE term = ANY(%s) AND df > 0", (terms,)).fetchall()
    return {r["term"]: int(r["df"]) for r in rows}


def terms_in_listings(
    conn: Connection, listing_ids: list[int], terms: list[str], fields: list[int] | None = None
) -> dict[int, set[str]]:
    """Which of ``terms`` each of ``listing_ids`` contains, in any field or in ``fields`` only (listings
    with none are absent)."""
    found: dict[int, set[str]] = {}
    if not listing_ids or not terms:
        return found
    in_fields = "" if fields is None else " AND field = ANY(%s)"
    rows = conn.execute(
        "SELECT DISTINCT listing_id, term FROM lexical_postings WHERE listing_id = ANY(%s) AND term = ANY(%s)"
        + in_fields,
        (IdArray(listing_ids), terms) if fields is None else (IdArray(listing_ids), terms, fields),
    ).fetchall()
    for r in rows:
        found.setdefault(r["listing_id"], set()).add(r["term"])
    return found


def listings_with_terms(conn: Connection, listing_ids: list[int], terms: list[str]) -> set[int]:
    """Which of ``listing_ids`` contain any of ``terms`` in any field (used to demote negated terms)."""
    return set(terms_in_listings(conn, listing_ids, terms))
