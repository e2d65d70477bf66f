"""Query understanding: constraints read out of agent queries, and what is left to rank on."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest

from souk import networks as n
from souk.assets import USD_RATES
from souk.search import constraint_veto
from souk.search.understanding import MAX_QUERY_CHARS, QueryTooLong, interpret, normalize_query


@pytest.fixture(autouse=True)
def rules_alone(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """These cases pin what the rules read; the second reading of their hard filters, and the real constraints it
    gives up, are in test_constraint_veto.py."""
    monkeypatch.setattr(constraint_veto, "reviews", lambda words: False)
    interpret.cache_clear()
    yield
    interpret.cache_clear()


STELLAR_BOTH = (n.STELLAR_PUBNET, n.STELLAR_TESTNET)
STELLAR_MAIN = (n.STELLAR_PUBNET,)
SOLANA_MAIN = (n.SOLANA,)
POLYGON_MAIN = ("eip155:137",)
SOLANA_BOTH = (n.SOLANA, n.SOLANA_DEVNET)  # sorted: "5eykt..." < "EtWT..."
ALL_TESTNETS = tuple(sorted(n.TESTNETS))  # "on testnet" names no chain: every known test network
assert {"eip155:1328", "eip155:43113", "eip155:80002", n.BASE_SEPOLIA, n.SOLANA_DEVNET, n.STELLAR_TESTNET} <= set(
    ALL_TESTNETS
)

# Every field not named in a case must keep its default: no constraint may appear by accident.
DEFAULTS: dict[str, Any] = {
    "networks": (),
    "assets": (),
    "unknown_assets": (),
    "max_usd_price": None,
    "cheapest": False,
    "type": None,
    "method": None,
    "negated_terms": (),
    "no_match": False,
    "unapplied": (),
    "soft_networks": (),
}

CASES: list[tuple[str, tuple[str, ...], dict[str, Any]]] = [
    # the headline query
    (
        "weather API that takes USDC on stellar",
        ("weather", "api"),
        {"networks": STELLAR_MAIN, "assets": ("USDC",)},
    ),
    # "base" the word is not Base the chain
    ("base64 encoder", ("base64", "encod"), {}),
    ("database query api", ("databas", "queri", "api"), {}),
    ("knowledge base search", ("knowledg", "base", "search"), {}),
    ("base price calculator", ("base", "price", "calcul"), {}),
    ("base currency converter", ("base", "currenc", "convert"), {}),
    ("code base analyzer", ("code", "base", "analyz"), {}),
    ("exchange rates on base price data", ("exchang", "rate", "base", "price", "data"), {}),
    ("base network explorer", ("base", "network", "explor"), {"soft_networks": (n.BASE,)}),
    # ... unless the context says chain
    ("usdc on base", (), {"networks": (n.BASE,), "assets": ("USDC",)}),
    ("image generation on base", ("imag", "generat"), {"networks": (n.BASE,)}),
    ("weather on base mainnet", ("weather",), {"networks": (n.BASE,)}),
    # a typed id asked about, an adjective, a URL, a chain's metrics, a question, a rail named elsewhere,
    # and the data's own payments ("was paid with") are no payment network
    ("what does eip155:43114 refer to?", ("eip155", "43114", "refer"), {"soft_networks": ("eip155:43114",)}),
    ("write a stellar cover letter for a nurse", ("write", "stellar", "cover", "letter", "nurs"), {}),
    (
        "scrape https://solana.com/news and list headlines",
        ("scrape", "solana", "com", "news", "list", "headlin"),
        {"soft_networks": (n.SOLANA,)},
    ),
    ("Sei network TVL chart", ("sei", "network", "tvl", "chart"), {"soft_networks": ("eip155:1329",)}),
    (
        "which is faster, solana or base, for finality?",
        ("faster", "solana", "base", "final"),
        {"soft_networks": (n.BASE, n.SOLANA)},
    ),
    (
        "a stellar birthday message generator, pay on solana",
        ("stellar", "birthday", "messag", "generat"),
        {"networks": (n.SOLANA,), "soft_networks": (n.STELLAR_PUBNET,)},
    ),
    (
        "refund every order that was paid with USDC on Base",
        ("refund", "everi", "order", "paid", "usdc", "base"),
        {"soft_networks": (n.BASE,)},
    ),
    ("an ocr api that is paid with usdc on base", ("ocr", "api"), {"networks": (n.BASE,), "assets": ("USDC",)}),
    ("podcast search api that bills on base", ("podcast", "search", "api"), {"networks": (n.BASE,)}),
    (
        "summarize customer reviews and highlight the stellar ones",
        ("summar", "custom", "review", "highlight", "stellar", "one"),
        {},
    ),
    (
        "laundromat pricing scraper (machines at $2.50 per load)",
        ("laundromat", "price", "scraper", "machin", "load"),
        {},
    ),
    (
        "metacarpophalangeal (MCP) arthritis research summary",
        ("metacarpophalang", "mcp", "arthriti", "research", "summari"),
        {},
    ),
    (
        "logs show `402 payment required` for a customer on solana; it must settle on base",
        ("log", "show", "402", "payment", "requir", "custom", "solana"),
        {"networks": (n.BASE,), "soft_networks": (n.SOLANA,)},
    ),
    (
        "mortgage calculator api I can pay for with my Ethereum wallet",
        ("mortgag", "calcul", "api", "pay", "wallet"),
        {"networks": ("eip155:1",)},
    ),
    ("plain http json endpoint for sunrise times", ("plain", "sunris", "time"), {"type": "http"}),
    ("dad joke generator as a REST call", ("dad", "joke", "generat"), {"type": "http"}),
    (
        "compare llm prices per 1k tokens and flag any model under $0.002",
        ("compar", "llm", "price", "1k", "token", "flag", "model", "under"),
        {},
    ),
    ("base sepolia image generation", ("imag", "generat"), {"networks": (n.BASE_SEPOLIA,)}),
    ("using the base network for image generation", ("imag", "generat"), {"networks": (n.BASE,)}),
    ("knowledge base api on base", ("knowledg", "base", "api"), {"networks": (n.BASE,)}),
    # a typed slug: "usdc" before "faucet" is the topic, not the payment asset
    ("base-sepolia usdc faucet", ("usdc", "faucet"), {"networks": (n.BASE_SEPOLIA,)}),
    ("polygon area calculator", ("polygon", "area", "calcul"), {}),
    ("image api on polygon", ("imag", "api"), {"networks": ("eip155:137",)}),
    ("ethereum gas tracker", ("ethereum", "gas", "tracker"), {"soft_networks": ("eip155:1",)}),
    # stellar and solana count bare, as a family
    ("stellar weather api", ("weather", "api"), {"networks": STELLAR_MAIN}),
    ("stellar testnet weather", ("weather",), {"networks": (n.STELLAR_TESTNET,)}),
    ("stellar mainnet weather", ("weather",), {"networks": (n.STELLAR_PUBNET,)}),
    ("stellar pubnet weather", ("weather",), {"networks": (n.STELLAR_PUBNET,)}),
    ("weather api on solana", ("weather", "api"), {"networks": SOLANA_MAIN}),
    # a qualifier does not turn a chain subject into the payment rail: the faucet is for the devnet
    ("solana mainnet-beta rpc proxy", ("solana", "mainnet", "beta", "rpc", "proxi"), {"soft_networks": SOLANA_MAIN}),
    ("solana devnet faucet", ("solana", "devnet", "faucet"), {"soft_networks": (n.SOLANA_DEVNET,)}),
    # ... but a chain as the subject of the API is a topic
    ("stellar account lookup", ("stellar", "account", "lookup"), {"soft_networks": STELLAR_MAIN}),
    ("solana nft api", ("solana", "nft", "api"), {"soft_networks": SOLANA_MAIN}),
    ("xlm price feed", ("xlm", "price", "feed"), {}),
    # several networks are a union; a bare testnet/mainnet narrows the families named
    (
        "weather api on stellar or base",
        ("weather", "api"),
        {"networks": (n.BASE, n.STELLAR_PUBNET)},
    ),
    ("testnet weather api on stellar", ("weather", "api"), {"networks": (n.STELLAR_TESTNET,)}),
    ("mainnet weather on solana", ("weather",), {"networks": (n.SOLANA,)}),
    ("anything on testnet", (), {"networks": ALL_TESTNETS}),
    ("testnet faucet", ("testnet", "faucet"), {}),
    ("mainnet", (), {"no_match": True, "unapplied": ("network:mainnet",)}),
    # CAIP-2 typed literally, canonical case restored
    ("eip155:8453 weather", ("weather",), {"networks": (n.BASE,)}),
    # a typed id is deliberate, whatever follows it
    ("solana:5eykt4usfv8p8njdtrepy1vzqkqzkvdp token price", ("token", "price"), {"networks": (n.SOLANA,)}),
    ("ratio 16:9 image resize", ("ratio", "16", "9", "imag", "resiz"), {}),
    # price caps, in USD
    ("under $0.01 weather api", ("weather", "api"), {"max_usd_price": Decimal("0.01")}),
    ("translation less than 1 cent per call", ("translat",), {"max_usd_price": Decimal("0.01")}),
    ("ocr below 5 cents", ("ocr",), {"max_usd_price": Decimal("0.05")}),
    ("news api at most $2", ("news", "api"), {"max_usd_price": Decimal("2")}),
    ("search <= $0.5", ("search",), {"max_usd_price": Decimal("0.5")}),
    ("image api max 0.1 usdc", ("imag", "api"), {"max_usd_price": Decimal("0.1"), "assets": ("USDC",)}),
    ("sentiment no more than 10 cents", ("sentiment",), {"max_usd_price": Decimal("0.10")}),
    ("ocr under a dollar", ("ocr",), {"max_usd_price": Decimal("1")}),
    ("geocoding cheaper than $1", ("geocod",), {"max_usd_price": Decimal("1")}),
    ("weather max 5 xlm", ("weather",), {"max_usd_price": Decimal("2.00"), "assets": ("XLM",)}),
    ("translation under €1", ("translat",), {"max_usd_price": Decimal("1.08")}),
    ("under $1, max 5 cents, ocr", ("ocr",), {"max_usd_price": Decimal("0.05")}),
    ("ocr $0.01 or less", ("ocr",), {"max_usd_price": Decimal("0.01")}),
    ("summarizer for half a cent", ("summar", "half", "cent"), {}),  # no comparator, no digits: no price
    ("under 5 results", ("under", "5", "result"), {}),  # no currency: not a price
    (
        "weather max 0.1 usdt",
        ("weather",),
        {"unknown_assets": ("USDT",), "unapplied": ("maxPrice:USDT",)},
    ),
    ("weather api over $1", ("weather", "api"), {"unapplied": ("minPrice",)}),
    # cheap is a preference, not a cap
    ("cheap translation api", ("translat", "api"), {"cheapest": True}),
    ("cheapest usdc", (), {"cheapest": True, "assets": ("USDC",)}),
    # type and method
    ("mcp server for github issues", ("github", "issu"), {"type": "mcp"}),
    ("model context protocol server for notion", ("notion",), {"type": "mcp"}),
    ("rest api for stock prices", ("stock", "price"), {"type": "http"}),
    ("HTTP POST endpoint to upload files", ("upload", "file"), {"type": "http", "method": "POST"}),
    ("get weather via GET", ("get", "weather"), {"type": "http", "method": "GET"}),
    ("GET /v1/weather", ("v1", "weather"), {"type": "http", "method": "GET"}),
    ("I need a DELETE api for records", ("api", "record"), {"type": "http", "method": "DELETE"}),
    ("blog post generator", ("blog", "post", "generat"), {}),
    ("BLOG POST GENERATOR", ("blog", "post", "generat"), {}),  # all capitals: no evidence
    ("http request inspector", ("http", "request", "inspector"), {}),
    # Several methods conflict, and the HTTP type they would imply is not read either: on the blind understanding
    # set such lists were mostly the topic ("track PUT and DELETE calls in our audit logs": 9 of 13).
    ("GET or POST endpoint", (), {"type": "http", "unapplied": ("method:conflict",)}),
    (
        "track PUT and DELETE calls in our audit logs",
        ("track", "call", "audit", "log"),
        {"unapplied": ("method:conflict",)},
    ),
    # negations demote, they do not match
    ("pdf tool not for form filling", ("pdf", "tool"), {"negated_terms": ("form", "fill")}),
    ("email api without sending", ("email", "api"), {"negated_terms": ("send",)}),
    ("translate text, no ads or tracking", ("translat", "text"), {"negated_terms": ("ad", "track")}),
    ("weather api other than openweather", ("weather", "api"), {"negated_terms": ("openweath",)}),
    ("pdf tool, not pdf forms", ("pdf", "tool"), {"negated_terms": ("form",)}),
    ("api that isn't rate limited", ("api",), {"negated_terms": ("rate", "limit")}),
    (
        "weather api but not forecasts, on stellar",
        ("weather", "api"),
        {"negated_terms": ("forecast",), "networks": STELLAR_MAIN},
    ),
    (
        "sentiment api, no more than $0.05 and not for tweets",
        ("sentiment", "api"),
        {"max_usd_price": Decimal("0.05"), "negated_terms": ("tweet",)},
    ),
    ("no-code form builder", ("code", "form", "builder"), {}),
    ("weather api, not on base", ("weather", "api"), {"excluded_networks": (n.BASE,)}),
    ("pdf tool without mcp", ("pdf", "tool"), {"excluded_type": "mcp"}),
    # payment filler goes only with a constraint
    ("payment status api", ("payment", "status", "api"), {}),
    ("payment status api that takes usdc", ("payment", "status", "api"), {"assets": ("USDC",)}),
    ("email api with usdc payments", ("email", "api"), {"assets": ("USDC",)}),
    (
        "paid in usdt on base, image upscaler",
        ("imag", "upscal"),
        {"networks": (n.BASE,), "unknown_assets": ("USDT",)},
    ),
    ("accepts stellar or solana", (), {"networks": (*SOLANA_MAIN, *STELLAR_MAIN)}),
    # everything at once
    (
        "under $0.01 on stellar testnet that takes usdc, weather, not forecasts",
        ("weather",),
        {
            "max_usd_price": Decimal("0.01"),
            "networks": (n.STELLAR_TESTNET,),
            "assets": ("USDC",),
            "negated_terms": ("forecast",),
        },
    ),
    (
        "on stellar testnet, cheapest mcp tool for ocr without handwriting",
        ("ocr",),
        {"networks": (n.STELLAR_TESTNET,), "cheapest": True, "type": "mcp", "negated_terms": ("handwrit",)},
    ),
    # --- confusers: a chain, currency, amount or protocol that is the subject stays topical ---
    ("tokens launched on Solana", ("token", "launch", "solana"), {"soft_networks": SOLANA_MAIN}),
    ("NFT prices on the Ethereum platform", ("nft", "price", "ethereum", "platform"), {"soft_networks": ("eip155:1",)}),
    ("track usdc transfers on base", ("track", "usdc", "transfer", "base"), {"soft_networks": (n.BASE,)}),
    ("how many tokens on base", ("mani", "token", "base"), {"soft_networks": (n.BASE,)}),
    ("an api that accepts solana addresses", ("api", "accept", "solana", "address"), {"soft_networks": SOLANA_MAIN}),
    ("what is the price of ETH on base", ("price", "eth", "base"), {"soft_networks": (n.BASE,)}),
    ("news about solana", ("news", "solana"), {"soft_networks": SOLANA_MAIN}),
    (
        "compare solana and ethereum fees",
        ("compar", "solana", "ethereum", "fee"),
        {"soft_networks": ("eip155:1", n.SOLANA)},
    ),
    ("restaurants with stellar reviews", ("restaur", "stellar", "review"), {}),
    ("weather in base camp", ("weather", "base", "camp"), {}),
    ("convert 5000 USD to EUR", ("convert", "usd", "eur"), {}),
    ("how much is 100 usdc in eur", ("much", "usdc", "eur"), {}),
    ("stock under $5", ("stock", "under"), {}),
    ("hotels under $200 a night", ("hotel", "under", "night"), {}),
    ("flights to paris under $300", ("flight", "pari", "under"), {}),
    ("cheap flights to rome", ("cheap", "flight", "rome"), {}),
    ("news about MCP", ("news", "mcp"), {}),
    ("articles about 'MCP'", ("articl", "mcp"), {}),
    ("build an mcp server in python", ("build", "mcp", "server", "python"), {}),
    ("what is the model context protocol", ("model", "context", "protocol"), {}),
    ("mcp specification changes", ("mcp", "specif", "chang"), {}),
    ("test my rest api", ("test", "rest", "api"), {}),
    ("how do I make a POST request in python", ("make", "post", "request", "python"), {}),
    # quoted words are topics, whatever they say
    ("search docs for 'on base'", ("search", "doc", "base"), {}),
    ('find the phrase "not available"', ("phrase", "avail"), {}),
    ("posts tagged 'solana'", ("post", "tag", "solana"), {"soft_networks": SOLANA_MAIN}),
    # negation inside the task content is content, not an exclusion
    ("find users who did not give a gift", ("user", "gift"), {}),
    ("check whether a domain is not registered", ("check", "whether", "domain", "regist"), {}),
    ("list orders that were never shipped", ("list", "order", "never", "ship"), {}),
    # ... while an excluded part of the result is demoted
    ("weather api not for europe", ("weather", "api"), {"negated_terms": ("europ",)}),
    ("image generator without watermark", ("imag", "generat"), {"negated_terms": ("watermark",)}),
    ("image generator with no watermark", ("imag", "generat"), {"negated_terms": ("watermark",)}),
    ("news search, i don't want sports", ("news", "search"), {"negated_terms": ("sport",)}),
    # --- true constraints: payment and interface phrases ---
    ("weather api on base", ("weather", "api"), {"networks": (n.BASE,)}),
    ("weather api paid on base", ("weather", "api"), {"networks": (n.BASE,)}),
    ("translation api that settles on solana", ("translat", "api"), {"networks": SOLANA_MAIN}),
    ("accepts payments on stellar, ocr", ("ocr",), {"networks": STELLAR_MAIN}),
    ("base usdc image api", ("imag", "api"), {"networks": (n.BASE,), "assets": ("USDC",)}),
    ("pdf text extraction under 1 cent", ("pdf", "text", "extract"), {"max_usd_price": Decimal("0.01")}),
    ("priced under $0.01 translation", ("translat",), {"max_usd_price": Decimal("0.01")}),
    ("ocr that costs at most 2 cents per call", ("ocr",), {"max_usd_price": Decimal("0.02")}),
    ("$0.002 per call sentiment api", ("sentiment", "api"), {"max_usd_price": Decimal("0.002")}),
    ("an MCP tool that summarizes pdfs", ("summar", "pdfs"), {"type": "mcp"}),
    ("github mcp", ("github",), {"type": "mcp"}),
    # --- from the labeling guidelines of eval/understanding (README), in our own words ---
    ("contracts deployed on Base", ("contract", "deploy", "base"), {"soft_networks": ("eip155:8453",)}),
    (
        "daily active addresses for Ethereum, Base and Solana",
        ("daili", "activ", "address", "ethereum", "base", "solana"),
        {"soft_networks": ("eip155:1", "eip155:8453", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp")},
    ),
    ("zip code to city lookup (stellar)", ("zip", "code", "citi", "lookup"), {"networks": ("stellar:pubnet",)}),
    ("url shortener on stellar pubnet", ("url", "shorten"), {"networks": ("stellar:pubnet",)}),
    (
        "my wallet is funded on Base only, so it has to take payment on Base",
        (),  # "funded on base only" is a rail phrase itself, and the caller's wallet no topic: a browse
        {"networks": ("eip155:8453",)},
    ),
    ("invoices over $100", ("invoic", "over", "100"), {}),
    ("A100 under $2 an hour", ("a100", "under", "hour"), {}),
    ("tokens trading below 1 cent", ("token", "trade", "below", "cent"), {}),
    ("geocoding 0.1 cents or less per lookup", ("geocod",), {"max_usd_price": Decimal("0.001")}),
    ("spell checker at half a cent or less per check", ("spell", "checker"), {"max_usd_price": Decimal("0.005")}),
    ("logo by domain, do not go above 1/2 cent a call", ("logo", "domain"), {"max_usd_price": Decimal("0.005")}),
    ("how much is 1 cent in indian rupees", ("much", "cent", "indian", "rupe"), {}),
    ("coins trading below a tenth of a cent", ("coin", "trade", "below", "tenth", "cent"), {}),
    ("ocr ≤ $0.02/call", ("ocr",), {"max_usd_price": Decimal("0.02")}),
    # the unit of work between the amount and "or less"/"at most"; a bare fraction capped per call is USD
    (
        "robots.txt checker, a tenth of a cent per check at most",
        ("robot", "txt", "checker"),
        {"max_usd_price": Decimal("0.001")},
    ),
    ("hacker news feed, one cent per call or less", ("hacker", "news", "feed"), {"max_usd_price": Decimal("0.01")}),
    ("web research agent under 0.05 per query", ("web", "research", "agent"), {"max_usd_price": Decimal("0.05")}),
    ("keep latency under 200 per request", ("keep", "latenc", "under", "200", "request"), {}),
    ("email checker, no more than 1c a request", ("email", "checker"), {"max_usd_price": Decimal("0.01")}),
    ("temperature under 30c", ("temperatur", "under", "30c"), {}),
    ("OCR error rate below 0.1 per page", ("ocr", "error", "rate", "below", "0", "1", "page"), {}),
    ("p99 latency up to 0.25 per request", ("p99", "latenc", "up", "0", "25", "request"), {}),
    (
        "search api under 0.05 per query, paid in ETH",
        ("search", "api", "under", "0", "05", "queri"),
        {"unknown_assets": ("ETH",)},
    ),
    (
        "xlsx to pdf converter, a tenth of a cent or less",
        ("xlsx", "pdf", "convert"),
        {"max_usd_price": Decimal("0.001")},
    ),
    ("bridge tokens, at most $1 on the call", ("bridg", "token", "call"), {"max_usd_price": Decimal("1")}),
    ("lottery with a chance to win 1 USDC", ("lotteri", "chanc", "win", "usdc"), {}),
    ("top results under 3 per page", ("top", "result", "under", "3", "page"), {}),
    # "tool" beside the type and nothing else: any MCP tool, a browse (as "mcp tools" is)
    ("tool for my MCP client", (), {"type": "mcp"}),
    ("monitor my REST endpoints", ("monitor", "rest", "endpoint"), {}),
    ("weather lookup callable with GET", ("weather", "lookup", "callabl"), {"type": "http", "method": "GET"}),
    ("tool that sends HEAD requests to find broken links", ("tool", "send", "head", "request", "broken", "link"), {}),
    ("explain the difference between GET and POST", ("explain", "differ", "between", "get", "post"), {}),
    ("convert EURC to USD", ("convert", "eurc", "usd"), {}),
    ("XLM price chart", ("xlm", "price", "chart"), {}),
    ("lumens to lux converter", ("lumen", "lux", "convert"), {}),
    ("I'd like to pay with lumens for a geocoding api", ("id", "geocod", "api"), {"assets": ("XLM",)}),
    ("pdf parser w/o ocr", ("pdf", "parser"), {"negated_terms": ("ocr",)}),
    ("link shortener that does not track clicks", ("link", "shorten"), {"negated_terms": ("track", "click")}),
    ("Nothing Phone 2 specs lookup", ("noth", "phone", "2", "spec", "lookup"), {}),
    ("translate text without losing formatting", ("translat", "text", "lose", "format"), {}),
    ("an HTTP endpoint, not an MCP tool, for geocoding", ("geocod",), {"type": "http", "excluded_type": "mcp"}),
    ("stellar spectra classification", ("stellar", "spectra", "classif"), {}),
    ("Solana Beach surf report", ("solana", "beach", "surf", "report"), {}),
    ("on base percentage by player", ("base", "percentag", "player"), {}),
    (
        "My agent holds USDC on Solana. Find me a weather API.",
        ("solana", "weather", "api"),
        {"assets": ("USDC",), "soft_networks": ("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",)},
    ),
    (
        "sol price on solana",
        ("sol", "price", "solana"),
        {"soft_networks": ("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",)},
    ),
    ("news on solana", ("news", "solana"), {"soft_networks": ("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",)}),
    ("stock quote under 1 cent", ("stock", "quot"), {"max_usd_price": Decimal("0.01")}),
    ("99 cents store locations", ("cent", "store", "locat"), {}),
    ("alert me when XLM drops below 30 cents", ("alert", "xlm", "drop", "below", "cent"), {}),
    ("hotels under $200 each", ("hotel", "under", "each"), {}),
    (
        "spell checker, without paying more than 1 cent per call",
        ("spell", "checker"),
        {"max_usd_price": Decimal("0.01")},
    ),
    (
        "Don't want to pay more than 3 cents for each lookup - company info by domain",
        ("compani", "info", "domain"),
        {"max_usd_price": Decimal("0.03")},
    ),
    ("random joke api for under a tenth of a cent", ("random", "joke", "api"), {"max_usd_price": Decimal("0.001")}),
    ("text generation, anything but openai", ("text", "generat"), {"negated_terms": ("openai",)}),
    (
        "avoid anything in beta: I need a stable translation API",
        ("stabl", "translat", "api"),
        {"negated_terms": ("beta",)},
    ),
    ("dictionary api, nothing with slang", ("dictionari", "api"), {"negated_terms": ("slang",)}),
    ("MCP joint injury exercises", ("mcp", "joint", "injuri", "exercis"), {}),
    ("Minecraft Coder Pack (MCP) mappings", ("minecraft", "coder", "pack", "mcp", "map"), {}),
    ("is there an MCP-compatible tool that does OCR?", ("tool", "ocr"), {"type": "mcp"}),
    ("scan MCP servers for vulnerabilities", ("scan", "mcp", "server", "vulner"), {}),
    ("XLM price in EURC right now", ("xlm", "price", "eurc", "right", "now"), {}),
    ("Explain how Circle's EURC is backed", ("explain", "circl", "eurc", "back"), {}),
    # nothing to search
    ("", (), {"no_match": True}),
    ("the", (), {"no_match": True}),
    ("a an the", (), {"no_match": True}),
    ("?!", (), {"no_match": True}),
    ("not", (), {"no_match": True}),
    # constraints alone are a browse, not a no-match
    ("anything on stellar", (), {"networks": STELLAR_MAIN}),
    ("on base", (), {"networks": (n.BASE,)}),
]


@pytest.mark.parametrize(("query", "topical", "expected"), CASES, ids=[c[0] or "<empty>" for c in CASES])
def test_interpret(query: str, topical: tuple[str, ...], expected: dict[str, Any]) -> None:
    got = interpret(query)
    assert got.topical_terms == topical
    for name, default in DEFAULTS.items():
        assert getattr(got, name) == expected.get(name, default), name


def test_case_count() -> None:
    assert len(CASES) >= 40


def test_headline_query_in_full() -> None:
    got = interpret("  Weather API   that takes USDC on Stellar ")
    assert got.to_dict() == {
        "normalized": "weather api that takes usdc on stellar",
        "networks": ["stellar:pubnet"],
        "softNetworks": [],
        "assets": ["USDC"],
        "paymentAssets": ["USDC"],
        "unknownAssets": [],
        "maxUsdPrice": None,
        "maxUsdPriceStrict": False,
        "cheapest": False,
        "type": None,
        "method": None,
        "negatedTerms": [],
        "excludedNetworks": [],
        "excludedType": None,
        "topicalTerms": ["weather", "api"],
        "topicalText": "weather api",
        "noMatch": False,
        "understood": [
            "asset: USDC (from 'usdc')",
            "network: stellar:pubnet|stellar:testnet (from 'on stellar')",
            "network: mainnet only: stellar:pubnet (a bare chain name; say 'testnet' for test networks)",
        ],
        "unapplied": [],
        "constraints": [
            {
                "kind": "asset",
                "value": "USDC",
                "appliedAs": "boost",
                "why": "'takes usdc': payment phrase (a strong boost; the asset parameter filters)",
                "text": "usdc",
            },
            {
                "kind": "network",
                "value": "stellar:pubnet",
                "appliedAs": "filter",
                "why": "'usdc on stellar': payment phrase",
                "text": "on stellar",
            },
        ],
    }
    assert not got.browse


def test_notes_for_price_and_negation() -> None:
    got = interpret("pdf tool under 1 cent, not for form filling")
    assert got.understood == (
        "price cap: $0.01 (from 'under 1 cent')",
        "demote: form, fill (from 'not for form filling')",
    )
    assert got.to_dict()["maxUsdPrice"] == "0.01"


def test_bare_amount_is_an_assumed_cap() -> None:
    got = interpret("sentiment analysis for 2 cents")
    assert got.max_usd_price == Decimal("0.02")
    assert got.understood == ("price cap: $0.02, assumed from a bare amount (from '2 cents')",)


def test_topical_text_drops_constraints_and_dangling_words() -> None:
    assert interpret("weather API that takes USDC on stellar").topical_text == "weather api"
    assert interpret("mcp server for github issues").topical_text == "github issues"
    assert interpret("sentiment api, no more than $0.05 and not for tweets").topical_text == "sentiment api"
    assert interpret("GET /v1/weather").topical_text == "v1/weather"
    # nothing topical: nothing for the semantic arm to embed
    assert interpret("anything on stellar").topical_text == ""


def test_browse_versus_no_match() -> None:
    browse = interpret("anything on stellar")
    assert browse.browse and not browse.no_match
    nothing = interpret("a an the")
    assert nothing.no_match and not nothing.browse


def test_normalization() -> None:
    got = interpret("Ｗｅａｔｈｅｒ\x00API\t\n on  STELLAR")
    assert got.normalized == "weather api on stellar"
    assert got.networks == STELLAR_MAIN


def test_length_limit() -> None:
    assert interpret("a" * MAX_QUERY_CHARS).normalized == "a" * MAX_QUERY_CHARS
    with pytest.raises(QueryTooLong) as raised:
        interpret("a" * (MAX_QUERY_CHARS + 1))
    assert raised.value.code == "query_too_long"
    # the limit applies after whitespace is collapsed
    assert interpret("weather" + " " * 2000 + "api").normalized == "weather api"
    # and after NFKC, which can lengthen text: the reason says so, or 1,000 characters would read as 18,000
    with pytest.raises(QueryTooLong) as expanded:
        interpret("\ufdfa" * 1000)
    assert "18000 characters after Unicode (NFKC) normalization" in str(expanded.value)
    assert "normalization" not in str(raised.value)
    # but not after numbers are written out: "1e12+" 290 times is 1,450 characters, not 4,059 (red team, 2026-12-07)
    assert interpret("1e12+" * 290).normalized.startswith("1000000000000+")
    with pytest.raises(QueryTooLong) as long_numbers:
        interpret("1e12 " * 900)
    assert "query is 4499 characters; the limit" in str(long_numbers.value)


@pytest.mark.parametrize(
    ("query", "cap"),
    [
        # a vulgar fraction is its value: NFKC's "1⁄2" was read as a cap of 2 cents (red team, 2026-12-07)
        ("weather under ½ cent", Decimal("0.005")),
        ("weather under 1½ cents", Decimal("0.015")),
        ("ocr under ¼ cent", Decimal("0.0025")),
        ("ocr under ¾ of a cent", Decimal("0.0075")),
        ("weather under 1/2 cent", Decimal("0.005")),
    ],
)
def test_a_vulgar_fraction_in_a_price_is_its_value(query: str, cap: Decimal) -> None:
    assert interpret(query).max_usd_price == cap


def test_deterministic() -> None:
    query = "cheapest mcp tool on base or stellar under 2 cents, not for images"
    assert interpret(query) == interpret(query)
    assert interpret(query).to_dict() == interpret(query).to_dict()


def _notes(query: str) -> list[tuple[str, str, str]]:
    return [(c.kind, c.value, c.applied_as) for c in interpret(query).constraints]


def test_every_constraint_has_a_note() -> None:
    assert _notes("tokens launched on Solana") == [("network", n.SOLANA, "topic")]
    assert interpret("tokens launched on Solana").constraints[0].why == "'on solana' is the subject of 'launched'"
    assert _notes("weather api paid on base under 2 cents, not for europe") == [
        ("network", n.BASE, "filter"),
        ("price", "0.02", "filter"),
        ("negation", "europ", "demote"),
    ]
    assert _notes("cheapest mcp server, without ads") == [
        ("cheapest", "true", "boost"),
        ("type", "mcp", "filter"),
        ("negation", "ad", "demote"),
    ]
    assert _notes("convert 5000 USD to EUR") == [("price", "5000", "topic")]
    assert _notes("convert under 50 dollars to euros") == [("price", "50", "topic")]
    # a cap right after the service prices the service, whatever it converts or sends
    assert _notes("sms sending api under 1 cent") == [("price", "0.01", "filter")]
    assert _notes("fx rates api at most 2 cents") == [("price", "0.02", "filter")]
    assert _notes("send money api under $50") == [("price", "50", "topic")]  # a sum it moves, not a per-call price
    assert _notes("transfer anything under $100") == [("price", "100", "topic")]
    assert _notes("news about MCP") == [("type", "mcp", "topic")]
    assert _notes("articles about 'MCP'") == [("type", "mcp", "topic")]
    # what a site sells or a registry lists is the task's subject (red team, 2026-12-07)
    assert _notes("crawl a site that sells MCP servers") == [("type", "mcp", "topic")]
    assert _notes("a registry that lists MCP tools") == [("type", "mcp", "topic")]
    assert _notes("an mcp server that sells concert tickets") == [("type", "mcp", "filter")]
    # what a server sends, named before it, is its function ("email sending MCP server"), unless one is built
    assert _notes("email sending mcp server on base") == [("type", "mcp", "filter"), ("network", n.BASE, "filter")]
    assert _notes("build an email sending mcp server") == [("type", "mcp", "topic")]
    # a price per message sent is a price per call, not money sent (red team, 2026-12-07)
    assert _notes("sms sending api, $0.05 per sms") == [("price", "0.05", "filter")]
    assert _notes("email sending api, $0.001 per email") == [("price", "0.001", "filter")]
    assert _notes("find users who did not give a gift") == [("negation", "", "topic")]
    assert _notes("weather api, not on base") == [("network", n.BASE, "demote")]
    assert _notes("weather api over $1") == [("price", "over $1", "unapplied")]
    # narrowed away: "on stellar" named both networks, "testnet" kept one
    assert _notes("testnet weather api on stellar") == [
        ("network", n.STELLAR_TESTNET, "filter"),
        ("network", n.STELLAR_TESTNET, "filter"),
    ]
    assert _notes("GET or POST endpoint") == [
        ("method", "GET", "unapplied"),
        ("type", "http", "filter"),
        ("method", "POST", "unapplied"),
    ]
    assert _notes("an API that supports GET, POST and PUT") == [
        ("method", "GET", "unapplied"),
        ("method", "POST", "unapplied"),
        ("method", "PUT", "unapplied"),
    ]


@pytest.mark.parametrize(("query", "topical", "expected"), CASES, ids=[c[0] or "<empty>" for c in CASES])
def test_hard_fields_match_filter_notes(query: str, topical: tuple[str, ...], expected: dict[str, Any]) -> None:
    got = interpret(query)
    notes = got.to_dict()["constraints"]
    assert isinstance(notes, list)
    for note in notes:
        assert note["kind"] in {"network", "asset", "price", "type", "method", "negation", "cheapest"}
        assert note["appliedAs"] in {"filter", "boost", "demote", "topic", "unapplied"}
        assert note["why"]
        assert note["text"]
    filtered = {c.kind for c in got.constraints if c.applied_as == "filter"}
    assert ("network" in filtered) == bool(got.networks)
    assert ("price" in filtered) == (got.max_usd_price is not None)
    assert ("type" in filtered or "method" in filtered) == (got.type is not None)
    assert ("method" in filtered) == (got.method is not None)
    assert {c.kind for c in got.constraints if c.applied_as == "boost"} - {"asset", "cheapest"} == set()
    assert ("negation" in {c.kind for c in got.constraints if c.applied_as == "demote"}) == bool(got.negated_terms)


# MetaTool / RestBench-style requests: what they name is the subject of the task.
TASK_QUERIES = [
    "I'm planning a trip to Paris next week and want to know the weather forecast, and hotels under $200 a "
    "night. Can you also find me flights from Berlin that cost no more than $300?",
    "I am writing a report on the growth of decentralized apps. Which projects on Solana had the most users "
    "last month, and how did the price of SOL change?",
    "My team keeps a list of customers in a spreadsheet. Find the customers who did not renew their "
    "subscription and send each of them a reminder email that is not longer than three sentences.",
    "Can you explain what the Model Context Protocol is and how an MCP server differs from a REST API? "
    "I want to write a blog post about it.",
    "I have 5000 USD and I'm moving to Spain. Convert it to EUR at today's rate and tell me how many "
    "NFTs on the Ethereum network I could buy with it.",
    "Please check whether the domain example.org is not registered yet, and if it is free, suggest three "
    "similar names that are under 12 characters.",
    "Get the list of trending tokens launched on Base this week and show which ones are still trading above "
    "their launch price.",
]


@pytest.mark.parametrize("query", TASK_QUERIES)
def test_long_task_requests_have_no_hard_filters(query: str) -> None:
    got = interpret(query)
    assert (got.networks, got.max_usd_price, got.type, got.method) == ((), None, None, None)
    assert got.topical_terms and not got.no_match


def test_long_task_request_can_still_name_its_payment_rail() -> None:
    got = interpret(
        "I run an agent that pays for every call in USDC on Base. Find me a reliable weather forecast API "
        "for European cities, ideally one that also returns air quality."
    )
    assert got.networks == (n.BASE,)
    assert got.assets == ("USDC",)
    assert {"weather", "forecast", "air", "qualiti"} <= set(got.topical_terms)


def test_long_query_within_the_limit() -> None:
    query = " ".join(TASK_QUERIES * 8)[:MAX_QUERY_CHARS]
    assert MAX_QUERY_CHARS == 4000
    got = interpret(query)
    assert got.normalized == normalize_query(query)
    assert (got.networks, got.max_usd_price, got.type, got.method) == ((), None, None, None)


def test_a_negation_that_would_leave_nothing_is_the_topic() -> None:
    # "skip" excludes nothing here: it is the task (a music-player command).
    iq = interpret("Skip to the next track")
    assert iq.topical_terms == ("skip", "next", "track")
    assert iq.negated_terms == () and not iq.no_match
    assert interpret("image generator without watermark").negated_terms == ("watermark",)


def test_a_payment_word_ends_the_interface_phrase_and_sub_cent_amounts_are_call_prices() -> None:
    iq = interpret("text-to-speech MCP tool paid on Base")
    assert iq.type == "mcp" and iq.networks == (n.BASE,)
    assert interpret("bitcoin price for no more than $0.0005").max_usd_price == Decimal("0.0005")
    assert interpret("stock under $5").max_usd_price is None


@pytest.mark.parametrize(
    ("query", "strict"),
    [
        ("fill a pdf form for less than 2 cents", True),
        ("ocr under 1 cent per page", True),
        ("pdf fill < $0.02", True),
        ("pdf fill at most 2 cents", False),
        ("pdf fill <= $0.02", False),
        ("pdf fill 2 cents or under", False),
        ("translation, no more than $0.01 per call", False),
        # "or" before the word includes the amount: the phrase read starts at "below" (batch 9 dev, c745)
        ("the per-request price must stay at or below one tenth of a cent", False),
        ("pdf fill at or under 2 cents per call", False),
    ],
)
def test_a_cap_said_with_less_than_or_under_excludes_the_amount(query: str, strict: bool) -> None:
    iq = interpret(query)
    assert iq.max_usd_price is not None
    assert iq.max_usd_price_strict is strict
    assert iq.to_dict()["maxUsdPriceStrict"] is strict


@pytest.mark.parametrize(
    ("query", "paid_in"),
    [
        ("fx rates i can pay for with eurc", ("EURC",)),
        ("translation api priced in usdc, not xlm", ("USDC",)),
        ("ocr api, accepts eurc", ("EURC",)),
        ("weather API that takes USDC on stellar", ("USDC",)),
        ("usdc price feed", ()),  # the asset is the subject
        ("swap xlm to usdc", ()),
        ("cheapest usdc", ()),  # named, but no payment phrase: a boost
    ],
)
def test_an_asset_in_a_payment_phrase_is_a_strong_boost_and_elsewhere_at_most_a_plain_one(
    query: str, paid_in: tuple[str, ...]
) -> None:
    iq = interpret(query)
    assert iq.payment_assets == paid_in
    assert set(paid_in) <= set(iq.assets)
    notes = {note.value: note for note in iq.constraints if note.kind == "asset"}
    for symbol in paid_in:
        assert notes[symbol].applied_as == "boost" and "strong boost" in notes[symbol].why


@pytest.mark.parametrize(
    "query",
    [
        "top 100 eurc holder addresses",  # a count
        "suggest google ads keywords with a cost per click under $0.30",  # an ad metric, not the call
        "how much does it cost to send 1 usdc on base?",  # the transfer is the task
        "faucet that sends testnet usdc to my base sepolia address",  # the asset's network is the task
    ],
)
def test_amounts_and_chains_that_are_the_task_are_not_constraints(query: str) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price) == ((), None)


def test_a_payment_sentence_in_a_task_names_the_call_price() -> None:
    iq = interpret("Get the Ethereum gas price in gwei; pay on base with USDC, under 1 cent")
    assert iq.networks == (n.BASE,)
    assert iq.max_usd_price == Decimal("0.01")
    assert interpret("testnet usdc payments for a weather api").networks  # a payment word keeps the qualifier


@pytest.mark.parametrize(
    ("query", "networks"),
    [
        ("holiday calendar api on mainnet stellar", ("stellar:pubnet",)),
        ("ocr api on mainnet solana", (n.SOLANA,)),
        ("weather on testnet base", (n.BASE_SEPOLIA,)),
        ("weather api on stellar mainnet", ("stellar:pubnet",)),
    ],
)
def test_a_qualifier_before_the_chain_name_narrows_it(query: str, networks: tuple[str, ...]) -> None:
    assert interpret(query).networks == networks


@pytest.mark.parametrize(
    ("query", "method"),
    [
        ("options chain data for AAPL; GET request please", "GET"),
        ("LYRICS API, POST ONLY", "POST"),
        ("The platform we use only supports POST with a form body. I need a speech-to-text service.", "POST"),
        ("Our agent can only issue HTTP GET requests. Find a text translation service for product titles.", "GET"),
        ("get only the headlines", None),  # the verb
        ("explain http post vs put", None),  # the topic
    ],
)
def test_the_only_method_a_caller_can_send_is_a_constraint(query: str, method: str | None) -> None:
    iq = interpret(query)
    assert iq.method == method
    assert iq.type == ("http" if method else None)


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method"),
    [
        ('{"task": "geocode street addresses", "payment_network": "solana"}', SOLANA_MAIN, None, None, None),
        ("agent config: {rail: 'solana', want: 'podcast transcription'}", SOLANA_MAIN, None, None, None),
        ('{"query": "company logo by domain", "max_price_usd": 0.004}', (), Decimal("0.004"), None, None),
        (
            "requirements:\n- network: base\n- max price: $0.01/call\n- interface: REST\n- task: translate",
            (n.BASE,),
            Decimal("0.01"),
            "http",
            None,
        ),
        ("network: base sepolia, task: ocr", (n.BASE_SEPOLIA,), None, None, None),
        ('{"method": "POST", "task": "send sms"}', (), None, "http", "POST"),
        # the same words as data: an x402 header to decode, a config to parse, a chart's axis
        ('decode this x402 header: {"scheme": "exact", "network": "base", "payTo": "0xabc"}', (), None, None, None),
        ("parse this config file: network: base, interface: mcp", (), None, None, None),
        ("chart network: latency by region", (), None, None, None),
    ],
)
def test_a_request_written_as_fields(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type, iq.method) == (networks, price, query_type, method)


@pytest.mark.parametrize(
    ("query", "method", "query_type"),
    [
        ("ETH put/call ratio on Deribit", None, None),  # a ratio, not the PUT method
        ("HTTP HEAD-based ping tester for an IPv4 host", None, None),  # how the tool works
        ("Get the download link for the epub of 'Dune'; the endpoint must accept POST", "POST", "http"),
        ("crypto news summarizer (MCP only)", None, "mcp"),
    ],
)
def test_method_and_interface_edge_phrases(query: str, method: str | None, query_type: str | None) -> None:
    iq = interpret(query)
    assert (iq.method, iq.type) == (method, query_type)


def test_fractions_of_a_cent_cap_and_per_million_token_prices_do_not() -> None:
    assert interpret("robots.txt checker under 1/10 of a cent").max_usd_price == Decimal("0.001")
    assert interpret("compare LLM inference providers that charge under $0.50 per million tokens").max_usd_price is None


@pytest.mark.parametrize(
    ("query", "price", "applied_as"),
    [
        # A price for a batch of calls caps each call at its share.
        ("weather api under 5 cents per 1000 calls", Decimal("0.00005"), "filter"),
        ("geocoding at most $2 per 1,000 lookups", Decimal("0.002"), "filter"),
        ("ocr under $0.50 per 100 pages", Decimal("0.005"), "filter"),
        ("search api under $1 for every 1k requests", Decimal("0.001"), "filter"),
        ("search api under 5 cents for 1000 calls", Decimal("0.00005"), "filter"),
        ("search api at most $5 per million calls max", Decimal("0.000005"), "filter"),  # "max" is the cap's
        # A batch of something else is not a call's price.
        ("embedding api under 2 cents per 1k tokens", None, "topic"),
        ("stock data for under $5 per 100 tickers", None, "topic"),
    ],
)
def test_a_price_for_a_batch_of_calls_caps_each_call(query: str, price: Decimal | None, applied_as: str) -> None:
    iq = interpret(query)
    assert iq.max_usd_price == price
    (note,) = [c for c in iq.constraints if c.kind == "price"]
    assert note.applied_as == applied_as and note.text.startswith(("under", "at most"))
    assert not {"1000", "call", "lookup", "page", "request", "max"} & set(iq.topical_terms)


def test_a_span_after_for_is_no_batch_of_calls() -> None:
    iq = interpret("7 day weather forecast under 1 cent for 7 days")
    assert iq.max_usd_price == Decimal("0.01")


@pytest.mark.parametrize(
    "query",
    [
        "top gainers on Base today by 24h volume",
        "write a blog post on how to POST a payment to an x402 server on Solana",
    ],
)
def test_chains_that_are_the_data_are_no_rail(query: str) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.method) == ((), None)


@pytest.mark.parametrize(
    ("query", "negated"),
    [
        ("translate this whitepaper without losing the tables", ()),  # keep the tables: a how, not a what
        ("convert the docx to pdf without breaking the layout", ()),
        ("news summarizer on stellar, no paywalled sources", ("paywal",)),
        ("image generator, avoid Midjourney-based wrappers", ("midjourney",)),
        ("image generator without watermark", ("watermark",)),
    ],
)
def test_negation_scope_keeps_preserve_clauses_and_generic_heads_out(query: str, negated: tuple[str, ...]) -> None:
    assert interpret(query).negated_terms == negated


@pytest.mark.parametrize(
    ("query", "networks"),
    [
        ("ocr api base", (n.BASE,)),  # a chain tagged onto a short query is the rail
        ("qr code generator, base", (n.BASE,)),
        ("timezone for coordinates, x402 solana", SOLANA_MAIN),
        ("pdf summarizer, base only", (n.BASE,)),
        ("OCR — Base only, please", (n.BASE,)),  # a courtesy after the tag (red team, 2026-12-07)
        ("currency converter, base, thanks", (n.BASE,)),
        ("knowledge base, please", ()),
        # the caller's own business accepting payments is the subject, not its rail (red team, 2026-12-07)
        ("accept payments on solana for my online store", ()),
        ("I run a small bakery and want to start accepting payments on Solana. Find a payment link service.", ()),
        ("we have a shop and accept payments on base. need a tax api", ()),
        ("tax reporting for payments received on solana", ()),
        ("weather API that accepts USDC on stellar", STELLAR_MAIN),
        ("an OCR tool accepting usdc on base", (n.BASE,)),
        ("I want a tool accepting payments on base", (n.BASE,)),
        ("accepts usdc on base: a pdf tool", (n.BASE,)),
        ("portfolio value of a wallet; accept payment on ethereum mainnet", ("eip155:1",)),
        ("my agent's wallet is on solana; need a web scraper", SOLANA_MAIN),
        ("Find me a recipe generator. I only have funds on Polygon.", ("eip155:137",)),
        ("OCR for receipts, Polygon settlement please", ("eip155:137",)),
        ("NBA scores for tonight; pay with my base wallet", (n.BASE,)),
        # the chain is the subject
        ("new pairs on Base in the last 10 minutes", ()),
        ("Solana vs Base fees for a simple token transfer", ()),
        ("solana token api", ()),
        ("check my wallet balance on solana", ()),
    ],
)
def test_rail_words_and_chain_subjects(query: str, networks: tuple[str, ...]) -> None:
    assert interpret(query).networks == networks


@pytest.mark.parametrize(
    ("query", "price"),
    [
        ("x402 transactions with amount under 1 cent in the last day", None),
        ("memecoins priced below $0.0001", None),
        ("a crypto news feed that won't cost me more than a penny per request", Decimal("0.01")),
        ("bitcoin price for no more than $0.0005", Decimal("0.0005")),
        ("the extraction must cost at most seven tenths of a cent per receipt", Decimal("0.007")),
        ("estimate how much 1 million API calls at $0.0004 each would cost per month", None),
        ("our SaaS charges $0.002 per API call to our own customers; I need an invoice PDF generator", None),
        ("invoice generator; some invoices have 10,000 line items at $0.002 each", None),
        ("pdf invoice generator at $0.002 per call", Decimal("0.002")),
    ],
)
def test_amounts_of_the_data_versus_the_call(query: str, price: Decimal | None) -> None:
    assert interpret(query).max_usd_price == price


@pytest.mark.parametrize(
    ("query", "query_type", "method"),
    [
        ("type: mcp\ntask: wallet portfolio summary", "mcp", None),
        ("Fetch the page and list every form that submits via POST", None, None),
        ("POST /v1/feeds/{id}/entries keeps returning 402, what's wrong with my X-PAYMENT header?", None, None),
        ("shorten a url via POST", "http", "POST"),
        ("weather over plain http", "http", None),
        ("post a json body, get back embeddings", "http", "POST"),
        ("write a tutorial on how to post a json body from python", None, None),
    ],
)
def test_interfaces_asked_for_versus_the_data_s_own(query: str, query_type: str | None, method: str | None) -> None:
    iq = interpret(query)
    assert (iq.type, iq.method) == (query_type, method)


def test_a_quoted_field_value_is_explained_once_as_the_field() -> None:
    notes = interpret('{"task": "ocr", "payment_network": "solana"}').constraints
    assert [(c.kind, c.applied_as) for c in notes] == [("network", "filter")]


@pytest.mark.parametrize(
    ("query", "kept", "dropped"),
    [
        ("convert 100 USD to EUR", ("convert", "usd", "eur"), ("100",)),
        ("exchange 3.5 ETH for USDC", ("exchang", "eth"), ("3", "5")),
        ("mint 100 tokens", ("mint", "100", "token"), ()),  # no amount of money: the number is the topic
        ("7-day forecast for Paris", ("7", "day", "forecast", "pari"), ()),
        ("100 USD", ("usd",), ("100",)),
    ],
)
def test_amounts_that_are_the_subject_are_no_lexical_terms(
    query: str, kept: tuple[str, ...], dropped: tuple[str, ...]
) -> None:
    got = interpret(query)
    assert got.topical_terms == kept
    assert not set(dropped) & set(got.topical_terms)
    assert all(d in got.topical_text.split() or d in got.topical_text for d in dropped)  # the model still sees them


@pytest.mark.parametrize(
    ("text", "spans"),
    [
        ("mail bob.smith+x@example.co.uk now", ["bob.smith+x@example.co.uk"]),
        ("see https://a.b/c?d=1 first", ["https://a.b/c?d=1"]),
        ("api at weather.example.com/v1/x", ["weather.example.com/v1/x"]),
        ("on base", []),
        # a local part longer than RFC 5321's 64 is no address; the host after it still is one
        ("a" * 70 + "@x.com", ["x.com"]),
    ],
)
def test_url_and_address_spans(text: str, spans: list[str]) -> None:
    from souk.search.understanding import _URL

    assert [m.group() for m in _URL.finditer(text)] == spans


@pytest.mark.parametrize(
    ("query", "price"),
    [
        # a minimum refused is a cap, inclusive like "no more than"
        ("I'm not willing to pay more than 0.05 USD per request.", Decimal("0.05")),
        ("Don't show me anything that costs more than 2 cents per image.", Decimal("0.02")),
        ("an ocr api that costs more than 2 cents per page", None),  # a minimum, not supported
        # "each <unit of work> must cost": the unit named before the price word, in a long task too
        (
            "We triage thousands of support emails a day and route urgent ones to on-call engineers, so "
            "each classification must cost at most half a cent. Confidence scores would help.",
            Decimal("0.005"),
        ),
        ("we book trips for the whole team and each room must cost under $200 a night", None),
        # the priced thing right before the cap, however small the amount
        ("tokens under $0.001 with rising 24h volume", None),
        ("Solana memecoins under $0.001 with rising volume", None),
        ("token price lookup under $0.001", Decimal("0.001")),
    ],
)
def test_refused_minimums_units_of_work_and_priced_things(query: str, price: Decimal | None) -> None:
    assert interpret(query).max_usd_price == price


@pytest.mark.parametrize(
    ("query", "query_type", "method"),
    [
        ("Find me a directory of public MCP servers for calendars, with their GitHub star counts", None, None),
        ("which MCP servers are trending this week?", None, None),
        ("which MCP server for calendars do you recommend", "mcp", None),
        ('simulate this JSON-RPC call against a node: POST {"method": "eth_getBalance"}', None, None),
        ("a sentiment endpoint that takes POST with a json body", "http", "POST"),
    ],
)
def test_interfaces_listed_asked_about_or_written_out(query: str, query_type: str | None, method: str | None) -> None:
    iq = interpret(query)
    assert (iq.type, iq.method) == (query_type, method)


def test_a_network_id_asked_about_is_the_topic() -> None:
    assert interpret("what is eip155:8453?").networks == ()
    assert interpret("what's eip155:8453").networks == ()
    assert interpret("weather api paid on eip155:8453").networks == ("eip155:8453",)


@pytest.mark.parametrize(
    ("query", "networks", "price"),
    [
        # the caller's own server, charging its own customers on a chain
        ("My x402 server charges $0.002 per call on Base and I'd like a daily revenue report", (), None),
        ("we charge our customers on base; find me a pdf api paid on solana", (n.SOLANA,), None),
        # prices the task's data was charged
        ("an analytics endpoint showing how many Bazaar calls were priced under $0.01 last month", (), None),
        ("which x402 facilitators charge under $0.001 per settlement?", (), None),
        ("a pdf api priced under 1 cent on base", (n.BASE,), Decimal("0.01")),
        # rails said through "either" and through the caller's own wallet
        ("a weather endpoint that takes payment on either Solana or Base", (n.BASE, n.SOLANA), None),
        ("My agent's only funded wallet is on Base Sepolia. Find a PDF converter.", (n.BASE_SEPOLIA,), None),
    ],
)
def test_the_caller_s_own_charges_the_data_s_prices_and_rails_said_loosely(
    query: str, networks: tuple[str, ...], price: Decimal | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price) == (tuple(sorted(networks)), price)


@pytest.mark.parametrize(
    ("query", "negated"),
    [
        # idioms and the caller's own situation: no result is excluded
        ("articles on climate change, including but not limited to crop productivity", ()),
        ("not just words: I need the images described too", ()),
        ("identify whether a solar panel is damaged or not using images", ()),
        ("common pitfalls to avoid when designing a user interface", ()),
        ("Is it going to rain today? I don't want to get caught in a storm.", ()),
        ("build a website without any coding knowledge", ()),
        ("no technical expertise needed: a form builder", ()),
        ("I searched for hours without any luck; find me a recipe API", ()),
        # what a request leaves out of its data, its things' state, a name with a negation word in it
        ("I want to avoid any job listings from companies with the word startup", ()),
        ("What is the sentiment for GBP/USD using daily candles, excluding volume data?", ()),
        ("Help me calculate the character count in this string, but exclude the spaces.", ()),
        ("Please count the number of characters without spaces in this text.", ()),
        ("Can you check if it's legal to record conversations without consent in my state?", ()),
        ("What are the operational costs of Doctors Without Borders?", ()),
        ("I'm not sure it applies to agreements made but not documented in writing.", ()),
        # exclusions stay exclusions
        ("Find me a research summary API; I want to avoid paywalled sources.", ("paywal",)),
        ("Please find a translation tool for my app, excluding Google.", ("googl",)),
        ("Can you find a news feed, excluding anything built on DeepL?", ("deepl",)),
        ("i want to avoid any job listings from companies with the word startup", ("job", "list", "compani")),
        ("Can you recommend an image generator without watermarks?", ("watermark",)),
        ("image generator without watermark", ("watermark",)),
        ("weather api but not openweather", ("openweath",)),
        ("translation api, not deepl", ("deepl",)),
    ],
)
def test_negation_idioms_and_the_caller_s_situation(query: str, negated: tuple[str, ...]) -> None:
    assert interpret(query).negated_terms == negated


@pytest.mark.parametrize(
    ("query", "price"),
    [
        ("Can you help me search for Bluetooth earbuds that are waterproof and cost under $100?", None),
        ("Find me a pair of white sneakers within a price range of $50 to $100", None),
        ("smartphone reviews api that costs under $0.01 per call", Decimal("0.01")),
        ("an OCR service priced under $2", Decimal("2")),
    ],
)
def test_over_a_dollar_with_no_call_or_service_priced_is_the_thing_s_price(query: str, price: Decimal | None) -> None:
    assert interpret(query).max_usd_price == price


def test_refusing_to_do_what_a_tool_does_is_still_an_exclusion() -> None:
    assert interpret("resize an image — I don't want to generate a new one").negated_terms == ("new",)
    assert interpret("I don't want to watch the whole thing, summarize this vlog").negated_terms == ()


@pytest.mark.parametrize(
    ("query", "negated"),
    [
        # a task's "except"/"apart from"/"rather not use" refuses a named provider ...
        ("Each morning, summarize the top stories in our Slack. Use any news API except Reuters.", ("reuter",)),
        ("Draft a weekly market digest for the team. Quotes from a provider apart from Finnhub, please.", ("finnhub",)),
        ("Caption each product photo for our catalog. I'd rather not use Gemini for that step.", ("gemini",)),
        # ... the clause ends at its verb or reason ...
        ("Text the on-call engineer when the site is down. Any SMS gateway other than Plivo is fine.", ("plivo",)),
        # ... and the caller's own situation or the task's data is no exclusion
        ("Find a second opinion on these contract clauses; we don't want to pay twice for a review.", ()),
        ("No worries if it is slow: standardize these 5,000 postal addresses for me.", ()),
        ("List the top Rust crates for parsing YAML this year, excluding forks and deprecated crates.", ()),
        ("Schedule reminders for every weekday except Friday. Then summarize the week's meetings for me.", ()),
    ],
)
def test_exclusions_in_a_task_name_what_they_refuse(query: str, negated: tuple[str, ...]) -> None:
    assert interpret(query).negated_terms == negated


@pytest.mark.parametrize(
    ("query", "networks", "price", "kind"),
    [
        ("Which facilitators support settling on Base, and what do they charge?", (), None, None),
        ("A geocoding REST API that settles on Base, please.", (n.BASE,), None, "http"),
        ("I'd like a RESTful service for thumbnails that settles on avalanche", ("eip155:43114",), None, "http"),
        ("Compare fees for settling payments under 1 cent on two facilitators", (), None, None),
        (
            "Find a sentiment classifier for support tickets; each classification has to cost under a tenth of a cent.",
            (),
            Decimal("0.001"),
            None,
        ),
    ],
)
def test_facilitators_payments_and_wanted_interfaces(
    query: str, networks: tuple[str, ...], price: Decimal | None, kind: str | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price, iq.type) == (tuple(sorted(networks)), price, kind)


@pytest.mark.parametrize(
    ("query", "networks", "price"),
    [
        # amounts in words per call, caps the caller sets, caps as items of a list, fields
        ("reverse image search, a fifth of a cent per lookup", (), Decimal("0.002")),
        ("any api to look up UK postcodes? budget is like a penny per request", (), Decimal("0.01")),
        ("Which API has the best ESG scores for listed companies? I'd cap it at 2 cents", (), Decimal("0.02")),
        ('{"need": "a haiku generator", "pay_network": "base", "max_usd": "0.03"}', (n.BASE,), Decimal("0.03")),
        (
            "Setting up a demo:\n1. random cat fact\n2. must accept payment on base-sepolia\n3. under 2 cents",
            (n.BASE_SEPOLIA,),
            Decimal("0.02"),
        ),
        # where the caller is, or what its only wallet settles on
        ("i'm on base, any endpoint that returns a random joke? just trying x402 out", (n.BASE,), None),
        (
            "Audit this NFT collection's royalties for me. My wallet only holds USDC on Base, so the tool has to "
            "settle there.",
            (n.BASE,),
            None,
        ),
        ("My wallet only holds USDC on Base. Which NFT marketplaces there have the lowest fees?", (), None),
    ],
)
def test_caps_in_words_and_items_and_the_caller_s_chain(
    query: str, networks: tuple[str, ...], price: Decimal | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price) == (tuple(sorted(networks)), price)


@pytest.mark.parametrize(
    ("query", "negated"),
    [
        ("Summarize the league's results every Monday. Steer clear of ESPN, their terms forbid scraping.", ("espn",)),
        ("Find a drone mapping API that keeps the flight path clear of power lines and trees.", ()),
    ],
)
def test_steer_clear_of(query: str, negated: tuple[str, ...]) -> None:
    assert interpret(query).negated_terms == negated


@pytest.mark.parametrize(
    ("query", "networks", "price", "type_", "method"),
    [
        # a tool call's keyword arguments are a request written as fields
        ("search_tools(query='ocr receipts', max_usd_price=0.003)", (), Decimal("0.003"), None, None),
        ("find_api(task='translate text', http_method='POST')", (), None, "http", "POST"),
        ("find_api{task: 'resize images', pay_network: 'base-sepolia'}", (n.BASE_SEPOLIA,), None, None, None),
        ("ERC20 top holders. rail=base ceiling=1.5c", (n.BASE,), Decimal("0.015"), None, None),
        ("chain=base url metadata extractor og tags json-ld", (n.BASE,), None, None, None),
        ("GET /v1/prices?chain=base returns 500 under load", (), None, None, None),
        ('{"chain": "solana", "task": "top holders"}', (), None, None, None),
        ("ERC20 top holders chain=ethereum", (), None, None, None),  # the data's chain
        ("rail=base chain=solana wallet balance", (n.BASE,), None, None, None),
        ("rate limit ceiling: 100", (), None, None, None),
        ("must accept a JSON body or query params", (), None, None, None),
        ("how to accept a JSON body in express", (), None, None, None),
        (
            "funding rate\n  payment_network: base\n  max_price_per_call_usd: 0.02",
            (n.BASE,),
            Decimal("0.02"),
            None,
            None,
        ),
        ("captcha image solver; must accept a JSON body", (), None, "http", "POST"),
        ("my server must accept a JSON body", (), None, None, None),
        ("the endpoint accepts a JSON body and returns text", (), None, None, None),
        ("bridge 1 USDC from Base over to Solana", (), None, None, None),
        ("Polymarket odds on a Solana ETF approval", (), None, None, None),
        # the same words as data: a chain's fees, a shop's prices, requests in a bug report
        ("ethereum L2 fees under 1 cent chart", (), None, None, None),
        ("list SKUs priced below $0.99 in my shopify store", (), None, None, None),
        ("POST requests failing with 402 debug helper", (), None, None, None),
        ("GET /v1/prices weather endpoint", (), None, "http", "GET"),
        # an interface asked for in other words
        ("ok now give me a REST api version instead", (), None, "http", None),
        ("whois lookup as plain http", (), None, "http", None),
        ("cover letter generator that makes a stellar first impression", (), None, None, None),
    ],
)
def test_tool_calls_bug_reports_and_variants(
    query: str, networks: tuple[str, ...], price: Decimal | None, type_: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price, iq.type, iq.method) == (networks, price, type_, method)


@pytest.mark.parametrize(
    ("query", "negated"),
    [
        ("text to speech not elevenlabs", ("elevenlab",)),
        ("check my sitemap for pages that return 404 not found", ()),
        ("email address not deliverable", ()),
        ("api key not valid", ()),
        ("tokens that are listed or not", ()),
    ],
)
def test_a_short_query_refusing_its_last_word(query: str, negated: tuple[str, ...]) -> None:
    assert interpret(query).negated_terms == negated


@pytest.mark.parametrize(
    ("query", "price", "strict"),
    [
        ("checkers engine best move, sub-cent per move", Decimal("0.01"), True),
        ("current weather by coordinates, pay on base, sub-cent", Decimal("0.01"), True),
        ("list sub-penny stocks", None, False),  # the stocks' price
        ("how do sub-cent payments work on x402", None, False),
        ("sub-cent precision price feed", None, False),
        ("sub-cent memecoins trending on solana", None, False),
    ],
)
def test_sub_cent(query: str, price: Decimal | None, strict: bool) -> None:
    iq = interpret(query)
    assert (iq.max_usd_price, iq.max_usd_price_strict) == (price, strict)


@pytest.mark.parametrize(
    ("query", "type_"),
    [
        ("hosted access to the Financial Datasets MCP server (income statements, balance sheets)", None),
        ("I need the GitHub MCP server", None),
        ("Find me a Weather MCP server please", "mcp"),
        ("need GitHub MCP server", "mcp"),  # a name without "the" may still ask for the interface
        ("Find Weather MCP Server", "mcp"),
        ("weather MCP server", "mcp"),
    ],
)
def test_a_named_mcp_server_is_a_product_not_the_interface(query: str, type_: str | None) -> None:
    assert interpret(query).type == type_


@pytest.mark.parametrize(
    ("query", "networks", "price", "type_"),
    [
        ("geocoding api, pay with solana", SOLANA_MAIN, None, None),
        ("geocoding api, pay w/ Solana", SOLANA_MAIN, None, None),
        ("how do I pay with solana in a browser extension?", (), None, None),  # a question about it
        ("sentiment api, ideally under 2 cents per call but up to 5 cents per call is fine", (), Decimal("0.05"), None),
        ("sentiment api, preferably under a cent per call", (), None, None),
        ("preferably an MCP server but REST works too, for sentiment", (), None, None),
        ("sentiment MCP server under 1 cent per call", (), Decimal("0.01"), "mcp"),
        ("I hold 200 SOL, what is that in euros today?", (), None, None),
        ("my balance is 4 USDC on Base, find a bridge quote api", (), None, None),
        ("chart of median x402 price per call for sellers on Base", (), None, None),
        ("x402 uptime stats for MCP servers that settle on Solana", (), None, None),
        ("compare x402 usage across chains; the API you pick has to settle on stellar", STELLAR_MAIN, None, None),
        ("x402 weather api on base", (n.BASE,), None, None),  # no aggregate: the rail
        ("we run an agent with a funded wallet on Solana; find a translation api", SOLANA_MAIN, None, None),
        ("our payment account lives on Stellar. translation api please", STELLAR_MAIN, None, None),
        ("list funded wallets on solana with no outgoing transfers", (), None, None),  # the data's wallets
        ("sybil detector: flag anyone with a funded wallet on base", (), None, None),
        ("analytics on customers who pay with solana", (), None, None),  # the data's payers
        ("checkout widget so my customers can pay with solana", (), None, None),
        ("preferably on base or solana, anything else won't work for my wallet", (), None, None),
        ("ocr tool ideally accurate under $0.01 per call max", (), Decimal("0.01"), None),  # wishes for accuracy
        ("compare weather forecasts from multiple providers, x402 on base only", (n.BASE,), None, None),
        ("monitoring API for x402, pay on base", (n.BASE,), None, None),
        ("stock price charts API via x402, under $0.01 per call, payable on base", (n.BASE,), Decimal("0.01"), None),
        ("x402 analytics, budget under $0.01 per call", (), Decimal("0.01"), None),
        ("MCP server for google analytics, x402 payments on base", (n.BASE,), None, "mcp"),  # the service's purpose
        ("find an x402 usage analytics api I can call on base", (n.BASE,), None, None),
        ("track uptime of the x402 endpoints that accept Base payments", (), None, None),
        ("we have 2 USDC per request to spend on a translation api", (), Decimal("2"), None),  # a budget per call
        ("my balance is 0.50 USDC on Polygon, need a bridge quote api", (), None, None),
        ("weather api by city id on base", (n.BASE,), None, None),
        ("What's the CAIP-2 id for Avalanche Fuji?", (), None, None),
    ],
)
def test_preferences_held_amounts_paying_with_a_chain_and_x402_as_data(
    query: str, networks: tuple[str, ...], price: Decimal | None, type_: str | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price, iq.type) == (tuple(sorted(networks)), price, type_)


def test_filler_words_are_never_refused() -> None:
    assert interpret("news api, no paywalled sources pls").negated_terms == ("paywal",)


@pytest.mark.parametrize(
    ("query", "networks", "price"),
    [
        ("We keep USDC on Polygon and pay with it. Need a sentiment api.", POLYGON_MAIN, None),
        ("I hold USDC on Polygon and want its price history.", (), None),  # holding only
        ("stellar wallet with USDC, that's my only rail. sentiment api", STELLAR_MAIN, None),
        ("agent wallet: polygon (USDC). task: sentiment of tweets about a token launch.", POLYGON_MAIN, None),
        ("Network: Polygon mainnet (USDC). Sentiment of news headlines about rate cuts.", POLYGON_MAIN, None),
        ("settlement network: solana mainnet-beta", SOLANA_MAIN, None),
        ("Ideally it would settle on Polygon, but any chain is fine. Sentiment of a tweet.", (), None),
        ("Under 2 cents per call, but it's not a dealbreaker. Sentiment of a tweet.", (), None),
        ("Nice to have: under a cent per call. Sentiment of a tweet.", (), None),
        ("pay on polygon, no signup required, sentiment api", POLYGON_MAIN, None),
        ("Create a Polygon multisig wallet for a DAO treasury.", (), None),  # the chain's own wallet
    ],
)
def test_wallet_context_waived_constraints_and_chain_subjects(
    query: str, networks: tuple[str, ...], price: Decimal | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price) == (tuple(sorted(networks)), price)


@pytest.mark.parametrize(
    ("query", "networks", "type_", "method", "price"),
    [
        ("proxy that replays recorded POST requests against staging", (), None, None, None),
        ("linter that flags undocumented PATCH operations in an openapi file", (), None, None, None),
        ("alert when wallets moving USDT on solana exceed 1M", (), None, None, None),
        ("dashboard of weather apis on base charging under $0.01", (), None, None, None),
        ("which x402 services are most popular on solana? need stats", (), None, None, None),
        ("x402 translation api on solana. I want stats on languages too", SOLANA_MAIN, None, None, None),
        ('{"arguments": "{\\"q\\": \\"ocr\\", \\"max_usd_price\\": \\"0.003\\"}"}', (), None, None, Decimal("0.003")),
        ('{"input": {"query": "ocr", "resource_type": "mcp"}}', (), "mcp", None, None),
    ],
)
def test_requests_as_data_studies_and_tool_call_fields(
    query: str, networks: tuple[str, ...], type_: str | None, method: str | None, price: Decimal | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.type, iq.method, iq.max_usd_price) == (networks, type_, method, price)


@pytest.mark.parametrize(
    ("query", "networks", "type_", "price"),
    [
        ("tool: image upscaler | max_price: 0.002 | network: solana", SOLANA_MAIN, None, Decimal("0.002")),
        ("PDF to markdown converter; I'll pay no more than $0.05 per conversion", (), None, Decimal("0.05")),
        ("currency converter api, convert 50 USD to EUR", (), None, None),
        ("a product search api for wireless earbuds that cost under $100", (), None, None),
        ("a translation api that costs under $0.01", (), None, Decimal("0.01")),
        ("count how many new MCP servers were published on GitHub this month", (), None, None),
        ("I need an MCP tool that lists x402 facilitators", (), "mcp", None),
        ("solana pay integration guide for a shopify store", (), None, None),
        ("solana ocr api", SOLANA_MAIN, None, None),
        (
            "I'm writing an explainer on x402. Cover why payments on Base settle in USDC and an example where a "
            "GET request costs $0.001. Find me a diagramming tool.",
            (),
            None,
            None,
        ),
        (
            "I'm writing an explainer on x402. Find me a diagramming tool that settles on Base.",
            (n.BASE,),
            None,
            None,
        ),
    ],
)
def test_fields_between_pipes_units_of_work_priced_goods_counted_servers_and_writing_about_x402(
    query: str, networks: tuple[str, ...], type_: str | None, price: Decimal | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.type, iq.max_usd_price) == (networks, type_, price)


@pytest.mark.parametrize(
    ("query", "negated"),
    [
        ("find_tool(intent='payments fraud score', exclude=['stripe'])", ("stripe",)),
        ('search_tools(q="sms", exclude_providers=["twilio", "vonage"])', ("twilio", "vonag")),
        ("Build a lead list of SaaS companies. Don't use Apollo for the enrichment step.", ("apollo",)),
        ("Transcribe the podcast. Please don't pick anything built on Whisper.", ("whisper",)),
        ("Don't forget to include the totals.", ()),
        ("calculate the order total not including tax", ()),
    ],
)
def test_refusals_in_fields_and_imperatives(query: str, negated: tuple[str, ...]) -> None:
    assert interpret(query).negated_terms == negated


@pytest.mark.parametrize(
    ("query", "networks", "price", "method"),
    [
        ("Step 5/5: convert the spreadsheet (xlsx) to PDF. Hard limits: GET, <= $0.005.", (), Decimal("0.005"), "GET"),
        ("Step 2: fetch the page. constraint: price_cap_usd=0.003", (), Decimal("0.003"), None),
        ("Compare candidates. I need one that accepts a JSON POST body for this step, then mint.", (), None, "POST"),
        ("I need to move USDC from Base to Solana. Find a bridge tool for Base -> Solana USDC.", (), None, None),
        ("I should pick a cheap GET endpoint (<= $0.01) for the EUR/USD exchange rate.", (), Decimal("0.01"), "GET"),
        ("a list of hotels (under $200 per night)", (), None, None),
        (
            "The validator I tried only takes payment on base. Retry with one that settles on solana.",
            SOLANA_MAIN,
            None,
            None,
        ),
        ("Sandboxes are pricey, so cap this at a nickel per run. Run a Python snippet.", (), Decimal("0.05"), None),
        ("nickel price api", (), None, None),
    ],
)
def test_constraint_labels_routes_retries_and_coin_names(
    query: str, networks: tuple[str, ...], price: Decimal | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price, iq.method) == (networks, price, method)


@pytest.mark.parametrize(
    ("query", "networks", "price", "method"),
    [
        # an adversarial review's attacks on the rules above (none may become a hard filter or cap)
        ("Rate limits: 100 GET calls per minute. Find a stock quote API.", (), None, None),
        (
            "Hard limits: the drone can carry 2 kg and fly 30 minutes on base power. Find a flight planning API.",
            (),
            None,
            None,
        ),
        (
            "Step 2/5: fetch the latest ETH gas price; constraint: pay per call on base, <= $0.002",
            (n.BASE,),
            Decimal("0.002"),
            None,
        ),
        ("Find a tip calculator api ($50 bill, 20% tip)", (), None, None),
        ("a mortgage calculator api ($300,000 loan at 6% over 30 years)", (), None, None),
        ("weather api (0.002 usdc)", (), Decimal("0.002"), None),
        (
            "Our webhook accepts a JSON POST body from Stripe; find me a service that validates webhook signatures.",
            (),
            None,
            None,
        ),
        ("solana pay per call ocr", SOLANA_MAIN, None, None),
        ("stellar pay only weather api", STELLAR_MAIN, None, None),
        (
            "Prepare slides on x402 for Monday. Please get me an image API, paying under $0.02 on base.",
            (n.BASE,),
            Decimal("0.02"),
            None,
        ),
        ("Blog post on x402 needed; it must use a stock photo API that settles on Solana.", SOLANA_MAIN, None, None),
    ],
)
def test_review_attacks_on_labels_brackets_accepts_products_and_writing(
    query: str, networks: tuple[str, ...], price: Decimal | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.networks)), iq.max_usd_price, iq.method) == (networks, price, method)


@pytest.mark.parametrize(
    ("query", "type_", "negated"),
    [
        ("I need to know how many calls an MCP server can take; find one for load testing", "mcp", ()),
        ("Don't use more than 3 sources for the summary.", None, ()),
        ("Don't pick the first result; compare them all.", None, ()),
        ("git status with exclude='node_modules' in the repo; find a code search API", None, ()),
        ("search(q='sms', exclude_provider='twilio')", None, ("twilio",)),
        ("list payment providers, not including Stripe", None, ("stripe",)),
    ],
)
def test_review_attacks_on_counting_and_refusals(query: str, type_: str | None, negated: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (iq.type, iq.negated_terms) == (type_, negated)


def _reading(query: str) -> tuple[object, ...]:
    iq = interpret(query)
    return (tuple(sorted(iq.networks)), iq.max_usd_price, iq.type, tuple(sorted(iq.assets)), iq.negated_terms)


# Batch 15 (dev half): a rule and its confuser each.
@pytest.mark.parametrize(
    ("query", "expected"),
    [
        # a bare testnet qualifier refers to the testnet the query names, not to every testnet
        (
            "Find a transcription service. P.S. we only have USDC on Solana devnet while we pilot this, "
            "so it has to accept devnet payments.",
            ((n.SOLANA_DEVNET,), None, None, ("USDC",), ()),
        ),
        ("transcription api, pay on testnet", (ALL_TESTNETS, None, None, (), ())),
        # "which is a testnet" describes a network; the pick suggested before is not the caller's rail
        (
            "That translation endpoint you suggested only settles on Base Sepolia, which is a testnet - we need "
            "something for production. Our agent pays on Base mainnet. Translate product descriptions into Dutch.",
            ((n.BASE,), None, None, (), ()),
        ),
        (
            "The translation endpoint must settle on Base Sepolia. Our agent pays on Base Sepolia while testing.",
            ((n.BASE_SEPOLIA,), None, None, (), ()),
        ),
        # a failed payment debugged: its chain, amount and assets are data
        ("why did my x402 paymnet on Base fail with invalid_exact_evm_payload_signature?", ((), None, None, (), ())),
        (
            "debugging: facilitator rejected my payment - 0.002 USDC on stellar:testnet, scheme exact, error "
            "insufficient_funds. what does that mean?",
            ((), None, None, (), ()),
        ),
        (
            "debug: agent signed an EURC payment but the seller only lists USDC, so why do we keep getting 402?",
            ((), None, None, (), ()),
        ),
        (
            "why did my x402 payment fail? need a payment debugger api that settles on base",
            ((n.BASE,), None, None, (), ()),
        ),
        (
            "is there a weather api that accepts payment on base and never fails with 402 errors?",
            ((n.BASE,), None, None, (), ()),
        ),
        # chain and token names inside names
        ("Stellar nursery images from JWST, under 1 cent", ((), Decimal("0.01"), None, (), ())),
        ("star spectral type lookup (stellar classification), settles on stellar", (STELLAR_MAIN, None, None, (), ())),
        ("galaxy image search on stellar", ((), None, None, (), ())),
        ("XLM-RoBERTa embeddings endpoint", ((), None, None, (), ())),
        ("XLM-RoBERTa embeddings, pay in XLM", ((), None, None, ("XLM",), ())),
        ("USDC-only translation api", ((), None, None, ("USDC",), ())),
        ("mcp.json config validator", ((), None, None, (), ())),
        ("config validator mcp server", ((), None, "mcp", (), ())),
        # a cap per unit of work, said with "to spend"
        (
            "Legal wants every inbound NDA checked against our playbook and the deviations summarized. Each "
            "review needs to stay cheap - we've got at most 5 cents to spend per document.",
            ((), Decimal("0.05"), None, (), ()),
        ),
        (
            "Plan our team offsite for 12 people in Lisbon in May and book the venue. We've got at most $300 to "
            "spend per night on rooms.",
            ((), None, None, (), ()),
        ),
        # "it has to be an MCP server" in a long request asks for the interface; the caller's own is not asked
        (
            "It has to answer questions from our safety handbook (a 120-page PDF) and cite the section it used. "
            "Find us a document Q&A tool (it has to be an MCP server, our runtime can't call anything else).",
            ((), None, "mcp", (), ()),
        ),
        (
            "We are writing the onboarding guide for the platform team this week and our backend has to be an "
            "MCP server by Friday. Find a diagramming service that renders YAML as SVG.",
            ((), None, None, (), ()),
        ),
        # refusals: "that isn't X" after a service noun; a misspelled "doesn't"; "under the hood" ends it
        ("SMS gateway that isn't Twilio", ((), None, None, (), ("twilio",))),
        ("geocoder that dosen't use Google Maps under the hood", ((), None, None, (), ("googl", "map"))),
        ("a list of users that isn't empty", ((), None, None, (), ())),
    ],
)
def test_batch15_testnets_debugging_names_and_refusals(query: str, expected: tuple[object, ...]) -> None:
    assert _reading(query) == expected


@pytest.mark.parametrize(
    ("query", "topical"),
    [
        ("anything on base, cheapest first", ()),
        ("weather api, cheapest first", ("weather", "api")),
        ("geocoder (cheapest first)", ("geocod",)),
        ("cheapest first aid kit supplier api", ("first", "aid", "kit", "supplier", "api")),  # "first aid"
    ],
)
def test_cheapest_first_is_an_order_not_a_topic(query, topical):
    iq = interpret(query)
    assert iq.cheapest and iq.topical_terms == topical
    assert iq.browse == (not topical)


@pytest.mark.parametrize(
    ("query", "networks", "cap"),
    [
        ("what api detects failed payments, under $0.01 per call?", (), Decimal("0.01")),
        ("which api validates invalid payment card numbers, paid on base?", ("eip155:8453",), None),
        ("debugging tool for failed webhook payments, paid on base", ("eip155:8453",), None),
        ("payment fraud api that flags rejected transactions, paid on solana?", (n.SOLANA,), None),
        ("why did my x402 payment on Base fail with invalid_signature?", (), None),  # the caller's own payment
    ],
)
def test_payment_failure_tooling_is_sought_not_debugged(query, networks, cap):
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price) == (networks, cap)


@pytest.mark.parametrize(
    ("query", "topical"),
    [
        ("translate text, I can pay per request on Base", ("translat", "text")),
        ("translate text paying per call on base", ("translat", "text")),
        ("translate text, payable per request on base", ("translat", "text")),
        ("weather forecast on base paying per lookup", ("weather", "forecast")),
        ("translate text; I pay per call in USDC on Base", ("translat", "text")),
        # Not beside a constraint read: the words stay (they may be what the caller looks for).
        ("pay per call billing api on base", ("pay", "call", "bill", "api")),
        ("pay per request", ("pay", "request")),
        # A unit that may be what is sought stays: "pay per image" is an image service.
        ("an api where I pay per image on base", ("api", "pay", "imag")),
        ("pay per document on base", ("pay", "document")),
    ],
)
def test_how_the_caller_pays_beside_a_rail_is_no_topic(query: str, topical: tuple[str, ...]) -> None:
    assert interpret(query).topical_terms == topical


@pytest.mark.parametrize(
    ("query", "topical"),
    [
        ("usdc payment api", ("payment", "api")),  # a payments API, with USDC preferred
        ("usdc payments api", ("payment", "api")),
        ("base settlement tool", ("settlement", "tool")),
        # Not naming a result: the payment word goes with the rail or the asset, as before.
        ("weather api, usdc payments only", ("weather", "api")),
        ("weather on base payments please", ("weather",)),
    ],
)
def test_a_payment_word_naming_the_service_stays_a_topic(query: str, topical: tuple[str, ...]) -> None:
    assert interpret(query).topical_terms == topical


@pytest.mark.parametrize(
    ("query", "networks", "query_type"),
    [
        # A copula or "cannot" between the negation and the constraint: never applied as its opposite, only demoted.
        ("python sandbox, must not be an MCP server", (), "mcp"),
        ("I need a python sandbox. It should not be MCP.", (), "mcp"),
        ("weather API; we cannot pay on Solana", SOLANA_BOTH, None),
        ("weather that cannot be paid on solana", SOLANA_BOTH, None),
    ],
)
def test_a_negated_constraint_behind_a_copula_demotes_and_never_filters(
    query: str, networks: tuple[str, ...], query_type: str | None
) -> None:
    iq = interpret(query)
    assert iq.networks == () and iq.type is None
    assert (iq.excluded_networks, iq.excluded_type) == (networks, query_type)
    assert not any(note.applied_as == "filter" for note in iq.constraints)


def test_a_refused_rail_or_interface_is_a_demotion_said_as_such() -> None:
    iq = interpret("weather on base, not on solana")
    assert iq.networks == (n.BASE,) and iq.excluded_networks == SOLANA_BOTH
    refused = [note for note in iq.constraints if note.applied_as == "demote"]
    assert [(note.kind, note.text) for note in refused] == [("network", "not on solana")]
    assert "not a filter" in refused[0].why
    testnets = interpret("ocr api, not on testnet")
    assert testnets.excluded_networks == ALL_TESTNETS and testnets.networks == ()
    assert [note.value for note in testnets.constraints] == ["testnets"]
    assert interpret("ocr api, not on testnet").to_dict()["excludedNetworks"] == list(ALL_TESTNETS)
    # A chain named and refused in one query is only the positive filter's business when they differ.
    assert interpret("translation api, no mcp").to_dict()["excludedType"] == "mcp"


def test_a_chain_the_caller_excludes_gets_no_boost() -> None:
    iq = interpret("translation, anything but Stellar")
    assert iq.soft_networks == () and iq.negated_terms == ("stellar",)
    assert interpret("tokens launched on Solana").soft_networks == (n.SOLANA,)  # a topical chain still does


def test_arbitrum_is_a_chain_a_rail_can_name() -> None:
    # Unknown before: "paid on arbitrum" applied nothing and said nothing, as if any chain would do.
    assert interpret("weather paid on arbitrum").networks == ("eip155:42161",)
    assert interpret("arbitrum token prices").networks == ()


@pytest.mark.parametrize(
    ("query", "topic_chain"),
    [
        ("send a payment on base", n.BASE),
        ("track payments on stellar", n.STELLAR_PUBNET),
        ("list recent payments on stellar", n.STELLAR_PUBNET),
    ],
)
def test_payments_the_task_acts_on_name_no_rail(query: str, topic_chain: str) -> None:
    # A payment API was filtered to the chain and lost "payment" from its topic ("send" found an email API).
    iq = interpret(query)
    assert iq.networks == () and iq.soft_networks == (topic_chain,)
    assert "payment" in iq.topical_terms


@pytest.mark.parametrize("query", ["weather api, payment on base", "weather, my payment on base"])
def test_how_the_caller_pays_still_names_the_rail(query: str) -> None:
    assert interpret(query).networks == (n.BASE,)


@pytest.mark.parametrize(
    ("query", "soft", "topical"),
    [
        # A wish said after the constraint is a preference as one said before it is ("preferably on base").
        ("court opinions search, payment on Base is preferred", (n.BASE,), ("court", "opinion", "search")),
        # a bare chain wished for is its mainnet, as one required is (a probe: the wish boosted devnet listings too)
        ("ocr api on solana if possible", (n.SOLANA,), ("ocr", "api")),
        ("translation, ideally on stellar", (n.STELLAR_PUBNET,), ("translat", "ideal")),
        ("ideally on stellar testnet, a faucet api", (n.STELLAR_TESTNET,), ("ideal", "faucet", "api")),
    ],
)
def test_a_trailing_wish_is_a_preference(query: str, soft: tuple[str, ...], topical: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert iq.networks == () and iq.soft_networks == soft and iq.topical_terms == topical


@pytest.mark.parametrize("query", ["stock quote API or MCP tool", "an MCP tool or API for weather"])
def test_either_interface_filters_neither(query: str) -> None:
    assert interpret(query).type is None
    assert interpret("weather mcp tool").type == "mcp"


@pytest.mark.parametrize(
    "query",
    [
        "check that an email address is real and not disposable",
        "confirm each new customer's email is valid and not disposable before sending a welcome email",
    ],
)
def test_a_state_the_call_checks_for_is_no_refusal(query: str) -> None:
    # The listing that detects disposable addresses was demoted below email senders.
    iq = interpret(query)
    assert iq.negated_terms == () and "dispos" in iq.topical_terms


def test_a_refusal_ends_where_the_task_goes_on() -> None:
    iq = interpret("an email validation api, not kickbox before we send anything")
    assert iq.negated_terms == ("kickbox",)


@pytest.mark.parametrize(
    ("query", "topical"),
    [
        ("sentiment analysis, price per call must be below $0.001", ("sentiment", "analysi")),
        ("weather api, price cap $0.01", ("weather", "api")),
        ("weather api, cost ceiling of 2 cents per call", ("weather", "api")),
        ("face detection, price ceiling 0.3 cents", ("face", "detect")),
        ("api rate limit checker under 1 cent", ("api", "rate", "limit", "checker")),  # a cap word alone stays
    ],
)
def test_the_words_naming_a_price_cap_are_no_topic(query: str, topical: tuple[str, ...]) -> None:
    # "price" and "cap" as search words ranked price feeds for a sentiment request.
    iq = interpret(query)
    assert iq.max_usd_price is not None and iq.topical_terms == topical


@pytest.mark.parametrize(
    ("query", "refused"),
    [
        # Typed in lower case, or in a request opening with "I": the excluded name became a search word.
        ("please find me a translation API, excluding lingobridge", "lingobridg"),
        ("I want current weather, avoid skyfolio", "skyfolio"),
    ],
)
def test_an_exclusion_ending_its_own_clause_refuses_that_name(query: str, refused: str) -> None:
    iq = interpret(query)
    assert iq.negated_terms == (refused,) and refused not in iq.topical_terms


@pytest.mark.parametrize(
    ("query", "price"),
    [
        ("weather under 1 euro cent per call", Decimal("0.01") * USD_RATES["EURC"]),  # was 1 euro, read as topic
        ("weather under 2 euro-cents", Decimal("0.02") * USD_RATES["EURC"]),
        ("weather under $1e308 per call", None),  # not "$1" followed by a word
        ("weather under $0.01/call", Decimal("0.01")),
        # read whole or not at all: never "$0.0" of "$0.01x", "$1" of "$1.5e308" or "$1.5k"
        ("weather under $1.5e308", None),
        ("weather under $1.5k", None),
        ("weather under $0.001x10", None),
        ("weather api under $2.5M budget", None),
        ("weather under $0.01per call", Decimal("0.01")),  # a unit word glued on still ends the figure
        ("weather api, under €0.02per call", Decimal("0.02") * USD_RATES["EURC"]),
        ("weather under $0.05ea", Decimal("0.05")),
    ],
)
def test_euro_cents_and_figures_that_run_into_a_word(query: str, price: Decimal | None) -> None:
    assert interpret(query).max_usd_price == price


@pytest.mark.parametrize(
    "query",
    ["look up a stellar account's trustlines", "the Stellar network's native coin price", "solana wallet's balance"],
)
def test_a_chain_owning_the_subject_is_the_topic(query: str) -> None:
    iq = interpret(query)
    assert iq.networks == () and iq.soft_networks


@pytest.mark.parametrize(
    "query",
    [
        "stock market data from Alpha Vantage (they also ship an MCP server, but any interface is fine for me)",
        "an MCP tool for stock quotes, but any interface works",
        "a POST endpoint for OCR, but any kind of api is fine",
    ],
)
def test_a_stated_interface_waived_in_the_same_sentence_filters_nothing(query: str) -> None:
    iq = interpret(query)
    assert (iq.type, iq.method) == (None, None)
    assert interpret("stock quotes MCP server").type == "mcp"


@pytest.mark.parametrize(
    ("query", "networks", "query_type"),
    [
        # A refusal after what it refuses: was a hard filter for the refused thing
        ("weather api, solana excluded", SOLANA_BOTH, None),
        ("ocr, solana not supported", SOLANA_BOTH, None),
        ("translation, stellar not accepted", STELLAR_BOTH, None),
        ("weather forecast, MCP is not an option", (), "mcp"),
        ("weather forecast, mcp not supported", (), "mcp"),
        # a verb of using between the negation and what is refused
        ("weather forecast, our client does not speak MCP", (), "mcp"),
        # a chain refused by its name alone ("no solana") refuses its rail too, beside the word
        ("weather api, no solana", SOLANA_BOTH, None),
        ("weather api, avoid stellar", STELLAR_BOTH, None),
    ],
)
def test_refusals_in_other_words_demote_and_never_filter(
    query: str, networks: tuple[str, ...], query_type: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.type) == ((), None)
    assert (iq.excluded_networks, iq.excluded_type) == (networks, query_type)


@pytest.mark.parametrize("query", ["anything without ocr", "all except ocr", "everything except ocr"])
def test_words_for_any_listing_with_a_refusal_browse_without_it(query: str) -> None:
    iq = interpret(query)
    assert iq.generic_only and iq.negated_terms == ("ocr",)
    assert "ocr" not in iq.topical_terms
    assert interpret("skip to the next track").topical_terms == ("skip", "next", "track")  # the task, as before


@pytest.mark.parametrize(
    ("query", "price"),
    [
        ("weather api under 2 tenths of a cent per call", Decimal("0.002")),  # was "a cent per call": $0.01
        ("sentiment analysis, max $0.50 per thousand requests", Decimal("0.0005")),  # was dropped as "per thousand"
        ("tts api under $5 per million characters", None),
    ],
)
def test_counted_prices(query: str, price: Decimal | None) -> None:
    assert interpret(query).max_usd_price == price


def test_the_words_of_a_waiver_are_not_searched_for() -> None:
    assert interpret("weather on stellar, but any chain is fine").topical_terms == ("weather",)
    assert interpret("an MCP tool for stock quotes, but any interface is fine for me").topical_terms == (
        "stock",
        "quot",
    )


@pytest.mark.parametrize(
    ("query", "price", "networks"),
    [
        ("weather api under USD 0.002 per call", Decimal("0.002"), ()),  # a code before the figure was ignored
        ("ocr max USDC 0.002 per call", Decimal("0.002"), ()),
        # the asset a call's price is said in is no subject: the chain after it is the rail (was topic)
        ("weather under 0.002 USDC/call on base", Decimal("0.002"), (n.BASE,)),
        ("ocr, paying 0.01 USDC per page on base", Decimal("0.01"), (n.BASE,)),
        ("usdc price on base", None, ()),  # the asset that is the subject keeps the chain its topic
        ("convert USD 100 to EUR", None, ()),
    ],
)
def test_prices_said_with_the_currency_first_and_the_rail_after_them(
    query: str, price: Decimal | None, networks: tuple[str, ...]
) -> None:
    iq = interpret(query)
    assert (iq.max_usd_price, iq.networks) == (price, networks)


@pytest.mark.parametrize(
    ("query", "topical"),
    [
        # all it can pay with is on Solana: the rail (the labeled sets say so: u858, c541, c611), not a topic
        ("My wallet only holds USDC on Solana. I need to translate text.", ("translat", "text")),
        ("my wallet is on solana, find me a translator", ("translat",)),
        ("I only have funds on Polygon. Need a geocoder.", ("geocod",)),
        ("check my wallet balance on solana", ("check", "wallet", "balanc", "solana")),  # the wallet is the task here
    ],
)
def test_the_callers_wallet_and_funds_are_no_topic(query: str, topical: tuple[str, ...]) -> None:
    assert interpret(query).topical_terms == topical


@pytest.mark.parametrize(
    ("query", "topical", "negated"),
    [
        # a generic word inside the refused phrase is no browse: these are tasks (a review caught the regression)
        ("skip all ads", ("skip", "ad"), ()),
        ("no ads at all", ("ad",), ()),
        ("without any ads", ("ad",), ()),
        ("don't show anything about crypto", ("show", "crypto"), ()),
        # the caller's context starts at my/our/i/we; the task's own agent, funds and holdings stay
        ("best ai agent my wallet is on base", ("best", "ai", "agent"), ()),
        ("track the funds my wallet has on base", ("track", "fund", "wallet", "base"), ()),
        ("what tokens does my wallet hold on base", ("token", "wallet", "hold", "base"), ()),
    ],
)
def test_readings_a_review_of_the_new_rules_guarded(
    query: str, topical: tuple[str, ...], negated: tuple[str, ...]
) -> None:
    iq = interpret(query)
    assert (iq.topical_terms, iq.negated_terms) == (topical, negated)


def test_a_refusal_after_a_list_refuses_all_of_it_and_the_worlds_refusals_are_not_the_callers() -> None:
    for query in ("weather api, solana and stellar are excluded", "weather api, solana/stellar excluded"):
        iq = interpret(query)
        assert iq.networks == () and set(iq.excluded_networks) == set(SOLANA_BOTH + STELLAR_BOTH), query
    world = interpret("weather on base is not supported by most providers, so find one")
    assert world.networks == (n.BASE,) and world.excluded_networks == ()
    assert interpret("tools that not only support mcp but also http").excluded_type is None
    assert interpret("I do not want to pay on solana").excluded_networks == SOLANA_BOTH


def test_a_query_of_waived_constraints_browses() -> None:
    # Was an empty answer: the waiver's words were taken and nothing was left to search for.
    iq = interpret("mcp server but any protocol is ok with us")
    assert iq.browse and not iq.no_match and iq.type is None


@pytest.mark.parametrize(
    ("query", "method", "query_type"),
    [
        ("HEAD request checker: for 500 URLs, report which redirect and where to", None, None),  # the tool's subject
        ("CORS preflight (OPTIONS) debugger for my fetch calls", None, None),  # a gloss before the tool noun
        ("time a GET /v1/models on OpenAI vs Anthropic", None, None),  # the request the task measures
        ("measure GET latency of my server", None, None),
        ("real-time REST API for stock quotes", None, "http"),  # "time" with no article is no measuring verb
        ("HTTP-only text-to-speech, Spanish voice", None, "http"),
        ("currency rates with history, only REST", None, "http"),
    ],
)
def test_methods_a_tool_works_on_and_interfaces_said_with_only(
    query: str, method: str | None, query_type: str | None
) -> None:
    iq = interpret(query)
    assert (iq.method, iq.type) == (method, query_type)


@pytest.mark.parametrize(
    ("query", "price"),
    [
        # an example amount in a long request, and one compared with another plan, cap nothing
        (
            "For our developer blog I need a post comparing pay-per-call pricing with subscriptions: e.g. an API "
            "at $0.001 per call, and the break-even point in calls. Can you find a writing assistant API that "
            "drafts long-form technical posts from an outline?",
            None,
        ),
        ("is an api at $0.001 per call versus a $20/month plan cheaper for 5k calls", None),
        # "each call ... should cost me" prices the call even with words between
        (
            "I need an API that returns new game releases with tags and review scores. The games cost from $0.99 "
            "to $60, so don't filter on that. What I care about: each call to the API should cost me under two "
            "cents.",
            Decimal("0.02"),
        ),
        ("weather api under 1 cent per call", Decimal("0.01")),
    ],
)
def test_example_and_compared_amounts_and_each_call_said_at_length(query: str, price: Decimal | None) -> None:
    assert interpret(query).max_usd_price == price


@pytest.mark.parametrize(
    ("query", "negated"),
    [
        ("Solana validator uptime and skip rate by vote account", ()),  # a metric's name
        ("invoice extraction, I'm fine paying up to 4 cents, not more", ()),  # the cap said again
        ("skip anything built on crunchbase, company data api", ("crunchbas",)),
        ("weather api not more than 1 cent, not accuweather", ("accuweath",)),
    ],
)
def test_skip_as_a_metric_and_not_more_after_a_cap_refuse_nothing(query: str, negated: tuple[str, ...]) -> None:
    assert interpret(query).negated_terms == negated


@pytest.mark.parametrize(
    ("query", "price", "query_type", "method", "negated"),
    [
        # A review's attacks on the rules above: each read right before them and must still.
        ("weather api under $0.01 per call vs openweather", Decimal("0.01"), None, None, ()),
        (
            "Need a geocoding API under $0.002 per request compared to Google's $0.005 that I pay now",
            Decimal("0.002"),
            None,
            None,
            (),
        ),
        (
            "We need a reliable OCR API for scanned invoices. Requirements: cheap (e.g. under $0.01 per call) and "
            "paid on Base.",
            Decimal("0.01"),
            None,
            None,
            (),
        ),
        ("weather api under $0.01 for 100 requests per second", Decimal("0.01"), None, None, ()),
        (
            "Each time a GET request is made it should return the latest BTC price, under $0.001 per call",
            Decimal("0.001"),
            "http",
            "GET",
            (),
        ),
        ("mcp server for github, https only", None, "mcp", None, ()),
        ("graphql api for shopify, not only rest", None, None, None, ()),
        ("workout planner api with rest only days", None, None, None, ()),
        ("news search api, skip list articles", None, None, None, ("list", "articl")),
    ],
)
def test_the_new_rules_leave_real_constraints_alone(
    query: str, price: Decimal | None, query_type: str | None, method: str | None, negated: tuple[str, ...]
) -> None:
    iq = interpret(query)
    assert (iq.max_usd_price, iq.type, iq.method, iq.negated_terms) == (price, query_type, method, negated)


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method", "negated"),
    [
        # batch 17's dev half: tool-use tasks whose words only look like constraints
        ("pull every transaction from our Gnosis Safe multisig on Ethereum for Q3", (), None, None, None, ()),
        (
            "get_transaction_receipt for 0x9af3c1e27d...e2 on base-sepolia, then explain the revert",
            (),
            None,
            None,
            None,
            (),
        ),
        ("Send a Venmo request for $18.50 to Jake for last night's pizza", (), None, None, None, ()),
        ("a load-testing script that sends 500 concurrent GET requests to our staging API", (), None, None, None, ()),
        ("GET the followers of Spotify user 'jdoe' and show the top ten", (), None, None, None, ()),
        ("list outgoing transfers above $10,000. No need to include internal transfers.", (), None, None, None, ()),
        ("Get the MCP servers listed on Smithery and sort them by GitHub stars", (), None, None, None, ()),
        # ... and what they must leave alone
        ("weather api on base, GET only", (n.BASE,), None, "http", "GET", ()),
        ("GET endpoint for the current weather, paid on base", (n.BASE,), None, "http", "GET", ()),
        ("send an sms, under $0.01 per call", (), Decimal("0.01"), None, None, ()),
        ("an MCP server for slack, not zapier", (), None, "mcp", None, ("zapier",)),
        # A second attack on batch 17's rules: each of these read right before them and must still.
        ("vault api on base", (n.BASE,), None, None, None, ()),
        ("safe browsing api on base", (n.BASE,), None, None, None, ()),
        ("send email api under $1.50 per call", (), Decimal("1.50"), None, None, ()),
        ("an mcp tool to send emails for less than $1.50 per call", (), Decimal("1.50"), "mcp", None, ()),
        ("Need 2 POST endpoints: one for OCR, one for translation", (), None, "http", "POST", ()),
        ("under $0.005 GET endpoint for weather", (), Decimal("0.005"), "http", "GET", ()),
        ("POST a JSON body with the text and get the sentiment back", (), None, "http", "POST", ()),
        ("translation api, no need for google", (), None, None, None, ("googl",)),
        ("find MCP servers listed on the official registry that do web search", (), None, "mcp", None, ()),
        ("an MCP server hosted on Cloudflare Workers for Notion", (), None, "mcp", None, ()),
        ("uptime monitor I can hit via a GET endpoint", (), None, "http", "GET", ()),
        ("Need a tool to test my webhook, callable via a POST endpoint", (), None, "http", "POST", ()),
        ("an image generator powered by Stable Diffusion exposed via MCP", (), None, "mcp", None, ()),
        ("crypto prices hosted on Vercel as a REST API", (), None, "http", None, ()),
        # ... while the cases the rules were written for still read as meant
        ("our Gnosis Safe multisig on Ethereum: pull every transaction for Q3", (), None, None, None, ()),
    ],
)
def test_tool_use_tasks_whose_words_look_like_constraints(
    query: str,
    networks: tuple[str, ...],
    price: Decimal | None,
    query_type: str | None,
    method: str | None,
    negated: tuple[str, ...],
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type, iq.method, iq.negated_terms) == (
        networks,
        price,
        query_type,
        method,
        negated,
    )


@pytest.mark.parametrize(
    ("query", "query_type", "method"),
    [
        # crawl probes that answered nothing: the method is how the task probes, the server what a result is built on
        ("test IPv4 connectivity to a host using HTTP HEAD requests", None, None),
        ("web automation, the listing built on the browser-use cloud MCP server; under 5 cents a call", None, None),
        ("weather data using GET requests", "http", "GET"),
        ("an MCP server based on the GitHub API", "mcp", None),
    ],
)
def test_how_a_task_probes_and_what_a_result_is_built_on_are_no_interface(
    query: str, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (iq.type, iq.method) == (query_type, method)


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method"),
    [
        # the caller's payment said with the chain's own coin or from its own wallet
        ("transcribe a voice memo, pay in sol", (n.SOLANA,), None, None, None),
        ("ocr api payable in solana", (n.SOLANA,), None, None, None),
        ("swap api that accepts SOL", (), None, None, None),
        ("mint addresses to prices. We'll pay for it from our ops wallet on Base.", (n.BASE,), None, None, None),
        ("pay the invoice from our treasury wallet on Base", (), None, None, None),
        # an interface said in brackets or as a requirement on its protocol's name
        ("json api (http) that returns public holidays by country", (), None, "http", None),
        ("the api (rest) docs", (), None, None, None),
        ("WEB SEARCH TOOL, MCP TRANSPORT REQUIRED", (), None, "mcp", None),
        ("mcp transport spec explained", (), None, None, None),
        # a budget per unit of work, and a price compared in query syntax
        (
            "We have 3,000 photos to resize onto a white background. Budget per image: 2 cents max.",
            (),
            Decimal("0.02"),
            None,
            None,
        ),
        ("marketing budget per month: $2000; find an ad analytics api", (), None, None, None),
        ("rerank price<=0.003", (), Decimal("0.003"), None, None),
        ("products with price<5 in the catalog", (), None, None, None),
        # money the task moves, the caller's own seller, a HEAD request a check sends: data, not constraints
        ("Request $18.50 from Jake on Venmo", (), None, None, None),
        ("each request under $5", (), Decimal("5"), None, None),
        ("A tool that compares bridge fees between Base and Ethereum for moving 1000 USDC.", (), None, None, None),
        ("yesterday our x402 seller on Base returned 402 to every client for two hours", (), None, None, None),
        ("verify the link is alive using HTTP HEAD", (), None, None, None),
        ("I need an endpoint I can call using HTTP HEAD", (), None, "http", "HEAD"),
        # batches 22-23's dev half
        ("POST-processing photos: denoise + sharpen", (), None, None, None),
        ("print a get-well card for my aunt", (), None, None, None),
        ("a GET-only weather endpoint", (), None, "http", "GET"),
        ("GET-able weather", (), None, "http", "GET"),
        (
            "Tag each ticket with intent. Per-call price ceiling: $0.004. Please only surface services under it.",
            (),
            Decimal("0.004"),
            None,
            None,
        ),
        (
            "Hard requirements (from user config):\n1. rail: stellar pubnet\n2. asset: USDC\n3. interface: HTTP\n"
            "Task: classify incoming support emails by urgency and route them.",
            (n.STELLAR_PUBNET,),
            None,
            "http",
            None,
        ),
        ("Requirements:\n1) returns OHLCV candles\n2) interface: HTTP/REST, JSON response", (), None, "http", None),
        ("recipe search that shouldn't run me more than a cent per query", (), Decimal("0.01"), None, None),
        ("the number of retries shouldn't be more than 3", (), None, None, None),
        ("ocr, base, <1c", (n.BASE,), Decimal("0.01"), None, None),
        # the endpoints a tool works on (two attacks' wrong filters, and u4190 of the dev half)
        ("an OpenAPI linter that flags GET endpoints with request bodies", (), None, None, None),
        ("tool that logs every GET request my server receives", (), None, None, None),
        ("Find an API mocking service that can simulate POST endpoints for our tests.", (), None, None, None),
        ("log every DELETE request hitting my api", (), None, None, None),
        ("crypto tax API that computes gains on Solana trades", (), None, None, None),
        ("solana trades feed, paid on base", (n.BASE,), None, None, None),
        ("Find a metering API that can bill our users 0.1 cents per request.", (), None, None, None),
        ("billing API to charge users per request, under 1 cent per call", (), Decimal("0.01"), None, None),
        ("Find an API that checks whether an x402 endpoint accepts payment on Solana.", (), None, None, None),
        ("verify whether an address is valid, paid on base", (n.BASE,), None, None, None),
        ("an API to check whether a domain is free; it must accept payment on Solana", (n.SOLANA,), None, None, None),
        (
            "Looking for a song lyrics lookup service. The wallet my agent spends from lives on Stellar.",
            (n.STELLAR_PUBNET,),
            None,
            None,
            None,
        ),
        ("lyrics api; the wallet we pay with is on base", (n.BASE,), None, None, None),
        ("Analyze the wallet my agent spends from; it lives on Stellar.", (), None, None, None),
        ("my wallet only has USDC on Base — is there an email address checker I can use?", (n.BASE,), None, None, None),
        ("text to speech, but I only have USDC on solana", (n.SOLANA,), None, None, None),
        ("i only have usdc on base and want to see my balance history", (), None, None, None),
        ("whales who only hold usdc on base", (), None, None, None),
        ("is there something that shows tokens just created on pump.fun on solana?", (), None, None, None),
        ("ocr api.paid on base", (n.BASE,), None, None, None),
        ("reverse geocoding, but honestly I can only afford about a penny per lookup", (), Decimal("0.01"), None, None),
        ("write an article about $0.01 per call APIs", (), None, None, None),
        (
            "verified followers of an X account — budget 0.002 per call, on Base",
            (n.BASE,),
            Decimal("0.002"),
            None,
            None,
        ),
        ("error budget 0.1 per request", (), None, None, None),
        ("translation api, payment must be in solana", (n.SOLANA,), None, None, None),
        ("translation api, payments must be made in solana", (n.SOLANA,), None, None, None),
        ("customers' payments in solana dashboard", (), None, None, None),
        ("is payment in solana supported?", (), None, None, None),
        # ... not one the tool is reached through
        ("I need a GET endpoint to log temperatures", (), None, "http", "GET"),
        ("count calories with a POST endpoint", (), None, "http", "POST"),
        ("mock data generator, GET endpoints only", (), None, "http", "GET"),
        ("knowledge base, <1c", (), Decimal("0.01"), None, None),
        # Real constraints from two attacks on a learned second opinion (dropped): the rules read them right, and
        # must keep doing so.
        (
            "Which API can give me the balance and the transaction history of an address? The agent pays with USDC "
            "on Ethereum.",
            ("eip155:1",),
            None,
            None,
            None,
        ),
        ("Find me a translation API with a price under $0.01 that my agent can use.", (), Decimal("0.01"), None, None),
        ("Find me a POST API for my agent to send the SMS and the email notifications.", (), None, "http", "POST"),
        (
            "Is there any MCP server in the registry with the tools for the Jira tickets and the sprints?",
            (),
            None,
            "mcp",
            None,
        ),
        ("Find MCP servers with tools for GitHub issues", (), None, "mcp", None),
        (
            "Looking for a POST /v1/chat/completions compatible LLM endpoint, paid on Base",
            (n.BASE,),
            None,
            "http",
            "POST",
        ),
        ("need GET /api/v1/weather style endpoint, base, under $0.001", (n.BASE,), Decimal("0.001"), "http", "GET"),
        (
            "Our shop's agent needs a distance matrix API where a request costs below $0.005, payable on Solana.",
            (n.SOLANA,),
            Decimal("0.005"),
            None,
            None,
        ),
        (
            "Check the balance of a list of addresses and report any change over the last week. Need an API for that "
            "which settles on Base.",
            (n.BASE,),
            None,
            None,
            None,
        ),
        # where the caller pays from, and what its payment must be in
        ("manga dialog translation, payment must be in arbitrum one", ("eip155:42161",), None, None, None),
        ("wallet reputation score, I'm paying from Base", (n.BASE,), None, None, None),
        ("hackernews top stories, paying from a base mainnet wallet", (n.BASE,), None, None, None),
        ("we pay from our solana wallet, need an ocr api", (n.SOLANA,), None, None, None),
        ("customers paying from base wallets", (), None, None, None),  # someone else's payments
        ("wallet screening API: check whether the address paying from arbitrum is sanctioned", (), None, None, None),
        ("estimate the cost of paying from base vs arbitrum", (), None, None, None),
        ("I stopped paying from base, need a news API", (), None, None, None),
        ("I'm paying from the base budget for this project; need a CRM API", (), None, None, None),
        ("I'm not paying from Base, I pay from Solana - need an image API", (n.SOLANA,), None, None, None),
        ("we used to pay from solana but now pay from base; need an LLM API", (n.BASE,), None, None, None),
        ("a swap quote api, I'm paying from base to solana", (), None, None, None),  # a route, not a rail
        # settings and tool-call arguments, and chain names mistyped
        (
            '{"query": "vin decoder", "network": "stellar:pubnet", "maxUsdPrice": 0.01}',
            (n.STELLAR_PUBNET,),
            Decimal("0.01"),
            None,
            None,
        ),
        (
            "MAX_PRICE_USD=0.003 is set in our agent's env; find a summarization api that fits",
            (),
            Decimal("0.003"),
            None,
            None,
        ),
        (
            'our x402 wrapper\'s policy file says `per_call_limit: "$0.008"`; need a RAG tool',
            (),
            Decimal("0.008"),
            None,
            None,
        ),
        ("rate_limit=100 requests, need a weather api", (), None, None, None),
        ("ceiling per req: 1c. function: extract tables from scanned invoices", (), Decimal("0.01"), None, None),
        # settings that are no per-call price, values that are no cap
        ("MAX_RETRIES_PER_CALL=3, need a weather api", (), None, None, None),
        ("price_cap_usd: 5 is our monthly budget; need a geocoder", (), None, None, None),
        ("MAX_GAS_PRICE_GWEI=30 for our txs; need a gas oracle", (), None, None, None),
        ("options api with limit_price_usd=65000", (), None, None, None),
        ("MAX_PRICE_USD=0,005 ocr api", (), Decimal("0.005"), None, None),
        ("ocr, max price: 0", (), None, None, None),
        ("rate limit ceiling per request: 100, weather api", (), None, None, None),
        ("need geocoding for addresses in nairobi, pay on stellr pubnet pls", (n.STELLAR_PUBNET,), None, None, None),
        ("translation api, payable on arbitum", ("eip155:42161",), None, None, None),
        ("ocr api, the payment must be in arbitrum one or base", ("eip155:42161", n.BASE), None, None, None),
        ("paying from an Arbitrum One multisig; looking for audit APIs", ("eip155:42161",), None, None, None),
        ("arbitrum one token prices", (), None, None, None),
        (
            "rails we can pay on: base or solana, either is fine. need an email validation api",
            (n.BASE, n.SOLANA),
            None,
            None,
            None,
        ),
        ("Steller sea lion tracking api", (), None, None, None),
        # a seller's own listing, a bug report's request, offers compared, a facilitator's error body
        (
            "seller here: my listing is live on Base Sepolia. how do buyers searching for ocr find it?",
            (),
            None,
            None,
            None,
        ),
        (
            "I'm listing my OCR API on Souk. It costs $0.01 per call, paid on Base. What tags should I use?",
            (),
            None,
            None,
            None,
        ),
        ("We sell shoes. Our agent pays on Base. Find a shipping API.", (n.BASE,), None, None, None),
        ("I sell art. USDC on Solana, 1 cent max per call. need an upscaler", (n.SOLANA,), Decimal("0.01"), None, None),
        ("seller here, but wearing my buyer hat: a GET endpoint on arbitrum", ("eip155:42161",), None, "http", "GET"),
        ("a mock server api that returns 402 on demand, paid on base", (n.BASE,), None, None, None),
        ("search api returning 500 results max on solana", (n.SOLANA,), None, None, None),
        (
            "Real Madrid vs Barcelona odds api under $0.01 on polygon, other feeds cost $0.02",
            ("eip155:137",),
            Decimal("0.01"),
            None,
            None,
        ),
        (
            'isValid=false for my payment. search config: {"query": "translate", '
            '"network": "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"}',
            (n.SOLANA,),
            None,
            None,
            None,
        ),
        (
            "POST /v1/pay returned 402 on base twice. unrelated: need a license plate recognition api",
            (),
            None,
            None,
            None,
        ),
        (
            "comparing per-call prices: provider A charges $0.002/call on base, provider B $0.0015 on solana. "
            "is there an api that aggregates x402 listing prices?",
            (),
            None,
            None,
            None,
        ),
        (
            'error from /settle: {"isValid":false,"invalidReason":"insufficient_funds","network":"base"}. '
            "Going forward the agent pays on Solana. Find me a stock quotes API.",
            (n.SOLANA,),
            None,
            None,
            None,
        ),
        # amounts, chains and methods that are the task's, not the result's
        ("Find a micro-donation API that lets readers tip writers 5 cents per article.", (), None, None, None),
        ("We sell API access at under a cent per call. Find an uptime monitor.", (), None, None, None),
        ("an api to tip creators, under a cent per call", (), Decimal("0.01"), None, None),
        ("Find an analytics API for x402 payments on Solana: volume and fees.", (), None, None, None),
        ("an ocr api for payments on solana", (n.SOLANA,), None, None, None),
        ("list the most popular GET endpoints in our logs", (), None, None, None),
        ("the agent should POST the results to our webhook when the job finishes", (), None, None, None),
        ("POST the summary to Slack", (), None, None, None),
        ("POST the image to an upscaler API and return the URL", (), None, "http", "POST"),  # the service sought
        ("POST the audio to a speech-to-text service", (), None, "http", "POST"),
        ("report which of our endpoints accept GET and which accept POST", (), None, None, None),
        ("a weather API I can GET from my agent", (), None, "http", "GET"),
        ("our agent needs a POST endpoint for OCR", (), None, "http", "POST"),
    ],
)
def test_rails_caps_and_interfaces_said_in_new_ways(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type, iq.method) == (networks, price, query_type, method)


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method"),
    [
        # a pasted conversation: the assistant's words are no constraint, the user's last word on a kind wins
        (
            "user: need a sentiment API\nassistant: found ones using GET and POST\nuser: POST please",
            (),
            None,
            "http",
            "POST",
        ),
        (
            "user: ocr for invoices\nagent: found 5, from $0.001 to $0.05 per call\nuser: keep it under a cent",
            (),
            Decimal("0.01"),
            None,
            None,
        ),
        (
            "user: cap it at 1 cent\nassistant: ok\nuser: no wait, make the cap 1.5 cents",
            (),
            Decimal("0.015"),
            None,
            None,
        ),
        (
            "user: tts on solana\nassistant: 3 settle on Solana\nuser: switch the rail to stellar",
            (n.STELLAR_PUBNET,),
            None,
            None,
            None,
        ),
        (
            "user: an MCP tool for chapters\nassistant: found one\nuser: forget MCP, an HTTP API is fine too",
            (),
            None,
            None,
            None,
        ),
        ("user: weather api on base, under 2 cents\nassistant: ok", (n.BASE,), Decimal("0.02"), None, None),
        # one label alone is no conversation
        ("agent: a translation api on solana", (n.SOLANA,), None, None, None),
        # the asker describing itself or its own listing
        ("You are deployed as an MCP server. Task: find a weather API for 5-day forecasts.", (), None, None, None),
        ("You are an agent that can only call MCP tools. Find a weather API.", (), None, "mcp", None),
        ("Your backend answers POST webhooks from GitHub. Find an email verification API.", (), None, None, None),
        (
            'For reference, this is my own listing: {"network": "base", "method": "POST"}. Find a web search API.',
            (),
            None,
            None,
            None,
        ),
        ('{"task": "summarize lease contracts", "limits": {"usd_per_call": 0.02}}', (), Decimal("0.02"), None, None),
        ("Our own x402 API charges $0.01 per call on every endpoint. Find a rate-limiting tool.", (), None, None, None),
        ("Find a security scanner that checks MCP servers for prompt injection.", (), None, None, None),
        ("email deliverability check POST under 0.002 usd", (), Decimal("0.002"), "http", "POST"),
        ("Please look for a REST API (not MCP) that returns public holidays.", (), None, "http", None),
    ],
)
def test_conversations_and_the_askers_own_system(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type, iq.method) == (networks, price, query_type, method)


def test_an_unquoted_exclude_list_refuses_its_names() -> None:
    iq = interpret("exclude_providers: [openai, anthropic] task: text embeddings for 2M support tickets")
    assert set(iq.negated_terms) == {"openai", "anthrop"}


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method"),
    [
        # An attack on the conversation and self-description rules: each of these misread before they were narrowed.
        (
            "classify chat logs where each line starts with user: or assistant: ; need an http api paid on base",
            (n.BASE,),
            None,
            "http",
            None,
        ),
        (
            "Prompt template:\nuser: {question}\nassistant: {answer}\nFind an LLM API on Base under 1 cent per call",
            (n.BASE,),
            Decimal("0.01"),
            None,
            None,
        ),
        ("me: ocr on base\nbot: ok\nme: drop base, solana only", (n.SOLANA,), None, None, None),
        (
            "user: ocr on base under a cent\nassistant: ok\nuser: ignore the limit on page count",
            (n.BASE,),
            Decimal("0.01"),
            None,
            None,
        ),
        (
            "user: ocr mcp server\nassistant: found 3\nuser: I also have an http client, so http works too",
            (),
            None,
            None,
            None,
        ),
        ("user: ocr api on base\nassistant: found 2\nuser: is the first one on solana?", (n.BASE,), None, None, None),
        ("user: ocr on base\nassistant: ok\nuser: mainnet only", (n.BASE,), None, None, None),
        (
            "user: chapters, MCP, paid on solana\nassistant: ok\n"
            "user: forget MCP, HTTP is fine too. Switch the rail to stellar",
            (n.STELLAR_PUBNET,),
            None,
            None,
            None,
        ),
        ("You are looking for a weather API on Base under 1 cent per call.", (n.BASE,), Decimal("0.01"), None, None),
        ("You are allowed to spend $0.01 per call. Find an OCR API.", (), Decimal("0.01"), None, None),
        ("Our backend speaks MCP, so find an MCP translator.", (), None, "mcp", None),
        ("our backend is on Base so pay on Base. Find a geocoder.", (n.BASE,), None, None, None),
        ("For reference, our budget: {max_price_usd: 0.01}. Find an OCR API.", (), Decimal("0.01"), None, None),
        ("build a checkout where customers pay in SOL; need a price oracle api", (), None, None, None),
        ("pay in sol or usdc, ocr api", (), None, None, None),
        ("switch the chain to base in my dapp's config; find an rpc api", (), None, None, None),
        ("MCP transport needed? find an explainer api", (), None, None, None),
        ("my favorite seller on Base sells OCR, find similar ones", (n.BASE,), None, None, None),
    ],
)
def test_conversation_and_self_description_rules_after_an_attack(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type, iq.method) == (networks, price, query_type, method)


def test_an_unquoted_list_refuses_only_under_a_provider_key() -> None:
    assert interpret("avoid: [slow, expensive] find fast ocr").negated_terms == ()


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method"),
    [
        # amounts no call costs: a salary, others' prices (and their range's other end), a card fee's fixed part
        ("salary benchmark API: median software engineer pay under $150,000 in Austin", (), None, None, None),
        ("screen a TRON address for sanctions exposure before paying it 500 USDC", (), None, None, None),
        ("Competitors charge between $0.002 and $0.01 per call. Find a chart tool.", (), None, None, None),
        ("ocr api between 1 and 2 cents per call", (), Decimal("0.02"), None, None),
        ("compare card processing fees: 2.9% + 30¢ vs 2.6% + 10¢", (), None, None, None),
        # a thousands separator keeps the amount in its clause, so the transfers own the chain after it
        ("track USDC transfers over $10,000 on Base via an MCP server", (), None, "mcp", None),
        # a method the task's logs hold; a method asked for in a long request
        ("analyze my nginx GET request logs for bot traffic", (), None, None, None),
        (
            "We need a relay for courier events, forwarded to Slack. It has to be a webhook-style POST endpoint",
            (),
            None,
            "http",
            "POST",
        ),
        (
            "We need scratch storage for JSON blobs between agent steps. Looking for a PUT-based upload endpoint.",
            (),
            None,
            "http",
            "PUT",
        ),
        (
            "For the audit report we need a PDF rendering API; it must be callable with POST and we pay on Base.",
            (n.BASE,),
            None,
            "http",
            "POST",
        ),
        ("an HTTP HEAD-based ping tester", (), None, None, None),
    ],
)
def test_amounts_no_call_costs_and_methods_asked_for_in_long_requests(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type, iq.method) == (networks, price, query_type, method)


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method"),
    [
        # work vocabulary: others' payments, payment records, chains a task covers, the asker's own system
        ("Reconcile 1,200 USDC invoices that customers paid on Base against our Xero ledger.", (), None, None, None),
        ("Reconcile USDC invoices paid on Base against the ledger", (), None, None, None),
        ("an ocr api paid on base", (n.BASE,), None, None, None),
        ("macro replies for users asking why their payment on Stellar has been pending", (), None, None, None),
        ("scan our staging RPC node for exposed debug methods, it's a Base Sepolia fork", (), None, None, None),
        ("pull weekly USDC volume on Ethereum, Base, Arbitrum and Polygon since January", (), None, None, None),
        (
            "ocr api that accepts payment on base, solana and polygon",
            (n.BASE, "eip155:137", n.SOLANA),
            None,
            None,
            None,
        ),
        (
            "Write a section for our docs explaining how x402 pricing works: a route priced at $0.001 per call",
            (),
            None,
            None,
            None,
        ),
        ("scan our internal MCP servers for tool poisoning in their tool descriptions", (), None, None, None),
        ("my Shopify app exposes a REST API; generate client SDK docs from its OpenAPI file", (), None, None, None),
    ],
)
def test_work_vocabulary_that_is_the_tasks_data(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (set(iq.networks), iq.max_usd_price, iq.type, iq.method) == (set(networks), price, query_type, method)


def test_others_paying_in_an_asset_boost_nothing() -> None:
    assert interpret("customers paying in USDC on Solana got 5% off orders under $50").assets == ()


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method"),
    [
        # A second attack, on the rules from batches 20 and 21: each of these misread before they were narrowed.
        (
            "The report has to be a table with POST routes. Find an OpenAPI analysis API under $0.01 per call.",
            (),
            Decimal("0.01"),
            None,
            None,
        ),
        (
            "Our webhook is callable with POST. Find a signature verification service under $0.001 per call.",
            (),
            Decimal("0.001"),
            None,
            None,
        ),
        ("Find providers that charge less than $0.005 per call for OCR", (), Decimal("0.005"), None, None),
        ("Find a geocoding API, as long as they charge under $0.001 per call", (), Decimal("0.001"), None, None),
        ("Monthly budget $200 and $0.005 per call max, OCR API on Base", (n.BASE,), Decimal("0.005"), None, None),
        ("uptime 99.9% + max $0.005 per call, geocoding API on Base", (n.BASE,), Decimal("0.005"), None, None),
        ("I want a logging service that accepts POST log batches", (), None, "http", "POST"),
        ("Find me a weather API that users pay for on Base", (n.BASE,), None, None, None),
        ("As a buyer paying on Solana, I need a text-to-speech API", (n.SOLANA,), None, None, None),
        ("Find an OCR API; its payment on Base must be in USDC", (n.BASE,), None, None, None),
        ("Find a geocoding API on Base, Solana and Polygon", (n.BASE, n.SOLANA, "eip155:137"), None, None, None),
        (
            "I use Base, Solana and Polygon for payments; find a transcription API",
            (n.BASE, n.SOLANA, "eip155:137"),
            None,
            None,
            None,
        ),
        ("list all MCP servers that do OCR under $0.01 per call", (), Decimal("0.01"), "mcp", None),
        ("our client app speaks MCP, recommend a weather tool", (), None, "mcp", None),
        (
            "I need an LLM API to write a guide on x402 payments, max $0.002 per call, paying on Base.",
            (n.BASE,),
            Decimal("0.002"),
            None,
            None,
        ),
        (
            "Need a gateway that wraps POST-based API endpoints as MCP tools, paid on Base.",
            (n.BASE,),
            None,
            "mcp",
            None,
        ),
    ],
)
def test_work_vocabulary_rules_after_an_attack(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (set(iq.networks), iq.max_usd_price, iq.type, iq.method) == (set(networks), price, query_type, method)


_BATCH_25_SHAPES = [
    # Batch 25's shapes (revisions, hedges, history, hypotheticals, other payers), in words of our own.
    ("Payment: Base or Solana. Need a DNS lookup API", (n.BASE, n.SOLANA), None, None, None),
    ("rail: base/solana, ocr api", (n.BASE, n.SOLANA), None, None, None),
    ("We used to pay 4 cents per call on Polygon. Find a new OCR API", (), None, None, None),
    (
        "We used to pay on Polygon, but now the tool must settle on Base. Need a scraper",
        (n.BASE,),
        None,
        None,
        None,
    ),
    ("What would we spend if every call cost $0.003? Need a budgeting API", (), None, None, None),
    ("is 2 cents per call normal for OCR? find a pricing dataset", (), None, None, None),
    ("ocr api paid on base, solana is also fine", (n.BASE, n.SOLANA), None, None, None),
    ("ocr api, if possible one we can pay on Sei", (), None, None, None),
    ("ideally an MCP server, but a REST API works just as well; need a unit converter", (), None, None, None),
    (
        "The sub-agent only holds funds on Base Sepolia; find it a QR API it can pay for there",
        (n.BASE_SEPOLIA,),
        None,
        None,
        None,
    ),
    ("The sub-agent pays with USDC from its own wallet on Base. Find it a geocoder.", (n.BASE,), None, None, None),
    ("tts api on solana please. on second thought, base.", (n.BASE,), None, None, None),
    (
        "a REST API for currency rates. no wait, an MCP tool, the agent runs in a desktop client",
        (),
        None,
        "mcp",
        None,
    ),
    ("my bot can only make plain HTTP requests. find a moon-phase API", (), None, "http", None),
    ("the old server could only handle http requests, we need a load tester", (), None, None, None),
    ("payment on stellar is just a nice-to-have. need an OCR api", (), None, None, None),
    ("| need | value |\n|---|---|\n| interface | REST |\n| task | parcel tracking |", (), None, "http", None),
]


_CONVERSATION_REVISIONS = [
    (
        "User: weather api on base\nAssistant: found 3\nUser: is there one on Sei? our agent can only pay there",
        ("eip155:1329",),
        None,
        None,
        None,
    ),
    (
        "User: weather api on base\nAssistant: the first costs 2 cents\nUser: is the first one on solana?",
        (n.BASE,),
        None,
        None,
        None,
    ),
    (
        "User: speech to text that settles on polygon\nAssistant: any price limit?\nUser: no. stellar works too",
        ("eip155:137", n.STELLAR_PUBNET),
        None,
        None,
        None,
    ),
    (
        "User: lyrics api paid on polygon or base\nAssistant: both fine?\nUser: just drop polygon",
        (n.BASE,),
        None,
        None,
        None,
    ),
    (
        "User: sanctions api, pay on stellar.\nUser: sorry: pay on stellar testnet",
        (n.STELLAR_TESTNET,),
        None,
        None,
        None,
    ),
    (
        "User: recipe api under $0.01\nAssistant: found 6\nUser: cap at 0.5¢ instead",
        (),
        Decimal("0.005"),
        None,
        None,
    ),
    (
        "User: address validation in one call\nAssistant: a POST endpoint? Should I require that?\n"
        "User: Yes, require POST.",
        (),
        None,
        "http",
        "POST",
    ),
    (
        "User: pay on stellar for a star map renderer\nAssistant: the network?\n"
        "User: payment on stellar is just a nice-to-have",
        (),
        None,
        None,
        None,
    ),
]


_SEARCH_SYNTAX = [
    # batch 26's shapes in our own words (search-box syntax naming Souk's search), and its attack's confusers
    ("+mcp calendar", (), None, "mcp", None),
    ("souk search 'ocr' --network base --max-price 0.01", (n.BASE,), Decimal("0.01"), None, None),
    ("/discovery/search?query=tts&network=stellar:pubnet", (n.STELLAR_PUBNET,), None, None, None),
    ("fetch https://api.example.com/rooms?city=porto&max_price=0.5 every hour", (), None, None, None),
    ("npx hardhat run scripts/deploy.ts --network base fails with nonce too low", (), None, None, None),
    ("tokens price:<0.001 on dex screener", (), None, None, None),
    ("our app's /discovery/search?network=polygon endpoint returns 500", (), None, None, None),
    ("github code search +solana +wallet adapter examples", (), None, None, None),
]


_BATCH_25_ATTACK = [
    ('{"query": "ocr", "networks": ["base", "solana"]}', (n.BASE, n.SOLANA), None, None, None),
    ("search_tools(query='ocr', networks=['eip155:8453'])", (n.BASE,), None, None, None),
    ('parse this config: {"networks": ["base"]}', (), None, None, None),
    (
        "My webhook receiver is tiny. It has to be a plain GET I can hit with query params, so find an uptime monitor",
        (),
        None,
        None,
        None,
    ),
    # An attack on the batch-25 rules (260 queries): each of these misread before the rules were narrowed.
    ("Find an analytics API that groups x402 revenue by payment: base or solana", (), None, None, None),
    (
        "Here are last month's settlements: | network | base | | amount | $0.20 | find an accounting API",
        (),
        None,
        None,
        None,
    ),
    ("It used to cost 2 cents per call, find one under 1 cent per call", (), Decimal("0.01"), None, None),
    ("I used to pay on solana and I still do, find a TTS API", (n.SOLANA,), None, None, None),
    ("I used to hate OCR APIs, find me one that I pay on base", (n.BASE,), None, None, None),
    ("What would you recommend for OCR under 1 cent per call on base?", (n.BASE,), Decimal("0.01"), None, None),
    ("Is there a normal weather API under 1 cent per call?", (), Decimal("0.01"), None, None),
    ("We pay on base. Need an NFT metadata API for polygon, ethereum is also fine", (n.BASE,), None, None, None),
    (
        "Pay on stellar. Token price API covering avalanche; polygon also works",
        (n.STELLAR_PUBNET,),
        None,
        None,
        None,
    ),
    ("Pay on base. I need NFT data, I mean solana NFT data specifically", (n.BASE,), None, None, None),
    ("Payment on base. Find an explorer API for polygon, no wait, arbitrum explorer", (n.BASE,), None, None, None),
    ("Pay on base. Correction: solana.", (n.SOLANA,), None, None, None),
    ("pay on solana, nice to have a free tier", (n.SOLANA,), None, None, None),
    ("Return JSON if possible and settle on base", (n.BASE,), None, None, None),
    ("Does the x402 spec require POST? need a spec explainer api", (), None, None, None),
    (
        "It has to be a plain GET I can hit with query params. Extract the metadata of a URL.",
        (),
        None,
        "http",
        "GET",
    ),
    ("current weather by coordinates - pay on L2 Base, sub-cent", (n.BASE,), Decimal("0.01"), None, None),
    ("User: weather api\nAssistant: Do you want it on Base?\nUser: yes", (n.BASE,), None, None, None),
    ("User: ocr api\nAssistant: Should it cost under 1 cent per call?\nUser: no, any price", (), None, None, None),
    ("I have my own wallet on solana; find me a TTS API I can pay for there", (n.SOLANA,), None, None, None),
]


@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type", "method"),
    _BATCH_25_SHAPES + _CONVERSATION_REVISIONS + _BATCH_25_ATTACK + _SEARCH_SYNTAX,
)
def test_revisions_hedges_history_and_their_attack(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (set(iq.networks), iq.max_usd_price, iq.type, iq.method) == (set(networks), price, query_type, method)


# The tool the caller is leaving: its rail and price describe it, not the next one (mark_left_behind); what replaces
# it still binds.
_LEFT_BEHIND = [
    ("I switched from a solana-paid OCR endpoint that charged $0.10; looking for OCR.", (), None, None, None),
    ("I'm moving away from an OCR endpoint on solana that charged $0.10. Find OCR.", (), None, None, None),
    ("We are replacing our OCR provider, which is paid on solana at $0.10 a page. Find another.", (), None, None, None),
    ("We're migrating off a base-paid geocoder, any geocoding API", (), None, None, None),
    ("Replace the base weather API with one that settles on solana.", (n.SOLANA,), None, None, None),
    ("Replacing a weather API; the new one must settle on base.", (n.BASE,), None, None, None),
    ("We switched from a base geocoder to one paid on solana", (n.SOLANA,), None, None, None),
    ("A weather API on solana, replacing our current one", (n.SOLANA,), None, None, None),
    # replacing as the task, and a rail after the leaving clause ends, still bind (a review, 2026-12-07)
    ("image background replace api on base under $0.01", (n.BASE,), Decimal("0.01"), None, None),
    ("find and replace text in PDFs, on base", (n.BASE,), None, None, None),
    ("we switched from stripe; base under $0.01", (n.BASE,), Decimal("0.01"), None, None),
    ("I'm moving away from Stripe - base only, under $0.01", (n.BASE,), Decimal("0.01"), None, None),
]


@pytest.mark.parametrize(("query", "networks", "price", "query_type", "method"), _LEFT_BEHIND)
def test_the_rail_and_price_of_a_tool_left_behind_are_history(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (set(iq.networks), iq.max_usd_price, iq.type, iq.method) == (set(networks), price, query_type, method)


# Tool-retrieval phrasing (batch 27 and the MetaTool pool): chains, coins, amounts and methods as the task's content,
# beside the rails and refusals they must not swallow.
_TOOL_REQUEST_CONFUSERS = [
    ("Suggest a few decentralized exchanges on the Solana blockchain", (), None, None, None),
    ("What is the circulating supply of stablecoins on Arbitrum?", (), None, None, None),
    ("Show me how to buy bitcoin using solana", (), None, None, None),
    ("Expect to pay around $12.40 in sales tax on that order", (), None, None, None),
    ("Is the token at 0x9ab1...77cd on Polygon a scam?", (), None, None, None),
    ("I want my customers to pay me in USDC on Solana: what do I need?", (), None, None, None),
    ("We want to expose our billing system as a REST API", (), None, None, None),
    ("Alert me when AVAX on Avalanche falls under $15", (), None, None, None),
    ("Explain why you would use PUT rather than POST", (), None, None, None),
    ("Does the OpenAPI standard require GET for health checks?", (), None, None, None),
    # guards: the same words still name the rail, the interface or the price where they should
    ("a bitcoin price api, paid using solana", (n.SOLANA,), None, None, None),
    ("an options-chain API for traders, pay on Base", (n.BASE,), None, None, None),
    ("a receipt printer api, usdc on base", (n.BASE,), None, None, None),
    ("expose it to my agent as an MCP tool: OCR for receipts", (), None, "mcp", None),
    ("an OCR api under $0.01 in USDC", (), Decimal("0.01"), None, None),
    ("I require POST. Find a PDF merge API", (), None, "http", "POST"),
    # batch 28's dev half
    ("Fetch block times and uptime for the Avalanche network", (), None, None, None),
    ("an API that supports GET, POST and PUT", (), None, None, None),
    ("list which customer payments landed on Solana today", (), None, None, None),
    ("count the weekly active addresses on Polygon", (), None, None, None),
    ("image upscaler endpoint solana <=0.2c", (n.SOLANA,), Decimal("0.002"), None, None),
    ("base 64 decoder endpoint", (), None, None, None),
    # batch 29's dev half: agent traces, tool-call payloads, pipeline instructions
    (
        "Thought: need OCR. Action: search_tools\nObservation: [1] scanly (paid on solana, $0.003/call)\n"
        "Thought: it lacks Thai. Action Input: thai ocr",
        (),
        None,
        None,
        None,
    ),
    (
        "Thought: my wallet only holds funds on Base, so the tool must accept payment on Base.\n"
        "Observation: nothing yet\nAction Input: currency converter",
        (n.BASE,),
        None,
        None,
        None,
    ),
    ("CORS preflight tester: replay OPTIONS preflight requests", (), None, None, None),
    (
        '{"name": "search_tools", "arguments": {"query": "tide tables", "price_limit_usd": "0.02"}}',
        (),
        Decimal("0.02"),
        None,
        None,
    ),
    ("max_price_usd: 4 per month per seat, need a team chat API", (), None, None, None),
    # an attack on the batch-29 rules: these kept (or lost) their constraints as a reader would
    ("Key observation: our wallet only holds USDC on Solana, so find a geocoding API", (n.SOLANA,), None, None, None),
    (
        "Tool output: must be JSON. Need a summarizer under $0.01 paid on solana",
        (n.SOLANA,),
        Decimal("0.01"),
        None,
        None,
    ),
    ("trading bot: submit a limit order for DOGE with price_limit: 0.35", (), None, None, None),
    ("lead enrichment API, max_price_usd: 0.05 per lead", (), Decimal("0.05"), None, None),
    ("max_price_usd: 0.01 ahead of launch we need an ocr api", (), Decimal("0.01"), None, None),
    ("we don't have an MCP client, need an OCR api paid on base", (n.BASE,), None, None, None),
    # batch 30's dev half (recall)
    (
        "Our agent's payer account is on Polygon; find a receipt OCR tool it can pay for",
        ("eip155:137",),
        None,
        None,
        None,
    ),
    ("a thesaurus API I can hit with wget, plain HTTP, no MCP", (), None, "http", None),
    ("a vision API; it has to take a PUT with the image bytes and return labels in JSON", (), None, "http", "PUT"),
    ("geocoder please, anything over 2 cents a call is too much", (), Decimal("0.02"), None, None),
    ("Which of our customer wallets are funded on Solana? Need a segmentation tool", (), None, None, None),
    ("Our bakery's web shop gets paid on Base; need a sales summary generator", (), None, None, None),
    ("list transfers on Polygon that were under $0.05 yesterday", (), None, None, None),
    # an attack on the batch-30 rules: these kept their readings
    ("I want to install a local MCP server that controls Spotify", (), None, "mcp", None),
    ("it was under $0.01 per call before, stay under that; find a translation API", (), Decimal("0.01"), None, None),
    ("This MEV bot's wallet is on Ethereum; show its sandwich attacks", (), None, None, None),
    ("Insecure protocols to flag: telnet, FTP, plain HTTP", (), None, None, None),
    ("the relay we host has to take a POST; find an SMS API", (), None, None, None),
    ("our agent needs an API that gets paid on Base", (n.BASE,), None, None, None),
    (
        "Our customers hold USDC on Base and pay for every order from that wallet; find a receipt API",
        (),
        None,
        None,
        None,
    ),
    # a review of the session's diff: these read as a reader would
    (
        "Thought: need OCR. Action: search_tools Action Input: ocr for user receipts Observation: x (paid on base)",
        (),
        None,
        None,
        None,
    ),
    ("thought: need ocr\naction: search_tools\nobservation: pdf-ocr paid on base, $0.002/call", (), None, None, None),
    (
        "Thought: need OCR. Action: search_tools. Observation: nothing found. I can only pay on base",
        (n.BASE,),
        None,
        None,
        None,
    ),
    ("ocr api, call_price_limit: 0.005, ask me first", (), Decimal("0.005"), None, None),
    ("ocr api, it would be great if calls were under $0.01", (), Decimal("0.01"), None, None),
    ("Do OCR APIs that use POST exist?", (), None, "http", "POST"),
    ("MAX_PRICE_USD=0.003 per user query", (), Decimal("0.003"), None, None),
    ("yoga for beginners, simple rest", (), None, None, None),
    ("a decentralized storage api on base", (n.BASE,), None, None, None),
    # attacks' near-variants: MCP's HTTP transport, more trace labels, the caller's own sales
    ("Postgres query tool, streamable HTTP only", (), None, "mcp", None),
    ("list MCP servers that support streamable HTTP", (), None, None, None),
    (
        "Thought: need sms. Action: search_tools Action Input: sms Tool response: sms-gw (paid on arbitrum)",
        (),
        None,
        None,
        None,
    ),
    ("our shop receives payments on Base; need an invoicing API", (), None, None, None),
    ("an api that receives payments on base", (n.BASE,), None, None, None),
    ("Do most payment processors require POST for refunds?", (), None, None, None),
    # an attack on this session's first rules: these kept their constraints
    ("an OCR API that charges me in USDC on Base", (n.BASE,), None, None, None),
    ("clients pay me, I need a translation API on Solana", (n.SOLANA,), None, None, None),
    ("a geocoding API that costs under $0.01 in fees per call", (), Decimal("0.01"), None, None),
    ("turn my voice memos into text as an MCP tool", (), None, "mcp", None),
    ("normalize postal addresses on Base", (n.BASE,), None, None, None),
    ("contractors paid in USDC on Polygon last quarter: total them up", (), None, None, None),
    ("refund under $0.50 in USDC to each customer", (), None, None, None),
    # a second attack, on the batch-28 rules: these kept their constraints too
    ("a translation API with low fees for the Base network", (n.BASE,), None, None, None),
    ("an OCR API whose payments land on Base", (n.BASE,), None, None, None),
    ("Do they have a translation API that uses POST?", (), None, "http", "POST"),
    ("translate this page for under 1 cent in USDC", (), Decimal("0.01"), None, None),
    ("swaps on Solana with under $1 in fees", (), None, None, None),
]


@pytest.mark.parametrize(("query", "networks", "price", "query_type", "method"), _TOOL_REQUEST_CONFUSERS)
def test_tool_request_content_is_not_a_constraint(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (set(iq.networks), iq.max_usd_price, iq.type, iq.method) == (set(networks), price, query_type, method)


@pytest.mark.parametrize(
    ("query", "assets", "negated"),
    [
        ("Which pool on Base has the most volume for the WETH/USDC pair?", (), ()),
        ("an fx api I can pay with usdc/eurc", ("EURC", "USDC"), ()),
        ("agents pay me in USDC for my OCR API; how do I list it?", (), ()),
        ("a currency api that isn't from Fixer", (), ("fixer",)),
        ("turn my Django views into MCP tools without rewriting the templates", (), ()),
        ("an image generator without adding a watermark", (), ("add", "watermark")),
        ("check whether a photo isn't from Midjourney", (), ()),
        ("any OCR API is fine as long as it isn't from Google", (), ("googl",)),
        ("deploy a model without managing any servers", (), ()),
        ("weather api without needing an api key", (), ("need", "key")),
        ("OCR tools with no MCP support", (), ("mcp",)),
        ("Get me an upload API instead of PUT", (), ("put",)),
        ("ocr api, pay with DAI/USDC", ("USDC",), ()),
        ("it isn't by", (), ()),
        ("any OCR API is fine as long as it isn't from", (), ()),
        # the tool-retrieval pools' phrasing: the caller's own doing, not a refused result
        ("I prefer not to read the whole report. Summarize it for me", (), ()),
        ("I'd prefer not to use Bing; find a news search API", (), ("bing",)),
        ("Rather than reading the thread, instead of scrolling it, summarize it", (), ()),
        ("I'm not sure which API to use for flight prices", (), ()),
        ("Skip to the next song and lower the volume", (), ()),
        ("movies rated no less than 8 and no earlier than 2019", (), ()),
        ("I don't want to forget any action items from the meeting; list them", (), ()),
        ("Thought: there is no MCP client installed here, so find an HTTP tool that counts words", (), ()),
        ("SDK search: no MCP client wrappers, I want raw REST SDKs", (), ("mcp", "client")),
        ("our guild pays moderators in EURC; find a payroll summary API", (), ()),
        ("a QR generator for usdc payment links", (), ()),
    ],
)
def test_pairs_payees_and_provider_refusals(query: str, assets: tuple[str, ...], negated: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (tuple(sorted(iq.assets)), iq.negated_terms) == (assets, negated)


_SESSION_15_READINGS = [
    # the wallets a question asks about are data; the caller's own funded wallet still names its rail
    ("Which of our wallets are funded on Base?", (), None, None, None),
    ("which api can I pay for, my wallet is funded on base", (n.BASE,), None, None, None),
    # what is built is the topic, however it is qualified
    ("tutorial on building a stdio MCP server", (), None, None, None),
    ("write a minimal REST API for todo items", (), None, None, None),
    ("need a stdio MCP tool for SQLite", (), None, "mcp", None),
    # a cap verb reaches an amount in words through "at"
    ("the user capped tool calls at two cents each. find a geocoder", (), Decimal("0.02"), None, None),
    ("llm inference api on base capped at $0.003", (n.BASE,), Decimal("0.003"), None, None),
    ("market cap at two billion dollars tracker", (), None, None, None),
    # numbered and short observation labels in a trace are a tool's output
    (
        "Thought 1: I need an SMS gateway. Act 1: search[sms] Obs 1: sms-gw (paid on arbitrum, $0.02/msg, POST) "
        "Thought 2: check another",
        (),
        None,
        None,
        None,
    ),
    (
        "Thought: need a translator. Action: search_tools Action Input: translation api "
        "Result: [1] deepl-proxy (polygon, $0.004/call, GET)",
        (),
        None,
        None,
        None,
    ),
    ("Output: must be JSON. geocoder on base", (n.BASE,), None, None, None),
    # a coin's ticker names its chain only in a payment phrase
    ("transcription api settles on sol", (n.SOLANA,), None, None, None),
    ("pays on eth mainnet, weather api", ("eip155:1",), None, None, None),
    ("sol price feed", (), None, None, None),
    ("staking rewards on sol", (), None, None, None),
    ("mcp srv 4 flight search", (), None, "mcp", None),
    # ... and the attack on those rules
    ("summarize analyst takes on ETH from this week's newsletters", (), None, None, None),
    ("who got paid on eth? need an indexer api", (), None, None, None),
    ("when the dust settles on SOL, what are the top memecoins? need a data api", (), None, None, None),
    ("find stablecoin bridges whose fees are capped at one dollar", (), None, None, None),
    ("the EU caps roaming at two cents per megabyte; telecom tariffs API", (), None, None, None),
    ("find a pre-built MCP server for Postgres", (), None, "mcp", None),
    ("what wallet do I need for a weather API if our wallet is funded on Base?", (n.BASE,), None, None, None),
    ("audit which of our routes are POSTable", (), None, None, None),
    ("daily horoscope api, <2c, GETable", (), Decimal("0.02"), "http", "GET"),
    # a review of them: a workflow's actions are no tools, an asked human's answer stands, a settled rail at a line end
    (
        "Trigger: new invoice email\nAction: translate\nOutput: french pdf. pay on base, under $0.01 per call",
        (n.BASE,),
        Decimal("0.01"),
        None,
        None,
    ),
    ("Act: ask_human\nObs 1: POST only, max $0.005 on base", (n.BASE,), Decimal("0.005"), "http", "POST"),
    (
        "User: ocr on solana\nAssistant: found 3 on base\nUser: ok base works then\nAssistant: here they are",
        (n.BASE,),
        None,
        None,
        None,
    ),
    ("my client pays on eth", (), None, None, None),
    # batch 32's dev half
    ("ocr, quarter of a cent per call", (), Decimal("0.0025"), None, None),  # raised KeyError before
    ("How much would 1,000,000 API calls cost at $0.0002 each? Show the math.", (), None, None, None),
    (
        "validate the chain ids in this config (eip155:137, eip155:10, eip155:42161); the validator itself should "
        "be payable on stellar:pubnet",
        (n.STELLAR_PUBNET,),
        None,
        None,
        None,
    ),
    ("ocr api payable on (eip155:8453, eip155:137)", (n.BASE, "eip155:137"), None, None, None),
    (
        "wallet risk scoring for addresses that interacted with Tornado Cash on Ethereum, we pay for tools on "
        "Avalanche",
        ("eip155:43114",),
        None,
        None,
        None,
    ),
    ("mcp weather tool paid in xlm", (), None, "mcp", None),
    # ... and the attack on those rules
    ("an api on base that tracks fees paid by users of Ethereum rollups", (n.BASE,), None, None, None),
    ("weather api, must be paid on one of (eip155:8453, eip155:137)", (n.BASE, "eip155:137"), None, None, None),
    ("mcp latency benchmarking tool to compare response times of public servers", (), None, None, None),
    ("a no-code platform that makes REST APIs from google sheets", (), None, None, None),
    (
        "Summarize the changelog of the Stripe REST API, focusing on breaking changes in the last year and how they "
        "affect a billing integration.",
        (),
        None,
        None,
        None,
    ),
    (
        "Looking for a notification service that supports delivering alerts to our backend via POST whenever a "
        "wallet balance drops below a threshold.",
        (),
        None,
        None,
        None,
    ),
    ("need an image upload api, nothing that only supports GET", (), None, None, None),
    ("How many OCR APIs are there at $0.001 per call?", (), Decimal("0.001"), None, None),
    # batch 33's dev half
    ("Stellar Cyber SIEM alert enrichment", (), None, None, None),
    (
        '{"task": "fetch company logos by domain", "payment": {"scheme": "exact", "network": "eip155:8453"}}',
        (n.BASE,),
        None,
        None,
        None,
    ),
    ('decode this: {"scheme": "exact", "network": "eip155:8453", "payTo": "0xabc"}', (), None, None, None),
    ("kyc document check endpoint for onboarding users. chain for payment = ethereum", ("eip155:1",), None, None, None),
    ("what chain is eip155:8453 and who runs its sequencer?", (), None, None, None),
    # a review of batches 32-33's rules
    (
        "Need a geocoding API for a delivery app that handles batch lookups. Payment config: [eip155:8453, eip155:137]",
        (n.BASE, "eip155:137"),
        None,
        None,
        None,
    ),
    ('my agent got {"scheme":"exact","network":"solana"} back and I need to understand it', (), None, None, None),
    (
        "Salesforce REST API: I keep getting 401 errors when refreshing tokens from our Node backend. Need help "
        "debugging the OAuth flow.",
        (),
        None,
        None,
        None,
    ),
    ("which network is eip155:137, I need a price api on it", ("eip155:137",), None, None, None),
    # batch 35's dev half
    ("tip calculator that costs no more than 500 micro-dollars per call", (), Decimal("0.0005"), None, None),
    ("word frequency counter costing 5 thousandths of a dollar or less per run", (), Decimal("0.005"), None, None),
    ("max_price=1e-3 (USD per call); task=random password generator", (), Decimal("0.001"), None, None),
    ("Max spend per call: 0.1 cent. Task: convert HEIC photos to JPEG.", (), Decimal("0.001"), None, None),
    ("Sum these expenses and give me the total: $0.25, $0.10, $3.40, $0.005", (), None, None, None),
    (
        "That's a lot of calls, probably several hundred, so the rule for every single call is the same: it may cost "
        "at most half a cent. Right now I need the attractions lookup: given a city name, return points of interest.",
        (),
        Decimal("0.005"),
        None,
        None,
    ),
    # ... and the attack on those rules
    (
        "weather api on base, $0.005 per call, GET, $1 daily budget, $10 monthly",
        (n.BASE,),
        Decimal("0.005"),
        "http",
        "GET",
    ),
    ("geocoding api at $0.004 per call, not the $0.01 and $0.02 ones from last week", (), Decimal("0.004"), None, None),
    ("error rate ceiling: 1e-4, find a reliable geocoding api", (), None, None, None),
    ("llm api max_price_usd: 5e-6 per 1k tokens", (), None, None, None),
    ("llm api max_price_usd: 0.000005 per 1k tokens", (), None, None, None),  # written out: a token's price too
    ("tts api, max_price: 0.0002/character", (), None, None, None),
    ("max_price=0e-3 weather api", (), None, None, None),
    ("payment api for microtransactions of 100 micro-dollars or more", (), None, None, None),
    (
        "Stripe charges 300 micro-dollars per event; find an event logging api, max 1 cent per call",
        (),
        Decimal("0.01"),
        None,
        None,
    ),
    # batch 34's dev half
    ("VIN decoder I can call via GET", (), None, "http", "GET"),
    ("GET-based endpoint for current air quality index by city", (), None, "http", "GET"),
    ("microchannel plate (MCP) detector gain curves vs voltage", (), None, None, None),
    ("REST API that converts MCP (Minecraft Coder Pack) mappings to Yarn mappings", (), None, "http", None),
    ("an MCP (Model Context Protocol) server for jira", (), None, "mcp", None),
    # ... and the attack on those rules
    ("weather tool (MCP) paid on base", (n.BASE,), None, "mcp", None),
    ("an MCP (SSE) server for Jira", (), None, "mcp", None),
    ("GET-based APIs leak secrets in URLs, which is why our security team bans them", (), None, None, None),
    ("a file storage API that supports GET / PUT / DELETE on objects, paid on base", (n.BASE,), None, None, None),
    ("a PDF to text endpoint I can call with curl -X POST and a multipart body", (), None, "http", "POST"),
    ("A malicious agent can call MCP tools without any auth. Find me a security scanner API", (), None, None, None),
    ("the client can call via POST or GET, doesn't matter; looking for a QR code generator", (), None, None, None),
    (
        "Find a package tracking API that the agent can call with a GET request. The price should be under half a cent "
        "per lookup.",
        (),
        Decimal("0.005"),
        "http",
        "GET",
    ),
    ("look up credential leaks via an MCP tool, under $0.01 per call", (), Decimal("0.01"), "mcp", None),
    ("I want to expose my agent to live sports scores via an MCP server", (), None, "mcp", None),
    ("Find a Stripe integration with both an MCP server and good docs, paid on base", (n.BASE,), None, "mcp", None),
    ("explain this command: curl -X POST -d '{\"q\": 1}' https://api.example.com/v1/items", (), None, None, None),
    (
        "generate an OpenAPI spec from this route table: GET /users, POST /users, DELETE /users/{id}",
        (),
        None,
        None,
        None,
    ),
    (
        "Our client speaks both MCP and plain HTTP, so either kind of tool is fine. I need a whois lookup",
        (),
        None,
        None,
        None,
    ),
    (
        "MCP servers for Postgres were reviewed in a long blog post last week, and the author compared twelve of them "
        "on safety and speed across many workloads.",
        (),
        None,
        None,
        None,
    ),
    (
        "I'm writing a threat model for our agent platform. Collect the latest security research on prompt injection "
        "through MCP server tool descriptions and summarize which mitigations clients have shipped.",
        (),
        None,
        None,
        None,
    ),
    (
        "What I still need is a service that, given an email address, checks data-broker sites and files opt-out "
        "requests, something our backend can call with a POST containing the email and full name.",
        (),
        None,
        "http",
        "POST",
    ),
    ("an mcp inspector tool for debugging", (), None, None, None),
    ("github issues mcp server on base sepolia", (n.BASE_SEPOLIA,), None, "mcp", None),
    (
        "Reverse image search REST API, max $0.004 per image; we send about 2,000 images a day, 4 MB each, mostly "
        "product shots from 3 marketplaces, and need the top 10 matches with source URLs for each one.",
        (),
        Decimal("0.004"),
        "http",
        None,
    ),
    (
        "We generate around 3,000 shipping labels a day from our warehouse system. I'm looking for an address "
        "validation service that accepts a batch of 100 addresses per request via POST with a JSON array.",
        (),
        None,
        "http",
        "POST",
    ),
    (
        "User: a twitter search tool I can pay for on solana\nAssistant: none settle on Solana; several on Base.\n"
        "User: ok base works then.",
        (n.BASE,),
        None,
        None,
        None,
    ),
    (
        "Trigger: new row in Sheets. Action: translate the text. Output: Spanish text. Use an MCP tool paid on "
        "Solana under 0.5 cents per call",
        (n.SOLANA,),
        Decimal("0.005"),
        "mcp",
        None,
    ),
    ("GETable ip lookup", (), None, "http", "GET"),
    # a refused interface in a later turn leaves the asked one standing
    (
        "User: I need an OCR tool. It has to be an MCP server, paid on Base.\n"
        "Assistant: I found ReceiptLens (MCP, Base) and a REST API on Polygon.\n"
        "User: Solana's fine too. Skip the REST one.",
        (n.BASE, n.SOLANA),
        None,
        "mcp",
        None,
    ),
]


@pytest.mark.parametrize(("query", "networks", "price", "query_type", "method"), _SESSION_15_READINGS)
def test_wallet_questions_built_servers_cap_verbs_and_trace_outputs(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (set(iq.networks), iq.max_usd_price, iq.type, iq.method) == (set(networks), price, query_type, method)


@pytest.mark.parametrize(
    ("query", "negated"),
    [
        ("only GET requests (no request bodies allowed)", ()),
        ("weather api, no json body", ()),
        ("skincare product API, no body lotions", ("bodi", "lotion")),
        ("weather api, not the $0.02, $0.03, $0.05 ones", ()),
        ("earthquake alerts, nothing that only covers japan", ("japan",)),
        ("a form builder API. We've had billing problems before, so not Typeform.", ("typeform",)),
        ("nonstop flights NYC to Tokyo without layovers", ()),
        ("a privacy-friendly analytics api with no connections to Google", ("connect", "googl")),
        ("need a database api; I don't want to migrate to Firebase", ("migrat", "firebas")),
        ("Our team is in Berlin, so not London hours; find a meeting scheduler api", ()),
        ("I need a shipping rates api; there is nothing that only covers Germany, so a pan-EU one is fine", ()),
        ("The bot's wallet is on Solana and I don't want to bridge, so the API has to be paid on Solana.", ()),
        (
            "Set up a morning routine: read Slack DMs and check the weather for my commute. The weather part must "
            "come from a tool my MCP client can call directly, an MCP server, not an HTTP API.",
            (),
        ),
    ],
)
def test_restated_methods_and_interfaces_are_no_content_negations(query: str, negated: tuple[str, ...]) -> None:
    assert interpret(query).negated_terms == negated


@pytest.mark.parametrize(
    "query",
    [
        "souk search ocr --max-price 1sol",  # a price in an asset with no USD rate raised TypeError
        "User: weather api\nAssistant: ok\n...",  # a last line without words
        "Usuario: a\nAsistente: b\n,",
        "用户: a\n助手: b\n。",
    ],
)
def test_conversations_ending_without_words_are_read(query: str) -> None:
    assert interpret(query).networks == ()


def test_a_negated_interface_in_a_long_task_refuses_only_against_the_other() -> None:
    background = (
        "We are migrating a legacy system and need help. The old service was not a REST API but a SOAP thing, and we "
        "rebuilt most of it last year. Find an api that translates text to french."
    )
    assert interpret(background).to_dict()["excludedType"] is None


def test_an_unclosed_exclude_list_is_read_in_linear_time() -> None:
    # each extra item doubled the regex's backtracking: 28 items took about 29 s
    query = "avoid:[" + "a ," * 28
    assert interpret(query).negated_terms == ()
    assert interpret("translation api, exclude_providers: [deepl, google]").negated_terms == ("deepl", "googl")


# Batch 36 (dev half), narrowed after an attack: an interface chosen over MCP as a requirement, one asked for with
# "is there", the paying side's only chain.
@pytest.mark.parametrize(
    ("query", "networks", "query_type", "method"),
    [
        ("Requirements: 1) REST/HTTP, not MCP; 2) payable on Polygon", ("eip155:137",), "http", None),
        ("stock quotes over a regular REST interface rather than MCP", (), "http", None),
        ("http (not mcp) weather", (), "http", None),
        ("via https (no mcp) - url shortener under 1 cent", (), "http", None),
        ("Our backend is REST, not MCP. Find a geocoding tool.", (), None, None),  # the asker's own system
        (
            "REST, not MCP, is still how most SaaS vendors integrate. Write me a newsletter intro about that.",
            (),
            None,
            None,
        ),
        ("Write a job ad for a backend engineer. Skills: REST, not MCP; Postgres; Go.", (), None, None),
        ("Is there a GET-based endpoint that tells me whether a domain is free? Under $0.01.", (), "http", "GET"),
        ("is there a GET-based caching guide", (), None, None),  # how the subject works
        ("Do you think a GET-based endpoint is safer than a POST one for passing API keys?", (), None, None),
        ("Is there a DELETE-based endpoint in the GitHub API for removing stars?", (), None, None),
        ("build an MCP interface for our postgres database", (), None, None),
        ("Rust backend; our x402 signer only supports Stellar. Remove backgrounds.", (n.STELLAR_PUBNET,), None, None),
        ("my wallet supports only solana; ocr api", (n.SOLANA,), None, None),
        ("find a wallet that only supports Stellar", (), None, None),  # the wallet sought
        ("my wallet app only supports ethereum, find a price feed for it", (), None, None),  # the asker's product
        ("my customers' wallet only supports Stellar, so I need a Stellar anchor deposit API", (), None, None),
        ("I'm building a wallet. My wallet only supports Solana now; find a token price API", (), None, None),
        ("our CRM client only supports Base", (), None, None),
    ],
)
def test_interfaces_chosen_over_mcp_asked_for_and_the_payers_only_chain(
    query: str, networks: tuple[str, ...], query_type: str | None, method: str | None
) -> None:
    iq = interpret(query)
    assert (set(iq.networks), iq.type, iq.method) == (set(networks), query_type, method)


# Batch 37 (dev half): search-box syntax. A minus operator refuses the word joined to it (a chain or an interface is
# demoted, a name becomes a negated word), in a short query without a command line's flags; a field written without
# spaces ends where the next excluded term or quoted phrase starts.
@pytest.mark.parametrize(
    ("query", "networks", "excluded_networks", "excluded_type", "negated"),
    [
        ("translation api -google -deepl", (), (), None, ("googl", "deepl")),
        ("weather api -solana", (), (n.SOLANA, n.SOLANA_DEVNET), None, ()),
        ("dns lookup api network:base -solana", (n.BASE,), (n.SOLANA, n.SOLANA_DEVNET), None, ()),
        ("image upscaler -mcp", (), (), "mcp", ()),
        ('type:mcp network:base "solana token metadata"', (n.BASE,), (), None, ()),
        ("java -jar runner.jar", (), (), None, ()),  # a command's flag
        ("find ./src -name handler", (), (), None, ()),
        ("curl -s -X POST https://api.example.com/ocr -d @scan.png", (), (), None, ()),
        ("weather api - cheap", (), (), None, ()),  # a dash, not an operator
        ("state-of-the-art ocr", (), (), None, ()),
        ("forecast for -10 degrees", (), (), None, ()),
        (
            "I need a long-running translation job that handles documents of many pages and keeps the layout "
            "intact -google",
            (),
            (),
            None,
            (),
        ),  # a task in sentences, not a search box
    ],
)
def test_search_box_minus_operators_and_compact_fields(
    query: str,
    networks: tuple[str, ...],
    excluded_networks: tuple[str, ...],
    excluded_type: str | None,
    negated: tuple[str, ...],
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks, iq.excluded_type, iq.negated_terms) == (
        networks,
        tuple(sorted(excluded_networks)),
        excluded_type,
        negated,
    )


# Batch 37 (dev half): "or rather" and "I meant" correct what was said before, as "I mean" and "scratch that" do.
@pytest.mark.parametrize(
    ("query", "networks", "query_type"),
    [
        ("jira mcp server, or rather http api", (), "http"),
        ("weather api on base, or rather solana", (n.SOLANA,), None),
        ("ocr on solana, sorry I meant base", (n.BASE,), None),
        ("a cheap, or rather free, weather api", (), None),
    ],
)
def test_or_rather_and_i_meant_correct_a_constraint(
    query: str, networks: tuple[str, ...], query_type: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.type) == (networks, query_type)


# A contract probe (2026-12-07): a correction restricted with "only" kept the withdrawn rail as the filter, and
# "no wait, only on solana" filtered on both chains.
@pytest.mark.parametrize(
    ("query", "networks"),
    [
        ("user: I need weather paid on base\nuser: actually only on solana", (n.SOLANA,)),
        ("weather on base. Actually, only solana.", (n.SOLANA,)),
        ("weather on base. no wait, only on solana", (n.SOLANA,)),
        ("user: I need weather paid on base\nuser: no wait, only on solana", (n.SOLANA,)),
        ("weather api on base, it actually only costs a cent", (n.BASE,)),  # not a correction
        ("ocr that actually works, on base", (n.BASE,)),
    ],
)
def test_a_correction_restricted_with_only_replaces_the_earlier_rail(query: str, networks: tuple[str, ...]) -> None:
    assert interpret(query).networks == networks


def test_a_query_read_once_is_not_read_again_for_its_next_page() -> None:
    # Every cursor page re-derives its filters from the query: a 4,000-character query cost up to ~100 ms a page.
    query = "ocr api on base under 1 cent, " + "GET /a " * 400
    assert interpret(query) is interpret(query)


# Batch 38 (dev half): an agent runtime's payment policy, hyphenated fractions, and money spent or held on a chain
# and a place named like a chain as the data.
@pytest.mark.parametrize(
    ("query", "networks", "price", "query_type"),
    [
        ("need a tool to geocode addresses in batch. payment policy: base only", (n.BASE,), None, None),
        (
            "need a tool to pull a transcript. payment policy: base only, ≤ $0.005/call",
            (n.BASE,),
            Decimal("0.005"),
            None,
        ),
        ("summarize our company's payment policy: base salary and bonuses", (), None, None),
        ("rail: only solana", (n.SOLANA,), None, None),
        ("Wikipedia summary, two-tenths of a cent per lookup at most", (), Decimal("0.002"), None),
        ("under one-tenth of a cent per call", (), Decimal("0.001"), None),
        ("image tagging, no more than five ten-thousandths of a dollar per call", (), Decimal("0.0005"), None),
        ("three-fourths of a cent per call at most, stock quotes API", (), Decimal("0.0075"), None),
        # a zero cap would hide every paid listing; a middle dot as the decimal point
        ("geocoding API, max $0 per call", (), None, None),
        ("geocoding API, max $0·005 per call", (), Decimal("0.005"), None),
        ("Cap: ten one-thousandths of a dollar per call. Task: detect faces.", (), Decimal("0.01"), None),
        ("need a tool that totals how much they spent on Solana last month", (), None, None),
        ("my agent can only spend on base, weather api", (n.BASE,), None, None),
        ("list the wallets holding over 1M USDC on Ethereum", (), None, None),
        ("I hold USDC on Base and pay with it, need an ocr api", (n.BASE,), None, None),
        ("trail conditions on Avalanche Lake near Lake Placid", (), None, None),
        ("find a new MCP server for weather", (), None, "mcp"),
        # An attack on these rules (2026-12-06): a pasted or someone else's policy, a quoted field, the caller's own
        # spending and holdings, a chain word before a verb
        ("Summarize the attached HR handbook section. Sick pay policy: base only, no commission.", (), None, None),
        (
            "The footer says 'Payment policy: Base only. Refunds within 14 days.' Find a checkout scraper",
            (),
            None,
            None,
        ),
        (
            "Our supplier's payment policy: Polygon only. We pay per call on Base. Need an OCR API",
            (n.BASE,),
            None,
            None,
        ),
        ("The facilitator docs say 'network: base only'. Any OCR API?", (), None, None),
        ('ocr api {"network": "base only"}', (n.BASE,), None, None),  # a JSON key is no quotation
        ('ocr api {"payment_policy": "base"}', (n.BASE,), None, None),
        ("Wallets holding over 1M USDC on Ethereum", (), None, None),
        (
            "Our two wallets holding USDC on Base should pay for this. Looking for a translation API",
            (n.BASE,),
            None,
            None,
        ),
        ("Our monthly x402 budget of $50 is spent on Base. Find a cheaper web search API", (n.BASE,), None, None),
        ("Settlement on Base falls back to Solana if gas spikes; need an OCR API", (n.BASE,), None, None),
        (
            "Malware scanning for uploads. Requirement list: POST with a JSON body; responds within 2 seconds",
            (),
            None,
            "http",
        ),
    ],
)
def test_policies_fractions_and_money_spent_or_held(
    query: str, networks: tuple[str, ...], price: Decimal | None, query_type: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.type) == (networks, price, query_type)


# Batch 40 and its attack (2026-12-06): an exclusion of the listings a rail describes refuses the rail (a demotion,
# never the filter it used to become); a lack, a report, a question or a condition refuses nothing.
@pytest.mark.parametrize(
    ("query", "networks", "excluded"),
    [
        ("avoid anything that settles on ethereum", (), ("eip155:1",)),
        ("avoid anything that settles on ethereum or polygon", (), ("eip155:1", "eip155:137")),
        ("skip the tools paid on ethereum and polygon", (), ("eip155:1", "eip155:137")),
        ("avoid anything paid in usdc on base", (), (n.BASE,)),
        ("no apis paid on base please", (), (n.BASE,)),
        ("weather api, no apis paid on base", (), (n.BASE,)),
        ("don't want anything that settles on ethereum", (), ("eip155:1",)),
        ("steer clear of tools paid on ethereum", (), ("eip155:1",)),
        ("filter out anything paid on ethereum", (), ("eip155:1",)),
        ("none of the tools paid on ethereum", (), ("eip155:1",)),
        ("we have no tools that settle on stellar yet, find one", (n.STELLAR_PUBNET,), ()),
        ("are there no tools that settle on base? find one", (n.BASE,), ()),
        ("still no tools paid on base? try again", (n.BASE,), ()),
        ("I see no apis paid on base, search again", (n.BASE,), ()),
        ("if no tools settle on base, fall back to polygon", (n.BASE,), ()),
        ("Not all APIs paid on Base support batching; find one that does", (n.BASE,), ()),
        ("why not the tools paid on base", (n.BASE,), ()),
        ("please don't ignore endpoints paid on base", (n.BASE,), ()),
        ("don't the tools paid on base support webhooks?", (n.BASE,), ()),
        ("weather api that settles on base", (n.BASE,), ()),
        ("I can't skip tools paid on base", (n.BASE,), ()),
        ("you shouldn't exclude apis paid on base", (n.BASE,), ()),
    ],
)
def test_refused_listings_refuse_their_rail(query: str, networks: tuple[str, ...], excluded: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks) == (networks, tuple(sorted(excluded)))


# A refused rail's list is refused whole: these were read as a filter to the very chains the caller refused.
# A comma continues the list only when a conjunction closes it; a rail opening its own clause is wanted.
_SOLANA = ("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1")


@pytest.mark.parametrize(
    ("query", "networks", "excluded"),
    [
        ("avoid apis paid on ethereum, solana or base", (), ("eip155:1", n.BASE, *_SOLANA)),
        ("weather api not on ethereum or solana", (), ("eip155:1", *_SOLANA)),
        ("weather api, not on ethereum, solana, or base", (), ("eip155:1", n.BASE, *_SOLANA)),
        ("weather api that isn't paid on ethereum or solana", (), ("eip155:1", *_SOLANA)),
        ("weather api not on ethereum mainnet or base sepolia", (), ("eip155:1", "eip155:84532")),
        ("weather api not on base, and polygon is fine", ("eip155:137",), (n.BASE,)),
        ("weather api not on base or polygon, solana works", (_SOLANA[0],), (n.BASE, "eip155:137")),
        ("don't pay on ethereum or solana, base is fine", (n.BASE,), ("eip155:1", *_SOLANA)),
        ("weather api not on ethereum, solana", (_SOLANA[0],), ("eip155:1",)),
    ],
)
def test_a_refused_rail_list_is_refused_whole(query: str, networks: tuple[str, ...], excluded: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks) == (networks, tuple(sorted(excluded)))


# Batch 41 (2026-12-06): a chain said to be acceptable names a rail ("no polygon, base is fine"), but not all
# chains except it, not beside a preferred one, and not a task's chain list going on.
@pytest.mark.parametrize(
    ("query", "networks", "excluded"),
    [
        ("no polygon, base is fine - need a geocoding api", (n.BASE,), ("eip155:137",)),
        ("geocoding api, base is fine", (n.BASE,), ()),
        ("not on polygon, base is fine", (n.BASE,), ("eip155:137",)),
        ("the knowledge base is fine", (), ()),
        ("our code base is fine, we need a linter", (), ()),
        ("is base fine?", (), ()),
        ("any chain but polygon is fine for payment; need a vin decoder", (), ()),
        ("Preferably Base, but Solana is fine. I need a crypto news summary", (), ()),
        ("We pay on base. Need an NFT metadata API for polygon, ethereum is also fine", (n.BASE,), ()),
        ("tts under 1c stellar", (n.STELLAR_PUBNET,), ()),
        # opinions, reports, questions and other chains are no acceptance (a helper's attack, 2026-12-06)
        ("ethereum is fine for storage but I need an ocr api", (), ()),
        ("base is good for low fees, find a fee estimator", (), ()),
        ("base was fine last week", (), ()),
        ("base is fine? or should I use solana", (), ()),
        ("for testing, base is fine, in prod only solana", (), ()),
        ("Ethereum está bien caro, busco API de gas", (), ()),
        ("Polygon est parfait pour les NFT, API de métadonnées NFT", (), ()),
        ("va bene sei euro al mese per un'API meteo", (), ()),
        ("API pagato su base mensile", (), ()),
        ("historia płatności na Solanie, API", (), ()),
        ("płatne w basenie, API rezerwacji basenu", (), ()),
        ("fatture pagate su Solana: API di contabilità", (), ()),
        ("base is fine, solana is not", (n.BASE,), _SOLANA),
        ("ocr under 1c base", (n.BASE,), ()),
        ("tokens under 1c base", (), ()),
    ],
)
def test_an_accepted_chain_is_a_rail(query: str, networks: tuple[str, ...], excluded: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks) == (networks, excluded)


# Refusals in other languages are refusals, never the interface or rail they name ("kein MCP" was type=mcp).
@pytest.mark.parametrize(
    ("query", "networks", "query_type", "excluded_networks", "excluded_type"),
    [
        # a participle is not read: as often the data ("Rechnungen, bezahlt mit USDC auf Solana, exportieren")
        ("Wetter-API, bezahlt auf Stellar, kein MCP", (), None, (), "mcp"),
        # a singular Romance participle agrees with the service (a user probe: these were topics, a boost only)
        ("pronóstico del tiempo pagado en solana", (_SOLANA[0],), None, (), None),
        ("previsioni meteo, API pagata su Solana, senza MCP", (_SOLANA[0],), None, (), "mcp"),
        ("analizar transacciones pagadas en Base", (), None, (), None),
        ("Wetter-API, zahlbar auf Stellar, kein MCP", (n.STELLAR_PUBNET,), None, (), "mcp"),
        ("nicht zahlbar auf Ethereum, OCR-API", (), None, ("eip155:1",), None),
        ("API OCR nie płatne na Ethereum", (), None, ("eip155:1",), None),
        ("API meteo, nessun MCP", (), None, (), "mcp"),
        ("API de météo, sans MCP", (), None, (), "mcp"),
        ("API per il riassunto di testi, non su Ethereum, va bene Base", (n.BASE,), None, ("eip155:1",), None),
        ("API do OCR płatne w USDC na Solanie", (_SOLANA[0],), None, (), None),
        ("API pour la TVA, payable en USDC sur Stellar", (n.STELLAR_PUBNET,), None, (), None),
        ("Übersetzungs-API, Solana ist ok", (_SOLANA[0],), None, (), None),
    ],
)
def test_refusals_and_rails_in_other_languages(
    query: str,
    networks: tuple[str, ...],
    query_type: str | None,
    excluded_networks: tuple[str, ...],
    excluded_type: str | None,
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.type, iq.excluded_networks, iq.excluded_type) == (
        networks,
        query_type,
        excluded_networks,
        excluded_type,
    )


@pytest.mark.parametrize(
    ("query", "price"),
    [
        ("API de traduction à moins d'un centime par appel", Decimal("0.01")),
        ("prix à moins d'un centime près, API de conversion de devises", None),  # accurate to the cent
        ("arrondir à moins d'un centime d'erreur, API de calcul", None),
    ],
)
def test_french_caps_under_one_cent(query: str, price: Decimal | None) -> None:
    assert interpret(query).max_usd_price == price


# Older misreads a helper's attack found (2026-12-06): a refusal or a chain that is the subject read as the filter.
@pytest.mark.parametrize(
    ("query", "networks", "excluded"),
    [
        ("API OCR que no se pague en Ethereum", (), ("eip155:1",)),
        ("API OCR ne doit pas être payée sur Ethereum", (), ("eip155:1",)),
        ("compare fees on ethereum or solana", (), ()),
        ("solana works best for NFTs — find an NFT minting api", (), ()),
        ("stellar is allowed to mint? compliance api", (), ()),
        ("Solana ist okay für NFTs, ich suche eine NFT-API", (), ()),
        ("skip ethereum; solana works. sentiment scoring for tweets", (_SOLANA[0],), ("eip155:1",)),
        ("weather api, solana is out", (), _SOLANA),
        ("avoid apis paid on ethereum or solana's devnet", (), ("eip155:1", _SOLANA[1])),
        ("not on base, solana or ethereum analytics please", (), (n.BASE, *_SOLANA)),
        ("solana ocr api", (_SOLANA[0],), ()),
    ],
)
def test_refusals_and_subject_chains_are_no_filter(
    query: str, networks: tuple[str, ...], excluded: tuple[str, ...]
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks) == (networks, tuple(sorted(excluded)))


# Batch 41's long tasks: a webhook the task calls, what the task's sites answer and what others send are its data.
@pytest.mark.parametrize(
    "query",
    [
        "Compare gas prices across chains and post the cheapest to our Slack via an HTTP POST webhook. Find a gas API.",
        "A couple of them only answer HEAD requests correctly, GET returns the full page. Find an API that does a "
        "header scan.",
        "They send USDC and EURC over Stellar to the Philippines; find a ledger API I can query by transaction hash.",
    ],
)
def test_a_tasks_own_calls_and_others_payments_are_no_constraint(query: str) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.type, iq.method) == ((), None, None)


# Batch 42 (real-traffic style): the caller's concern is no task subject; readers charged, an asset's whereabouts and
# a request the task's script makes are data; a German payment noun with its asset; a Turkish cap.
@pytest.mark.parametrize(
    ("query", "networks", "price", "method"),
    [
        ("don't care about the chain as long as it's under $0.02 a call. need a domain WHOIS lookup", (), "0.02", None),
        ("x402 paywall for my blog posts, charge readers $0.05 per article", (), None, None),
        ("Show me the total circulating supply of USDC and how much of it currently sits on Solana.", (), None, None),
        ("Write a Python script that polls GET /v1/prices every minute and alerts me on a drop.", (), None, None),
        ("Suche eine API zur Adressvalidierung, Bezahlung in EURC über Base.", (n.BASE,), None, None),
        ("Fatura okuma (OCR) servisi arıyorum, istek başına en fazla 0,02 dolar ödeyebilirim.", (), "0.02", None),
        ("an article about how x402 payments on base work", (), None, None),
    ],
)
def test_real_traffic_shapes(query: str, networks: tuple[str, ...], price: str | None, method: str | None) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price, iq.method) == (networks, None if price is None else Decimal(price), method)


# A review of the day's rules: a refusal after a rail asked for with its own "on" refuses only its own chain.
@pytest.mark.parametrize(
    "query",
    [
        "weather api on base, solana is not",
        "weather api on base, solana is out",
        "weather api on base, solana isn't",
        "weather api on base. solana is out.",
        "base is fine, solana is not",
        "base is fine, solana is out - need a geocoder",
    ],
)
def test_a_refusal_after_a_wanted_rail_refuses_only_its_own(query: str) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks) == ((n.BASE,), _SOLANA)


def test_a_bulleted_line_is_a_clause_of_its_own() -> None:
    # batch 9 dev (c739): "Base mainnet" at the end of one bullet and "price ceiling" opening the next read as "the
    # price of base mainnet", the chain as the topic.
    query = "Need trending tokens. Requirements:\n* settlement: Base mainnet\n* price ceiling: 0.25¢ per call"
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price) == ((n.BASE,), Decimal("0.0025"))
    assert interpret("weather:\n1. settle on solana\n2. max 1 cent").networks == (n.SOLANA,)
    # A line broken mid-sentence, with no bullet, still reads as one clause.
    assert interpret("weather api paid\non base").networks == (n.BASE,)


@pytest.mark.parametrize(
    ("query", "price"),
    [
        # a price told as a fact is the task's content (the blind understanding set: "a price per call" was its most
        # frequent wrong cap, many of them such statements)
        ("The last background-removal API cost 8 cents per image, which blew our budget.", None),
        ("Thought: the API I just used bills $0.004 per call; log that cost to the team sheet.", None),
        ("Draft an email: the old plan cost $0.002 per request, so nobody panics.", None),
        ("the OCR API we tried was 5 cents a page, find something for receipts", None),
        # ... a wish keeps its cap: a bound, a modal, a relative clause about what is sought, or the call as subject
        ("the OCR API must cost $0.004 per call", "0.004"),
        ("an OCR API that costs $0.002 per call", "0.002"),
        ("ocr, each call costs 0.1 cents", "0.001"),
        ("receipt OCR that costs under 1 cent per call", "0.01"),
    ],
)
def test_a_price_stated_as_a_fact_is_no_cap(query: str, price: str | None) -> None:
    assert interpret(query).max_usd_price == (None if price is None else Decimal(price))


@pytest.mark.parametrize(
    ("query", "excluded", "topical"),
    [
        # a user probe of the demo: each was a filter to (or a boost toward) the very rail the caller cannot pay on
        ("weather api; we don't have any USDC on Base", (n.BASE,), "weather api"),
        ("weather api, we have no funds on base", (n.BASE,), "weather api"),
        ("weather api, our wallet isn't on base", (n.BASE,), "weather api"),
        ("hotel search. We have no Solana wallet.", _SOLANA[:1], "hotel search.."),
        ("we don't have any xlm on stellar, need a geocoder", (n.STELLAR_PUBNET, n.STELLAR_TESTNET), "geocoder"),
    ],
)
def test_a_rail_the_caller_has_no_money_on_is_refused(query: str, excluded: tuple[str, ...], topical: str) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks, iq.soft_networks, iq.topical_text) == ((), excluded, (), topical)
    assert [c.applied_as for c in iq.constraints if c.kind == "network"] == ["demote"]


def test_missing_funds_refuse_only_money() -> None:
    # what the caller lacks is a tool there, which it asks for; someone else's missing funds are the task's data
    assert interpret("we have no tools that settle on stellar yet, find one").networks == (n.STELLAR_PUBNET,)
    assert interpret("find users who don't have USDC on Base").excluded_networks == ()
    # a refused rail after one asked for leaves the first asked for
    iq = interpret("weather api paid on base, we have no solana wallet")
    assert (iq.networks, iq.excluded_networks) == ((n.BASE,), _SOLANA[:1])


@pytest.mark.parametrize(
    ("query", "cap"),
    [
        # a user probe: "1000 lookups for under $1" capped a call at $1, 30-40x the budget
        ("hotel availability search, 1000 lookups for under $1", "0.001"),
        ("geocoding: 500 calls for $1 max", "0.002"),
        ("sentiment api, 1k requests for under 50 cents", "0.0005"),
        ("hotel availability search, under $1 per 1000 lookups", "0.001"),  # the other order, as before
        ("book 2 tickets for under $100", None),  # no batch of calls: the tickets' price
    ],
)
def test_a_batch_said_before_its_price_caps_each_call(query: str, cap: str | None) -> None:
    assert interpret(query).max_usd_price == (None if cap is None else Decimal(cap))


@pytest.mark.parametrize(
    "query",
    [
        "weather api between 0.001 and 0.002 usd per call",
        "weather api between $0.001 and $0.002 per call",
    ],
)
def test_a_price_range_caps_at_its_upper_end_and_says_its_floor_is_unapplied(query: str) -> None:
    # the lower end was searched for as the words "between 0" or, written with "$", read as the cap itself
    iq = interpret(query)
    assert (iq.max_usd_price, iq.unapplied) == (Decimal("0.002"), ("minPrice",))
    assert not {"between", "0", "001"} & set(iq.topical_terms)
    assert [c.applied_as for c in iq.constraints if c.kind == "price"] == ["unapplied", "filter"]


@pytest.mark.parametrize(
    ("query", "cap"),
    [
        # a price that moved or is paid now is no range asked for (an attack on the range rule)
        ("price increased from $0.001 to $0.002 per call, find alternatives", "0.001"),
        ("reduce cost from $0.01 to $0.005 per call", "0.005"),
        ("I'm paying between $0.01 and $0.02 per call now, want cheaper", "0.01"),
    ],
)
def test_a_price_change_is_no_range(query: str, cap: str) -> None:
    iq = interpret(query)
    assert (iq.max_usd_price, iq.unapplied) == (Decimal(cap), ())


# An attack on the day's rules (a helper, 2026-12-06): each was read wrong by a first version of them.
@pytest.mark.parametrize(
    ("query", "networks", "excluded"),
    [
        ("we don't have any other funds besides USDC on Base", (n.BASE,), ()),
        ("we don't have much USDC on Base so keep calls under $0.01", (), ()),
        ("I don't mind paying with USDC on Base", (n.BASE,), ()),
        ("we don't have ETH on Base for gas, only USDC", (), ()),
        ("do we not have USDC on Base?", (), ()),
        ("our wallet isn't empty on base", (), ()),
        # ... and lacks it missed, two of them read as a filter to that very rail
        ("we have zero USDC on Base", (), (n.BASE,)),
        ("none of our funds are on Base", (), (n.BASE,)),
        ("we ran out of funds on base", (), (n.BASE,)),
        ("we're out of USDC on Base", (), (n.BASE,)),
        ("hotel search; we don't hold any SOL or USDC on Solana", (), _SOLANA),  # a list of the money lacked
        ("our funds are on base", (n.BASE,), ()),
        # a rail refused after the one asked for, said in English or Spanish
        ("weather api, paid on solana, not on base", (_SOLANA[0],), (n.BASE,)),
        ("API de clima, pagado en Solana, no en Base", (_SOLANA[0],), (n.BASE,)),
        # a participle after an auxiliary or refused
        ("API meteo non pagata su Ethereum", (), ("eip155:1",)),
        ("necesito saber si el pedido fue pagado en Solana", (), ()),
        ("calcular el total pagado en Base por nuestros usuarios", (), ()),
        # a stablecoin tagged with its chain after the service asked for; not a stablecoin that is the topic
        ("weather api usdc base", (n.BASE,), ()),
        ("ocr, usdc solana, under 1c", (_SOLANA[0],), ()),
        ("price of usdc base", (), ()),
    ],
)
def test_the_days_rules_under_attack_networks(query: str, networks: tuple[str, ...], excluded: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks) == (networks, excluded)


@pytest.mark.parametrize(
    "query",
    [
        "our users don't have any USDC on Base, so we need a fiat onramp API",
        # a probe (2026-12-07): the users' lack was read as "usdc on base", a filter to the one rail they lack
        "weather api, our users don't have any USDC on Base",
        "customers have no funds on solana; find a fiat onramp",
    ],
)
def test_someone_elses_missing_funds_ask_for_nothing_and_refuse_nothing(query: str) -> None:
    # the users' lack is the task's data, not the caller's: neither a filter to that rail nor a refusal of it
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks) == ((), ())
    assert [c.applied_as for c in iq.constraints if c.kind == "network"] in ([], ["unapplied"], ["topic"])


@pytest.mark.parametrize(
    ("query", "excluded"),
    [
        # a probe (2026-12-07): "our agent has no funds on solana" read as the caller's funds being there, a filter
        ("our agent has no funds on solana; find an ocr api", _SOLANA[:1]),
        ("my bot doesn't have any USDC on base, need weather", (n.BASE,)),
    ],
)
def test_the_callers_own_agent_lacking_money_refuses_the_rail(query: str, excluded: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.excluded_networks) == ((), excluded)


@pytest.mark.parametrize(
    ("query", "cap"),
    [
        ("Twilio bills us $0.0079 per SMS; need a carrier lookup", None),
        ("the API we used cost about 8 cents per image", None),
        ("I want a weather api that only costs $0.001 per call", "0.001"),
        ("weather api - costs $0.001 per call", "0.001"),
        ("a search api where each query costs $0.001", "0.001"),
        ("the max price was $0.01, find a geocoder", "0.01"),
        ("our old budget was 5 cents a call, find a resume parser", None),
        ("the API we used cost 8 cents per image, find something cheaper", "0.08"),
        ("run 100 checks at $0.005", "0.005"),
        ("50 requests at $0.01", "0.01"),
        ("5 apis for under $10 a month", None),
        ("100 searches for $1, web search api", "0.01"),
    ],
)
def test_the_days_rules_under_attack_prices(query: str, cap: str | None) -> None:
    assert interpret(query).max_usd_price == (None if cap is None else Decimal(cap))


@pytest.mark.parametrize(
    ("query", "query_type", "unapplied"),
    [
        ("an MCP server or a GET/POST endpoint for weather", None, ("type:conflict", "method:conflict")),
        ("GET or POST weather endpoint", "http", ("method:conflict",)),
        ("GET/POST weather api under $0.01", "http", ("method:conflict",)),
    ],
)
def test_the_days_rules_under_attack_types(query: str, query_type: str | None, unapplied: tuple[str, ...]) -> None:
    iq = interpret(query)
    assert (iq.type, iq.unapplied) == (query_type, unapplied)


@pytest.mark.parametrize(
    ("query", "query_type", "excluded_type"),
    [
        # a second user probe (long task requests): each was a hard MCP filter or an MCP boost
        ("find hotel availability in Porto for 3 nights. It speaks both HTTP and MCP, either is fine.", None, None),
        ("IP geolocation for each address; nothing that needs an MCP client.", None, "mcp"),
        ("We need to remove the background from product photos. Our client does not support MCP yet.", None, "mcp"),
        ("weather mcp server, either is fine", "mcp", None),  # nothing else named: the MCP server is asked for
    ],
)
def test_interfaces_accepted_either_way_or_refused(query: str, query_type: str | None, excluded_type: str | None):
    iq = interpret(query)
    assert (iq.type, iq.excluded_type) == (query_type, excluded_type)


def test_either_of_two_rails_still_filters_on_both() -> None:
    assert interpret("weather api on base or solana, either works").networks == (n.BASE, _SOLANA[0])


def test_dont_bother_with_refuses_what_follows() -> None:
    assert interpret("sms sending api. Don't bother with email tools.").negated_terms == ("email",)
    assert "distanc" in interpret("geocoding; routing is solved, so don't bother with distance tools").negated_terms


@pytest.mark.parametrize("query", ["weather api paid on base under 1 cent, mcp or http", "weather HTTP/MCP"])
def test_a_bare_http_beside_mcp_names_both_interfaces(query: str) -> None:
    # a bare "http" is no interface phrase of its own, so "mcp or http" read as a hard MCP filter
    iq = interpret(query)
    assert (iq.type, iq.unapplied) == (None, ("type:conflict",))


# A demanding-user probe of the demo (2026-12-07): each was a hard filter that hid every relevant listing.
@pytest.mark.parametrize(
    "query",
    [
        "AAPL PUT options chain",
        "OPTIONS chain for AAPL",
        "run a SQL DELETE statement against my CSV data",
        "apply a PATCH to a python script and run it",
        "Our webhook handler uses PUT requests. I need to check if an email address is deliverable.",
        "Send an SMS and GET the delivery receipt",
        "HEAD to head football stats",
    ],
)
def test_a_method_word_in_another_sense_filters_nothing(query: str) -> None:
    iq = interpret(query)
    assert (iq.method, iq.type) == (None, None)
    assert [c.applied_as for c in iq.constraints if c.kind == "method"] == ["topic"]


@pytest.mark.parametrize(
    ("query", "method"),
    [
        ("weather api GET", "GET"),
        ("an endpoint I can POST a pdf to", "POST"),
        ("Need an endpoint that accepts PUT to store a key-value pair", "PUT"),
        ("resume scoring endpoint you POST a PDF to", "POST"),
        ("Our agent can only issue GET requests. Find a horoscope service.", "GET"),
        ("check whether HEAD and OPTIONS requests leak the Allow header; need an HTTP API via GET", "GET"),
        ("a currency endpoint callable with GET from the URL alone", "GET"),
    ],
)
def test_a_method_asked_for_still_filters(query: str, method: str) -> None:
    assert interpret(query).method == method


@pytest.mark.parametrize(
    "query",
    [
        "find call options with a premium under 2 cents",
        "call options under 2 cents",
        "machine translate a contract document; human translators charge 10 cents per word",
    ],
)
def test_a_price_that_is_not_the_calls_caps_nothing(query: str) -> None:
    assert interpret(query).max_usd_price is None


def test_a_call_still_names_the_price() -> None:
    assert interpret("api call under 2 cents for weather").max_usd_price == Decimal("0.02")


@pytest.mark.parametrize(
    "query",
    [
        "search stellar developer docs about soroban contracts",
        "solana documentation search",
        "Our service is paid on Solana. We want to call a translation API.",
        "we get paid on base; need a weather api",
    ],
)
def test_a_chain_as_the_docs_subject_or_the_askers_own_income_filters_nothing(query: str) -> None:
    assert interpret(query).networks == ()


@pytest.mark.parametrize(
    ("query", "refused"),
    [
        ("speech to text, not text to speech", ("text", "speech")),
        ("transcription api, we don't need text-to-speech", ("text", "speech")),
        ("pdf converter, not pdf to word", ("pdf", "word")),
    ],
)
def test_a_refused_conversion_is_read_whole_not_word_by_word(query: str, refused: tuple[str, str]) -> None:
    iq = interpret(query)
    assert [(c.source, c.target) for c in iq.refused_conversions] == [refused]
    assert iq.negated_terms == ()
    assert [c.applied_as for c in iq.constraints if c.kind == "negation"] == ["demote"]


@pytest.mark.parametrize(
    "query", ["fx rates, but I can't pay in EURC", "fx rates, not payable in EURC", "weather api, no USDC please"]
)
def test_a_refused_asset_is_demoted_not_dropped(query: str) -> None:
    iq = interpret(query)
    assert iq.excluded_assets and not iq.assets
    assert [c.applied_as for c in iq.constraints if c.kind == "asset"] == ["demote"]


@pytest.mark.parametrize(
    ("query", "cap"),
    [
        # a probe (2026-12-07): "send" read as sending money, so the cap was "an amount in a conversion"
        ("send sms under 1 cent", "0.01"),
        ("send an email under 2 cents", "0.02"),
        ("sending push notifications under 1 cent", "0.01"),
        ("send money api under $50", None),  # money sent: the amount moved
    ],
)
def test_a_message_sent_is_no_money_sent(query: str, cap: str | None) -> None:
    assert interpret(query).max_usd_price == (None if cap is None else Decimal(cap))


# A probe of long agent tasks (2026-12-07): each read the task's own money as the tool's rail or price, and hid the
# relevant listing (0 results for the first two).
@pytest.mark.parametrize(
    "query",
    [
        "We operate an MCP server that charges $0.001 per tool call, settled in USDC on Base. Since this morning "
        "several users report that our server's hostname doesn't resolve. Look up the DNS records for "
        "mcp.ourproduct.ai so I can see whether the A and CNAME records are still correct.",
        "Incident report, 2025-03-04. Our public API (x402-paywalled, $0.002 per request, settled on Base) started "
        "returning TLS handshake errors at 02:17 UTC. Please find a tool that shows the TLS certificate details for "
        "api.ourservice.io.",
        "Our accountant needs the number of business days between the invoice date 2025-01-06 and the payment date "
        "2025-02-21. The invoice was for 4,800 USDC paid on Solana, and the contract counts business days only.",
        "We accept USDC on Solana for our SaaS subscriptions. I need the current USDC price in USD to double-check "
        "it hasn't depegged.",
        "Our supplier in Amsterdam sent an invoice for 9,400 EURC, to be paid in EURC on Base by Friday. Before "
        "approving it, our controller wants the supplier's official company register entry.",
    ],
)
def test_the_tasks_own_money_is_no_rail_or_price_of_the_tool(query: str) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price) == ((), None)


@pytest.mark.parametrize(
    ("query", "networks", "cap"),
    [
        ("invoice api paid on base", (n.BASE,), None),  # a short query: the invoice is the tool's topic
        ("I need an invoice generator. It must be paid on Base, under 1 cent per call.", (n.BASE,), "0.01"),
        (
            "We run a small shop. Find an invoice API that settles on Solana and costs under $0.01 per call.",
            _SOLANA[:1],
            "0.01",
        ),
    ],
)
def test_a_rail_asked_for_beside_an_invoice_still_filters(
    query: str, networks: tuple[str, ...], cap: str | None
) -> None:
    iq = interpret(query)
    assert (iq.networks, iq.max_usd_price) == (networks, None if cap is None else Decimal(cap))


def test_a_clause_opening_with_a_refusal_refuses_the_rail_in_a_long_task() -> None:
    iq = interpret(
        "We generate about 600 invoices at the end of each month from an HTML template. I need an HTML to PDF "
        "renderer for our invoices. Not on Base please - our Base wallet is empty this month."
    )
    assert (iq.networks, iq.excluded_networks, iq.soft_networks) == ((), (n.BASE,), ())
    # a past fact is no refusal
    told = interpret("We migrated last year. The old service was not on Base. Find a geocoder for German addresses.")
    assert told.excluded_networks == ()


@pytest.mark.parametrize(
    "query",
    [
        # a probe of long agent tasks (2026-12-07): 0 results, the earnings tool being MCP
        "Our trades are executed through our broker's REST API. Find a tool that lists upcoming earnings dates.",
        "Our REST API exposes PUT /profile. Find a tool to validate email addresses.",
    ],
)
def test_the_askers_or_a_third_partys_own_api_asks_for_no_interface(query: str) -> None:
    iq = interpret(query)
    assert (iq.type, iq.method) == (None, None)


@pytest.mark.parametrize(
    ("query", "kind"),
    [
        ("I need a crypto news summarizer that's an MCP tool and costs at most a cent per call.", "mcp"),
        ("my agent's MCP client needs a weather tool", "mcp"),
        ("find an api that accepts POST /v1/ocr", "http"),
    ],
)
def test_an_interface_still_asked_for_beside_an_apostrophe(query: str, kind: str) -> None:
    assert interpret(query).type == kind


def test_a_refused_chain_is_explained_once_as_a_demotion_not_also_as_a_topic() -> None:
    # A contract probe (2026-12-07): "no solana, stock quotes" said "excluded from the result" while a Solana listing
    # was still #7 (refusals demote), and listed "solana" as a topic of the same query too.
    notes = interpret("no solana, stock quotes").constraints
    assert [(c.kind, c.applied_as) for c in notes] == [("negation", "demote")]
    assert "demoted" in notes[0].why and "excluded" not in notes[0].why
    # a chain that is also the subject keeps its topic note beside the refused rail
    kinds = [(c.kind, c.applied_as) for c in interpret("solana token prices, nothing paid on solana").constraints]
    assert kinds == [("network", "topic"), ("network", "demote")]


@pytest.mark.parametrize(
    ("query", "cap"),
    [
        ("weather api under 5e-3 USDC", Decimal("0.005")),  # was read as "3 USDC", a cap 600 times the one asked for
        ("weather api price < 1e-4", Decimal("0.0001")),  # was read as "price < 1"
        ("weather api price <= 0.5e-2", Decimal("0.005")),
        ("weather api under 2E+1 cents", Decimal("0.20")),
        ("ocr api under 1e\u22123 usd per call", Decimal("0.001")),  # a Unicode minus: was a $3 cap
        ("ocr api under 1\u00d710\u207b\u00b3 USD per call", Decimal("0.001")),  # 1×10⁻³: was a $3 cap
        ("ocr api under 5\u00b710\u207b\u2074 $ per call", Decimal("0.0005")),  # 5·10⁻⁴: was a $4 cap
        ("ocr api under 1x10^-3 usd per call", Decimal("0.001")),
        ("ocr api cheaper than 10^-3 dollars per call", Decimal("0.001")),
        ("ocr api under 10\u207b\u00b3 usd per call", Decimal("0.001")),
        # an exponent no call price has is left as written, and so is read as no figure
        ("weather api under 5e-33 usdc", None),
        ("weather api under $1e308", None),
    ],
)
def test_a_figure_in_scientific_notation_is_read_as_the_figure_it_writes(query: str, cap: Decimal | None) -> None:
    # red team, 2026-12-07: the exponent or the mantissa alone became a hard price filter; then (thirty-second
    # session) a Unicode minus or a power of ten written "×10⁻³" still did, and "under 1e-3 USD" read no cap at all
    assert interpret(query).max_usd_price == cap


@pytest.mark.parametrize(
    ("text", "written"),
    [
        ("hash 0x1e5, id a3e-4f, route /v1e2", "hash 0x1e5, id a3e-4f, route /v1e2"),  # glued to a word: no figure
        ("uuid 550e8400-e29b-41d4", "uuid 550e8400-e29b-41d4"),
        ("need 2 x 10^3 requests a day", "need 2000 requests a day"),
        ("1.5E+2 calls", "150 calls"),
    ],
)
def test_scientific_notation_is_written_out_only_where_it_is_a_figure(text: str, written: str) -> None:
    assert normalize_query(text) == written.lower()


# Red team, 2026-12-07 (thirty-second session): a request's own text read as its constraints, and constraints stated
# plainly read as nothing.
@pytest.mark.parametrize(
    ("query", "networks"),
    [
        # the text a task works on is its data: what a message says, what follows a text task's colon
        ("send an SMS saying the invoice is paid on solana", ()),
        ("send an email that says the order was paid on Base", ()),
        ("translate this Spanish text: pago en solana", ()),
        ("detect the language of: pagamento su solana", ()),
        # ... and only that text
        ("a tool saying it settles on base", (n.BASE,)),
        ("translation API paid on solana: english to spanish", (n.SOLANA,)),
        ("send an SMS on base saying hello", (n.BASE,)),
        ("translate this: hello world. pay on base", (n.BASE,)),
        # the rail stated as a requirement reads as the field it is
        ("weather forecast, network must be solana", (n.SOLANA,)),
        ("OCR; settlement network must be Base", (n.BASE,)),
        ("our network must be fast; find a CDN API", ()),
        # payments that are what the task is about: x402 explained, a business's own payments
        ("documentation search for x402 payments on stellar", ()),
        ("developer docs for accepting x402 payments on Stellar", ()),
        ("tutorial: accepting USDC payments on Base with x402", (n.BASE,)),  # the colon parts them: read as a rail
        ("company register search for firms that accept payments on Base", ()),
        ("weather api that accepts payments on Base", (n.BASE,)),
        ("x402 payments on stellar for an ocr api", (n.STELLAR_PUBNET,)),
        # a verification pass the same day: the worked-on text ends at a comma, a document or a business reads as the
        # subject only where it is one, and a rail in the worked-on text is no field
        ("send an SMS saying hello, pay on solana", (n.SOLANA,)),
        ("translate this text: hola, I pay on base", (n.BASE,)),
        ("blog writing api, x402 payments on base", (n.BASE,)),
        ("translation api with a tutorial, paying via x402 on polygon", ("eip155:137",)),
        ("OCR from a company that accepts payments on base", (n.BASE,)),
        ("detect the language of: network must be solana", ()),
        ("log analyzer for errors that say chain must be base", ()),
    ],
)
def test_the_text_a_task_works_on_is_no_rail_and_a_stated_rail_is(query: str, networks: tuple[str, ...]) -> None:
    assert interpret(query).networks == networks


@pytest.mark.parametrize(
    ("query", "cap"),
    [
        ("OCR; max price 0.001", Decimal("0.001")),
        ("OCR; price limit 0.01", Decimal("0.01")),
        ("OCR max cost 0.005", Decimal("0.005")),
        ("weather api; price must be at most 0.001", Decimal("0.001")),
        ("translate a document; the price must be below 0.002 USD", Decimal("0.002")),
        ("weather under $0,01", Decimal("0.01")),  # a decimal comma after the currency sign
        ("weather under \u0660\u066b\u0660\u0661 usd", Decimal("0.01")),  # Arabic-Indic figures, read as "1" before
        # a bare figure in words caps a call only in cents; a night or a flight is no call
        ("limit order: price limit 0.92 for ADA", None),
        ("OCR; max price 5", None),
        ("book a hotel, max price 150 per night", None),
        ("The flight should be cheap. The price must be below 300 USD.", None),
        # a verification pass the same day: prices of the data, per token, in other currencies' notation
        ("stock screener where price must be below 0.005 (penny stocks)", None),
        ("historical data on price limit 0.1 rule changes", None),
        ("crypto token screener, max price 0.05", None),
        ("LLM api max price 0.002 per token", None),
        ("OCR under $0,003 per call", Decimal("0.003")),  # was a $3 cap
        ("OCR under USD 0,01 per call", Decimal("0.01")),
        ("OCR under 1 x 10-3 USD per call", Decimal("0.001")),  # was a $3 cap
    ],
)
def test_a_price_stated_in_words_is_read(query: str, cap: Decimal | None) -> None:
    assert interpret(query).max_usd_price == cap


@pytest.mark.parametrize(
    ("query", "method"),
    [
        # a method word naming something else with the noun after it, or the task's own verb (red team, 2026-12-07)
        ("Get the latest POST office locations near 94103", None),
        ("LinkedIn POST scheduler", None),
        ("Instagram POST caption generator", None),
        ("UK POST code lookup", None),
        ("PATCH notes for league of legends", None),
        ("PUT/CALL ratio for SPY", None),
        ("DELETE my personal data from data brokers", None),
        # the interface asked for
        ("weather POST endpoint", "POST"),
        ("POST api for sms", "POST"),
        ("POST /v1/translate", "POST"),
        ("DELETE endpoint for user records", "DELETE"),
        ("a GET route for weather", "GET"),
    ],
)
def test_a_method_word_naming_something_else_is_no_method(query: str, method: str | None) -> None:
    assert interpret(query).method == method
