"""Abstention needs the absence of evidence; match strength needs the arms' first choices to agree."""

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
    agreeing = gather(lexical, [SemanticHit(1, 0.3, 0.3)])  # both arms put listing 1 first
    assert agreeing.agreement == 1 and agreeing.tops_agree
    assert strength(agreeing, strong_cosine=0.4, strong_idf_share=0.5) == "strong"  # IDF share 0.9 >= 0.5
    disagreeing = gather(lexical, [SemanticHit(9, 0.6, 0.6)])
    assert strength(disagreeing, strong_cosine=0.4, strong_idf_share=0.5) == "weak"
    unsure = gather([LexicalHit(1, 5.0, 1, 0.3)], [SemanticHit(1, 0.35, 0.35)])  # agree, neither confident
    assert unsure.tops_agree
    assert strength(unsure, strong_cosine=0.4, strong_idf_share=0.5) == "weak"
    assert strength(gather([], []), strong_cosine=0.4, strong_idf_share=0.5) == "none"


def test_one_shared_stem_is_not_strong_when_the_lexical_first_choice_is_elsewhere() -> None:
    # "hotel booking" on the real crawl: every lexical hit matches only the stem "book" (1 of 2 terms, IDF
    # share 0.24); the lexical #1 is a book scraper the semantic arm does not return. The calendar slot
    # (lexical #5) is the semantic #1 at cosine 0.43, so both arms' top 10 share it, and one arm looked
    # confident (0.43 >= 0.40): the old rule said strong.
    lexical = [LexicalHit(145, 4.05, 1, 0.24), LexicalHit(52, 3.85, 1, 0.24), LexicalHit(37, 3.73, 1, 0.24)]
    lexical += [LexicalHit(60, 3.70, 1, 0.24), LexicalHit(709, 3.60, 1, 0.24)]
    semantic = [SemanticHit(709, 0.43, 0.43), SemanticHit(123, 0.31, 0.26), SemanticHit(1288, 0.29, 0.24)]
    evidence = gather(lexical, semantic)
    assert (evidence.agreement, evidence.best_matched_terms, evidence.top_cosine) == (1, 1, 0.43)
    assert not evidence.tops_agree  # the semantic #1 is lexical #5, but the lexical #1 is not semantic top 10
    assert strength(evidence, strong_cosine=0.4, strong_idf_share=0.5) == "weak"
    to_dict = evidence.to_dict()
    assert to_dict["armAgreement"] == 1 and to_dict["topsAgree"] is False
    assert {"lexicalHits", "bestMatchedTerms", "bestIdfShare", "topCosine", "topLexicalScore"} <= set(to_dict)


def test_first_choices_agree_within_the_top_ten_not_only_at_first_place() -> None:
    # A catalog repeats listings (one tool on several networks): the arms may put different copies first.
    # Lexical #1 (id 1) is semantic #9; semantic #1 (id 20) is lexical #3; cosine 0.6.
    lexical = [LexicalHit(1, 6.0, 3, 1.0), LexicalHit(2, 5.9, 3, 1.0), LexicalHit(20, 5.8, 3, 1.0)]
    semantic = [SemanticHit(20 + i, 0.8, 0.6) for i in range(8)] + [SemanticHit(1, 0.8, 0.6)]
    evidence = gather(lexical, semantic)
    assert evidence.tops_agree
    assert strength(evidence, strong_cosine=0.4, strong_idf_share=0.5) == "strong"
    # One place further down (semantic #11) the lexical #1 is past the agreement depth of 10.
    deeper = gather(lexical, [SemanticHit(20 + i, 0.8, 0.6) for i in range(10)] + [SemanticHit(1, 0.8, 0.6)])
    assert deeper.agreement == 1 and not deeper.tops_agree  # listing 20 is still in both top 10s
    assert strength(deeper, strong_cosine=0.4, strong_idf_share=0.5) == "weak"


def test_one_arm_alone_is_never_strong() -> None:
    lexical_only = gather([LexicalHit(1, 9.0, 3, 1.0)], None)
    assert not lexical_only.tops_agree
    assert strength(lexical_only, strong_cosine=0.4, strong_idf_share=0.5) == "weak"


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
