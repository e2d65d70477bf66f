"""Abstention needs the absence of evidence; match strength needs arm agreement."""

from souk.search.abstention import gather, should_abstain, strength
from souk.search.bm25f import LexicalHit
from souk.search.semantic import SemanticHit


def test_no_shared_word_and_a_far_nearest_listing_abstains() -> None:
    evidence = gather([], [SemanticHit(1, 0.19, 0.15), SemanticHit(2, 0.1, 0.1)])
    assert evidence.top_cosine == 0.15
    assert should_abstain(evidence, max_cosine=0.20)


def test_one_shared_content_word_answers_however_long_the_query() -> None:
    # A long task sentence: one matched term of many, a low share of the IDF mass, a low cosine.
    evidence = gather([LexicalHit(7, 1.2, 1, 0.04)], [SemanticHit(3, 0.12, 0.12)])
    assert not should_abstain(evidence, max_cosine=0.20)
    assert strength(evidence, strong_cosine=0.4, strong_idf_share=0.5) == "weak"


def test_a_near_listing_answers_without_lexical_hits() -> None:
    evidence = gather([], [SemanticHit(1, 0.5, 0.21)])
    assert not should_abstain(evidence, max_cosine=0.20)


def test_lexical_only_abstains_only_without_hits() -> None:
    assert should_abstain(gather([], None), max_cosine=0.20)
    assert not should_abstain(gather([LexicalHit(1, 1.0, 1, 0.3)], None), max_cosine=0.20)


def test_strong_needs_agreement_and_one_confident_arm() -> None:
    lexical = [LexicalHit(1, 5.0, 3, 0.9), LexicalHit(2, 4.0, 2, 0.6)]
    agreeing = gather(lexical, [SemanticHit(2, 0.3, 0.3)])
    assert agreeing.agreement == 1
    assert strength(agreeing, strong_cosine=0.4, strong_idf_share=0.5) == "strong"
    disagreeing = gather(lexical, [SemanticHit(9, 0.6, 0.6)])
    assert strength(disagreeing, strong_cosine=0.4, strong_idf_share=0.5) == "weak"
    assert strength(gather([], []), strong_cosine=0.4, strong_idf_share=0.5) == "none"


def test_constraints_that_remove_the_topic_abstain_only_when_both_arms_drop() -> None:
    from souk.search.abstention import constraints_exclude_topic

    unconstrained = gather([LexicalHit(1, 6.0, 2, 1.0)], [SemanticHit(1, 0.6, 0.6)])
    emptied = gather([LexicalHit(5, 1.2, 1, 0.3)], [SemanticHit(5, 0.3, 0.3)])  # cosine -0.3, BM25F 20% kept
    assert constraints_exclude_topic(emptied, unconstrained, min_cosine_drop=0.15, max_lexical_ratio=0.65)
    kept_words = gather([LexicalHit(2, 5.5, 2, 1.0)], [SemanticHit(2, 0.3, 0.3)])  # the words still match
    assert not constraints_exclude_topic(kept_words, unconstrained, min_cosine_drop=0.15, max_lexical_ratio=0.65)
    close = gather([LexicalHit(3, 1.0, 1, 0.3)], [SemanticHit(3, 0.5, 0.5)])  # a near neighbour remains
    assert not constraints_exclude_topic(close, unconstrained, min_cosine_drop=0.15, max_lexical_ratio=0.65)


def test_a_strong_constrained_match_keeps_the_topic_however_much_better_the_unconstrained_one() -> None:
    from souk.search.abstention import constraints_exclude_topic

    # "crypto prices" under $0.001: the best listing overall is at 0.75, a token-price listing under the cap at 0.55.
    unconstrained = gather([LexicalHit(1, 8.0, 2, 1.0)], [SemanticHit(1, 0.75, 0.75)])
    constrained = gather([LexicalHit(4, 2.0, 1, 0.4)], [SemanticHit(4, 0.55, 0.55)])  # drop 0.20, BM25F 25% kept
    bounds = {"min_cosine_drop": 0.15, "max_lexical_ratio": 0.65}
    assert constraints_exclude_topic(constrained, unconstrained, **bounds)  # the drop alone would abstain
    assert not constraints_exclude_topic(constrained, unconstrained, **bounds, keep_cosine=0.40)
    assert constraints_exclude_topic(constrained, unconstrained, **bounds, keep_cosine=0.60)
