"""The ranking pipeline: structured filters -> lexical || semantic -> weighted RRF -> relevance floor
-> query constraints, negation, settlement signal -> deterministic order -> origin diversity.

``rank`` is what every evaluation arm calls (switches live in the Profile), so no arm is
re-implemented beside the production code.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal
from urllib.parse import urlparse

from psycopg import Connection

from souk.config import Settings
from souk.discovery.filters import Filters, filter_sql
from souk.search import baselines, bm25f, semantic, signals
from souk.search.analysis import is_stopword_only, tokenize
from souk.search.fusion.rrf import weighted_rrf
from souk.search.profile import Profile
from souk.search.understanding import InterpretedQuery, interpret, normalize_query

logger = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RankRequest:
    query: str
    filters: Filters = field(default_factory=Filters)
    profile: Profile | None = None
    now: datetime | None = None
    page_size: int = 20  # origin diversity is enforced per page of this size


@dataclass
class RankResult:
    listing_ids: list[int]
    interpreted: InterpretedQuery
    search_method: str  # hybrid | lexical | semantic | browse | none
    partial: bool = False
    degraded_reason: str | None = None
    applied: dict[str, object] = field(default_factory=dict)
    unapplied: list[str] = field(default_factory=list)


def _plain_interpretation(query: str) -> InterpretedQuery:
    normalized = normalize_query(query)
    return InterpretedQuery(
        normalized=normalized,
        topical_terms=tuple(dict.fromkeys(tokenize(normalized))),
        topical_text=normalized,
        no_match=is_stopword_only(normalized),
    )


def _constraint_sql(
    iq: InterpretedQuery, filters: Filters, applied: dict[str, object]
) -> tuple[str, dict[str, object]]:
    """Query-derived hard constraints; an explicit parameter always wins over words in the query."""
    clauses: list[str] = []
    args: dict[str, object] = {}
    if iq.networks and filters.network is None:
        clauses.append("l.networks && %(q_networks)s::text[]")
        args["q_networks"] = list(iq.networks)
        applied["networks"] = list(iq.networks)
    if iq.type and filters.type is None:
        clauses.append("l.type = %(q_type)s")
        args["q_type"] = iq.type
        applied["type"] = iq.type
    if iq.method:
        clauses.append("l.method = %(q_method)s")
        args["q_method"] = iq.method
        applied["method"] = iq.method
    if iq.max_usd_price is not None and filters.max_usd_price is None:
        # Unknown-price listings cannot be shown to be under the cap, so they do not pass it.
        clauses.append("l.min_usd_price <= %(q_max_usd)s")
        args["q_max_usd"] = iq.max_usd_price
        applied["maxUsdPrice"] = str(iq.max_usd_price)
    return (" AND ".join(clauses) or "TRUE"), args


def rank(conn: Connection, request: RankRequest, settings: Settings, profile: Profile) -> RankResult:
    now = request.now or datetime.now(UTC)
    iq = interpret(request.query) if profile.constraints else _plain_interpretation(request.query)
    applied: dict[str, object] = dict(request.filters.applied())
    result = RankResult([], iq, "none", applied=applied, unapplied=list(iq.unapplied))
    if iq.no_match:
        return result

    where, args = filter_sql(request.filters)
    if profile.constraints:
        extra, extra_args = _constraint_sql(iq, request.filters, applied)
        where, args = f"{where} AND {extra}", args | extra_args

    if profile.constraints and iq.browse:
        rows = conn.execute(
            f"SELECT l.id FROM listings l WHERE {where}"
            " ORDER BY l.last_settled_at DESC NULLS LAST, l.min_usd_price ASC NULLS LAST, l.id LIMIT %(pool)s",
            args | {"pool": profile.pool},
        ).fetchall()
        result.listing_ids = [r["id"] for r in rows]
        result.search_method = "browse"
        return result

    rankings: dict[str, list[int]] = {}
    eligible: set[int] = set()
    lexical_hits = _lexical(conn, iq, profile, where, args)
    if lexical_hits is not None:
        rankings["lexical"] = [h.listing_id for h in lexical_hits]
        floor = _lexical_floor(profile)
        eligible |= {h.listing_id for h in lexical_hits if h.idf_coverage >= floor}

    if profile.semantic:
        try:
            generation = semantic.active_generation(conn)
            provider = semantic.query_provider(settings)
            if provider.identity != generation.identity:
                raise semantic.SemanticUnavailable(
                    "generation_mismatch", "the configured model is not the active generation's model"
                )
            vector = semantic.QUERY_CACHE.get(provider, iq.topical_text or iq.normalized)
            hits = semantic.semantic_search(
                conn,
                generation,
                vector,
                where=where,
                args=args,
                pool=profile.pool,
                synthetic=profile.synthetic,
            )
            rankings["semantic"] = [h.listing_id for h in hits]
            eligible |= {
                h.listing_id
                for h in hits
                if h.listing_similarity >= profile.semantic_floor or h.similarity >= profile.synthetic_floor
            }
            reason = semantic.partial_coverage(conn, generation)
            if reason is not None:
                result.partial = True
                result.degraded_reason = reason
        except semantic.SemanticUnavailable as exc:
            logger.warning("semantic arm unavailable: %s", exc)
            result.partial = True
            result.degraded_reason = f"{exc.reason}: {exc.detail}"

    weights = {"lexical": profile.lexical_weight, "semantic": profile.semantic_weight}
    if "semantic" in rankings and "lexical" in rankings:
        result.search_method = "hybrid"
    elif "lexical" in rankings:
        result.search_method = "lexical"
        weights = {"lexical": 1.0}
    elif "semantic" in rankings:
        result.search_method = "semantic"
        weights = {"semantic": 1.0}
    fused = weighted_rrf(rankings, weights, profile.rrf_k)
    scores = {lid: s for lid, s in fused.items() if lid in eligible or not profile.floor}

    if profile.constraints:
        _apply_query_signals(conn, scores, iq, profile)
    if profile.settlement:
        strength = signals.settlement_strength(conn, list(scores), now, settings.quality_window_days)
        for lid, s in strength.items():
            scores[lid] *= 1 + profile.settlement_boost * s

    ordered = sorted(scores, key=lambda lid: (-scores[lid], lid))
    if profile.diversity:
        ordered = _diversify(conn, ordered, profile.max_per_origin, request.page_size)
    result.listing_ids = ordered
    return result


def _lexical_floor(profile: Profile) -> float:
    # The floor is a share of the query's IDF mass; baselines report no such share, any match clears.
    return profile.lexical_floor if profile.lexical == "bm25f" else 0.0


def _lexical(
    conn: Connection, iq: InterpretedQuery, profile: Profile, where: str, args: dict[str, object]
) -> list[bm25f.LexicalHit] | None:
    if profile.lexical == "none":
        return None
    if profile.lexical == "phrase":
        return baselines.phrase_search(conn, iq.normalized, where=where, args=args, pool=profile.pool)
    if profile.lexical == "tsrank":
        return baselines.tsrank_search(conn, iq.topical_text, where=where, args=args, pool=profile.pool)
    return bm25f.bm25f_search(
        conn,
        list(iq.topical_terms),
        where=where,
        args=args,
        k1=profile.k1,
        field_weights=profile.field_weights,
        field_b=profile.field_b,
        pool=profile.pool,
    )


def _apply_query_signals(conn: Connection, scores: dict[int, float], iq: InterpretedQuery, profile: Profile) -> None:
    ids = list(scores)
    if not ids:
        return
    if iq.negated_terms:
        for lid in bm25f.listings_with_terms(conn, ids, list(iq.negated_terms)):
            scores[lid] *= profile.negation_penalty
    if iq.assets or iq.cheapest:
        rows = conn.execute(
            "SELECT id, asset_symbols, min_usd_price FROM listings WHERE id = ANY(%s)", (ids,)
        ).fetchall()
        if iq.assets:
            wanted = set(iq.assets)
            for r in rows:
                if wanted & set(r["asset_symbols"]):
                    scores[r["id"]] *= 1 + profile.asset_boost
        if iq.cheapest:
            prices: dict[int, Decimal | None] = {r["id"]: r["min_usd_price"] for r in rows}
            for lid, pct in signals.price_percentiles(prices).items():
                scores[lid] *= 1 + profile.cheapest_boost * (1 - pct)


def _diversify(conn: Connection, ordered: list[int], max_per_origin: int, page_size: int) -> list[int]:
    """Page by page, at most ``max_per_origin`` results of one host or one payTo; the overflow moves to
    the next page, in order, so one publisher cannot fill a page and nothing is dropped."""
    if not ordered or max_per_origin <= 0:
        return ordered
    rows = conn.execute("SELECT id, resource_url, pay_to FROM listings WHERE id = ANY(%s)", (ordered,)).fetchall()
    origin = {r["id"]: ((urlparse(r["resource_url"]).hostname or ""), r["pay_to"].lower()) for r in rows}
    out: list[int] = []
    pending = ordered
    while pending:
        hosts: dict[str, int] = {}
        payees: dict[str, int] = {}
        page: list[int] = []
        overflow: list[int] = []
        for lid in pending:
            host, payee = origin[lid]
            if len(page) < page_size and hosts.get(host, 0) < max_per_origin and payees.get(payee, 0) < max_per_origin:
                page.append(lid)
                hosts[host] = hosts.get(host, 0) + 1
                payees[payee] = payees.get(payee, 0) + 1
            else:
                overflow.append(lid)
        out += page
        pending = overflow
    return out
