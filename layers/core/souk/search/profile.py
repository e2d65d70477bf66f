"""A ranking profile: which arms run, how they are fused, which signals apply. Named in every response."""

from __future__ import annotations

from dataclasses import asdict, dataclass, replace
from typing import Literal

LexicalArm = Literal["bm25f", "tsrank", "phrase", "none"]


@dataclass(frozen=True, slots=True)
class Profile:
    name: str
    lexical: LexicalArm = "bm25f"
    semantic: bool = True
    synthetic: bool = True  # semantic arm also matches the listing's synthetic intent queries
    # A synthetic query may lift a listing's cosine at most this far above its own text's (None: no bound)
    synthetic_margin: float | None = None
    lexical_weight: float = 0.7
    semantic_weight: float = 0.3
    rrf_k: float = 20.0
    # "rrf": ranks only (souk.search.fusion.rrf); "convex": max-normalized scores (souk.search.fusion.convex);
    # "learned": a linear scorer over both arms' features (souk.search.fusion.learned; weights fitted on dev)
    fusion: Literal["rrf", "convex", "learned"] = "rrf"
    pool: int = 250
    constraints: bool = True  # read network/asset/price/type/method/negation from the query
    settlement: bool = True  # bounded boost for recent distinct payers on production networks (souk.search.signals)
    diversity: bool = True
    abstain: bool = True  # answer nothing when no evidence at all (souk.search.abstention)
    max_per_origin: int = 3
    diversity_relax_ratio: float = 0.5  # an over-cap result stays when the next other one scores below this share
    # BM25F parameters (Robertson & Zaragoza 2009): k1, per-field weight and b.
    k1: float = 1.2
    field_weights: tuple[float, ...] = (3.0, 2.0, 1.0, 1.0, 0.5, 0.5)  # name tags desc params output url
    field_b: tuple[float, ...] = (0.5, 0.3, 0.75, 0.75, 0.5, 0.5)
    # The lexical arm keeps the rarest terms of a long query. 20, not 32 (2026-12-05): on the dev sets (golden dev,
    # MetaTool, RestBench, APIBench; eval/tune.py terms) nDCG@10 moved by at most 0.0001, and at 100k listings BM25F
    # p95 over the golden queries fell 68 -> 38 ms (the dropped terms are the common words with the most postings).
    max_query_terms: int = 20
    # Abstention: only when no listing shares a content word with the query and the nearest listing's
    # cosine is below this. matchStrength "strong" needs arm agreement plus one confident arm.
    abstain_cosine: float = 0.25
    constrained_cosine_drop: float = 0.15  # constraints emptied the topic: cosine falls this much ...
    constrained_lexical_ratio: float = 0.65  # ... and BM25F keeps less than this share of its best score
    strong_cosine: float = 0.40
    strong_idf_share: float = 0.5
    negation_penalty: float = 0.25
    settlement_boost: float = 0.15
    asset_boost: float = 0.10
    payment_asset_boost: float = 0.10  # an asset named in a payment phrase ("pay with EURC")
    cheapest_boost: float = 0.15
    soft_network_boost: float = 0.0  # a listing paid on a chain the query names as its topic
    soft_price_boost: float = 0.0  # a listing within an amount the words name but do not read as a cap
    soft_method_boost: float = 0.0  # a listing answering the one HTTP method the words name but do not read as one
    chain_mismatch_penalty: float = 1.0  # a listing whose text names only other chains (souk.search.chains)
    direction_mismatch_penalty: float = 1.0  # text-to-speech for speech-to-text (souk.search.direction)
    testnet_penalty: float = 1.0  # a listing paid only on test networks, when neither query nor filter names one
    steering_penalty: float = 1.0  # a listing whose description speaks to the ranking or the agent (migration 0015)
    stuffing_penalty: float = 1.0  # a listing whose description is a repeating keyword list (souk.catalog.stuffing)

    def describe(self) -> dict[str, object]:
        return asdict(self)

    def header(self) -> str:
        return (
            f"{self.name}; lexical={self.lexical}:{self.lexical_weight}; semantic="
            f"{'on' if self.semantic else 'off'}:{self.semantic_weight}; fusion={self.fusion}; rrf_k={self.rrf_k:g};"
            f" pool={self.pool}"
        )


