"""Query understanding: the constraints an agent states in free text, and the topical rest.

``interpret("weather API that takes USDC on stellar")`` gives networks (stellar:pubnet), assets
(USDC) and topical terms (weather, api). Applied constraint words never also score as topical terms:
every listing's payment line says "USDC", so they would only add noise. A chain, currency, price or
protocol that is the *subject* of the task stays topical text, and ``constraints`` says, for every
constraint noticed, how it was applied ("filter" | "boost" | "demote" | "topic" | "unapplied") and why.

Rules (each has a test; a query over 20 words or of several sentences is a "task request"):

- A network is a hard filter only where it reads as the payment rail: a payment word before it
  ("paid on", "accepts", "settles on", "payments via", "takes usdc on", within a few words: "i can
  pay for with my wallet on solana"), a payment asset next to it ("base usdc"), a typed CAIP-2 id
  or slug, or, in a short query, "on/via/using X", "X mainnet|testnet|network" or a leading
  "stellar/solana ..." modifier. It is the topic (``soft_networks``, the word stays topical) when a
  chain noun or activity is next to it ("tokens launched on solana", "nft prices on the ethereum
  platform", "stellar account lookup", "price of eth on base"), after about/of/between/compare or
  "news on", when an asset is only held ("my wallet holds usdc on solana"), and in a task request
  without a payment word in the same sentence. Chain lists share a role ("ethereum, solana or
  stellar"). Names that are also ordinary words (base, polygon, avalanche, sei, iotex) count only
  in a network context; stellar/solana in their other senses ("stellar reviews", "stellar
  spectra", "Solana Beach", "stellar nursery") are not chains. A bare chain name means its mainnet;
  "testnet" alone means every known testnet, or the testnet the query names elsewhere ("we only have
  USDC on Solana devnet, so it has to accept devnet payments"); "which is a testnet" describes one;
  "mainnet" alone is reported unapplied. A query debugging a failed payment ("why did my x402 payment
  on Base fail with ...?") and seeking nothing describes that payment: no constraint is read from it.
- Assets are a boost: USDC, EURC, XLM where payment is said (pay/accepts/priced in, "prefer usdc",
  "my wallet only has xlm", "pay with lumens"), and in a short query anywhere they are not the
  subject (before a chain noun or a price move, after convert/track/of, a quote currency, a
  conversion). Unrated symbols (USDT, SOL, ...) count only in a payment context (``unknown_assets``).
- Price: "under/below/at most/<=/don't want to pay more than..." + an amount in a currency is a cap
  in USD when it prices a call: "per call/lookup/image/<unit of work>" or the call named just
  before ("each call must cost less than"), a price word ("priced", "costs"), a payment asset unit,
  a service noun right before ("news api at most $2"), or, in a short query, an amount up to $1. A
  conversion ("convert 5000 usd to eur"), a priced thing ("stock under $5", "tokens trading below 1
  cent"), a non-call unit ("$200 a night", "per hour") and, in a task request, anything but a
  per-call price stay topical. A priced thing is never the asset the caller pays in ("weather api
  paid in USDC under 1 cent"), and a service noun after it is what is priced ("token analysis under
  5 cents", "USDC balance checker under 1 cent"). A bare amount ("a $0.01 weather api") is a cap
  only in a short query, up to $0.10, when it does not describe the noun after it ("99 cents
  store"). Minimums are
  reported unapplied. "cheap/cheapest" set ``cheapest``, a boost, unless they describe a priced
  thing ("cheap flights").
- Type: "mcp" before tool/server/client/... or after via/as, "model context protocol server", and
  in a short query a bare trailing "mcp" ("github mcp"); "http|rest api" as the thing sought ->
  http. Topics: what the task is about or does to it ("news about mcp", "build an mcp server",
  "test my rest api", "scan mcp servers"), part of a longer name ("mcp server directory", "mcp
  certification", "Minecraft Coder Pack (MCP)"), and in a task request an interface nobody asks
  for. Method: GET/POST/... after "http" or via/using, before endpoint/route/method, before a
  "/path", or typed in capitals in a short query; never a verb of the task ("sends HEAD requests",
  "make a POST request", "difference between GET and POST").
- Negation demotes only what the user excludes from the result: "weather api not for europe",
  "image generator without watermark", "no ads", "other than X", "anything but X", "avoid/skip/leave
  out X", "I don't want X", "w/o ocr"; generic words of the excluded phrase ("anything that scrapes
  X") are not demoted. Negations inside the task content ("users who did not give a gift", "whether
  a domain is not registered", "without losing formatting") stay topical text. A negated
  constraint is never applied as its opposite: a refused rail or interface ("not on base", "not an MCP
  tool", "we cannot pay on solana", "not on testnet") demotes the listings paid only on it, or of that
  type (``excluded_networks``, ``excluded_type``); any other (a refused asset or method) is reported
  unapplied.
- "explain/about/regarding ..." opens a clause that is the topic: nothing in it is a constraint.
- Quoted words ("..." or '...') are topics, never constraints or negations.
- Payment filler ("that takes", "paid in", "per call") is removed only when attached to an applied
  constraint; "payment status api" keeps "payment".
- ``no_match`` is True only when nothing topical and no constraint remains. A query of constraints
  alone ("anything on stellar", "cheapest usdc") is a browse, not a no-match; so is one whose only other
  words mean any listing ("everything on base sepolia", "api paid on solana", "tools under 1 cent").
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, lru_cache
from typing import Literal, cast

from souk import assets as a
from souk import networks as n
from souk.listing.filters import plain_decimal
from souk.search import constraint_veto, direction, phrasebook
from souk.search.analysis import STOPWORDS, tokenize
from souk.search.constraint_notes import AppliedAs, ConstraintNote, NoteKind

# The search API answers 400 beyond this (discovery/search.py); long task descriptions fit.
MAX_QUERY_CHARS = 4000

QueryType = Literal["mcp", "http"]


class QueryTooLong(ValueError):
    """The normalized query is longer than MAX_QUERY_CHARS; the caller answers 400."""

    code = "query_too_long"


@dataclass(frozen=True, slots=True)
class InterpretedQuery:
    normalized: str
    networks: tuple[str, ...] = ()  # hard filter
    assets: tuple[str, ...] = ()  # boost
    # Named in a payment phrase ("pay with EURC", "priced in USDC"): a strong boost, not a filter. Judged
    # results show a relevant listing paid in another asset still beats an off-topic one in the named
    # asset; the `asset` parameter is the hard filter.
    payment_assets: tuple[str, ...] = ()
    unknown_assets: tuple[str, ...] = ()
    max_usd_price: Decimal | None = None  # hard filter
    max_usd_price_strict: bool = False  # "under 2 cents" excludes a listing priced at exactly 2 cents
    cheapest: bool = False  # boost
    type: QueryType | None = None  # hard filter
    method: str | None = None  # hard filter
    negated_terms: tuple[str, ...] = ()  # demotion
    # Refused rails and interfaces ("weather api, not on base", "translation, no mcp"): listings paid only on
    # these networks, or of this type, are demoted like a refused word. Never a filter: a negation read wrongly
    # then costs a listing places, not its presence.
    excluded_networks: tuple[str, ...] = ()
    excluded_type: QueryType | None = None
    excluded_assets: tuple[str, ...] = ()  # "I can't pay in EURC": listings payable only in these are demoted
    # "speech to text, not text to speech": a conversion refused; listings naming only it are demoted (its words
    # are no refused terms: the conversion asked for has the same ones)
    refused_conversions: tuple[direction.Conversion, ...] = ()
    topical_terms: tuple[str, ...] = ()
    topical_text: str = ""
    no_match: bool = False
    understood: tuple[str, ...] = ()
    unapplied: tuple[str, ...] = ()
    soft_networks: tuple[str, ...] = ()  # chains named as the topic: at most a small boost
    # Nothing but words for any listing ("anything", "all apis", "everything"): with a filter from outside the words
    # (a parameter, a refused rail) the query browses what passes, as "anything on base" does.
    generic_only: bool = False
    constraints: tuple[ConstraintNote, ...] = ()

    @property
    def browse(self) -> bool:
        """Constraints only: rank everything that passes them."""
        return not self.no_match and not self.topical_terms

    def to_dict(self) -> dict[str, object]:
        """JSON-ready, camelCase keys; the price is a decimal string so no float rounding sneaks in."""
        return {
            "normalized": self.normalized,
            "networks": list(self.networks),
            "softNetworks": list(self.soft_networks),
            "assets": list(self.assets),
            "paymentAssets": list(self.payment_assets),
            "unknownAssets": list(self.unknown_assets),
            "maxUsdPrice": None if self.max_usd_price is None else _money(self.max_usd_price),
            "maxUsdPriceStrict": self.max_usd_price_strict,
            "cheapest": self.cheapest,
            "type": self.type,
            "method": self.method,
            "negatedTerms": list(self.negated_terms),
            "excludedNetworks": list(self.excluded_networks),
            "excludedType": self.excluded_type,
            "topicalTerms": list(self.topical_terms),
            "topicalText": self.topical_text,
            "noMatch": self.no_match,
            "understood": list(self.understood),
            "unapplied": list(self.unapplied),
            "constraints": [note.to_dict() for note in self.constraints],
        }


def normalize_query(query: str) -> str:
    """NFKC, control characters to spaces, whitespace collapsed, lowercased."""
    return _collapse(query).lower()


# A cursor's next page reads its query again (the filters are re-derived, not trusted from the cursor), and a long
# query costs up to ~100 ms to read: 250 pages of limit=1 read it 250 times. The reading is a pure function of the
# text and immutable, so recent ones are kept.
def read_lines(query: str) -> list[str]:
    """The lines ``interpret`` reads: each NFKC-normalized and whitespace-collapsed, case kept, empty ones dropped.
    Two queries with the same lines are read alike (a cursor is bound to them, souk.discovery.search)."""
    return [line for line in (_collapse(raw) for raw in query.split("\n")) if line]


@lru_cache(maxsize=1024)
def interpret(query: str, second_reading: bool = True) -> InterpretedQuery:
    """Read the constraints out of ``query``; raises QueryTooLong past MAX_QUERY_CHARS. ``second_reading=False``
    gives the rules' reading alone (``souk.search.constraint_veto`` not consulted), for measuring what it changes."""
    # Line by line (the same text as collapsing the whole), so a pasted conversation's turns keep their lines.
    collapsed = read_lines(query)
    if len(" ".join(collapsed)) > MAX_QUERY_CHARS:
        # Counted after NFKC (one ligature such as U+FDFA is 18 characters), which is the text the rules scan, but
        # before numbers in scientific notation are written out ("1e12" is 4 characters of the query, not 13).
        length = len(" ".join(line for line in (_normal_form(raw) for raw in query.split("\n")) if line))
        if length > MAX_QUERY_CHARS:
            after = " after Unicode (NFKC) normalization" if length != len(" ".join(query.split())) else ""
            raise QueryTooLong(f"query is {length} characters{after}; the limit is {MAX_QUERY_CHARS}")
    return _scan(collapsed).result(second_reading)


@dataclass(frozen=True, slots=True)
class ConstraintReading:
    """A network, price, type or method phrase as the rules read it, before the second reading
    (``souk.search.constraint_veto``): a hard filter, or the topic."""

    kind: str  # network | price | type | method
    value: object  # the networks' ids, (usd, priced_in, bare) for a price, the type or the method
    filter: bool
    words: tuple[str, ...]
    first: int
    last: int
    sentences: int


def constraint_readings(query: str) -> list[ConstraintReading]:
    """The network, price, type and method phrases the rules read out of ``query`` (not refused ones), each with
    its place among the query's words: what ``souk.evaluation.constraint_veto_training`` learns from."""
    scan = _scan(read_lines(query))
    scan.read()
    return [
        scan.reading(claim)
        for claim in scan.claims
        if claim.kind in constraint_veto.KINDS and not claim.negated and claim.role in ("filter", "topic")
    ]


def _scan(collapsed: list[str]) -> _Scan:
    lines = [phrasebook.to_english(line) for line in collapsed]
    cased = " ".join(lines)
    normalized = cased.lower()
    line_starts = frozenset(itertools.accumulate((len(line) + 1 for line in lines[:-1]), initial=0))
    # Capitals ("POST") are only evidence when lowercasing kept every offset in place.
    return _Scan(normalized, cased if len(cased) == len(normalized) else None, line_starts)


# --- vocabulary --------------------------------------------------------------------------------


def _spells_mcp(words: list[str]) -> bool:
    """The words are an expansion of MCP other than the Model Context Protocol: "Minecraft Coder Pack",
    "microchannel plate" (m...p), not "(SSE)", "(remote, not stdio)", "weather tool"."""
    words = [w.strip("'\"-.,;") for w in words]
    words = [w for w in words if w]
    return (
        len(words) >= 2
        and words[0][:1].lower() == "m"
        and words[-1][:1].lower() == "p"
        and "context" not in (w.lower() for w in words)
    )


@cache
def _set(words: str) -> frozenset[str]:
    # Cached: rules build small word sets inline on the reading path, once per process rather than per call.
    return frozenset(words.split())


_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_BARRIER = frozenset(',;.!?()[]{}:"|—–`')
_BULLET = re.compile(r"\s*(?:[*•·‣▪-]|\d{1,2}[.)])\s")

_BARE_FAMILIES = frozenset({"stellar", "solana"})
_MAIN_QUAL = frozenset({"mainnet", "mainnets", "pubnet"})
_TEST_QUAL = frozenset({"testnet", "testnets", "devnet", "sepolia", "amoy", "fuji"})
# Said without a chain: "any testnet api". Not "sepolia" (Ethereum has one too) nor "public network".
# Before a chain name ("on testnet base"); "sepolia solana" is no chain, so only the generic words.
_BARE_TEST_LEADS = frozenset({"testnet", "devnet"})
_BARE_QUALS = {"testnet": "test", "testnets": "test", "devnet": "test", "mainnet": "main", "mainnets": "main"}
_BARE_PAIRS = {("test", "net"): "test", ("dev", "net"): "test", ("main", "net"): "main"}
_DESCRIBING_VERBS = _set("is it's its that's thats was being")  # "which is a testnet"
_NEUTRAL_QUAL = frozenset({"network", "chain", "blockchain", "l2"})
_TWO_WORD_QUAL = {
    ("main", "net"): "main",
    ("public", "network"): "main",
    ("public", "net"): "main",
    ("test", "net"): "test",
    ("test", "network"): "test",
    ("dev", "net"): "test",
}
# What a chain is the topic of ("stellar account lookup"), as opposed to the rail paying for a call.
_CHAIN_SUBJECTS = _set(
    """
    account accounts address addresses wallet wallets transaction transactions tx txs balance balances
    token tokens nft nfts ledger ledgers block blocks explorer rpc horizon soroban contract contracts
    validator validators price prices swap swaps dex defi analytics data faucet faucets asset assets
    holder holders supply transfer transfers event events indexer node nodes gas market markets chart
    charts history staking trade trades bridge domain domains program programs anchor anchors sdk fee fees etf etfs
    docs documentation developer developers ecosystem consensus whitepaper
    """
)
# After a name that is also an ordinary word: "base price", "base url", "polygon area", "base 64".
_NOT_NETWORK_AFTER = _CHAIN_SUBJECTS | _set(
    """
    pricing currency currencies url urls uri model models rate rates image images layer layers class
    classes case cases camp salary pay fee fees amount amounts unit units value values path paths
    directory template templates color colors colour map maps game games line number numbers station
    stations score plan tier version form forms word words shape shapes area areas vertex vertices
    percentage hits runners camp jumping peak lake creek canyon ridge gulch basin valley
    """
)
# Between "holding" and the chain: "wallets holding over 1M USDC on Ethereum"
_HELD_AMOUNT_WORDS = _set("over above more than at least under below about around some any")
_OTHERS_HOLDING = _set("wallets addresses accounts whales holders users people who that which")
_NOT_NETWORK_BEFORE = _set(
    "knowledge data code customer user fan home military air client install wheel power tax cost convex regular"
)
_NET_PREPS = frozenset({"on", "via", "using", "over", "through", "thru", "onto", "across"})
_PAY_VERBS = _set(
    """
    accepts accept accepting accepted takes take taking pay pays paying paid payable settles settle
    settled settling supports supporting supported charges charged bills
    """
)
_ASSET_CONTEXT = _NET_PREPS | _PAY_VERBS | {"in", "with", "denominated", "priced"}
_HARD_KINDS = frozenset({"network", "price", "type", "method"})
# "GET-only endpoint", "POST-based webhook": a method joined to one of these is still the method
_METHOD_COMPOUNDS = _set(
    "only based style request requests endpoint endpoints route routes method call calls friendly able capable"
)
# "POST office", "LinkedIn POST scheduler", "PATCH notes", "CORS OPTIONS preflight": a method word naming something else
# with the noun after it (red team, 2026-12-07)
_NAMED_WITH_METHOD = _set(
    "office offices scheduler schedulers caption captions archive archives code codes box boxes card cards mortem"
    " season notes tuesday preflight"
)
_WISH_FILLER = _set(
    "a an the on be paid priced costing via using through in is it to something one have would settle settles pay"
    " paying settling"
)
# After the constraint: "payment on Base is preferred", "base preferred", "on solana if possible".
_TRAILING_WISH_GAP = _set("is are would be payment payments settlement")
_MEANS_WORDS = _set("via with using through over pay paid paying")  # "pay via x402": the caller's means
_INSIST_WORDS = _set("only must pay paying payable pays")
# People who pay someone other than the asker, named in the plural ("when traders pay on Base")
_PAYING_PEOPLE = _set(
    "traders donors tenants patrons merchants borrowers contractors readers viewers visitors listeners students"
)
_OTHER_PAYERS = _PAYING_PEOPLE | _set(
    "customers customer users user shoppers shopper buyers buyer people clients client who players members fans guests"
)
_ID_WORDS = _set("id ids identifier identifiers")
_SURVEY_NOUNS = _set("dashboard dashboards directory directories leaderboard census survey")
_TRAFFIC_WORDS = _set(
    "recorded logged replay replays replayed replaying incoming outgoing failed mock mocked captured intercepted"
)
_TRAFFIC_NOUNS = _set("operation operations handler handlers traffic logs verbs preflight preflights")
_BALANCE_WORDS = _set("balance balances holdings")
_AGGREGATE_WORDS = _set(
    """
    dashboard dashboards directory directories average averages median stats statistics distribution chart charts
    charting uptime monitor monitoring analytics usage trends comparing compare comparison researching survey
    grouped
    """
)
_PAYERS = _set("i we my our agent")
# "Retry with one that settles on solana" after "the one I tried only takes payment on base"
_RETRY_WORDS = _set("retry retrying instead switch switching")
_FAILURE_WORDS = _set("fail fails failed failing rejected rejects declined error errors errored 402 invalid")
_DEBUG_WORDS = _set("debug debugging troubleshoot troubleshooting")
_PICKED_WORDS = _set("suggested recommended proposed picked gave found")  # "the endpoint you suggested"
_FAILED_WORDS = _set("tried failed fails failing returned rejected errored stub didn't didnt wouldn't wouldnt")
# "an explainer on x402", "a blog post about HTTP 402": writing whose content is x402 itself
_WRITING_NOUNS = _set(
    "explainer article tutorial guide post blog docs documentation talk course lesson workshop slides newsletter"
)
_SCOPE_WORDS = _set("volume volumes activity share compare comparison across")
_SET_PAY_WORDS = _set("pay pays paying payable accept accepts settle settles")
_WRITING_PREPS = _set("on about explaining describing covering")
_ASKING_WORDS = _set("find need needs looking recommend suggest want must")
_ASKING_VERBS = _set("use get give pick choose")
_ASKED_OBJECTS = _set("a an me one some")
_PREFERENCE_WORDS = _set("ideally preferably preferred prefer prefers ideal optimally nice")  # "nice to have: ..."
_ANY_CHAIN = re.compile(
    r"\bbut\s+any\s+(?:other\s+)?(?:chain|network|rail|blockchain)s?\s+(?:is|are|works?|will|would)\b"
)
_ANY_INTERFACE = re.compile(
    r"\bbut\s+any\s+(?:other\s+)?(?:interface|protocol|transport|kind\s+of\s+(?:api|interface|endpoint))s?\s+"
    r"(?:is|are|works?|will|would)\b"
)
# What follows a waiver's verb: "... is fine (for me|with us|too)", "... works", "... will do".
_WAIVER_TAIL = re.compile(r"(?:\s+(?:fine|ok(?:ay)?|good|do|acceptable|too|also))*(?:\s+(?:for|with|by)\s+(?:me|us))?")
_NOT_REQUIRED = re.compile(
    r"\bbut\s+(?:it'?s\s+|it\s+is\s+|that'?s\s+|that\s+is\s+|is\s+)?(?:not|isn'?t)\s+(?:a\s+)?"
    r"(?:dealbreaker|deal-breaker|required|essential|mandatory|must|necessary|strict)\b"
)
_PAY_WITH_VERBS = _set("pay pays paying payable settle settles settling")  # not "paid with": often the data's
_LEFT_FILLER = (
    _NET_PREPS
    | _PAY_VERBS
    | _set(
        """
        that which who uses use with in payment payments priced denominated and or is are only for
        costs cost costing also both either the
        """
    )
)
_PRICE_LEFT_FILLER = _LEFT_FILLER | {"price", "prices", "pricing", "fee", "fees", "at", "budget"}
_RIGHT_FILLER = _set("payment payments pay paid only network networks chain settlement settlements accepted supported")

_KNOWN_SYMBOLS = {symbol.lower(): symbol for symbol in a.USD_RATES}
_UNRATED_SYMBOLS = {
    s.lower(): s for s in ("USDT", "DAI", "PYUSD", "ETH", "SOL", "BTC", "AVAX", "MATIC", "BNB", "DOGE", "XRP")
}
# A chain's own coin, paid in, names the chain (not "eth": Base's gas is ETH too).
_NATIVE_TICKERS = {"sol": "solana"}
_REQUIRED_WORDS = _set("required mandatory needed only")

_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options"})
_METHOD_PREPS = frozenset({"via", "using", "over", "by"})
_METHOD_NOUNS = _set("endpoint endpoints request requests method route routes verb")
# "AAPL PUT options", "PUT/CALL spreads": a put option
_OPTION_WORDS = _set("option options call calls spread spreads contract contracts strike strikes premium premiums")
# "a SQL DELETE statement", "DELETE FROM users", "UPDATE queries": SQL, not HTTP
_SQL_AFTER_METHOD = _set("statement statements clause clauses trigger triggers cascade")
_RECEIVING_NOUNS = _set("service services server servers tool tools")
_CALLERS_SENDING = _set("i we you i'll we'll you'll can could will would to")
# "our webhook handler uses PUT requests": what the caller's own system does
_OWN_SYSTEM_SENDS = _set("uses use sends send makes make issues issue fires fire")
_CONTRACTED_IS = _set("that it what there here who where he she let how this")  # "that's", "it's": no owner
_SERVING_VERBS = _set("exposes expose serves serve offers has provides handles accepts")
# Verbs that work on endpoints or requests as their data (a linter, a logger, a mock server), and the words that may
# stand between such a verb and "GET endpoints" ("logs every GET request", "counts the most popular GET endpoints").
_ENDPOINT_HANDLERS = _set(
    """
    log logs logging flag flags flagging lint lints linting simulate simulates simulating mock mocks count counts
    counting inspect inspects inspecting audit audits auditing record records recording capture captures capturing
    intercept intercepts intercepting
    """
)
_SINKS = _set("webhook webhooks slack discord channel callback inbox bucket database sheet spreadsheet crm")
_SENT_OBJECTS = _set("the it them this that these those results result data output payload report summary")
_HANDLED_FILLER = _set("every all the our my their its most popular incoming outgoing any each failed slow many of")
_OTHERS_FILLER = _HANDLED_FILLER - _set("our my")  # up to "our": "our most popular GET endpoints"
_PATH_AFTER = re.compile(r"\s*/")
_PAYLOAD_AFTER = re.compile(r"\s*[{\[]")
_TYPE_NOUNS = frozenset({"api", "apis", "endpoint", "endpoints", "service", "services", "route", "routes", "interface"})
_MCP_NOUNS = _set(
    """
    tool tools server servers srv endpoint endpoints service api client clients host compatible enabled native
    based ready
    """
)

_HTTP_NOUNS = _TYPE_NOUNS | _set("call calls")  # "as a REST call"
_FORMAT_WORDS = _set("json xml web")
_MCP_MODIFIERS = _set("mcp compatible enabled native based ready")  # "mcp-based calendar tool"
_SUPPORTS = _set("supports support handles accepts")
_PAYING_SIDES = _set("wallet wallets signer signers")
_X402_WORDS = _set("x402 payment paying")
_PRODUCT_WORDS = _set("sell sells selling launch launching")
_MCP_HEADS = _set("tool tools server servers")
_OUTBOUND_STEMS = ("deliver", "forward", "push", "send", "sent", "replay", "mail", "callback", "webhook", "notif")
_OPENING_NOT_A_REQUEST = _set("you your the a an of for in from to on about with by its their this that these those")
# "an mcp traffic inspection tool": tooling about MCP itself, not a tool reached over it
_MCP_TOOLING = _set(
    """
    usage analytics inspection inspector traffic config configuration generator permission permissions audit schema
    diff latency benchmark benchmarking conversion converter registry directory debugger debugging testing test
    monitoring monitor security scanner scanning gateway proxy hosting deployment discovery migration auth oauth
    client exam prep practice certification study training
    """
)
_SENDING_VERBS = _set("issues")  # a verb or a noun ("github issues mcp server"); not "makes", "executes"
# "mcp tool paid on base": a payment word ends the interface phrase, it does not extend a name.
_PAYMENT_TAILS = frozenset({"paid", "priced", "payable", "billed", "costing", "that", "which", "accepting"})
_SUB_CENT = Decimal("0.01")
_VERB_TAILS = _set(
    "supports exposes returns provides offers gives lets can does works runs reads writes takes accepts handles"
    " because unless"  # "exposed as an MCP tool because my assistant can't call anything else"
)
_SEEKING = _set("look looking search searching asking hunting shopping")
_INTERFACE_WORDS = _TYPE_NOUNS | _MCP_NOUNS | _METHOD_NOUNS | _set("only please plz")
_VARIANT_WORDS = _set("version variant alternative equivalent flavor flavour edition")
# "GET /v1/prices returns 500", "POST /pay failing with 402": a request in a bug report
_STATUS_VERBS = _set("returns returned returning gives gave giving throws threw fails failed failing errors")
_STATUS_CODE = re.compile(r"[1-5]\d\d")
_CHEAP_WORDS = frozenset({"cheap", "cheapest", "cheaper", "cheaply", "inexpensive", "affordable"})
_CHEAP_PAIRS = frozenset(
    {
        ("lowest", "price"),
        ("lowest", "priced"),
        ("lowest", "cost"),
        ("low", "cost"),
        ("low", "priced"),
        ("least", "expensive"),
    }
)

_TRIGGERS = _set(
    """
    not no without except excluding exclude excludes never isn't isnt aren't arent doesn't doesnt
    dosen't dosent don't dont avoid skip nothing
    """
)
_TWO_WORD_TRIGGERS = frozenset(
    {
        ("other", "than"),
        ("rather", "than"),
        ("instead", "of"),
        ("anything", "but"),
        ("leave", "out"),
        ("apart", "from"),
        ("clear", "of"),  # "steer clear of AccuWeather"
    }
)
_TIME_AS_NOUN = _set("each every any the first last next this that same one some")
_SKIP_NOUNS = _set("rate rates ratio ratios count counts button buttons intro intros logic list lists")
_COMPARATIVES = _set("more less higher lower above over cheaper pricier earlier later older newer fewer sooner")
# Imperative exclusions: what follows is not wanted in the results, in any query style.
_EXCLUDE_VERBS = _set("avoid skip nothing exclude excludes excluding")
# "i want to avoid paywalled sources": wanting to avoid is an exclusion; "pitfalls to avoid" is a topic.
_DESIRE_VERBS = _set("want wants wanted wanna like prefer need needs wish would rather trying try")
# "i don't want to get caught in a storm", "... to watch the whole thing": the caller's own experience, not
# a result refused ("i don't want to generate a new one" refuses image generators).
_SITUATION_VERBS = _set(
    "get watch regret wait miss lose spend waste deal worry risk be have go feel sit end pay commute forget drive"
    " travel bridge"  # "I don't want to bridge"; not "don't want to switch / move / migrate to <provider>", "swap"
)
# "nonstop flights without layovers": a condition of the task's data, not a refused kind of service
_TRIP_CONDITIONS = _set("layover layovers stopover stopovers")  # not "no connections to Twilio"
# What a caller lacks, not what a result must not have.
_WISH_VERBS = _set("prefer rather want like")
_USING_VERBS = _set("pick choose select use rely depend call touch go")
_CLIENT_WORDS = _set("client clients host hosts support runtime")
# "my agent has no MCP client", "there's no MCP client installed" (not "no MCP client libraries in the results")
_LACK_WORDS = _set("lacks lack lacking without don't doesn't dont doesnt not no")
_LACKING_BEFORE = _set("has have had got is are there's theres")
_LACKING_AFTER = _set("installed available here yet wired configured set")
_LACKED = _set(
    "coding code programming technical tech developer development expertise experience knowledge skills luck having"
)
# Generic words of an excluded phrase: "skip anything that scrapes crunchbase" demotes crunchbase only.
_NEGATION_FILLER = """
    anything something stuff ones those focused based built related involving involve involves using uses
    only cover covers covering either too sourced source sources thing things wrapper wrappers
    use relies rely depends powered scrapes scrape scraping wraps made specific kind type sort style
    analysis detection recognition generation extraction classification integration integrations api apis
    tool tools service services model models data content support feature features result results
    hosted run owned operated pls plz please thanks thx
"""
_MANNER_IDIOMS = frozenset({("under", "the", "hood"), ("behind", "the", "scenes"), ("in", "the", "background")})
_CLAUSE_STOPS = frozenset(
    {"and", "but", "that", "which", "with", "who", "while", "whereas", "plus", "is", "are", "since", "because"}
    # "not disposable before sending a welcome email": what happens next is not refused
    | {"before", "after", "when", "whenever", "then", "until", "unless", "once"}
)
# In a request ("... excluding volume data", "I want to avoid any bad hair days") an exclusion refuses
# results only where it names one: a kind of service or provider, a maker ("built on"), or a proper name.
_RESULT_NOUNS = _set(
    """
    anything something tool tools service services api apis provider providers vendor vendors source
    sources platform platforms ones endpoint endpoints server servers site sites website websites app apps
    coverage
    """
)
_MAKER_WORDS = _set("built made powered hosted run owned operated")

# --- price grammar -------------------------------------------------------------------------------

_NUM = r"(?:\d+/\d+(?![\d/])|(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)"
_WORD_NUMBERS = {
    "a": Decimal(1),
    "an": Decimal(1),
    "one": Decimal(1),
    "two": Decimal(2),
    "three": Decimal(3),
    "four": Decimal(4),
    "five": Decimal(5),
    "six": Decimal(6),
    "seven": Decimal(7),
    "eight": Decimal(8),
    "nine": Decimal(9),
    "ten": Decimal(10),
    "half": Decimal("0.5"),
}
_FRACTIONS = {"half": Decimal("0.5"), "third": Decimal(1) / 3, "quarter": Decimal("0.25"), "fifth": Decimal("0.2")}
_FRACTIONS |= {"tenth": Decimal("0.1"), "hundredth": Decimal("0.01"), "thousandth": Decimal("0.001")}
_FRACTIONS |= {"fourth": Decimal("0.25"), "tenthousandth": Decimal("0.0001")}
_WORDNUM = (
    # written with hyphens too: "one-tenth of a cent", "two-tenths of a cent", "ten one-thousandths of a dollar"; a
    # "ten-thousandth" is one fraction (1/10,000), not ten thousandths
    r"(?:(?:(?:a|one)[\s-])?(?:half|third|quarter|fourth|fifth|tenth|hundredth|ten-thousandth|thousandth)\s+of\s+an?"
    r"|half(?:\s+an?)?"
    r"|(?:(?:two|three|four|five|six|seven|eight|nine|[2-9])[\s-]|ten\s)(?:one-)?"
    r"(?:thirds|quarters|fourths|fifths|tenths|hundredths|ten-thousandths|thousandths)\s+of\s+an?"
    r"|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
)
_SYMBOL_UNITS = "|".join(sorted([*_KNOWN_SYMBOLS, *_UNRATED_SYMBOLS], key=len, reverse=True))
_UNITS = (
    rf"(?:cents?|¢|penny|pennies|nickels?|dimes?|dollars?|bucks?|usd|euro[\s-]?cents?|euros?|eur"
    rf"|micro[\s-]?(?:dollars?|usd)|{_SYMBOL_UNITS})"
)


_ENDS_FIGURE = r"(?:(?=per|each|ea\b|cap\b|max|tops\b)|(?![a-z0-9]))"


# A figure in scientific notation is not read in prose: "under 5e-3 USDC" read its exponent, "3 USDC", and
# "price < 1e-4" its mantissa, 1 (red team, 2026-12-07). Settings ("max_price=1e-3") are read whole elsewhere.
_NOT_AFTER_EXPONENT = r"(?<![\d.]e[-+])(?<![\d.]e)"


def _amount(words: bool) -> str:
    number = rf"(?:{_NUM}|{_WORDNUM}(?=\s))" if words else _NUM
    # "no more than 1c a request": a "c" joined to one digit or a fraction is cents, read only after a cap
    # word ("4c" alone may be anything; "under 30c" is more likely a temperature than a call price)
    cents = r"|(?<![\d.])(?P<jnum>\d(?:\.\d+)?|\.\d+)(?P<junit>c)(?!\w)" if words else ""
    return (
        # The figure is read whole or not at all (atomic: no backtracking to "$0.0" of "$0.01x"), and a word or
        # digit running on from it ("$1e308", "$1.5e308", "$1.5k") makes it no amount; a unit word glued to it
        # ("$0.01per call", "$0.05ea") still ends it.
        rf"(?:(?P<cur>[$€])\s?(?P<cnum>(?>{_NUM}))(?:\s?(?:usd|dollars?|eur|euros?)(?!\w)|{_ENDS_FIGURE})"
        rf"|{_NOT_AFTER_EXPONENT}(?P<num>{number})(?:\s+of\s+an?\s)?\s?(?P<unit>{_UNITS})(?!\w)"
        rf"{cents}|(?P<tnum>{_NUM})\s?(?P<tcur>[$€])"
        # "under USD 0.002 per call", "max USDC 0.002 a call": the code before the figure
        rf"|(?<![\w.])(?P<pcur>usdc|usd|eurc|eur)\s(?P<pnum>(?>{_NUM})){_ENDS_FIGURE})"
    )


_CALL_UNITS = r"(?:call|request|req|query|use|invocation|hit|lookup|run|search|image|page|document|file|check)"
# "per <unit>": any unit of work is one call; a night, a month or a share is not (decided in price_role).
_OR_LESS = r"(?:or\s+(?:less|lower|below|under|cheaper)|max(?:imum)?|tops|at\s+most|ceiling|cap|limit)(?!\w)"
_TAIL = (
    rf"(?:\s+{_OR_LESS})?"
    r"(?:\s*(?:to\s+(?:spend|pay)\s+)?(?:for\s+)?(?:(?:per|each|every)\s+|/\s*)(?:(?:api|single)\s+)?(?P<per>[a-z][a-z-]*)(?!\w)"
    rf"|\s*(?:a|an)\s+(?:api\s+)?(?P<per2>{_CALL_UNITS})s?(?!\w)"
    r"|\s+each(?!\w))?"
    rf"(?:\s+{_OR_LESS})?"
)
_LE_WORDS = (
    r"(?:do\s+not|don[’']?t|won[’']?t|will\s+not|shouldn[’']?t|should\s+not|mustn[’']?t|must\s+not|can[’']?t"
    r"|cannot|not|never|without)\s+(?:want\s+to\s+|wanna\s+)?(?:pay(?:ing)?|spend(?:ing)?|cost(?:ing)?"
    r"|charge|charging|go|exceed(?:ing)?)\s+(?:(?:me|us|you)\s+)?(?:more\s+than|over|above|beyond)?"
    r"|no\s+more\s+than|not\s+more\s+than|no\s+higher\s+than|not\s+over|less\s+than|cheaper\s+than"
    r"|lower\s+than|at\s+most|up\s+to|under|below|beneath|within|budget(?:\s+of)?"
    r"|max(?:imum)?(?:\s+(?:price|cost))?(?:\s+of)?"
)
_GE_WORDS = r"more\s+than|greater\s+than|higher\s+than|at\s+least|over|above|min(?:imum)?(?:\s+price)?(?:\s+of)?"
_PRICE_CAP = re.compile(rf"(?:(?<!\w)(?:{_LE_WORDS})|(?<![<>=])(?:<=|=<|≤|<))\s*(?:of\s+)?{_amount(True)}{_TAIL}")
# "less than $0.02" and "under 2 cents" exclude the amount itself; "at most", "up to", "≤" include it.
_STRICT_CAP = re.compile(
    r"(?<!\w)(?<!or\s)(?:less|cheaper|lower)\s+than(?!\w)|(?<!\w)(?<!or\s)(?:under|below|beneath)(?!\w)|(?<![<>=])<(?!=)"
    r"|(?<!\w)sub[\s-]?(?:cent|penny)"
)
# "one cent per call or less": the unit of work may sit between the amount and "or less".
_PER_UNIT = r"\s*(?:for\s+)?(?:(?:per|each|every)\s+|/\s*)(?:(?:api|single)\s+)?[a-z][a-z-]*"
# "sub-cent per move": under one cent, strictly
_SUB_CENT_DATA = _set(
    "precision tick ticks rule rules micropayment micropayments quote quotes spread spreads pricing fee fees market"
)
_PRICE_SUB_CENT = re.compile(rf"(?<![\w-])sub[\s-]?(?:cent|penny)(?![\w-]){_TAIL}")
_PRICE_OR_LESS = re.compile(rf"(?<![\w.,$€]){_amount(True)}(?=(?:{_PER_UNIT})?\s+{_OR_LESS}){_TAIL}")
# "under 0.05 per query": a cap on a bare fraction of one is a price (in USD) only when a call is its unit
# ("under 5 per request" may count anything; x402 calls cost cents).
_PRICE_CAP_UNITLESS = re.compile(
    rf"(?:(?<!\w)(?:{_LE_WORDS})|(?<![<>=])(?:<=|=<|≤|<))\s*(?P<num>0?\.\d+)(?![\d.,])"
    rf"(?=\s*(?:(?:per|each|every)\s+|/\s*)(?:api\s+)?{_CALL_UNITS}s?(?!\w)){_TAIL}"
)
# "rerank price<=0.003": a price compared in query syntax, a bare figure in dollars
# ... and in words: "OCR; max price 0.001", "price limit 0.01", "max cost 0.005", "price must be at most 0.001" (read
# as nothing before: red team, 2026-12-07)
_PRICE_WORDED = (
    r"(?:max(?:imum)?\s+(?:price|cost)|(?:price|cost)\s+(?:limit|cap|ceiling)"
    r"|(?:price|cost)\s+(?:must|should|has\s+to|needs\s+to)\s+(?:not\s+exceed|be\s+(?:at\s+most|below|under|less\s+than"
    r"|lower\s+than|no\s+more\s+than|<=?)))(?:\s+(?:of|is))?\s*[:=]?"
)
_PRICE_COMPARED = re.compile(
    rf"(?<![\w.])(?:(?:price|cost)\s*(?:<=|=<|≤|<)|{_PRICE_WORDED})\s*\$?(?P<num>\d*\.?\d+)(?![\d.,]|e[-+]?\d)"
    rf"(?:\s?(?P<unit>usd|dollars?)(?!\w))?{_TAIL}"
)
_PRICE_MIN = re.compile(rf"(?:(?<!\w)(?:{_GE_WORDS})|(?<![<>=])(?:>=|=>|≥|>))\s*{_amount(True)}{_TAIL}")
_PRICE_BARE = re.compile(rf"(?<![\w.,$€]){_amount(False)}{_TAIL}")
# "the user capped tool calls at two cents each": a cap verb reaches the amount (in words too) through "at"
_PRICE_CAPPED_AT = re.compile(
    rf"(?<!\w)(?:cap|caps|capped|capping)\s+(?P<capped>(?:[a-z']+\s+){{1,4}}?)at\s+{_amount(True)}{_TAIL}"
)
# what "capped ... at" may cap: a call's cost ("capped tool calls at", "cap it at"), not "fees", "roaming", "airdrops"
_CAPPED_CALLS = _set("tool tools call calls request requests it them each every per the api price prices spend")
# "a fifth of a cent per lookup", "a penny per search": an amount in words is read without a cap word only
# when a call is its unit (bare, "a cent" is as often "not a cent of profit").
_PRICE_WORDS_PER_CALL = re.compile(
    rf"(?<![\w.,$€]){_amount(True)}(?=\s*(?:(?:per|each|every)\s+|/\s*)(?:api\s+)?{_CALL_UNITS}s?(?!\w)){_TAIL}"
)
# Namespaces only: "ratio 16:9" or "note:x" is not a chain id.
_CAIP2 = re.compile(r"(?<![\w:])(?:eip155|solana|stellar|bip122|cosmos|aptos|sui|near|tron):[-_a-z0-9]{1,32}(?![\w:])")


# --- context vocabulary: payment phrase versus subject of the task ----------------------------

# A payment word right before "on X" makes X the rail: "paid on base", "payments via stellar".
_PAY_NOUNS = _set("payment payments settlement settlements billing billed payable micropayments x402")
# Chain-specific nouns and activities that make a chain the topic when they come just before it
# ("tokens launched on solana"). Narrower than _CHAIN_SUBJECTS: "weather data on base" is a rail.
_HEX_RUN = "0123456789abcdef.…"
# "0x4f2a...19bd" abbreviates one. Possessive, and one run not two: "0x" + 2,666 hex digits + "g" backtracked
# quadratically per chain after it.
_HEX_BEFORE = re.compile(r"\b0x[0-9a-f]{4}[0-9a-f.…]*+\s*$")
_SUBJECT_BEFORE = _set(
    """
    sits sit sitting resides reside circulates circulating
    token tokens nft nfts memecoin memecoins coin coins crypto cryptocurrency cryptocurrencies wallet
    wallets transaction transactions tx txs block blocks ledger ledgers contract
    contracts validator validators staking stake staked swap swaps swapping dex dexes defi liquidity
    pool pools holder holders whale whales airdrop airdrops mint minted minting launched launch launches
    launching deployed deploy deploying created bridge bridged bridging gas faucet faucets rpc node nodes
    explorer blockchain onchain dapp dapps protocols tvl yield lending trending listed balance balances
    transfer transfers transferred account accounts trade trades trading traded volume built building
    builders project projects dao daos governance ens perps perpetuals futures liquidation liquidations
    mev rug rugs memes games gaming developers hackathon grants ecosystem bots sniper snipers solidity
    development developing develop learn learning tutorial course gainers losers movers pairs traders
    stablecoin stablecoins
    """
)
# After a chain name: what it is the topic of, besides _CHAIN_SUBJECTS.
_SUBJECT_AFTER = _CHAIN_SUBJECTS | _set(
    """
    platform ecosystem community foundation developers docs documentation whitepaper news network's fork forks
    blockchain's price's coin coins ecosystem's memecoin memecoins dapp dapps projects protocol
    protocols consensus lumens lumen tvl finality throughput tps metrics stats statistics uptime outage
    outages upgrade upgrades roadmap
    """
)
# Right before a chain, asset or protocol: it is what the task is about.
_TOPIC_BEFORE = _set(
    """
    about regarding concerning of between versus vs compare comparing comparison explain explaining
    like than what's whats learn learning news article articles blog tutorial tutorials guide guides
    history introduction spec specification research
    """
)
# A short query may open with these and still name the rail: "a stellar weather api".
_LEAD_WORDS = _set("a an any some the cheap cheapest need find get me i want search looking")
# Payment cues anywhere in a sentence let a long task request name its rail ("...paid on base").
_SENTENCE_PAY_CUES = _PAY_NOUNS | _PAY_VERBS | _set("per-call")
# A label that introduces the requirements of the call: "Hard limits: GET, <= $0.005", "constraints: base".
_REQUIREMENT_LIST_WORDS = 8
_STOP_AT = re.compile(r"[;|]")  # a requirements list ends at the next clause
_CONSTRAINT_LABEL = re.compile(
    r"(?<![\w-])(?:hard\s+)?(?:limits?|constraints?|requirements?|must[\s-]haves?)(?:\s+list)?\s*:"
)
# "my wallet holds usdc on solana": holding an asset does not name the payment network.
_HOLD_VERBS = _set("holds hold holding has have having had keeps keep contains own owns stores")

# A priced thing: "stock under $5", "hotels under $200". The price is the topic, not the call's.
_PRICED_THINGS = _set(
    """
    stock stocks share shares equity equities etf etfs option options bond bonds crypto coin coins
    token tokens nft nfts flight flights airfare airfares hotel hotels room rooms ticket tickets product
    products item items deal deals gift gifts laptop laptops phone phones car cars house houses home
    homes rent rental rentals apartment apartments meal meals restaurant restaurants book books game
    games course courses salary salaries income trip trips vacation vacations holiday holidays tour
    tours fare fares listing listings property properties wine wines shoes clothes dress dresses
    watch watches tv tvs camera cameras headphones furniture grocery groceries food dinner lunch
    subscription subscriptions plan plans invoice invoices loan loans mortgage memecoin memecoins altcoin
    premium premiums
    altcoins domain domains gas shipping postage delivery rate rates sku skus merchandise
    """
)
# "when XLM drops below 30 cents": an asset's own price, or a price moving, is data.
_PRICE_SUBJECTS = _PRICED_THINGS | _set(
    """
    xlm usdc eurc eth btc sol bitcoin ether drops drop dropped falls fall fell rises rise rose trades
    trading traded dips dip payments settlements transactions transfers l1 l1s l2 l2s rollup rollups
    """
)
_PRICE_WORDS = _set("priced price pricing cost costs costing charges charge charging fee fees pay paying pays billed")
_CONVERSION_WORDS = _set(
    """
    convert converts converting conversion converter exchange exchanging exchanged worth equals equal
    equivalent fx forex swap swapping send sending transfer transferring wire invest investing bridge bridging
    """
)
_MESSAGE_NOUNS = _set(
    "sms smss email emails mail message messages notification notifications fax faxes letter letters postcard postcards"
    " sms's texts alert alerts"
)
_CURRENCY_WORDS = _set(
    """
    usd eur euro euros dollar dollars gbp jpy yen pound pounds cad aud chf inr cny yuan rupee rupees
    rupiah peso pesos real reais won baht lira ruble rubles franc francs krona kronor krone zloty dirham
    dirhams rand naira shekel shekels ringgit dong
    """
)
_GAIN_WORDS = _set("win wins winning won earn earns earning earned reward rewards prize prizes payout jackpot")
# "coins trading below a tenth of a cent": a market price, however small.
_MARKET_VERBS = _set("trading trades traded valued worth sells selling sold listed quoted")
# Per-night, per-month: a price of something that is not a call.
_NON_CALL_UNITS = _set(
    """
    night month mo year yr annum week day person people guest head share seat hour hr minute min pound lb
    kg kilo gram ounce oz serving liter litre gallon mile km ticket unit user users seats nights months
    years weeks days hours minutes transaction transactions transfer transfers tx settlement settlements
    gb mb tb kwh sqft
    click clicks impression impressions view views lead leads acquisition install installs
    thousand million millions billion
    """
)
# "per 1000 calls", "for every 1k requests", "/ 100 pages", "for 1000 calls": a price for a batch of units.
_PER_BATCH = re.compile(
    r"\s*(?P<lead>per|for every|every|for|/)\s*(?P<count>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:\.[0-9]+)?)\s*"
    r"(?P<mult>k|thousand|m|million)?\s+(?P<unit>[a-z]+)\b"
)
# "1000 lookups for under $1", "500 calls for $1 max": the batch said before its price.
_BATCH_BEFORE = re.compile(
    r"(?<![\w.,$])(?P<count>[0-9]{1,3}(?:,[0-9]{3})+|[0-9]+(?:\.[0-9]+)?)\s*(?P<mult>k|thousand|m|million)?\s+"
    r"(?P<unit>[a-z]+)\s+(?:for|in)\s+$"
)
# what a batch before a price counts: calls ("50 requests at $0.01" prices each; "100 pages for under $1", "5 apis for
# $10 a month", "top 10 hits for under $0.01" are no batches of calls)
_BATCH_CALLS = _set(
    "call calls request requests req reqs lookup lookups invocation invocations query queries search searches"
) | _set("check checks")
# "between 0.001 and 0.002 usd per call": the lower end of a price range, right before its upper end
_RANGE_FLOOR = re.compile(
    r"(?<![\w.])between\s+(?:\$|usd\s*)?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)\s*(?:usdc|usd|dollars?|cents?|¢|c)?\s+"
    r"and\s+$"
)
# "increased from $0.001 to $0.002", "I'm paying between $0.01 and $0.02 now": a price that moved or is paid, no range
_PRICE_CHANGE_WORDS = _set(
    "paying pay paid increased increase went moved rose raised reduced reduce dropped fell up down cut changed"
)
# A cap word after a batch ("$5 per million calls max") belongs to the price phrase.
_AFTER_BATCH_CAP = re.compile(r"\s*,?\s*" + _OR_LESS)
# "under $0.01 for 100 requests per second" is a rate, not a batch of calls.
_RATE_AFTER = re.compile(r"\s*(?:per|a|an|each|every|/)\s*(?:second|sec|s|minute|min|hour|hr|day|week|month|year)s?\b")
_COUNT_WORDS_PER = {"hundred": Decimal(100), "thousand": Decimal(1000), "million": Decimal(10**6)}
_COUNTED_UNIT = re.compile(r"\s+([a-z]+)\b")
_BATCH_MULTIPLIERS = {
    "": Decimal(1),
    "k": Decimal(1000),
    "thousand": Decimal(1000),
    "m": Decimal(10**6),
    "million": Decimal(10**6),
}


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


# "top 100 eurc holders": a number after these is a count, not an amount anyone pays.
_COUNT_WORDS = _set("top first last bottom largest biggest")

# What a result is: the head a negation or "not for ..." hangs from, "an api that isn't ...".
_SERVICE_HEADS = _set(
    """
    api apis tool tools service services endpoint endpoints server servers generator generators
    converter converters translator translators extractor scraper scrapers parser parsers checker
    checkers validator summarizer summarizers analyzer analyzers detector detectors tracker trackers
    finder builder builders creator editor editors viewer reader writer engine engines model models
    bot bots assistant assistants app apps feed feeds provider providers plugin plugins library sdk
    wrapper proxy client solution solutions option options alternative alternatives one ones
    something anything results result source sources mcp search lookup integration integrations
    connector connectors agent agents ocr upscaler transcriber transcription translation gateway gateways tts stt
    """
)
_UNITLESS_PRICE_WORDS = _PRICE_WORDS | _set("spend spending budget cheaper cheap paying costing")
_METRIC_WORDS = _set(
    "rate rates latency score scores ratio time times confidence threshold loss accuracy error errors p99 p95"
    " p50 precision recall temperature delay"
)
_AUX = _set(
    """
    is are was were be been being am do does did has have had will would can could should may might
    must shall
    """
)
_CONTRACTIONS = _set(
    """
    isn't isnt aren't arent doesn't doesnt don't dont didn't didnt wasn't wasnt weren't werent hasn't
    hasnt haven't havent won't wont can't cant couldn't couldnt shouldn't shouldnt wouldn't wouldnt
    dosen't dosent
    """
)
_PERSONS = _set("i we you please")
_WANT_VERBS = _set("want need like use include show return recommend suggest care pick choose select")
_CHOICE_VERBS = _set("pick choose select")
# "don't use more than 3 sources", "don't use it for ...": what follows the verb is no result
_NOT_A_RESULT = _set("more less it them this that the a any all caps")
_NOT_PREPS = _set("for from in on by about including involving related using with a an the any")
_NO_FIXED = _set("more longer matter idea one doubt less sooner problem worries worry rush pressure wait")

# A protocol or API style the task is about, or that the task builds: topic, not interface type.
_TYPE_TOPIC_BEFORE = _TOPIC_BEFORE | _set(
    """
    on is are was what how why does do build building create creating write writing develop scan scanning
    crawl crawling index indexing benchmark benchmarking rank ranking review reviewing evaluate evaluating
    sends makes issues performs executes fires measure measuring scans audits fuzz
    developing deploy deploying host hosting debug debugging test testing tests scaffold implement
    implementing publish publishing register registering monitor monitoring secure securing audit
    auditing install installing configure configuring setup set list listing document documenting
    documentation mock mocking call calling consume consuming integrate integrating query querying
    fuzz fuzzing validate validating wrap wrapping design designing generate generating convert
    converting scrape scraping make making send sending issue perform execute fire my your our
    their his her its existing legacy to from into against sell sells selling sold lists
    """
)
_TYPE_TOPIC_AFTER = _set(
    """
    news article articles spec specification protocol docs documentation tutorial tutorials guide guides
    adoption ecosystem security vulnerability vulnerabilities market trends research paper papers
    standard history explained introduction course courses directory directories list lists registry
    registries catalog catalogue hosting marketplace scanner scanning comparison benchmark benchmarks
    ranking rankings review reviews example examples template templates boilerplate framework frameworks
    sdk library libraries starter generator generators builder testing tester tests monitor monitoring
    mocking mock mocks design designer fuzzing fuzzer linter linting validation debugger debugging
    checker checkers inspector inspectors analyzer analyzers analyser viewer visualizer logger log logs
    certification certifications naming conventions convention best practices guidelines
    failing fail fails failed erroring errors crashing crashes timing hanging broken
    """
)
_DETERMINERS = _set("a an the")
_PROBE_VERBS = _set("test tests testing ping pings pinging probe probes probing monitor monitors monitoring measure")
_UNDERPINNING = _set("built based powered wrapping wrapped")
# Between a verb and an interface, these bring in the interface asked for ("powered by GPT-4 available over MCP").
_ACCESS_WORDS = _set(
    """
    api apis tool tools service services endpoint endpoints server callable accessible call called invoked invoke
    hit trigger queried available exposed offered as via over using through with that which speaks
    """
)
_LISTED_PARTICIPLES = _set("listed ranked indexed published registered featured")
_VAULT_WORDS = _set("multisig multisigs safe safes vault vaults")
# Adjectives between a listing word and the interface it lists ("a directory of public MCP servers").
_LISTED_ADJECTIVES = _set("public popular available known hosted remote existing official community trending x402")
# "building a stdio MCP server", "write a minimal REST API": what is built, however it is qualified
_BUILT_ADJECTIVES = _set("stdio local simple basic minimal custom small tiny")
_BUILD_VERBS = _set(
    "build building create creating write writing develop developing scaffold implement implementing"
)  # not "built": "a pre-built MCP server" is one to use
_SCANNED_OWN = _set("internal our every all")
# what a bracketed list of ids is when the task handles it: "the chain ids in this config (...)"
_ID_DATA_NOUNS = _set("config configs configuration file files ids list values column fixtures logs array map settings")
_COST_VERBS = _set("cost costs spend spent pay paid come")
_CALLER_SYSTEMS = _set("backend agent client app script code bot server service")  # after "our"/"my"
_OPENING_RELATIVES = _set("for that which to returning")
_STATING_VERBS = _set("is are was were has have had been being")
# whose "can call via GET" says how the result will be called: the asker, or the asker's own system
_CALLER_PRONOUNS = _set("i we")
_RELATIVES_THAT = _set("that which")
_EXPOSED_SYSTEMS = _set("system systems app application backend service services database api apis platform codebase")
_ATTACK_NOUNS = _set("injection injections attack attacks exfiltration poisoning")  # not "look up leaks via MCP"
_ROUTE = re.compile(r"(?<![\w-])(?:get|post|put|patch|delete|head|options)\s+/[\w{][\w{}/.-]*")
_ROUTE_DATA = _set("table spec openapi swagger document documentation docs generate list routes log logs")
_REPORTING_BEFORE = _set("found find finding is there's theres was see saw have got had")
_COVER_VERBS = _set("covers cover supports support works serves handles")
_REQUEST_BODIES = _set("body bodies payload payloads")  # after "request" / "json"
# A refused minimum price: "not willing to pay more than ...", "nothing that costs more than ...".
_MIN_NEGATORS = _set(
    "not never don't dont won't wont can't cannot nothing without unwilling refuse no doesn't doesnt shouldn't shouldnt"
    " mustn't mustnt wouldn't wouldnt isn't isnt"
)
_EACH_WORDS = _set("each every")
_MONEY_VERBS = _set(
    "send sends sending transfer transfers transferring wire wiring tip refund refunds venmo zelle move moves moving"
    " bridge bridges bridging"
)
# An amount right after "e.g." / "for example" (same clause), or compared with another ("$0.001 per call versus a
# $20/month plan"), illustrates the task; it caps nothing.
_EXAMPLE_BEFORE = re.compile(r"(?:\be\.\s?g\.|\bfor (?:example|instance))[^.;:!?]{0,40}$")
_VERSUS_AFTER = re.compile(r"(?:[^\s.,;:!?()]+\s+)??(?:versus|vs\.?|compared (?:to|with))\s", re.IGNORECASE)
_EACH_COST_WORDS = _set("cost costs costing priced")

# A URL, domain or e-mail address is data the task works on ("scrape https://solana.com/news").
# Lengths bounded as DNS and RFC 5321 bound them: unbounded, the e-mail branch retried from every position
# of a long run of word characters (a 4,000-character query took a second).
_URL = re.compile(
    r"(?:https?://|www\.)\S+"
    r"|(?<![\w.+-])[\w.+-]{1,64}@[\w-]{1,63}(?:\.[\w-]{1,63}){1,8}"
    r"|\b[\w-]{1,63}(?:\.[\w-]{1,63}){0,8}\.(?:com|org|net|io|xyz|app|dev|ai|co|so|fi|gg|finance|network|exchange)\b(?:/\S*)?"
)
# "mcp.json config validator", "base.yaml": a word joined by a dot to a file extension names a file.
_FILE_NAME = re.compile(
    r"(?<![\w.])[\w-]{1,63}\.(?:jsonl?|ya?ml|toml|py|js|ts|md|txt|csv|xml|env|ini|cfg|conf|lock|sh)(?![\w.])"
)
_QUOTED = re.compile(r"`[^`]*`|\"[^\"]*\"|“[^”]*”|‘[^’]*’|(?<![\w'])'[^']+'(?![\w'])")
_SENTENCE_END = re.compile(r"[.!?;]+(?=\s|$)")
# The text a task works on, unquoted: what a message says ("send an SMS saying the invoice is paid on solana") and
# what follows the colon of a text task ("translate this Spanish text: pago en solana"). Its words are the task's
# data, as quoted ones are (red team, 2026-12-07: both became a Solana filter that hid every SMS or translation API).
_MESSAGE_SAYS = re.compile(
    r"(?<!\w)(?:saying|that\s+says|which\s+says|that\s+reads)\s*:?\s+"
    r"(?P<content>[^.!?;,—\n]+?)(?=\s+--|\s+-\s|[.!?;,—\n]|$)"
)
_MESSAGE_WORDS = _set(
    "sms text texts message messages email emails e-mail mail notification notifications notify tweet tweets"
    " reply dm slack telegram whatsapp alert alerts announcement letter note card caption banner"
)
_TEXT_TASK = re.compile(
    r"(?<!\w)(?:translate|translating|translation\s+of|detect\s+the\s+language\s+of|language\s+of|summari[sz]e"
    r"|proofread|paraphrase|rewrite|spell[\s-]?check|transliterate)(?![\w-])[^:.!?;,\"{}\[\]\n]{0,40}:\s*"
    r"(?P<content>[^.!?;,—\n]+?)(?=\s+--|\s+-\s|[.!?;,—\n]|$)"
)
# A chat transcript pasted as the query: "user: ocr on solana / assistant: found 3 / user: actually Base is fine too".
_TURN = re.compile(r"(?:^|(?<=\s))(?P<speaker>user|human|me|assistant|agent|ai|bot|model)\s?:(?=\s)")
_USER_SPEAKERS = _set("user human me")
# The labels of an agent's trace (ReAct: "Thought:", "Action:", "Action Input:", "Observation:"); an observation runs
# to the next label.
_TRACE_LABEL = re.compile(
    r"(?:^|(?<=[\s.;]))(?P<label>observation|obs|tool output|tool result|tool response|function result|result"
    r"|output|thought|action input|action|act|question|final answer|constraints|requirements|user|human)"
    r"(?P<number>\s?#?\d{1,2})?\s*:(?=\s)"  # numbered steps: "Thought 2:", "Obs 1:"
)
_OBSERVATION_LABELS = frozenset(
    {"observation", "obs", "tool output", "tool result", "tool response", "function result", "result", "output"}
)
# Labels other writing uses too ("Expected Output:", a workflow's "Trigger / Action / Output", Portuguese "Obs:"):
# a tool's output only in a tool-calling trace, opening a line or a sentence, and "Obs" only numbered.
_GENERIC_OUTPUT_LABELS = frozenset({"obs", "result", "output"})
_TOOL_CALL = re.compile(r"[\w.-]*(?:_[\w.-]+|\[|\()")  # "search_tools", "search[ocr]", "lookup(...)"
_FIRST_PERSON_OPENERS = frozenset({"i", "we", "my", "our", "i'm", "we're", "i'd", "we'd"})
_STEP_LABELS = frozenset({"thought", "action", "action input", "act"})
_HUMAN_TOOL = re.compile(r"\b(?:ask|human|user)[_\s-]?(?:human|user|input)?\b")
_RETRACT_WORDS = _set("forget drop scratch ignore")
_SKIP_WORDS = _RETRACT_WORDS | _set("skip no not without except")
_PRICE_LIMIT_WORDS = _set("price prices cap budget limit ceiling cost")
_ADDED_WORDS = _set("too also")
_ADDED_RAIL_OPENERS = _set("and oh or but also")  # "pay on solana. oh and base works too"
# A chain accepted besides the one asked for: "stellar works too", "base is also fine", "... also fine if it's on base"
# "ok base works then", "fine, solana it is": a chain settled for in a later turn
# why an interface named in a long task is no filter (refusals read it: see mark_negated_claims)
_LONG_TASK_INTERFACE = " in a long task request, not asked for as the interface"
_SETTLED_FOR_AFTER = re.compile(
    r"(?:\s+(?:mainnet|network|chain))?\s+(?:works|will\s+do|is\s+fine|is\s+ok(?:ay)?|it\s+is)(?:\s+then)?\b"
)
_ACCEPTING_OPENERS = _set("ok okay fine alright yes yeah sure then")
_ADDED_AFTER = re.compile(
    r"(?:\s+(?:mainnet|network|chain))?(?:[’']s\s+|\s+(?:(?:is|'s)\s+)?)(?:also\s+)?(?:works?|fine|ok(?:ay)?|good"
    r"|acceptable)(?:\s+for\s+(?:me|us))?\s+(?:too|(?:just\s+)?as\s+well)\b"
    r"|(?:\s+(?:mainnet|network|chain))?(?:[’']s\s+|\s+(?:is\s+|'s\s+)?)also\s+(?:works?|fine|ok(?:ay)?|good|acceptable)\b"
)
_ADDED_BEFORE = re.compile(
    r"\b(?:also|too)\s+(?:fine|ok(?:ay)?|good|acceptable)\s+if\s+(?:it'?s|it\s+is|they'?re|they\s+are)\s+"
    r"(?:(?:on|in)\s+(?:the\s+)?)?$"
)
_SWITCH_VERBS = _set("switch change move set")
_ABLE = _set("can we i you")
_RAIL_NOUNS = _set("rail payment payments")  # not "switch the chain to base in my dapp's config"
# The asker describing its own system: "You are deployed as an MCP server.", "your own backend exposes a REST API";
# an identity ("you are a/an/the ..."), not "you are looking for", "you are allowed to spend".
_PERSONA = re.compile(r"(?:for context,? )?(?:you are|you're) (?:deployed as |running as )?(?:a|an|the)\b")
_OWN_SYSTEM = re.compile(
    r"(?:for context,? )?(?:your|our|my) (?:own )?(?:(?!client|agent|host|mcp)[a-z0-9-]+ )?"
    r"(?:backend|server|service|app|stack|runtime|system|gateway)"
    r" (?:exposes|answers|serves|handles|receives|runs|is an?)\b"
)
# A seller speaking of its own listing or server (souk.search.understanding.mark_own_listing).
_SELLER_SENTENCE = re.compile(
    r"\b(?:seller here|(?:i'?m|we'?re|i am|we are) listing (?:my|our)|(?:my|our) listing (?:is|went|goes)"
    r"|(?:my|our) own (?:x402 )?(?:seller|seller server|x402 server)"
    # "Our service is paid on Solana.", "we get paid in USDC on base": what the asker's own service is paid
    r"|(?:my|our) (?:own )?(?:x402 )?(?:service|api|endpoint|server|mcp server|tool|product|app) (?:is|gets) "
    r"(?:paid|priced|payable|charged|billed)|(?:we|i) (?:get|are) paid (?:on|in)"
    # "We operate an MCP server that charges $0.001 per tool call", "We accept USDC on Solana for our SaaS", "Our public
    # API (x402-paywalled, $0.002 per request, settled on Base) started ...": the asker's own service and its income
    r"|(?:we|i) (?:operate|run|host|sell|offer|maintain) (?:an?|our|my) (?:own )?(?:public )?(?:x402[\w-]* )?"
    r"(?:mcp server|api|service|endpoint|server|tool|product)"
    r"|(?:we|i) (?:accept|receive) (?:payments? |usdc|eurc|xlm|stablecoins|crypto)"
    r"|(?:my|our) (?:own )?public (?:x402[\w-]* )?(?:api|service|endpoint|server|mcp server))\b"
)
# A sentence with any of these still asks, pays or bounds what the asker buys: neither a seller's description of its
# own listing nor a comparison of offers.
_BOUNDING = _set(
    "pay pays paying wallet buy buys buying buyer budget cap max only must restricted limit nothing unrelated"
)
_CONTINUING = _set("it its it's the this")
# A payment the task's records hold ("the invoice was paid on Solana"), not a way to pay the tool
_PAYMENT_RECORDS = _set(
    "invoice invoices order orders refund refunds receipt receipts payroll salary salaries supplier"
)
# The asker asking for something (the seller and compared-offer passes end there); wider than _ASKING_WORDS.
_REQUESTING = _ASKING_WORDS | _set("needed finding wants require requires search searching") | _BOUNDING
_COMPARE_WORDS = _set("compare comparing compared comparison versus vs")
_OFFER_NOUNS = _set(
    "provider providers vendor vendors offer offers seller sellers listing listings quote quotes charge charges"
)
# "is 1 cent per call typical?": a question whether a price is the norm asks about prices, it sets no cap
_NORM_WORDS = _set("typical normal reasonable usual standard average")
_HTTP_ONLY_CALLER = re.compile(
    r"\b(?:can|could)\s+only\s+(?:make|send|do|issue|speak|call|use|handle)\s+(?:plain\s+|simple\s+|raw\s+|regular\s+|basic\s+)?"
    r"(?P<http>https?|rest)(?:\s+(?:requests?|calls?|apis?|endpoints?))?\b"
)
_HTTP_CALLERS = _set("my our i we it agent bot client runtime user's sub-agent agent's bot's")
# A correction: "on second thought, base", "no wait, MCP tool", "sorry, I mean polygon", "correction: ..."
_REPAIR = re.compile(
    r"(?:\b(?:on\s+second\s+thought|no\s*,?\s+wait|wait\s*,?\s+no|i\s+mean|scratch\s+that|make\s+(?:that|it)|or\s+rather|i\s+meant)\b"
    r"|\bcorrection\s*:"
    # "weather on base. Actually, only solana.", "user: actually only on solana": a sentence opening on "actually"
    # and a restriction; not "it actually works on solana too"
    r"|(?:^|(?<=[.!?;\n])|(?<=user:))\s*actually\b(?=\s*,?\s+(?:only|just)\b))[\s,:;.!-]*"
)
_REPAIR_FILLER = _set("on the a an to it that make in only just")  # "no wait, only on solana"
_REQUIRE_SUBJECTS = _set("yes please we i so then also just and")
_CALLER_SUBJECTS = _set("we i agent")
_HEDGED_FILLER = _set("one that i we it can could is be a an the something pay paying payable settle settles on with")
_YES_WORDS = _set("yes yep yeah yup sure correct exactly")
_AMOUNT_ADVERBS = _set("instead then now please pls plz thanks thx tops")
_THANKS = _set("please pls plz thanks thx")  # a courtesy closing a query, as in "ocr, base only, please"
_ERROR_CODE = re.compile(r"[45]\d\d")
_AFTER_ERROR_CODE = _set("on from at when twice again for")  # not "returning 500 results"
_OWN_LISTING = re.compile(r"\b(?:my|our) (?:own )?listing\b")
# A sentence about the asker that still asks, insists, pays or budgets is a requirement.
_OWN_SYSTEM_OUT = _set(
    """
    only must should need needs require requires requirement cannot can't find look looking search searching
    tasked want wants allowed limited given budget budgeted spend spending pay pays paying settle settles willing so
    """
)
_OWN_LISTING_OUT = _set("need needs requirement requirements constraint constraints budget use wallet")
# Capitalized, but no provider: "every weekday except Friday".
_CALENDAR = _set(
    """
    monday tuesday wednesday thursday friday saturday sunday january february march april may june july
    august september october november december
    """
)
_ITEM_CAP_MAX = Decimal("0.1")
_CAP_VERBS = _set("cap capped capping")
_WOULD = _set("i'd id we'd wed would")
_FACILITATORS = _set("facilitator facilitators facilitator's")
_IMPERATIVE_OPENERS = _set("list find get show give collect create build generate make search fetch pull")
_REQUEST_OPENERS = _set("please help can could would i i'm im we my our show give find tell")
_TASK_WORDS = 20  # longer than this, a query is a task description rather than a Bazaar query
# Sentences this short are keyword fragments ("ERC20 top holders. rail=base"), not a task description.
_FRAGMENT_WORDS = 8


# --- the scan ------------------------------------------------------------------------------------

_SYMBOLS = {**_UNRATED_SYMBOLS, **_KNOWN_SYMBOLS}
# "supports solana" is about chain support, not the payment rail.
_RAIL_VERBS = _PAY_VERBS - _set("supports supporting supported")
# payment words before a bracketed id list: "Payment config: [...]", "our wallet config supports (...)"
_ID_PAYMENT_WORDS = _RAIL_VERBS | _PAY_NOUNS | _RAIL_NOUNS | _set(
    "pay paying chains networks wallet supported allowed accepted allow"
)
_ASSET_TOPIC_BEFORE = _TOPIC_BEFORE | _set(
    """
    convert converting swap swapping exchange exchanging buy buying sell selling trade trading send
    sending transfer transferring track tracking bridge bridging mint minting stake staking hold
    holding lend lending borrow borrowing earn to into from much many value my your moving moves moved
    sent sends receiving received deposit depositing withdraw withdrawing burn burning
    """
)
_MEANING_VERBS = _set("refer refers mean means stand stands denote denotes represent represents")
_PASSIVE_HELPERS = _set("was were been had")
_QUESTION_WORDS = _set("which what what's whats how why who when is are does do did")
# "write a stellar cover letter": the adjective, after a verb of making something good.
_MAKING_VERBS = _set(
    "write writes writing wrote craft crafts crafting compose composes draft drafts drafting create creates creating"
    " generate generates make makes making made give gives deliver delivers"
)
_STELLAR_ADJ_BEFORE = _set("with is was are were so truly really absolutely pretty quite simply most more")
_STELLAR_ADJ_AFTER = _set(
    """
    review reviews rating ratings performance performances result results job work reputation record cyber
    quality experience customer support team career grades grade students writing reviewer spectra
    spectrum spectral mass masses wind winds population populations classification evolution object
    objects remnant remnants cluster clusters atmosphere atmospheres parallax magnitude magnitudes
    luminosity nucleosynthesis astrophysics ones one nursery nurseries
    """
)
_BARE_PAIR_STARTS = frozenset(first for first, _ in _BARE_PAIRS)
_CHEAP_PAIR_STARTS = frozenset(first for first, _ in _CHEAP_PAIRS)
_TWO_WORD_STARTS = frozenset(first for first, _ in _TWO_WORD_TRIGGERS) | {"w"}
_TYPE_STARTS = frozenset({"mcp", "model", "http", "https", "rest", "restful"})
_HTTP_NAMES = _set("http https rest restful")
# right after an HTTP interface's name, MCP refused: "REST, not MCP", "HTTP (no MCP)", "rather than an MCP server"
_OVER_MCP = re.compile(r"\s*[,(]?\s*(?:not|no|never|rather than|instead of)\s+(?:an?\s+|the\s+)?mcp\b")
_ASTRONOMY = _set(
    "astronomy astronomical astrophysics star stars galaxy galaxies telescope telescopes nebula nebulae jwst hubble"
)
_APPROXIMATE = re.compile(
    r"\s*(?:[$€¢]|\d|(?:a|an|one|two|three|half|a\s+quarter|a\s+tenth|a\s+fifth)\s+(?:of\s+a\s+)?"
    r"(?:penny|pennies|cent|cents|dime|nickel|tenth|fifth|quarter|half|dollar|dollars)\b)"
)
_APPROXIMATE_LEADS = _set(
    "afford pay paying spend spending cost costs costing budget is be at for of only just maybe charge charges"
)
_CONCERN_WORDS = _set("care cares caring worry worried fussed picky fussy bothered")
_SCOPE_OPENERS = _set(
    "explain explains explaining explained describe describes describing about regarding concerning understand"
)
_REQUEST_BEFORE = _set(
    """
    need needs needed want wants find finding looking look get use uses using require requires required
    prefer prefers only must should support supports speaks speak loads load accepts accept expose
    exposes exposed as via over through recommend suggest calls requirement requirements callable
    """
)
# Keys of a request written as fields. "chain" is left out: {"chain": "solana"} is as often the data
# asked about as the rail. "type" counts only with an interface for its value.
_SPEC_KEYS = (
    r"(?:payment|pay|settlement)[\s_-]?(?:network|rail|chain)|(?:network|chain|rail)\s(?:for|of)\spayments?"
    r"|settle[\s_-]?on|pay[\s_-]?on|(?:payment|pay)[\s_-]?policy"  # an agent runtime's "payment policy: base only"
    r"|payment|network|rail|max(?:imum)?[\s_-]?(?:usd[\s_-]?)?(?:price|cost)(?:[\s_-]?(?:usd|per[\s_-]?call)){0,2}|max[\s_-]?usd"
    r"|price[\s_-]?(?:cap|ceiling)(?:[\s_-]?usd)?|ceiling(?:[\s_-]per[\s_-](?:call|request|req))?"
    r"|budget[\s_-]?per[\s_-]?call|max[\s_-]?spend[\s_-]?per[\s_-]?(?:call|request|req)"
    r"|interface|transport|(?:resource[\s_-]?)?type"
    r"|http[\s_-]?method|(?:max[\s_-]?)?usd[\s_-]?per[\s_-]?(?:call|request|req)"
    r"|method|(?:agent[\s_-]?)?wallet"
)
# A tool call's list of networks: '"networks": ["base", "solana"]', "networks=['base','solana']"
_NETWORK_LIST_FIELD = re.compile(
    r"(?<![\w])\\?[\"']?(?P<key>(?:payment[\s_-]?|accepted[\s_-]?)?networks)\\?[\"']?\s*[:=]\s*"
    r"\[(?P<value>[a-z0-9:\s,\"'\\-]{1,120})\]"
)
# Search-box syntax that names Souk's own search, kept narrow after an attack (162 queries: price, net= and "+base"
# operators, CLI flags and GraphQL filters fired on screeners, logs, SQL, other tools' CLIs and other search engines):
# "+mcp" / "is:mcp", flags of a `souk` command ("souk search 'ocr' --network base --max-price 0.01"), and the parameters
# of a pasted /discovery/search URL.
_OPERATOR_FIELDS = (
    re.compile(r"(?:^|(?<=\s))(?P<key>\+|is:)(?P<value>mcp)(?![\w:])"),
    re.compile(
        r"(?<=\s)--(?P<key>network|max-price|max-usd-price|type|method)[ =][\"']?(?P<value>[a-z0-9$.:-]{1,40})[\"']?"
        r"(?![\w:])"
    ),
)
_OPERATOR_KEYS = {"max_price": "max_price", "max_usd_price": "max_price", "+": "type", "is:": "type"}
_SOUK_COMMAND = re.compile(r"(?:^|(?<=\s))souk\s+(?:search|discover)\b")
_SEARCH_URL = re.compile(r"(?:^|(?<=\s))(?:https?://\S*)?/discovery/search\?\S+")
_SEARCH_PARAM = re.compile(
    r"(?<=[?&])(?P<key>network|maxusdprice|max_usd_price|type|method)=(?P<value>[a-z0-9.:$-]{1,40})"
)
# A field written as a markdown table row: "| interface | REST/HTTP |", "| rail | base |"
_TABLE_FIELD = re.compile(
    r"(?:^|(?<=\s))\|\s*(?P<key>" + _SPEC_KEYS + r")\s*\|\s*(?P<value>[a-z0-9$€¢.:/ -]{1,40}?)\s*(?=\|)"
)
# A table written as a request: a header naming what is needed ("| need | answer |", "## Constraints")
_REQUEST_TABLE = re.compile(
    r"(?:\|\s*(?:need|needs|needed|required?|requirements?|constraints?|want|wanted|must)\b"
    r"|#+\s*(?:requirements?|constraints?|needs))"
)
_SPEC_FIELD = re.compile(
    r"(?<![\w])\\?[\"']?(?P<key>" + _SPEC_KEYS + r")\\?[\"']?"
    # a value ends at punctuation, a "|" between fields, a call's closing parenthesis, an opening one ("base
    # mainnet (USDC)"), a sentence's full stop, the end, a bullet dash or the next "key:"
    # (newlines are spaces by now); quotes may come escaped, as in a tool call's JSON arguments string
    r"\s*[:=]\s*\\?[\"']?(?P<value>[a-z0-9$€¢.:/ -]{1,40}?)\\?[\"']?"
    # (a next key starts a word: "stellar:pubnet" is one value, not "s" and a key "tellar"), or the next item's number
    r"(?=\s*(?:[,;})\](|[—–]|\.(?:\s|$)|$|-\s|(?<![a-z0-9_])[a-z_]+\s*[:=])|\s+\d{1,2}[.)]\s"
    # search-box syntax: the next term excluded ("network:base -solana") or a quoted phrase ('type:mcp "ocr"')
    r"|\s+-(?=[a-z])|\s+[\"'“])"
)
_ERROR_BODY = re.compile(r"\b(?:isvalid|invalidreason|errorreason)\b")
# A per-call limit set in the caller's environment or policy file, its value ending at a space:
# "MAX_PRICE_USD=0.003 is set in our agent's env", 'per_call_limit: "$0.008"'. Not maxValue (atomic units).
_LIMIT_SETTING = re.compile(
    r"(?<![\w$])[`\"']?(?P<key>[a-z0-9_]*(?:max|limit|cap|ceiling)[a-z0-9_]*)[`\"']?\s*[=:]\s*[`\"']?"
    r"(?P<value>\$?\d+(?:\.\d+)?(?:e-[1-9])?)[`\"']?(?![\w.%]|\.\d)"  # "max_price=1e-3"
)
# The key names a per-call price limit and nothing else (not MAX_RETRIES_PER_CALL, MAX_DAILY_SPEND_USD,
# MAX_GAS_PRICE_GWEI, limit_price_usd), and its value is a call's price, not a budget or an order's limit.
_LIMIT_KEY = re.compile(
    r"(?:(?:[a-z0-9]+_)*(?:max_price|max_cost|price_cap|cost_cap|per_call_(?:limit|max|cap|price)|max_per_call)"
    # a bare price_limit is also a limit order's price: no other prefix than a call's
    r"|(?:call_|request_|search_)?price_limit(?:_per_call)?)(?:_usd)?"
)
_SETTING_MAX_USD = Decimal("1")
_LISTED_MONEY = re.compile(r"[$€]\s?\d")
_NOT_API_CALLS = _set("option options spread spreads center centre log logs recording recordings")
_CAP_NEIGHBOURS = _set(
    "per call calls request max maximum cap capped ceiling limit budget price pricing under below most less tops spend"
)
_SCIENTIFIC = re.compile(r"\d(?:\.\d+)?e-[1-9]")
_UNIT_AFTER = re.compile(r"\s*(?:(?:per|a|an)\s+|/\s*)(?P<unit>[a-z]+)(?:\s+(?P<noun>[a-z]+))?")
# After a price field: units of time and of people price a subscription ("max_price_usd: 0.5 per month per user");
# a transaction, a lead or a view can be what one call does
_FIELD_NON_CALL_UNITS = _set(
    "month months mo year years yr week weeks day days hour hours minute user users seat seats kwh gb mb tb kg lb"
)
# After a price field: the pieces of one call's input or output it is priced by (a call's price is not known)
_FIELD_PIECE_UNITS = _set("token tokens character characters char chars word words byte bytes kb second seconds sec")
_BILLING_WORDS = _set("bills bill charges charge priced price fee fees rate tier costs cost")
_QUERY_WORDS = _set("query queries search searches")
_ORDER_WORDS = _set("order orders side symbol bid")
# Before a constraint in its sentence, the caller's past ("we used to pay on polygon") unless the sentence turns.
_PAST_WORDS = _set("previously formerly")
_HYPOTHETICALLY = _set("hypothetically")
_SUBJECT_PRONOUNS = _set("we i they you it he she")
_TURNING_WORDS = _set("but now so currently today however whereas instead")
_PAST_BARRIERS = _ASKING_WORDS | _set("needed finding wants require requires search searching and still keep stay like")
_PAST_PAY_VERBS = _set("pay paid paying settle settled cost spend spent charge charged use used")
# A refusal written as a field: a key naming exclusion, then one quoted name or a bracketed list of them.
_EXCLUDE_FIELD = re.compile(
    r"(?<![\w])\\?[\"']?(?:exclude|excluded|excluding|exclusions?|blocklist|blacklist|deny[\s_-]?list|avoid)"
    r"(?:[\s_-]?(?P<kind>providers?|vendors?|services?|tools?|apis?|sources?))?\\?[\"']?\s*[:=]\s*"
    r"(?P<items>\[\s*\\?[\"'][^\]\"']{1,60}\\?[\"'](?:\s*,\s*\\?[\"'][^\]\"']{1,60}\\?[\"'])*\s*\]"
    r"|\\?[\"'][^\"']{1,60}\\?[\"']"
    # exclude_providers: [openai, anthropic]; possessive, so a list that fails to close is not retried split by split
    r"|\[\s*[a-z0-9][\w .-]{0,40}+(?:\s*,\s*[a-z0-9][\w .-]{0,40}+)*+\s*\])"
)
# "chain=base ocr": in keywords, a chain given as a parameter (not "?chain=base" inside a URL)
_CHAIN_PARAM = re.compile(r"(?<![\w?&/=])(?P<key>chain)\s?=\s?(?P<value>[a-z][a-z0-9:-]{1,40})(?![\w:-])")
_PAYLOAD_KEYS = _set("scheme maxamountrequired payto x402version paymentrequirements")
# A search box's query, short, and no command line: a single-letter or a double-dash flag, a file name or a path
# is a command's ("java -jar runner.jar", "find ./src -name x").
_SEARCH_BOX_WORDS = 16
_COMMAND_FLAG = re.compile(r"(?:^|\s)(?:-[a-z](?=\s|$)|--[a-z]|[.~]?/)|\w\.[a-z][a-z0-9]{0,3}\b")
_REQUEST_KEY_FIELD = re.compile(r"[\"']?\b(?:task|query|goal|intent|need|search)\b[\"']?\s*[:=]")
_ID_ASKED_NOUNS = _set("chain network blockchain id")
_DATA_VERBS = _set("decode decoding parse parsing explain explaining validate validating lint convert converting")
# "transactions with amount under 1 cent": the amount belongs to the data the task works on.
_AMOUNT_NOUNS = _set("amount amounts transaction transactions transfer transfers tx txs trade trades order orders")
_EXPOSE_VERBS = _set("expose exposes exposing wrap wraps wrapping publish publishes publishing")
_PAIR_NOUNS = _set("pair pairs price prices rate rates chart charts liquidity pool pools volume spread orderbook")
_REQUIRE_QUESTION_VERBS = _set("require requires use uses allow allows expect expects")
_YES_NO_OPENERS = _set("does do did doesn't don't should why")
# "agents paid me on Base", "an API charged me twice on Base": the caller paid or was paid, in the past (data);
# "charges me on Base" says where it pays
_PAYEE_VERBS = _set("pay pays paying paid payable settle settles settling charged billed")
_MOVED_BY = _set(
    """
    refund refunds refunding drip drips dripping tip tips tipping send sends sending sent transfer transfers
    donate donates withdraw withdraws deposit deposits airdrop airdrops reward rewards payout payouts
    """
)
_INDEFINITES = _set("a an any one someone somebody anyone anything some")
_ASKED_PARTIES = _set("you u anyone anybody souk")
# "uptime for the Sei network", "the TVL of Base": a chain's own figures ("low fees for the Base network" is a rail)
_CHAIN_FIGURES = _set(
    """
    uptime tvl tps finality throughput stats statistics metrics outage outages validator validators consensus
    blocks block supply liquidity volume
    """
)
_PAYMENT_DATA_QUALIFIERS = _set("customer incoming yesterday's today's their recent")
_LOOK_VERBS = _set("see check track reconcile list show which count match")
_ARRIVAL_VERBS = _set("arrived arrive arrives arriving landed land lands came received incoming cleared")
_PAYEES = _set(
    """
    contributors employees staff freelancers workers creators artists writers suppliers contractors
    affiliates partners winners drivers couriers moderators
    """
)
_PAYMENT_ARTIFACTS = _set("link links request requests page pages button buttons form forms qr invoice invoices")
_STABLECOINS = _set("usdt dai pyusd")
_RELATIVES = _set("that which that's")
_RELATIVES_OR_TO = _RELATIVES | _set("to")
_COPULA_NEGATIONS = _set("isn't isnt aren't arent")
# "MCP tools without rewriting the business logic": the caller's effort spared, not a refused result ("without
# adding a watermark", "without requiring a credit card" refuse one)
_EFFORT_GERUNDS = _set(
    "rewriting changing touching modifying editing recoding redeploying migrating refactoring managing hosting"
    " maintaining"
)
_DAPP_NOUNS = _set("applications application apps app exchanges exchange finance")
_ADDRESS_KINDS = _set("active unique wallet holder holders funded whale new")
# "fees on Base that were under $0.01", "calls were under 1 cent": the data's own costs; not "it was under 1 cent
# before, stay under that" (a standing cap)
_PRICED_RECORDS = _set(
    "fees fee calls requests transfers payments transactions txs items invocations orders charges swaps settlements"
)
_IF = _set("if")
_STANDING_WORDS = _set("keep stay still holds hold remain remains")
_THIRD_PARTY_HOLDERS = _set("dao daos treasury company business")
_AGENT_WORDS = _set("agent agents bot bots assistant assistants")
# "Insecure protocols to flag: telnet, FTP, plain HTTP", "HTTPS vs. plain HTTP": protocols the task covers
_PROTOCOL_WORDS = _set("ftp sftp telnet ssh smtp grpc websocket websockets vs versus protocols protocol schemes scheme")
_SUPPORT_VERBS = _set("support supports supporting supported")
_COLLECT_VERBS = _set("receives receive receiving collects collect collecting")
_GET_WORDS = _set("get gets got getting")
_PAID = _set("paid")
_SELLERS = _set("my our we i")  # "our shop receives payments", "we collect payments"
# The caller accepting payments: its own business takes them, the task's subject ("we want to start accepting
# payments on Solana", "accept USDC on Base for my store"); not "a tool accepting payments on Base" (a red team,
# 2026-12-07: payment infrastructure read as the caller's rail)
_ACCEPT_FORMS = _set("accept accepts accepting")
_WANTING_TO = _set("want wants wanna need needs would like love plan planning going to start starting begin also now")
_RECEIVED = _set("received collected accepted")
_DECENTRALIZED = _set("decentralized")
_ADDRESSES = _set("addresses")
_TOO_MUCH = _set("much expensive pricey costly steep high")
_FEE_WORDS = _set("fee fees")
_PER_WORDS = _set("per each")
_TRADE_VERBS = _set(
    "purchase purchasing buy buying bought sell selling sold swap swapping swapped trade trading exchange exchanging"
)
_COINS = _set("bitcoin bitcoins btc ether coin coins token tokens crypto stablecoins memecoins altcoins nft nfts")
# "$5.25 in sales tax", "$2M in volume": an amount of some kind of money, not what a call costs ("$0.01 in USDC" is,
# and so is "under $0.01 in fees per call": fees are not among them)
_MONEY_KINDS = _set(
    """
    tax taxes revenue revenues sales tips interest rewards savings income profit profits losses volume funding
    donations refunds damages dividends royalties wages payroll deposits
    """
)
_CALCULATION_WORDS = _set(
    "estimate estimates estimated estimating calculate calculating compute computing averaging averaged average"
    " spent forecast projected"
)
_CHARGE_VERBS = _set("charge charges charging bill bills")
_SELL_VERBS = _set("sell sells selling resell resells")
_GIVE_VERBS = _set("tip tips tipping donate donates donating")
_PAYMENT_MODALS = _set("must should be made has have to will is are needs need can only done settled happen happens")
# (with the records named above: defined twice, the first list was silently dropped until 2026-12-07)
_PAYMENT_RECORDS = _PAYMENT_RECORDS | _set(
    "invoices invoice orders order bills receipts subscriptions transfers transactions payouts"
)
_PAYING_OTHERS = _PAYING_PEOPLE | _set(
    "customers users clients buyers shoppers people members fans guests players subscribers"
)
_THEIR = _set("their his her customers' users' clients'")
_THIRD_PARTIES = _set("competitors competitor rivals others they sellers vendors providers incumbents")
_FEE_SCHEDULE = re.compile(r"\d%\s*(?:\+|plus)\s*\$?$")
_CAP_LEAD_WORDS = _set("under below than most max maximum ceiling cap capped upto")
_STATED_PRICE_VERBS = _set("cost costs bills billed charge charges charged quotes quoted was were")
_PRICE_GAP_WORDS = _set("us me them him her about around roughly approximately almost nearly only just")
_PRICE_ADVERBS = _set("only just ideally also still currently usually typically already actually")
_CAP_NOUNS = _set("max maximum cap ceiling limit budget")
_FORMER_WORDS = _set("old previous former last used earlier")
# "switched from", "moving away from", "migrating off", "replacing": what the caller leaves (mark_left_behind)
_LEAVING_VERBS = _set("switched switching moved moving migrated migrating migrate ditching dropping leaving")
_LEAVING_PREPOSITIONS = _set("from off")
_REPLACING_WORDS = _set("replacing replace replaced")
# "replacing our provider", "replace the base one": the caller's tool follows; not "background replace api", "find
# and replace text" (replacing is the task)
_REPLACED_DETERMINERS = _set("our my the their its this that these those your")
# what starts the clause of the tool that replaces it: "from base to solana", "replace it with one on solana"
_LEAVING_STOPS = _set("to onto into with by for")
_CHEAPER_WORDS = _set("cheaper cheapest lower less")
# "that costs $0.002 per call" describes what is wanted, "must cost" requires it
_WISHED_PRICE_LEADS = _RELATIVES | _set("who must should can could may might to will would shall does do did 'd")
_MAX_CALL_PRICE = Decimal(100)
_PLAIN_WORDS = _set("plain regular simple standard")
_BODY_LEADS = _set("a an the my our some json csv")
_BODY_WORDS = _set("json body payload csv")
_MODAL_WORDS = _set("must should has have needs need")
_STATE_ENDINGS = ("ed", "ing", "able", "ible", "ary", "al", "ive", "id", "ent", "ant", "ous", "ful", "less")
_STATE_WORDS = _set("found stale empty free new old open closed live up down true false ok okay working")
_BODY_FORMATS = _set("json csv xml form")
_SUBMIT_VERBS = _set("submit submits submitted submitting send sends sent")
_CALLABLE = _set("callable reachable invokable invocable")
_ACCEPT_VERBS = _set("accept accepts accepting support supports supporting speak speaks take takes")
_WANTED_SUBJECTS = _set("that which must should one")
_MUST_HAVE = _set("has have needs need got")
_OWNERS_OF_SYSTEMS = _set("my our we i i'm we're their his her its")
_PAY_TAILS = _set("per only please with on in via using")
_PRESERVE_GERUNDS = _set(
    "losing breaking dropping changing altering mangling stripping messing ruining sacrificing compromising"
)
_GENERIC = _set("anything something everything whatever stuff ones those tools services apis results one")
_NEGATION_FILLER_STEMS = frozenset(tokenize(_NEGATION_FILLER))
# Words a caller uses for "any listing" ("everything on base sepolia", "api paid on solana", "show me all
# endpoints under 1 cent"): beside a constraint and nothing else topical, the query is a browse.
_BROWSE_WORDS = _set(
    """
    everything anything something whatever stuff thing things all every any ones one those these
    api apis endpoint endpoints service services tool tools resource resources listing listings
    result results available show list browse see
    """
)
_BROWSE_STEMS = frozenset(tokenize(" ".join(sorted(_BROWSE_WORDS))))
# "USDC-only", "EURC-priced": a payment word hyphenated to an asset; "XLM-RoBERTa" is a name.
_ASSET_COMPOUND_TAILS = _set(
    """
    only priced denominated based payable paid settled settling native compatible friendly first accepting
    pay payment payments settlement on
    """
)
_ASSET_NAMES = {"lumens": "XLM", "lumen": "XLM", "usd": "", "euro": ""}
_ASSET_PAIRS = {("usd", "coin"): "USDC", ("euro", "coin"): "EURC"}
_PRICE_MOVES = _set("drops drop dropped falls fall fell rises rise rose dips dip jumps jump moves spikes crashes")
_PREFER = _set("prefer prefers preferred preferably ideally")
_TRAILING_WISH = (_PREFER - _set("prefer prefers")) | _set("preferable optional")
_WALLET = _set("wallet wallets")
_SPEND_VERBS = _set("spend spends spending pay pays paying use uses")
_WALLET_ADJECTIVES = _set("only funded main primary own single usual default spending payment paying payer")
_FUNDS_NOUNS = _set("account money funds balance")  # "my spending account lives on avalanche fuji"
_HOLDERS = _set("my our i we agent wallet")
_CALLER_WORDS = _HOLDERS | _set("i'm we're agent's")  # who may hold the caller's money
_PAYING_THERE = _CALLER_WORDS | _set("it")  # "(our agent | it) can only pay there"
_HOLDING_SUBJECTS = _BALANCE_WORDS | _set("transfer transfers transactions history")
# The words of the caller's situation before what it holds or where its funds are ("my agent's only wallet is").
_CALLER_CONTEXT = _set("wallet wallets only holds hold has have funds funded is are agent agent's lives on")
_CALLERS = _set("my our i we i'm we're")
# the stablecoins x402 prices in, tagged with their chain in a short query ("weather api usdc base")
_X402_STABLECOINS = _set("usdc eurc")
_NEEDING_VERBS = _set("needs need requires require uses use")
_BARE_HTTP = _set("http https rest")
_IMPERATIVE_LEADS = _set("so and then please just but")  # "..., so don't bother with route tools"
_AFTER_INTERFACE = _set("only please yet anymore currently now today either")
_EITHER_IS_FINE = re.compile(
    r"\b(?:either|both)(?:\s+(?:one|of\s+them|way))?\s+(?:is\s+|are\s+)?(?:fine|ok|okay|works?|good)\b"
)
_RAIL_NAMED_ELSEWHERE = "the query names its payment network in a payment phrase elsewhere"
_LONG_TASK_RAIL = " in a long task request without a payment phrase"
_ENDPOINT_NOUNS = _set("endpoint endpoints api apis route routes")
# "we don't have any USDC on Base", "we have no Solana wallet", "our wallet isn't on base": the caller lacks money there
_LACKING_VERBS = _set("don't dont doesn't doesnt didn't didnt haven't havent hasn't hasnt")
_SUBJECT_CALLERS = _set("i we")
_OUT_OF_SUBJECTS = _SUBJECT_CALLERS | _set("we're i'm")  # "we're out of usdc on base", "we ran out of funds on base"
# money, not any thing lacked: "we have no tools that settle on stellar yet" asks for one there
_HELD_MONEY = _WALLET | _FUNDS_NOUNS | _set("fund funded usdc eurc usd xlm sol eth tokens token coins crypto")
# "we don't have ETH on Base for gas, only USDC", "... but we do on solana": the rail is kept after all
_RAIL_KEPT_AFTER = _set("only but except besides though")
_POSSESSIVES = _set("my our")
_OWN_ADJECTIVE_BEFORE = _set("my our its their your his her")
_PAYING_OWNERS = _set("my our its")  # "(the sub-agent) pays with USDC from its own wallet on Base"
_OWN_PAYERS = _set("i i'm im we we're i'll we'll now currently always usually")
_SELF_HELPERS = _set("am are will")  # "i am paying from", "we will pay from"
_PAYING_THINGS = _set("agent agents bot bots app wallet")  # "my agent pays from"
_STOPPED_PAYING = _set("not stopped no never quit longer")
_PAYING_FROM_TAILS = _set("and but so now with only today because mainnet for")
_WALLET_DETERMINERS = _POSSESSIVES | _DETERMINERS  # "paying from a base wallet", "from our solana wallet"
_FIRST_PERSON = _POSSESSIVES | _set("we i")  # "the wallet my agent spends from", "we sell API access at ..."
_QUOTE_WORDS = _set("price prices value values rate rates quote quoted worth")
_SYMBOL_WORDS = frozenset(_KNOWN_SYMBOLS) | frozenset(_UNRATED_SYMBOLS)
_ABOUT_NOUNS = _set(
    """
    news article articles report reports research info information updates update docs documentation
    tutorial tutorials guide guides stats statistics analysis insights sentiment opinions discussion
    discussions podcast podcasts posts tweets
    """
)
_BASEBALL = _set("baseball mlb batting inning innings pitcher pitchers softball stolen")
_ASSET_DATA = _set(
    """
    depeg peg reserves reserve attestation attestations issuer circulation cap mcap stablecoin news apy
    rewards listing listings whitepaper
    """
)
_ALWAYS_CHAINS = frozenset({"stellar", "solana", "ethereum"})
# A chain's coin ticker as its name, read only in a payment phrase ("settles on sol"): see settled_on
_SHORT_FAMILIES = {"sol": "solana", "eth": "ethereum"}
_TICKER_PAY_VERBS = _set("settles settle pays pay payable")
_TICKER_PAYERS = _set("api apis endpoint endpoints service services tool tools server servers route routes")
_PRICED_SERVICES = _set("quote quotes data feed feeds lookup lookups api apis endpoint endpoints tool tools service")
# After a priced thing, a noun naming the work done on it: "token analysis under 5 cents", "nft minting under 5
# cents", "usdc balance checker under 1 cent". The service is priced, the thing only says what it works on.
_SUBJECT_SERVICES = (
    _PRICED_SERVICES
    | _ABOUT_NOUNS
    | _set(
        """
        minting mint mints swap swaps staking tracking monitoring scanning screening screener screeners
        analytics alerts alerting detection classification scoring rating ratings search explorer lookup
        generation generator checker checks verification discovery
        """
    )
) - _set("posts")
# Heads that name no particular service: "tokens from one launchpad", "coins with options".
_VAGUE_HEADS = _set(
    "one ones something anything option options alternative alternatives solution solutions result results"
    " source sources"
)
# The asset the caller pays in is never the thing an amount prices: "paid in usdc under 1 cent".
_PAID_ASSET_WORDS = frozenset(_SYMBOLS) | frozenset(_ASSET_NAMES) | _set("bitcoin ether")
_BARE_CAP_MAX = Decimal("0.10")
# What explains x402 rather than being paid through it ("docs for accepting x402 payments on Stellar")
_EXPLAINING_WORDS = _set("documentation docs doc tutorial tutorials guide guides explainer explain explains")
_ACCEPTING = _set("accept accepts accepting take takes taking")
# Who accepts payments in the data a task searches, not a service the caller pays
# (plural: "OCR from a company that accepts payments on base" is the caller buying from one)
_BUSINESSES = _set("firms companies merchants businesses shops stores restaurants retailers")
_PAID_SERVICES = _set("api apis tool tools service services endpoint endpoints server servers")
_PRICE_STATED = _set("price cost")
_PRICED_DATA = _set(
    "stock stocks token tokens coin coins share shares penny commodity commodities futures electricity tariff tariffs"
    " gas fuel screener screeners crypto memecoin memecoins nft nfts order orders"
)
_PRICE_STATEMENT_WORDS = _PRICE_STATED | _set(
    "the its max maximum call per request each must should has have to needs need be is at most below under less"
    " than no more not exceed lower cheaper limit cap ceiling of usd dollar dollars $ a an"
)
_CALL_WORDS = _set("call calls request requests lookup lookups invocation invocations")
_CALL_UNIT_WORDS = _set(
    "call request req query use invocation hit lookup run search image page document file check api"
)
# a unit of work priced as the subject of "costs" ("each query costs $0.001"); not "the API costs", said of a service
_PRICED_WORK = _CALL_UNIT_WORDS - _set("api use run hit")
_NEGATED_GAP = _set("a an be being been")
_ANY_LISTING = _set("anything everything all any whatever")
_LIST_JOINS = _set("and or nor")
# Chain names that are no ordinary word (not "base", "polygon", "avalanche", "sei"): refused by name, their rail is.
_REFUSABLE_CHAINS = _set("solana stellar ethereum arbitrum iotex")
# "our client does not speak MCP", "we don't accept solana": a verb of using between the negation and what is refused.
_REFUSING_VERBS = _set("speak speaks support supports accept accepts handle handles allow allows want")
# "weather api, solana excluded", "mcp is not an option", "stellar not accepted": a refusal after what it refuses.
_REFUSED_AFTER = re.compile(
    r"\s*(?:(?:is|are)\s+)?(?:excluded|unsupported|banned|not\s+(?:supported|accepted|allowed|ok(?:ay)?|possible"
    r"|welcome|fine|acceptable|an?\s+option)|isn'?t\s+(?:supported|accepted|allowed|ok(?:ay)?|possible|fine|acceptable"
    r"|an?\s+option)"
    # "base is fine, solana is not": the elided predicate of an acceptance said just before
    r"|(?<=is\s)not(?=\s*(?:[,.;!\-–—]|$))|isn'?t(?=\s*(?:[,.;!\-–—]|$))|(?<=is\s)out(?=\s*(?:[,.;!\-–—]|$))"
    r"|(?:won'?t|doesn'?t|does\s+not|will\s+not)\s+work|(?:is\s+)?a\s+no[\s-]?go)(?!\w)"
    r"(?!\s+(?:by|at|in|on)\s)"  # "base is not supported by most providers": the world's, not the caller's
)
_PRICE_GAP = _set("must should be has have needs need stay stays of")  # "... must be below $0.001"
_PRICE_NOUNS = _set("price prices cost costs fee fees spend spending budget charge")
_CAP_WORDS = _set("cap caps limit limits ceiling ceilings max maximum")
_COPULAS = _set("is are was were")
_BE = _COPULAS | _set("be")
_WHETHER = _set("whether")
_CHECK_VERBS = _set(
    "check checks checking confirm confirms verify verifies verifying validate validates validating ensure ensures"
    " detect detects tell tells whether determine determines flag flags"
)
_CHECKING = _CHECK_VERBS | _IF  # "check if an image isn't from Midjourney"
# Before "payment(s) on <chain>", these make the payments the task's object, not how the caller pays.
_PAYMENT_DATA_NOUNS = _set(
    "analytics stats statistics dashboard dashboards data history explorer indexer metrics reports report insights"
)
_PAYMENT_OBJECT_MARKERS = _set(
    """
    a an the send sending sends execute executing make making track tracking list listing
    process processing receive receiving initiate monitor monitoring verify verifying refund refunding schedule
    split stream streaming reconcile reconciling
    """
)
_CANNOT = _set("cannot can't cant")  # "we cannot pay on Solana": the rail refused, not asked for
# "avoid anything that settles on ethereum", "no apis paid on base": the listings a rail describes, refused
_REFUSED_LISTINGS = _set(
    """
    anything everything ones tools tool apis api services service endpoints endpoint providers provider sellers
    seller listings listing options servers results
    """
)
_RAIL_KINDS = frozenset({"network", "asset", "qualifier"})
_RAIL_LIST_GAP = _set("or and nor on in via over through")
# "They send USDC and EURC over Stellar": what others move over a chain is the task's data
_TRANSFER_VERBS = _set("send sends sent transfer transfers transferred move moves moved remit remits remitted")
# "a script that polls GET /v1/prices": a request the task makes
_POLL_VERBS = _set("poll polls polling polled hit hits hitting")
# "posts the result via an HTTP POST webhook": a call the task makes
_HOOK_WORDS = _set("webhook webhooks callback callbacks")
# "a couple of them only answer HEAD requests": what the task's own subjects do
_ANSWERING_OTHERS = _set("them they those these some others both sites servers pages")
# "solana works best for NFTs", "stellar is allowed to mint?": a chain opening a sentence about it
_CHAIN_AS_SUBJECT_VERBS = _set(
    "is are was were works work worked would will has had can could does did isn't wasn't ist est está esta è"
)
# "..., base is fine", "but solana works": a chain said to be acceptable, opening its clause (or after these)
_ACCEPTED_OPENERS = _set("but and so though")
_REFUSED_BEFORE_CHAIN = _set("no not avoid skip exclude excluding except without never nor")
_ANY_BUT = _set("any anything everything all chain chains network networks rail rails one")
_ACCEPTABLE = _set("fine ok okay acceptable")
# "not on base, and polygon is fine": the rail after the refused one is the subject of a clause of its own
_CLAUSE_AFTER_RAIL = _COPULAS | _set("works work would will should can could 's isn't aren't")
_REFUSED_LISTING_GAP = _set("the any all those a an me of want show")
_LISTING_REFUSERS = _set("avoid skip exclude excluding no don't dont ignore none")
# "don't want anything ...", "don't show me anything ..."; not "don't need": "I don't need anything paid on base,
# any chain is fine" says a rail is not required
_REFUSED_LISTING_WANTS = _set("want show")
_OUT_REFUSERS = _set("filter leave rule cut")
_NO_CLAUSE_OPENERS = _set("and but so please also just")  # "weather api, and no apis paid on base"
# "please don't ignore ...", "why not ...", "I can't skip tools paid on base", "you shouldn't exclude ..."
_REFUSAL_UNDONE = _set("don't dont not never why if when unless can't cant cannot won't wont shouldn't shouldnt")
_SERVICE_NOUN_MODIFIERS = _set("payment payments settlement settlements")
# The units a call is billed by, words of no topic; "per image", "per page", "per document" may be what is sought.
_BILLING_UNITS = _CALL_WORDS | _set("req query queries use hit hits run runs")
_SHOP_WORDS = _set("store stores shop shops menu coupon coupons discount discounts sale sales bill bills")


@dataclass(slots=True)
class _Claim:
    kind: str  # network | qualifier | asset | price | minprice | type | method | cheap
    first: int  # word indexes of the core phrase
    last: int
    phrase: str
    value: object = None
    negated: bool = False
    role: AppliedAs = "filter"
    why: str = ""
    wished: bool = False  # a preference ("ideally on base"): a boost, but its payment words are still no topic
    waived: bool = False  # stated, then waived ("but any chain is fine"): what it asked for is any listing


class _Scan:
    """One pass over a normalized query: claims constraint phrases word by word, then negations."""

    def __init__(self, text: str, cased: str | None, line_starts: frozenset[int] = frozenset()) -> None:
        self.text = text
        self.cased = cased
        self.line_starts = line_starts
        matches = list(_WORD.finditer(text.replace("’", "'")))
        self.spans = [m.span() for m in matches]
        self.starts = [s for s, _ in self.spans]
        self.ends = [e for _, e in self.spans]
        self.words = [m.group() for m in matches]
        count = len(self.words)
        # link[i]: words i and i+1 are in one clause (no punctuation between them).
        gaps = [text[self.ends[i] : self.starts[i + 1]] for i in range(count - 1)]
        # " - " between words is a dash, as "—" is; "e-mail" and "base-sepolia" stay joined.
        self.link = [
            (not any(c in _BARRIER for c in gap) and " - " not in gap)
            # "transfers over $10,000 on Base": a thousands separator joins its digits
            or (gap == "," and self.words[i][-1:].isdigit() and self.words[i + 1][:3].isdigit())
            # "pump.fun", "node.js": a dot inside a name joins it (a sentence's full stop is followed by a space)
            or (gap == "." and self.words[i][-1:].isalpha() and self.words[i + 1][:1].isalpha())
            for i, gap in enumerate(gaps)
        ]
        self.quoted = [False] * count
        for pattern in (_QUOTED, _URL, _FILE_NAME):
            for m in pattern.finditer(text):
                for k in self.word_range(m.start(), m.end()):
                    self.quoted[k] = True
        # The text a task works on is read as quoted; ``worked_on`` tells the note why.
        self.worked_on = [False] * count
        for m in (*_MESSAGE_SAYS.finditer(text), *_TEXT_TASK.finditer(text)):
            content = self.word_range(m.start("content"), m.end("content"))
            opener = self.word_range(m.start(), m.start("content"))
            crosses_line = any(m.start() < at <= m.start("content") for at in line_starts)
            if not content or not opener or crosses_line or _TURN.search(text, m.start(), m.start("content")):
                continue  # "translating docs Assistant: ok", "Action: translate / Output: ...": no colon of the task
            line_end = min((at for at in line_starts if at > m.start("content")), default=len(text))
            if m.re is _MESSAGE_SAYS and not any(
                self.words[k] in _MESSAGE_WORDS for k in range(max(0, opener[0] - 6), opener[0])
            ):
                continue  # "a tool saying it settles on base": no message is written
            for k in (k for k in content if self.starts[k] < line_end):
                self.quoted[k] = self.worked_on[k] = True
        first_word = self.words[0] if self.words else ""
        self.question = text.rstrip().endswith("?") or first_word in _QUESTION_WORDS
        # A pasted conversation: lines opening with a speaker's label, one of them the user's and one not. Each line
        # from the first label on is a turn; a line without a label is the asker's own ("Find an LLM API ...").
        labels = [m for m in _TURN.finditer(text) if m.start() in line_starts]
        speakers = {m["speaker"] for m in labels}
        if not (speakers & _USER_SPEAKERS and (speakers - _USER_SPEAKERS or len(labels) > 1)):
            labels = []  # one "user:" line, or "agent: ..." alone, is no conversation; two user turns are one
        said_by = {m.start(): m["speaker"] for m in labels}
        turn_starts = sorted(start for start in line_starts if labels and start >= labels[0].start())
        # turn_of[k]: which turn word k is in (-1 before the first, or no conversation)
        self.turn_of = [bisect_right(turn_starts, s) - 1 for s in self.starts]
        self.turn_speaker = [said_by.get(start, "") for start in turn_starts]
        # A turn ends the clause before it, and so does a bulleted line: "* settlement: Base mainnet\n* price ceiling:
        # ..." holds no "mainnet price".
        bullets = [start for start in line_starts if _BULLET.match(text, start)]
        for start in [*turn_starts, *bullets]:
            first = bisect_left(self.starts, start)
            if 0 < first <= len(self.link):  # a last line without words ("...\n,") starts past the last word
                self.link[first - 1] = False
        sentence_ends = sorted([m.start() for m in _SENTENCE_END.finditer(text)] + turn_starts)
        self.sentence = [bisect_left(sentence_ends, s) for s in self.starts]
        # per word, its sentence's first word; per text, the sentences that calculate: asked per word and per amount
        self.sentence_first = list(range(count))
        for k in range(1, count):
            if self.sentence[k - 1] == self.sentence[k]:
                self.sentence_first[k] = self.sentence_first[k - 1]
        self.sentence_last = list(range(count))
        for k in range(count - 2, -1, -1):
            if self.sentence[k + 1] == self.sentence[k]:
                self.sentence_last[k] = self.sentence_last[k + 1]
        self.chain_runs: dict[int, tuple[list[int], frozenset[str]]] = {}
        self.amounts_listed: dict[int, int] = {}
        self.route_table: bool | None = None
        self.rails_named: list[int] | None = None
        self.bracket_ids: dict[tuple[int, int], int] = {}
        self.enumerations: dict[tuple[int, int], bool] = {}
        self.calculating = {self.sentence[k] for k, w in enumerate(self.words) if w in _CALCULATION_WORDS}
        self.turn_labels = [(m.start(), m.end()) for m in labels]
        self.label_starts = frozenset(m.start() for m in labels)
        # Sentences that end with a question mark ("MCP transport needed? find an explainer api")
        self.asked = {self.sentence[k] for k in range(count) if text.startswith("?", self.ends[k])}
        # A long or multi-sentence query is a task description, not a Bazaar-style query: there a
        # chain, amount or protocol is far more often the subject than a payment constraint.
        self.task = any(
            len(words) > _TASK_WORDS or (len({self.sentence[k] for k in words}) > 1 and len(words) > _FRAGMENT_WORDS)
            for words in self.utterances()
        )
        # Asked in sentences (a question, a task, "please ..."), not typed as keywords.
        self.request = self.task or self.question or first_word in _REQUEST_OPENERS
        self.spec_sentences = self.requirement_lists()
        self.pay_sentences = self.spec_sentences | {
            self.sentence[k]
            for k, w in enumerate(self.words)
            if w in _SENTENCE_PAY_CUES or (w == "per" and self.near(k, 1) in ("call", "request", "calls", "requests"))
        }
        self.astronomy = any(w in _ASTRONOMY for w in self.words)
        self.unit_priced = next(
            (
                unit
                for k, w in enumerate(self.words)
                if w == "per" and self.near(k, -1) in _PRICE_WORDS | _set("prices rates")
                for unit in (self.near(k, 1), self.near(k + 1, 1))
                if unit in _NON_CALL_UNITS or unit in _set("token tokens character characters word words")
            ),
            "",
        )
        self.baseball = any(w in _BASEBALL for w in self.words)
        # "articles that explain how a client pays in usdc on base": what follows is the topic.
        self.scope_opener = [-1] * count  # the opener whose clause word k is in, or -1
        for k in range(1, count):
            if self.link[k - 1]:
                opens = self.words[k - 1] in _SCOPE_OPENERS or (  # "a blog post on how to ..."
                    self.words[k - 1] == "how" and self.near(k - 1, -1) in ("on", "about")
                )
                # "I can only afford about a penny per lookup": "about" an amount is "roughly"
                opens = opens and not (
                    self.words[k - 1] == "about"
                    and self.near(k - 1, -1) in _APPROXIMATE_LEADS
                    and _APPROXIMATE.match(text, self.ends[k - 1])
                )
                # "don't care about the chain as long as it's under $0.02 a call": a concern, not a task's subject
                opens = opens and not (self.words[k - 1] == "about" and self.near(k - 1, -1) in _CONCERN_WORDS)
                self.scope_opener[k] = k - 1 if opens else self.scope_opener[k - 1]
        self.owner: list[_Claim | None] = [None] * count
        self.claims: list[_Claim] = []
        self.removed = bytearray(len(text))  # 1 where a character left the topical text
        self.negations: list[tuple[int, list[int]]] = []  # (trigger start, clause words) per negation
        self.minus_words: frozenset[int] = frozenset()  # words after a search box's minus operator (result())
        self.refusal_fields: set[int] = set()  # words of an "exclude=[...]" field, read by scan_exclude_fields
        self.topical_negations: list[tuple[int, int, str]] = []  # (first, last, why)
        # Testnets reached only through a bare family name ("on stellar"); dropped unless a qualifier
        # asks for them, because a bare chain name means its mainnet, as the v1 names do.
        self.bare_testnets: set[str] = set()
        self.explicit_testnets: set[str] = set()
        # Testnets named with their chain but not as the rail ("we only have USDC on Solana devnet"): what a
        # later bare "devnet payments" refers to.
        self.named_testnets: set[str] = set()

    # word helpers

    def utterances(self) -> list[list[int]]:
        """The query's words, or each user turn's of a pasted conversation: each turn is judged as a query."""
        if not self.turn_labels:
            return [list(range(len(self.words)))]
        turns: dict[int, list[int]] = {}
        labels = {start for start, _ in self.turn_labels}
        for k, turn in enumerate(self.turn_of):
            if turn >= 0 and not self.assistant_said(k) and self.starts[k] not in labels:
                turns.setdefault(turn, []).append(k)
        return list(turns.values())

    def word_range(self, start: int, end: int) -> range:
        """Indexes of the words overlapping text[start:end]."""
        return range(bisect_right(self.ends, start), bisect_left(self.starts, end))

    def at(self, i: int) -> str:
        return self.words[i] if 0 <= i < len(self.words) else ""

    def joined(self, i: int, j: int) -> bool:
        """Words i and j (adjacent) exist and no clause punctuation separates them."""
        lo, hi = min(i, j), max(i, j)
        return lo >= 0 and hi < len(self.words) and self.link[lo]

    def free(self, i: int) -> bool:
        return 0 <= i < len(self.words) and self.owner[i] is None and not self.quoted[i]

    def free_text(self, start: int, end: int) -> bool:
        """Every word of text[start:end] is unclaimed and unquoted."""
        return all(self.free(k) for k in self.word_range(start, end))

    def content(self, i: int) -> bool:
        """Word i is topical text: unclaimed, or claimed only as a topic."""
        if not 0 <= i < len(self.words):
            return False
        claim = self.owner[i]
        return claim is None or claim.role == "topic"

    def near(self, i: int, step: int) -> str:
        """The word next to i (step -1 or 1) when joined to it, else ''."""
        lo = i if step > 0 else i - 1  # the hot path of every scan, so no helper calls
        return self.words[i + step] if 0 <= lo < len(self.link) and self.link[lo] else ""

    def before(self, i: int, skip: frozenset[str] = frozenset()) -> int:
        """Index of the word joined before i, past any ``skip`` words; -1 when there is none."""
        k = i - 1
        while k >= 0 and self.link[k] and self.words[k] in skip:
            k -= 1
        return k if k >= 0 and self.link[k] else -1

    def look_back(self, i: int, width: int, vocabulary: frozenset[str]) -> int:
        """The nearest of the ``width`` words joined before i that is in ``vocabulary``; -1 if none."""
        k = i - 1
        while k >= 0 and i - k <= width and self.link[k]:
            if self.words[k] in vocabulary:
                return k
            k -= 1
        return -1

    def in_sentence_before(self, i: int, width: int, vocabulary: frozenset[str]) -> int:
        """The nearest of the ``width`` words before i in i's sentence that is in ``vocabulary``, across
        in-sentence punctuation ("$0.002" breaks the join); -1 if none."""
        for k in range(i - 1, max(-1, i - width - 1), -1):
            if self.sentence[k] != self.sentence[i]:
                break
            if self.words[k] in vocabulary:
                return k
        return -1

    def sentence_start(self, i: int) -> int:
        return self.sentence_first[i]

    def data_priced(self, m: re.Match[str], usd: Decimal | None) -> bool:
        """A price stated in words ("max price 0.05", "price cap 0.07") that prices the data, not a call: a bare figure
        of 10 cents or more ("limit order: price limit 0.92"), one per token or character ("LLM api max price 0.002 per
        token"), or one in a sentence about tokens, stocks or tariffs ("crypto token screener, max price 0.05",
        "price cap 0.09 for electricity tariffs"); a verification pass, 2026-12-07."""
        if usd is None or (usd >= _BARE_CAP_MAX and "$" not in m.group() and not m.group("unit")):
            return True
        if (m.group("per") or "") in _FIELD_PIECE_UNITS:
            return True
        first = self.word_range(m.start(), m.end())[0]
        return any(self.words[k] in _PRICED_DATA for k in self.sentence_words(first))

    def price_statement(self, first: int, last: int) -> bool:
        """The words of first's sentence up to the amount ending at ``last`` only state a price: "the price must be
        below 0.002 USD", "max cost 0.005 per call"."""
        words = {self.words[k] for k in range(self.sentence_first[first], last + 1)}
        words = {w for w in words if not any(ch.isdigit() for ch in w)}
        return bool(words & _PRICE_STATED) and words <= _PRICE_STATEMENT_WORDS

    def sentence_words(self, i: int) -> range:
        """The positions of the words in i's sentence."""
        return range(self.sentence_first[i], self.sentence_last[i] + 1)

    def back_past(self, end: int, skipped: str, *, spaces: bool = True) -> int:
        """The position before ``end`` past the white space (if ``spaces``) and ``skipped`` characters before it."""
        while end > 0 and ((spaces and self.text[end - 1].isspace()) or self.text[end - 1] in skipped):
            end -= 1
        return end

    def char_before(self, i: int, skipped: str) -> str:
        """The character before word i past white space and ``skipped``; "" at the start of the text."""
        k = self.back_past(self.spans[i][0], skipped)
        return self.text[k - 1] if k else ""

    def ends_with(self, pattern: re.Pattern[str], end: int) -> re.Match[str] | None:
        """``pattern`` (anchored with $) matched against the text before ``end``. Only its last 200 characters
        are searched: the patterns span a few dozen characters of collapsed text, and searching each amount's
        whole prefix made a 4,000-character list of amounts quadratic."""
        return pattern.search(self.text, max(0, end - 200), end)

    def hex_before(self, end: int) -> bool:
        """A hex string ("0x9af3...e2") ends right before ``end``. Searched from where it can start: the run of hex
        digits and dots before ``end`` (past white space) can only follow its "0x" (searching from the text's start
        for every chain was quadratic)."""
        k = self.back_past(self.back_past(end, ""), _HEX_RUN, spaces=False)
        return _HEX_BEFORE.search(self.text, max(0, k - 2), end) is not None

    def past(self, i: int, skipped: str) -> int:
        """The position after word i and any of ``skipped`` that follow it."""
        k = self.spans[i][1]
        while k < len(self.text) and self.text[k] in skipped:
            k += 1
        return k

    def sentence_opening(self, i: int) -> int:
        """The first word of i's sentence, past a conversation's speaker label ("User:")."""
        start = self.sentence_start(i)
        return start + (self.spans[start][0] in self.label_starts)

    def span_text(self, first: int, last: int) -> str:
        return self.text[self.spans[first][0] : self.spans[last][1]]

    def owned_by(self, i: int, kind: str, role: str | None = None) -> bool:
        claim = self.owner[i] if 0 <= i < len(self.words) else None
        return claim is not None and claim.kind == kind and (role is None or claim.role == role)

    def requirement_lists(self) -> set[int]:
        """ "Hard limits: GET, <= $0.005.", "Constraints: base, under 1 cent.": sentences that open with a
        requirements label and list a few items after it. Not "Rate limits: 100 GET calls per minute" (the
        label names something else) nor a label followed by a sentence of prose."""
        found: set[int] = set()
        for m in _CONSTRAINT_LABEL.finditer(self.text):
            k = bisect_left(self.starts, m.start())
            if k >= len(self.words):
                continue
            # the label opens its sentence or a clause of its own ("fetch the gas price; constraint: ...")
            before = self.back_past(m.start(), "")
            opens = k == 0 or self.sentence[k - 1] != self.sentence[k] or self.text[before - 1 : before] in ";|(-"
            if not opens:
                continue
            # the words of its sentence after it, up to the clause's end (counted once: labels can be many)
            stop = _STOP_AT.search(self.text, m.end())
            end = stop.start() if stop else len(self.text)
            items = 0
            for j in range(k, self.sentence_last[k] + 1):
                if self.starts[j] > end or items > _REQUIREMENT_LIST_WORDS:
                    break
                items += self.starts[j] >= m.end()
            if 0 < items <= _REQUIREMENT_LIST_WORDS:
                found.add(self.sentence[k])
        return found

    def sentence_pays(self, i: int) -> bool:
        return self.sentence[i] in self.pay_sentences

    # claiming

    def claim_words(
        self, kind: str, first: int, last: int, value: object = None, role: AppliedAs = "filter", why: str = ""
    ) -> _Claim | None:
        if not all(self.free(k) for k in range(first, last + 1)):
            return None
        claim = _Claim(kind, first, last, self.span_text(first, last), value, role=role, why=why)
        return self._add(claim, self.spans[first][0], self.spans[last][1])

    def _add(self, claim: _Claim, start: int, end: int) -> _Claim:
        opener = self.scope_opener[claim.first]
        if claim.role in ("filter", "boost") and opener >= 0:
            claim.role = "topic"
            claim.why = f"'{claim.phrase}' is part of what the task is about ('{self.words[opener]} ...')"
        for k in range(claim.first, claim.last + 1):
            self.owner[k] = claim
        if claim.role != "topic":  # a topic stays in the text that is ranked on
            self.remove(start, end)
        self.claims.append(claim)
        return claim

    def take(self, i: int, claim: _Claim) -> None:
        """Attach word i (filler or a negation trigger) to ``claim``."""
        self.owner[i] = claim
        self.remove(*self.spans[i])

    def remove(self, start: int, end: int) -> None:
        self.removed[start:end] = b"\x01" * (end - start)

    # passes

    def result(self, second_reading: bool = True) -> InterpretedQuery:
        self.read()
        if second_reading:
            self.review_filters()
        return self.build()

    def read(self) -> None:
        self.minus_words = self.minus_operators()
        self.scan_spec_fields()
        self.scan_caip2()
        self.scan_prices()
        self.mark_range_floors()
        self.scan_families(linked=False)
        self.scan_families(linked=True)
        self.scan_bare_qualifiers()
        self.scan_assets()
        self.scan_types()
        self.scan_body_requirement()
        self.scan_cheap()
        self.mark_preferences()
        self.mark_x402_data()
        self.mark_failed_attempts()
        self.mark_payment_debugging()
        self.resolve_turns()
        self.mark_observations()
        self.resolve_repairs()
        self.mark_past()
        self.mark_left_behind()
        self.resolve_added_rails()
        self.mark_hypothetical()
        self.mark_price_norms()
        self.mark_own_system()
        self.mark_own_listing()
        self.mark_recorded_payments()
        self.mark_reported_requests()
        self.mark_compared_offers()
        self.mark_missing_funds()
        self.mark_negated_claims()
        self.drop_caller_context()
        self.attach_filler()
        self.scan_negations()

    def reviewable(self, claim: _Claim) -> bool:
        return claim.role == "filter" and not claim.negated and claim.kind in constraint_veto.KINDS

    def reading(self, claim: _Claim) -> ConstraintReading:
        sentences = len(set(self.sentence))
        filtering = claim.role == "filter"
        words = tuple(self.words)
        return ConstraintReading(claim.kind, claim.value, filtering, words, claim.first, claim.last, sentences)

    def review_filters(self) -> None:
        """Each kind of hard filter the rules read in a longer query, read again by ``souk.search.constraint_veto``:
        a kind whose every phrase it reads as the task's subject is applied as the topic (a network as a small
        boost). A kind is judged whole: "on Base, Solana and Polygon" names the networks the caller accepts, and
        dropping one of them would narrow the filter, not loosen it."""
        if not constraint_veto.reviews(self.words):
            return
        sentences = len(set(self.sentence))
        by_kind: dict[str, list[tuple[float, _Claim]]] = {}
        for claim in self.claims:
            if self.reviewable(claim):
                p = constraint_veto.probability(claim.kind, self.words, claim.first, claim.last, sentences)
                by_kind.setdefault(claim.kind, []).append((p, claim))
        for kind, read in by_kind.items():
            threshold = constraint_veto.model().thresholds[kind]
            best = max(p for p, _ in read)
            if best >= threshold:
                continue
            for _, claim in read:
                claim.role = "topic"
                claim.why = (
                    f"{claim.why}; but the words around it read as the task's subject (second reading: "
                    f"{best:.2f} < {threshold:.2f})"
                )

    def mark_preferences(self) -> None:
        """ "ideally under 1 cent, but up to 3 cents is fine", "preferably MCP but HTTP is fine": a wish is not a
        requirement, so it filters nothing (a hard filter would hide what the caller said it accepts). The wish
        word must lead the constraint ("ideally accurate under $0.01 per call max" wishes for accuracy), and the
        networks joined to a wished one go with it ("preferably on base or solana")."""
        wished: list[_Claim] = []
        for claim in self.claims:
            if claim.role != "filter" or claim.kind not in _HARD_KINDS:
                continue
            # across a colon too ("nice to have: under a cent per call"), not across a sentence
            wish = next(
                (
                    k
                    for k in range(claim.first - 1, max(-1, claim.first - 4), -1)
                    if self.words[k] in _PREFERENCE_WORDS and self.sentence[k] == self.sentence[claim.first]
                ),
                -1,
            )
            filler, said = _WISH_FILLER, wish
            if wish < 0:  # "if possible one I can pay on Sei", "where possible, under a cent a call"
                wish = next(
                    (
                        k
                        for k in range(claim.first - 1, max(0, claim.first - 7), -1)
                        if self.words[k] == "possible"
                        and self.at(k - 1) in ("if", "when", "where")
                        and self.sentence[k] == self.sentence[claim.first]
                    ),
                    -1,
                )
                # what the hedge governs is the constraint: not "Return JSON if possible and settle on base"
                filler, said = _HEDGED_FILLER, wish - 1
            if wish >= 0 and all(self.at(k) in filler for k in range(wish + 1, claim.first)):
                claim.role, claim.wished = "topic", True
                claim.why = f"'{self.span_text(said, claim.last)}': a preference, not a requirement"
                wished.append(claim)
                continue
            after = self.trailing_wish(claim.last)
            if after >= 0:
                for k in range(claim.last + 1, after + 1):
                    self.take(k, claim)  # the wish is said, not searched for
                claim.role, claim.wished = "topic", True
                claim.why = f"'{self.span_text(claim.first, after)}': a preference, not a requirement"
                wished.append(claim)
        for claim in self.claims:
            if claim.role != "filter" or claim.kind not in _HARD_KINDS:
                continue
            waived = self.waived(claim)
            if waived:  # "ideally it would settle on base, but any chain is fine"; "..., but it's not a dealbreaker"
                claim.role, claim.why, claim.waived = "topic", f"'{claim.phrase}': {waived}", True
                wished.append(claim)
        for claim in self.claims:
            if claim.role == "filter" and claim.kind == "type" and self.either_interface(claim):
                claim.role = "topic"
                claim.why = f"'{claim.phrase}': one of two kinds of interface the caller accepts"
        for claim in self.claims:
            if claim.role == "filter" and any(
                w.kind == claim.kind == "network"
                and 0 < claim.first - w.last <= 2
                and all(self.at(k) in ("or", "and", "on") for k in range(w.last + 1, claim.first))
                and self.joined(w.last, claim.first - 1)
                for w in wished
            ):
                claim.role = "topic"
                claim.why = f"'{claim.phrase}': joined to a preference"
        for claim in self.claims:
            # "ideally an MCP server but a REST API works just as well", "ideally GET ..., but POST is fine too"
            if claim.role == "filter" and claim.kind in ("type", "method") and any(
                w.kind == claim.kind and w.last < claim.first and self.sentence[w.last] == self.sentence[claim.first]
                for w in wished
            ):
                tail = _ADDED_AFTER.match(self.text, self.spans[claim.last][1])
                if tail:
                    claim.role = "topic"
                    claim.why = f"'{claim.phrase}{tail.group()}': as acceptable as the interface wished for"

    def either_interface(self, claim: _Claim) -> bool:
        """ "a stock quote API or MCP tool", "an MCP server or an API": another interface offered as an alternative."""
        k = claim.first - 1
        while self.at(k) in ("a", "an"):
            k -= 1
        if self.at(k) == "or" and self.at(k - 1) in _INTERFACE_WORDS:
            return True
        k = claim.last + 1
        while self.at(k) in _INTERFACE_WORDS and k <= claim.last + 2:  # "MCP tool or ..." / "MCP server or ..."
            k += 1
        k += self.at(k) == "or"
        return self.at(k - 1) == "or" and (self.at(k) in _INTERFACE_WORDS or self.at(k + 1) in _INTERFACE_WORDS)

    def refuses_a_name(self, i: int, length: int) -> bool:
        """ "a translation API, excluding lingobridge", "current weather, avoid skyfolio": an exclusion opening its
        own clause after a comma and ending the sentence on one word refuses that one (a provider, typed in any
        case), not data the call leaves out ("character count excluding spaces" has no clause of its own)."""
        if self.words[i] not in _EXCLUDE_VERBS | {"except"} or self.words[i] == "nothing" or i == 0:
            return False
        if self.link[i - 1] or self.text[self.spans[i - 1][1] : self.spans[i][0]].strip() != ",":
            return False
        k = i + length
        ends = k == len(self.words) - 1 or (k + 1 < len(self.words) and self.sentence[k + 1] != self.sentence[k])
        return 0 <= k < len(self.words) and self.sentence[k] == self.sentence[i] and ends and self.words[k].isalpha()

    def trailing_wish(self, last: int) -> int:
        """The index of a wish word right after a constraint ending at ``last`` ("... on Base is preferred", "base
        preferred", "... on solana if possible"), in its sentence; -1 when none."""
        for k in range(last + 1, min(len(self.words), last + 5)):
            if self.sentence[k] != self.sentence[last]:
                return -1
            word = self.words[k]
            if word in _TRAILING_WISH or (word == "possible" and self.at(k - 1) in ("if", "when", "where")):
                return k
            if word == "nice-to-have" or (word == "nice" and (self.at(k + 1), self.at(k + 2)) == ("to", "have")):
                end = k + 2 * (word == "nice")  # "payment on stellar is just a nice-to-have"
                # said of the constraint, not a wish of its own: "pay on solana, nice to have a free tier"
                closes = end + 1 >= len(self.words) or not self.link[end]
                return end if closes and not self.text.startswith(":", self.spans[end][1]) else -1
            if word not in _TRAILING_WISH_GAP and word not in ("if", "when", "where", "just", "a"):
                return -1
        return -1

    def waived(self, claim: _Claim) -> str:
        """Why the sentence of ``claim`` waives it after stating it ("..., but any chain is fine", "..., but it's
        not a dealbreaker"), or ''."""
        end = self.spans[claim.last][1]
        stop = _SENTENCE_END.search(self.text, end)
        clause = self.text[end : stop.start() if stop else len(self.text)]
        either = _EITHER_IS_FINE.search(clause) if claim.kind == "type" else None
        if either:
            sentence = {w for k, w in enumerate(self.words) if self.sentence[k] == self.sentence[claim.first]}
            either = either if "mcp" in sentence and sentence & _BARE_HTTP else None
        if either:  # "it speaks both HTTP and MCP, either is fine": no interface asked for (of rails, "base or
            # solana, either works" asks for the two named)
            for k in self.word_range(end + either.start(), end + either.end()):
                if self.free(k):
                    self.take(k, claim)
            return "the query accepts either"
        if "but" not in clause:  # every waiver below opens with "but": one scan instead of three searches
            return ""
        for kinds, pattern, why in (
            (("network",), _ANY_CHAIN, "the query accepts any chain"),
            (("type", "method"), _ANY_INTERFACE, "the query accepts any interface"),
            (None, _NOT_REQUIRED, "stated, then waived as not required"),
        ):
            said = pattern.search(clause) if kinds is None or claim.kind in kinds else None
            if said:
                # The waiver is said, not searched for: "chain", "interface", "fine" are no topic words.
                tail = _WAIVER_TAIL.match(clause, said.end())  # always matches (every part is optional)
                for k in self.word_range(end + said.start(), end + (tail.end() if tail else said.end())):
                    if self.free(k):
                        self.take(k, claim)
                return why
        return ""

    def mark_x402_data(self) -> None:
        """ "dashboard of average x402 price per call for listings on Base", "track uptime of the x402 endpoints
        that accept Base payments": where x402 itself is what a sentence aggregates or studies (an aggregate word
        in it, see ``studies``, and "x402" not the caller's means of payment, as in "via x402"), the networks,
        prices and methods said in that sentence describe the data. Not where the caller pays or insists ("pay
        on base", "payable on base", "only on base", "must be on solana", "under $0.01 per call")."""
        studying = {self.sentence[j] for j in range(len(self.words)) if self.studies(j)}
        studied = set()
        for k, w in enumerate(self.words):
            if w in _SURVEY_NOUNS and self.near(k, 1) == "of":  # "dashboard of mcp servers on base ..."
                studied.add(self.sentence[k])
            if w != "x402" or (self.at(k - 1) in _MEANS_WORDS and self.joined(k - 1, k)):
                continue
            # in its sentence, or the next after a question ("which x402 services are most used on base? need
            # stats for a dashboard")
            end = _SENTENCE_END.search(self.text, self.spans[k][1])
            reach = 1 if end is not None and "?" in end.group() else 0
            if any(self.sentence[k] + step in studying for step in range(reach + 1)):
                studied.add(self.sentence[k])
        written = self.writing_about_x402()
        studied |= written
        if not studied:
            return
        paying = {
            self.sentence[k]
            for k, w in enumerate(self.words)
            # "I pay for it on stellar", "whatever API you pick has to settle on stellar"
            if w in _PAY_WITH_VERBS and self.look_back(k, 3, _PAYERS | _MODAL_WORDS) >= 0
        }
        for claim in self.claims:
            if claim.role != "filter" or claim.kind not in _HARD_KINDS:
                continue
            sentence = self.sentence[claim.first]
            if sentence not in studied or sentence in paying:
                continue
            insisted = self.look_back(claim.first, 3, _INSIST_WORDS) >= 0 or self.near(claim.last, 1) == "only"
            per_call = claim.kind == "price" and re.search(r"\b(?:per|each|a)\s+(?:call|request)\b", claim.phrase)
            # a price per call in the writing's content ("a seller can price a route at $0.001 per call") is content
            if insisted or (per_call and sentence not in written):
                continue
            claim.role = "topic"
            claim.why = f"'{claim.phrase}': describes the x402 data the query studies"

    def mark_failed_attempts(self) -> None:
        """ "The email validator I tried only takes payment on base. Retry with one that settles on solana": where
        one sentence asks to retry on a network, the networks of the sentences telling what was tried or failed
        are that attempt's, not the requirement. So too where another sentence says how the caller itself pays
        ("That endpoint you suggested only settles on Base Sepolia. Our agent pays on Base mainnet.")."""
        vocabulary: dict[int, set[str]] = {}
        attempts: set[int] = set()  # sentences telling what was tried, failed or picked before
        own_pay: set[int] = set()  # sentences where the caller pays: "our agent pays on", "i pay with"
        for k, word in enumerate(self.words):
            vocabulary.setdefault(self.sentence[k], set()).add(word)
            if word in _FAILED_WORDS or (word in _PICKED_WORDS and self.near(k, -1) == "you"):
                attempts.add(self.sentence[k])
            if word in _PAY_WITH_VERBS and self.look_back(k, 3, _PAYERS) >= 0:
                own_pay.add(self.sentence[k])
        filters = [claim for claim in self.claims if claim.kind == "network" and claim.role == "filter"]
        retry_sentences = {
            self.sentence[claim.first]
            for claim in filters
            if vocabulary[self.sentence[claim.first]] & _RETRY_WORDS
            or (self.sentence[claim.first] in own_pay and self.sentence[claim.first] not in attempts)
        }
        if not retry_sentences:
            return
        for claim in filters:
            sentence = self.sentence[claim.first]
            if sentence not in retry_sentences and sentence in attempts:
                claim.role = "topic"
                claim.why = f"'{claim.phrase}': the network of what was tried, not of the retry"

    def mark_own_system(self) -> None:
        """ "You are deployed as an MCP server. Your backend answers POST webhooks from GitHub.": a sentence that
        describes the asker itself (a persona, its own backend) says what it is, not what it needs, unless it
        insists ("you can only call MCP tools"). Its wallet still pays ("the caller's funds")."""
        own: set[int] = set()
        for k in range(len(self.words)):
            if k != self.sentence_start(k):
                continue
            start = self.starts[k]
            if _PERSONA.match(self.text, start) or _OWN_SYSTEM.match(self.text, start):
                own.add(self.sentence[k])
        for k, word in enumerate(self.words):
            if word in _OWN_SYSTEM_OUT:
                own.discard(self.sentence[k])
        for claim in self.claims:  # its interface, not its payments: "our backend runs on Base and pays there"
            if self.sentence[claim.first] in own and claim.kind in ("type", "method") and claim.role == "filter":
                claim.role, claim.why = "topic", f"'{claim.phrase}': describes the asker's own system"

    def mark_own_listing(self) -> None:
        """ "seller here: my listing is live on Base Sepolia", "I'm listing my MCP server. It costs $0.01 per call, paid
        on Base": from a seller's sentence on, until a sentence asks for something or says how the asker pays, the
        rail, price and interface described are the asker's own listing's, not a requirement."""
        opened = next((m.start() for m in _SELLER_SENTENCE.finditer(self.text)), None)
        inside = self.word_range(opened, opened + 1) if opened is not None else []
        if not inside:
            return
        ending = self.sentences_with(_REQUESTING)
        scope: set[int] = set()
        sentence = self.sentence[inside[0]]
        # the seller's sentence, and each next one that goes on about the listing ("It summarizes PDFs, ...")
        while sentence not in ending:
            scope.add(sentence)
            nxt = next((k for k in range(len(self.words)) if self.sentence[k] == sentence + 1), -1)
            if nxt < 0 or self.words[nxt] not in _CONTINUING:
                break
            sentence += 1
        for claim in self.claims:
            if (
                self.sentence[claim.first] in scope
                and claim.role in ("filter", "boost")
                and claim.kind in ("network", "price", "type", "method")
            ):
                claim.role, claim.why = "topic", f"'{claim.phrase}': describes the asker's own listing"

    def mark_recorded_payments(self) -> None:
        """ "The invoice was for 4,800 USDC paid on Solana.", "Our supplier sent an invoice, to be paid in EURC on Base
        by Friday.": in a task request, a sentence about a payment record (an invoice, an order, a refund) that asks
        for nothing tells how that was paid, not how the tool sought is; its rail and price are the task's data."""
        if not self.task:  # "invoice api paid on base" asks for an invoice tool paid there
            return
        # a record, not a unit of work ("no more than half a cent per order"); and "... counted on business days only":
        # an "only" of the record's own terms asks for nothing
        records = {
            self.sentence[k]
            for k, word in enumerate(self.words)
            if word in _PAYMENT_RECORDS and self.at(k - 1) not in _set("per each every")
        }
        recorded = records - self.sentences_with((_REQUESTING | _MODAL_WORDS | _set("should")) - _set("only"))
        for claim in self.claims:
            if (
                self.sentence[claim.first] in recorded
                and claim.role in ("filter", "boost")
                and claim.kind in ("network", "price")
            ):
                claim.role, claim.why = "topic", f"'{claim.phrase}': how a payment record of the task was paid"

    def sentences_with(self, words: frozenset[str]) -> set[int]:
        """The sentences holding any of ``words``."""
        return {self.sentence[k] for k, w in enumerate(self.words) if w in words}

    def mark_price_norms(self) -> None:
        """ "is 1 cent per call typical?", "is $0.01 a call reasonable for OCR?": a question about what prices are
        normal asks about prices; the amount in it caps nothing."""
        for claim in self.claims:
            if claim.kind != "price" or claim.role != "filter" or self.sentence[claim.first] not in self.asked:
                continue
            start = self.sentence_opening(claim.first)
            opening = (self.at(start), self.at(start + 1))
            normal = any(
                self.words[k] in _NORM_WORDS and self.sentence[k] == self.sentence[claim.first]
                for k in range(claim.last + 1, min(len(self.words), claim.last + 6))
            )
            if normal and opening[0] in ("is", "are", "isn't") and opening[1] != "there":
                claim.role, claim.why = "topic", f"'{claim.phrase}': a price asked about, whether it is the norm"

    def resolve_added_rails(self) -> None:
        """ "... settles on polygon. oh and stellar works too", "it's also fine if it's on Base": a chain accepted
        besides the rail named before it is a rail too; not besides a chain the task is about ("an NFT API for
        polygon, ethereum is also fine")."""
        for k, word in enumerate(self.words):
            # "pay on solana. base works for me too": a chain no scan claimed, opening its clause
            opens = k == 0 or not self.link[k - 1] or self.words[k - 1] in _ADDED_RAIL_OPENERS
            if word in n.FAMILIES and self.free(k) and opens and _ADDED_AFTER.match(self.text, self.spans[k][1]):
                mainnets = tuple(sorted(n.FAMILIES[word][0]))
                self.claim_words("network", k, k, mainnets, "topic", f"'{word}' named without a network phrase")
        for claim in self.claims:
            if claim.kind != "network" or claim.role != "topic" or claim.wished or claim.waived:
                continue
            if self.quoted[claim.first] or self.assistant_said(claim.first):
                continue
            added = self.added_rail(claim.first, claim.last)
            if not added:
                continue
            before = [
                c
                for c in self.claims
                if c.kind == "network" and c.last < claim.first and not self.assistant_said(c.first)
            ]
            rail = max(before, key=lambda c: c.last) if before else None
            # besides the rail, not a chain named after it ("a token API covering avalanche; polygon also works")
            data_chain = rail is not None and any(
                self.words[j] in n.FAMILIES
                and not self.owned_by(j, "network", "filter")
                and not self.assistant_said(j)
                for j in range(rail.last + 1, claim.first)
            )
            if rail is not None and rail.role == "filter" and not data_chain:
                claim.role, claim.why = "filter", f"'{added}': another payment network the caller accepts"

    def resolve_repairs(self) -> None:
        """ "tts api on solana pls. on second thought, base.", "a REST API for IBAN validation. no wait, MCP tool": the
        caller corrects itself; what follows the correction replaces what it said before of that kind, and is
        asked for (a correction is about the constraint, whatever the words around it)."""
        for m in _REPAIR.finditer(self.text):
            after = bisect_left(self.starts, m.end())
            if after >= len(self.words) or self.assistant_said(after):
                continue
            k = after
            while (self.at(k) in _REPAIR_FILLER or self.at(k) in _RAIL_VERBS) and k < after + 4:
                k += 1
            said = bisect_left(self.starts, m.start())
            repaired = self.owner[k] if 0 <= k < len(self.words) else None
            if repaired is None and self.at(k) in n.FAMILIES and self.free(k):
                # the chain alone, the correction's last word ("on second thought, base."), not "I mean solana NFT data"
                test = self.at(k + 1) in _TEST_QUAL
                last = k + (test or self.at(k + 1) in _MAIN_QUAL)
                if any(c.kind == "network" and c.last < said for c in self.claims) and not self.joined(last, last + 1):
                    mainnets, testnets = n.FAMILIES[self.words[k]]
                    why = f"'{self.span_text(k, last)}': the network the caller corrected to"
                    networks = tuple(sorted(testnets if test else mainnets))
                    repaired = self.claim_words("network", k, last, networks, "filter", why)
            if repaired is None or repaired.kind not in _HARD_KINDS or repaired.first < after:
                continue
            # "Pay on base. Correction: solana."
            bare = repaired.kind == "network" and repaired.first == repaired.last == k and not self.joined(k, k + 1)
            # a corrected-to rail is made topical by the very payment phrase the correction withdraws
            withdrawn = "payment phrase elsewhere" in repaired.why or " in a long task request" in repaired.why
            if repaired.role == "topic" and not bare and not withdrawn:
                continue  # corrected to a chain the task is about: "no wait, arbitrum explorer"
            earlier = [c for c in self.claims if c.kind == repaired.kind and c.last < said]
            if not earlier:
                continue
            for claim in earlier:
                if claim.role != "topic" or claim.why.endswith("task request without a payment phrase"):
                    claim.role, claim.why = "topic", f"'{claim.phrase}': corrected later ('{m.group().strip()}')"
            if repaired.role == "topic":
                repaired.role = "filter"
                repaired.why = f"'{repaired.phrase}': what the caller corrected to ('{m.group().strip()}')"

    def mark_hypothetical(self) -> None:
        """ "What would our monthly bill be if each call cost $0.004?", "what if we moved to stellar?": a question
        about a hypothetical; its prices and chains are the scenario, not constraints."""
        condition: dict[int, int] = {}  # sentence -> its "if"
        for k in range(len(self.words)):
            if k and self.sentence[k - 1] == self.sentence[k]:
                continue
            start = self.sentence_opening(k)
            if self.sentence[k] not in self.asked or (self.at(start), self.at(start + 1)) != ("what", "would"):
                continue  # not "What would you recommend for OCR on base?"
            cond = next((j for j in range(start + 2, len(self.words)) if self.words[j] == "if"), -1)
            if cond >= 0 and self.sentence[cond] == self.sentence[k]:
                condition[self.sentence[k]] = cond
        for j in self.sentences_with(_HYPOTHETICALLY):
            condition.setdefault(j, -1)
        for claim in self.claims:
            opened = condition.get(self.sentence[claim.first])
            if claim.role in ("filter", "boost") and opened is not None and claim.first > opened:
                claim.role, claim.why = "topic", f"'{claim.phrase}': part of a hypothetical asked about"

    def mark_past(self) -> None:
        """ "We used to pay 2 cents per call on Polygon", "previously we paid on solana": what the caller paid before
        is history, not what the result must take. Only up to a turn in the sentence ("We used to pay on Polygon,
        but we moved everything to Base, so the tool must settle on Base now")."""
        for claim in self.claims:
            if claim.role not in ("filter", "boost"):
                continue
            # in the past verb's own clause: not "It used to cost 2 cents, find one under 1 cent", "we used to pay on
            # polygon and still pay on polygon", "I used to hate OCR APIs, find one on base"
            for k in range(claim.first - 1, max(-1, claim.first - 10), -1):
                if not self.link[k] or self.words[k] in _TURNING_WORDS | _PAST_BARRIERS:
                    break
                verb = self.at(k + 2) if self.words[k] == "used" else self.at(k + 1)
                past = (self.words[k] in _PAST_WORDS and verb in _PAST_PAY_VERBS) or (
                    self.words[k] == "used"
                    and self.at(k + 1) == "to"
                    and self.at(k - 1) in _SUBJECT_PRONOUNS
                    and verb in _PAST_PAY_VERBS
                )
                still = any(
                    self.words[j] == "still" and self.sentence[j] == self.sentence[claim.first]
                    for j in range(claim.last + 1, min(len(self.words), claim.last + 6))
                )  # "I used to pay on solana and I still do"
                if past and not still:
                    claim.role, claim.why = "topic", f"'{claim.phrase}': what was paid before ('{self.words[k]}')"
                    break

    def mark_left_behind(self) -> None:
        """ "I switched from a solana-paid OCR endpoint that charged $0.10", "we're replacing our provider, which is
        paid on solana at $0.10 a page": the rail and price of the tool the caller is leaving describe it, not what
        the next one must take. Up to the clause's end or the tool that replaces it ("from base to solana")."""
        for claim in self.claims:
            # in the leaving clause itself: not "we switched from stripe; base under $0.01"
            if claim.role not in ("filter", "boost") or claim.first == 0 or not self.link[claim.first - 1]:
                continue
            for k in range(claim.first - 1, max(-1, claim.first - 12), -1):
                word = self.words[k]
                if word in _LEAVING_STOPS or word in _TURNING_WORDS | _PAST_BARRIERS:
                    break
                verb = self.near(k, -1)
                if verb == "away":  # "moving away from"
                    verb = self.near(k - 1, -1)
                leaving = (word in _LEAVING_PREPOSITIONS and verb in _LEAVING_VERBS) or (
                    word in _REPLACING_WORDS and self.near(k, 1) in _REPLACED_DETERMINERS
                )
                if leaving:
                    claim.role, claim.why = "topic", f"'{claim.phrase}': of what the caller is leaving ('{word}')"
                    break
                # a clause ends at punctuation, unless a relative clause hangs there: "our provider, which is paid on"
                if k == 0 or (not self.link[k - 1] and word not in ("which", "whose")):
                    break

    def mark_reported_requests(self) -> None:
        """ "POST /v1/pay returned 402 on base twice": the chain a reported request went to, not the rail asked for."""
        for claim in self.claims:
            if claim.kind != "network" or claim.role != "filter":
                continue
            for k in range(max(0, claim.first - 5), claim.first):
                code = k + 1
                if (
                    self.words[k] in _STATUS_VERBS
                    and _ERROR_CODE.fullmatch(self.at(code))
                    and self.near(code, 1) in _AFTER_ERROR_CODE
                    and all(self.link[j] for j in range(k, claim.first))  # "returns 402 on demand, paid on base"
                ):
                    claim.role, claim.why = "topic", f"'{claim.phrase}': where a request in a bug report went"
                    break

    def mark_compared_offers(self) -> None:
        """ "comparing per-call prices: provider A charges $0.002/call on base, provider B $0.0015 on solana": the
        prices and chains of offers compared with each other are the subject."""
        # not "Need a geocoding API under $0.002 per request compared to Google's $0.005": an asking sentence keeps it
        compared = self.sentences_with(_COMPARE_WORDS) & self.sentences_with(_OFFER_NOUNS)
        compared -= self.sentences_with(_REQUESTING)
        for sentence in compared:
            prices = [c for c in self.claims if c.kind == "price" and self.sentence[c.first] == sentence]
            chains = {
                c.value for c in self.claims if c.kind == "network" and self.sentence[c.first] == sentence
            }  # "compare how much MCP tools on Solana charge vs HTTP APIs on Base"
            if len(prices) < 2 and len(chains) < 2:
                continue
            for claim in self.claims:
                same = self.sentence[claim.first] == sentence
                if same and claim.kind in ("price", "network") and claim.role != "topic":
                    claim.role, claim.why = "topic", f"'{claim.phrase}': one of the offers compared"

    def mark_observations(self) -> None:
        """An agent's trace pasted as the query ("Thought: ... Action: search_tools ... Observation: [1] pdf-ocr (paid
        on base, $0.002/call)"): what a tool returned is data, however it reads; the thought and the action input
        still say what the agent wants."""
        if ":" not in self.text:
            return  # every trace label ends in one
        labels = [m for m in _TRACE_LABEL.finditer(self.text) if self.bare_label(m)]
        if not any(m["label"] in _STEP_LABELS for m in labels):
            return  # "Key observation: we can only pay on Base", "Tool output: must be JSON": no trace
        thinks = any(m["label"] == "thought" for m in labels)
        calls_tools = any(
            m["label"] == "action input" or (m["label"] in ("action", "act") and self.names_a_tool(m, labels, thinks))
            for m in labels
        )
        for index, label in enumerate(labels):
            if label["label"] not in _OBSERVATION_LABELS:
                continue
            if label["label"] in _GENERIC_OUTPUT_LABELS and not (
                calls_tools
                and self.opens_line_or_sentence(label)
                and (label["label"] != "obs" or label["number"] is not None)
            ):
                continue
            acted = next((j for j in range(index - 1, -1, -1) if labels[j]["label"] in ("action", "act")), -1)
            named_until = labels[acted + 1].start() if acted >= 0 else 0  # the tool's name, not its input
            if acted >= 0 and _HUMAN_TOOL.search(self.text, labels[acted].end(), named_until):
                continue  # "Action: ask_human ... Observation: POST only, max $0.005": the user's own answer
            end = labels[index + 1].start() if index + 1 < len(labels) else len(self.text)
            opened = bisect_left(self.starts, label.end())
            for claim in self.claims:
                if claim.role == "topic" or not label.end() <= self.starts[claim.first] < end:
                    continue
                # "Observation: nothing found. I can only pay on base, max $0.005": the asker speaks again
                asker = self.at(self.sentence_start(claim.first)) in _FIRST_PERSON_OPENERS
                if asker and self.sentence[claim.first] != self.sentence[min(opened, len(self.words) - 1)]:
                    continue
                claim.role, claim.why = "topic", f"'{claim.phrase}': a tool's output in an agent trace"

    def opens_line_or_sentence(self, m: re.Match[str]) -> bool:
        """The label opens a line or a sentence, or is capitalized after a lower-case word ("... api Result:");
        not "Expected Output:"."""
        before = self.text[: m.start()].rstrip(" ")
        if not before or before[-1] in ".;:])}\"'" or m.start() in self.line_starts:
            return True
        cased = self.cased
        previous = cased[: m.start()].split()[-1] if cased is not None else ""
        return cased is not None and cased[m.start()].isupper() and not previous[:1].isupper()

    def listed_amount(self, first: int, last: int) -> bool:
        """The amount at first..last stands in a comma-separated list of three or more amounts."""
        start, end = self.spans[first][0], self.spans[last][1]
        # not "$0.002 is the ceiling", "price per call $0.003, and daily spend $1", "$0.01 per call max"
        around = [*self.words[max(0, first - 4) : first], *self.words[last + 1 : last + 4]]
        if any(w in _CAP_NEIGHBOURS for w in around):
            return False
        near = self.text[max(0, start - 3) : start] + self.text[end : end + 2]
        if "," not in near and " and " not in self.text[max(0, start - 6) : start]:
            return False
        sentence = self.sentence[first]
        if sentence not in self.amounts_listed:  # asked per amount: once per sentence
            words = self.sentence_words(first)
            text = self.text[self.spans[words[0]][0] : self.spans[words[-1]][1]]
            self.amounts_listed[sentence] = len(_LISTED_MONEY.findall(text))
        return self.amounts_listed[sentence] >= 3

    def each_call_costs(self, first: int) -> bool:
        """ "the rule for every single call is the same: it may cost at most half a cent": the sentence says the cap
        is each call's."""
        before = range(self.sentence_first[first], first)
        return any(
            self.words[k] in ("every", "each")
            and self.at(k - 1) == "for"
            and any(
                self.at(j) == "call" and self.at(j + 1) not in _NOT_API_CALLS for j in range(k + 1, k + 3)
            )
            for k in before
        )

    def opens_a_request(self, first: int, last: int) -> bool:
        """ "GET-based endpoint for current air quality": a sentence that opens with a singular service noun and says
        what it is for; not "GET-based endpoints leak secrets", "GET-based endpoint for deleting users is a bad
        idea"."""
        noun = last + 2 if self.near(last, 1) == "based" else last + 1
        sentence = self.sentence_words(first)
        return (
            first == self.sentence_start(first)
            and self.at(noun) in _set("endpoint api service route tool server")
            and self.at(noun + 1) in _OPENING_RELATIVES
            and self.sentence[first] not in self.asked
            and not any(self.words[k] in _STATING_VERBS for k in sentence)
        )

    def caller_calls_with(self, first: int, b: int, prior: str, *, method: bool) -> bool:
        """ "VIN decoder I can call via GET", "something our backend can call with a POST": a relative clause of the
        thing asked for says how the asker will call it. Not "Our agent can call MCP tools ...", "a malicious agent can
        call ...", "I could hit the POST endpoint", "can call via POST or GET"."""
        # "call via GET", "call with a POST"; not "call the POST endpoint" (someone's endpoint, called)
        if prior in ("call", "hit"):
            called = b if any(w in _set("with via using") for w in self.words[b + 1 : first + 1]) else -1
        else:
            called = self.before(b) if prior in ("with", "via", "using") else -1
        able = self.before(called) if self.at(called) in ("call", "hit") else -1
        if not method or self.at(able) != "can" or self.sentence[first] in self.asked:
            return False
        subject = self.before(able)
        owner = self.before(subject)
        if self.at(subject) in _CALLER_SYSTEMS and self.at(owner) in ("our", "my"):
            subject = owner
        elif self.at(subject) in _CALLER_SYSTEMS and self.at(owner) == "the" and self.at(owner - 1) in _RELATIVES_THAT:
            subject = owner - 1  # "a package tracking API that the agent can call with a GET request"
        elif self.at(subject) not in _CALLER_PRONOUNS:
            return False
        head = self.before(subject)  # the thing asked for: "decoder", "something"
        listed = self.near(first, 1) == "or" or self.at(first + 1) == "or" or self.at(first - 1) == "or"
        return head >= 0 and self.at(head) not in _set("and but so or then") and not listed

    def routes_listed(self) -> bool:
        """Two or more methods each followed by a path: a route table ("GET /users, POST /users, DELETE ...")."""
        if self.route_table is None:  # asked per method word: once per text
            self.route_table = len(_ROUTE.findall(self.text)) >= 2 and any(w in _ROUTE_DATA for w in self.words)
        return self.route_table

    def previous_sentence_words(self, i: int) -> list[str]:
        """The words of the sentence just before i's (none when that sentence has no words)."""
        first = self.sentence_first[i]
        if first == 0 or self.sentence[first - 1] != self.sentence[i] - 1:
            return []
        return self.words[self.sentence_first[first - 1] : first]

    def expanded_otherwise(self, i: int) -> bool:
        """The MCP at i is bracketed against an expansion that is not the Model Context Protocol."""
        start, end = self.spans[i]
        after = re.match(r"\s*\(([^()]{3,60})\)", self.text[end:])
        if after:
            return _spells_mcp(after.group(1).split())
        opened = self.text[:start].endswith("(") and self.text[end : end + 1] == ")"
        before = self.text[max(0, start - 60) : start - 1].split(",")[-1].split()
        return opened and any(_spells_mcp(before[-n:]) for n in (2, 3) if len(before) >= n)

    def opening_request(self, first: int, last: int) -> bool:
        """ "Reverse image search REST API, max $0.004 per image; we send ...": a long task that opens with what it
        asks for, as a search-box query would: a service noun ends a first clause of at most eight words that
        names nobody ("I sell an mcp tool; ..." is the caller's; "MCP client: none" what it lacks)."""
        return (
            last < 8
            and self.sentence[first] == 0
            and self.sentence[first] not in self.asked  # "what is the difference of mcp and http api?"
            and all(self.link[:last])
            and last < len(self.link)
            and not self.link[last]
            and self.words[last] in _TYPE_NOUNS | _MCP_HEADS
            and not any(w in _FIRST_PERSON | _OPENING_NOT_A_REQUEST for w in self.words[: last + 1])
            and not any(w.endswith("'s") for w in self.words[: last + 1])
            and self.at(last + 1) not in ("which", "that", "who")  # "Internal inventory REST API, which returns ..."
            # "Salesforce REST API: I keep getting 401 errors ...": a label for what the task is about
            and not self.text[self.spans[last][1] :].lstrip().startswith(":")
            # "the Stripe REST API", "Summarize the changelog of ...": a named product or a phrase about one
            and not (self.cased is not None and any(self.cased[self.starts[k]].isupper() for k in range(1, first)))
        )

    def sought_relative(self, first: int, last: int) -> bool:
        """ "I'm looking for an address validation service that accepts a batch ... via POST": the interface in a
        relative clause of the service the request looks for."""
        relative = self.in_sentence_before(first, 12, _RELATIVES_THAT)
        head = relative - 1
        between = self.words[relative + 2 : first]
        return (
            relative >= 1
            and _is_head(self.words[head])
            and self.at(relative + 1) in _ACCEPT_VERBS
            and self.in_sentence_before(head, 6, _REQUEST_BEFORE) >= 0
            and all(self.link[j] for j in range(relative, first))
            # not "supports delivering alerts to our backend via POST" (what the service sends), "mails it via post"
            and not any(w in _FIRST_PERSON or w.startswith(_OUTBOUND_STEMS) for w in between)
            and (self.cased is None or self.cased[self.starts[last]].isupper())
        )

    def names_a_tool(self, action: re.Match[str], labels: list[re.Match[str]], thinks: bool) -> bool:
        """What an "Action:" label says is a tool's name ("search_tools", "search[ocr]", or a single word up to the
        next label or line in a trace that also thinks), not an instruction ("Action: translate the text.", a
        workflow's "Action: translate")."""
        end = next((m.start() for m in labels if m.start() > action.end()), len(self.text))
        end = min([end, *(start for start in self.line_starts if start > action.end())])
        said = self.text[action.end() : end].strip()
        return bool(_TOOL_CALL.match(said)) or (thinks and bool(said) and " " not in said)

    def bare_label(self, m: re.Match[str]) -> bool:
        """A trace label opens a line or follows punctuation, or is capitalized mid-line ("... polygon Observation:");
        not "Key observation:", "Earth observation:"."""
        before = self.text[: m.start()].rstrip(" ")
        if not before or before[-1] in ".;:])}\"'" or m.start() in self.line_starts:
            return True
        return self.cased is not None and self.cased[m.start()].isupper()

    def resolve_turns(self) -> None:
        """A pasted conversation: what the assistant said ("found ones using GET and POST", "prices from $0.001")
        is no constraint, a user's "forget MCP" retracts, and a later user turn replaces an earlier one's constraint
        of the same kind ("cap it at 1 cent" ... "make the cap 1.5 cents"), unless it adds to it ("actually Base
        is fine too"): the conversation's last word on each kind is what is asked for."""
        if not self.turn_labels:
            return
        for start, end in self.turn_labels:
            self.remove(start, end)
        confirmed = self.confirmed_questions()
        for claim in self.claims:
            if self.assistant_said(claim.first) and claim.role in ("filter", "boost"):
                if self.sentence[claim.first] in confirmed and claim.kind in _HARD_KINDS:
                    # "Assistant: Should the tool itself be paid on Base?" "User: Yes, ..."
                    claim.why = f"'{claim.phrase}': asked by the assistant, confirmed by the user"
                    continue
                claim.role, claim.why = "topic", f"'{claim.phrase}': said by the assistant, not asked for"
        # "is the first one on solana?": a question about the results asks for nothing new
        for claim in self.claims:
            if self.sentence[claim.first] in self.asked and claim.role in ("filter", "boost"):
                if self.sentence[claim.first] in confirmed:
                    continue
                if self.asks_for_one(claim.first) or self.pays_there(claim.last) >= 0:
                    continue  # "is there one on Sei? our agent can only pay there": a request for a listing
                claim.role, claim.why = "topic", f"'{claim.phrase}': asked about in the conversation, not asked for"
        for k, word in enumerate(self.words):
            if word not in _RETRACT_WORDS or self.turn_of[k] < 0:
                continue
            ahead = [j for j in range(k + 1, min(len(self.words), k + 5)) if all(self.link[i] for i in range(k, j))]
            retracted = {self.owner[j].kind for j in ahead if self.owner[j] is not None}  # type: ignore[union-attr]
            # "forget the price limit", not "ignore the limit on page count"
            limit = next((j for j in ahead if self.words[j] in _PRICE_LIMIT_WORDS), -1)
            if limit >= 0 and (self.words[limit] != "limit" or self.near(limit, 1) not in ("on", "of", "for")):
                retracted.add("price")
            chain = self.at(k + 1 + (self.at(k + 1) == "the"))
            dropped: tuple[str, ...] = ()
            if chain in n.FAMILIES and self.joined(k, k + 1):  # "yes either, but just drop polygon": that chain only
                dropped = (*n.FAMILIES[chain][0], *n.FAMILIES[chain][1])
                retracted.add("network")
            for claim in self.claims:
                if claim.kind in retracted and self.turn_of[claim.first] <= self.turn_of[k] and claim.role != "topic":
                    if dropped and claim.kind == "network" and not _overlaps(claim.value, dropped):
                        continue
                    if claim.first > k and self.turn_of[claim.first] == self.turn_of[k] and claim.first not in ahead:
                        continue  # "drop base, solana only": what follows the retraction stands
                    claim.role, claim.why = "topic", f"'{claim.phrase}': retracted ('{word}') later in the conversation"
        for kind in ("network", "price", "type", "method", "asset"):
            live = [c for c in self.claims if c.kind == kind and c.role in ("filter", "boost")]
            turns = sorted({self.turn_of[c.first] for c in live})
            if kind == "type":  # "I also have an http client, so http works too": a later word on the interface
                turns = sorted(
                    set(turns)
                    | {
                        self.turn_of[k]
                        for k, w in enumerate(self.words)
                        # not "Skip the REST one": a refused interface leaves the asked one standing
                        if w in _TYPE_STARTS and not self.assistant_said(k) and self.look_back(k, 2, _SKIP_WORDS) < 0
                    }
                )
            if len(turns) < 2 or not live:
                continue
            last = turns[-1]
            # "too"/"also" in the sentence that names it: "forget MCP, an HTTP API is fine too. ... switch the rail
            # to stellar" adds an interface, not a rail
            named = {self.sentence[c.first] for c in live if self.turn_of[c.first] == last} | {
                self.sentence[k]
                for k, w in enumerate(self.words)
                if kind == "type" and w in _TYPE_STARTS and self.turn_of[k] == last
            }
            added = any(
                w in _ADDED_WORDS and self.turn_of[k] == last and self.sentence[k] in named
                for k, w in enumerate(self.words)
            )
            if added and kind in ("network", "asset"):
                continue  # "actually Base is fine too", "EURC works too": either
            for claim in live:
                # "forget MCP, an HTTP API is fine too", "I also have an http client, so http works too": either
                if self.turn_of[claim.first] != last or (added and kind in ("type", "method")):
                    claim.role, claim.why = "topic", f"'{claim.phrase}': replaced later in the conversation"
        # "pay on stellar for a star-chart renderer" ... "payment on stellar is just a nice-to-have, skip it"
        softened = [c for c in self.claims if (c.wished or c.waived) and not self.assistant_said(c.first)]
        for claim in self.claims:
            if claim.role == "filter" and any(
                soft.kind == claim.kind
                and self.turn_of[soft.first] > self.turn_of[claim.first]
                and _overlaps(soft.value, claim.value)
                for soft in softened
            ):
                claim.role, claim.why = "topic", f"'{claim.phrase}': made a preference later in the conversation"

    def mark_payment_debugging(self) -> None:
        """ "why did my x402 payment on Base fail with invalid_signature?", "debugging: facilitator rejected my
        payment - 0.002 USDC on stellar:testnet ... what does that mean?": a query that reports a failed payment
        and asks only why (a question or a "debug" label, a failure word, a payment word, and nothing sought:
        no "find", "need", "looking for", ...) describes that payment; its networks, prices, assets and
        interface words are the data of the problem, not constraints on a result."""
        words = set(self.words)
        if not (words & _FAILURE_WORDS and words & (_PAY_NOUNS | _PAY_VERBS | _FACILITATORS)):
            return
        if not (self.question or words & _DEBUG_WORDS):
            return
        if not words & _PAYERS:
            return  # the caller's own payment: "payment fraud api that flags rejected transactions, paid on solana?"
        if words & _SEEKING or any(self.asks(j) for j in range(len(self.words))):
            return  # "why did my payment fail? need a debugger that settles on base"
        if any(
            _is_head(w) and self.near(k, -1) in ("a", "an", "any", "some", "another", "which", "what")
            for k, w in enumerate(self.words)
        ):
            return  # "is there a weather api on base that doesn't fail with 402?", "which api ...": a result is sought
        failing = {self.sentence[k] for k, w in enumerate(self.words) if w in _FAILURE_WORDS}
        paying = {
            self.sentence[k]
            for k, w in enumerate(self.words)
            if w in _PAY_WITH_VERBS and self.look_back(k, 3, _PAYERS) >= 0 and self.sentence[k] not in failing
        }
        for claim in self.claims:
            if claim.role in ("filter", "boost") and self.sentence[claim.first] not in paying:
                claim.role = "topic"
                claim.why = f"'{claim.phrase}': describes the failed payment the query debugs"

    def writing_about_x402(self) -> set[int]:
        """ "I'm writing an explainer on x402. Cover how a 402 works, why payments on Base settle in USDC ...
        Find me a diagramming tool": from a sentence announcing a piece of writing on x402, the sentences
        describing its content (up to the one that asks for something) are the content, not the rail."""
        for k, w in enumerate(self.words):
            # "an explainer on x402", "a section for our docs explaining how x402 pricing works"
            lead = k + 1 if self.near(k, 1) in _WRITING_PREPS else -1
            if w not in _WRITING_NOUNS or lead < 0:
                continue
            if w == "post" and self.at(k - 1) not in _DETERMINERS | _POSSESSIVES | _set("blog this"):
                continue  # "Post on x402 endpoint /api/ocr": the HTTP verb
            if not any(self.at(j) in ("x402", "402") for j in range(lead + 1, lead + 4) if self.joined(j - 1, j)):
                continue
            first = self.sentence[k]
            asking = [j for j in range(len(self.words)) if self.asks(j)]
            if any(self.sentence[j] == first for j in asking):
                return set()  # "Blog post on x402 needed; it must use a photo API that settles on Solana"
            later = (self.sentence[j] for j in asking if self.sentence[j] > first)
            last = min(later, default=max(self.sentence) + 1)
            return set(range(first, last))
        return set()

    def asks(self, j: int) -> bool:
        """Word j asks for something: "find", "need", "must", "use a ...", "get me ..."."""
        word = self.words[j]
        return word in _ASKING_WORDS or (word in _ASKING_VERBS and self.near(j, 1) in _ASKED_OBJECTS)

    def studies(self, j: int) -> bool:
        """Word j aggregates or studies something ("dashboard of", "average", "uptime stats"), and is not the
        purpose of a service the query asks for ("an MCP server for google analytics", "a usage analytics api")."""
        if self.at(j) not in _AGGREGATE_WORDS or self.look_back(j, 3, _set("for")) >= 0:
            return False
        return not any(self.at(k) in _SERVICE_HEADS and self.joined(j, k) for k in (j + 1, j + 2))

    def scan_spec_fields(self) -> None:
        """``network: base``, ``"max_price_usd": 0.004``, ``interface: REST``: a request written as fields."""
        keys = {w for w in self.words if w in _PAYLOAD_KEYS}
        # '{"task": "fetch logos", "payment": {"scheme": "exact", "network": "eip155:8453"}}' asks to pay that way
        asks = keys == {"scheme"} and bool(_REQUEST_KEY_FIELD.search(self.text))
        if keys and not asks:
            return  # an x402 payment header or requirement quoted as data ("decode this: {scheme, network...}")
        settings = [
            m
            for m in _LIMIT_SETTING.finditer(self.text)
            if _LIMIT_KEY.fullmatch(m.group("key")) and Decimal(m.group("value").lstrip("$")) <= _SETTING_MAX_USD
        ]
        urls = [u.span() for u in _URL.finditer(self.text)]
        fields = (_SPEC_FIELD, _TABLE_FIELD, _CHAIN_PARAM, _NETWORK_LIST_FIELD, *_OPERATOR_FIELDS)
        for m in (*(m for field in fields for m in field.finditer(self.text)), *settings, *self.search_url_fields()):
            data = any(w in _DATA_VERBS for w in self.words[: bisect_left(self.starts, m.start())])
            # "My listing, for reference: {"network": "base", ...}": the asker's own listing, described
            opening = self.starts[self.sentence_start(bisect_left(self.starts, m.start()))]
            listing = _OWN_LISTING.search(self.text, opening, m.start())
            if listing and not any(
                w in _OWN_LISTING_OUT
                for w in self.words[bisect_left(self.starts, listing.end()) : bisect_left(self.starts, m.start())]
            ):
                data = True
            if self.in_error_body(m.start(), m.end()):
                data = True
            if m.re is not _SEARCH_PARAM and any(start <= m.start() < end for start, end in urls):
                data = True  # "fetch https://api.example.com/hotels?city=lisbon&max_price=120": the URL's parameters
            key = re.sub(r"[\s_-]+", "_", m.group("key"))
            if key == "payment" and not self.opens_a_field(m.start()):
                continue  # "groups revenue by payment: base or solana", "an invoice that says payment: base"
            # quoted text ("the footer says 'Payment policy: Base only.'"), not a JSON key ('{"network": "base only"}')
            after_key = self.text[m.end("key") : m.end("key") + 1]
            json_key = after_key in _QUOTES or after_key == "\\"
            opened = m.group()[:1] in _QUOTES or self.text[max(0, m.start() - 1) : m.start()] in _QUOTES
            quoted = opened and not json_key
            if key in ("payment_policy", "pay_policy") and (quoted or not (json_key or self.opens_a_field(m.start()))):
                continue  # "Sick pay policy: base only", "the footer says 'Payment policy: Base only.'": data
            if quoted and m.re is _SPEC_FIELD and _SPEC_ONLY.search(m.group("value").strip()):
                continue  # "the facilitator docs say 'network: base only'": what a quoted text requires
            if m.re is _TABLE_FIELD and not _REQUEST_TABLE.search(self.text, max(0, m.start() - 300), m.start()):
                continue  # "last month's settlements: | network | base | | amount | $4.20 |": a table of data
            if m.re is _OPERATOR_FIELDS[1] and not _SOUK_COMMAND.search(self.text, 0, m.start()):
                continue  # "npx hardhat run deploy.ts --network base fails": another tool's flag
            if m.re in _OPERATOR_FIELDS or m.re is _SEARCH_PARAM:
                key = _OPERATOR_KEYS.get(key, key)
            bare_limit = key.startswith("price_limit")  # not call_price_limit
            if m.re is _LIMIT_SETTING and bare_limit and any(w in _ORDER_WORDS for w in self.words):
                continue  # '{"symbol": "ADA-USD", "side": "sell", "price_limit": 0.92}': an order's limit price
            if m.re is _LIMIT_SETTING:
                key = "max_price"  # read as the price field it is
            if key == "chain" and (self.task or self.chain_is_data(m)):
                continue  # "ERC20 top holders chain=ethereum": the chain the data is about
            value = m.group("value").strip()
            if m.re is _NETWORK_LIST_FIELD:  # '"networks": ["base", "solana"]' -> "base, solana"
                value = ", ".join(item.strip(" \\\"'") for item in value.split(","))
            parsed = _spec_value(key, value)
            if parsed is None:
                continue
            kind, claimed = parsed
            usd = claimed[0] if kind == "price" else None  # type: ignore[index]
            operator = m.re in (*_OPERATOR_FIELDS, _SEARCH_PARAM)
            if kind == "price" and operator and (usd is None or usd > _SETTING_MAX_USD):
                continue  # "max_price=120": no call costs that; "--max-price 1sol": no USD rate (raised TypeError)
            unit = _UNIT_AFTER.match(self.text, m.end())
            per_call = unit is not None and unit["noun"] in _CALL_WORDS | _QUERY_WORDS  # "per user request" is per call
            if kind == "price" and unit is not None and unit["unit"] in _FIELD_NON_CALL_UNITS and not per_call:
                continue  # "max_price_usd: 0.5 per month per user": a subscription's price, not a call's
            priced_per = self.text[m.end() : m.end() + 8].lstrip().startswith(("per", "/"))
            per_piece = unit is None or unit["unit"] in _FIELD_PIECE_UNITS  # "per 1k tokens": a count, then a piece
            if kind == "price" and priced_per and per_piece and not per_call:
                continue  # "max_price: 5e-4/token", "0.002 per 1k tokens": a price per token, not per call
            inside = self.word_range(m.start(), m.end())
            if not inside or any(self.owner[k] is not None or self.worked_on[k] for k in inside):
                continue  # claimed, or in the text a task works on ("detect the language of: network must be solana")
            phrase = m.group().strip()
            claim = _Claim(kind, inside[0], inside[-1], phrase, claimed)
            claim.why = f"'{phrase}': a field of a request written as fields"
            if data:  # "parse this config: network: base" is data to work on
                claim.role, claim.why = "topic", f"'{phrase}': a field of the data the task works on"
            self._add(claim, m.start(), m.end())

    def search_url_fields(self) -> list[re.Match[str]]:
        """The parameters of a Souk search URL the caller pastes ("/discovery/search?query=ocr&network=base"); not
        one of the caller's own app ("our app's /discovery/search?network=polygon endpoint returns 500")."""
        found: list[re.Match[str]] = []
        for url in _SEARCH_URL.finditer(self.text):
            if self.look_back(bisect_left(self.starts, url.start()), 3, _POSSESSIVES) < 0:
                found += _SEARCH_PARAM.finditer(self.text, url.start(), url.end())
        return found

    def opens_a_field(self, start: int) -> bool:
        """The text at ``start`` opens a sentence, a line or a list item ("Need a DNS API. Payment: Base or Solana")."""
        before = self.text[:start].rstrip(" \t\"'{")
        return not before or before[-1] in ".!?;:\n-*•|("

    def in_error_body(self, start: int, end: int) -> bool:
        """The text from ``start`` to ``end`` sits inside a facilitator's error response
        ('{"isValid":false,"invalidReason":"insufficient_funds","network":"base"}'): its fields say what failed."""
        opened = self.text.rfind("{", 0, start)
        closed = self.text.find("}", end)
        if opened < 0 or closed < 0 or "}" in self.text[opened:start]:
            return False
        return _ERROR_BODY.search(self.text, opened, closed) is not None

    def chain_is_data(self, m: re.Match[str]) -> bool:
        """A 'chain=' parameter names the data's chain when the query's words have a chain subject
        (holders, balances, gas, ...) or another field already names the rail."""
        others = [w for k, w in enumerate(self.words) if k not in self.word_range(m.start(), m.end())]
        subject = any(w in _CHAIN_SUBJECTS or w in _SUBJECT_BEFORE for w in others)
        return subject or bool(re.search(r"(?:rail|network|pay[\s_-]?on|settle[\s_-]?on)\s*[:=]", self.text))

    def scan_caip2(self) -> None:
        for m in _CAIP2.finditer(self.text):
            inside = self.word_range(m.start(), m.end())
            if not inside or not all(self.free(k) for k in inside):
                continue
            literal = self.cased[m.start() : m.end()] if self.cased else m.group()
            claim = _Claim("network", inside[0], inside[-1], m.group(), (n.canonical_case(literal),))
            claim.why = f"'{m.group()}': a network id typed as such"
            asked = self.at(inside[0] - 1) in ("is", "are") and (
                self.at(inside[0] - 2) in ("what", "which")
                or inside[0] == 1  # "is stellar:pubnet the same as ...?"
                # "what chain is eip155:8453 and who runs its sequencer?"
                or (
                    self.at(inside[0] - 3) in ("what", "which")
                    and self.at(inside[0] - 2) in _ID_ASKED_NOUNS
                    and self.sentence[inside[0]] in self.asked
                )
            )
            if (
                self.near(inside[-1], 1) in _MEANING_VERBS
                or self.look_back(inside[0], 3, _TOPIC_BEFORE) >= 0
                or asked  # "what is eip155:8453?"
                or self.at(inside[0] - 1) in ("what's", "whats")
            ):
                claim.role, claim.why = "topic", f"'{m.group()}': the id is what the question is about"
            elif self.listed_ids(m.start()):
                claim.role, claim.why = "topic", f"'{m.group()}': one of a bracketed list of ids, the task's data"
            self._add(claim, m.start(), m.end())

    def listed_ids(self, start: int) -> bool:
        """The id at ``start`` is in a bracketed list with other ids ("the chain ids in this config (eip155:137,
        eip155:10)"), not right after a payment word ("payable on (eip155:8453, solana:...)")."""
        opened = max(self.text.rfind("(", 0, start), self.text.rfind("[", 0, start))
        if opened < 0 or any(ch in self.text[opened:start] for ch in ")]"):
            return False
        closed = min((i for i in (self.text.find(")", start), self.text.find("]", start)) if i >= 0), default=-1)
        if (opened, closed) not in self.bracket_ids:  # asked per id: counted once per bracket
            self.bracket_ids[opened, closed] = len(_CAIP2.findall(self.text[opened:closed])) if closed >= 0 else 0
        if self.bracket_ids[opened, closed] < 2:
            return False
        # "the chain ids in this config (...)", not "must be paid on one of (...)", "networks we can pay with: [...]"
        before = self.word_range(max(0, self.text.rfind(".", 0, opened) + 1, opened - 80), opened)
        data = [k for k in before if self.words[k] in _ID_DATA_NOUNS]
        # not "Payment config: [...]", "our wallet config supports (...)", "allowed networks list: [...]"
        return bool(data) and not any(self.words[k] in _ID_PAYMENT_WORDS for k in before)

    # prices

    def scan_prices(self) -> None:
        patterns = (
            (_PRICE_CAP, "price"),
            (_PRICE_OR_LESS, "price"),
            (_PRICE_SUB_CENT, "price"),
            (_PRICE_CAP_UNITLESS, "price"),
            (_PRICE_COMPARED, "price"),
            (_PRICE_MIN, "minprice"),
            (_PRICE_WORDS_PER_CALL, "price"),
            (_PRICE_BARE, "bare"),
            (_PRICE_CAPPED_AT, "price"),  # after the figures: only what they left, amounts in words
        )
        for pattern, kind in patterns:
            for m in pattern.finditer(self.text):
                inside = self.word_range(m.start(), m.end())
                if not inside or not all(self.free(k) for k in inside):
                    continue
                usd, symbol = (Decimal("0.01"), None) if pattern is _PRICE_SUB_CENT else _amount_value(m)
                if pattern is _PRICE_CAPPED_AT and not set(m["capped"].split()) <= _CAPPED_CALLS:
                    continue
                if pattern is _PRICE_COMPARED and not any(op in m.group() for op in "<≤") and self.data_priced(m, usd):
                    continue
                if pattern is _PRICE_CAP_UNITLESS and not self.unitless_price(inside[0], inside[-1], usd):
                    continue
                if pattern is _PRICE_WORDS_PER_CALL and any(ch.isdigit() or ch in "$€" for ch in m.group()):
                    continue  # figures go through the patterns below, with their checks for data amounts
                unit = m.group("per") or m.group("per2") or ("each" if m.group().endswith("each") else None)
                if kind == "minprice" and (
                    self.look_back(inside[0], 6, _MIN_NEGATORS) >= 0 or self.too_much_after(inside[-1])
                ):
                    # "not willing to pay more than 0.05 USD", "don't show me anything that costs more than
                    # 2 cents", "anything over 1 cent a call is too much": a minimum refused is a cap (inclusive,
                    # like "no more than")
                    kind = "price"
                phrase, end, batch_of, batch_size = m.group(), m.end(), "", ""
                counted = _COUNTED_UNIT.match(self.text, end) if unit in _COUNT_WORDS_PER else None
                if counted and usd is not None and self.free_text(end, counted.end()):
                    # "max $0.50 per thousand requests": the count was read as the unit; the calls follow it
                    calls = _singular(counted[1])
                    if calls in _CALL_UNIT_WORDS or calls in _CALL_WORDS:
                        usd, phrase, end = (
                            usd / _COUNT_WORDS_PER[str(unit)],
                            self.text[m.start() : counted.end()],
                            counted.end(),
                        )
                        inside, unit, batch_of = self.word_range(m.start(), end), calls, calls
                batch = _PER_BATCH.match(self.text, end) if unit is None else None
                if batch and batch["lead"] == "for" and not self.calls_batch(batch):
                    batch = None
                if batch and self.free_text(end, batch.end()):
                    # "under 5 cents per 1000 calls" caps a call at $0.00005; "under 2 cents per 1k tokens" prices
                    # tokens, not calls
                    count = Decimal(batch["count"].replace(",", "")) * _BATCH_MULTIPLIERS[batch["mult"] or ""]
                    phrase, end, batch_of = self.text[m.start() : batch.end()], batch.end(), _singular(batch["unit"])
                    batch_size = batch["count"] + (batch["mult"] or "")
                    inside = self.word_range(m.start(), end)
                    if usd is not None and count > 0 and (batch_of in _CALL_UNIT_WORDS or batch_of in _CALL_WORDS):
                        usd, unit = usd / count, batch_of
                ahead = _BATCH_BEFORE.search(self.text, 0, m.start()) if unit is None and not batch_of else None
                if ahead and usd is not None and self.free_text(ahead.start(), m.start()):
                    # "1000 lookups for under $1" caps a lookup at $0.001, as "under $1 per 1000 lookups" does
                    count = Decimal(ahead["count"].replace(",", "")) * _BATCH_MULTIPLIERS[ahead["mult"] or ""]
                    calls = _singular(ahead["unit"])
                    if count > 0 and ahead["unit"] in _BATCH_CALLS:
                        usd, unit, batch_of = usd / count, calls, calls
                        batch_size = ahead["count"] + (ahead["mult"] or "")
                        phrase = self.text[ahead.start() : end]
                        inside = self.word_range(ahead.start(), end)
                cap_word = _AFTER_BATCH_CAP.match(self.text, end) if batch_of and unit == batch_of else None
                if cap_word and self.free_text(end, cap_word.end()):
                    phrase, end = self.text[m.start() : cap_word.end()], cap_word.end()
                    inside = self.word_range(m.start(), end)
                role, why = self.price_role(kind, phrase, inside[0], inside[-1], usd, symbol, unit)
                if batch_of and unit != batch_of:
                    role, why = "topic", f"'{phrase}' is a price per {batch_size} {batch_of}s, not per call"
                elif batch_of and role == "filter" and usd is not None:
                    why = f"'{phrase}': ${_money(usd)} a {batch_of}"
                thing = self.near(inside[-1], 1)
                if pattern is _PRICE_SUB_CENT and (thing in _PRICE_SUBJECTS or thing in _SUB_CENT_DATA):
                    role, why = "topic", f"'{m.group()} {thing}': the price of the subject"
                elif pattern is _PRICE_SUB_CENT and (self.task or self.question) and unit is None:
                    role, why = "topic", f"'{m.group()}' in a question or task, not a price per call"
                claim = _Claim("minprice" if kind == "minprice" else "price", inside[0], inside[-1], phrase)
                claim.value, claim.role, claim.why = (usd, symbol, kind == "bare"), role, why
                self._add(claim, m.start(), end)

    def mark_range_floors(self) -> None:
        """ "between 0.001 and 0.002 usd per call": the range's upper end caps the call; its lower end is a minimum,
        which is not supported, and is said so (unappliedFilters) instead of searched for as the words "between 0"."""
        caps = [c for c in self.claims if c.kind == "price" and c.role == "filter"]
        for claim in caps:
            start = self.spans[claim.first][0]
            # "between $0.001 and $0.002 per call": the lower end was read as a cap of its own
            lower = next(
                (
                    c
                    for c in caps
                    if c.last == claim.first - 2
                    and self.at(c.first - 1) == "between"
                    and self.at(c.last + 1) == "and"
                    and self.look_back(c.first - 1, 4, _PRICE_CHANGE_WORDS) < 0
                    and self.free(c.first - 1)
                    and self.free(c.last + 1)
                    and all(self.link[k] for k in (c.first - 1, c.last, c.last + 1))
                ),
                None,
            )
            if lower is not None:
                lower.kind, lower.role = "minprice", "unapplied"
                lower.phrase = self.span_text(lower.first - 1, lower.last + 1)
                lower.why = f"'{lower.phrase}': minimum prices are not supported"
                for k in (lower.first - 1, lower.last + 1):
                    self.take(k, lower)
                continue
            floor = _RANGE_FLOOR.search(self.text, 0, start)
            if floor is None or not self.free_text(floor.start(), floor.end()):
                continue
            inside = self.word_range(floor.start(), floor.end())
            if self.look_back(inside[0], 4, _PRICE_CHANGE_WORDS) >= 0:
                continue  # "I'm paying between 0.01 and 0.02 per call now": what it pays, not a range asked for
            low = _Claim("minprice", inside[0], inside[-1], floor.group().strip())
            low.value = (None, None, True)
            low.role, low.why = "unapplied", f"'{low.phrase}': minimum prices are not supported"
            self._add(low, floor.start(), floor.end())

    def paid_asset(self, k: int) -> bool:
        """Word k is the asset the caller pays in: "paid in usdc", "accepts usdc", "pay with eurc", "priced in
        usdc", "an api in usdc", "i can pay for with eurc". Not a quote currency ("xlm price in usdc")."""
        if self.at(k) not in _PAID_ASSET_WORDS:
            return False
        b = self.before(k)
        prior = self.at(b) if b >= 0 else ""
        if prior in _RAIL_VERBS or prior in ("priced", "denominated"):
            return True
        if prior not in ("in", "with"):
            return False
        payer = self.before(b)
        word = self.at(payer) if payer >= 0 else ""
        if word == "for" and self.at(self.before(payer)) in _RAIL_VERBS:  # "i can pay for with eurc"
            return True
        return (
            word in _RAIL_VERBS
            or word in _PAY_NOUNS
            or word in ("priced", "denominated")
            or (
                prior == "in" and word not in _QUOTE_WORDS and _is_head(word)  # "a weather api in usdc"
            )
        )

    def priced_subject(self, first: int, width: int) -> int:
        """The nearest priced thing of the ``width`` words joined before ``first`` ("tokens under $0.01"),
        passing over the asset the caller pays in ("paid in usdc on base for no more than 1 cent"); -1 if
        none."""
        k = first
        while (span := width - (first - k)) > 0:
            thing = self.look_back(k, span, _PRICE_SUBJECTS)
            if thing < 0 or not self.paid_asset(thing):
                return thing
            k = thing
        return -1

    def service_noun(self, thing: int, k: int) -> bool:
        """Word k names a service worked on the priced thing at ``thing``, in one noun phrase with it: "token
        analysis", "usdc balance checker", "nft minting", "bitcoin sentiment analysis". Not across a
        preposition or a verb ("tokens with a top holder", "coins popular on twitter", "tokens trading")."""
        word = self.words[k]
        if word in _MARKET_VERBS or word in _PRICE_SUBJECTS or word in _PRICE_WORDS or word in _VAGUE_HEADS:
            return False  # "tokens trading under", "coins that dropped below", "tokens from one launchpad"
        if not (word in _SUBJECT_SERVICES or _is_head(word)):
            return False
        return all(_content(self.words[j]) and self.link[j - 1] for j in range(thing + 1, k + 1))

    def each_unit(self, first: int) -> str | None:
        """ "each classification must cost at most half a cent", "every lookup should be under 1 cent": the
        unit of work named by "each"/"every" before the price word of the same clause; None when there is
        none, or when the unit is a priced thing ("each room must cost under $200")."""
        word = self.look_back(first, 4, _EACH_COST_WORDS)
        # "each screen has to cost", "each call to the API should cost me"
        each = self.look_back(word, 8, _EACH_WORDS) if word >= 0 else -1
        if each < 0 or each + 1 == word:  # a noun stands between "each" and the price word
            return None
        noun = self.words[each + 1]
        if not _content(noun) or noun in _PRICED_THINGS:
            return None
        if noun in _NON_CALL_UNITS or noun.removesuffix("s") in _NON_CALL_UNITS:
            return None
        return noun

    def budget_unit(self, first: int) -> str | None:
        """ "Budget per image: 2 cents max": a budget per unit of work, said just before the amount, prices a call."""
        per = self.in_sentence_before(first, 4, _set("per"))
        if per < 1 or self.words[per - 1] not in ("budget", "budgets") or per + 1 >= first:
            return None
        noun = self.words[per + 1]
        if not _content(noun) or noun in _PRICED_THINGS or _singular(noun) in _NON_CALL_UNITS:
            return None
        return noun

    def calls_batch(self, batch: re.Match[str]) -> bool:
        """ "5 cents for 1000 calls" prices a batch of calls; "under 1 cent for 7 days" is a forecast's span and
        "for 100 requests per second" a rate."""
        calls = _singular(batch["unit"]) in _CALL_UNIT_WORDS | _CALL_WORDS
        return calls and not _RATE_AFTER.match(self.text, batch.end())

    def moved_money(self, first: int, usd: Decimal | None, unit: str | None) -> int:
        """The verb that moves an amount over $1 ("send a Venmo request for $18.50 to Jake"), -1 if none; not where
        a call, a service or a price word is named ("send email api under $1.50 per call")."""
        moved = self.look_back(first, 4, _MONEY_VERBS)
        asked = self.before(first)
        # "Request $18.50 from Jake": the verb opens the sentence (not "each request under $5")
        opens = asked >= 0 and (self.sentence_start(asked) == asked or self.at(asked - 1) in ("please", "and", "then"))
        if moved < 0 and self.at(asked) == "request" and opens:
            moved = asked
        if moved < 0 or usd is None or usd <= 1 or (unit is not None and unit.removesuffix("s") in _CALL_UNIT_WORDS):
            return -1
        priced = any(
            _is_head(self.words[k]) or self.words[k] in _PRICE_WORDS or self.words[k] in ("cost", "costs", "cheaper")
            for k in range(moved + 1, first)
        )
        return -1 if priced else moved

    def unitless_price(self, first: int, last: int, usd: Decimal | None) -> bool:
        """ "under 0.05 per query" caps a price only beside a price word or after the service it asks for
        ("research agent on base, under 0.05 per query"); "error rate under 0.1 per page" caps a rate. Not
        when another currency follows ("under 0.002 per call, paid in ETH") or the cap is zero."""
        if usd is None or usd <= 0:
            return False
        following = self.words[last + 1 : last + 5]
        for k, word in enumerate(following[:-1]):
            if word == "in" and (following[k + 1] in _SYMBOLS or following[k + 1] in _CURRENCY_WORDS):
                return False
        if self.look_back(first, 3, _METRIC_WORDS) >= 0:
            return False
        if self.words[first] == "budget" or self.look_back(first, 5, _UNITLESS_PRICE_WORDS) >= 0:
            return True  # "budget 0.002 per call": a budget is money
        return self.in_sentence_before(first, 8, _SERVICE_HEADS) >= 0

    def price_role(
        self,
        kind: str,
        phrase: str,
        first: int,
        last: int,
        usd: Decimal | None,
        symbol: str | None,
        unit: str | None,
    ) -> tuple[AppliedAs, str]:
        """Whether an amount is the price of a call (a cap) or part of what the task is about."""
        if usd is not None and usd <= 0:
            # "max $0 per call": every paid listing is above it; as a filter it would answer nothing (a misread
            # figure such as "$0·005" with a middle dot reads the same)
            return "topic", f"'{phrase}': a zero cap would hide every paid listing"
        if unit is not None and (unit in _NON_CALL_UNITS or unit.removesuffix("s") in _NON_CALL_UNITS):
            return "topic", f"'{phrase}' is a price per {unit}, not per call"
        closing = self.past(last, " ¢$")
        bracketed = self.char_before(first, "$<=≤~") == "(" and self.text.startswith(")", closing)
        after_service = first >= 1 and _is_head(self.words[first - 1])
        if bracketed and after_service and kind in ("price", "bare") and usd is not None and usd <= 1:
            # "a cheap GET endpoint (<= $0.01) for ...": the amount in brackets right after the service caps it
            return "filter", f"'{self.words[first - 1]} ({phrase})': price cap on the service"
        if "micro" in phrase and (kind == "bare" or unit not in _CALL_WORDS):
            # "in increments of 100 micro-dollars", "Stripe charges 300 micro-dollars per event": micro amounts cap
            # a call only when said of one ("no more than 500 micro-dollars per call")
            return "topic", f"'{phrase}': a micro amount not said of a call"
        if kind == "bare" and unit is None and self.listed_amount(first, last):
            # "Sum these expenses: $0.25, $0.10, $3.40, $0.005", "three APIs charge $0.001, $0.002 and $0.004 per
            # page": one of a list of amounts the task works on
            return "topic", f"'{phrase}': one of a list of amounts, the task's data"
        opener = self.sentence_opening(first)
        if (
            kind == "bare"
            and self.at(opener) == "how"
            and self.near(opener, 1) == "much"
            and self.sentence[first] in self.asked
            # a sum worked out ("how much would ... cost at $0.0002 each"), not "how much data ... which api sells it"
            and any(self.words[k] in _COST_VERBS for k in range(opener + 2, first))
        ):
            # "How much would 1,000,000 API calls cost at $0.0002 each?": the figure the question computes with
            return "topic", f"'{phrase}': an amount a question computes with"
        example = self.task and self.ends_with(_EXAMPLE_BEFORE, self.spans[first][0])
        # Only a bare "at $0.001 per call": "under $0.01 per call vs openweather" still caps.
        if kind == "bare" and (example or _VERSUS_AFTER.match(self.text, closing)):
            # "e.g. an API at $0.001 per call versus a $20/month plan": an amount the task gives as an example
            return "topic", f"'{phrase}': an amount given as an example or in a comparison, not a cap"
        copula = self.before(first)
        data_clause = self.at(self.before(copula)) in _RELATIVES or self.at(self.before(copula)) in _PRICED_RECORDS
        if (
            self.at(copula) in ("were", "was")
            and copula >= 0
            and data_clause
            and self.look_back(copula, 4, _IF) < 0  # "it would be great if calls were under $0.01"
            and not any(w in _STANDING_WORDS for w in self.words[last + 1 :])
        ):
            # "show gas fees on Base that were under $0.01 last week": what the task's data cost
            return "topic", f"'{self.span_text(self.before(first), last)}': what the task's data cost"
        priced = self.look_back(first, 2, _PRICE_WORDS)
        if priced >= 1 and self.at(self.before(priced)) in _PASSIVE_HELPERS:
            # "how many calls were priced under $0.01 last month": what the task's data was priced at
            return "topic", f"'{self.span_text(self.before(priced), last)}': what the task's data was priced at"
        # "each call must cost less than $0.002": the call is named just before the amount.
        call_word = self.look_back(first, 6, _CALL_WORDS)
        call_named = (
            (unit is not None and unit.removesuffix("s") in _CALL_UNIT_WORDS)
            # not "call options with a premium under 2 cents"
            or (call_word >= 0 and self.at(call_word + 1) not in _NOT_API_CALLS)
            # "at most $1 on the call", "$0.01 for each request"
            or (
                self.near(last, 1) in ("on", "for")
                and self.near(last + 1, 1) in _DETERMINERS | _set("each every one a")
                and self.near(last + 2, 1) in _CALL_WORDS
            )
        )
        if unit is None and not call_named:
            unit = self.each_unit(first) or self.budget_unit(first)
        # "I'd cap it at 3 cents", "capped at a quarter of a cent": the caller caps what it pays
        cap = self.look_back(first, 4, _CAP_VERBS)
        capped = self.at(self.before(first)) in ("at", "to") and cap > 0 and self.at(cap - 1) not in ("market", "a")
        call_named = call_named or (capped and kind != "minprice")
        per_call = unit is not None or call_named  # "per citation", "each": a unit of work, unless priced
        after, after2 = self.near(last, 1), self.near(last + 1, 1) if self.near(last, 1) else ""
        sentence = self.sentence[first]
        held = self.look_back(first, 2, _HOLD_VERBS | _BALANCE_WORDS)
        if kind == "bare" and held >= 0 and unit is None:  # "I hold 500 XLM", "my balance is 3 USDC"
            return "topic", f"'{self.span_text(held, last)}': an amount held, not a price"
        # "estimate what 1M calls at $0.0004 each would cost", "averaging $0.0031 per request"
        if kind == "bare" and sentence in self.calculating:
            return "topic", f"'{phrase}': an amount in a calculation the task asks for"
        prior = self.before(first)  # the word just before the amount, -1 when none is joined to it
        if self.at(prior) == "at" and prior >= 0 and not call_named and self.look_back(prior, 3, _PRICED_THINGS) >= 0:
            # "10,000 line items at $0.002 each"
            return "topic", f"'{self.span_text(prior, last)}': the unit price of the task's items"
        seller = self.look_back(first, 4, _CHARGE_VERBS)
        # "our own x402 API charges $0.01 per call"
        if seller >= 0 and self.look_back(seller, 5, _POSSESSIVES | _set("we")) >= 0:
            return "topic", f"'{self.span_text(seller, last)}': what the caller charges its own customers"
        vendor = self.look_back(first, 6, _SELL_VERBS)
        if vendor >= 0 and self.look_back(vendor, 3, _FIRST_PERSON) >= 0:
            # "We sell API access at under a cent per call": the caller's own price list
            return "topic", f"'{self.span_text(vendor, last)}': what the caller sells at"
        giver = self.look_back(first, 3, _GIVE_VERBS)
        if giver >= 0 and all(self.link[k] for k in range(giver, first)):
            # "tip writers 5 cents per article": what the task gives away, not what a call costs
            return "topic", f"'{self.span_text(giver, last)}': an amount the task gives"
        billed = seller + 2 if self.at(seller + 1) in _POSSESSIVES | _THEIR else seller + 1
        if seller >= 0 and self.at(billed) in _PAYING_OTHERS and all(self.link[k] for k in range(seller, first)):
            # "a metering API that can bill our users 0.1 cents per request": what people are charged, not the call
            return "topic", f"'{self.span_text(seller, last)}': what others are charged"
        ranged = self.owner[first - 2] if first >= 2 and self.at(first - 1) == "and" else None
        if (
            ranged is not None
            and ranged.kind == "price"
            and ranged.role == "topic"
            and self.joined(first - 2, first - 1)
            and self.in_sentence_before(ranged.first + 1, 3, _set("between from")) >= 0  # "between X and Y"
        ):
            # "charge between $0.002 and $0.01 per call": the range's other end is what its first end is
            return "topic", f"'{phrase}': the upper end of a range that is {ranged.why.split(': ', 1)[-1]}"
        # "providers that charge under $0.005", "as long as they charge less than $0.001" still cap
        lead = [self.at(self.before(first)), *self.words[first : last + 1]]
        capped_word = next((w for w in lead if w in _CAP_LEAD_WORDS), "")
        stated = self.stated_price_verb(first) if kind == "bare" and not capped_word else -1
        if stated >= 0:
            # "the OCR API we used was 5 cents a page", "Twilio bills us $0.0079 per SMS", "the old plan cost $0.002 per
            # request": what something costs, told as a fact; a wish is said with a bound or a modal ("must cost")
            return "topic", f"'{self.span_text(stated, last)}': a price stated as a fact, not a cap"
        if (
            seller >= 1
            and self.words[seller - 1] in _THIRD_PARTIES  # their subject: not "vendors that charge ..."
            and self.in_sentence_before(seller - 1, 6, _ASKING_WORDS | _set("show list consider which where")) < 0
            and capped_word not in _CAP_LEAD_WORDS
        ):
            # "Competitors charge between $0.002 and $0.01 per call": what others charge, not a cap
            return "topic", f"'{self.span_text(seller - 1, last)}': what others charge"
        figure = next((k for k in range(first, last + 1) if self.words[k][:1].isdigit()), first)
        if self.ends_with(_FEE_SCHEDULE, self.spans[figure][0]):
            # "2.9% + 30¢ vs 2.6% + 10¢": a card fee schedule
            return "topic", f"'{phrase}': the fixed part of a percentage fee"
        if usd is not None and usd > _MAX_CALL_PRICE and kind in ("price", "bare"):
            # "median software engineer pay under $150,000": no call costs that
            return "topic", f"'{phrase}': more than any call costs, so the amount of something else"
        if kind == "bare" and self.at(self.before(first)) in _COUNT_WORDS and self.before(first) >= 0:
            return "topic", f"'{self.span_text(self.before(first), last)}': a count, not a price"
        if kind == "bare" and (after in _PRICED_THINGS or after in _SHOP_WORDS):
            return "topic", f"'{phrase} {after}': the amount names a thing, not a call price"
        if (
            kind == "bare"
            and unit is None
            and _content(after)
            and after not in _AMOUNT_ADVERBS  # "cap at 0.5¢ instead"
            and not (_is_head(after) or _is_head(after2))
        ):
            return "topic", f"'{phrase} {after}': the amount describes '{after}', not the call"
        if not call_named and self.unit_priced:
            # "compare prices per 1k tokens and flag any model under $0.002": the same unit throughout
            return "topic", f"'{phrase}': the query prices something per {self.unit_priced}, not per call"
        if self.look_back(first, 2, _GAIN_WORDS) >= 0:
            return "topic", f"'{phrase}': an amount won or earned, not what a call costs"
        moved = self.moved_money(first, usd, unit)
        if moved >= 0:
            return "topic", f"'{self.span_text(moved, last)}': money the task moves, not what a call costs"
        if not call_named:
            lo = max(0, first - 4)
            # "send sms under 1 cent", "send an email": a message sent, no money
            window = [
                self.words[k]
                for k in range(lo, min(len(self.words), last + 4))
                if not (self.words[k] in ("send", "sending") and self.message_sent(k))
            ]
            after3 = self.near(last + 2, 1) if after2 else ""
            sub_cent_cap = kind == "price" and usd is not None and usd < _SUB_CENT
            # "$0.05 per conversion" prices a unit of work; "convert $50 to EUR" is a conversion
            per_conversion = unit in _CONVERSION_WORDS or (after in ("per", "each") and after2 in _CONVERSION_WORDS)
            # "fx rates api under 2 cents", "sms sending api under 1 cent": a cap of less than a dollar said right after
            # the service it prices, whatever the service converts or sends ("send money api under $50" moves money)
            priced = self.before(first)
            while priced >= 0 and self.at(priced) in _CAP_LEAD_WORDS | _set("at no not less more"):
                priced = self.before(priced)
            service_capped = (
                bool(capped_word)
                and usd is not None
                and usd < 1
                and priced >= 0
                and self.at(priced) in _SERVICE_HEADS
            )
            converting = (
                not per_conversion and not service_capped and any(w in _CONVERSION_WORDS for w in window)
            )
            if (
                # "xlsx to pdf converter, a tenth of a cent or less": nobody converts a sub-cent sum
                (converting and not sub_cent_cap)
                or (
                    after in ("to", "into", "in")
                    and (after2 in _CURRENCY_WORDS or after2 in _SYMBOLS)
                    # "under 1 cent in USDC": a cap said in the asset paid with
                    and not (
                        after == "in" and kind == "price" and after2 in _KNOWN_SYMBOLS and self.cost_of_service(first)
                    )
                )
                or (after in ("to", "into", "in") and after3 in _CURRENCY_WORDS)  # "in indian rupees"
                or (self.look_back(first, 3, _set("much")) >= 0 and self.look_back(first, 4, _set("how")) >= 0)
            ):
                return "topic", f"'{phrase}' is an amount in a conversion"
            market = self.look_back(first, 3, _MARKET_VERBS)
            if market >= 0:
                return "topic", f"'{self.span_text(market, last)}': a market price, not the call's"
            fees = (after2 in _FEE_WORDS or after3 in _FEE_WORDS) and self.look_back(first + 1, 6, _PRICE_WORDS) < 0
            # "swaps on Solana with under $1 in fees"; not "costs under $0.01 in fees per call"
            fees = fees and not _PER_WORDS & set(self.words[last + 1 : last + 6])
            if after == "in" and (after2 in _MONEY_KINDS or after3 in _MONEY_KINDS or fees):
                kind_of_money = after2 if after2 in _MONEY_KINDS else f"{after2} {after3}"
                return "topic", f"'{phrase} in {kind_of_money}': an amount of {kind_of_money}, not a call price"
            if after in _NON_CALL_UNITS or (after in ("a", "an", "per", "each") and after2 in _NON_CALL_UNITS):
                unit = after if after in _NON_CALL_UNITS else after2
                return "topic", f"'{phrase}' is a price per {unit}, not per call"
            if prior >= 0 and self.at(prior) in _AMOUNT_NOUNS:
                return "topic", f"'{self.span_text(prior, last)}': an amount in the data, not the call's price"
            if (
                self.at(prior) in _PRICE_WORDS
                and self.at(self.before(prior)) in _PRICE_SUBJECTS
                and prior > 0
                and not self.paid_asset(self.before(prior))  # "an api that accepts usdc costing under 1 cent"
            ):
                # "memecoins priced below $0.0001": the thing's own price, however small
                return "topic", f"'{self.span_text(self.before(prior), last)}': the price of the subject"
            thing = self.priced_subject(first, 5)
            # "stock quote under 1 cent", "token analysis under 5 cents": a service noun after the priced
            # thing is what is priced. A sub-cent amount is no plausible price of a thing ("bitcoin price for
            # no more than $0.0005"): it is what the call may cost.
            sub_cent = usd is not None and usd < _SUB_CENT
            if (
                thing >= 0
                # "tokens under $0.001", "memecoins below 0.1 cent": the thing right before the cap
                and (not sub_cent or (thing == first - 1 and self.words[thing] in _PRICED_THINGS))
                and not any(
                    self.words[k] in _PRICED_SERVICES
                    # over $1 is no call's price: "hourly rate of freelance translators under $25"
                    or (usd is not None and usd <= 1 and self.service_noun(thing, k))
                    for k in range(thing + 1, first)
                )
            ):
                return "topic", f"'{phrase}' is the price of '{self.words[thing]}'"
        if kind == "minprice":
            if self.task and not per_call:
                return "topic", "an amount in a long task request without a price phrase"
            return "unapplied", f"'{phrase}': minimum prices are not supported"
        if usd is None:
            return "unapplied", f"'{phrase}': no USD rate for {symbol}"
        if per_call and usd > 1 and not call_named:
            # "$2.50 per load": x402 calls cost cents; over a dollar per unit of work prices the thing
            return "topic", f"'{phrase}': over $1 per {unit} reads as the price of the thing, not of a call"
        if per_call:
            return "filter", f"'{phrase}': a price per call"
        # "flights that cost no more than $300": in a task, only "per call" or a payment sentence ("pay on
        # base with usdc, under 1 cent") names the call's price.
        if (
            self.task
            and self.pay_sentences
            and kind == "price"
            and usd <= _ITEM_CAP_MAX
            and len(self.sentence_words(first)) <= 5
        ):
            # "1. quote of the day 2. must accept payment on base-sepolia 3. under 5 cents": a cap that is an
            # item of its own in a request that says how it pays
            return "filter", f"'{phrase}': a cap given as an item of a request that names its payment"
        each_call = usd <= _ITEM_CAP_MAX and self.each_call_costs(first)  # not "for each call, list apps at $0.99"
        if self.task and usd <= _ITEM_CAP_MAX and self.price_statement(first, last):
            # "translate a document; the price must be below 0.002 USD": a sentence that only states a price
            return "filter", f"'{self.span_text(self.sentence_first[first], last)}': a price stated on its own"
        if self.task and not self.sentence_pays(first) and not each_call:
            return "topic", "an amount in a long task request, not a price per call"
        word = self.look_back(first, 3, _PRICE_WORDS)
        if word >= 0 and self.at(word + 1) == "per" and self.at(word + 2) in _NON_CALL_UNITS:
            return "topic", f"'{self.span_text(word, word + 2)}': a price per {self.at(word + 2)}, not per call"
        service = self.in_sentence_before(first, 8, _SERVICE_HEADS)
        # "a product search api for wireless earbuds that cost under $100": the relative clause prices the
        # noun it follows, and that noun is no service
        relative = word - 1 if word > 1 and self.at(word - 1) in ("that", "which") else -1
        priced_noun = self.at(relative - 1) if relative > 0 else ""
        if relative > 0 and priced_noun and not _is_head(priced_noun) and priced_noun not in _CALL_WORDS:
            service = -1
        if word >= 0 and usd > 1 and service < 0 and not self.sentence_pays(first):
            # "earbuds that cost under $100", "smartphones priced below $500": x402 calls cost cents, and
            # nothing names a call or a service this amount could cap
            return "topic", f"'{self.span_text(word, last)}': over $1 with no call or service priced: the thing's price"
        if word >= 0:
            return "filter", f"'{self.span_text(word, last)}': price phrase"
        if symbol is not None:
            return "filter", f"'{phrase}': priced in {symbol}"
        if self.at(self.before(first)) in _SERVICE_HEADS and self.before(first) >= 0:
            return "filter", f"'{self.span_text(self.before(first), last)}': price cap on the service"
        if usd > 1:
            return "topic", f"'{phrase}': over $1 without a price phrase reads as the price of the subject"
        if kind == "bare":
            if usd > _BARE_CAP_MAX:  # "songs for 99 cents": a bare amount is weak evidence of a call price
                return "topic", f"'{phrase}': a bare amount over ${_money(_BARE_CAP_MAX)} is not read as a cap"
            return "filter", f"'{phrase}': price cap, assumed from a bare amount"
        return "filter", f"'{phrase}': price cap"

    # networks

    def scan_families(self, *, linked: bool) -> None:
        for i, word in enumerate(self.words):
            if word in n.FAMILIES and self.free(i):
                self.try_family(i, linked=linked)
            elif word in _SHORT_FAMILIES and self.free(i) and not linked and self.settled_on(i):
                self.try_family(i, linked=linked, family=_SHORT_FAMILIES[word])

    def spent_or_held(self, on: int) -> int:
        """Where a phrase of money spent or held ends at ``on`` ("how much they spent on", "total spending on",
        "wallets holding over 1M USDC on"), else -1. Not the caller's own: "our budget is spent on Base", "our two
        wallets holding USDC on Base should pay for this"."""
        verb = on - 1
        while verb >= 0 and self.link[verb] and on - verb <= 6:
            word = self.words[verb]
            if not (word in _DETERMINERS or word in _HELD_AMOUNT_WORDS or word in _KNOWN_SYMBOLS or word[:1].isdigit()):
                break
            verb -= 1
        if verb < 0 or not self.link[verb]:
            return -1
        if self.at(verb) in _set("spent spend spends spending"):
            # "how much ... spent on", "totals spending on": the amounts are what the task adds up
            return verb if self.in_sentence_before(verb, 6, _set("much total totals")) >= 0 else -1
        holder = verb - 1
        own = any(w in _POSSESSIVES or w.endswith("'s") for w in self.words[max(0, holder - 3) : holder])
        if self.at(verb) in _set("hold holding") and self.at(holder) in _OTHERS_HOLDING and not own:
            return holder  # not "I hold USDC on Base", "the agent's wallets holding USDC on Base": the caller's funds
        return -1

    def settled_on(self, i: int) -> bool:
        """ "an api that settles on sol", "pays on eth mainnet, weather api": a coin's ticker names its chain only
        after a service's (or the request's opening) payment verb and a preposition; not "takes on ETH", "wages paid
        on eth", "when the dust settles on SOL", "sol price"."""
        prep, verb = i - 1, i - 2
        if not (
            self.at(prep) in _NET_PREPS
            and self.joined(prep, i)
            and self.at(verb) in _TICKER_PAY_VERBS
            and self.joined(verb, prep)
            and self.near(i, 1) not in _CHAIN_SUBJECTS
        ):
            return False
        subject = verb - 2 if self.at(verb - 1) in ("that", "which") else verb - 1
        return verb == self.sentence_start(verb) or self.at(subject) in _TICKER_PAYERS

    def try_family(self, i: int, *, linked: bool, family: str | None = None) -> None:
        word = family or self.words[i]
        qual, last = self.qualifier_after(i)
        after = self.near(i, 1)
        lead = i  # first word of the chain's name: "mainnet stellar", "testnet base" put the qualifier first
        if qual is None and self.free(i - 1) and self.near(i, -1) in _MAIN_QUAL | _BARE_TEST_LEADS:
            qual, lead = ("main" if self.near(i, -1) in _MAIN_QUAL else "test"), i - 1
        prev = lead - 1
        if self.near(lead, -1) in ("the", "either", "l2") and self.free(prev):  # "payment on either solana or base"
            prev -= 1  # "pay on L2 Base"
        prep = self.at(prev) if self.joined(prev, prev + 1) and self.free(prev) else ""
        symbol_next = after in _KNOWN_SYMBOLS and self.near(i + 1, 1) not in _CHAIN_SUBJECTS
        link_role = self.linked_role(i, last)
        if word in _ALWAYS_CHAINS:
            if word == "stellar" and (
                self.near(i, -1) in _STELLAR_ADJ_BEFORE
                or after in _STELLAR_ADJ_AFTER
                # "star spectral type lookup, settles on stellar": a payment word still names the rail
                or (self.astronomy and self.look_back(i, 3, _RAIL_VERBS | _PAY_NOUNS) < 0)
                or (self.near(i, -1) in ("a", "an") and self.near(i - 1, -1) in _MAKING_VERBS)
            ):
                return  # "stellar reviews", "stellar spectra": the adjective
            if word == "solana" and after in ("beach", "county"):
                return  # Solana Beach, California
        elif word == "base" and self.baseball:
            return
        else:
            context = (
                prep in _NET_PREPS
                or self.switched_rail(prev)
                or prep in _PAY_VERBS
                or self.near(i, -1) in _KNOWN_SYMBOLS
                or symbol_next
                or (linked and link_role is not None)
                or self.rail_tag(i, last) != ""
                or self.rail_after(last) != ""
                or (prep == "in" and self.payment_in(prev) >= 0)  # "payment must be in arbitrum one"
                or self.paying_from(lead) >= 0  # "I'm paying from Base"
                or self.accepted_in_turn(lead, last)
                or self.accepted_after(lead, last) >= 0  # "no polygon, base is fine"
            )
            billed = self.near(i, -1) in _BILLING_WORDS  # "an sms api that bills base 2 cents per message"
            # "pay with my base wallet": the payer's own wallet, though "wallet" usually makes a chain the subject
            own_wallet = (
                after in _WALLET and self.near(i, -1) in _POSSESSIVES and self.look_back(i, 6, _RAIL_VERBS) >= 0
            )
            if not (
                (context or qual is not None or own_wallet)
                # "base 64" is no chain; "endpoint base <=0.5c" is one before its price cap
                and (
                    qual is not None
                    or own_wallet
                    or (
                        after not in _NOT_NETWORK_AFTER
                        and (not after.isdigit() or (self.owned_by(i + 1, "price", "filter") and not billed))
                    )
                )
                and self.near(i, -1) not in _NOT_NETWORK_BEFORE
            ):
                return
        mainnets, testnets = n.FAMILIES[word]
        if qual == "main":
            ids = mainnets
        elif qual == "test":
            ids = testnets
        else:
            ids = mainnets + testnets if word in _BARE_FAMILIES else mainnets
        first = prev if prep in _NET_PREPS else lead
        role, why = self.network_role(i, first, last, prev, prep, qual, symbol_next, link_role)
        if role == "topic":
            ids = testnets if qual == "test" else mainnets  # a soft signal: the chain itself
        claim = self.claim_words("network", first, last, tuple(sorted(ids)), role, why)
        if claim is not None and role == "topic" and qual == "test":
            self.named_testnets.update(testnets)
        if claim is not None and role != "topic":
            if qual == "test":
                self.explicit_testnets.update(testnets)
            elif qual in (None, "any") and word in _BARE_FAMILIES:
                self.bare_testnets.update(testnets)

    def network_role(
        self,
        i: int,
        first: int,
        last: int,
        prev: int,
        prep: str,
        qual: str | None,
        symbol_next: bool,
        link_role: AppliedAs | None,
    ) -> tuple[AppliedAs, str]:
        """Filter when the chain reads as the payment rail, topic when it is what the task is about."""
        phrase = self.span_text(first, last)
        tail = self.near(last, 1)
        if self.route_end(first):
            return "topic", f"'{self.span_text(first - 1, last)}': the end of a route between chains"
        funds = self.funds_on(prev, prep)
        if funds:
            return "filter", f"'{self.span_text(funds[0], last)}': {funds[1]}"
        if self.accepted_in_turn(first, last):
            settled = _SETTLED_FOR_AFTER.match(self.text, self.spans[last][1])
            said = self.text[self.spans[first][0] : settled.end() if settled else self.spans[last][1]]
            return "filter", f"'{said}': the network the user settles for in the conversation"
        rail = self.own_rail(last)
        if rail >= 0:  # "solana-mainnet wallet with USDC, that's my only rail"
            return "filter", f"'{self.span_text(first, last)} ... {self.span_text(rail - 1, rail)}': the caller's rail"
        paid_word = self.rail_after(last)
        if paid_word:
            return "filter", f"'{self.span_text(first, last + 1)}': {paid_word}"
        accepted = self.accepted_after(first, last)
        if accepted >= 0:
            return "filter", f"'{self.span_text(first, accepted)}': a rail the caller accepts"
        payer = self.paying_from(first)
        # "paying from base was too expensive", "paying from the base budget": not where the caller pays now
        ends_there = tail in _WALLET or not tail.isalpha() or tail in _PAYING_FROM_TAILS
        if payer >= 0 and (tail in _WALLET or prep == "from") and ends_there:
            # "I'm paying from Base", "paying from a base mainnet wallet" (not a route: "from base to solana")
            said = self.span_text(payer, last + (tail in _WALLET))
            return "filter", f"'{said}': paying from the caller's wallet there"
        if tail in _WALLET and self.near(first, -1) in _POSSESSIVES:
            payer = self.look_back(first - 1, 6, _RAIL_VERBS)
            if payer >= 0 and not self.passive_payment(payer):  # "i can pay for with my ethereum wallet"
                return "filter", f"'{self.span_text(payer, last + 1)}': paying from a wallet on that chain"
        owned = tail.removesuffix("'s")  # "a stellar account's trustlines", "the stellar network's native coin"
        if tail in _SUBJECT_AFTER or (owned != tail and (owned in _SUBJECT_AFTER or owned in _NEUTRAL_QUAL)):
            return "topic", f"'{phrase} {tail}': the chain is the subject, not the payment rail"
        of = self.before(first, _DETERMINERS)
        figure = self.at(self.before(of)) in _CHAIN_FIGURES and self.look_back(of, 8, _RAIL_VERBS) < 0
        if self.at(of) in ("for", "of") and of >= 1 and figure:
            # "validator commission rates and uptime for the Sei network", "the TVL of Base": the chain's own figures
            return "topic", f"'{self.span_text(self.before(of), last)}': the chain is the subject, not the payment rail"
        tail2 = self.near(last + 1, 1) if tail else ""
        if (
            tail2.removesuffix("'s") in _CHAIN_SUBJECTS
            and tail not in _SERVICE_HEADS | _SYMBOL_WORDS  # not "base-sepolia usdc faucet"
            and self.free(last + 1)
            and tail.isalpha()
        ):
            return "topic", f"'{phrase} {tail} {tail2}': the chain is the subject, not the payment rail"
        if self.compared(first, last):
            return "topic", f"'{phrase}': chains compared with each other are the subject"
        if self.enumerated(i):
            # "weekly USDC volume on Ethereum, Base, Arbitrum and Polygon": the chains the task covers; a caller
            # pays on one rail, or offers alternatives with "or"
            return "topic", f"'{phrase}': one of three or more chains the task covers"
        facilitator = self.in_sentence_before(first, 8, _FACILITATORS)
        if facilitator >= 0:
            # "every facilitator that supports settling on Solana": where a facilitator settles is what it
            # is asked about, not how the caller pays
            return "topic", f"'{self.span_text(facilitator, last)}': a facilitator's chains are its subject"
        if prep == "on" and (spent := self.spent_or_held(prev)) >= 0:
            # "totals how much they spent on Solana last month", "wallets holding over 1M USDC on Ethereum": money
            # spent or held on the chain is the data
            return "topic", f"'{self.span_text(spent, last)}': money spent or held there is the data"
        noun = self.before(prev)
        payer = self.before(noun)
        people = self.at(payer) != "their" or self.in_sentence_before(payer, 6, _OTHER_PAYERS - {"who"}) >= 0
        if prep in _NET_PREPS and self.at(noun) in _PAY_NOUNS and self.at(payer) in _THEIR and people:
            # "users asking why their payment on Stellar has been pending": someone else's payment
            return "topic", f"'{self.span_text(self.before(noun), last)}': someone else's payment"
        if prep == "on" and noun >= 0 and self.own_seller(noun):
            # "yesterday our x402 seller on Base returned 402": where the caller's own seller is paid
            own = self.span_text(self.look_back(noun, 3, _POSSESSIVES), last)
            return "topic", f"'{own}': the asker's own seller, not the rail asked for"
        if prep in _NET_PREPS and self.at(noun) in _PAY_NOUNS and self.payments_are_the_object(noun):
            # "send a payment on base", "track payments on stellar": the payments on that chain are the task
            return "topic", f"'{self.span_text(noun, last)}': payments the task acts on, not how the caller pays"
        paid = self.caller_is_paid(first)
        if paid >= 0:
            return "topic", f"'{self.span_text(paid, last)}': where the caller is paid"
        if prep in _NET_PREPS and self.at(noun) in _PAY_NOUNS:
            described = self.payments_described(noun)
            if described:
                return "topic", f"'{self.span_text(described[0], last)}': {described[1]}"
        pay = self.pay_phrase(i, last, prev, prep, symbol_next)
        if pay:
            checked = self.in_sentence_before(first, 8, _WHETHER)
            if (
                checked > 0
                and self.words[checked - 1] in _CHECK_VERBS
                and all(self.link[k] for k in range(checked - 1, first))
            ):
                # "an API that checks whether an x402 endpoint accepts payment on Solana": what is checked, not the rail
                return "topic", f"'{self.span_text(checked - 1, last)}': what the task checks"
            return "filter", f"'{pay}': payment phrase"
        seller = self.in_sentence_before(first, 8, _CHARGE_VERBS)  # across the amount's own punctuation
        if seller >= 0 and self.look_back(seller, 3, _POSSESSIVES | _set("we")) >= 0:
            # "my x402 server charges $0.002 per call on base": where the caller's own customers pay
            return "topic", f"'{self.span_text(seller, last)}': what the caller charges its own customers"
        payer = self.look_back(first, 6, _RAIL_VERBS | _PAY_NOUNS)
        if payer >= 0 and self.passive_payment(payer):
            return "topic", f"'{self.span_text(payer, last)}': what the task's data was paid with"
        if payer >= 0 and self.paid_by_others(payer):
            return "topic", f"'{self.span_text(payer, last)}': what others paid, the task's data"
        looked_at = self.at(payer - 1) in _PAYMENT_DATA_QUALIFIERS
        looked_at = looked_at or self.in_sentence_before(payer, 6, _LOOK_VERBS) >= 0
        if payer >= 0 and self.at(payer) in _PAY_NOUNS and self.near(payer, 1) in _ARRIVAL_VERBS and looked_at:
            # "which of yesterday's customer payments arrived on Base": payments the task looks at
            return "topic", f"'{self.span_text(payer, last)}': payments the task looks at"
        if payer >= 0 and prep in _NET_PREPS:  # "pay for with my wallet on solana devnet"
            return "filter", f"'{self.span_text(payer, last)}': payment phrase"
        opener = self.before(first)
        holder = self.look_back(first, 4, _HOLD_VERBS)
        if holder >= 0 and self.words[holder] == "own" and self.at(holder - 1) in _OWN_ADJECTIVE_BEFORE:
            # "from its own wallet on base": an adjective, not a verb of holding ("I have my own wallet": "have" is)
            holder = self.look_back(holder - 1, 2, _HOLD_VERBS - {"own"})
        if holder >= 0:
            there = next(
                (
                    k
                    for k in range(last + 2, min(len(self.words), last + 16))
                    if self.words[k] == "there"
                    # "... holds funds on Solana devnet; find it a QR-code generator it can pay for there"
                    and 0 <= self.sentence[k] - self.sentence[last] <= 1
                    and (self.at(k - 1) in _RAIL_VERBS or (self.at(k - 1) == "for" and self.at(k - 2) in _RAIL_VERBS))
                ),
                -1,
            )
            if there >= 0:  # "my wallet only holds USDC on Base, so whatever you pick has to settle there"
                said = f"{self.span_text(holder, last)} ... {self.span_text(there - 1, there)}"
                return "filter", f"'{said}': payment phrase"
            callers = self.look_back(holder, 4, _CALLER_WORDS) >= 0
            around = self.words[max(0, holder - 4) : holder]
            others = any(w in _OTHER_PAYERS or w in _THIRD_PARTY_HOLDERS for w in around)
            paid = self.pays_with_it(last, wide=callers and not others)
            if paid >= 0:  # "I hold USDC on Base and pay with it", "... and that is the only thing it can pay with"
                return "filter", f"'{self.span_text(holder, last)} ... {self.words[paid]}': pays with what it holds"
            if self.only_holds(holder, last):  # "my wallet only has USDC on Base", "I only have USDC on solana"
                return "filter", f"'{self.span_text(holder, last)}': all the caller can pay with is there"
            return "topic", f"'{self.span_text(holder, last)}': holding an asset does not name the payment network"
        if prep in _NET_PREPS:
            k = self.before(prev)
            if self.at(k) in _SYMBOLS and k >= 0:  # "the price of eth on base": a pay phrase was ruled out
                return "topic", f"'{self.span_text(k, last)}': the chain of an asset the task is about"
        if self.at(opener) in _TOPIC_BEFORE and opener >= 0:
            return "topic", f"'{self.span_text(opener, last)}': the chain is what the task is about"
        vault = self.before(prev)
        if prep and self.at(vault) in _VAULT_WORDS and vault >= 0:  # "our Gnosis Safe multisig on Ethereum"
            return "topic", f"'{self.span_text(vault, last)}': the chain of a multisig or vault"
        if prep and self.hex_before(self.spans[prev][0]):
            # "get_transaction_receipt for 0x9af3...e2 on base-sepolia": where that transaction or address lives
            return "topic", f"'{phrase}': the chain of the hash or address before it"
        about = self.before(first)
        if prep == "on" and self.at(about) in _ABOUT_NOUNS and about >= 0:  # "news on solana"
            return "topic", f"'{self.span_text(about, last)}': 'on' means 'about' here"
        if prep in ("for", "of") and self.at(self.before(prev)) in _ID_WORDS:  # "the CAIP-2 id for avalanche fuji"
            return "topic", f"'{self.span_text(self.before(prev), last)}': the network's id is asked about"
        paid_from = self.paid_from_own_wallet(first)
        if paid_from >= 0:  # "we'll pay for it from our ops wallet on Base"
            return "filter", f"'{self.span_text(paid_from, last)}': the caller pays from its wallet on that chain"
        dapp = self.look_back(first, 5, _DECENTRALIZED)
        if dapp >= 0 and self.at(dapp + 1) in _DAPP_NOUNS:  # "decentralized applications on the Ethereum blockchain"
            return "topic", f"'{self.span_text(dapp, last)}': the chain is the subject, not the payment rail"
        counted = self.look_back(first, 5, _ADDRESSES)
        if counted >= 1 and self.at(counted - 1) in _ADDRESS_KINDS:  # "daily active addresses on Base"
            return "topic", f"'{self.span_text(counted - 1, last)}': the chain's own addresses"
        traded = self.traded_with(prev, prep)
        if traded >= 0:  # "buy bitcoin using ethereum": the coin paid in a trade is the task's
            return "topic", f"'{self.span_text(traded, last)}': what the task trades with"
        supported = self.only_supported_by_payer(first)
        if supported >= 0:  # "our x402 signer only supports Stellar", "my wallet supports only Base"
            return "filter", f"'{self.span_text(supported, last)}': the only chain the caller can pay on"
        subject = self.look_back(first, 5, _SUBJECT_BEFORE | _SYMBOL_WORDS)
        if subject < 0 and prep in ("on", "in"):
            # "fees on base" are the chain's; "a translation API with low fees for the Base network" pays there
            subject = self.look_back(first, 5, _FEE_WORDS)
        tagged = (
            subject == first - 1
            and self.words[subject] in _X402_STABLECOINS
            and subject >= 1
            # after the service asked for ("weather api usdc base") or a comma ("ocr, usdc solana"); not "price of
            # usdc base", "send usdc base"
            and (_is_head(self.words[subject - 1]) or not self.joined(subject - 1, subject))
            and not self.task
            and self.joined(subject, first)
            and (not tail or not self.joined(last, last + 1))
        )
        if tagged:  # "weather api usdc base", "ocr, usdc solana, under 1c": the stablecoin paid and the chain it is on
            return "filter", f"'{self.span_text(subject, last)}': a stablecoin tagged with the chain it is paid on"
        priced_in = (owner := self.owner[subject] if subject >= 0 else None) is not None and owner.kind == "price"
        if subject >= 0 and not (priced_in and owner is not None and owner.role == "filter"):
            # not the asset a call's price is said in ("under 0.002 USDC/call on base" pays on Base)
            return "topic", f"'{phrase}' is the subject of '{self.span_text(subject, first - 1)}'"
        there = self.pays_there(last)
        if there >= 0 and prep in _NET_PREPS:  # "is there one on Sei? our agent can only pay there"
            return "filter", f"'{phrase} ... {self.span_text(there - 2, there)}': payment phrase"
        if self.task and not self.sentence_pays(i):
            return "topic", f"'{phrase}' in a long task request without a payment phrase"
        if link_role is not None:
            return link_role, f"'{phrase}': joined to another network that is a {link_role}"
        if prep in _NET_PREPS:
            if self.names_rail_elsewhere(i):
                return "topic", f"'{phrase}': {_RAIL_NAMED_ELSEWHERE}"
            return "filter", f"'{phrase}': network phrase"
        if qual is not None:
            return "filter", f"'{phrase}': a network named with its qualifier"
        if self.words[i] in _BARE_FAMILIES and (opener < 0 or self.at(opener) in _LEAD_WORDS):
            if tail in _CHAIN_AS_SUBJECT_VERBS and not _REFUSED_AFTER.match(self.text, self.spans[last][1]):
                # "solana works best for NFTs", "stellar is allowed to mint?", "Solana ist okay für NFTs": the chain is
                # what the sentence says something about (an acceptance, "base is fine", was read before this)
                return "topic", f"'{phrase} {tail}': the chain is the subject of a sentence"
            if self.question:
                return "topic", f"'{phrase}' in a question without a network phrase"
            if self.names_rail_elsewhere(i):
                return "topic", f"'{phrase}': the query names its payment network in a payment phrase elsewhere"
            if tail == "pay" and qual is None and self.pay_product(last + 1):
                return "topic", f"'{phrase} pay': names a product, not the payment rail"
            return "filter", f"'{phrase}': a chain leading a short query reads as the payment network"
        tag = self.rail_tag(first, last)
        if tag:
            return "filter", f"'{phrase}': {tag}"
        return "topic", f"'{phrase}' named without a network phrase"

    def caller_is_paid(self, first: int) -> int:
        """Where the phrase before the chain at ``first`` says the caller is paid, not where it pays: "our shop receives
        payments on Base", "we collect payments on Polygon", "our store gets paid on Avalanche", "so that agents can
        pay me in USDC on Solana". The phrase's first word, or -1; not of a relative clause on the thing sought ("an
        API that receives payments on Base", "an API that gets paid on Base")."""
        noun = self.look_back(first, 3, _PAY_NOUNS)
        collects = noun - 1 if noun >= 1 and self.at(noun - 1) in _COLLECT_VERBS else -1
        if collects >= 0 and self.look_back(collects, 5, _SELLERS) >= 0 and self.at(collects - 1) not in _RELATIVES:
            return collects
        accepting = self.caller_accepts(noun if noun >= 0 else first)
        if accepting >= 0:
            return accepting
        got = self.look_back(first, 3, _PAID) - 1
        owned = self.look_back(got, 6, _POSSESSIVES) >= 0 and self.at(got - 1) not in _RELATIVES
        if got >= 0 and self.at(got) in _GET_WORDS and owned:
            return got
        payer = self.look_back(first, 6, _PAYEE_VERBS)
        return payer if payer >= 0 and self.pays_the_caller(payer) else -1

    def caller_accepts(self, k: int) -> int:
        """The caller, not the result, accepts the payments before word k: an order opening its sentence for the
        caller's own business ("accept payments on solana for my online store"), the caller's wish ("I want to start
        accepting payments on Solana", "how do we accept USDC on Base"), the payments received ("tax reporting for
        payments received on solana"). The phrase's first word, or -1."""
        if self.at(k + 1) in _RECEIVED and self.at(k) in _PAY_NOUNS:
            return k
        verb = next((j for j in range(k - 1, max(-1, k - 4), -1) if self.words[j] in _ACCEPT_FORMS), -1)
        if verb < 0 or not all(self.link[j] for j in range(verb, k)):
            return -1
        if (
            self.sentence_start(verb) == verb
            and self.words[verb] == "accept"
            # for the caller's own business ("... for my online store"); not "...; accept payment on ethereum", which
            # says what the result must accept
            and any(self.words[j] in _POSSESSIVES for j in self.sentence_words(k) if j > k)
        ):
            return verb
        j = verb - 1
        while j >= 0 and self.words[j] in _WANTING_TO and self.link[j]:
            j -= 1
        if j >= 0 and self.words[j] == "and":
            j = self.sentence_start(j)  # "I run a small bakery and want to start accepting payments on Solana"
        return j if j >= 0 and j < verb and self.words[j] in _set("i we") and self.link[j] else -1

    def pays_the_caller(self, k: int) -> bool:
        """The verb at k pays (or, in the past, charged) the caller: "pay me", "paid us", "charged me twice" ("charges
        me on Base" says where it pays)."""
        return self.at(k) in _PAYEE_VERBS and self.near(k, 1) in ("me", "us")

    def traded_with(self, prev: int, prep: str) -> int:
        """The trade verb of "buy bitcoin using ethereum", "swap tokens with solana" (a coin or token right
        before the preposition), or -1."""
        if prep not in ("using", "with"):
            return -1
        coin = self.before(prev)  # prev is the preposition
        if coin < 0 or not (self.at(coin) in _COINS or self.at(coin) in _SYMBOL_WORDS):
            return -1
        verb = self.before(coin, _DETERMINERS)
        return verb if self.at(verb) in _TRADE_VERBS and verb >= 0 else -1

    def only_holds(self, holder: int, last: int) -> bool:
        """The caller holds its money only there ("my wallet only has USDC on Base", "we only have USDC on solana"),
        in one clause, and the sentence is not about its balance or transfers ("i only have usdc on base and want to
        see my balance history")."""
        only = any(self.at(k) == "only" for k in (holder - 1, holder - 2, holder + 1))
        caller = self.look_back(holder, 4, _CALLER_WORDS) >= 0
        subject = any(
            self.words[k] in _HOLDING_SUBJECTS
            for k in range(len(self.words))
            if self.sentence[k] == self.sentence[holder]
        )
        # "... only holds USDC on Base. Which NFT marketplaces there ...": the chain is a place the task is about
        there = any(
            self.words[k] == "there" and self.at(k - 1) not in _BE and self.at(k + 1) not in _BE  # not "is there"
            for k in range(last + 1, len(self.words))
        )
        return only and caller and not subject and not there and all(self.link[k] for k in range(holder, last))

    def funds_on(self, prev: int, prep: str) -> tuple[int, str] | None:
        """'my wallet is on solana', 'i only have funds on polygon', 'wallet funded on base': the payer's
        money is on that chain. (first word, why), or None."""
        if prep != "on":
            return None
        k = self.before(prev)
        word = self.at(k) if k >= 0 else ""
        holder = self.look_back(k, 4, _HOLDERS) if word in ("funds", "funded", "fund") else -1
        between = self.words[holder:k] if holder >= 0 else []
        if any(w in _OTHER_PAYERS for w in between) and not any(w in _AGENT_WORDS for w in between):
            return None  # "which of our customer wallets are funded on Base": the data's wallets
        if holder >= 0 and self.asks_which_wallets(holder):
            return None  # "which of our wallets are funded on base?": the wallets are what the task looks up
        lacking = "out" in between or self.at(holder - 2) == "none" or any(w in _LACK_WORDS for w in between)
        if holder >= 0 and lacking:
            # "we ran out of funds on base", "none of our funds are on base", "our agent has no funds on solana":
            # no money there (mark_missing_funds refuses the rail)
            return None
        if holder >= 0:
            return holder, "the caller's funds are on that chain"
        if word in ("i'm", "im", "we're") and k == self.sentence_start(k):
            # "i'm on base sepolia testnet, any endpoint that ...": where the caller is, it pays
            return k, "the caller is on that chain"
        if word == "wallet" and self.at(self.before(k)) in ("funded", "funding"):
            # "my funded wallet on base", "i'm an agent with a funded wallet on solana only"; not "flag anyone
            # with a funded wallet on base" (the data's wallets)
            owner = self.look_back(k, 3, _POSSESSIVES)
            if owner < 0 and self.look_back(k, 4, _set("with")) >= 0:
                owner = self.look_back(k, 8, _set("i'm im i we we're am"))
            if owner >= 0:
                return owner, "the caller's funds are on that chain"
        if word in ("is", "are", "lives", "sits") and self.at(self.before(k)) in _WALLET | _FUNDS_NOUNS:
            owner = self.before(self.before(k), _WALLET_ADJECTIVES)  # "my agent's only funded wallet is on ..."
            # "the bot's wallet is on Solana" (the caller's bot, opening the sentence); not "this MEV bot's wallet"
            opens = self.at(owner - 1) == "the" and self.sentence_start(owner) == owner - 1
            own_bot = self.at(owner) == "bot's" and (self.at(owner - 1) in _POSSESSIVES or opens)
            caller = self.at(owner) in _POSSESSIVES or self.at(owner).endswith(("agent's", "agents")) or own_bot
            none = self.at(owner - 1) == "of" and self.at(owner - 2) == "none"  # "none of our funds are on base"
            if caller and not none:
                return owner, "the caller's wallet is on that chain"
        if word in ("is", "lives", "sits"):
            # "the wallet my agent spends from lives on Stellar", "the wallet we pay with is on base"
            wallet = self.look_back(k, 6, _WALLET)
            between = self.words[wallet + 1 : k] if wallet >= 0 else []
            if (
                between
                and between[0] in _FIRST_PERSON
                and between[-1] in ("from", "with")
                and any(w in _SPEND_VERBS for w in between)
                and all(self.link[j] for j in range(wallet, k))
            ):
                return wallet, "the caller's wallet is on that chain"
        return None

    def asks_which_wallets(self, i: int) -> bool:
        """The sentence of ``i`` opens by asking which wallets ("which of our wallets are ...", "what wallets")."""
        start = self.sentence_start(i)
        # "which of our wallets are funded", not "what wallet do I need if our wallet is funded on base"
        return (
            self.at(start) in ("which", "what")
            and i - start <= 3
            and any(self.at(k) in _WALLET for k in range(start + 1, start + 5))
        )

    def paid_from_own_wallet(self, first: int) -> int:
        """The payment verb of "pay (for it) from our wallet" right before the chain at ``first``; -1 if none."""
        wallet = self.look_back(first, 2, _WALLET)
        owner = self.look_back(wallet, 3, _PAYING_OWNERS) if wallet >= 0 else -1
        if owner < 1 or self.words[owner - 1] != "from":
            return -1
        pay = self.in_sentence_before(owner - 1, 4, _PAY_WITH_VERBS)
        # "pay for it from our wallet", "(the sub-agent) pays with USDC from its own wallet", not "pay the invoice
        # from our treasury wallet" (a payment the task makes)
        if pay < 0 or any(
            self.words[k] not in ("for", "it", "this", "that", "them", "with") and self.words[k] not in _SYMBOLS
            for k in range(pay + 1, owner - 1)
        ):
            return -1
        return pay

    def own_seller(self, k: int) -> bool:
        """Word k is the caller's own seller: "our x402 seller", "my paywall", "our x402 server"."""
        word = self.words[k]
        seller = word in ("seller", "sellers", "paywall", "paywalls") or (
            word in ("server", "servers", "endpoint", "endpoints", "api") and self.near(k, -1) == "x402"
        )
        owner = self.look_back(k, 3, _POSSESSIVES)  # "our x402 seller", not "my favorite seller"
        return seller and owner >= 0 and all(self.words[j] in ("own", "x402") for j in range(owner + 1, k))

    def own_rail(self, last: int) -> int:
        """Index of "rail" in "my (only) rail" after the chain at ``last``, in its sentence; -1 when none."""
        for k in range(last + 1, min(len(self.words), last + 12)):
            if self.sentence[k] != self.sentence[last]:
                break
            if self.words[k] in ("rail", "rails") and self.look_back(k, 2, _POSSESSIVES) >= 0:
                return k
        return -1

    def pays_with_it(self, last: int, *, wide: bool = False) -> int:
        """A payment verb after the held asset at ``last``, in its sentence, with "it"/"that" beside it ("pay
        with it", "pays every call from it", "the only thing it can pay with"); its index, or -1."""
        for k in range(last + 1, min(len(self.words), last + 16)):
            if self.sentence[k] != self.sentence[last]:
                break
            if self.words[k] in _PAY_WITH_VERBS and any(
                self.at(j) in ("it", "that", "this") and self.sentence[j] == self.sentence[k]
                for j in range(k - 3, k + (7 if wide else 5))
            ):
                return k
        return -1

    def payments_are_the_object(self, k: int) -> bool:
        """The payment noun at k is what the task acts on: a verb, an article or an asset right before it ("send a
        payment", "execute a USDC payment", "track payments", "list recent payments")."""
        before = self.before(k)
        word = self.at(before) if before >= 0 else ""
        if word in _SYMBOLS or word in ("recent", "incoming", "outgoing", "pending", "failed", "x402"):
            before = self.before(before)
            word = self.at(before) if before >= 0 else ""
        if word in ("for", "of", "about", "on", "into"):
            # "an analytics API for x402 payments on Solana", "stats on payments on base": payments as data
            head = self.before(before)
            if self.at(head) in _TYPE_NOUNS:
                head = self.before(head)
            return head >= 0 and self.at(head) in _PAYMENT_DATA_NOUNS
        return word in _PAYMENT_OBJECT_MARKERS

    def pay_product(self, pay: int) -> bool:
        """ "solana pay integration guide": Solana Pay, the product; not "solana pay per call", "stellar pay
        only", "solana pay-per-call"."""
        hyphenated = self.text[self.spans[pay][1] :][:1] == "-"
        return not hyphenated and self.near(pay, 1) not in _PAY_TAILS

    def route_end(self, first: int) -> bool:
        """ "Base -> Solana", "from Base to Solana": the chain a transfer or bridge goes to."""
        if first < 1 or self.words[first - 1] not in n.FAMILIES:
            gap = ""
        else:
            gap = self.text[self.spans[first - 1][1] : self.spans[first][0]]
        if "->" in gap or "→" in gap or "=>" in gap:
            return True
        if self.at(first - 1) == "to" and first >= 3 and self.words[first - 2] in n.FAMILIES:
            # "moving our payments from Base to Solana": where the caller's payments go is its rail
            return self.at(first - 3) == "from" and self.look_back(first - 3, 3, _PAY_NOUNS | _PAY_VERBS) < 0
        return False

    def rail_after(self, last: int) -> str:
        """'polygon settlement please', 'base payments only': a payment word right after the chain."""
        tail = self.near(last, 1)
        if tail not in _PAY_NOUNS or self.question:
            return ""
        beyond = self.near(last + 1, 1)
        if tail in ("settlement", "billing") or beyond in ("", "please", "only"):
            return "a payment word names it"
        return ""

    def accepted_after(self, first: int, last: int) -> int:
        """ "no polygon, base is fine", "geocoding api, stellar is ok": a chain opening its clause and said, in a clause
        of its own, to be acceptable names a rail the caller can pay on, where it follows a refusal or is the only
        chain named. The predicate's last word, or -1. Not an opinion or a report ("ethereum is fine for storage",
        "base is good for low fees", "base was fine last week", "ethereum is fine and all, but ..."), a question,
        "the knowledge base is fine" (the chain does not open its clause), "any chain but polygon is fine", beside a
        preference ("preferably base, but solana is fine"), nor among other chains ("for testing, base is fine, in
        prod only solana"; "an NFT API for polygon, ethereum is also fine")."""
        if self.question or (self.joined(first - 1, first) and self.at(first - 1) not in _ACCEPTED_OPENERS):
            return -1
        if self.at(first - 1) == "but" and self.near(first - 1, -1) in _ANY_BUT:
            return -1
        k = last + 1
        if not self.joined(last, k):
            return -1
        if self.at(k) not in ("works", "work"):  # "skip ethereum; solana works."
            if self.at(k) not in ("is", "'s"):
                return -1
            k += 1 + (self.near(k, 1) in ("also", "totally", "perfectly", "still"))
            if not (self.joined(k - 1, k) and self.at(k) in _ACCEPTABLE):
                return -1
        end = k + (self.near(k, 1) in ("too", "also"))
        after = self.text[self.spans[end][1] :].lstrip()
        if (end + 1 < len(self.words) and self.joined(end, end + 1)) or after.startswith("?"):
            return -1  # "... is fine for storage", "base is fine? or ..."
        sentence = [j for j in range(len(self.words)) if self.sentence[j] == self.sentence[first]]
        if any(self.words[j] in _PREFER for j in sentence):
            return -1
        others = [j for j in range(len(self.words)) if self.words[j] in n.FAMILIES and not first <= j <= last]
        # "base is fine, solana is not": a chain refused right after it is no competing rail
        others = [j for j in others if not (j > last and _REFUSED_AFTER.match(self.text, self.spans[j][1]))]
        if not others:
            return end
        # every other chain is the refused one(s) before it: "no polygon, base is fine", "skip ethereum; solana works"
        nearby = range(first - 1, max(-1, first - 9), -1)
        refused = next((j for j in nearby if self.words[j] in _REFUSED_BEFORE_CHAIN), -1)
        return end if refused >= 0 and all(refused < j < first for j in others) else -1

    def rail_tag(self, first: int, last: int) -> str:
        """A chain tagged onto the end of a short query: 'ocr api base', 'qr code generator, base',
        'timezone lookup, x402 solana', 'pdf summarizer, base only', 'ocr, base only, please'. The task names no chain
        subject."""
        if self.task or self.question or first == 0:
            return ""
        end = last + 1 if self.at(last + 1) in ("only", "mainnet") and self.joined(last, last + 1) else last
        if self.at(end + 1) in _THANKS and end + 2 == len(self.words):
            end += 1  # "ocr, base only, please"
        # "ocr, base, <1c": the tag may come before a price cap that ends the query
        if end != len(self.words) - 1 and not all(
            self.owned_by(k, "price", "filter") for k in range(end + 1, len(self.words))
        ):
            return ""
        lead = self.at(first - 1)
        cap = self.owner[first - 1] if first >= 1 else None
        if cap is not None and cap.kind == "price" and cap.role == "filter" and cap.last == first - 1 and cap.first:
            lead = self.at(cap.first - 1)  # "tts under 1c stellar": the tag after the cap that follows the service
            if not (self.joined(cap.first - 1, cap.first) and self.joined(first - 1, first)):
                lead = ""
        if lead == "x402" or (lead in _SERVICE_HEADS and lead not in _GENERIC) or not self.link[first - 1]:
            return "a chain tagged onto a short query reads as the payment network"
        return ""

    def compared(self, first: int, last: int) -> bool:
        """'solana vs base fees', 'base versus polygon': chains set against each other."""
        for k in (first - 1, last + 1):
            if self.at(k) in ("vs", "versus", "v"):
                other = k - 1 if k < first else k + 1
                if self.at(other) in n.FAMILIES:
                    return True
        return False

    def only_supported_by_payer(self, first: int) -> int:
        """ "our signer only supports <chain>", "my wallet supports only <chain>": where the caller's paying side
        (its wallet, signer or x402 client, said with "our"/"my") names it; -1 if not."""
        k = self.before(first)
        if self.at(k) == "only":
            k = self.before(k)
        verb = k
        if self.at(verb) not in _SUPPORTS or verb < 0:
            return -1
        if self.at(first - 1) != "only" and self.at(verb - 1) != "only":
            return -1
        payer = verb - 1 - (self.at(verb - 1) == "only")  # the paying side right before: not "my wallet app ..."
        named = self.at(payer) in _PAYING_SIDES or (self.at(payer) == "client" and self.at(payer - 1) in _X402_WORDS)
        owner = payer - 1 - (self.at(payer - 1) in _X402_WORDS)  # "our x402 signer"; not "my customers' wallet"
        if payer < 1 or not named or self.at(owner) not in _POSSESSIVES or self.sentence[first] in self.asked:
            return -1
        # not a wallet the asker builds or sells ("I'm building a wallet. My wallet only supports Solana")
        if any(w in _BUILD_VERBS or w in _PRODUCT_WORDS for w in self.words):
            return -1
        return payer

    def enumerated(self, i: int) -> bool:
        """The chain at i is in a list of three or more chains joined by "and" (not "or")."""
        run, joiners = self.chain_run(i)
        if len(run) < 3 or joiners != {"and"}:
            return False
        key = (run[0], self.sentence[i])
        if key not in self.enumerations:  # once per list: a 4,000-character list asked per chain was cubic
            sentence = self.sentence_words(i)
            # "accepts payment on Base, Solana and Polygon" lists rails; "weekly USDC volume on ..." the data's chains
            near_list = range(max(0, run[0] - 4), min(len(self.words), run[-1] + 5))  # "... for payments"
            paid = any(self.words[k] in _RAIL_VERBS | _PAY_NOUNS for k in near_list) or any(
                self.words[k] in _SET_PAY_WORDS for k in sentence
            )
            scoped = any(self.words[k] in _CHAIN_SUBJECTS | _SCOPE_WORDS for k in sentence if k < run[0])
            self.enumerations[key] = scoped and not paid
        return self.enumerations[key]

    def chain_run(self, i: int) -> tuple[list[int], frozenset[str]]:
        """The chain words joined to i by commas, "and" or "or" (sorted), and the joining words seen."""
        if i in self.chain_runs:
            return self.chain_runs[i]
        run, joiners = [i], set()
        for step in (-1, 1):
            k = i
            while True:
                j = k + step
                if 0 <= j < len(self.words) and self.words[j] in ("and", "or"):
                    joiners.add(self.words[j])
                    j += step
                elif (
                    not (0 <= j < len(self.words))
                    or self.text[min(self.ends[k], self.ends[j]) : max(self.starts[k], self.starts[j])].strip() != ","
                ):
                    break
                if not (0 <= j < len(self.words)) or self.words[j] not in n.FAMILIES:
                    break
                run.append(j)
                k = j
        found = sorted(run), frozenset(joiners)
        if self.words[i] in n.FAMILIES:  # walked from any chain of the run, the same run and joiners
            self.chain_runs.update(dict.fromkeys(run, found))
        return found

    def confirmed_questions(self) -> set[int]:
        """The assistant's questions closing its turn that the next user turn answers "yes" to."""
        confirmed = set()
        for k in range(1, len(self.words)):
            if self.turn_of[k] == self.turn_of[k - 1] or not self.assistant_said(k - 1) or self.assistant_said(k):
                continue
            if self.at(self.sentence_opening(k)) in _YES_WORDS and self.sentence[k - 1] in self.asked:
                confirmed.add(self.sentence[k - 1])
        return confirmed

    def asks_for_based(self, first: int, last: int) -> bool:
        """ "Is there a GET-based endpoint for ...", "do you have any POST-based OCR api": the sentence opens by asking
        for the <method>-based thing at first..last; not "Do you think a GET-based endpoint is safer", "Are there
        risks with GET-based endpoints", "Is there a DELETE-based endpoint in the GitHub API"."""
        start = self.sentence_opening(first)
        if self.assistant_said(start):
            return False
        opening = (self.at(start), self.at(start + 1), self.at(start + 2))
        asked = (opening[:2] in (("is", "there"), ("are", "there")) and first - start in (2, 3)) or (
            opening == ("do", "you", "have") and first - start in (3, 4)
        )
        # the thing asked for is not placed inside something named ("in the GitHub API") nor one of two
        return asked and self.near(last + 2, 1) not in ("in", "anywhere", "or", "on", "within")

    def asks_for_one(self, k: int) -> bool:
        """Word k's sentence opens with "is there", "are there" or "do you have": it asks for a listing."""
        start = self.sentence_opening(k)
        if self.assistant_said(start):
            return False
        opening = (self.at(start), self.at(start + 1))
        return opening in (("is", "there"), ("are", "there"), ("do", "you"), ("any", "chance"))

    def pays_there(self, last: int) -> int:
        """The "there" of "(we|our agent|it) can only pay there" in the chain's sentence or the next, said by the
        caller; -1 if none."""
        for k in range(last + 1, min(len(self.words), last + 16)):
            if self.sentence[k] - self.sentence[last] > 1:
                break
            if self.words[k] != "there" or self.assistant_said(k):
                continue
            verb = k - 1 if self.at(k - 1) in _RAIL_VERBS else k - 2 if self.at(k - 1) == "for" else -1
            if verb >= 0 and self.at(verb) in _RAIL_VERBS and self.look_back(verb, 4, _PAYING_THERE) >= 0:
                return k
        return -1

    def added_rail(self, first: int, last: int) -> str:
        """The words that accept the chain at first..last besides another: "stellar works too", "base is also fine",
        "it's also fine if it's on base"; '' if none."""
        after = _ADDED_AFTER.match(self.text, self.spans[last][1])
        if after:
            return self.text[self.spans[first][0] : after.end()].strip()
        start = self.spans[first][0]
        before = _ADDED_BEFORE.search(self.text, max(0, start - 40), start)
        return self.text[before.start() : self.spans[last][1]].strip() if before else ""

    def names_rail_elsewhere(self, i: int) -> bool:
        """Another chain name follows a payment word ("..., pay on solana"): that one is the rail."""
        if self.rails_named is None:  # asked per chain: the chains named as rails are found once per text
            self.rails_named = [k for k in range(len(self.words)) if self.named_as_rail(k)]
        return any(k != i for k in self.rails_named)

    def named_as_rail(self, k: int) -> bool:
        # not "assistant: I found 3 that settle on Solana": the assistant names no rail
        if self.words[k] not in n.FAMILIES or self.assistant_said(k):
            return False
        if self.look_back(k, 3, _RAIL_VERBS | _PAY_NOUNS) >= 0:
            return True
        # "we pay for tools on Avalanche": the caller paying for what it uses
        paid = self.look_back(k, 5, _set("pay"))
        return (
            paid >= 1
            and self.at(paid - 1) in _FIRST_PERSON | _set("agent")
            and self.at(paid + 1) == "for"
            and self.at(k - 1) in _NET_PREPS
            and all(self.link[j] for j in range(paid, k))
        )

    def assistant_said(self, k: int) -> bool:
        turn = self.turn_of[k]
        return turn >= 0 and self.turn_speaker[turn] not in _USER_SPEAKERS and self.turn_speaker[turn] != ""

    def payments_described(self, noun: int) -> tuple[int, str] | None:
        """Payments on a chain that are what the task is about, not how the caller pays (red team, 2026-12-07): x402
        payments a document explains ("developer docs for accepting x402 payments on Stellar"), or the payments a
        business accepts ("company register search for firms that accept payments on Base"). The phrase's start and
        why; None otherwise."""
        x402 = any(self.words[k] == "x402" for k in self.sentence_words(noun))
        explained = self.in_sentence_before(noun, 8, _EXPLAINING_WORDS)
        if (
            x402
            and explained >= 0
            and all(self.link[k] for k in range(explained, noun))  # "translation api with a tutorial, paying via x402"
            and not any(self.words[k] in _PAID_SERVICES for k in range(explained + 1, noun))  # "docs api for x402 ..."
        ):
            return explained, "x402 itself is what the documentation is about"
        verb = self.before(noun)
        if self.at(verb) == "x402":
            verb = self.before(verb)
        relative = self.before(verb)
        if self.at(verb) in _ACCEPTING and self.at(relative) in ("that", "which", "who"):
            business = self.before(relative)
            if self.at(business) in _BUSINESSES:
                return business, f"the payments '{self.at(business)}' accept are the task's data"
        return None

    def pay_phrase(self, i: int, last: int, prev: int, prep: str, symbol_next: bool) -> str:
        """The payment words that make the chain at i the payment rail, or ''."""
        verb = self.look_back(prev + 1, 4, _RAIL_VERBS)
        if self.passive_payment(verb):
            return ""  # "orders that were paid with usdc on base": what the task's data was paid with
        if verb >= 0 and self.paid_by_others(verb):
            return ""  # "invoices that customers paid on Base", "customers paying in USDC on Solana"
        if prep in _RAIL_VERBS:
            return self.span_text(prev, last)
        if self.switched_rail(prev):
            return self.span_text(self.look_back(self.before(prev), 3, _SWITCH_VERBS), last)
        payer = self.before(prev)
        if (
            prep in ("with", "w", "in")
            and self.at(payer) in _PAY_WITH_VERBS
            and not self.question
            and self.look_back(payer, 4, _OTHER_PAYERS) < 0  # not "customers who pay with solana"
        ):
            return self.span_text(payer, last)  # "pay with solana", "pay w/ SOLANA", "pay in solana"
        noun = self.payment_in(prev) if prep == "in" else -1
        if noun >= 0:
            return self.span_text(noun, last)  # "payment must be in arbitrum one", "payments made in solana"
        if prep in _NET_PREPS:
            k = self.before(prev)
            word = self.at(k) if k >= 0 else ""
            if word in _RAIL_VERBS or word in _PAY_NOUNS:
                return self.span_text(k, last)
            h = self.before(k)
            if self.at(h).replace(".", "", 1).isdigit():  # "send 1 usdc on base": the verb is before the amount
                h = self.before(h)
            holder = self.at(h)
            # "my balance is 0.50 USDC on Polygon" (the decimal point breaks the words' link, not the sentence)
            held = any(self.at(j) in _BALANCE_WORDS and self.sentence[j] == self.sentence[k] for j in range(k - 6, k))
            # "usdc on base" names the rail; "AVAX on Avalanche" (a chain's own coin, not an x402 asset) is the topic
            payable = word in _KNOWN_SYMBOLS or word in _STABLECOINS
            # "They send USDC and EURC over Stellar": what others move over the chain is the task's data
            sent = self.look_back(k, 5, _TRANSFER_VERBS)
            moved_by_others = sent >= 1 and self.near(sent, -1) in _PAYING_OTHERS | _set("they he she")
            unpaid = held or moved_by_others
            if payable and holder not in _ASSET_TOPIC_BEFORE and holder not in _HOLD_VERBS and not unpaid:
                return self.span_text(k, last)
        if symbol_next:
            return self.span_text(i, last + 1 if last == i else last)
        return ""

    def accepted_in_turn(self, first: int, last: int) -> bool:
        """ "User: ok base works then": in a later user turn, the chain the user settles for opens its clause and
        "works" / "is fine" / "will do" (not "too": that adds one, see added_rail)."""
        turn = self.turn_of[first]
        if turn < 1 or self.assistant_said(first) or not any(self.turn_of[k] < turn for k in range(first)):
            return False
        opener = self.before(first)
        opens = opener < 0 or self.turn_of[opener] != turn or self.at(opener) in _ACCEPTING_OPENERS
        settled = _SETTLED_FOR_AFTER.match(self.text, self.spans[last][1])
        if not (opens and settled):
            return False
        # the clause ends there, at punctuation or the end of a line ("works too" adds one: see added_rail)
        end = settled.end()
        return end == len(self.text) or self.text[end] in ".,;!" or end + 1 in self.line_starts

    def switched_rail(self, prep: int) -> bool:
        """ "switch the rail to stellar", "change the payment network to base": the rail, moved."""
        noun = self.before(prep)
        return (
            self.at(prep) == "to"
            and self.at(noun) in _RAIL_NOUNS
            and noun >= 0
            and self.look_back(noun, 3, _SWITCH_VERBS) >= 0
            and self.sentence[prep] not in self.asked
        )

    def paid_by_others(self, k: int) -> bool:
        """The payment verb at k is others' ("customers paid", "users paying") or the participle of the task's
        payment records ("1,200 USDC invoices paid on Base"), not the asker paying for a result."""
        if self.pays_the_caller(k):
            return True  # "so that agents can pay me in USDC on Solana": the caller is paid
        payer = k - 2 if self.at(k - 1) in ("who", "that") else k - 1  # "customers (who) paid", "users paying"
        if (
            payer >= 0
            and self.at(payer) in _PAYING_OTHERS  # not "an MCP client that pays on solana" (the asker's own)
            and all(self.link[j] for j in range(payer, k))  # not "an API for traders, pay on Base"
            and self.near(k, 1) != "for"  # "a weather API that users pay for on Base": the API's own rail
            and self.starts[payer] not in self.label_starts  # "user: pay on base instead" is the user speaking
        ):
            return True
        if self.at(k) != "paid":
            return False
        record = self.before(k, _SYMBOL_WORDS | frozenset(_SYMBOLS))
        return record >= 0 and self.at(record) in _PAYMENT_RECORDS

    def passive_payment(self, k: int) -> bool:
        """Word k is a payment verb in the past passive ("was paid", "were settled", "been paid")."""
        if k < 0 or self.at(k) not in _RAIL_VERBS:
            return False
        helper = self.before(k)
        return helper >= 0 and self.at(helper) in _PASSIVE_HELPERS

    def paying_from(self, first: int) -> int:
        """The payment verb when the chain starting at ``first`` is where the caller pays from: "I'm paying from
        Base", "paying from a base mainnet wallet", "we pay from our solana wallet"; else -1."""
        k = self.before(first)
        if self.at(k) in _WALLET_DETERMINERS and self.joined(k, first):
            k = self.before(k)
        verb = self.before(k)
        if (
            k < 0
            or self.at(k) != "from"
            or not self.joined(k, k + 1)
            or verb < 0
            or self.at(verb) not in _PAY_WITH_VERBS
            or not self.joined(verb, k)
            or self.question
            or self.passive_payment(verb)
            or self.paid_by_others(verb)
            or self.look_back(verb, 4, _OTHER_PAYERS) >= 0
            or self.look_back(verb, 3, _STOPPED_PAYING) >= 0  # "I stopped paying from base", "not paying from"
        ):
            return -1
        # The caller pays: "I'm paying from", "we pay from", "my agent pays from", or a fragment that starts with
        # the verb ("— paying from a base wallet"); not "the address paying from arbitrum", "the cost of paying from".
        prior = self.before(verb)
        caller = (
            prior < 0
            or self.at(prior) in _OWN_PAYERS
            or (self.at(prior) in _SELF_HELPERS and self.at(self.before(prior)) in _OWN_PAYERS)
            or (self.at(prior) in _PAYING_THINGS and self.at(self.before(prior)) in _POSSESSIVES)
        )
        return verb if caller else -1

    def payment_in(self, prep: int) -> int:
        """The payment noun of "payment must be in <chain>", "payments made in solana" (``prep``: the "in"); else -1."""
        if self.at(prep) != "in" or self.question:
            return -1
        k = self.before(prep)
        while k >= 0 and self.words[k] in _PAYMENT_MODALS and prep - k <= 5:
            k = self.before(k)
        if k >= 0 and self.words[k] in ("payment", "payments") and self.look_back(k, 4, _OTHER_PAYERS) < 0:
            return k
        return -1

    def linked_role(self, first: int, last: int) -> AppliedAs | None:
        """'stellar or base', 'base/solana', 'ethereum, solana': the role of a network next to this one."""
        for step, edge in ((-1, first), (1, last)):
            for hop in (1, 2):
                k = edge + hop * step
                if hop == 2 and self.near(edge, step) not in ("or", "and"):
                    continue
                if self.owned_by(k, "network") and (self.joined(k - step, k) or self.listed(k - step, k)):
                    return cast(_Claim, self.owner[k]).role
        return None

    def listed(self, i: int, j: int) -> bool:
        """Adjacent words i and j are items of a comma list ("ethereum, solana")."""
        lo, hi = min(i, j), max(i, j)
        return lo >= 0 and hi < len(self.words) and self.text[self.ends[lo] : self.starts[hi]].strip() == ","

    def qualifier_after(self, i: int) -> tuple[str | None, int]:
        """The qualifier after a family name at i ("main", "test", "any" or None) and its last word."""
        k = i + 1
        if not (self.joined(i, k) and self.free(k)):
            return None, i
        pair = (self.at(k), self.near(k, 1))
        if pair in _TWO_WORD_QUAL and self.free(k + 1):
            qual, k = _TWO_WORD_QUAL[pair], k + 1
        elif self.at(k) in _MAIN_QUAL or (self.at(i) == "arbitrum" and self.at(k) == "one"):  # "Arbitrum One"
            qual = "main"
            if self.near(k, 1) == "beta" and self.free(k + 1):  # solana "mainnet-beta"
                k += 1
        elif self.at(k) in _TEST_QUAL:
            qual = "test"
        elif self.at(k) in _NEUTRAL_QUAL:
            return "any", k
        else:
            return None, i
        if self.near(k, 1) in _NEUTRAL_QUAL and self.free(k + 1):  # "base sepolia network"
            k += 1
        return qual, k

    def scan_bare_qualifiers(self) -> None:
        for i, word in enumerate(self.words):
            if not (word in _BARE_QUALS or word in _BARE_PAIR_STARTS) or not self.free(i):
                continue
            pair = (word, self.near(i, 1))
            if pair in _BARE_PAIRS and self.free(i + 1):
                qual, last = _BARE_PAIRS[pair], i + 1
            elif word in _BARE_QUALS:
                qual, last = _BARE_QUALS[word], i
            else:
                continue
            first = i - 1 if self.near(i, -1) in _NET_PREPS and self.free(i - 1) else i
            phrase = self.span_text(first, last)
            article = self.near(i, -1)
            if article in ("a", "an") and self.near(i - 1, -1) in _DESCRIBING_VERBS:
                # "settles on Base Sepolia, which is a testnet": describes a network named before
                why = f"'{self.span_text(i - 2, last)}': describes a network named before"
                self.claim_words("qualifier", first, last, qual, "topic", why)
            elif self.near(last, 1) in _CHAIN_SUBJECTS:  # "testnet faucet" is a topic
                why = f"'{phrase} {self.near(last, 1)}': the network is the subject"
                self.claim_words("qualifier", first, last, qual, "topic", why)
            elif self.near(last, 1) in _SYMBOLS and not self.sentence_pays(i):  # "a faucet that sends testnet usdc"
                why = f"'{phrase} {self.near(last, 1)}': the network of an asset the task is about"
                self.claim_words("qualifier", first, last, qual, "topic", why)
            elif self.task and not self.sentence_pays(i):
                why = f"'{phrase}' in a long task request without a payment phrase"
                self.claim_words("qualifier", first, last, qual, "topic", why)
            else:
                self.claim_words("qualifier", first, last, qual, "filter", f"'{phrase}': network qualifier")

    # assets

    def scan_assets(self) -> None:
        for i, word in enumerate(self.words):
            symbol = _SYMBOLS.get(word)
            if symbol is None and word in _ASSET_NAMES:
                self.try_asset_name(i)
                continue
            if symbol is None or not self.free(i):
                continue
            role, why = self.asset_role(i, symbol)
            chain = _NATIVE_TICKERS.get(word)
            payer = self.before(i) if self.near(i, -1) not in ("in", "with") else self.before(self.before(i))
            # "pay in sol": x402 has no SOL asset, so the caller pays on Solana ("a swap that accepts SOL" is data;
            # "customers pay in SOL" are others; "pay in sol or usdc" leaves the rail open)
            if (
                chain
                and role == "filter"
                and self.at(payer) in _PAY_WITH_VERBS
                and self.look_back(payer, 4, _OTHER_PAYERS) < 0
                and not self.passive_payment(payer)
                and not self.question
                and self.near(i, 1) != "or"
                and not (self.near(i, 1) in _NET_PREPS and self.near(i + 1, 1) in n.FAMILIES)  # "pay with sol on base"
            ):
                mainnets, testnets = n.FAMILIES[chain]
                if self.claim_words("network", i, i, mainnets + testnets, "filter", why) is not None:
                    self.bare_testnets.update(testnets)
                continue
            self.claim_words("asset", i, i, symbol, role, why)

    def try_asset_name(self, i: int) -> None:
        """'pay with lumens', 'accepts usd coin': a name counts only where payment is said."""
        word = self.words[i]
        last = i + 1 if (word, self.near(i, 1)) in _ASSET_PAIRS else i
        symbol = _ASSET_PAIRS.get((word, self.near(i, 1))) or _ASSET_NAMES.get(word)
        if not symbol or not self.free(i) or not self.free(last):
            return
        b = self.before(i)
        prior = self.at(b) if b >= 0 else ""
        payer = self.at(self.before(b)) if prior in ("in", "with") else prior
        if payer in _RAIL_VERBS or payer in ("priced", "denominated"):
            self.claim_words("asset", i, last, symbol, "filter", f"'{self.span_text(b, last)}': payment phrase")

    def too_much_after(self, last: int) -> bool:
        """ "... is too much", "... is too expensive" follows the amount at ``last`` in its clause."""
        for k in range(last + 1, min(len(self.words) - 1, last + 8)):
            if not self.link[k - 1]:
                return False
            if self.words[k] == "too" and self.words[k + 1] in _TOO_MUCH:
                return self.words[k - 1] not in ("not", "isn't", "isnt", "never")  # "is not too much"
        return False

    def cost_of_service(self, first: int) -> bool:
        """The amount from ``first`` is what a service or a call costs: "an OCR api under 1 cent", "translate this
        page for under 1 cent in USDC" (not "refund under $0.50", "drips less than $0.01")."""
        return self.look_back(first + 1, 6, _MOVED_BY) < 0

    def trading_pair(self, i: int) -> bool:
        """The symbol at i is one side of "ETH/USDC" or of "XLM/USDC liquidity"; not of "pay with USDC/EURC"
        (two payment assets offered)."""
        if self.text[self.ends[i] : self.ends[i] + 1] == "/":
            other, last = i + 1, i + 1
        elif self.text[self.starts[i] - 1 : self.starts[i]] == "/":
            other, last = i - 1, i
        else:
            return False
        if not 0 <= other < len(self.words) or self.starts[max(i, other)] - self.ends[min(i, other)] != 1:
            return False
        offered = self.at(other) in _KNOWN_SYMBOLS or self.at(other) in _STABLECOINS  # "pay with DAI/USDC"
        return not offered or self.near(last, 1) in _PAIR_NOUNS

    def asset_role(self, i: int, symbol: str) -> tuple[AppliedAs, str]:
        b = self.before(i)
        said = self.words[i]
        prior = self.at(b) if b >= 0 else ""
        after = self.near(i, 1)
        rail = (after in _NET_PREPS and self.owned_by(i + 2, "network", "filter")) or any(
            self.owned_by(i + step, "network", "filter") and self.joined(i, i + step) for step in (-1, 1)
        )
        made = after in ("payment", "payments") and self.near(i + 1, 1) in _PAYMENT_ARTIFACTS
        if made:  # "a qr code generator for usdc payment links": what the task makes
            return "topic", f"'{self.span_text(i, i + 2)}': what the task makes"
        if prior in _RAIL_VERBS or prior in ("denominated", "priced") or after in ("payment", "payments"):
            return "filter", f"'{self.span_text(b if prior else i, i if prior else i + 1)}': payment phrase"
        if prior in ("in", "with") and (self.passive_payment(self.before(b)) or self.paid_by_others(self.before(b))):
            # "transfers over $10k that were paid with USDC": what the task's data was paid with
            return "topic", f"'{self.span_text(self.before(self.before(b)), i)}': what the task's data was paid with"
        if prior in ("in", "with") and self.at(self.before(b)) in _RAIL_VERBS | _PAY_NOUNS | {"priced"}:
            return "filter", f"'{self.span_text(self.before(b), i)}': payment phrase"
        if (
            prior in ("in", "with")
            and self.at(self.before(b)) == "for"
            and self.at(self.before(self.before(b))) in (_RAIL_VERBS)
        ):  # "an fx feed i can pay for with eurc"
            return "filter", f"'{self.span_text(self.before(self.before(b)), i)}': payment phrase"
        payee = self.before(b)
        paid_to_caller = self.at(payee) in ("me", "us") and self.at(self.before(payee)) in _PAY_WITH_VERBS
        # "Our DAO pays contributors in USDC": what the asker pays people, the task's business
        paid_to_caller = paid_to_caller or (
            self.at(payee) in _PAYEES and self.at(self.before(payee)) in _PAY_WITH_VERBS and payee >= 0
        )
        if prior in ("in", "with") and paid_to_caller:
            # "so that agents can pay me in USDC": what the caller is paid in
            return "topic", f"'{self.span_text(self.before(payee), i)}': who is paid in it is not the rail"
        if self.trading_pair(i):
            return "topic", f"'{said}': one side of a trading pair"
        hyphened = self.text[self.ends[i] : self.ends[i] + 1] == "-"
        if hyphened and after.isalpha() and after not in _ASSET_COMPOUND_TAILS and after not in n.FAMILIES:
            return "topic", f"'{self.span_text(i, i + 1)}': the symbol is part of a name"
        if prior in _PREFER:
            return "boost", f"'{prior} {said}': a payment preference"
        if prior in _HOLD_VERBS and self.look_back(b, 12, _HOLDERS) >= 0:  # "our agent ... holds usdc"
            return "boost", f"'{self.span_text(b, i)}': what the caller holds to pay with"
        wallet = self.look_back(i, 6, _WALLET)
        if wallet >= 0 and (self.at(wallet - 1) in _POSSESSIVES or self.at(wallet - 2) in _POSSESSIVES):
            return "boost", f"'{said}' is what the caller's wallet holds"
        if after in _CHAIN_SUBJECTS or after in _PRICE_MOVES or after in _ASSET_DATA or after in _CURRENCY_WORDS:
            return "topic", f"'{said} {after}': the asset is the subject"
        if prior == "in" and self.at(self.before(b)) in _QUOTE_WORDS:  # "xlm price in eurc"
            return "topic", f"'{self.span_text(self.before(b), i)}': a quote currency, not a payment"
        if prior in _ASSET_TOPIC_BEFORE or after in ("to", "into", "vs", "versus"):
            return "topic", f"'{self.span_text(b if prior else i, i)}': the asset is what the task is about"
        lo = max(0, i - 4)
        if any(w in _CONVERSION_WORDS for w in self.words[lo : i + 4]):
            return "topic", f"'{said}' in a conversion"
        if rail:
            return "boost", f"'{said}' named with the payment network"
        if prior in _ASSET_CONTEXT:
            return "boost", f"'{prior} {said}': payment context"
        if symbol in a.USD_RATES and not self.task:
            return "boost", f"'{said}': a payment asset"
        return "topic", f"'{said}' named without a payment phrase"

    # type and method

    def scan_types(self) -> None:
        for m in _HTTP_ONLY_CALLER.finditer(self.text):
            # "my user's bot can only make plain HTTP requests": all the caller can call
            inside = self.word_range(m.start("http"), m.end())
            can = bisect_left(self.starts, m.start())
            if inside and not self.assistant_said(inside[0]) and self.look_back(can, 5, _HTTP_CALLERS) >= 0:
                why = f"'{m.group().strip()}': the caller can only call HTTP endpoints"
                self.claim_words("type", inside[0], inside[-1], "http", "filter", why)
        for i, word in enumerate(self.words):
            if not (word in _TYPE_STARTS or word in _METHODS) or not self.free(i):
                continue
            nxt = self.near(i, 1)
            if word == "mcp" or (word == "model" and nxt == "context" and self.near(i + 1, 1) == "protocol"):
                last = i if word == "mcp" else i + 2
                noun = self.near(last, 1) in _MCP_NOUNS and self.free(last + 1)
                if noun:
                    last += 1
                role, why = self.interface_role(i, last, noun=noun)
                self.claim_words("type", i, last, "mcp", role, why)
            elif (
                word in ("http", "https")
                and self.near(i, -1) == "streamable"
                and self.free(i - 1)
                # not "MCP servers listed on Smithery that support POST-based streamable HTTP": a feature looked up
                and self.look_back(i - 1, 4, _SUPPORT_VERBS) < 0
            ):
                # "Postgres query tool, streamable HTTP only": MCP's HTTP transport, so an MCP server
                last = i + 1 if nxt == "only" and self.free(i + 1) else i
                role, why = self.interface_role(i - 1, last, noun=True)
                self.claim_words("type", i - 1, last, "mcp", role, why.replace("interface phrase", "MCP's transport"))
            elif word in ("http", "https") and nxt in _METHODS and self.free(i + 1):
                last = i + 2 if self.near(i + 1, 1) in _METHOD_NOUNS and self.free(i + 2) else i + 1
                role, why = self.interface_role(i, last, noun=True, method=True)
                self.claim_words("method", i, last, nxt.upper(), role, why)
            elif word in ("http", "https", "rest", "restful") and nxt in _HTTP_NOUNS and self.free(i + 1):
                role, why = self.interface_role(i, i + 1, noun=True)
                self.claim_words("type", i, i + 1, "http", role, why)
            elif (
                word in ("http", "https", "rest", "restful")
                and nxt in _FORMAT_WORDS
                and self.near(i + 1, 1) in _TYPE_NOUNS
                and self.free(i + 1)
                and self.free(i + 2)
            ):  # "plain http json endpoint"
                role, why = self.interface_role(i, i + 2, noun=True)
                self.claim_words("type", i, i + 2, "http", role, why)
            elif (chosen := self.chosen_over_mcp(i)) >= 0:
                why = f"'{self.span_text(chosen, i)}' chosen over MCP: interface phrase"
                self.claim_words("type", chosen, i, "http", "filter", why)
            elif word in ("http", "https", "rest", "restful") and not nxt and not self.task and i and self.link[i - 1]:
                # "weather over plain http": the interface, said last
                b = self.before(i, _PLAIN_WORDS)
                # "whois lookup as plain http", "currency rates, only REST"
                only = self.at(b) == "only" and self.at(b - 1) != "not" and word != "https"  # "https only" is TLS
                if (self.at(b) in _METHOD_PREPS or self.at(b) == "as" or only) and b >= 0:
                    self.claim_words("type", b, i, "http", "filter", f"'{self.span_text(b, i)}': interface phrase")
                elif (
                    (word in ("http", "https") or self.at(i - 1) == "plain")  # not "yoga for beginners, simple rest"
                    and self.at(i - 1) in _PLAIN_WORDS
                    and (i == 1 or not self.link[i - 2])
                    # (the words just before, across "vs." whose full stop ends a sentence)
                    and not any(w in _PROTOCOL_WORDS or w in ("http", "https") for w in self.words[max(0, i - 8) : i])
                ):
                    # "an OCR service I can hit with curl — plain HTTP, no MCP": a clause of its own
                    why = f"'{self.span_text(i - 1, i)}': interface phrase"
                    self.claim_words("type", i - 1, i, "http", "filter", why)
            elif (
                word in ("http", "rest", "restful")
                and nxt == "only"
                and self.free(i + 1)
                and not self.task
                and self.at(i - 1) != "not"  # "not only http"
                # "HTTP-only text-to-speech", "REST only, no MCP"; not "http only flag", "rest only days"
                and (self.text[self.spans[i][1] : self.spans[i + 1][0]] == "-" or not self.near(i + 1, 1))
            ):
                self.claim_words("type", i, i + 1, "http", "filter", f"'{self.span_text(i, i + 1)}': interface phrase")
            elif (
                word in ("http", "https", "rest")
                and self.bracketed(i)
                and self.at(i - 1) in _TYPE_NOUNS
                and not _content(self.at(i + 1))  # not "the api (rest) docs"
                and not self.task
            ):  # "json api (http) that returns public holidays": the bracket says which kind of api
                self.claim_words(
                    "type", i, i, "http", "filter", f"'{self.span_text(i - 1, i)})': interface in brackets"
                )
            elif word in _METHODS:
                self.try_method(i)

    def chosen_over_mcp(self, i: int) -> int:
        """ "Requirements: 1) REST/HTTP, not MCP; ...", "http (not mcp) weather": an HTTP interface named as a
        requirement with MCP refused right after it; the first word of its name, or -1. Only as a requirement: an
        item of a requirements list or the opening of a short query, not "our backend is REST, not MCP", "Skills:
        REST, not MCP", "REST, not MCP, is how most vendors integrate", "Should I use plain HTTP rather than MCP?"."""
        if self.words[i] not in _HTTP_NAMES or not self.free(i) or not _OVER_MCP.match(self.text, self.ends[i]):
            return -1
        slash = self.text[self.ends[i - 1] : self.starts[i]] == "/" if i else False
        first = i - 1 if slash and self.at(i - 1) in _HTTP_NAMES else i
        listed = self.sentence[first] in self.spec_sentences
        opening = first == 0 and not self.task and self.sentence[first] not in self.asked
        return first if listed or opening else -1

    def bracketed(self, i: int) -> bool:
        start, end = self.spans[i]
        return self.text[start - 1 : start] == "(" and self.text[end : end + 1] == ")"

    def scan_body_requirement(self) -> None:
        """'must accept a JSON body': a request body is sent with POST."""
        for i, word in enumerate(self.words):
            if word not in _ACCEPT_VERBS or not self.free(i):
                continue
            k = i + 1
            while self.at(k) in _BODY_LEADS and self.joined(k - 1, k):
                k += 1
            if self.at(k) != "body" or k == i + 1 or not self.joined(k - 1, k) or not self.free(k):
                continue
            if self.task or not any(self.at(j) in _BODY_FORMATS for j in range(i + 1, k)) or self.near(k, 1) == "or":
                continue  # "must accept a JSON body or query params" leaves the method open
            if self.look_back(i, 2, _MODAL_WORDS) < 0 or any(c.kind == "method" for c in self.claims):
                continue  # "the endpoint accepts a JSON body" describes one; "must accept" asks for it
            if self.look_back(i, 4, _POSSESSIVES) >= 0:
                continue  # "my server must accept a JSON body": the caller's own system
            self.claim_words("method", i, k, "POST", "filter", f"'{self.span_text(i, k)}': a body is sent with POST")

    def interface_role(
        self, first: int, last: int, *, noun: bool, capitals: bool = False, method: bool = False
    ) -> tuple[AppliedAs, str]:
        """An interface the result must have, or a protocol/API style the task is about."""
        phrase = self.span_text(first, last)
        b = self.before(first, _DETERMINERS | _LISTED_ADJECTIVES)
        prior = self.at(b) if b >= 0 else ""
        tail = self.near(last, 1)
        if method and self.near(first, -1) in _POLL_VERBS and _PATH_AFTER.match(self.text, self.spans[last][1]):
            # "a script that polls GET /v1/prices every minute": a request the task makes, not the interface sought
            return "topic", f"'{self.span_text(first - 1, last)}': a request the task makes"
        if tail in _HOOK_WORDS:
            # "posts the result to our Slack via an HTTP POST webhook": how the task reports, not what it seeks
            return "topic", f"'{phrase} {tail}': a webhook the task calls"
        if prior in ("which", "what") and tail in ("are", "is", "were", "have", "has"):
            # "which MCP servers are trending": a question about such servers, not a request for one
            return "topic", f"'{self.span_text(b, last)} {tail}': the question is about them"
        if prior in ("through", "via") and self.at(self.before(b)) in _ATTACK_NOUNS:
            # "prompt injection through MCP server tool descriptions": the way in of an attack
            return "topic", f"'{self.span_text(self.before(b), last)}': how an attack gets in, not the interface"
        other = {self.at(last + 2), self.at(last + 3)}
        if prior == "both" and tail == "and" and other & _set("http https rest mcp"):
            # "our client speaks both MCP and plain HTTP, so either is fine"; not "both an MCP server and good docs"
            return "topic", f"'{self.span_text(b, last)} and ...': both named, neither required"
        curl = self.look_back(first, 3, _set("curl"))
        if (
            method
            and self.at(first - 1) in ("x", "request")
            and self.text[: self.starts[first]].rstrip().endswith(("-x", "--request"))
            # not "a PDF endpoint I can call with curl -X POST": how the asker calls the result
            and not (curl >= 0 and self.look_back(curl, 4, _set("call hit can")) >= 0)
        ):
            return "topic", f"'{self.span_text(first - 1, last)}': a command's flag, the data"  # "curl -X POST ..."
        if method and _PATH_AFTER.match(self.text, self.spans[last][1]) and self.routes_listed():
            return "topic", f"'{phrase}': one route of a list ('GET /users, POST /users')"
        if self.words[first] == "mcp" and self.expanded_otherwise(first):
            # "MCP (Minecraft Coder Pack)", "microchannel plate (MCP) detector": another MCP, spelled out
            return "topic", f"'{phrase}': an acronym spelled out as something else"
        many = self.look_back(first, 3, _set("many"))
        between = all(self.at(k) in _LISTED_ADJECTIVES | _set("new") for k in range(many + 1, first))
        if many >= 1 and self.at(many - 1) == "how" and between:
            # "count how many new MCP servers were published": they are what is counted
            return "topic", f"'{self.span_text(many - 1, last)}': they are what is counted"
        lacked = self.look_back(first, 5, _LACK_WORDS) if self.words[last] in _CLIENT_WORDS else -1
        if lacked >= 0:  # "we don't have an MCP client", "our IDE lacks an MCP client": what the caller cannot speak
            return "topic", f"'{self.span_text(lacked, last)}': what the caller lacks"
        if prior in _POSSESSIVES and self.words[last] in ("client", "clients", "host", "agent"):
            return "filter", f"'{self.span_text(b, last)}': the caller speaks it"
        only = next((k for k in range(first - 1, max(-1, first - 4), -1) if self.at(k) == "only"), -1)
        if method and only >= 0 and self.near(only, -1) in _ANSWERING_OTHERS:
            # "a couple of them only answer HEAD requests": what the task's sites do, not the caller
            return "topic", f"'{self.span_text(only - 1, last)}': what the task's own subjects answer"
        if method and only >= 0 and all(self.link[k] for k in range(only, first)):
            # "our platform only supports POST", "can only issue HTTP GET requests": what the caller can send
            return "filter", f"'{self.span_text(only, last)}': the only method the caller can use"
        wanted = prior == "like" and self.at(self.before(b)) in _WOULD  # "i'd like a restful service"
        # "you can only call MCP tools", "we only use REST APIs": the only interface the asker can use
        only = self.before(b)
        wanted = wanted or (
            prior in ("call", "use") and self.at(only) == "only" and self.at(self.before(only)) in _ABLE
        )
        # "VIN decoder I can call via GET", "something our backend can call with a POST": how the caller will call it
        wanted = wanted or self.caller_calls_with(first, b, prior, method=method)
        if noun and self.words[first] == "mcp" and self.proper_name(first - 1):
            name = first - 1
            while name > first - 4 and self.proper_name(name - 1):
                name -= 1
            if self.at(name - 1) == "the":
                # "hosted access to the Financial Datasets MCP server": one named server, reached however it
                # is offered; as a filter it would hide an HTTP listing of that very product
                return "topic", f"'{self.span_text(name, last)}': names one server, not the interface"
        # "a scanner that checks MCP servers for prompt injection" (not "email deliverability check POST")
        checked = prior in ("check", "checks") and self.at(self.before(b)) in ("that", "which", "to")
        # "scan our internal MCP servers", "fuzz every POST route": what the scan works on
        scanner = b
        while self.at(scanner) in _SCANNED_OWN and scanner > 0:
            scanner -= 1
        checked = checked or (
            scanner != b and self.at(scanner) in _set("scan scans scanning fuzz fuzzing audit audits")
        )
        # "expose our billing system to LLM agents through the Model Context Protocol": the caller's own, made into one
        maker = self.look_back(b, 8, _EXPOSE_VERBS) if prior in ("as", "into", "through", "via", "over") else -1
        if prior in ("through", "via", "over") and not (
            self.at(maker).startswith("expos") and {self.at(maker + 2), self.at(maker + 3)} & _EXPOSED_SYSTEMS
        ):
            maker = -1  # "expose my agent to live sports scores via an MCP server" asks for one
        # not "expose it to my agent as an MCP tool", "publish my posts to LinkedIn as an MCP tool" (the task's target)
        targeted = self.at(maker).startswith("publish") and "to" in self.words[maker:b]
        if maker >= 0 and self.at(maker + 1) in _POSSESSIVES and not targeted:
            # "expose our inventory system as a REST API", "turn my Flask app into an MCP server": the caller's own
            return "topic", f"'{self.span_text(maker, last)}': the caller's own system, made into one"
        built = self.before(first, _DETERMINERS | _LISTED_ADJECTIVES | _BUILT_ADJECTIVES)
        if self.at(built) in _BUILD_VERBS and not wanted:
            return "topic", f"'{self.span_text(built, last)}': the task is about it, not through it"
        owner = prior.removesuffix("'s")
        possessive = owner != prior and owner.isalpha() and owner not in _CONTRACTED_IS  # not "that's an MCP tool"
        if possessive and owner not in _AGENT_WORDS and self.words[last] not in _CLIENT_WORDS:
            # "executed through our broker's REST API", "Alpaca's REST API": one party's own system the task goes
            # through or is about, not the interface asked for ("my agent's MCP client" is the caller's)
            return "topic", f"'{self.span_text(b, last)}': someone's own system, not the interface asked for"
        # "a client that issues MCP calls", "sends POST requests"; not "github issues mcp server" (a noun)
        sent = prior in _SENDING_VERBS and (method or self.words[last] in _set("request requests call calls"))
        # "email sending MCP server": what the server does, named before it (red team, 2026-12-07)
        sends_messages = (
            prior in ("send", "sending")
            and self.at(self.before(b)) in _MESSAGE_NOUNS
            and self.look_back(b, 4, _BUILD_VERBS) < 0  # not "build an email sending MCP server"
        )
        if (
            (prior in _TYPE_TOPIC_BEFORE and (prior not in _SENDING_VERBS or sent)) or checked
        ) and not (wanted or sends_messages):
            return "topic", f"'{self.span_text(b, last)}': the task is about it, not through it"
        # "verify the link is alive using HTTP HEAD": nobody sells a HEAD route, so checking with one is probing
        probes = _PROBE_VERBS | _CHECK_VERBS if "head" in self.words[first : last + 1] else _PROBE_VERBS
        probe = self.in_sentence_before(b, 8, probes) if method and prior in _METHOD_PREPS else -1
        if (
            probe >= 0
            and tail not in _TYPE_NOUNS
            # not "a tool to test my webhook, callable via a POST endpoint": the probe is the tool's subject there
            and all(self.link[k] and self.words[k] not in _ACCESS_WORDS for k in range(probe, b))
        ):
            # "test IPv4 connectivity to a host using HTTP HEAD requests": how the task probes, not the interface
            return "topic", f"'{self.span_text(b, last)}': how the task probes its target"
        base = self.look_back(first, 6, _UNDERPINNING)
        if (
            base >= 0
            and self.at(base + 1) in ("on", "by", "around", "upon")
            and not any(self.words[k] in _ACCESS_WORDS for k in range(base + 2, first))
        ):
            # "the listing built on the browser-use cloud MCP server": what the result is built on
            return "topic", f"'{self.span_text(base, last)}': what the result is built on, not its interface"
        if (
            prior == "time"
            and b == first - 2
            and self.at(first - 1) in _DETERMINERS
            and self.at(b - 1) not in _TIME_AS_NOUN  # "each time a GET request is made"
        ):
            # "time a GET /v1/models on OpenAI": the request the task measures ("real-time REST API" has no "a")
            return "topic", f"'{self.span_text(b, last)}': the request the task measures"
        end = self.spans[last][1]
        if not tail and self.text[end : end + 1] == ")" and self.at(last + 1) in _TYPE_TOPIC_AFTER:
            # "CORS preflight (OPTIONS) debugger": what the tool after the bracket works on
            return "topic", f"'({phrase}) {self.at(last + 1)}': the task is about it"
        # "an HTTP HEAD-based ping tester": how the subject works; "a PUT-based upload endpoint" is asked for
        served = self.near(last + 1, 1) in _TYPE_NOUNS or self.near(last + 2, 1) in _TYPE_NOUNS
        # ... asked for right after a request word ("looking for a", "I need a"); not "wraps POST-based endpoints"
        # ... or opening the request ("GET-based endpoint for current air quality")
        served = served and (
            self.look_back(first, 3, _REQUEST_BEFORE) >= 0
            or self.opens_a_request(first, last)
            or self.asks_for_based(first, last)  # "Is there a GET-based endpoint that ...?"
        )
        if method and tail == "based" and not served:
            return "topic", f"'{phrase}-based': describes how the subject works"
        listed = tail in _LISTED_PARTICIPLES and self.near(last + 1, 1) in ("on", "in", "by")
        accepts_it = prior in _ACCEPT_VERBS or prior == "can"  # "a logging service that accepts POST log batches"
        if (tail in _TYPE_TOPIC_AFTER and not (accepts_it and tail in ("log", "logs"))) or (
            listed and self.at(first - 1) in ("the", "all", "every")
        ):
            # "Get the MCP servers listed on Smithery": they are the data
            return "topic", f"'{phrase} {tail}': the task is about it"
        if prior == "for" and self.at(self.before(b)) not in _SEEKING:  # "openapi docs for a rest api"
            return "topic", f"'{self.span_text(b, last)}': the task is done for it, not through it"
        compound = noun and not method and self.words[last] not in _MCP_MODIFIERS
        # ... but "mcp server exposing a slack tool" goes on with a verb: the interface is the head.
        verb = tail.endswith(("ing", "ed")) or tail in _VERB_TAILS or tail in _PAYMENT_TAILS
        variant = tail in _VARIANT_WORDS  # "a REST api version instead": the interface of the thing asked for
        if (
            compound
            and _content(tail)
            and self.free(last + 1)
            and tail not in _INTERFACE_WORDS
            and tail != "4"  # "mcp srv 4 flight search": shorthand for "for"
            and not verb
            and not variant
            and tail not in ("rather", "instead")  # "an HTTP endpoint rather than MCP": a contrast follows
        ):
            # "mcp server uptime monitor", "http api gateway": the interface modifies another noun
            return "topic", f"'{phrase} {tail}': part of a longer name, not the interface asked for"
        if self.words[first] == "mcp" and not noun:
            # "MCP transport required" asks for the interface by its protocol's name
            required = (
                tail in ("transport", "protocol")
                and self.near(last + 1, 1) in _REQUIRED_WORDS
                and self.sentence[first] not in self.asked
            )
            # "mcp weather tool": a topic word between the protocol and the tool it qualifies
            headed = any(
                self.at(last + d) in _MCP_HEADS
                and all(self.link[j] for j in range(last, last + d))
                and not any(self.words[j] in _MCP_TOOLING for j in range(last + 1, last + d))
                for d in (2, 3)
                if last + d < len(self.words)
            )
            # "mcp certification"; not "does not support MCP yet"
            if _content(tail) and tail not in _AFTER_INTERFACE and not required and not headed:
                return "topic", f"'{phrase} {tail}': 'mcp' names something else here"
            start = self.starts[first]
            if first >= 3 and self.text[start - 1 : start] == "(":
                initials = "".join(self.words[k][0] for k in range(first - 3, first))
                if initials == "mcp":  # "Minecraft Coder Pack (MCP)"
                    return "topic", f"'({phrase})' abbreviates '{self.span_text(first - 3, first - 1)}'"
            word_before = self.words[first - 1] if first >= 1 else ""
            if self.text[start - 1 : start] == "(" and word_before.startswith("m") and len(word_before) >= 8:
                # "metacarpophalangeal (MCP)": one long word spelled out before its abbreviation
                return "topic", f"'({phrase})' abbreviates '{word_before}'"
        asked = prior in _METHOD_PREPS or prior == "as" or tail in ("only", "please")
        asked = asked or self.sentence[first] in self.spec_sentences
        be = self.look_back(first, 4, _set("be"))
        # "it has to be a webhook-style POST endpoint"; not "the report has to be a table with POST routes"
        modifiers_only = all(
            self.words[k] in _DETERMINERS
            or self.text.startswith("-", self.ends[k])
            or self.text[self.starts[k] - 1 : self.starts[k]] == "-"
            for k in range(be + 1, first)
        )
        required = be >= 1 and self.look_back(be, 3, _MODAL_WORDS) >= 0 and self.look_back(be, 6, _POSSESSIVES) < 0
        if required and (first - be <= 3 or modifiers_only):
            asked = True  # "(it has to be an MCP server, ...)"; not "our backend has to be an MCP server"
        # "Yes, require POST."; "it has to be an HTTP API we can POST PDFs to"
        # the caller's own "require": not "Does the x402 spec require POST?", "Shopify requires POST for that"
        before_require = self.before(b) if b >= 0 else -1
        required_here = (
            prior == "require"
            and (before_require < 0 or self.at(before_require) in _REQUIRE_SUBJECTS)
            and self.sentence[first] not in self.asked
        ) or (
            prior in ("can", "could") and self.at(self.before(b)) in _CALLER_SUBJECTS and self.required_sentence(first)
        )
        if (
            prior in _REQUIRE_QUESTION_VERBS
            and self.sentence[first] in self.asked
            and self.at(opening := self.sentence_opening(first)) in _YES_NO_OPENERS
            and self.at(opening + 1) not in _ASKED_PARTIES  # not "do you have one that uses POST?"
            # not "Does any summarizer API allow POST?", "Do we have a geocoding endpoint that uses GET?"
            and not any(self.words[k] in _INDEFINITES for k in range(opening + 1, b))
            # "Do OCR APIs that use POST exist?", "does the api i pick have to use POST?": asking for one
            and self.at(b - 1) not in _RELATIVES_OR_TO
        ):
            # "Does the x402 spec require POST?", "do most webhooks use POST?": what something else requires
            return "topic", f"'{self.span_text(b, last)}': a question about what something uses"
        asked = asked or required_here or self.must_take(first)
        asked = asked or (tail == "based" and self.asks_for_based(first, last))  # "Is there a GET-based endpoint ...?"
        if (
            self.task
            and not asked
            and not wanted
            and self.look_back(first, 5, _REQUEST_BEFORE) < 0
            and not (not method and self.opening_request(first, last))
            and not self.sought_relative(first, last)
        ):
            return "topic", f"'{phrase}'{_LONG_TASK_INTERFACE}"
        accepts = self.look_back(first, 3, _ACCEPT_VERBS)
        # "I need one that accepts a JSON POST body"; not "our webhook accepts a JSON POST body"
        accepted = prior in _ACCEPT_VERBS or (accepts >= 1 and self.at(accepts - 1) in _WANTED_SUBJECTS)
        accepted = accepted or self.must_take(first)
        # "it must be callable with POST", "looking for a PUT-based upload endpoint"
        callable_with = prior == "with" and self.at(self.before(b)) in _CALLABLE
        # not "our webhook is callable with POST" (the asker's own)
        accepted = accepted or (callable_with and self.look_back(self.before(b), 6, _POSSESSIVES) < 0)
        # "looking for a PUT-based upload endpoint"; not "a gateway that wraps POST-based API endpoints"
        accepted = accepted or (
            served
            and tail == "based"
            and (self.look_back(first, 3, _REQUEST_BEFORE) >= 0 or self.asks_for_based(first, last))
        )
        # "It has to be a plain GET I can hit with query params"; not "My webhook receiver is tiny. It has to be a plain
        # GET ..." (the caller's own endpoint, named in the sentence before)
        modal = self.look_back(be, 3, _MODAL_WORDS) if be >= 1 else -1
        said_before = self.previous_sentence_words(be)
        own_before = (  # "it" is the caller's own thing, described before, not the result asked for
            self.at(self.before(modal)) in ("it", "this", "that")
            and any(w in _POSSESSIVES for w in said_before)
            and not any(w in _ASKING_WORDS for w in said_before)
        )
        accepted = (
            accepted or required_here or wanted or (required and (first - be <= 3 or modifiers_only) and not own_before)
        )
        if self.task and capitals and not accepted and self.sentence[first] not in self.spec_sentences:
            # "the endpoint must accept POST" is asked
            return "topic", f"'{phrase}' in a long task request without an interface phrase"
        return "filter", f"'{phrase}': interface phrase"

    def must_take(self, first: int) -> bool:
        """ "it has to take a POST with a JSON body": what the result must accept; not "the relay we host has to take
        a POST", "our endpoint has to take a POST", "their API has to take a POST" (someone's own system)."""
        takes = self.look_back(first, 3, _ACCEPT_VERBS)
        if takes < 2 or self.at(takes - 1) != "to" or self.at(takes - 2) not in _MUST_HAVE:
            return False
        return self.look_back(takes - 2, 8, _OWNERS_OF_SYSTEMS) < 0  # in its clause: "...: it has to take a POST"

    def required_sentence(self, k: int) -> bool:
        """Word k's sentence says what the result has to be ("it has to be an HTTP API we can POST PDFs to")."""
        return any(self.words[j] in _MODAL_WORDS for j in range(self.sentence_start(k), k))

    def try_method(self, i: int) -> None:
        word = self.words[i]
        end = self.spans[i][1]
        if (
            self.text[end : end + 1] == "-"
            and i + 1 < len(self.words)
            and self.starts[i + 1] == end + 1
            and self.words[i + 1] not in _METHOD_COMPOUNDS
        ):  # "POST-processing photos", "a get-well card": one word, no method
            self.claim_words("method", i, i + 1, word.upper(), "topic", f"'{self.span_text(i, i + 1)}': one word")
            return
        after = self.near(i, 1)
        put_call = word == "put" and after == "call" and self.near(i + 1, 1) in ("ratio", "ratios", "parity", "options")
        if (after in _NAMED_WITH_METHOD and self.link[i]) or put_call:
            # "POST office locations", "Instagram POST caption generator", "PUT/CALL ratio for SPY"
            why = f"'{self.span_text(i, i + 1)}': part of a name, not a method"
            self.claim_words("method", i, i, word.upper(), "topic", why)
            return
        if self.sentence_start(i) == i and after in _POSSESSIVES | _set("your their"):
            # "DELETE my personal data from data brokers": the order the task carries out
            why = f"'{self.span_text(i, i + 1)}': the task's own verb"
            self.claim_words("method", i, i, word.upper(), "topic", why)
            return
        traffic = self.near(i, -1) in _TRAFFIC_WORDS or self.near(i, 1) in _TRAFFIC_NOUNS
        # "send 500 concurrent GET requests": a count of requests is traffic the task generates
        counted = next((k for k in (i - 1, i - 2) if k >= 0 and self.words[k].isdigit()), -1)
        counted_requests = counted >= 0 and all(self.link[k] for k in range(counted, i))
        traffic = traffic or (counted_requests and self.near(i, 1) in ("requests", "calls"))
        if (
            not traffic
            and self.typed_in_capitals(i)
            and self.sentence_start(i) == i
            and self.near(i, 1) in _DETERMINERS
            # the docs-style call names its value: "GET the followers of user 'jdoe'" (last: it reads the sentence)
            and any(self.quoted[k] for k in range(i, self.sentence_last[i] + 1))
        ):
            # "GET the followers of Spotify user 'jdoe'": the task's verb, in the style of an API's docs
            traffic = True
        if traffic and self.free(i):
            # "replays recorded GET requests", "checks whether DELETE operations are documented": the requests
            # the task handles, not the interface asked for
            self.claim_words("method", i, i, word.upper(), "topic", f"'{word}': requests the task is about")
            return
        if _PAYLOAD_AFTER.match(self.text, self.spans[i][1]):
            # 'simulate this call: POST {"method": "eth_getBalance"}': a request written out is data
            self.claim_words("method", i, i, word.upper(), "topic", f"'{word} {{...}}': a request written out as data")
            return
        if word in ("post", "put", "patch") and self.at(i + 1) in _BODY_LEADS and self.joined(i, i + 1):
            body = next((k for k in range(i + 1, min(i + 4, len(self.words))) if self.at(k) in _BODY_WORDS), -1)
            if body >= 0 and all(self.link[k] for k in range(i, body)):  # "post a json body, get back ..."
                why = f"'{self.span_text(i, body)}': the request the caller sends"
                self.claim_words("method", i, i, word.upper(), "filter", why)
                return
        if self.near(i, -1) in ("and", "or", "vs", "versus") and self.owned_by(i - 2, "method", "topic"):
            why = f"'{self.span_text(i - 2, i)}': named with a method the task is about"
            self.claim_words("method", i, i, word.upper(), "topic", why)
            return
        if self.near(i, -1) in _METHOD_PREPS and self.free(i - 1):  # "via GET"
            role, why = self.interface_role(i - 1, i, noun=True, method=True)
            if self.near(i - 1, -1) in _SUBMIT_VERBS:  # "every form that submits via POST": the data's requests
                role, why = "topic", f"'{self.span_text(i - 2, i)}': how the task's data is sent, not the interface"
            self.claim_words("method", i - 1, i, word.upper(), role, why)
        elif (
            self.near(i, 1) in _METHOD_NOUNS
            and self.free(i + 1)
            and not (word == "get" and self.near(i, 1) in ("request", "requests") and not self.typed_in_capitals(i))
        ):  # "POST endpoint"; "get requests" in lower case is a verb and a noun
            role, why = self.interface_role(i, i + 1, noun=True, method=True)
            handler = self.endpoint_handler(i)
            if handler >= 0:  # "an OpenAPI linter that flags GET endpoints": the endpoints are what the tool works on
                role, why = "topic", f"'{self.span_text(handler, i + 1)}': the endpoints the task handles"
            elif self.own_endpoints(i, i + 1):  # "the most popular GET endpoints in our logs"
                role, why = "topic", f"'{self.span_text(i, i + 1)}': the caller's own endpoints"
            elif self.own_system_sends(i):  # "our webhook handler uses PUT requests. I need ..."
                role, why = "topic", f"'{self.span_text(i, i + 1)}': what the caller's own system sends"
            self.claim_words("method", i, i + 1, word.upper(), role, why)
        elif (self.near(i, 1) == "only" and (word != "get" or self.typed_in_capitals(i))) or (
            _PATH_AFTER.match(self.text, self.spans[i][1]) and (self.typed_in_capitals(i) or self.spaced(i))
        ):  # "POST only", "GET /v1"; not "put/call ratio"
            role, why = self.interface_role(i, i, noun=True, method=True)
            if self.question and _PATH_AFTER.match(self.text, self.spans[i][1]):
                role, why = "topic", f"'{word}' and its route are what the question is about"
            elif self.own_system_serves(i):  # "Our REST API exposes PUT /profile."
                role, why = "topic", f"'{word}' and its route are the caller's own system's"
            elif self.status_reported(i):
                role, why = "topic", f"'{word}' and its route are a request in a bug report"
            self.claim_words("method", i, i, word.upper(), role, why)
        elif self.typed_in_capitals(i):
            role, why = self.interface_role(i, i, noun=True, capitals=True, method=True)
            if (other_sense := self.method_word_in_another_sense(i)) is not None:
                role, why = "topic", other_sense
            elif self.own_endpoints(i, i):  # "report which of our endpoints accept GET"
                role, why = "topic", f"'{word}': what the caller's own endpoints accept"
            elif self.sends_to(i):  # "the agent should POST the results to our webhook"
                role, why = "topic", f"'{word}': what the task sends somewhere, not the interface asked for"
            self.claim_words("method", i, i, word.upper(), role, why)

    def method_word_in_another_sense(self, i: int) -> str | None:
        """Why a method word typed in capitals, with no route, request noun or "via" of its own, is no interface: an
        everyday word ("OPTIONS chain", "HEAD to head"), a put option ("AAPL PUT options"), an SQL keyword ("run a
        SQL DELETE statement"), or a verb taking an object ("Send an SMS and GET the delivery receipt", "apply a
        PATCH to a script"; not "an endpoint I can POST a pdf to"). None when it may still be one ("weather API, GET
        only", "ocr POST")."""
        word, nxt = self.words[i], self.near(i, 1)
        listed = nxt in ("and", "or") and self.at(i + 2) in _METHODS  # "HEAD and OPTIONS requests"
        requests = any(self.at(k) in _METHOD_NOUNS for k in range(i + 1, i + 4))
        if word in ("options", "head") and not listed and not requests:
            return f"'{word}': the everyday word, no HTTP request named with it"
        if word == "put" and (nxt in _OPTION_WORDS or self.near(i, -1) in _OPTION_WORDS):
            return f"'{self.span_text(i, i + 1)}': a put option, not an HTTP method"
        if self.near(i, -1) == "sql" or nxt in _SQL_AFTER_METHOD or (word == "delete" and nxt == "from"):
            return f"'{word}': an SQL statement, not an HTTP method"
        # "we'll POST the raw bytes", "an endpoint you POST a PDF to": the caller (or "you") sends it, as asked
        caller_sends = self.near(i, -1) in _MODAL_WORDS | _CALLERS_SENDING
        # "apply a PATCH to a python script", not "accepts PUT to store a pair" (to + a verb: what the call is for)
        verb_object = nxt in _DETERMINERS or (nxt == "to" and self.at(i + 2) in _DETERMINERS | _POSSESSIVES)
        # "POST the image to an upscaler API": sent to the result, as asked
        to_result = any(
            self.at(k) == "to" and any(self.at(j) in _ENDPOINT_NOUNS | _RECEIVING_NOUNS for j in range(k, k + 4))
            for k in range(i + 1, min(i + 7, len(self.words)))
            if all(self.link[j] for j in range(i, k))
        )
        if verb_object and self.at(i + 2) not in _METHOD_NOUNS | _ENDPOINT_NOUNS and not caller_sends and not to_result:
            return f"'{self.span_text(i, i + 1)}': a verb with its object, not an HTTP method"
        return None

    def own_system_serves(self, i: int) -> bool:
        """ "Our REST API exposes PUT /profile", "my app accepts POST /hooks": a route the caller's own system serves,
        said in its clause."""
        verb = self.look_back(i, 3, _SERVING_VERBS)
        owner = self.look_back(verb, 4, _POSSESSIVES) if verb >= 0 else -1
        return owner >= 0 and all(self.link[k] for k in range(owner, i)) and self.look_back(i, 8, _ASKING_WORDS) < 0

    def own_system_sends(self, i: int) -> bool:
        """ "Our webhook handler uses PUT requests", "my app sends POST requests to it": the caller's own system and
        the requests it makes, said of it in its own clause, not a request for an endpoint taking them."""
        verb = self.near(i, -1)
        if verb not in _OWN_SYSTEM_SENDS:
            return False
        owner = self.look_back(i - 1, 5, _POSSESSIVES)
        if owner < 0 or not all(self.link[k] for k in range(owner, i)) or self.look_back(i, 6, _ASKING_WORDS) >= 0:
            return False
        # "our agent can only issue GET requests": what the caller is able to send, which the result must take
        return not any(self.words[k] in _set("only can can't cannot") for k in range(owner, i))

    def own_endpoints(self, i: int, last: int) -> bool:
        """The method at i is said of the caller's own endpoints: "our most popular GET endpoints", "GET endpoints in
        our logs", "which of our endpoints accept GET"."""
        k = self.before_filler(i, _OTHERS_FILLER)
        if k >= 0 and self.words[k] in _POSSESSIVES:
            return True
        after = last + 1
        if (
            last > i  # the method's noun: "GET endpoints in our logs"; not "a weather API I can GET from my agent"
            and self.near(last, 1) in ("in", "from", "of")
            and self.near(after, 1) in _POSSESSIVES
            and self.link[last]
        ):
            return True
        sentence = self.sentence[i]
        for k in range(max(0, i - 8), i - 1):
            if (
                self.sentence[k] == sentence
                and self.words[k] in _POSSESSIVES
                and self.near(k, 1) in _TYPE_NOUNS | _METHOD_NOUNS
                and self.look_back(i, 3, _ACCEPT_VERBS) > k
            ):
                return True
        return False

    def sends_to(self, i: int) -> bool:
        """The method is the task's own verb with an object and a destination: "POST the results to our webhook"."""
        if self.near(i, 1) not in _SENT_OBJECTS:
            return False
        for k in range(i + 2, min(len(self.words) - 1, i + 7)):
            if self.sentence[k] != self.sentence[i]:
                return False
            if self.words[k] in ("to", "into"):
                # The destination is the caller's own ("to our webhook") or a sink ("to the Slack channel"), not the
                # service searched for ("POST the PDF to an OCR endpoint" asks for a POST endpoint).
                ahead = self.words[k + 1 : k + 5]
                if any(w in _TYPE_NOUNS for w in ahead):
                    return False
                return self.near(k, 1) in _POSSESSIVES or any(w in _SINKS for w in ahead)
        return False

    def endpoint_handler(self, i: int) -> int:
        """The verb whose object the method's endpoints or requests are, in its clause: "flags GET endpoints", "logs
        every GET request", "count the most popular GET endpoints", "simulate POST endpoints"; -1 when none. Not
        "list": "list POST endpoints under 1 cent" browses for them."""
        k = self.before_filler(i, _HANDLED_FILLER)
        return k if k >= 0 and self.words[k] in _ENDPOINT_HANDLERS else -1

    def before_filler(self, i: int, filler: frozenset[str]) -> int:
        """The word joined to i across up to three ``filler`` words ("logs every GET", "our most popular GET"), or
        -1 when none is joined."""
        k = i - 1
        while k >= 0 and self.link[k] and self.words[k] in filler and i - k <= 4:
            k -= 1
        return k if k >= 0 and self.link[k] else -1

    def status_reported(self, i: int) -> bool:
        """A status code follows the request within its sentence ("GET /v1/x returns 500 under load")."""
        for k in range(i + 1, min(len(self.words) - 1, i + 12)):
            if self.sentence[k] != self.sentence[i]:
                return False
            if self.words[k] in _STATUS_VERBS and any(
                _STATUS_CODE.fullmatch(self.at(j)) for j in range(k + 1, min(len(self.words), k + 3))
            ):
                return True
        return False

    def spaced(self, i: int) -> bool:
        end = self.spans[i][1]
        return self.text[end : end + 1].isspace()

    def typed_in_capitals(self, i: int) -> bool:
        if self.cased is None or self.cased.isupper():
            return False
        start, end = self.spans[i]
        return self.cased[start:end].isupper()

    def scan_cheap(self) -> None:
        for i, word in enumerate(self.words):
            if not (word in _CHEAP_WORDS or word in _CHEAP_PAIR_STARTS) or not self.free(i):
                continue
            if (word, self.near(i, 1)) in _CHEAP_PAIRS and self.free(i + 1):
                last = i + 1
            elif word in _CHEAP_WORDS:
                last = i
            else:
                continue
            # "cheapest first", "lowest price ones first" ending a clause: an order, not a topic ("first aid")
            for tail in (("first",), ("ones", "first")):
                end = last + len(tail)
                if all(self.near(last, k + 1) == w and self.free(last + k + 1) for k, w in enumerate(tail)) and not (
                    self.near(end, 1)
                ):
                    last = end
                    break
            phrase = self.span_text(i, last)
            nxt = self.near(last, 1)
            if nxt in _PRICED_THINGS or (nxt and self.near(last + 1, 1) in _PRICED_THINGS):
                self.claim_words("cheap", i, last, None, "topic", f"'{phrase}' describes the subject, not the call")
            elif self.task and not (nxt in _SERVICE_HEADS or self.near(last + 1, 1) in _SERVICE_HEADS):
                why = f"'{phrase}' in a long task request, not about a service"
                self.claim_words("cheap", i, last, None, "topic", why)
            else:
                self.claim_words("cheap", i, last, None, "boost", f"'{phrase}': prefer cheaper")

    # negation

    def trigger_length(self, i: int) -> int:
        """Words in the negation trigger starting at i (0 when there is none)."""
        word = self.at(i)
        if (word, self.near(i, 1)) in _TWO_WORD_TRIGGERS and self.free(i + 1):
            # "steer clear of X" refuses X; "keeps the path clear of power lines" describes the task
            return 2 if word != "clear" or self.near(i, -1) in ("steer", "stay", "keep") else 0
        if word == "w" and self.text[self.spans[i][1] : self.spans[i][1] + 2] == "/o" and self.free(i + 1):
            return 2  # "w/o ocr"
        if word == "no" and (
            self.text[self.spans[i][1] : self.spans[i][1] + 1] == "-" or self.near(i, 1) in _NO_FIXED
        ):  # "no-code", "no more"
            return 0
        if word == "nothing" and self.near(i, 1) in ("that", "which") and self.near(i + 1, 1) == "only":
            # "nothing that only covers japan": what is refused is what comes after the coverage verb; not "found
            # nothing that only covers X" (a report), nor "nothing that only supports GET" (a refused constraint)
            refusing = self.near(i + 2, 1) in _COVER_VERBS and all(self.free(i + k) for k in range(1, 5))
            # "nothing that only supports payment on solana": a constraint right after it is what is refused
            refusing = refusing and all(self.owner[k] is None for k in range(i + 4, min(i + 8, len(self.words))))
            return 4 if refusing and self.near(i, -1) not in _REPORTING_BEFORE else 1
        return 1 if word in _TRIGGERS or word in _CONTRACTIONS else 0

    def message_sent(self, verb: int) -> bool:
        """The verb at ``verb`` sends a message ("send sms", "send an email", "sending push alerts", "sms sending api,
        $0.05 per sms"), not money."""
        k = verb + 1
        while self.at(k) in _DETERMINERS | _set("bulk transactional push text"):
            k += 1
        if self.at(k) in _MESSAGE_NOUNS or (self.at(k - 1) in ("push", "text") and k > verb + 1):
            return True
        # the message named before the verb ("sms sending api"), the price then per message (red team, 2026-12-07)
        return self.at(verb - 1) in _MESSAGE_NOUNS and any(
            self.words[j] == "per" and self.at(j + 1) in _MESSAGE_NOUNS for j in self.sentence_words(verb)
        )

    def stated_price_verb(self, first: int) -> int:
        """The verb telling, as a fact, what something costs right before the amount at ``first`` ("the API we used
        cost about 8 cents", "Twilio bills us $0.0079 per SMS"), or -1. Not a wish: a modal or a relative clause
        about what is sought before it ("must cost", "an API that only costs"), a call or unit of work as its
        subject ("each query costs"), a clause it opens ("weather api - costs $0.001 per call"), a cap word in
        its sentence ("the max price was $0.01") or a "cheaper" after it ("... cost 8 cents, find something
        cheaper": the figure to beat)."""
        verb = self.before(first)
        while verb >= 1 and self.at(verb) in _PRICE_GAP_WORDS:  # "bills us", "cost about"
            verb -= 1
        if verb < 1 or self.at(verb) not in _STATED_PRICE_VERBS or not all(self.link[k] for k in range(verb, first)):
            return -1
        lead = verb - 1
        while lead >= 1 and self.at(lead) in _PRICE_ADVERBS and self.link[lead - 1]:  # "that only costs"
            lead -= 1
        if not self.link[lead] or self.at(lead) in _WISHED_PRICE_LEADS:
            return -1
        if self.at(lead).removesuffix("s") in _PRICED_WORK or (self.at(lead) == "it" and self.at(lead - 2) == "per"):
            return -1  # "each query costs", "every image costs", "per call it costs"
        sentence = [k for k in range(len(self.words)) if self.sentence[k] == self.sentence[verb]]
        if any(self.words[k] in _CAP_NOUNS for k in sentence if k < verb) and not any(
            self.words[k] in _FORMER_WORDS for k in sentence if k < verb
        ):
            return -1  # "the max price was $0.01"; not "our old budget was 5 cents a call"
        if any(w in _CHEAPER_WORDS for w in self.words[first:]):
            return -1
        return verb

    def http_beside(self, claim: _Claim) -> bool:
        """A bare "http" (or "https", "rest") joined to the MCP claim by "or", "and" or a slash: "mcp or http",
        "HTTP/MCP", "http and mcp" name both interfaces, though a bare "http" is no interface phrase of its own."""
        after, before = claim.last + 1, claim.first - 1

        def slash(a: int, b: int) -> bool:  # only a slash between words a and b
            return a >= 0 and b < len(self.words) and self.text[self.spans[a][1] : self.spans[b][0]].strip() == "/"

        if (self.at(after) in _BARE_HTTP and slash(claim.last, after)) or (
            self.at(before) in _BARE_HTTP and slash(before, claim.first)
        ):
            return True
        return (self.at(after) in ("or", "and") and self.at(after + 1) in _BARE_HTTP) or (
            self.at(before) in ("or", "and") and self.at(before - 1) in _BARE_HTTP
        )

    def methods_name_an_endpoint(self) -> bool:
        """The last HTTP method read is followed, in its clause and within three words, by an endpoint noun: "GET or
        POST weather endpoint", "GET/POST weather api"."""
        read = [c for c in self.claims if c.kind == "method" and c.role == "filter"]
        if not read:
            return False
        last = max(read, key=lambda c: c.first)
        end = min(len(self.words), last.last + 4)
        return any(
            self.words[k] in _ENDPOINT_NOUNS and all(self.link[j] for j in range(last.first, k))
            for k in range(last.first + 1, end)
        )

    def mark_missing_funds(self) -> None:
        """ "we don't have any USDC on Base", "we have no funds on base", "we have no Solana wallet", "our wallet isn't
        on base": the caller lacks money on that chain, so it cannot pay there; the rail is refused (demoted), not
        asked for (a filter answered with exactly the listings it cannot pay) nor a topic (a boost toward them).

        Only the caller's own lack, said plainly: the caller is the subject ("our users don't have any USDC on Base"
        is the task's data), every word between names money ("we don't have much USDC on Base", "any other funds
        besides USDC on Base", "I don't mind paying with USDC on Base" say otherwise), nothing after it in the
        sentence keeps the rail ("... on Base for gas, only USDC"), and it is no question."""
        if self.question:
            return
        for claim in self.claims:
            if claim.negated or claim.kind != "network":
                continue
            said = self.lacked_from(claim.first)
            if said < 0:
                if claim.role == "filter" and self.lacked_by_others(claim.first):
                    claim.negated, claim.role = True, "unapplied"
                    claim.why = f"'{claim.phrase}': others lack money there; the rail is neither asked for nor refused"
                continue
            after = range(claim.last + 1, min(len(self.words), claim.last + 7))
            if any(self.words[j] in _RAIL_KEPT_AFTER and self.sentence[j] == self.sentence[claim.last] for j in after):
                continue
            self.refuse(claim, said, claim.last)
            claim.why = f"'{claim.phrase}': the caller has no money there, so listings paid only there are demoted"
            # the caller's situation is no topic ("we have no Solana wallet" searched for wallets), the chain read
            # as one before included
            held = claim.last + 1 if self.near(claim.last, 1) in _HELD_MONEY else claim.last
            for j in range(claim.first, held + 1):
                self.take(j, claim)
            self.refuse_the_rest(claim)

    def lacked_from(self, first: int) -> int:
        """Where the words before the chain at ``first`` say the caller has no money there, in one clause: "we don't
        have any USDC on", "we have no funds on", "our agent has no" (+ "Solana wallet"), "our wallet isn't on";
        else -1."""
        subject, caller = self.lacking_subject(first)
        return subject if caller else -1

    def lacked_by_others(self, first: int) -> bool:
        """ "our users don't have any USDC on Base", "customers who have no funds on solana": someone the task is
        about lacks money on the chain at ``first``; the caller neither asks for the rail nor refuses it."""
        subject, caller = self.lacking_subject(first)
        return subject >= 0 and not caller

    def lacking_subject(self, first: int) -> tuple[int, bool]:
        """Where the subject of a lack of money on the chain at ``first`` is, in one clause, and whether it is the
        caller: "we" of "we don't have any USDC on", "our" of "our agent has no funds on" or "our wallet isn't on"
        (the caller), "users" of "our users don't have any USDC on" (not); else (-1, False)."""
        k = first - 1
        if self.at(k) in ("on", "in"):
            k -= 1
        # "any SOL or USDC on": a list of the money lacked
        while k >= 0 and (self.at(k) in _HELD_MONEY | _set("any a an") or (
            self.at(k) in ("or", "and") and self.at(k - 1) in _HELD_MONEY
        )):
            k -= 1
        nobody = (-1, False)
        if k < 1 or not all(self.link[j] for j in range(k, first)):
            return nobody
        word, before = self.at(k), self.at(k - 1)
        if word in ("isn't", "isnt", "aren't", "arent") or (word == "not" and before in ("is", "are")):
            # "our wallet isn't on base", "my funds are not on solana"
            noun = k - 1 if word != "not" else k - 2
            return (noun - 1, True) if self.at(noun) in _HELD_MONEY and self.at(noun - 1) in _POSSESSIVES else nobody
        if word in ("no", "zero") and before in _HOLD_VERBS:  # "we have no funds on", "i hold zero usdc on"
            return self.lacking_who(k - 2)
        if word in ("is", "are"):  # "none of our funds are on base"
            noun = k - 1
            if self.at(noun) in _HELD_MONEY and self.at(noun - 1) in _POSSESSIVES and self.at(noun - 2) == "of":
                return (noun - 3, True) if self.at(noun - 3) == "none" else nobody
            return nobody
        if word == "of" and before == "out":  # "we're out of usdc on base", "we ran out of funds on base"
            subject = k - 2 if self.at(k - 2) in _OUT_OF_SUBJECTS else k - 3
            return (subject, True) if self.at(subject) in _OUT_OF_SUBJECTS else nobody
        if word in _HOLD_VERBS:
            k -= 1
            word, before = self.at(k), self.at(k - 1)
        if word in _LACKING_VERBS:  # "we don't (have) any usdc on", "our bot doesn't have any usdc on"
            return self.lacking_who(k - 1)
        if word == "not" and before in ("do", "does", "did"):
            return self.lacking_who(k - 2)  # "we do not have any solana funds"
        return nobody

    def lacking_who(self, k: int) -> tuple[int, bool]:
        """The subject ending at ``k`` of a lack, and whether it is the caller: "we", "i", "our agent" (at "our"),
        or someone the task is about, "our users" (at "users"); else (-1, False)."""
        word = self.at(k)
        if word in _SUBJECT_CALLERS:
            return k, True
        if word in _AGENT_WORDS and self.at(k - 1) in _POSSESSIVES:
            return k - 1, True
        if word in _OTHER_PAYERS and word != "who":
            return k, False
        return -1, False

    def mark_negated_claims(self) -> None:
        """'not on base', 'without mcp', 'solana excluded', 'mcp not supported': the constraint is never inverted
        into a filter; a refused network or type becomes a demotion, anything else is dropped."""
        for claim in self.claims:
            # "... must come from an MCP server, not an HTTP API" in a long task: a refused interface, but only set
            # against the other one ("the old service was not a REST API" refuses nothing)
            long_task_type = claim.kind == "type" and claim.why.endswith(_LONG_TASK_INTERFACE)
            # "paid on solana, not on base": topical only because another rail was named, and refused all the same
            other_rail = claim.kind == "network" and claim.why.endswith(_RAIL_NAMED_ELSEWHERE)
            topical = claim.role == "topic" and not long_task_type and not other_rail
            neg = claim.first - 1
            if (
                claim.kind == "network"
                and claim.why.endswith(_LONG_TASK_RAIL)
                and self.at(neg) in ("not", "never")
                and (neg == self.sentence_start(neg) or not self.link[neg - 1])
            ):
                # "... a renderer for our invoices. Not on Base please - our Base wallet is empty.": a clause opening
                # with the refusal refuses the rail in a long task too (it read as a topic there, a boost toward it)
                self.refuse(claim, neg, claim.last)
                self.remove(self.spans[neg][0], self.spans[claim.last][1])  # kept as a topic's words until now
                continue
            if claim.negated or claim.kind in ("price", "minprice") or topical:
                continue
            if claim.first == claim.last and claim.first in self.minus_words:  # "weather api -solana"
                self.refuse(claim, claim.first, claim.last)
                continue
            j = claim.first - 1
            while self.at(j) in ("a", "an", "the") and j > 0:
                j -= 1
            if (
                claim.kind in ("type", "network")
                and self.at(j) in _NEEDING_VERBS
                and self.at(j - 1) in ("that", "which")
                and self.at(j - 2) in ("nothing", "none")
                and all(self.link[k] for k in range(j - 2, claim.first))
            ):
                self.refuse(claim, j - 2, claim.last)  # "nothing that needs an MCP client"
                continue
            end = self.spans[claim.last][1]
            after = _REFUSED_AFTER.match(self.text, end)
            # "weather api, solana excluded", "mcp is not an option"
            if after and self.free_text(end, after.end()) and not long_task_type:
                self.refuse(claim, claim.first, self.word_range(end, after.end())[-1])
                listed = claim
                for earlier in sorted((c for c in self.claims if c.last < claim.first), key=lambda c: -c.last):
                    # "solana and stellar are excluded", "solana/stellar not supported": the whole list is refused;
                    # not "weather api on base, solana is out" (a rail asked for with its own "on"), nor across a
                    # sentence ("... on base. solana is out.")
                    between = range(earlier.last + 1, listed.first)
                    if (
                        earlier.kind != claim.kind
                        or earlier.negated
                        or not all(self.at(j) in _LIST_JOINS for j in between)
                        or self.sentence[earlier.last] != self.sentence[listed.first]
                        or self.at(earlier.first) in _NET_PREPS | _set("in")
                        or self.accepted_after(earlier.first, earlier.last) >= 0
                    ):
                        break
                    self.refuse(earlier, earlier.first, earlier.last)
                    listed = earlier
                continue
            k = claim.first - 1
            # "must not be an MCP server", "cannot be paid on solana": a copula between the negation and the claim;
            # "our client does not speak MCP": a verb of using or accepting
            gap = _LEFT_FILLER | _NEGATED_GAP | _REFUSING_VERBS | _set("to")
            while self.free(k) and self.joined(k, k + 1) and self.at(k) in gap:
                k -= 1
            if not (self.free(k) and self.joined(k, k + 1)):
                continue
            starts = [
                s
                for s in (k, k - 1)
                if self.free(s) and (self.trigger_length(s) == k - s + 1 or (s == k and self.at(k) in _CANNOT))
            ]
            if not starts and (refuser := self.listings_refused_at(k)) >= 0:
                starts = [refuser]
            if not starts:
                continue
            if self.at(starts[0]) == "not" and self.at(starts[0] + 1) == "only":
                continue  # "not only MCP but also HTTP" refuses nothing
            if long_task_type and not any(
                other.kind == "type" and other.value != claim.value and 0 < starts[0] - other.last <= 2
                for other in self.claims
            ):
                continue
            self.refuse(claim, starts[0], claim.last)
            self.refuse_the_rest(claim)

    def refuse_the_rest(self, claim: _Claim) -> None:
        """The rails listed after a refused one are refused with it: "avoid anything that settles on ethereum or
        polygon", "no apis that accept usdc on base", "not on ethereum, solana or base" (read as a filter to the
        very chains refused). A comma continues the list only when a conjunction closes it ("not on ethereum,
        solana" may correct itself to solana), and a rail that opens a clause of its own ("not on base, and
        polygon is fine") is not refused."""
        listed = claim
        listed_after: list[tuple[_Claim, bool]] = []  # each later rail, and whether its step closes a list
        closed_by_topic = False
        for later in sorted((c for c in self.claims if c.first > claim.last), key=lambda c: c.first):
            between = range(listed.last + 1, later.first)
            steps = range(listed.last, later.first)
            if later.role == "topic" and self.near(later.last, 1) in _CHAIN_SUBJECTS:
                # "not on ethereum, and solana tokens data": the task's chain, not another refused one; its "or" still
                # closes the list before it ("not on base, solana or ethereum analytics")
                closed_by_topic = any(self.at(j) in _LIST_JOINS for j in between)
                break
            if (
                later.negated
                or later.kind not in _RAIL_KINDS
                or not all(self.joined(j, j + 1) or self.listed(j, j + 1) for j in steps)
                or not all(self.free(j) and self.at(j) in _RAIL_LIST_GAP for j in between)
                or (self.near(later.last, 1) in _CLAUSE_AFTER_RAIL)
            ):
                break
            comma = not all(self.joined(j, j + 1) for j in steps)
            listed_after.append((later, not comma or any(self.at(j) in _LIST_JOINS for j in between)))
            listed = later
        closed = max((n for n, (_, closes) in enumerate(listed_after, 1) if closes), default=0)
        if closed_by_topic:
            closed = len(listed_after)
        for later, _ in listed_after[:closed]:
            self.refuse(later, later.first, later.last)

    def listings_refused_at(self, k: int) -> int:
        """ "avoid anything that settles on ethereum", "skip the tools paid on base", "no apis paid on base",
        "don't want anything that settles on ethereum", "steer clear of tools paid on ethereum": word k names the
        listings the constraint after it describes, and an exclusion refuses them; the exclusion's first word, or -1.

        Not a lack or a report ("we have no tools that settle on stellar yet", "are there no apis paid on base?",
        "still no tools paid on base"): "no" refuses only where its clause starts; not a question, a double
        negative or a case ("why not the tools paid on base", "please don't ignore endpoints paid on base",
        "if no tools settle on base, ...")."""
        if not (self.free(k) and self.at(k) in _REFUSED_LISTINGS):
            return -1
        v = k - 1
        while self.free(v) and self.joined(v, v + 1) and self.at(v) in _REFUSED_LISTING_GAP:
            v -= 1
        if not (self.free(v) and self.joined(v, v + 1)):
            return -1
        word = self.at(v)
        # "steer clear of" (its "of" in the gap) starts at v; "anything but", "other than", "leave out", "filter out"
        # end at v
        if word not in _LISTING_REFUSERS and not (self.trigger_length(v) == 2 and v + 1 < k):
            if not (
                self.free(v - 1)
                and (self.trigger_length(v - 1) == 2 or (word == "out" and self.near(v, -1) in _OUT_REFUSERS))
            ):
                return -1
            v -= 1
            word = self.at(v)
        if word == "no" and (self.trigger_length(v) == 0 or self.near(v, -1) not in ("", *_NO_CLAUSE_OPENERS)):
            return -1
        if word in ("don't", "dont") and not set(self.words[v + 1 : k]) & _REFUSED_LISTING_WANTS:
            return -1  # "don't the tools paid on base support webhooks?"
        if self.near(v, -1) in _REFUSAL_UNDONE:
            return -1
        return v

    def drop_caller_context(self) -> None:
        """ "my wallet is on solana, find me a translator", "My wallet only holds USDC on Solana. I need to translate
        text.": the caller's wallet, funds and holdings are its situation, not the task, so their words are not
        searched for (they ranked wallet-balance listings first)."""
        for claim in self.claims:
            if claim.negated or "the caller" not in claim.why:
                continue
            # Back to the caller ("my", "our", "i", "we") over its situation's words, or nothing is taken: "best ai
            # agent my wallet is on base" keeps "agent", "track the funds my wallet has on base" keeps "funds".
            k = claim.first - 1
            while self.free(k) and self.joined(k, k + 1) and self.at(k) in _CALLER_CONTEXT:
                k -= 1
            if self.free(k) and self.joined(k, k + 1) and self.at(k) in _CALLERS:
                for j in range(k, claim.first):
                    self.take(j, claim)

    def refuse(self, claim: _Claim, first: int, last: int) -> None:
        """Words first..last refuse ``claim``: a network or type is demoted, any other kind dropped."""
        claim.negated = True
        claim.role = "unapplied"
        for j in range(first, last + 1):
            if j < claim.first or j > claim.last:
                self.take(j, claim)
        claim.phrase = self.span_text(first, last)
        claim.why = f"'{claim.phrase}': a negated constraint is dropped, not inverted"
        if claim.kind in ("network", "type", "asset") or (claim.kind == "qualifier" and claim.value == "test"):
            claim.role = "demote"
            what = {"type": "of that type", "asset": "payable only in it"}.get(claim.kind, "paid only there")
            claim.why = f"'{claim.phrase}': refused, so listings {what} are demoted (not a filter)"

    def attach_filler(self) -> None:
        for claim in sorted(self.claims, key=lambda c: c.first):
            topical = claim.role == "topic" and not claim.wished
            if claim.kind not in ("network", "qualifier", "asset", "price") or topical:
                continue
            left = _PRICE_LEFT_FILLER if claim.kind == "price" else _LEFT_FILLER
            k = claim.first - 1
            while self.free(k) and self.joined(k, k + 1):
                if self.at(k) in left or (claim.kind == "price" and self.at(k) in _PRICE_GAP):
                    self.take(k, claim)
                    k -= 1
                elif claim.kind == "price" and (span := self.price_said(k)):
                    # "price cap $0.01", "cost ceiling of 2 cents", "price per call must be below $0.001": the
                    # words naming the cap are no topic (they ranked price feeds for a sentiment request)
                    for j in range(k - span + 1, k + 1):
                        self.take(j, claim)
                    k -= span
                elif claim.kind != "price" and self.billed_per_call(k - 2):
                    # "I can pay per request on Base": how the caller pays is no topic ("pay" and "request"
                    # as search words ranked a payments API first for a translation request)
                    for j in range(k - 2, k + 1):
                        self.take(j, claim)
                    k -= 3
                else:
                    break
            k = claim.last + 1
            while self.free(k) and self.joined(k - 1, k):
                if self.at(k) in _RIGHT_FILLER and not self.names_the_service(k):
                    self.take(k, claim)
                    k += 1
                elif claim.kind != "price" and self.billed_per_call(k):
                    for j in range(k, k + 3):  # "on Base, paying per call"
                        self.take(j, claim)
                    k += 3
                else:
                    break

    def names_the_service(self, k: int) -> bool:
        """Word k ("payment", "settlement") modifies the result named next: "usdc payment api", "base settlement
        tool" ask for a payment api, not only for a way to pay."""
        return self.at(k) in _SERVICE_NOUN_MODIFIERS and self.joined(k, k + 1) and _is_head(self.at(k + 1))

    def price_said(self, k: int) -> int:
        """How many words ending at k name a price cap, free and joined: "price cap", "cost ceiling", "price
        limit", "price per call" (2 or 3), else 0. Not a cap word alone ("rate limit checker under 1 cent")."""
        if self.at(k) in _CAP_WORDS and self.at(k - 1) in _PRICE_NOUNS and self.free(k - 1) and self.joined(k - 1, k):
            return 2
        per_call = self.at(k) in _BILLING_UNITS and self.at(k - 1) in ("per", "each", "a")
        if per_call and self.at(k - 2) in _PRICE_NOUNS and all(self.free(j) for j in (k - 2, k - 1)):
            return 3 if self.joined(k - 2, k - 1) and self.joined(k - 1, k) else 0
        return 0

    def billed_per_call(self, pay: int) -> bool:
        """The three words from ``pay`` are a payment verb, "per"/"each", and a unit of work ("pay per request",
        "paying per call", "payable per use"), free and joined."""
        return (
            all(self.free(j) for j in range(pay, pay + 3))
            and self.joined(pay, pay + 1)
            and self.joined(pay + 1, pay + 2)
            and self.at(pay) in _PAY_VERBS
            and self.at(pay + 1) in ("per", "each", "every")
            and self.at(pay + 2) in _BILLING_UNITS
        )

    def proper_name(self, k: int) -> bool:
        """Word k is typed capitalized inside its sentence ("DeepL", "Doctors Without Borders")."""
        if self.cased is None or not 0 < k < len(self.words) or self.sentence[k - 1] != self.sentence[k]:
            return False
        if len(self.words[k]) < 2:
            return False
        start, _ = self.spans[k]
        return self.cased[start].isupper() and self.words[k] not in _CALENDAR

    def names_a_result(self, i: int) -> bool:
        """The clause from word i names a kind of result, a maker or a proper name; in a query typed all
        in lower case a name cannot be told from a word, so any clause may name one."""
        if self.cased is None or self.cased == self.text:
            return True
        for k in range(i, min(len(self.words), i + 6)):
            if k > i and not self.joined(k - 1, k):
                break
            word = self.words[k]
            if word in _RESULT_NOUNS or word in _MAKER_WORDS or _is_head(word) or self.proper_name(k):
                return True
        return False

    def negation_scope(self, i: int, length: int) -> tuple[int, str]:
        """(-1, why) when the negation is task content; else how many words after the trigger to skip."""
        word, b = self.words[i], self.before(i)
        prior = self.at(b) if b >= 0 else ""
        nxt = self.near(i + length - 1, 1)
        phrase = self.span_text(i, i + length if nxt else i + length - 1)
        content = f"'{phrase}' negates the task content, not the result"
        if self.proper_name(i):  # "Doctors Without Borders", "Nothing Phone"
            return -1, f"'{phrase}' is part of a name"
        if word == "skip" and nxt == "to":  # "skip to the next track": the task's action
            return -1, content
        if length == 2 and word in ("instead", "rather") and nxt.endswith("ing"):
            return -1, content  # "instead of watching this entire video, summarize it": what the caller would do
        if word == "skip" and nxt in _SKIP_NOUNS and b >= 0:  # "uptime and skip rate" names a metric; ", skip lists"
            return -1, f"'{phrase}' names a metric"
        if word in ("not", "no") and nxt in _COMPARATIVES and self.near(i + 1, 1) in ("", "than"):
            # "I'm fine paying up to 4 cents, not more": the price said again
            return -1, f"'{phrase}' bounds an amount, it names no result"
        bodied = nxt in ("request", "json") and self.near(i + 1, 1) in _REQUEST_BODIES  # not "no body lotions"
        if word == "no" and bodied:
            # "can only issue GET requests (no request bodies allowed)": how the call is made, not a refused result
            return -1, f"'{phrase}': how the call is made, not what it returns"
        if self.refuses_a_name(i, length):
            return 0, ""
        if length == 2 and nxt in _METHODS and any(
            self.owned_by(k, "method") and self.sentence[k] == self.sentence[i] for k in range(i)
        ):
            # "when to use PATCH instead of PUT": one HTTP method against another (the method reading has them)
            return -1, f"'{phrase}': one HTTP method set against another"
        imperative = self.request or self.words[0] in _IMPERATIVE_OPENERS
        if imperative and word in _EXCLUDE_VERBS and word != "nothing" and not self.names_a_result(i + length):
            # "character count excluding spaces", "excluding volume data", "avoid any bad hair days": what
            # the call leaves out of its data, or the caller's wish, when no service or provider is named
            return -1, content
        if length == 2 or word in ("except", "excluding", "exclude", "excludes"):
            if self.task and word not in ("other", "anything", "leave", "excluding", "exclude", "excludes"):
                # "all days except Sunday" is the task's; "a headlines API, anything except Bing" refuses one
                return (0, "") if self.names_a_result(i + length) and self.cased != self.text else (-1, content)
            return 0, ""
        if word == "never":
            return -1, content
        if word in _EXCLUDE_VERBS:
            if word == "nothing" and length == 4:  # "nothing that only covers japan"
                return 0, ""
            if word == "nothing":  # "nothing with slang"; "Nothing Phone 2" is a brand
                return (1, "") if nxt in _NOT_PREPS else (-1, content)
            if prior == "to" and self.at(self.before(b)) not in _DESIRE_VERBS:
                # "pitfalls to avoid when designing a UI", "the best time to visit to avoid long waits": a
                # purpose or the topic; "i want to avoid paywalled sources" still excludes
                return -1, content
            return 0, ""
        if word in _CONTRACTIONS or (word == "not" and prior in _AUX):
            subject = b if word in _CONTRACTIONS else self.before(b) if b >= 0 else -1
            said = self.at(subject) if subject >= 0 else ""
            opens = subject < 0 or self.sentence[subject] != self.sentence[i]
            # "Don't use Apollo", "please don't pick anything built on Whisper"; not "don't use more than 3 sources"
            named = self.names_a_result(i + length + 1) and self.near(i + length, 1) not in _NOT_A_RESULT
            imperative_refusal = (opens or nxt in _CHOICE_VERBS) and named
            bother = nxt == "bother" and self.near(i + length, 1) == "with"
            if bother and (opens or said in _PERSONS | _IMPERATIVE_LEADS):
                return 2, ""  # "don't bother with email tools", "we don't bother with OCR"
            if nxt in _WANT_VERBS and ((said in _PERSONS and nxt not in _CHOICE_VERBS) or imperative_refusal):
                after = self.near(i + length, 1)
                if after == "to" and self.near(i + length + 1, 1) in _SITUATION_VERBS:
                    # "i don't want to get caught in a storm": what the caller wants to avoid going through;
                    # "i don't want to generate a new one" still refuses a kind of result
                    return -1, content
                return 1, ""
            if said in ("that", "which") and _is_head(self.at(self.before(subject))) and not self.task:
                return 0, ""  # "an api that isn't rate limited"
            # "a POST endpoint that ... isn't from X", "any OCR API is fine as long as it isn't from Google"; not "check
            # whether an image isn't from Midjourney" nor "the 402 error isn't from Cloudflare"
            relative = self.in_sentence_before(i, 16, _RELATIVES)
            wanted = relative >= 1 and _is_head(self.words[relative - 1])
            wanted = wanted or said in ("it", "one", "want") or _is_head(said)
            wanted = wanted and self.in_sentence_before(i, 8, _CHECKING) < 0
            if nxt in ("from", "by") and word in _COPULA_NEGATIONS and wanted and self.proper_name(i + length + 1):
                return 1, ""  # "... costs at most $0.005 and isn't from PDFShift": the provider refused
            return -1, content
        if word == "not":
            if nxt in ("interested", "looking", "wanting"):  # "not interested in anything that ..."
                return 1, ""
            if nxt == "sure" or (nxt in ("have", "be", "been") and self.near(i + 1, 1).endswith("ed")):
                return -1, content  # "not sure which path to take", "this earthquake better not have caused damage"
            if prior in _WISH_VERBS and nxt == "to" and self.near(i + 1, 1) not in _USING_VERBS:
                return -1, content  # "I prefer not to watch the entire video"; "I'd prefer not to use Google" refuses
            copula = self.look_back(i, 4, _COPULAS)
            if copula >= 0 and self.in_sentence_before(copula, 8, _CHECK_VERBS) >= 0:
                # "confirm each email is valid and not disposable": the state the call checks for, not a refusal
                return -1, content
            if prior == "rather" and nxt in ("use", "get", "see", "have"):  # "i'd rather not use anything by X"
                return 1, ""
            if self.request and nxt.endswith(("ed", "ing")) and not _is_head(prior):
                # "agreements made but not documented in writing", "and not finding anything": a state of
                # the task's things; "an api not requiring a key" still refuses a kind of result
                return -1, content
            if nxt == "including" and self.proper_name(i + 2):  # "all weather apis not including OpenWeather"
                return 1, ""
            if nxt in ("limited", "just", "only", "including", "counting") or prior == "or":
                # "including but not limited to", "not just words", "whether or not", "damaged or not", "the
                # order total not including tax"
                return -1, content
            if b < 0 or prior in ("but", "and") or _is_head(prior):
                return 0, ""
            if prior == "so" and self.proper_name(i + 1) and i + 1 == len(self.words) - 1:
                return 0, ""  # "we've had billing problems before, so not Typeform." (not "so not UTC; convert ...")
            if not self.task and nxt in _NOT_PREPS:
                return 0, ""
            last_word = i + length == len(self.words) - 1
            # "404 not found", "email address not deliverable", "api key not valid": a state, not a name
            state = nxt.endswith(_STATE_ENDINGS) or nxt in _STATE_WORDS or prior.isdigit()
            if not self.task and not self.request and last_word and not state:
                return 0, ""  # "text to speech not elevenlabs": a short query's last word refused
            return -1, content
        if word in ("without", "no") and nxt in _TRIP_CONDITIONS:
            return -1, content
        lacked = nxt in _LACKED or (nxt == "any" and self.near(i + 1, 1) in _LACKED)
        if lacked and word in ("no", "without"):
            # "without any coding knowledge", "no technical expertise", "without having to worry",
            # "searched without any luck": what the caller lacks, not what a result must not have
            return -1, content
        lacking = prior in _LACKING_BEFORE or self.near(i + 2, 1) in _LACKING_AFTER
        if word == "no" and nxt == "mcp" and self.near(i + 1, 1) in _CLIENT_WORDS and lacking:
            # "no MCP client is installed": what the caller lacks (it can call HTTP), not a refused result
            return -1, content
        if word == "no" and nxt == "need" and self.near(i + 1, 1) == "to" and not self.names_a_result(i + 4):
            # "No need to include internal transfers": a task instruction; "no need for google" refuses
            return -1, content
        if word == "no":
            with_head = prior == "with" and _is_head(self.at(self.before(b)))
            if b < 0 or prior in ("but", "and", "or") or _is_head(prior) or with_head:
                return 0, ""
            return -1, content
        if word == "without":
            if nxt in _PRESERVE_GERUNDS:  # "a converter without losing the tables" asks to keep them
                return -1, content
            if nxt in _EFFORT_GERUNDS or (nxt == "needing" and self.near(i + 1, 1) == "to"):
                # "MCP tools without rewriting the business logic": how the task is done, not a refused result
                return -1, content
            if _is_head(prior):  # "image generator without watermark"
                return 0, ""
            if nxt.endswith("ing") or self.request:  # "translate without losing formatting": how, not what
                return -1, content
            return 0, ""
        return 0, ""

    def relative_of_generic(self, j: int, clause: list[int]) -> bool:
        """'anything that scrapes x': the relative clause says what the excluded thing is."""
        generic = [k for k in clause if self.words[k] not in _NOT_PREPS]
        return self.at(j) in ("that", "which") and bool(generic) and all(self.words[k] in _GENERIC for k in generic)

    def scan_exclude_fields(self) -> None:
        """``exclude=['stripe']``, ``"exclude_providers": ["a", "b"]``: a tool call's refusals, written as a field
        of quoted names (which would otherwise stay topics, as quoted words do)."""
        for m in _EXCLUDE_FIELD.finditer(self.text):
            if not m.group("items").startswith("[") and not m.group("kind"):
                continue  # "git status with exclude='node_modules'": one value of a command, not a refusal
            quoted = any(q in m.group("items") for q in "\"'")
            if not quoted and not m.group("kind"):
                continue  # "avoid: [slow, expensive]": qualities, not providers (unlike "exclude_providers: [a, b]")
            inside = self.word_range(m.start("items"), m.end("items"))
            names = [k for k in inside if self.owner[k] is None and _content(self.words[k])]
            key = self.word_range(m.start(), m.start("items"))
            if names and key and self.owner[key[0]] is None:
                for k in (*key, *names):
                    self.remove(*self.spans[k])
                self.negations.append((key[0], names))
                self.refusal_fields.update(range(key[0], names[-1] + 1))

    def minus_operators(self) -> frozenset[int]:
        """``translation api -google -deepl``, ``dns api network:base -solana``: the words a search box's minus
        operator refuses, in a short query with no command-line flags (``java -jar app.jar``, ``curl -s -X POST``
        refuse nothing)."""
        text = self.text
        if len(self.words) > _SEARCH_BOX_WORDS or _COMMAND_FLAG.search(text):
            return frozenset()
        return frozenset(
            k
            for k, (start, _) in enumerate(self.spans)
            if start >= 1
            and text[start - 1] == "-"
            and (start == 1 or text[start - 2].isspace())
            and not self.words[k][0].isdigit()
        )

    def scan_minus_operators(self) -> None:
        """The refused words no rule claimed become negations (a refused chain or type was a claim, refused in
        ``mark_negated_claims``)."""
        for k in sorted(self.minus_words):
            if self.free(k) and _content(self.words[k]):
                self.remove(self.spans[k][0] - 1, self.spans[k][1])
                self.negations.append((k, [k]))

    def scan_negations(self) -> None:
        self.scan_exclude_fields()
        self.scan_minus_operators()
        i = 0
        while i < len(self.words):
            if i in self.refusal_fields:
                i += 1
                continue
            word = self.words[i]
            maybe = word in _TRIGGERS or word in _CONTRACTIONS or word in _TWO_WORD_STARTS
            length = self.trigger_length(i) if maybe and self.free(i) else 0
            if not length:
                i += 1
                continue
            skip, why = self.negation_scope(i, length)
            if skip < 0:
                self.topical_negations.append((i, i + length - 1, why))
                i += length
                continue
            clause: list[int] = []
            j = i + length
            for _ in range(skip):
                if self.content(j) and self.joined(j - 1, j):
                    j += 1
            while (
                self.content(j)
                and self.joined(j - 1, j)
                and (self.at(j) not in _CLAUSE_STOPS or self.relative_of_generic(j, clause))
                and not (self.free(j) and self.trigger_length(j))
                # "don't use Apollo for the enrichment step": what it would be used for is not refused
                and not (clause and self.at(j) == "for" and self.near(j, 1) in _DETERMINERS | _POSSESSIVES)
                # "doesn't use Google Maps under the hood": how the refused thing is used, not more of it
                and not (clause and (self.at(j), self.near(j, 1), self.near(j + 1, 1)) in _MANNER_IDIOMS)
            ):
                clause.append(j)
                j += 1
            for k in range(i, j):
                self.remove(*self.spans[k])
            self.negations.append((i, clause))
            i = j

    # result

    def build(self) -> InterpretedQuery:
        notes: list[tuple[int, str]] = []
        explained: list[tuple[int, ConstraintNote]] = []
        unapplied: list[str] = []
        family_ids: set[str] = set()
        soft: set[str] = set()
        soft_words: dict[str, set[str]] = {}  # a topical chain's words: no boost for one the caller excludes
        quals: dict[str, str] = {}
        known: list[str] = []
        payment: list[str] = []
        unknown: list[str] = []
        caps: list[tuple[Decimal, bool]] = []
        types: set[str] = set()
        methods: set[str] = set()
        cheapest = False
        network_notes: list[tuple[int, _Claim]] = []
        refused_networks: set[str] = set()
        refused_types: set[str] = set()
        refused_assets: set[str] = set()

        def explain(claim: _Claim, kind: NoteKind, value: str, role: AppliedAs | None = None, why: str = "") -> int:
            explained.append(
                (claim.first, ConstraintNote(kind, value, role or claim.role, why or claim.why, claim.phrase))
            )
            return len(explained) - 1

        for claim in self.claims:
            where = claim.first
            source = f"(from '{claim.phrase}')"
            kind = _NOTE_KINDS[claim.kind]
            if claim.negated and claim.role == "demote":
                if claim.kind == "type":
                    refused_types.add(str(claim.value))
                    value = str(claim.value)
                elif claim.kind == "asset":  # "I can't pay in EURC"
                    refused_assets.add(str(claim.value))
                    value = str(claim.value)
                else:
                    refused = n.TESTNETS if claim.kind == "qualifier" else cast(tuple[str, ...], claim.value)
                    refused_networks.update(refused)
                    value = "testnets" if claim.kind == "qualifier" else "|".join(sorted(refused))
                notes.append((where, f"demote {claim.kind}: {value} {source}"))
                explain(claim, kind, value)
                continue
            if claim.negated:
                notes.append((where, f"negated {claim.kind} ignored {source}"))
                unapplied.append(f"negated:{claim.kind}")
                explain(claim, kind, _claim_value(claim))
                continue
            if claim.role == "topic":
                if claim.kind == "network":
                    ids = cast(tuple[str, ...], claim.value)
                    if claim.wished:  # "ideally on stellar": a bare chain wished for is its mainnet, as when required
                        ids = tuple(i for i in ids if i not in n.TESTNETS) or ids
                        claim.value = ids
                    soft.update(ids)
                    for network_id in ids:
                        soft_words.setdefault(network_id, set()).update(tokenize(claim.phrase))
                explain(claim, kind, _claim_value(claim))
                continue
            if claim.kind == "network":
                ids = cast(tuple[str, ...], claim.value)
                if ids:
                    family_ids.update(ids)
                    notes.append((where, f"network: {'|'.join(ids)} {source}"))
                    network_notes.append((explain(claim, "network", "|".join(ids)), claim))
                else:
                    notes.append((where, f"network: no known chain id, not applied {source}"))
                    unapplied.append(f"network:{claim.phrase}")
                    explain(claim, "network", claim.phrase, "unapplied", f"'{claim.phrase}': no known chain id")
            elif claim.kind == "qualifier":
                quals.setdefault(str(claim.value), claim.phrase)
                network_notes.append((explain(claim, "network", str(claim.value)), claim))
            elif claim.kind == "asset":
                symbol = str(claim.value)
                _note_asset(symbol, known, unknown, notes, where, source)
                rated = symbol in a.USD_RATES
                if rated and claim.role == "filter" and symbol not in payment:
                    payment.append(symbol)
                if not rated:
                    explain(claim, "asset", symbol, "unapplied", f"no USD rate for {symbol}")
                elif claim.role == "filter":
                    strong = f"{claim.why} (a strong boost; the asset parameter filters)"
                    explain(claim, "asset", symbol, "boost", strong)
                else:
                    explain(claim, "asset", symbol)
            elif claim.kind == "price":
                usd, priced_in, bare = cast(tuple[Decimal | None, str | None, bool], claim.value)
                if priced_in:
                    _note_asset(priced_in, known, unknown, notes, where, source)
                    explain(
                        claim,
                        "asset",
                        priced_in,
                        "boost" if priced_in in a.USD_RATES else "unapplied",
                        f"'{claim.phrase}': the price names the asset",
                    )
                if usd is None:
                    notes.append((where, f"price cap: no USD rate for {priced_in}, not applied {source}"))
                    unapplied.append(f"maxPrice:{priced_in}")
                    explain(claim, "price", claim.phrase)
                else:
                    # "at or below a tenth of a cent": the phrase starts at "below"; "or" before it includes the amount
                    strict = bool(_STRICT_CAP.search(claim.phrase)) and self.near(claim.first, -1) != "or"
                    caps.append((usd, strict))
                    assumed = ", assumed from a bare amount" if bare else ""
                    notes.append((where, f"price cap: ${_money(usd)}{assumed} {source}"))
                    explain(claim, "price", _money(usd))
            elif claim.kind == "minprice":
                notes.append((where, f"minimum price: not supported {source}"))
                unapplied.append("minPrice")
                explain(claim, "price", claim.phrase)
            elif claim.kind == "type":
                types.add(str(claim.value))
                if claim.value == "mcp" and self.http_beside(claim):  # "mcp or http", "http/mcp": both named
                    types.add("http")
                notes.append((where, f"type: {claim.value} {source}"))
                explain(claim, "type", str(claim.value))
            elif claim.kind == "method":
                methods.add(str(claim.value))
                notes.append((where, f"method: {claim.value} {source}"))
                explain(claim, "method", str(claim.value))
            elif claim.kind == "cheap":
                cheapest = True
                notes.append((where, f"prefer cheaper {source}"))
                explain(claim, "cheapest", "true")

        if len(methods) == 1 or (methods and ("mcp" in types or self.methods_name_an_endpoint())):
            # One method read as the call's implies an HTTP endpoint. Several conflict ("track PUT and DELETE
            # calls"), and a type inferred from a reading that is not applied would be firmer than its source,
            # unless they name the endpoint ("GET or POST weather endpoint") or stand against MCP ("an MCP server
            # or a GET/POST endpoint": both interfaces named, neither applied).
            types.add("http")
        networks = self.resolve_networks(family_ids, quals, notes, unapplied)
        for index, claim in network_notes:  # what each phrase contributed after narrowing
            where, note = explained[index]
            if claim.kind == "network":
                kept = [x for x in cast(tuple[str, ...], claim.value) if x in networks]
            else:
                kept = [x for x in networks if (x in n.TESTNETS) == (claim.value == "test")]
            if kept:
                explained[index] = (where, _replace(note, value="|".join(kept)))
            else:
                explained[index] = (where, _replace(note, applied_as="unapplied", why=note.why + "; narrowed away"))
        query_type: QueryType | None = None
        if len(types) == 1:
            query_type = "mcp" if "mcp" in types else "http"
        elif types:
            notes.append((len(self.words), "type: both mcp and http named, not applied"))
            unapplied.append("type:conflict")
        method = next(iter(methods)) if len(methods) == 1 and query_type == "http" else None
        if query_type == "http" and not any(c.kind == "type" and c.role == "filter" for c in self.claims):
            first = min(c.first for c in self.claims if c.kind == "method" and c.role == "filter")
            why = "an HTTP method is named, so the result is an HTTP endpoint"
            explained.append((first, ConstraintNote("type", "http", "filter", why, self.words[first])))
        if len(methods) > 1:
            notes.append((len(self.words), f"method: {'|'.join(sorted(methods))} named, not applied"))
            unapplied.append("method:conflict")
        for index, (where, note) in enumerate(explained):
            conflict = (note.kind == "type" and query_type is None) or (note.kind == "method" and method is None)
            if conflict and note.applied_as == "filter":
                explained[index] = (where, _replace(note, applied_as="unapplied", why=note.why + "; conflicts"))

        # "anything without ocr": a browse refusing ocr; not "skip all ads" (the generic word must come first)
        first_trigger = min((trigger for trigger, _ in self.negations), default=0)
        generic_lead = any(w in _ANY_LISTING for w in self.words[:first_trigger])
        if self.negations and not self.claims and not tokenize(_residual(self.text, self.removed)) and not generic_lead:
            # A negation that would leave nothing to search for is the task itself ("skip to the next
            # track"): its words are the topic.
            for trigger, clause in self.negations:
                start, end = self.spans[trigger][0], self.spans[clause[-1] if clause else trigger][1]
                self.removed[start:end] = bytes(end - start)
            notes.append((0, "negation would leave nothing to search for: read as the topic"))
            self.negations = []
        topical_text = _residual(self.text, self.removed)
        # Identifiers split on their capitals ("getHistoricalFxRate"), so tokenize the cased residual.
        topical = _unique(tokenize(_residual(self.cased, self.removed) if self.cased else topical_text))
        amounts = self.topical_amounts()
        if amounts and any(t not in amounts for t in topical):
            # "convert 100 USD to EUR": the amount is the call's argument, not a word a listing would
            # share; as a rare lexical term it would rank "Mint 100 tokens" first.
            topical = tuple(t for t in topical if t not in amounts)
        generic_only = not topical or self.browse_words(topical, True)
        if topical and self.browse_words(
            topical, bool(networks or caps or query_type or method or cheapest or payment)
        ):
            # "everything on base sepolia", "api paid on solana", "apis that take usdc": a generic word for any
            # listing beside the constraints is no topic (every listing is an api or a service); an asset read
            # from a payment phrase counts, a bare asset word ("usdc api") may be the subject
            notes.append((0, f"browse: only generic words besides the constraints ('{topical_text}')"))
            topical = ()
        if not topical:  # "anything on stellar": nothing for the semantic arm to embed
            topical_text = ""
        if len(methods) > 1 and not types and not topical:
            # "GET or POST endpoint": methods are all it asks for, so it asks for HTTP endpoints
            first = min(c.first for c in self.claims if c.kind == "method" and c.role == "filter")
            why = "several HTTP methods and nothing else are named, so the result is an HTTP endpoint"
            explained.append((first, ConstraintNote("type", "http", "filter", why, self.words[first])))
            query_type = "http"
        positive = set(topical)
        negated: list[str] = []
        refused_conversions: list[direction.Conversion] = []
        for trigger, clause in self.negations:
            said = tokenize(" ".join(self.words[k] for k in clause))
            phrase = self.span_text(trigger, clause[-1]) if clause else ""
            if clause and (directions := direction.conversions_only(self.span_text(clause[0], clause[-1]))):
                # "we don't need text-to-speech": the conversion is refused, not each of its words (which the
                # speech-to-text listings asked for share)
                refused_conversions.extend(directions)
                why = f"'{phrase}': a conversion refused; listings naming only it are demoted"
                value = ", ".join(f"{c.source} to {c.target}" for c in directions)
                explained.append((trigger, ConstraintNote("negation", value, "demote", why, phrase)))
                notes.append((trigger, f"demote conversion: {value} (from '{phrase}')"))
                continue
            # not a figure: "not the $0.02, $0.03 ones" refuses those prices, no word "0"
            terms = [t for t in said if t not in positive and t not in _NEGATION_FILLER_STEMS and not t[:1].isdigit()]
            if terms:
                notes.append((trigger, f"demote: {', '.join(_unique(terms))} (from '{phrase}')"))
                # refused, never removed: the listings it names are demoted (a browse lists them last)
                why = f"'{phrase}': refused; listings naming it are demoted, not hidden"
                explained.append(
                    (trigger, ConstraintNote("negation", ", ".join(_unique(terms)), "demote", why, phrase))
                )
                negated.extend(terms)
                for term in terms:  # "weather api, no solana": a chain's name refused is its rail refused too
                    if term in _REFUSABLE_CHAINS:
                        refused_networks.update(n.FAMILIES[term][0] + n.FAMILIES[term][1])
        # "no solana, stock quotes": the chain's word is the refusal's, not a topic of the query as well
        refusing = {k for trigger, clause in self.negations for k in (trigger, *clause)}
        explained = [
            (at, note)
            for at, note in explained
            if not (note.kind == "network" and note.applied_as == "topic" and at in refusing)
        ]
        for first, last, why in self.topical_negations:
            explained.append((first, ConstraintNote("negation", "", "topic", why, self.span_text(first, last))))
        explained.extend(self.quoted_notes(soft))

        constrained = bool(networks or known or unknown or caps or query_type or method or cheapest)
        return InterpretedQuery(
            normalized=self.text,
            networks=networks,
            assets=tuple(known),
            payment_assets=tuple(payment),
            unknown_assets=tuple(unknown),
            max_usd_price=min(caps)[0] if caps else None,
            max_usd_price_strict=bool(caps) and min(caps, key=lambda cap: (cap[0], not cap[1]))[1],
            cheapest=cheapest,
            type=query_type,
            method=method,
            negated_terms=_unique(negated),
            excluded_networks=tuple(sorted(refused_networks - set(networks))),
            excluded_type=cast(QueryType, next(iter(refused_types))) if len(refused_types) == 1 else None,
            excluded_assets=tuple(sorted(refused_assets - set(known))),
            refused_conversions=tuple(dict.fromkeys(refused_conversions)),
            topical_terms=topical,
            topical_text=topical_text,
            # "an mcp server, but any protocol is ok": nothing left to search for, and anything will do: a browse
            no_match=not topical and not constrained and not any(c.waived for c in self.claims),
            understood=tuple(note for _, note in sorted(notes, key=lambda item: item[0])),
            unapplied=tuple(unapplied),
            soft_networks=tuple(
                sorted(n_id for n_id in soft - set(networks) if soft_words.get(n_id, set()).isdisjoint(negated))
            ),
            generic_only=generic_only,
            constraints=tuple(note for _, note in sorted(explained, key=lambda item: item[0])),
        )

    def browse_words(self, topical: tuple[str, ...], constrained: bool) -> bool:
        """Only words a caller uses for any listing remain ("everything", "api", "endpoints", "tools") and a
        hard constraint or "cheapest" is read: the query browses what passes. Not a quoted word, nor "listings"
        naming a service ("listings api", real-estate listings)."""
        if not constrained or not all(t in _BROWSE_STEMS for t in topical) or any(self.quoted):
            return False
        # Stems collide ("browsing" and "browse", "showings" and "show"): each word behind a topical stem must
        # itself be one of the words.
        if any(w not in _BROWSE_WORDS and not set(tokenize(w)).isdisjoint(topical) for w in self.words):
            return False
        return not any(
            w in ("listing", "listings") and (_is_head(self.near(k, 1)) or _is_head(self.near(k, -1)))
            for k, w in enumerate(self.words)
        )

    def topical_amounts(self) -> frozenset[str]:
        """The numbers of amounts read as the task's subject ("convert 5000 USD"), as analyzed terms."""
        numbers: set[str] = set()
        for claim in self.claims:
            if claim.kind == "price" and claim.role == "topic" and not claim.negated:
                for k in range(claim.first, claim.last + 1):
                    numbers.update(t for t in tokenize(self.words[k]) if t.isdigit())
        return frozenset(numbers)

    def quoted_notes(self, soft: set[str]) -> list[tuple[int, ConstraintNote]]:
        """Constraint words inside quotes: said, and deliberately kept as topics."""
        found: list[tuple[int, ConstraintNote]] = []
        for k, word in enumerate(self.words):
            if not self.quoted[k] or self.owner[k] is not None:  # '"payment_network": "solana"' is a field
                continue
            why = (
                f"'{word}' is in the text the task works on: a topic"
                if self.worked_on[k]
                else f"'{word}' is quoted: quoted words are topics"
            )
            if word in _ALWAYS_CHAINS:
                ids = n.FAMILIES[word][0]
                soft.update(ids)
                found.append((k, ConstraintNote("network", "|".join(ids), "topic", why, word)))
            elif word in n.FAMILIES:
                found.append((k, ConstraintNote("network", "|".join(n.FAMILIES[word][0]), "topic", why, word)))
            elif word in _SYMBOLS:
                found.append((k, ConstraintNote("asset", _SYMBOLS[word], "topic", why, word)))
            elif word == "mcp":
                found.append((k, ConstraintNote("type", "mcp", "topic", why, word)))
            elif word in _TRIGGERS or word in _CONTRACTIONS:
                found.append((k, ConstraintNote("negation", "", "topic", why, word)))
        return found

    def resolve_networks(
        self, family_ids: set[str], quals: dict[str, str], notes: list[tuple[int, str]], unapplied: list[str]
    ) -> tuple[str, ...]:
        """Families named, narrowed by a bare testnet/mainnet; a bare testnet alone means all testnets."""
        end = len(self.words)
        test, main = quals.get("test"), quals.get("main")
        if test and main:  # "mainnet or testnet" restricts nothing
            return tuple(sorted(family_ids))
        if family_ids:
            narrowed = family_ids & n.TESTNETS if test else family_ids - n.TESTNETS if main else family_ids
            if narrowed and narrowed != family_ids:
                word = "testnets" if test else "mainnets"
                notes.append((end, f"network: narrowed to {word} (from '{test or main}')"))
                return tuple(sorted(narrowed))
            mainnet_default = family_ids - (self.bare_testnets - self.explicit_testnets)
            if mainnet_default and mainnet_default != family_ids:
                notes.append(
                    (
                        end,
                        f"network: mainnet only: {'|'.join(sorted(mainnet_default))} "
                        "(a bare chain name; say 'testnet' for test networks)",
                    )
                )
                return tuple(sorted(mainnet_default))
            return tuple(sorted(family_ids))
        if test and self.named_testnets:
            # "we only have USDC on Solana devnet, so it has to accept devnet payments": the testnet named
            ids = tuple(sorted(self.named_testnets))
            notes.append((end, f"network: {'|'.join(ids)} (from '{test}', the testnet the query names)"))
            return ids
        if test:
            ids = tuple(sorted(n.TESTNETS))
            notes.append((end, f"network: {'|'.join(ids)} (from '{test}')"))
            return ids
        if main:
            notes.append((end, f"network: '{main}' names no chain, not applied"))
            unapplied.append("network:mainnet")
        return ()


_NOTE_KINDS: dict[str, NoteKind] = {
    "network": "network",
    "qualifier": "network",
    "asset": "asset",
    "price": "price",
    "minprice": "price",
    "type": "type",
    "method": "method",
    "cheap": "cheapest",
}


_NOT_HEADS = _set(
    """
    user customer member order folder number other letter paper water computer partner owner player worker
    teacher manager driver rather whether either neither never ever however together under after over
    winter summer layer corner border transfer trader buyer seller developer founder leader
    """
)


def _content(word: str) -> bool:
    """A content word (not empty, not a stopword): cheaper than tokenize() on the hot path."""
    return bool(word) and word.replace("'", "") not in STOPWORDS


def _is_head(word: str) -> bool:
    """A word that can name the result: "api", "shortener", "translator" (not "customer")."""
    if word in _SERVICE_HEADS:
        return True
    # "whitepaper", "newspaper": a compound of a word that names no result names none either
    return len(word) >= 6 and word.endswith(("er", "or")) and not any(word.endswith(x) for x in _NOT_HEADS)


def _claim_value(claim: _Claim) -> str:
    if claim.kind == "network":
        return "|".join(cast(tuple[str, ...], claim.value))
    if claim.kind == "price":
        usd = cast(tuple[Decimal | None, str | None, bool], claim.value)[0]
        return claim.phrase if usd is None else _money(usd)
    if claim.kind == "cheap":
        return "true"
    return claim.phrase if claim.value is None else str(claim.value)


def _replace(note: ConstraintNote, **changes: str) -> ConstraintNote:
    fields = {"kind": note.kind, "value": note.value, "applied_as": note.applied_as, "why": note.why, "text": note.text}
    return ConstraintNote(**(fields | changes))  # type: ignore[arg-type]


def _note_asset(
    symbol: str, known: list[str], unknown: list[str], notes: list[tuple[int, str]], where: int, source: str
) -> None:
    if symbol in a.USD_RATES:
        if symbol not in known:
            known.append(symbol)
            notes.append((where, f"asset: {symbol} {source}"))
    elif symbol not in unknown:
        unknown.append(symbol)
        notes.append((where, f"asset: {symbol} has no USD rate, not boosted {source}"))


_SPEC_AMOUNT = re.compile(_amount(False) + _TAIL)
_SPEC_CENTS = re.compile(r"(\d+(?:\.\d+)?|\.\d+)\s?(?:c|¢|cents?)")
_SPEC_NUMBER = re.compile(r"\$?\s?(\d+(?:\.\d+)?|\.\d+)(?:\s?(?:usd|usdc))?(?:\s?(?:/|per)\s?(?:call|request))?")


def _overlaps(a: object, b: object) -> bool:
    """Two claims' values name something in common (networks: any network of one is the other's)."""
    if isinstance(a, tuple) and isinstance(b, tuple) and all(isinstance(v, str) for v in (*a, *b)):
        return bool(set(a) & set(b))
    return a == b


def _spec_value(key: str, value: str) -> tuple[str, object] | None:
    """(claim kind, claim value) for one field of a request written as fields, None when it is not one."""
    if key in ("interface", "transport", "type", "resource_type"):
        if value in ("mcp", "mcp server", "mcp tool"):
            return "type", "mcp"
        first = re.split(r"[\s/]+", value)[0]  # "HTTP/REST"
        return ("type", "http") if first in ("http", "https", "rest", "restful") else None
    if key in ("method", "http_method"):
        return ("method", value.upper()) if value in _METHODS else None
    if (
        "price" in key
        or "cost" in key
        or key.startswith(("max_usd", "usd_per"))
        or key in ("budget_per_call", "ceiling")
        or key.startswith(("ceiling_per_", "max_spend_per_"))
    ):
        if value.lstrip("$") == "0":
            return None  # "max_price: 0,005" cut at its comma, or a zero that would hide every priced listing
        priced = _SPEC_AMOUNT.fullmatch(value)
        if priced is not None:
            usd, symbol = _amount_value(priced)
            return "price", (usd, symbol, False)
        bare = _SPEC_NUMBER.fullmatch(value)
        if bare is not None and not key.startswith("ceiling"):  # "rate limit ceiling: 100" is no price
            return "price", (Decimal(bare.group(1)), None, False)
        if _SCIENTIFIC.fullmatch(value) and not key.startswith("ceiling") and Decimal(value) > 0:  # "max_price=1e-3"
            return "price", (Decimal(value), None, False)
        cents = _SPEC_CENTS.fullmatch(value)  # "ceiling=1.5c"
        return ("price", (Decimal(cents.group(1)) / 100, None, False)) if cents else None
    # "payment: base or solana", "rail: base/solana": every part a network, or the field is not one
    value = _SPEC_ONLY.sub("", value)  # "payment policy: base only", "rail: only solana"
    parts = [_spec_network(part.strip()) for part in _SPEC_LIST_SEPARATOR.split(value)]
    if not parts or any(p is None for p in parts):
        return None
    return "network", tuple(sorted({net for nets in parts if nets for net in nets}))


_SPEC_ONLY = re.compile(r"^only\s+|\s+only$")
_QUOTES = frozenset("\"'“‘`")
_SPEC_LIST_SEPARATOR = re.compile(r"\s*(?:,|/|&|\bor\b|\band\b)\s*")


def _spec_network(value: str) -> tuple[str, ...] | None:
    """The networks one field value names ("base", "solana devnet", "eip155:8453", "base-sepolia"), else None."""
    if _CAIP2.fullmatch(value):
        return (n.canonical_case(value),)
    if (legacy := n.LEGACY_ALIASES.get(value)) is not None:  # pay_network: 'base-sepolia'
        return (legacy,)
    words = re.split(r"[\s-]+", value.strip())  # "solana-mainnet", "solana mainnet-beta"
    family = words[0] if words else ""
    qualifier = " ".join(words[1:])
    if qualifier == "mainnet beta":
        qualifier = "mainnet"
    if family not in n.FAMILIES or " " in qualifier:
        return None
    mainnets, testnets = n.FAMILIES[family]
    if qualifier in _TEST_QUAL:
        return tuple(sorted(testnets))
    return tuple(sorted(mainnets)) if qualifier in ("", *_MAIN_QUAL) else None


def _amount_value(m: re.Match[str]) -> tuple[Decimal | None, str | None]:
    """USD value of a matched amount and the asset symbol it names, if any."""
    groups = m.groupdict()
    if groups.get("cur"):
        number, unit = groups["cnum"], groups["cur"]
    elif groups.get("tcur"):
        number, unit = groups["tnum"], groups["tcur"]
    elif groups.get("pcur"):
        number, unit = groups["pnum"], groups["pcur"]
    elif groups.get("junit"):
        number, unit = groups["jnum"], "cent"
    else:
        number, unit = groups["num"], groups.get("unit")
    parts = number.replace("ten-thousandth", "tenthousandth").replace("-", " ").split()
    if len(parts) > 2 and parts[1] == "one":  # "ten one-thousandths": ten of them
        del parts[1]
    fraction = next((_FRACTIONS[w.removesuffix("s")] for w in parts if w.removesuffix("s") in _FRACTIONS), None)
    if fraction is not None:  # "a tenth of a cent", "half a dollar", "seven tenths of a cent"
        plural = any(w.endswith("s") and w.removesuffix("s") in _FRACTIONS for w in parts)
        # "quarter of a cent" has no count word: one
        count = Decimal(parts[0]) if parts[0].isdigit() else _WORD_NUMBERS.get(parts[0], Decimal(1))
        value = fraction * (count if plural else 1)
    elif parts[0] in _WORD_NUMBERS:
        value = _WORD_NUMBERS[parts[0]]
    elif "/" in number:  # "1/2 cent"
        numerator, denominator = number.split("/")
        value = Decimal(numerator) / Decimal(denominator) if int(denominator) else Decimal(0)
    else:
        value = Decimal(number.replace(",", ""))
    if unit in (None, "$", "usd", "dollar", "dollars", "buck", "bucks"):  # None: a bare number capped per call
        return value, None
    if unit in ("cent", "cents", "¢", "penny", "pennies"):
        return value.scaleb(-2), None
    if unit.startswith("micro"):  # "500 micro-dollars per call"
        return value.scaleb(-6), None
    if unit in ("nickel", "nickels", "dime", "dimes"):  # "cap it at a nickel per run"
        return value * (Decimal("0.05") if unit.startswith("nickel") else Decimal("0.10")), None
    if unit.startswith("euro") and unit.endswith(("cent", "cents")):  # "under 2 euro cents"
        return value.scaleb(-2) * a.USD_RATES["EURC"], None
    if unit in ("€", "eur", "euro", "euros"):  # approximated with the EURC reference rate
        return value * a.USD_RATES["EURC"], None
    symbol = _KNOWN_SYMBOLS.get(unit) or _UNRATED_SYMBOLS[unit]
    rate = a.USD_RATES.get(symbol)
    return (value * rate if rate is not None else None), symbol


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # exactly Unicode category Cc
_GONE = re.compile(rb"\x01+")


# Scientific notation is read as the figure it writes ("under 5e-3 USDC", "1×10⁻³ USD per call", "1e−3" with a
# Unicode minus), not as its mantissa or exponent alone: "1×10⁻³ USD per call" was a $3 cap (2026-12-07). NFKC
# flattens superscripts ("10⁻³" -> "10−3"), so those are spelled as an exponent before it. Exponents beyond
# ``_EXPONENT_MAX`` are left as written (no figure, "$1e308" is no price); a figure glued to a word or an id
# ("0x1e5", "a3e-4f", "v1e2") is not a number.
_SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")
_TIMES_TEN = r"\s*[x×✕*·⋅]\s*10"
_SUPERSCRIPT_POWER = re.compile(
    rf"(?<![\w.-])(?P<mantissa>\d+(?:\.\d+)?){_TIMES_TEN}(?P<power>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
    r"|(?<![\w.-])10(?P<bare>[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)"
)
_CARET_POWER = re.compile(
    rf"(?<![\w.-])(?P<mantissa>\d+(?:\.\d+)?){_TIMES_TEN}\s*(?:(?:\^|\*\*)\s*(?P<power>[-+−]?\d+)|(?P<signed>[-−]\d+))"
    r"(?![\w.])"
    r"|(?<![\w.-])10\s*(?:\^|\*\*)\s*(?P<bare>[-+−]?\d+)(?![\w.])"
)
_E_NOTATION = re.compile(r"(?<![\w.-])(?P<mantissa>\d+(?:\.\d+)?)[eE](?P<power>[-+−]?\d+)(?![\w.])")
_EXPONENT_MAX = 12


def _as_exponent(m: re.Match[str]) -> str:
    groups = m.groupdict()
    power = (groups.get("power") or groups.get("signed") or groups.get("bare") or "").translate(_SUPERSCRIPTS)
    return f"{m.group('mantissa') or '1'}e{power}"


def _written_out(m: re.Match[str]) -> str:
    power = int(m.group("power").replace("−", "-"))
    if abs(power) > _EXPONENT_MAX:
        return m.group(0)
    figure = Decimal(m.group("mantissa")).scaleb(power)
    text = format(figure, "f")
    return text.rstrip("0").rstrip(".") if "." in text else text


# Arabic-Indic and Eastern Arabic-Indic digits, and the Arabic decimal and thousands separators: "٠٫٠١ usd" was read
# as "1 usd" (the separator is no "."); NFKC leaves them as they are.
_ARABIC_FIGURES = str.maketrans(
    "٠١٢٣٤٥٦٧٨٩۰۱۲۳۴۵۶۷۸۹٫٬", "01234567890123456789.,"
)


# A vulgar fraction, after any whole number it ends: NFKC writes "½" as "1⁄2" with a fraction slash, which the price
# rules read as "2" ("under ½ cent" was a cap of 2 cents, "under 1½ cents" one of 2; a red team, 2026-12-07).
_VULGAR_FRACTION = re.compile(r"(\d*)([\u00bc-\u00be\u2150-\u215e])")


def _as_decimal(m: re.Match[str]) -> str:
    return plain_decimal(Decimal(m.group(1) or 0) + Decimal(str(round(unicodedata.numeric(m.group(2)), 6))))


def _normal_form(text: str) -> str:
    """``text`` NFKC-normalized, its figures in ASCII digits, its control characters spaces, its spaces collapsed."""
    text = _SUPERSCRIPT_POWER.sub(_as_exponent, _VULGAR_FRACTION.sub(_as_decimal, text.translate(_ARABIC_FIGURES)))
    text = _CARET_POWER.sub(_as_exponent, unicodedata.normalize("NFKC", text))
    # Control characters (NUL among them, which Postgres rejects) become spaces.
    return " ".join(_CONTROL.sub(" ", text).split())


def _collapse(text: str) -> str:
    """``_normal_form`` with numbers in scientific notation written out ("1e-3" is "0.001")."""
    return _E_NOTATION.sub(_written_out, _normal_form(text))


def _residual(text: str, removed: bytearray) -> str:
    """The query without its constraint and negation phrases, tidied for the embedding model."""
    pieces, at = [], 0
    for run in _GONE.finditer(removed):
        pieces.append(text[at : run.start()])
        pieces.append(" " * (run.end() - run.start()))
        at = run.end()
    pieces.append(text[at:])
    # One space per gap first: the removed phrases left runs of spaces, and a run of thousands made the
    # punctuation clean-up below quadratic.
    kept = " ".join("".join(pieces).split())
    kept = re.sub(r"\s+([,;:.!?])", r"\1", kept)
    kept = re.sub(r"([,;:])(?:\s*[,;:.!?])+", r"\1", kept)
    words = kept.split()
    # Function words left dangling at the edges ("for github issues", "weather api but") go too.
    while words and not tokenize(words[0]):
        words.pop(0)
    while words and not tokenize(words[-1]):
        words.pop()
    return " ".join(words).strip(" ,;:-–—/|")


def _money(value: Decimal) -> str:
    return format(value.normalize(), "f")


def _unique(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))
