"""Query understanding: the constraints an agent states in free text, and the topical rest.

``interpret("weather API that takes USDC on stellar")`` gives networks (stellar:pubnet,
stellar:testnet), assets (USDC) and topical terms (weather, api). Constraint words never also score
as topical terms: every listing's payment line says "USDC", so they would only add noise.

Rules (each has a test):

- Networks are a hard filter. "stellar" and "solana" count bare and mean their mainnet (as the legacy
  v1 names do); "X testnet|devnet|sepolia" selects the test network and "any stellar network"-style
  qualifiers both. Names that are also
  ordinary words (base, polygon, avalanche, ethereum, sei, iotex) count only in a network context:
  after on/via/using/over/through or a payment verb (accepts, takes, paid, settles), before
  mainnet/testnet/sepolia/network/chain, next to an asset symbol ("base usdc"), or joined by
  or/and to another network ("on stellar or base"); bare they mean the mainnet only. Never before a
  non-network noun ("on base price", "base 64") or after one ("knowledge base network").
  A family name before a chain-subject noun ("stellar account lookup", "solana nft api") is the
  topic, not a filter, unless a qualifier says otherwise ("stellar testnet accounts").
  Typed CAIP-2 ids and slugs ("eip155:8453", "base-sepolia") are honoured.
  "testnet" alone means every known testnet; with a family named it narrows that family.
  "mainnet" alone names no chain and is reported unapplied.
- Assets are a boost, not a filter. USDC, EURC and XLM (the rated ones) count anywhere except
  before a chain-subject noun ("xlm price feed" is a topic). Unrated symbols (USDT, DAI, ...) count
  only in a payment context ("paid in usdt", "usdt on base") and land in ``unknown_assets``.
- Price: "under/below/less than/at most/up to/max/no more than/cheaper than/<=" + an amount with a
  currency ($, cents, dollars, usdc, xlm...) is a cap in USD via ``assets.USD_RATES``; several caps
  take the lowest; a bare amount ("a $0.01 weather api") is read as a cap. Minimums ("over $1") are
  not supported and reported unapplied. "cheap/cheapest/inexpensive/affordable/lowest price" set
  ``cheapest``, a prefer-cheaper boost, never a cap.
- Type: "mcp" (with tool/server) and "model context protocol" -> mcp; "http|rest api/endpoint" and
  any recognized method -> http. Bare "http" ("http request inspector") decides nothing.
- Method: GET/POST/... only after "http" or via/using/over/by, before endpoint/request/route/method,
  before a "/path", or typed in capitals in a query that is not all capitals. "blog post" is a topic.
- Negation: after not/no/without/except/excluding/never/isn't/other than/rather than/instead of, the
  words up to the clause end (punctuation, and/but/that/which/with/who/while, or a constraint) go to
  ``negated_terms`` (a demotion) and leave the topical text. A term also asked for positively is
  not negated. A negated constraint ("not on base") is dropped and reported unapplied.
- Payment filler ("that takes", "paid in", "accepts", "payments", "per call") is removed only when it
  is attached to a recognized constraint; "payment status api" keeps "payment".
- ``no_match`` is True only when nothing topical and no constraint remains. A query of constraints
  alone ("anything on stellar", "cheapest usdc") is a browse, not a no-match: topical terms are empty.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal
from typing import Literal, cast

from souk import assets as a
from souk import networks as n
from souk.search.analysis import tokenize

MAX_QUERY_CHARS = 512

QueryType = Literal["mcp", "http"]


class QueryTooLong(ValueError):
    """The normalized query is longer than MAX_QUERY_CHARS; the caller answers 400."""

    code = "query_too_long"


@dataclass(frozen=True, slots=True)
class InterpretedQuery:
    normalized: str
    networks: tuple[str, ...] = ()
    assets: tuple[str, ...] = ()
    unknown_assets: tuple[str, ...] = ()
    max_usd_price: Decimal | None = None
    cheapest: bool = False
    type: QueryType | None = None
    method: str | None = None
    negated_terms: tuple[str, ...] = ()
    topical_terms: tuple[str, ...] = ()
    topical_text: str = ""
    no_match: bool = False
    understood: tuple[str, ...] = ()
    unapplied: tuple[str, ...] = ()

    @property
    def browse(self) -> bool:
        """Constraints only: rank everything that passes them."""
        return not self.no_match and not self.topical_terms

    def to_dict(self) -> dict[str, object]:
        """JSON-ready, camelCase keys; the price is a decimal string so no float rounding sneaks in."""
        return {
            "normalized": self.normalized,
            "networks": list(self.networks),
            "assets": list(self.assets),
            "unknownAssets": list(self.unknown_assets),
            "maxUsdPrice": None if self.max_usd_price is None else _money(self.max_usd_price),
            "cheapest": self.cheapest,
            "type": self.type,
            "method": self.method,
            "negatedTerms": list(self.negated_terms),
            "topicalTerms": list(self.topical_terms),
            "topicalText": self.topical_text,
            "noMatch": self.no_match,
            "understood": list(self.understood),
            "unapplied": list(self.unapplied),
        }


def normalize_query(query: str) -> str:
    """NFKC, control characters to spaces, whitespace collapsed, lowercased."""
    return _collapse(query).lower()


def interpret(query: str) -> InterpretedQuery:
    """Read the constraints out of ``query``; raises QueryTooLong past MAX_QUERY_CHARS."""
    cased = _collapse(query)
    normalized = cased.lower()
    if len(normalized) > MAX_QUERY_CHARS:
        raise QueryTooLong(f"query is {len(normalized)} characters; the limit is {MAX_QUERY_CHARS}")
    # Capitals ("POST") are only evidence when lowercasing kept every offset in place.
    return _Scan(normalized, cased if len(cased) == len(normalized) else None).result()


# --- vocabulary --------------------------------------------------------------------------------


def _set(words: str) -> frozenset[str]:
    return frozenset(words.split())


_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)*")
_BARRIER = frozenset(',;.!?()[]{}:"|—–')

_BARE_FAMILIES = frozenset({"stellar", "solana"})
_MAIN_QUAL = frozenset({"mainnet", "mainnets", "pubnet"})
_TEST_QUAL = frozenset({"testnet", "testnets", "devnet", "sepolia", "amoy", "fuji"})
# Said without a chain: "any testnet api". Not "sepolia" (Ethereum has one too) nor "public network".
_BARE_QUALS = {"testnet": "test", "testnets": "test", "devnet": "test", "mainnet": "main", "mainnets": "main"}
_BARE_PAIRS = {("test", "net"): "test", ("dev", "net"): "test", ("main", "net"): "main"}
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
    charts history staking bridge domain domains program programs anchor anchors sdk
    """
)
# After a name that is also an ordinary word: "base price", "base url", "polygon area", "base 64".
_NOT_NETWORK_AFTER = _CHAIN_SUBJECTS | _set(
    """
    pricing currency currencies url urls uri model models rate rates image images layer layers class
    classes case cases camp salary pay fee fees amount amounts unit units value values path paths
    directory template templates color colors colour map maps game games line number numbers station
    stations score plan tier version form forms word words shape shapes area areas vertex vertices
    """
)
_NOT_NETWORK_BEFORE = _set(
    "knowledge data code customer user fan home military air client install wheel power tax cost convex regular"
)
_NET_PREPS = frozenset({"on", "via", "using", "over", "through", "thru", "onto", "across"})
_PAY_VERBS = _set(
    """
    accepts accept accepting accepted takes take taking pay pays paying paid payable settles settle
    settled settling supports supporting supported charges charged
    """
)
_ASSET_CONTEXT = _NET_PREPS | _PAY_VERBS | {"in", "with", "denominated", "priced"}
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
_UNRATED_SYMBOLS = {s.lower(): s for s in ("USDT", "DAI", "PYUSD", "ETH", "SOL", "BTC")}