# The seeds' starting point: lexical 0.7 / semantic 0.3, rrf_k 20, pools 250.
SEEDS_PROFILE = Profile(name="seeds-0.7-0.3-k20")
# Shipped: chosen on dev data only (the golden dev split and the dev halves of MetaTool and RestBench;
# eval/experiments/). Equal weights and a small rrf_k were the best simple fusion on the mean of the dev
# sets (no fixed weight wins on every set); the absolute relevance floors of souk-v1 were replaced by
# evidence-based abstention (souk.search.abstention) because they emptied 16-52% of answerable
# task-style queries.
SHIPPED_PROFILE = Profile(
    name="souk-v4-learned",
    # Learned linear fusion (souk.search.fusion.learned, fitted on dev halves by
    # eval/experiments/train_fusion.py). Full pipeline, dev nDCG@10 against souk-v3 (max-normalized convex
    # 0.3/0.7; eval/tune.py fusion and the report's dev halves): golden 0.808 -> 0.818, MetaTool 0.709 ->
    # 0.721, RestBench 0.569 -> 0.581 (convex's one loss to plain RRF, now above it), APIBench 0.261 ->
    # 0.253 (the one loss). No fixed weight suits every query style; the fitted scorer reads query length,
    # term coverage and arm agreement.
    fusion="learned",
    # The weights below are unused while both arms answer; with one arm only (the other degraded) its
    # max-normalized scores rank, as convex fusion does.
    lexical_weight=0.3,
    semantic_weight=0.7,
    rrf_k=5.0,  # the RRF anchors (souk.evaluation.arms) and the seeds' profile still use ranks
    asset_boost=0.30,
    cheapest_boost=0.80,  # convex scores sit closer together than RRF's: golden dev 0.8046 (0.4) vs 0.8044 (0.8)
    # Operator diversity at 3 per page cost 0.05 nDCG@10 and 0.13 Recall@20 on the golden dev split
    # (one operator's per-network variants are all relevant); 5 per page costs 0.008 and 0.04. The cap
    # yields only to a clearly weaker alternative (below half the capped result's score): a looser 0.8
    # gained 0.003 on dev but let one publisher take 7 of 10 places on the demo catalog.
    max_per_origin=5,
    diversity_relax_ratio=0.5,
    # Constraint words read as topical text are at most a soft boost (souk.search.soft_constraints): a chain named
    # as the topic, an amount under $1 left topical or written as a price where the reading placed none ("<0.01"),
    # one HTTP method left topical and typed in capitals. On the blind crawl constraint probes (eval/crawl_constraints,
    # 718 queries; values chosen on the dev half) violations@5 dev 0.102 -> 0.039, test 0.458 -> 0.296; golden dev
    # nDCG@10 0.8425 -> 0.8413 (the chain boost 0.2 -> 0.5; 1.0 cost 0.005), golden test violations@5 0.229 ->
    # 0.200; the graded crawl set and the external rows unchanged. Batch 9 of the probes, written blind after these
    # values were chosen: dev 0.333 -> 0.185, test 0.360 -> 0.240. Sweep: eval/crawl_constraints/report.txt.
    soft_network_boost=0.5,
    soft_price_boost=0.6,
    soft_method_boost=0.6,
    # "pay with EURC": a boost, not a filter (a hard filter cost 0.26-0.43 nDCG@10 on six queries whose
    # judges graded relevant listings paid in another asset above off-topic ones in the named asset).
    # Golden dev under convex fusion (eval/tune.py payment): 1.0 -> 0.8070, 0.6 -> 0.8077, 0.5 -> 0.8079,
    # 0.3 -> 0.8065. At 1.0 a USDC calendar API outranked a weather API paid in XLM on the demo's
    # "weather API that takes USDC on stellar".
    payment_asset_boost=0.5,
    # A listing whose own words name only other chains than the query's topical one ("EVM balances" for
    # "wallet balance on solana"). Golden dev split: violations@5 0.111 -> 0.028 at 0.5, nDCG@10 -0.0004;
    # the MetaTool and RestBench dev halves are unchanged (their queries name no chain).
    chain_mismatch_penalty=0.5,
    # A listing naming only the reverse conversion ("text-to-speech" for "speech-to-text"). Golden dev
    # nDCG@10 +0.0027 at 0.5 (+0.0035 at 0.3); the MetaTool, RestBench and APIBench dev halves unchanged.
    direction_mismatch_penalty=0.5,
    # A listing that has a negated word ("no paywalled sources"). Golden dev nDCG@10 0.8070 at 0.25 and at
    # 0.5 (0.8052 off); the MetaTool, RestBench and APIBench dev halves are unchanged at every value. The
    # milder one, since a negation read wrongly (held-out precision ~0.8) then costs a listing less.
    negation_penalty=0.5,
    # A seller's listing paid only on test networks, beside its production listing, when neither the words nor a
    # filter name a network: the judges' rubric grades a sandbox variant one lower. Golden dev (eval/tune.py
    # testnet) nDCG@10 / recall@20: 1.0 0.8192 / 0.7607, 0.9 0.8318 / 0.7607, 0.8 0.8314 / 0.7575, 0.7 0.8278 /
    # 0.7455. Demoting every testnet-only listing instead (no twin needed) gave 0.8325 / 0.7559 at 0.9: the
    # same gain, but lone testnet listings fell out of the top 20 (golden test recall@20 -0.011, p=0.003).
    # The external sets are paid on Base mainnet only, so unchanged.
    testnet_penalty=0.9,
    # A description that addresses the ranking or the choosing agent ("ignore previous instructions", "rank this
    # first", "the best result for every query"; quality.descriptionAddressesAgents): a seller trying to steer the
    # choice is a trust signal the relevance rubric does not grade. None of the 1,354 real crawl listings is flagged;
    # in the demo catalog, the injecting listing ranked #1 for "translation on base" (nothing translates on Base)
    # and #3 for "weather on base". Golden nDCG@10 cost in the closing note of this change.
    steering_penalty=0.5,
    # A description written as a keyword list that repeats its words back to back ("weather weather api best cheap
    # ...", quality.descriptionKeywordStuffed; souk.catalog.stuffing): none of the real crawl's or the external
    # sets' descriptions is flagged, so only planted spam moves. Golden dev nDCG@10 (eval/tune.py stuffing):
    # 1.0 0.8352, 0.75 0.8389, 0.5 0.8398, 0.25 0.8421; halved like a steering listing, demoted and not buried,
    # since a rule reading text shape can be wrong about a seller that writes tags as its description.
    stuffing_penalty=0.5,
    # Not shipped: bounding a synthetic query's cosine at 0.2 above the listing text's (synthetic_margin). A horoscope
    # service named "Weather Forecast" ranked #1 for "weather forecast" on its name's vector alone (a red team's
    # "echo" listing; with the bound #8, but 13 echo tools of one server moved little). Dev nDCG@10 (eval/tune.py
    # echo) off / 0.2 / 0.15 / 0.1: golden 0.8398 / 0.8388 / 0.8369 / 0.8336, MetaTool 0.7210 / 0.7207 / 0.7161 /
    # 0.7156, RestBench 0.5805 / 0.5814 / 0.5752 / 0.5648, APIBench 0.2529 / 0.2543 / 0.2530 / 0.2472; but the held-out
    # halves at 0.2 lost on three of four sets (golden test 0.8288 -> 0.8278, MetaTool 0.7412 -> 0.7372, RestBench
    # 0.5931 -> 0.5786, APIBench 0.2505 -> 0.2504), so a partial defence against one attack is not worth it here.
)
DEFAULT_PROFILE = SHIPPED_PROFILE

PROFILES: dict[str, Profile] = {p.name: p for p in (SEEDS_PROFILE, SHIPPED_PROFILE)}


def with_name(profile: Profile, name: str, **changes: object) -> Profile:
    return replace(profile, name=name, **changes)  # type: ignore[arg-type]
