"""When to answer nothing, and how strong a non-empty answer is.

The old absolute floors (a share of the query's IDF mass, a fixed cosine) shrink as a query gets
longer: a long task sentence spreads its IDF mass over many terms and pulls its cosine to a one-line
tool description down, so 16-52% of answerable task-style queries got nothing. Measured on the golden
dev split and the dev halves of MetaTool and RestBench (eval/experiments/), the evidence that does not
shrink with length and still separates off-catalog queries is *absence*: no listing shares a single
content word with the query, and the semantically nearest listing is far away. Only that abstains.
Everything else answers, and the response says how strong the match is (``matchStrength``), so an
agent can tell a confident answer from a best effort.

Constraints can empty a topic: "IBAN validation MCP tool on solana" when IBAN validation exists only
over HTTP or on Base. The evidence then is a drop, relative to the same query without its
constraints, that both arms see: the nearest listing's cosine falls by at least ``min_cosine_drop``
and the best BM25F score keeps less than ``max_lexical_ratio`` of itself. Relative, so it does not
depend on query length either.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Literal

from souk.search.bm25f import LexicalHit
from souk.search.semantic import SemanticHit

MatchStrength = Literal["strong", "weak", "none"]
AGREEMENT_DEPTH = 10


@dataclass(frozen=True, slots=True)
class Evidence:
    """What the two arms saw for one query (before query signals and diversity)."""

    lexical_hits: int
    best_matched_terms: int  # distinct query terms matched by the best of the top lexical hits
    best_idf_share: float  # largest share of the query's IDF mass one top lexical hit matched
    top_cosine: float | None  # nearest listing text; None when the semantic arm did not run
    agreement: int  # listings in both arms' top AGREEMENT_DEPTH
    top_lexical_score: float = 0.0
    # Each arm's #1 listing is in the other arm's top AGREEMENT_DEPTH: the arms corroborate each other's
    # first choice, not merely share some listing further down (one shared stem, "book", puts a calendar
    # slot in both top 10s of "hotel booking" while the lexical #1 is a book scraper).
    tops_agree: bool = False

    def to_dict(self) -> dict[str, object]:
        return {
            "lexicalHits": self.lexical_hits,
            "bestMatchedTerms": self.best_matched_terms,
            "bestIdfShare": round(self.best_idf_share, 4),
            "topCosine": None if self.top_cosine is None else round(self.top_cosine, 4),
            "armAgreement": self.agreement,
            "topLexicalScore": round(self.top_lexical_score, 4),
            "topsAgree": self.tops_agree,
        }


def gather(lexical: list[LexicalHit] | None, semantic_hits: list[SemanticHit] | None) -> Evidence:
    lex = lexical or []
    top_lex = lex[:AGREEMENT_DEPTH]
    top_sem = (semantic_hits or [])[:AGREEMENT_DEPTH]
    lex_ids = {h.listing_id for h in top_lex}
    sem_ids = {h.listing_id for h in top_sem}
    return Evidence(
        lexical_hits=len(lex),
        best_matched_terms=max((h.matched for h in top_lex), default=0),
        best_idf_share=max((h.idf_coverage for h in top_lex), default=0.0),
        top_cosine=None if semantic_hits is None else max((h.listing_similarity for h in semantic_hits), default=0.0),
        agreement=len(lex_ids & sem_ids),
        top_lexical_score=max((h.score for h in top_lex), default=0.0),
        tops_agree=bool(top_lex and top_sem) and top_lex[0].listing_id in sem_ids and top_sem[0].listing_id in lex_ids,
    )


def result_strengths(
    ids: list[int],
    lexical: list[LexicalHit] | None,
    semantic_hits: list[SemanticHit] | None,
    *,
    strong_cosine: float,
    strong_idf_share: float,
    corroborating_cosine: float = 0.0,
) -> list[MatchStrength]:
    """Each result's own evidence, in ``ids``' order: ``strong`` when its text is at ``strong_cosine`` or more, or
    it matched ``strong_idf_share`` of the query's IDF mass and, when the semantic arm ran, its text is at
    ``corroborating_cosine`` or more; else ``weak``. A search ranks a whole pool, so past the listings that match,
    the tail is the nearest of the rest: "zebra" listed 197 results of which 8 mention zebras, every one under the
    query's "strong" (a probe, 2026-12-07). Words alone can be aimed at a query: a slot machine whose tool name is
    "weather_forecast_for_city" matches every word of "weather forecast for a city" while its text, embedded
    without a name its description does not bear out (``souk.embedding.coherence``), is nowhere near it."""
    coverage = {h.listing_id: h.idf_coverage for h in lexical or []}
    cosine = {h.listing_id: h.listing_similarity for h in semantic_hits or []}

    def corroborated(lid: int) -> bool:
        return semantic_hits is None or cosine.get(lid, 0.0) >= corroborating_cosine

    return [
        "strong"
        if cosine.get(lid, 0.0) >= strong_cosine or (coverage.get(lid, 0.0) >= strong_idf_share and corroborated(lid))
        else "weak"
        for lid in ids
    ]


def should_abstain(evidence: Evidence, *, max_cosine: float) -> bool:
    """True when nothing in the catalog shares a content word with the query and the nearest
    listing's cosine is below ``max_cosine``. Without the semantic arm, no lexical hit at all."""
    if evidence.lexical_hits:
        return False
    return evidence.top_cosine is None or evidence.top_cosine < max_cosine


def constraints_exclude_topic(
    constrained: Evidence,
    unconstrained: Evidence,
    *,
    min_cosine_drop: float,
    max_lexical_ratio: float,
    keep_cosine: float = math.inf,
) -> bool:
    """True when the query's constraints removed what the catalog has on its topic, per both arms. A
    constrained match at ``keep_cosine`` or above is on the topic itself, however much better the
    unconstrained best is ("crypto prices" under $0.001 still has a token-price listing at cosine 0.5)."""
    if constrained.top_cosine is None or unconstrained.top_cosine is None:
        return False
    if constrained.top_cosine >= keep_cosine:
        return False
    cosine_drop = unconstrained.top_cosine - constrained.top_cosine
    if unconstrained.top_lexical_score <= 0:
        return False
    kept = constrained.top_lexical_score / unconstrained.top_lexical_score
    return cosine_drop >= min_cosine_drop and kept < max_lexical_ratio


def strength(evidence: Evidence, *, strong_cosine: float, strong_idf_share: float) -> MatchStrength:
    """``strong`` when each arm's #1 listing is in the other arm's top ``AGREEMENT_DEPTH`` and one arm is
    confident on its own: the nearest listing text at ``strong_cosine`` or more, or a top lexical hit
    matching ``strong_idf_share`` of the query's IDF mass.

    Agreement on *any* listing was too weak: "hotel booking" put a calendar-slot listing in both top 10s
    through the one shared stem "book" (cosine 0.46) while the lexical #1 was a book scraper the semantic
    arm never returned, and was called strong. Measured by ``eval/experiments/strength_offline.py`` on the
    dev halves of the golden set, MetaTool, RestBench and APIBench (under the shipped learned fusion),
    requiring the arms' first choices to corroborate each other raised the precision of "strong" (the #1
    result is relevant) on every set, dev and test, at a lower coverage; the table is in
    ``strength_offline.txt``. The depth stays 10, not 1: the catalog repeats listings (one tool on several
    networks), and the arms may put different copies first."""
    confident = (evidence.top_cosine or 0.0) >= strong_cosine or evidence.best_idf_share >= strong_idf_share
    if evidence.tops_agree and confident:
        return "strong"
    if evidence.lexical_hits or evidence.top_cosine:
        return "weak"
    return "none"
