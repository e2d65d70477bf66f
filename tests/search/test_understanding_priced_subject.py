"""A price cap after a token or asset word, and constraint-only queries with a generic noun.

Hand-written readings. The attacker's queries (found over the real Bazaar crawl) lost their cap to a token
word before it: the asset the caller pays in ("paid in USDC") or a token naming what a service works on
("token analysis"). Their confusers keep the amount as the token's own price. The second half: a generic
word for any listing ("everything", "api") beside a constraint is a browse, not a topic.
"""

from __future__ import annotations

from decimal import Decimal

import pytest

from souk import networks as n
from souk.search.understanding import interpret

CENT = Decimal("0.01")


@pytest.mark.parametrize(
    ("query", "networks", "cap", "payment_assets"),
    [
        # the asset the caller pays in is never the priced thing
        ("image generation paid in USDC on base for no more than 1 cent", (n.BASE,), CENT, ("USDC",)),
        ("weather API paid in USDC under 1 cent", (), CENT, ("USDC",)),
        ("an MCP tool for token prices that accepts USDC on base under 1 cent", (n.BASE,), CENT, ("USDC",)),
        ("token metadata lookup paid in usdc under half a cent", (), Decimal("0.005"), ("USDC",)),
        ("an fx feed i can pay for with eurc under 1 cent", (), CENT, ("EURC",)),
        ("an api that accepts usdc costing under 1 cent", (), CENT, ("USDC",)),
        ("tools that take USDC priced below 1 cent", (), CENT, ("USDC",)),
        # a token word before a service noun says what the service works on: the service is priced
        ("USDC balance checker under 1 cent", (), CENT, ()),
        ("token analysis under 5 cents", (), Decimal("0.05"), ()),
        ("stock analysis under 5 cents", (), Decimal("0.05"), ()),
        ("nft minting under 5 cents", (), Decimal("0.05"), ()),
        ("crypto sentiment under 5 cents", (), Decimal("0.05"), ()),
        ("bitcoin sentiment analysis under 1 cent", (), CENT, ()),
        ("a token screener under 2 cents", (), Decimal("0.02"), ()),
        ("eth gas tracker under 1 cent", (), CENT, ()),
        # unchanged: without the payment asset, and a service noun already known
        ("image generation on base for no more than 1 cent", (n.BASE,), CENT, ()),
        ("stock quote under 1 cent", (), CENT, ()),
        ("token price lookup under $0.001", (), Decimal("0.001"), ()),
    ],
)
def test_the_service_is_priced_not_the_token(
    query: str, networks: tuple[str, ...], cap: Decimal, payment_assets: tuple[str, ...]
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.payment_assets) == (networks, cap, payment_assets)
    price = [c for c in iq.constraints if c.kind == "price"]
    assert [c.applied_as for c in price] == ["filter"]


@pytest.mark.parametrize(
    ("query", "networks"),
    [
        # the amount right after the token, or after a market or price verb, is the token's own price
        ("find tokens trading under 1 cent", ()),
        ("coins below $0.001 on solana", (n.SOLANA,)),
        ("tokens under $0.01", ()),
        ("memecoins priced below 1 cent", ()),
        ("a token trading under a penny", ()),
        ("solana memecoins under 1 cent", ()),
        ("new tokens under a tenth of a cent", ()),
        ("coins that dropped below $0.01 today", ()),
        ("alert me when XLM drops below 30 cents", ()),
        ("stocks under $5", ()),
        # the token with words of its own before the amount: still its price
        ("look up tokens launched on Solana under 1 cent, paid on base", (n.BASE,)),
        ("tokens on solana under 1 cent", ()),
        ("tokens with a top holder under 1 cent", ()),
        ("coins popular on twitter under 1 cent", ()),
        ("tokens from one launchpad under 1 cent", ()),
        ("tokens listed on uniswap under 1 cent", ()),
        # a quote currency is no payment asset: the amount is the quote
        ("XLM price in USDC under 30 cents", ()),
        # held, not paid with
        ("wallets holding usdc under 1 cent", ()),
        ("usdc balance under 1 cent", ()),
        # over $1 no call costs: a service word does not make the thing's price a cap
        ("hourly rate of freelance translators under $25", ()),
    ],
)
def test_the_token_s_own_price_stays_the_topic(query: str, networks: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price) == (networks, None)
    price = [c for c in iq.constraints if c.kind == "price"]
    assert price and all(c.applied_as == "topic" for c in price)


@pytest.mark.parametrize(
    ("query", "networks", "cap", "query_type"),
    [
        ("everything on base sepolia", (n.BASE_SEPOLIA,), None, None),
        ("api paid on solana", (n.SOLANA,), None, None),
        ("apis paid on solana", (n.SOLANA,), None, None),
        ("anything on base sepolia", (n.BASE_SEPOLIA,), None, None),  # as before
        ("all apis on base", (n.BASE,), None, None),
        ("an endpoint on stellar", (n.STELLAR_PUBNET,), None, None),
        ("a service under 1 cent", (), CENT, None),
        ("tools on base", (n.BASE,), None, None),
        ("resources on base", (n.BASE,), None, None),
        ("all listings paid on solana", (n.SOLANA,), None, None),
        ("whatever on base", (n.BASE,), None, None),
        ("show me everything on base under 1 cent", (n.BASE,), CENT, None),
        ("tool for my MCP client", (), None, "mcp"),
    ],
)
def test_generic_words_beside_a_constraint_browse(
    query: str, networks: tuple[str, ...], cap: Decimal | None, query_type: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type) == (networks, cap, query_type)
    assert iq.browse and not iq.no_match
    assert iq.topical_terms == () and iq.topical_text == ""


@pytest.mark.parametrize("query", ["apis that take usdc", "which endpoints accept usdc", "tools paid in usdc"])
def test_generic_words_beside_a_payment_phrase_browse(query: str) -> None:
    # As "pay with eurc" does: the asset asked for orders the browse (a preference, not a filter).
    iq = interpret(query)
    assert iq.payment_assets == ("USDC",)
    assert iq.browse and iq.topical_terms == ()


@pytest.mark.parametrize(
    ("query", "topical"),
    [
        ("weather api on base", ("weather", "api")),  # a real topic keeps its words, "api" included
        ("api monitoring on base", ("api", "monitor")),
        ("api keys on base", ("api", "key")),
        ("search api on base", ("search", "api")),
        ("listings api on base", ("list", "api")),  # listings named by a service: real-estate, marketplace data
        ("real estate listings on base", ("real", "estat", "list")),
        ("resource monitoring on base", ("resourc", "monitor")),
        ("'api' on base", ("api",)),  # quoted: the word itself is asked for
        ("usdc apis", ("api",)),  # a bare asset word may be the subject (USDC data), not a payment phrase
        ("everything about base", ("everyth", "base")),  # no constraint: the chain is the topic
        # Stems collide with the browse words ("browse", "show"): the words themselves are topics.
        ("browsing tool on base", ("brows", "tool")),
        ("showings on base", ("show",)),
    ],
)
def test_a_real_topic_is_not_browsed(query: str, topical: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert iq.topical_terms == topical
    assert not iq.browse
