"""Agent-style queries derived from what a listing declares, embedded next to its canonical text.

Agents rarely type a listing's prose back at us; they ask "stock price tool that takes a ticker".
Embedding a few short, query-shaped rewrites of the declared metadata gives the semantic arm
something query-like to match, without inventing anything: every word comes from a declared field
(service or tool name, description, parameters, tags, method/type, output field names), split and
lowercased, plus the fixed template words below.

Templates, in this order (a template whose fields are missing is skipped):

1. name        ``{subject}``                                   "get stock price"
2. purpose     ``{first sentence of the description}``          "merge several pdf files into one document"
3. inputs      ``{subject} that takes a {p1}[ and {p2}]``       "weather api that takes a city and units"
4. tags        ``{method} api for {t1}, {t2}, {t3}`` (HTTP)     "get api for weather, forecast"
               ``mcp tool for {t1}, {t2}, {t3}`` (MCP)
5. output      ``{subject} that returns {f1}, {f2} and {f3}``   "weather api that returns temperature"

- ``subject``: the MCP tool name, else the service name, else the first tag, else the last path
  segment of the URL that is not a version (``v1``) or a template (``{id}``), and none when that
  segment is a record id (``qrn:agent:6901eecf...``); identifiers are split into words
  (``get_stock_price`` and ``getStockPrice`` -> "get stock price").
- Parameters: required ones first, then declaration order; at most two names in template 3.
- A template "api that takes {a parameter's description}" was dropped (2026-12-03): on the real crawl,
  hundreds of agent listings describe their one parameter as "your message to the agent", which then
  matched any request that mentions an agent. Graded crawl dev nDCG@10 0.874 -> 0.894, golden dev
  0.8314 -> 0.8325; the external sets declare no parameter descriptions, so unchanged.
- Tags that only name a network, an asset or a price ("stellar", "usdc", "testnet", "$0.01") are
  dropped: networks, assets and prices are structured filters, not topics. The templates never add
  such words; seller prose (the description) is quoted as declared. Tags that only repeat the type
  ("mcp", "api") are dropped too: the noun already says it.
- Every query is whitespace-collapsed, lowercased and cut to 160 characters at a word boundary;
  duplicates are dropped keeping the first; at most MAX_QUERIES are returned.

The output is a pure function of the document: the same listing always gets the same queries.
Seller text is data here as everywhere: it is only ever embedded, never interpreted.
"""

from __future__ import annotations

import re

from souk import assets, networks
from souk.listing.document import DeclaredParam, ListingDocument

MAX_QUERIES = 6
# A route segment that is a record id: a hex run of 8+ with a digit in it ("qrn:agent:6901eecf..."), a digit
# run of 5+, or a long lower-case run with digits (an IPFS CID); not "getHistoricalStockPrices" or "text:synthesize"
_HEX_RUN = re.compile(r"[0-9a-fA-F]{8,}")
_DIGIT_RUN = re.compile(r"\d{5,}")
_CID = re.compile(r"(?=[a-z]*\d)[a-z0-9]{24,}")
MAX_QUERY_CHARS = 160
MIN_PURPOSE_WORDS = 3
MAX_LIST_ITEMS = 3

_CONTROL = re.compile(r"[\x00-\x1f\x7f\u2028\u2029]+")
_RUN = re.compile(r"[^\W_]+")
# camelCase and acronyms: "getStockPrice" -> get Stock Price, "HTTPServer" -> HTTP Server
_CAMEL = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z0-9]+|[A-Z0-9]+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")
_VERSION = re.compile(r"^v\d+(\.\d+)*$", re.IGNORECASE)
_PRICE = re.compile(r"^[$€]?\s*\d+(?:[.,]\d+)?\s*(?:[$€]|usd|usdc|eurc|xlm|cents?|dollars?)?$", re.IGNORECASE)

_ASSET_WORDS = frozenset(
    {s.lower() for s in assets.USD_RATES} | {a.symbol.lower() for a in assets.KNOWN_ASSETS.values()}
)
_NETWORK_WORDS = frozenset(
    {*networks.LEGACY_ALIASES, *networks.FAMILIES, *(n.lower() for n in networks.KNOWN_NETWORKS)}
    | {networks.display_name(n) for n in networks.KNOWN_NETWORKS}
    | {"mainnet", "testnet", "pubnet", "devnet", "sepolia"}
)
# the type is already said by the template's noun
_TYPE_WORDS = frozenset({"api", "http", "mcp", "tool", "mcp tool", "mcp server"})


def _clean(text: str) -> str:
    return " ".join(_CONTROL.sub(" ", text).split()).lower()


def split_identifier(text: str) -> str:
    """Words of an identifier or name: snake, kebab, dotted and camelCase all split, lowercased."""
    words: list[str] = []
    for run in _RUN.findall(text):
        parts = _CAMEL.findall(run)
        # non-ASCII letters are not covered by the camel pattern: keep such runs whole
        words += parts if "".join(parts) == run else [run]
    return " ".join(w.lower() for w in words)


def first_sentence(text: str) -> str:
    head = _SENTENCE_END.split(text.strip(), maxsplit=1)[0]
    return _clean(head).rstrip(" .!?;:")


def _purpose(description: str) -> str:
    """The description's first sentence, with the next ones while it has fewer than ``MIN_PURPOSE_WORDS`` words: a
    slot machine that opens "Jackpot! Spin to win big." is judged by what it says it does, not left unjudged."""
    sentences = _SENTENCE_END.split(description.strip())
    taken: list[str] = []
    for sentence in sentences:
        taken.append(sentence)
        if len(_RUN.findall(" ".join(taken))) >= MIN_PURPOSE_WORDS:
            break
    return _clean(" ".join(taken)).rstrip(" .!?;:")


