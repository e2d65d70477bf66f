"""Learned linear fusion of the two arms: pairwise logistic regression over per-candidate arm features
(RankNet's pairwise loss, Burges et al., "Learning to Rank using Gradient Descent", ICML 2005, with a
linear scorer).

A fixed fusion weight suits one query style and not another: semantic-heavy convex fusion wins on
MetaTool's conversational requests and loses to equal-weight RRF on RestBench's short entity queries.
The features below let the weight depend on what the arms saw for this query (how many terms it has,
how much of them a listing matched, whether both arms returned it). ``WEIGHTS`` were fitted on the dev
halves only (golden dev split, MetaTool, RestBench, APIBench; each set weighted equally) by
``eval/experiments/train_fusion.py`` from ``eval/experiments/features.py`` dumps (L2 and step count
chosen on dev; the test halves were scored once offline as a check before shipping, and no choice was
made on them). The dumps hold unfiltered arms over all topical terms; the pipeline feeds filtered arms
over at most ``max_query_terms`` terms, a skew that matters for the few queries longer than that.
Semantic hit lists must not repeat a listing (the SQL groups by listing).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

RRF_K = 5.0

FEATURES = (
    "lexical",  # BM25F score / the query's best BM25F score
    "semantic",  # best cosine (listing text or a synthetic query) / the query's best
    "listing_semantic",  # listing-text cosine / the query's best listing-text cosine
    "synthetic_advantage",  # how much a synthetic query beat the listing text (raw cosines)
    "lexical_rrf",  # 1 / (RRF_K + lexical rank)
    "semantic_rrf",  # 1 / (RRF_K + semantic rank)
    "idf_coverage",  # share of the query's IDF mass the listing matched
    "term_share",  # distinct query terms matched / query terms
    "both_arms",  # 1 when both arms returned the listing
    "lexical_x_length",  # lexical * ln(1 + query terms)
    "semantic_x_length",  # semantic * ln(1 + query terms)
)
WEIGHTS = (0.419, 1.679, 2.822, 0.026, 0.18, 0.383, 0.807, 0.682, 0.29, 0.825, 1.219)


class LexicalEvidence(Protocol):
    @property
    def listing_id(self) -> int: ...
    @property
    def score(self) -> float: ...
    @property
    def matched(self) -> int: ...
    @property
    def idf_coverage(self) -> float: ...


class SemanticEvidence(Protocol):
    @property
    def listing_id(self) -> int: ...
    @property
    def similarity(self) -> float: ...
    @property
    def listing_similarity(self) -> float: ...


def _top(values: Sequence[float]) -> float:
    best = max(values, default=0.0)
    return best if best > 0 else 1.0


def features(
    lexical: Sequence[LexicalEvidence], semantic: Sequence[SemanticEvidence], query_terms: int
) -> dict[int, tuple[float, ...]]:
    """The ``FEATURES`` vector of every listing either arm returned (arms best first)."""
    terms = max(query_terms, 1)
    length = math.log(1 + terms)
    lex_top = _top([h.score for h in lexical])
    sem_top = _top([h.similarity for h in semantic])
    listing_top = _top([h.listing_similarity for h in semantic])
    lex = {h.listing_id: (rank, h) for rank, h in enumerate(lexical, start=1)}
    sem = {h.listing_id: (rank, h) for rank, h in enumerate(semantic, start=1)}
    out: dict[int, tuple[float, ...]] = {}
    for lid in dict.fromkeys([*lex, *sem]):
        lexical_score = semantic_score = listing_score = synthetic = lex_rrf = sem_rrf = coverage = share = 0.0
        if lid in lex:
            rank, lh = lex[lid]
            lexical_score = max(lh.score, 0.0) / lex_top
            lex_rrf = 1 / (RRF_K + rank)
            coverage = lh.idf_coverage
            share = lh.matched / terms
        if lid in sem:
            rank, sh = sem[lid]
            semantic_score = max(sh.similarity, 0.0) / sem_top
            listing_score = max(sh.listing_similarity, 0.0) / listing_top
            synthetic = sh.similarity - sh.listing_similarity
            sem_rrf = 1 / (RRF_K + rank)
        out[lid] = (
            lexical_score,
            semantic_score,
            listing_score,
            synthetic,
            lex_rrf,
            sem_rrf,
            coverage,
            share,
            float(lid in lex and lid in sem),
            lexical_score * length,
            semantic_score * length,
        )
    return out


def learned_fusion(
    lexical: Sequence[LexicalEvidence],
    semantic: Sequence[SemanticEvidence],
    query_terms: int,
    weights: Sequence[float] = WEIGHTS,
) -> dict[int, float]:
    """One score per listing, ``weights · features``, divided by the query's best so the top result
    scores 1 (non-negative, as the multiplicative signals applied after fusion expect).

    The scorer is linear, so it is summed arm by arm here instead of building every feature vector
    (``features`` is the reference; a test checks the two agree)."""
    if len(weights) != len(FEATURES):
        raise ValueError("weights and FEATURES differ in length")
    (w_lex, w_sem, w_listing, w_synthetic, w_lex_rrf, w_sem_rrf, w_coverage, w_share, w_both, w_lex_len, w_sem_len) = (
        weights
    )
    terms = max(query_terms, 1)
    length = math.log(1 + terms)
    lex_top = _top([h.score for h in lexical])
    sem_top = _top([h.similarity for h in semantic])
    listing_top = _top([h.listing_similarity for h in semantic])
    lex_factor = (w_lex + w_lex_len * length) / lex_top
    sem_factor = (w_sem + w_sem_len * length) / sem_top
    raw: dict[int, float] = {}
    for rank, h in enumerate(lexical, start=1):
        raw[h.listing_id] = (
            max(h.score, 0.0) * lex_factor
            + w_lex_rrf / (RRF_K + rank)
            + w_coverage * h.idf_coverage
            + w_share * h.matched / terms
        )
    for rank, sh in enumerate(semantic, start=1):
        part = (
            max(sh.similarity, 0.0) * sem_factor
            + w_listing * max(sh.listing_similarity, 0.0) / listing_top
            + w_synthetic * (sh.similarity - sh.listing_similarity)
            + w_sem_rrf / (RRF_K + rank)
        )
        previous = raw.get(sh.listing_id)
        raw[sh.listing_id] = part if previous is None else previous + part + w_both
    top = max(raw.values(), default=0.0)
    if top <= 0:
        return dict.fromkeys(raw, 0.0)
    return {lid: max(value, 0.0) / top for lid, value in raw.items()}