_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options"})
_METHOD_PREPS = frozenset({"via", "using", "over", "by"})
_METHOD_NOUNS = _set("endpoint endpoints request requests method route routes verb")
_PATH_AFTER = re.compile(r"\s*/")
_TYPE_NOUNS = frozenset({"api", "apis", "endpoint", "endpoints", "service", "services", "route", "routes", "interface"})
_MCP_NOUNS = frozenset({"tool", "tools", "server", "servers", "endpoint", "endpoints", "service", "api"})

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
    don't dont
    """
)
_TWO_WORD_TRIGGERS = frozenset({("other", "than"), ("rather", "than"), ("instead", "of")})
_CLAUSE_STOPS = frozenset({"and", "but", "that", "which", "with", "who", "while", "whereas", "plus"})

# --- price grammar -------------------------------------------------------------------------------

_NUM = r"(?:(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+)"
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
_WORDNUM = r"(?:half(?:\s+an?)?|an?|one|two|three|four|five|six|seven|eight|nine|ten)"
_SYMBOL_UNITS = "|".join(sorted([*_KNOWN_SYMBOLS, *_UNRATED_SYMBOLS], key=len, reverse=True))
_UNITS = rf"(?:cents?|¢|penny|pennies|dollars?|bucks?|usd|euros?|eur|{_SYMBOL_UNITS})"


def _amount(words: bool) -> str:
    number = rf"(?:{_NUM}|{_WORDNUM}(?=\s))" if words else _NUM
    return (
        rf"(?:(?P<cur>[$€])\s?(?P<cnum>{_NUM})(?:\s?(?:usd|dollars?|eur|euros?)(?!\w))?"
        rf"|(?P<num>{number})\s?(?P<unit>{_UNITS})(?!\w)"
        rf"|(?P<tnum>{_NUM})\s?(?P<tcur>[$€]))"
    )


_TAIL = (
    r"(?:\s*(?:per|a|an|each|/)\s*(?:api\s+)?(?:call|request|req|query|use|invocation|hit|lookup|run)s?(?!\w)"
    r"|\s+each(?!\w))?"
    r"(?:\s+(?:or\s+(?:less|lower|below|under|cheaper)|max(?:imum)?|tops|at\s+most)(?!\w))?"
)
_LE_WORDS = (
    r"no\s+more\s+than|not\s+more\s+than|no\s+higher\s+than|not\s+over|less\s+than|cheaper\s+than"
    r"|lower\s+than|at\s+most|up\s+to|under|below|beneath|within|budget(?:\s+of)?"
    r"|max(?:imum)?(?:\s+(?:price|cost))?(?:\s+of)?"
)
_GE_WORDS = r"more\s+than|greater\s+than|higher\s+than|at\s+least|over|above|min(?:imum)?(?:\s+price)?(?:\s+of)?"
_PRICE_CAP = re.compile(rf"(?:(?<!\w)(?:{_LE_WORDS})|(?<![<>=])(?:<=|=<|≤|<))\s*(?:of\s+)?{_amount(True)}{_TAIL}")
_PRICE_MIN = re.compile(rf"(?:(?<!\w)(?:{_GE_WORDS})|(?<![<>=])(?:>=|=>|≥|>))\s*{_amount(True)}{_TAIL}")
_PRICE_BARE = re.compile(rf"(?<![\w.,$€]){_amount(False)}{_TAIL}")
# Namespaces only: "ratio 16:9" or "note:x" is not a chain id.
_CAIP2 = re.compile(r"(?<![\w:])(?:eip155|solana|stellar|bip122|cosmos|aptos|sui|near|tron):[-_a-z0-9]{1,32}(?![\w:])")


# --- the scan ------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Claim:
    kind: str  # network | qualifier | asset | price | minprice | type | method | cheap
    first: int  # word indexes of the core phrase
    last: int
    phrase: str
    value: object = None
    negated: bool = False


class _Scan:
    """One pass over a normalized query: claims constraint phrases word by word, then negations."""

    def __init__(self, text: str, cased: str | None) -> None:
        self.text = text
        self.cased = cased
        matches = list(_WORD.finditer(text.replace("’", "'")))
        self.spans = [m.span() for m in matches]
        self.words = [m.group() for m in matches]
        self.owner: list[_Claim | None] = [None] * len(self.words)
        self.claims: list[_Claim] = []
        self.removed = [False] * len(text)
        self.negations: list[tuple[int, list[int]]] = []  # (trigger start, clause words) per negation
        # Testnets reached only through a bare family name ("on stellar"); dropped unless a qualifier
        # asks for them, because a bare chain name means its mainnet, as the v1 names do.
        self.bare_testnets: set[str] = set()
        self.explicit_testnets: set[str] = set()

    # word helpers

    def at(self, i: int) -> str:
        return self.words[i] if 0 <= i < len(self.words) else ""

    def joined(self, i: int, j: int) -> bool:
        """Words i and j (adjacent) exist and no clause punctuation separates them."""
        lo, hi = min(i, j), max(i, j)
        if lo < 0 or hi >= len(self.words):
            return False
        return not any(c in _BARRIER for c in self.text[self.spans[lo][1] : self.spans[hi][0]])

    def free(self, i: int) -> bool:
        return 0 <= i < len(self.words) and self.owner[i] is None

    def near(self, i: int, step: int) -> str:
        """The word next to i (step -1 or 1) when joined to it, else ''."""
        return self.at(i + step) if self.joined(i, i + step) else ""

    def owned_by(self, i: int, kind: str) -> bool:
        claim = self.owner[i] if 0 <= i < len(self.words) else None
        return claim is not None and claim.kind == kind

    # claiming

    def claim_words(self, kind: str, first: int, last: int, value: object = None) -> _Claim | None:
        if not all(self.free(k) for k in range(first, last + 1)):
            return None
        phrase = self.text[self.spans[first][0] : self.spans[last][1]]
        return self._add(_Claim(kind, first, last, phrase, value), self.spans[first][0], self.spans[last][1])

    def claim_chars(self, kind: str, start: int, end: int, value: object = None) -> _Claim | None:
        inside = [k for k, (s, e) in enumerate(self.spans) if s < end and e > start]
        if not inside or not all(self.free(k) for k in inside):
            return None
        return self._add(_Claim(kind, inside[0], inside[-1], self.text[start:end], value), start, end)

    def _add(self, claim: _Claim, start: int, end: int) -> _Claim:
        for k in range(claim.first, claim.last + 1):
            self.owner[k] = claim
        self.remove(start, end)
        self.claims.append(claim)
        return claim

    def take(self, i: int, claim: _Claim) -> None:
        """Attach word i (filler or a negation trigger) to ``claim``."""
        self.owner[i] = claim
        self.remove(*self.spans[i])

    def remove(self, start: int, end: int) -> None:
        for k in range(start, end):
            self.removed[k] = True

    # passes

    def result(self) -> InterpretedQuery:
        self.scan_caip2()
        self.scan_prices()
        self.scan_families(linked=False)
        self.scan_families(linked=True)
        self.scan_bare_qualifiers()
        self.scan_assets()
        self.scan_types()
        self.scan_cheap()
        self.mark_negated_claims()
        self.attach_filler()
        self.scan_negations()
        return self.build()

    def scan_caip2(self) -> None:
        for m in _CAIP2.finditer(self.text):
            literal = self.cased[m.start() : m.end()] if self.cased else m.group()
            self.claim_chars("network", m.start(), m.end(), (n.canonical_case(literal),))

    def scan_prices(self) -> None:
        for pattern, kind in ((_PRICE_CAP, "price"), (_PRICE_MIN, "minprice"), (_PRICE_BARE, "bare")):
            for m in pattern.finditer(self.text):
                usd, symbol = _amount_value(m)
                claim = self.claim_chars("price" if kind == "bare" else kind, m.start(), m.end())
                if claim is not None:
                    claim.value = (usd, symbol, kind == "bare")

    def scan_families(self, *, linked: bool) -> None:
        for i, word in enumerate(self.words):
            if word in n.FAMILIES and self.free(i):
                self.try_family(i, linked=linked)

    def try_family(self, i: int, *, linked: bool) -> None:
        word = self.words[i]
        qual, last = self.qualifier_after(i)
        after = self.near(i, 1)
        prev = i - 1
        if self.near(i, -1) == "the" and self.free(prev):
            prev -= 1
        prep = self.at(prev) if self.joined(prev, prev + 1) and self.free(prev) else ""
        context = (
            prep in _NET_PREPS
            or prep in _PAY_VERBS
            or self.near(i, -1) in _KNOWN_SYMBOLS
            or after in _KNOWN_SYMBOLS
            or (linked and self.linked_to_network(i, last))
        )
        if qual == "any" and self.near(last, 1) in _CHAIN_SUBJECTS:  # "stellar network explorer"
            ok = False
        elif qual in ("main", "test"):
            ok = True
        elif word in _BARE_FAMILIES:
            ok = after not in _CHAIN_SUBJECTS or qual is not None
        else:
            ok = (
                (context or qual is not None)
                and (qual is not None or (after not in _NOT_NETWORK_AFTER and not after.isdigit()))
                and self.near(i, -1) not in _NOT_NETWORK_BEFORE
            )
        if not ok:
            return
        mainnets, testnets = n.FAMILIES[word]
        if qual == "main":
            ids = mainnets
        elif qual == "test":
            ids = testnets
            self.explicit_testnets.update(testnets)
        else:
            ids = mainnets + testnets if word in _BARE_FAMILIES else mainnets
            if word in _BARE_FAMILIES:
                self.bare_testnets.update(testnets)
        first = prev if prep in _NET_PREPS else i
        self.claim_words("network", first, last, tuple(sorted(ids)))

    def qualifier_after(self, i: int) -> tuple[str | None, int]:
        """The qualifier after a family name at i ("main", "test", "any" or None) and its last word."""
        k = i + 1
        if not (self.joined(i, k) and self.free(k)):
            return None, i
        pair = (self.at(k), self.near(k, 1))
        if pair in _TWO_WORD_QUAL and self.free(k + 1):
            qual, k = _TWO_WORD_QUAL[pair], k + 1
        elif self.at(k) in _MAIN_QUAL:
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

    def linked_to_network(self, first: int, last: int) -> bool:
        """'stellar or base', 'base/solana': joined to a network claim directly or by or/and."""
        for step, edge in ((-1, first), (1, last)):
            if self.owned_by(edge + step, "network") and self.joined(edge, edge + step):
                return True
            if (
                self.near(edge, step) in ("or", "and")
                and self.owned_by(edge + 2 * step, "network")
                and self.joined(edge + step, edge + 2 * step)
            ):
                return True
        return False

    def scan_bare_qualifiers(self) -> None:
        for i, word in enumerate(self.words):
            if not self.free(i):
                continue
            pair = (word, self.near(i, 1))
            if pair in _BARE_PAIRS and self.free(i + 1):
                qual, last = _BARE_PAIRS[pair], i + 1
            elif word in _BARE_QUALS:
                qual, last = _BARE_QUALS[word], i
            else:
                continue
            if self.near(last, 1) in _CHAIN_SUBJECTS:  # "testnet faucet" is a topic
                continue
            first = i - 1 if self.near(i, -1) in _NET_PREPS and self.free(i - 1) else i
            self.claim_words("qualifier", first, last, qual)

    def scan_assets(self) -> None:
        for i, word in enumerate(self.words):
            if not self.free(i):
                continue
            pay_context = self.near(i, -1) in _ASSET_CONTEXT
            if word in _KNOWN_SYMBOLS:
                if self.near(i, 1) in _CHAIN_SUBJECTS and not pay_context:  # "xlm price feed"
                    continue
                self.claim_words("asset", i, i, _KNOWN_SYMBOLS[word])
            elif word in _UNRATED_SYMBOLS:
                by_network = any(self.owned_by(i + step, "network") and self.joined(i, i + step) for step in (-1, 1))
                if pay_context or by_network:
                    self.claim_words("asset", i, i, _UNRATED_SYMBOLS[word])

    def scan_types(self) -> None:
        for i, word in enumerate(self.words):
            if not self.free(i):
                continue
            nxt = self.near(i, 1)
            if word == "mcp" or (word == "model" and nxt == "context" and self.near(i + 1, 1) == "protocol"):
                last = i if word == "mcp" else i + 2
                if self.near(last, 1) in _MCP_NOUNS and self.free(last + 1):
                    last += 1
                self.claim_words("type", i, last, "mcp")
            elif word in ("http", "https") and nxt in _METHODS and self.free(i + 1):
                last = i + 2 if self.near(i + 1, 1) in _METHOD_NOUNS and self.free(i + 2) else i + 1
                self.claim_words("method", i, last, nxt.upper())
            elif word in ("http", "https", "rest", "restful") and nxt in _TYPE_NOUNS and self.free(i + 1):
                self.claim_words("type", i, i + 1, "http")
            elif word in _METHODS:
                self.try_method(i)

    def try_method(self, i: int) -> None:
        word = self.words[i]
        if self.near(i, -1) in _METHOD_PREPS and self.free(i - 1):  # "via GET"
            self.claim_words("method", i - 1, i, word.upper())
        elif self.near(i, 1) in _METHOD_NOUNS and self.free(i + 1):  # "POST endpoint"
            self.claim_words("method", i, i + 1, word.upper())
        elif _PATH_AFTER.match(self.text, self.spans[i][1]) or self.typed_in_capitals(i):  # "GET /v1"
            self.claim_words("method", i, i, word.upper())

    def typed_in_capitals(self, i: int) -> bool:
        if self.cased is None or self.cased.isupper():
            return False
        start, end = self.spans[i]
        return self.cased[start:end].isupper()

    def scan_cheap(self) -> None:
        for i, word in enumerate(self.words):
            if not self.free(i):
                continue
            if (word, self.near(i, 1)) in _CHEAP_PAIRS and self.free(i + 1):
                self.claim_words("cheap", i, i + 1)
            elif word in _CHEAP_WORDS:
                self.claim_words("cheap", i, i)

    def trigger_length(self, i: int) -> int:
        """Words in the negation trigger starting at i (0 when there is none)."""
        word = self.at(i)
        if (word, self.near(i, 1)) in _TWO_WORD_TRIGGERS and self.free(i + 1):
            return 2
        if word == "no" and self.text[self.spans[i][1] : self.spans[i][1] + 1] == "-":  # "no-code"
            return 0
        return 1 if word in _TRIGGERS else 0

    def mark_negated_claims(self) -> None:
        """'not on base', 'without mcp': the constraint is dropped, not inverted."""
        for claim in self.claims:
            if claim.kind in ("price", "minprice"):
                continue
            k = claim.first - 1
            while self.free(k) and self.joined(k, k + 1) and self.at(k) in _LEFT_FILLER:
                k -= 1
            if not (self.free(k) and self.joined(k, k + 1)):
                continue
            starts = [s for s in (k, k - 1) if self.free(s) and self.trigger_length(s) == k - s + 1]
            if not starts:
                continue
            start = starts[0]
            claim.negated = True
            for j in range(start, claim.first):
                self.take(j, claim)
            claim.phrase = self.text[self.spans[start][0] : self.spans[claim.last][1]]

    def attach_filler(self) -> None:
        for claim in sorted(self.claims, key=lambda c: c.first):
            if claim.kind not in ("network", "qualifier", "asset", "price"):
                continue
            left = _PRICE_LEFT_FILLER if claim.kind == "price" else _LEFT_FILLER
            k = claim.first - 1
            while self.free(k) and self.joined(k, k + 1) and self.at(k) in left:
                self.take(k, claim)
                k -= 1
            k = claim.last + 1
            while self.free(k) and self.joined(k - 1, k) and self.at(k) in _RIGHT_FILLER:
                self.take(k, claim)
                k += 1

    def scan_negations(self) -> None:
        i = 0
        while i < len(self.words):
            length = self.trigger_length(i) if self.free(i) else 0
            if not length:
                i += 1
                continue
            clause: list[int] = []
            j = i + length
            while (
                self.free(j)
                and self.joined(j - 1, j)
                and self.at(j) not in _CLAUSE_STOPS
                and not self.trigger_length(j)
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
        unapplied: list[str] = []
        family_ids: set[str] = set()
        quals: dict[str, str] = {}
        known: list[str] = []
        unknown: list[str] = []
        caps: list[Decimal] = []
        types: set[str] = set()
        methods: set[str] = set()
        cheapest = False

        for claim in self.claims:
            where = claim.first
            source = f"(from '{claim.phrase}')"
            if claim.negated:
                notes.append((where, f"negated {claim.kind} ignored {source}"))
                unapplied.append(f"negated:{claim.kind}")
                continue
            if claim.kind == "network":
                ids = cast(tuple[str, ...], claim.value)
                if ids:
                    family_ids.update(ids)
                    notes.append((where, f"network: {'|'.join(ids)} {source}"))
                else:
                    notes.append((where, f"network: no known chain id, not applied {source}"))
                    unapplied.append(f"network:{claim.phrase}")
            elif claim.kind == "qualifier":
                quals.setdefault(str(claim.value), claim.phrase)
            elif claim.kind == "asset":
                symbol = str(claim.value)
                _note_asset(symbol, known, unknown, notes, where, source)
            elif claim.kind == "price":
                usd, symbol, bare = cast(tuple[Decimal | None, str | None, bool], claim.value)
                if symbol:
                    _note_asset(symbol, known, unknown, notes, where, source)
                if usd is None:
                    notes.append((where, f"price cap: no USD rate for {symbol}, not applied {source}"))
                    unapplied.append(f"maxPrice:{symbol}")
                else:
                    caps.append(usd)
                    assumed = ", assumed from a bare amount" if bare else ""
                    notes.append((where, f"price cap: ${_money(usd)}{assumed} {source}"))
            elif claim.kind == "minprice":
                notes.append((where, f"minimum price: not supported {source}"))
                unapplied.append("minPrice")
            elif claim.kind == "type":
                types.add(str(claim.value))
                notes.append((where, f"type: {claim.value} {source}"))
            elif claim.kind == "method":
                methods.add(str(claim.value))
                types.add("http")
                notes.append((where, f"method: {claim.value} {source}"))
            elif claim.kind == "cheap":
                cheapest = True
                notes.append((where, f"prefer cheaper {source}"))

        networks = self.resolve_networks(family_ids, quals, notes, unapplied)
        query_type: QueryType | None = None
        if len(types) == 1:
            query_type = "mcp" if "mcp" in types else "http"
        elif types:
            notes.append((len(self.words), "type: both mcp and http named, not applied"))
            unapplied.append("type:conflict")
        method = next(iter(methods)) if len(methods) == 1 and query_type == "http" else None
        if len(methods) > 1:
            notes.append((len(self.words), f"method: {'|'.join(sorted(methods))} named, not applied"))
            unapplied.append("method:conflict")

        topical_text = _residual(self.text, self.removed)
        topical = _unique(tokenize(topical_text))
        if not topical:  # "anything on stellar": nothing for the semantic arm to embed
            topical_text = ""
        positive = set(topical)
        negated: list[str] = []
        for trigger, clause in self.negations:
            terms = [t for t in tokenize(" ".join(self.words[k] for k in clause)) if t not in positive]
            if terms:
                phrase = self.text[self.spans[trigger][0] : self.spans[clause[-1]][1]]
                notes.append((trigger, f"demote: {', '.join(_unique(terms))} (from '{phrase}')"))
                negated.extend(terms)

        constrained = bool(networks or known or unknown or caps or query_type or method or cheapest)
        return InterpretedQuery(
            normalized=self.text,
            networks=networks,
            assets=tuple(known),
            unknown_assets=tuple(unknown),
            max_usd_price=min(caps) if caps else None,
            cheapest=cheapest,
            type=query_type,
            method=method,
            negated_terms=_unique(negated),
            topical_terms=topical,
            topical_text=topical_text,
            no_match=not topical and not constrained,
            understood=tuple(note for _, note in sorted(notes, key=lambda item: item[0])),
            unapplied=tuple(unapplied),
        )

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
        if test:
            ids = tuple(sorted(n.TESTNETS))
            notes.append((end, f"network: {'|'.join(ids)} (from '{test}')"))
            return ids
        if main:
            notes.append((end, f"network: '{main}' names no chain, not applied"))
            unapplied.append("network:mainnet")
        return ()


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


def _amount_value(m: re.Match[str]) -> tuple[Decimal | None, str | None]:
    """USD value of a matched amount and the asset symbol it names, if any."""
    if m.group("cur"):
        number, unit = m.group("cnum"), m.group("cur")
    elif m.group("tcur"):
        number, unit = m.group("tnum"), m.group("tcur")
    else:
        number, unit = m.group("num"), m.group("unit")
    word = number.split()[0]
    value = _WORD_NUMBERS[word] if word in _WORD_NUMBERS else Decimal(number.replace(",", ""))
    if unit in ("$", "usd", "dollar", "dollars", "buck", "bucks"):
        return value, None
    if unit in ("cent", "cents", "¢", "penny", "pennies"):
        return value.scaleb(-2), None
    if unit in ("€", "eur", "euro", "euros"):  # approximated with the EURC reference rate
        return value * a.USD_RATES["EURC"], None
    symbol = _KNOWN_SYMBOLS.get(unit) or _UNRATED_SYMBOLS[unit]
    rate = a.USD_RATES.get(symbol)
    return (value * rate if rate is not None else None), symbol


def _collapse(text: str) -> str:
    text = unicodedata.normalize("NFKC", text)
    # Control characters (NUL among them, which Postgres rejects) become spaces.
    text = "".join(" " if unicodedata.category(c) == "Cc" else c for c in text)
    return " ".join(text.split())


def _residual(text: str, removed: list[bool]) -> str:
    """The query without its constraint and negation phrases, tidied for the embedding model."""
    kept = "".join(" " if gone else c for c, gone in zip(text, removed, strict=True))
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