def _is_filter_word(tag: str) -> bool:
    t = _clean(tag)
    return t in _ASSET_WORDS or t in _NETWORK_WORDS or t in _TYPE_WORDS or networks.is_caip2(t) or bool(_PRICE.match(t))


def _truncate(query: str) -> str:
    if len(query) <= MAX_QUERY_CHARS:
        return query
    cut = query[: MAX_QUERY_CHARS + 1].rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") or query[:MAX_QUERY_CHARS]


def _join(items: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _is_record_id(segment: str) -> bool:
    hex_id = any(any(c.isdigit() for c in m.group()) for m in _HEX_RUN.finditer(segment))
    return hex_id or bool(_DIGIT_RUN.search(segment)) or bool(_CID.fullmatch(segment))


def _path_subject(doc: ListingDocument) -> str:
    for segment in reversed([s for s in doc.url_path.split("/") if s]):
        if _VERSION.match(segment) or segment.startswith("{") or segment.startswith(":"):
            continue
        if _is_record_id(segment):
            # "/agent/qrn:agent:6901eecf...": the route names one record, not what the endpoint does; the
            # segment before it ("agent") is a collection, too generic to stand for the listing
            return ""
        words = split_identifier(segment)
        if words:
            return words
    return ""


def _name_subject(doc: ListingDocument) -> str:
    for candidate in (doc.tool_name, doc.service_name):
        if candidate and (words := split_identifier(candidate)):
            return words
    return ""


def _subject(doc: ListingDocument, tags: list[str]) -> str:
    if name := _name_subject(doc):
        return name
    if tags:
        return tags[0]
    return _path_subject(doc)


def _ordered_params(doc: ListingDocument) -> list[DeclaredParam]:
    # sorted() is stable: declaration order survives within required and optional
    return sorted(doc.params, key=lambda p: not p.required)


def _param_words(param: DeclaredParam) -> str:
    # with its description: "code" alone reads as nothing next to "run javascript in a sandbox", "code: the
    # JavaScript source to run" does
    name = split_identifier(param.name)
    return f"{name}: {param.description}" if param.description else name


def claim_probes(doc: ListingDocument) -> tuple[str, dict[str, str]] | None:
    """The purpose (the description's first sentence, template 2, or its first sentences when the first is shorter
    than ``MIN_PURPOSE_WORDS``) and, for each other declared field a
    seller words for search, the text that stands for it: ``name`` (the tool or service name, template 1 when it
    leads), ``tags``, ``inputs`` (parameter names and descriptions) and ``outputs`` (output field names). The
    resource's subdomain and route are not probed: on the real crawl 392 and 371 of 1,354 listings' were
    "unrelated" to a generic description ("premium API access") while naming the topic, and leaving them out cost
    the golden semantic arm 0.022 nDCG@10 and the crawl's hybrid 0.017 (2026-12-07). None without a description of
    ``MIN_PURPOSE_WORDS`` words or more to compare them with ("QR" says too little to judge "data, size" by); a
    field that says nothing is left out."""
    if not doc.description:
        return None
    purpose = _truncate(_purpose(doc.description))
    if len(_RUN.findall(purpose)) < MIN_PURPOSE_WORDS:
        return None
    tags = [c for t in doc.tags if not _is_filter_word(t) and (c := _clean(t))]
    texts = {
        "name": _name_subject(doc),
        "tags": ", ".join(tags),
        "inputs": "; ".join(_param_words(p) for p in _ordered_params(doc)),
        "outputs": ", ".join(w for f in doc.output_fields if (w := split_identifier(f))),
    }
    probes = {field: probe for field, text in texts.items() if len(probe := _truncate(_clean(text))) >= 2}
    for field in ("tags", "inputs", "outputs"):
        # one word there (a tag "weather", a parameter "vs" or "id") aims at little and reads as nothing
        if len(_RUN.findall(probes.get(field, ""))) < 2:
            probes.pop(field, None)
    return purpose, {field: probe for field, probe in probes.items() if probe != purpose}


def synthetic_queries(doc: ListingDocument) -> list[str]:
    """Up to MAX_QUERIES agent-style queries built only from ``doc``'s declared fields (see module doc)."""
    tags = [c for t in doc.tags if not _is_filter_word(t) and (c := _clean(t))]
    subject = _subject(doc, tags)
    params = _ordered_params(doc)
    candidates: list[str] = []

    if subject:
        candidates.append(subject)
    if doc.description:
        candidates.append(first_sentence(doc.description))
    names = [w for p in params[:2] if (w := split_identifier(p.name))]
    if subject and names:
        rest = f" and {names[1]}" if len(names) > 1 else ""
        candidates.append(f"{subject} that takes a {names[0]}{rest}")
    if tags:
        head = "mcp tool" if doc.type == "mcp" else f"{(doc.method or '').lower()} api".strip()
        candidates.append(f"{head} for {', '.join(tags[:MAX_LIST_ITEMS])}")
    fields = [w for f in doc.output_fields[:MAX_LIST_ITEMS] if (w := split_identifier(f))]
    if subject and fields:
        candidates.append(f"{subject} that returns {_join(fields)}")

    out: list[str] = []
    for query in candidates:
        query = _truncate(_clean(query))
        if len(query) >= 2 and query not in out:
            out.append(query)
    return out[:MAX_QUERIES]
