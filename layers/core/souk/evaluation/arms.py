"""The ablation arms. Every arm is a Profile run through the production pipeline (souk.search.pipeline);
the switches say what each one leaves out, so nothing is re-implemented beside the real code."""

from __future__ import annotations

from souk.search.profile import DEFAULT_PROFILE, SEEDS_PROFILE, Profile, with_name

_BARE = {"constraints": False, "settlement": False, "diversity": False, "abstain": False}
# The plain hybrid anchor is equal-weight RRF (k 5) whatever fusion the shipped profile uses.
_RRF = {"fusion": "rrf", "lexical_weight": 0.5, "semantic_weight": 0.5, "rrf_k": 5.0}

ARMS: dict[str, Profile] = {
    "phrase": with_name(DEFAULT_PROFILE, "phrase-baseline", lexical="phrase", semantic=False, **_BARE),
    "tsrank": with_name(DEFAULT_PROFILE, "ts_rank_cd-baseline", lexical="tsrank", semantic=False, **_BARE),
    "bm25f": with_name(DEFAULT_PROFILE, "bm25f-only", semantic=False, **_BARE),
    "semantic": with_name(DEFAULT_PROFILE, "semantic-only", lexical="none", synthetic=False, **_BARE),
    "hybrid": with_name(DEFAULT_PROFILE, "hybrid-rrf", synthetic=False, **_BARE, **_RRF),
    "hybrid_synthetic": with_name(DEFAULT_PROFILE, "hybrid-rrf+synthetic", **_BARE, **_RRF),
    "full_seeds": SEEDS_PROFILE,
    "full": DEFAULT_PROFILE,
}
BASELINE_ARM = "phrase"
SHIPPED_ARM = "full"
LEXICAL_ONLY_ARMS = frozenset({"phrase", "tsrank", "bm25f"})
