"""What the post-fusion stages need to know about each fused candidate, read in one statement.

Query signals (assets, chains named as topics, sandbox twins), the settlement boost, the health
demotion and origin diversity each used to read the same candidates' rows on their own: four round
trips per search where one does. On the embedded Postgres the one statement costs about what the four
did (a demo search: 12.1 -> 9.5 statements, same time); against a database across a network each
round trip saved is a network latency.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import NamedTuple

from psycopg.rows import tuple_row

from souk.config import PAYMENT_OPTIONS_CEILING
from souk.db.id_array import IdArray
from souk.db.types import Connection
from souk.networks import PRODUCTION_NETWORKS
from souk.search.origins import operator_of_url
from souk.search.signals import SETTLEMENT_SATURATION


# A NamedTuple, not a frozen dataclass: up to 250 are made a search, and a frozen dataclass's __init__ sets each
# field through object.__setattr__ (measured 0.5-2.0 us for 4-10 fields, a NamedTuple 0.2-0.45 us).
class Candidate(NamedTuple):
    id: int
    resource_url: str
    operator: str  # the registrable domain of the resource's host (souk.search.origins)
    pay_to: str
    networks: tuple[str, ...]
    asset_symbols: tuple[str, ...]
    payers: int  # distinct payers of paid settlements on production networks in the quality window (capped: _SQL)
    health_score: float | None  # the probe EWMA, None when never probed
    alive_at: datetime | None  # last healthy probe or verified payment, whichever is later
    description_key: str  # md5 of the description, lower-cased and whitespace-collapsed ("" without one)
    type: str  # http | mcp
    steers_agents: bool  # the description speaks to the ranking or the choosing agent (migration 0015)
    keyword_stuffed: bool  # the description is a keyword list repeating its words (souk.catalog.stuffing)
    text_signature: bytes | None  # MinHash of its words (souk.search.signature); empty: too few words; None: not yet


# Only settlements on production networks count (souk.networks.PRODUCTION_NETWORKS, an allow-list): test tokens,
# and those of a chain nobody checks (a seller's own dev chain), are free, so a seller paying itself there could buy
# any popularity it liked (a helper's attack took a stuffed listing from #5 to #1 with 30 such settlements). Nor
# is one payer counted twice: on production networks a seller paying itself 1 atomic unit ten times bought the
# full boost for $0.00001 (red team, 2026-12-06); ten payers are ten wallets to fund and keep apart. Nor is a $0
# settlement a payment (as for last_paid_at, migration 0017): a listing priced at zero could otherwise collect it
# from any number of fresh, unfunded wallets. A settlement reported without a payer (the field is optional) is the
# signer's of its EVM authorization (FacilitatorEvent.payer); those with no payer at all count as one payer together,
# however many: each counted as its own payer, ten 1-unit settlements bought the boost again (a probe, 2026-12-07).
_PRODUCTION = sorted(PRODUCTION_NETWORKS)

# The payers are read from settlement_payers (migration 0026: one row per listing, network and payer, kept when a
# settlement is written), never from the settlements: ten listings with 100,000 settlements each among the candidates
# took a 14k-listing search from 17 to 668 ms counting them. At most PAYER_ROWS rows a candidate: a payer has one
# row per network, and a listing's settlements name the networks of its payment options (at most
# PAYMENT_OPTIONS_CEILING), so past that many rows at least SETTLEMENT_SATURATION distinct payers are among them: a
# capped count earns the boost the full one would. A payer counts when it paid after the window's
# start and had paid by ``now`` (its first payment): "paid in (since, now]" whenever no payment is dated after now.
# Columns in Candidate's order, NULLs and types settled here: up to 250 rows a search become Candidates
# positionally, without a dict per row (which cost more than the statement itself on the 2-core box).
PAYER_ROWS = SETTLEMENT_SATURATION * PAYMENT_OPTIONS_CEILING
_SQL = f"""
SELECT l.id, l.resource_url, l.operator, coalesce(l.pay_to, ''), coalesce(l.networks, '{{}}'),
       coalesce(l.asset_symbols, '{{}}'),
       (SELECT count(DISTINCT r.payer) FILTER (WHERE NOT r.anonymous) + coalesce(bool_or(r.anonymous)::int, 0) FROM (
           SELECT p.payer, p.anonymous FROM settlement_payers p
           WHERE p.listing_id = l.id AND p.last_settled_at > %(since)s AND p.first_settled_at <= %(now)s
             AND p.network = ANY(%(production)s)
           ORDER BY p.last_settled_at DESC  -- an index scan that stops at the limit (a bitmap scan reads every row)
           LIMIT {PAYER_ROWS}) r
       )::int,
       h.score::float8,
       CASE WHEN h.listing_id IS NOT NULL THEN GREATEST(h.last_ok_at, l.last_verified_at) END,
       l.description_key, l.type, l.steers_agents, coalesce(l.keyword_stuffed, false), l.text_signature
FROM listings l
LEFT JOIN listing_health h ON h.listing_id = l.id AND h.probes > 0
WHERE l.id = ANY(%(ids)s)
"""


def read(conn: Connection, ids: list[int], now: datetime, window_days: int) -> dict[int, Candidate]:
    """Each listing among ``ids`` that still exists, with its payers in the ``window_days`` before ``now``."""
    if not ids:
        return {}
    args = {"ids": IdArray(ids), "since": now - timedelta(days=window_days), "now": now, "production": _PRODUCTION}
    with conn.cursor(row_factory=tuple_row) as cur:
        rows = cur.execute(_SQL, args).fetchall()
    return {
        lid: Candidate(
            lid,
            url,
            # stored when cataloged; a row written before that column existed gets its operator computed here
            operator if operator is not None else operator_of_url(url),
            pay_to,
            tuple(networks),
            tuple(assets),
            *rest,
        )
        for lid, url, operator, pay_to, networks, assets, *rest in rows
    }
