"""Build the draft golden query set for the Souk evaluation catalog.

Each query is authored here as text + rationale + tags + a *selection* over the catalog's families/caps and
the hard constraints the query states (network, asset, USD price cap, MCP vs HTTP, method). The lists a judge
starts from are then computed from ``eval/catalog`` so they stay exhaustive and consistent:

* ``intended``              -- listings matching the selection, satisfying every stated constraint, not traps;
                               ordered best-first (mainnet, then settlement history, then description quality,
                               then price) -- a draft ordering, not a judgment.
* ``constraint_ineligible`` -- listings matching the selection (topically right) that break a stated
                               constraint.
* ``distractors``           -- targeted wrong answers: sibling capabilities named per query, plus spam /
                               impersonation / prompt-injection listings that target the same family.

Writes ``queries.draft.jsonl`` next to this file (sorted keys, LF). Run after build_catalog.py:
    python eval/golden/build_queries.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "catalog"))

import build_catalog as bc
import families as fam

OUT = Path(__file__).resolve().parent / "queries.draft.jsonl"
TAGS = {
    "topical",
    "network",
    "asset",
    "price",
    "type",
    "method",
    "parameter",
    "negation",
    "incidental",
    "no-match",
    "paraphrase",
    "identifier",
    "spam",
    "impersonation",
}
MAX_DISTRACTORS = 15


@dataclass
class Q:
    query: str
    rationale: str
    tags: list[str]
    want: list[str] = field(default_factory=list)  # selectors; see _match
    exclude: list[str] = field(default_factory=list)
    distract: list[str] = field(default_factory=list)
    net: set[str] | None = None  # allowed network short names (families.ST ...)
    asset: set[str] | None = None
    max_usd: str | None = None
    inclusive: bool = True  # "at most" (<=) vs "under" (<)
    kind: str | None = None  # "mcp" | "http"
    method: set[str] | None = None
    first: list[str] = field(default_factory=list)  # ids to rank first in the draft ordering


def _match(e: bc.Entry, selector: str) -> bool:
    """``fam``, ``fam:cap``, ``fam:cap@seller``, ``@seller``, ``#listing-id``, ``group=name``."""
    if selector.startswith("#"):
        return e.id == selector[1:]
    if selector.startswith("group="):
        return e.spec.group == selector[6:]
    body, _, seller = selector.partition("@")
    if seller and e.spec.seller != seller:
        return False
    if not body:
        return True
    family, _, cap = body.partition(":")
    return e.family == family and (not cap or cap in e.caps)


def _violates(e: bc.Entry, q: Q) -> bool:
    if q.net is not None and e.network not in {bc.NETWORKS[n] for n in q.net}:
        return True
    if q.asset is not None and e.offer.asset not in q.asset:
        return True
    if q.max_usd is not None:
        cap = Decimal(q.max_usd)
        if (e.price_usd > cap) if q.inclusive else (e.price_usd >= cap):
            return True
    if q.kind is not None and e.kind != q.kind:
        return True
    return q.method is not None and (e.method is None or e.method not in q.method)


def _rank(e: bc.Entry, first: list[str]) -> tuple[object, ...]:
    return (
        e.id not in first,
        first.index(e.id) if e.id in first else 0,
        e.testnet,
        e.spec.group is not None,
        bc.HIST_RANK[e.offer.hist],
        e.thin,
        e.price_usd,
        e.id,
    )


def resolve(q: Q, entries: list[bc.Entry]) -> tuple[list[str], list[str], list[str]]:
    pinned = set(q.first) | {s[1:] for s in q.want if s.startswith("#")}  # explicit ids beat exclusions
    topical = [
        e
        for e in entries
        if e.id in pinned or (any(_match(e, s) for s in q.want) and not any(_match(e, s) for s in q.exclude))
    ]
    clean = [e for e in topical if not e.spec.trap]
    intended = sorted((e for e in clean if not _violates(e, q)), key=lambda e: _rank(e, q.first))
    inelig = sorted((e for e in clean if _violates(e, q)), key=lambda e: _rank(e, []))
    taken = {e.id for e in intended} | {e.id for e in inelig}
    want_fams = {e.family for e in topical}
    traps = [
        e
        for e in entries
        if e.spec.trap
        and (
            e in topical
            or set(e.spec.spam_topics) & want_fams
            or (e.spec.trap != "spam" and any(_match(e, s) for s in q.want))
        )
    ]
    named = [e for e in entries if any(_match(e, s) for s in q.distract) and e.id not in taken]
    distract: list[str] = []
    for e in sorted(traps, key=lambda e: _rank(e, [])) + sorted(named, key=lambda e: _rank(e, [])):
        if e.id not in distract and e.id not in taken:
            distract.append(e.id)
    return [e.id for e in intended], distract[:MAX_DISTRACTORS], [e.id for e in inelig]


# ---------------------------------------------------------------------------------------------------
# Authored queries
# ---------------------------------------------------------------------------------------------------

ST, STT, B, BS, SOL = fam.ST, fam.STT, fam.B, fam.BS, fam.SOL
WX = ["weather:current", "weather:forecast"]
LOCALTIME = "group=localtime-per-city"

QUERIES: list[Q] = [
    # ---- plain topical ----------------------------------------------------------------------------
    Q(
        "weather forecast for Lisbon this weekend",
        "wants a multi-day forecast; alerts, air quality and historical observations are wrong",
        ["topical"],
        ["weather:forecast", "#wx-wxgrid-forecast-eu-stellar"],
        exclude=["group=wxgrid-regional"],
        distract=["weather:alerts", "weather:historical", "group=wxgrid-regional", "air-quality"],
    ),
    Q(
        "current temperature and wind in Nairobi right now",
        "current conditions, not a forecast or a climate archive",
        ["topical"],
        ["weather:current"],
        distract=["weather:historical", "timezone"],
    ),
    Q(
        "historical daily weather observations for Porto in 1998",
        "archive of past observations; forecasts cannot answer a 1998 question",
        ["topical"],
        ["weather:historical"],
        distract=["weather:forecast", "news-search"],
    ),
    Q(
        "severe storm and flood warnings for a region",
        "official weather alerts; general forecasts and news are weaker answers",
        ["topical"],
        ["weather:alerts"],
        distract=["weather:forecast", "news-search:search"],
    ),
    Q(
        "air quality index and PM2.5 for a coordinate",
        "AQI/pollutant levels; ordinary weather endpoints do not report PM2.5",
        ["topical"],
        ["air-quality:aqi"],
        distract=["weather:current", "air-quality:pollen"],
    ),
    Q(
        "pollen count forecast for allergy sufferers",
        "pollen/allergy risk only; AQI is a different measurement",
        ["topical"],
        ["air-quality:pollen"],
        distract=["air-quality:aqi", "weather:forecast"],
    ),
    Q(
        "convert a street address to latitude and longitude",
        "forward geocoding; reverse geocoding and IP location go the other way",
        ["topical"],
        ["geocoding:forward"],
        exclude=["group=geomcp-per-country"],
        distract=["geocoding:reverse", "ip-geolocation", "address-validation"],
    ),
    Q(
        "reverse geocode GPS coordinates to the nearest street address",
        "coordinates in, address out; forward geocoders need an address as input",
        ["topical"],
        ["geocoding:reverse"],
        distract=["geocoding:forward", "timezone:lookup"],
    ),
    Q(
        "which country and city is an IP address located in",
        "IP geolocation; geocoders and DNS tools do not locate IPs",
        ["topical"],
        ["ip-geolocation:geo"],
        distract=["geocoding", "dns-whois:dns"],
    ),
    Q(
        "driving directions between Lisbon and Porto with travel time",
        "turn-by-turn routing; flights and geocoding alone do not give a route",
        ["topical"],
        ["maps-routing:directions"],
        distract=["flight-search", "geocoding:forward", "maps-routing:isochrone"],
    ),
    Q(
        "travel time matrix between several warehouses and customers",
        "many-to-many distance/time matrix; single routes are partial at best",
        ["topical"],
        ["maps-routing:matrix"],
        distract=["maps-routing:directions"],
    ),
    Q(
        "latest EUR to USD exchange rate",
        "fiat FX rate for EUR/USD; other single-pair endpoints and crypto prices are wrong",
        ["topical"],
        ["fx-rates:latest", "fx-rates:convert"],
        exclude=["group=rateboard-per-pair"],
        first=["fx-rateboard-pair-eur-usd-solana"],
        distract=["crypto-prices", "group=rateboard-per-pair"],
    ),
    Q(
        "foreign exchange rates on a past date for an audit",
        "historical FX; latest-only endpoints cannot answer for a past date",
        ["topical"],
        ["fx-rates:historical"],
        distract=["fx-rates:latest", "crypto-prices:historical"],
    ),
    Q(
        "price of bitcoin in dollars",
        "BTC spot price; per-coin endpoints for other coins and stock quotes are wrong",
        ["topical"],
        ["crypto-prices:spot"],
        exclude=["group=coinmill-per-coin", "#cx-lumenprice-get-xlm-price-stellar-xlm"],
        first=["cx-coinmill-price-btc-base"],
        distract=["group=coinmill-per-coin", "stock-quotes", "token-prices"],
    ),
    Q(
        "historical OHLCV candles for ETH-USD",
        "crypto candle history, not spot price",
        ["topical"],
        ["crypto-prices:historical"],
        distract=["crypto-prices:spot", "stock-quotes:history"],
    ),
    Q(
        "current share price of a US stock ticker",
        "equity quote; company filings and crypto prices are wrong",
        ["topical"],
        ["stock-quotes:quote"],
        distract=["company-filings", "crypto-prices:spot", "stock-quotes:options"],
    ),
    Q(
        "10-K and 10-Q filings for a public company",
        "SEC filings, not share prices or CRM records",
        ["topical"],
        ["company-filings:filings"],
        exclude=["company-filings:insider"],
        distract=["stock-quotes", "company-filings:insider", "crm:account", "legal-filings"],
    ),
    Q(
        "official company registry record with directors and registered address",
        "company registry data; stock quotes and CRM accounts are wrong",
        ["topical"],
        ["company-filings:registry"],
        distract=["stock-quotes", "crm:account", "company-filings:profile"],
    ),
    Q(
        "news articles about electric vehicles from the last week",
        "keyword news search; crypto-only news and web search are weaker",
        ["topical"],
        ["news-search:search"],
        exclude=["news-search:crypto"],
        distract=["web-search", "news-search:crypto", "news-search:press"],
    ),
    Q(
        "general web search results for a query",
        "web SERP; news-only search is narrower",
        ["topical"],
        ["web-search:web"],
        distract=["news-search", "web-search:images", "academic-papers"],
    ),
    Q(
        "scrape a JavaScript-heavy page and return markdown",
        "headless fetch to markdown/HTML; screenshots and URL-to-PDF are the wrong output",
        ["topical"],
        ["web-scrape:fetch"],
        distract=["screenshot", "pdf-generate:from-url", "web-scrape:crawl"],
    ),
    Q(
        "take a full-page screenshot of a website",
        "image capture of a page; scraping returns text, URL-to-PDF returns a document",
        ["topical"],
        ["screenshot"],
        distract=["web-scrape:fetch", "pdf-generate:from-url", "pdf-view:thumbnail"],
    ),
    Q(
        "generate a PDF from an HTML template",
        "PDF creation; form filling, extraction and viewers are different PDF jobs",
        ["topical"],
        ["pdf-generate:generate"],
        distract=["pdf-fill", "pdf-extract", "pdf-view", "invoice-create"],
    ),
    Q(
        "fill in the fields of an existing PDF form",
        "AcroForm filling; generating a new PDF or extracting text is wrong",
        ["topical"],
        ["pdf-fill:fill"],
        distract=["pdf-generate", "pdf-extract", "pdf-fill:sign", "pdf-fill:fields"],
    ),
    Q(
        "extract all the text from a PDF document",
        "PDF text extraction; viewers, generators and form fillers are wrong",
        ["topical"],
        ["pdf-extract:text"],
        distract=["pdf-view", "pdf-generate", "pdf-fill", "ocr:scanned-pdf"],
    ),
    Q(
        "embed a PDF viewer in my web page",
        "hosted viewer link; text extraction is not viewing",
        ["topical"],
        ["pdf-view:view"],
        distract=["pdf-extract", "pdf-view:thumbnail", "pdf-generate"],
    ),
    Q(
        "OCR a photo of a street sign",
        "image OCR; captioning describes a picture, scanned-PDF OCR needs a PDF",
        ["topical"],
        ["ocr:text"],
        exclude=["ocr:scanned-pdf"],
        distract=["ocr:caption", "translation:text", "ocr:scanned-pdf"],
    ),
    Q(
        "parse a shopping receipt into merchant, total and line items",
        "receipt parsing; plain OCR returns unstructured text",
        ["topical"],
        ["ocr:receipt"],
        distract=["ocr:text", "pdf-extract"],
    ),
    Q(
        "generate an illustration of a lighthouse from a text prompt",
        "text-to-image; resizing/editing an existing image is wrong",
        ["topical"],
        ["image-generate:text-to-image"],
        exclude=["image-generate:logo"],
        distract=["image-resize", "image-generate:edit", "image-generate:logo", "ocr:caption"],
    ),
    Q(
        "design a logo for my startup",
        "logo generation specifically; general image generators are second best",
        ["topical"],
        ["image-generate:logo"],
        distract=["image-generate:text-to-image", "qr-code"],
    ),
    Q(
        "resize and crop a product photo to 800x600",
        "image resizing; generation and background removal are different",
        ["topical"],
        ["image-resize:resize"],
        distract=["image-generate", "image-resize:background", "image-resize:compress"],
    ),
    Q(
        "remove the background from a product photo",
        "background removal; inpainting edits and resizes are wrong",
        ["topical"],
        ["image-resize:background"],
        distract=["image-generate:edit", "image-resize:resize"],
    ),
    Q(
        "translate a paragraph into German",
        "text translation to German; language detection and audio translation are wrong; "
        "other fixed pairs do not target German",
        ["topical"],
        ["translation:text"],
        exclude=["group=babelfast-per-pair"],
        first=["tr-babelfast-tr-en-de-stellar"],
        distract=["translation:detect", "speech-to-text:translate", "translation:document"],
    ),
    Q(
        "detect which language a text is written in",
        "language identification only",
        ["topical"],
        ["translation:detect"],
        distract=["translation:text"],
    ),
    Q(
        "transcribe a podcast episode to text",
        "speech-to-text; text-to-speech is the opposite direction",
        ["topical"],
        ["speech-to-text:transcribe"],
        distract=["text-to-speech", "summarization"],
    ),
    Q(
        "turn a meeting recording into minutes and action items",
        "meeting minutes from audio; generic transcription is partial",
        ["topical"],
        ["speech-to-text:minutes"],
        distract=["summarization", "text-to-speech", "calendar"],
    ),
    Q(
        "convert a blog post into an mp3 voice narration",
        "text-to-speech; transcription goes the other way",
        ["topical"],
        ["text-to-speech:synthesize"],
        distract=["speech-to-text", "text-to-speech:clone"],
    ),
    Q(
        "send a transactional password-reset email",
        "email delivery; verification and SMS are wrong",
        ["topical"],
        ["email-send:send"],
        exclude=["email-send:batch"],
        distract=["email-verify", "sms"],
    ),
    Q(
        "check if an email address is deliverable before signup",
        "email verification; sending mail is wrong",
        ["topical"],
        ["email-verify:verify"],
        exclude=["email-verify:bulk"],
        distract=["email-send", "phone-lookup"],
    ),
    Q(
        "send an SMS text message to a customer",
        "SMS delivery; phone lookup and email are wrong",
        ["topical"],
        ["sms:send"],
        distract=["sms:otp", "phone-lookup", "email-send"],
    ),
    Q(
        "send a one-time passcode by SMS for two-factor login",
        "SMS OTP; generic SMS is second best",
        ["topical"],
        ["sms:otp"],
        distract=["sms:send", "email-verify"],
    ),
    Q(
        "MX and TXT records for a domain",
        "DNS record lookup; WHOIS and availability are wrong",
        ["topical"],
        ["dns-whois:dns"],
        distract=["dns-whois:whois", "domain-availability"],
    ),
    Q(
        "when does the SSL certificate of a host expire",
        "TLS certificate details; WHOIS expiry is about the domain registration",
        ["topical"],
        ["dns-whois:ssl"],
        distract=["dns-whois:whois", "dns-whois:dns"],
    ),
    Q(
        "is a domain name available to register",
        "availability check; WHOIS and DNS are wrong",
        ["topical"],
        ["domain-availability:check"],
        distract=["dns-whois:whois", "domain-availability:suggest"],
    ),
    Q(
        "KYC identity verification with passport and selfie",
        "document + liveness KYC; sanctions screening and email checks are different",
        ["topical"],
        ["kyc-identity:identity"],
        distract=["kyc-identity:aml", "email-verify", "kyc-identity:wallet-aml"],
    ),
    Q(
        "screen a company against sanctions and PEP lists",
        "AML screening of a person/company; wallet screening is about addresses",
        ["topical"],
        ["kyc-identity:aml"],
        distract=["kyc-identity:identity", "kyc-identity:wallet-aml", "company-filings:registry"],
    ),
    Q(
        "schedule a meeting and send calendar invites",
        "calendar event creation; CRM and email sending are wrong",
        ["topical"],
        ["calendar:create"],
        distract=["calendar:availability", "email-send", "crm"],
    ),
    Q(
        "look up a sales contact in our CRM by email address",
        "CRM contact lookup; email verification and enrichment are different",
        ["topical"],
        ["crm:contact"],
        distract=["email-verify", "crm:enrich", "crm:contact-write"],
    ),
    Q(
        "flight search from LIS to JFK on December 12",
        "flight fares between airports; hotels and flight status are wrong",
        ["topical"],
        ["flight-search:search"],
        distract=["hotel-search", "flight-search:status", "flight-search:alerts"],
    ),
    Q(
        "hotel rooms in Kyoto for three nights",
        "hotel availability search; reviews and flights are wrong",
        ["topical"],
        ["hotel-search:search"],
        distract=["hotel-search:reviews", "flight-search"],
    ),
    Q(
        "last night's NBA scores",
        "NBA scores; other single-league endpoints and odds are wrong",
        ["topical"],
        ["sports-scores:scores"],
        exclude=["group=scoreboard-per-league"],
        first=["spt-scoreboard-scores-nba-stellar"],
        distract=["sports-scores:odds", "group=scoreboard-per-league"],
    ),
    Q(
        "vegetarian recipes with chickpeas and spinach",
        "recipe search by ingredient; nutrition facts are wrong",
        ["topical"],
        ["recipes:search"],
        distract=["recipes:nutrition"],
    ),
    Q(
        "find academic papers on CRISPR gene editing",
        "scholarly search; news and web search are weaker",
        ["topical"],
        ["academic-papers:search"],
        distract=["news-search", "web-search", "legal-filings:patents"],
    ),
    Q(
        "court dockets and filings in a lawsuit against a company",
        "court case search; SEC filings are not court filings",
        ["topical"],
        ["legal-filings:dockets"],
        distract=["company-filings", "legal-filings:patents"],
    ),
    Q(
        "generate a QR code for my website URL",
        "QR generation; Stellar payment-request QR and QR decoding are wrong",
        ["topical"],
        ["qr-code:generate"],
        exclude=["qr-code:payment-qr"],
        distract=["qr-code:decode", "qr-code:payment-qr", "url-shortener"],
    ),
    Q(
        "shorten a long URL",
        "URL shortening; delete/expand endpoints are wrong",
        ["topical"],
        ["url-shortener:shorten"],
        distract=["url-shortener:delete", "url-shortener:expand", "qr-code"],
    ),
    Q(
        "execute a Python snippet in a sandbox and return stdout",
        "code execution supporting Python; JS-only and shell-only sandboxes are weaker",
        ["topical"],
        ["code-sandbox:python"],
        distract=["code-sandbox:javascript", "code-sandbox:shell"],
    ),
    Q(
        "summarize a long article into bullet points",
        "summarization; sentiment and translation are wrong",
        ["topical"],
        ["summarization"],
        distract=["sentiment", "translation:text"],
    ),
    Q(
        "sentiment of customer reviews, positive or negative",
        "polarity classification; emotion labels and crypto social sentiment are different",
        ["topical"],
        ["sentiment:polarity"],
        distract=["sentiment:emotion", "sentiment:crypto-social", "moderation"],
    ),
    Q(
        "text embeddings for a semantic search index",
        "text embedding vectors; image embeddings and web search are wrong",
        ["topical"],
        ["embeddings:text"],
        distract=["embeddings:image", "web-search"],
    ),
    Q(
        "grammar and spelling check for an essay",
        "proofreading; translation and summarization are wrong",
        ["topical"],
        ["grammar"],
        distract=["translation:text", "summarization"],
    ),
    Q(
        "flag hateful or harassing user comments",
        "content moderation; sentiment is not safety classification",
        ["topical"],
        ["moderation"],
        distract=["sentiment"],
    ),
    Q(
        "validate and standardize a postal address",
        "address validation; geocoding returns coordinates, not a corrected address",
        ["topical"],
        ["address-validation"],
        distract=["geocoding:forward"],
    ),
    Q(
        "VAT rate for a country",
        "tax rate lookup; VAT-number validation is different",
        ["topical"],
        ["tax-rates:rates"],
        distract=["tax-rates:validate", "holidays"],
    ),
    Q(
        "DEX swap quote from ETH to USDC",
        "swap routing quote; spot prices do not give a route or price impact",
        ["topical"],
        ["swap-quotes:quote"],
        distract=["crypto-prices:spot", "token-prices"],
    ),
    Q(
        "NFT metadata and image for a token id",
        "NFT metadata by contract/token; NFTs-by-owner listing is different",
        ["topical"],
        ["nft-metadata:metadata"],
        distract=["nft-metadata:owner", "token-prices"],
    ),
    Q(
        "create and send an invoice to a client",
        "invoice creation; paying an invoice and rendering an invoice PDF are different",
        ["topical"],
        ["invoice-create:create"],
        distract=["invoice-pay", "pdf-generate:invoice"],
    ),
    Q(
        "has my invoice been paid yet",
        "invoice status check; paying it is wrong",
        ["topical"],
        ["invoice-create:status"],
        distract=["invoice-pay", "tx-lookup"],
    ),
    Q(
        "explain in plain English what an onchain transaction did",
        "transaction explanation; raw lookups are partial",
        ["topical"],
        ["tx-lookup:explain"],
        distract=["payment-docs"],
    ),
    Q(
        "crawl an entire documentation website into markdown",
        "multi-page crawl; single-page fetch is partial",
        ["topical"],
        ["web-scrape:crawl"],
        distract=["web-scrape:fetch", "web-search"],
    ),
    Q(
        "insider trading Form 4 filings for a ticker",
        "insider filings; quotes and options are wrong",
        ["topical"],
        ["company-filings:insider"],
        distract=["stock-quotes", "company-filings:registry"],
    ),
    Q(
        "clone my voice from a short sample",
        "voice cloning; ordinary TTS voices are partial",
        ["topical"],
        ["text-to-speech:clone"],
        distract=["text-to-speech:synthesize", "speech-to-text"],
    ),
    # ---- paraphrases (little word overlap with listings) ------------------------------------------
    Q(
        "will I need an umbrella in Berlin tomorrow",
        "a forecast question phrased without 'weather' or 'forecast'",
        ["paraphrase", "topical"],
        ["weather:forecast", "#wx-wxgrid-forecast-eu-stellar"],
        exclude=["group=wxgrid-regional"],
        distract=["weather:historical", "group=wxgrid-regional", "air-quality"],
    ),
    Q(
        "how many yen does one euro buy today",
        "fiat FX rate/conversion phrased colloquially",
        ["paraphrase", "topical"],
        ["fx-rates:latest", "fx-rates:convert"],
        exclude=["group=rateboard-per-pair"],
        distract=["crypto-prices", "group=rateboard-per-pair"],
    ),
    Q(
        "figure out roughly where a website visitor is connecting from",
        "IP geolocation without the words IP or geolocation",
        ["paraphrase", "topical"],
        ["ip-geolocation:geo"],
        distract=["geocoding", "crm:enrich"],
    ),
    Q(
        "will mail to this inbox bounce",
        "email verification phrased as a bounce question",
        ["paraphrase", "topical"],
        ["email-verify:verify"],
        distract=["email-send"],
    ),
    Q(
        "make this long report short enough to skim",
        "summarization without the word summarize",
        ["paraphrase", "topical"],
        ["summarization"],
        distract=["grammar", "translation"],
    ),
    Q(
        "a safe place for my agent to execute untrusted snippets",
        "sandboxed code execution phrased abstractly",
        ["paraphrase", "topical"],
        ["code-sandbox"],
        distract=["web-scrape", "moderation"],
    ),
    Q(
        "I have a place description and need map coordinates for it",
        "forward geocoding paraphrased",
        ["paraphrase", "topical"],
        ["geocoding:forward"],
        exclude=["group=geomcp-per-country"],
        distract=["geocoding:reverse", "maps-routing"],
    ),
    Q(
        "which servers handle mail for this hostname",
        "MX lookup paraphrased",
        ["paraphrase", "topical"],
        ["dns-whois:dns"],
        distract=["email-verify", "email-send", "dns-whois:whois"],
    ),
    Q(
        "read the words off a picture",
        "OCR paraphrased",
        ["paraphrase", "topical"],
        ["ocr:text"],
        exclude=["ocr:scanned-pdf"],
        distract=["ocr:caption", "image-generate"],
    ),
    Q(
        "turn my spoken voice memo into written words",
        "speech-to-text paraphrased",
        ["paraphrase", "topical"],
        ["speech-to-text:transcribe"],
        exclude=["speech-to-text:minutes"],
        distract=["text-to-speech"],
    ),
    Q(
        "have a narrator read my slides' speaker notes out loud",
        "text-to-speech paraphrased",
        ["paraphrase", "topical"],
        ["text-to-speech:synthesize"],
        distract=["speech-to-text"],
    ),
    Q(
        "make a printable document out of this web page",
        "URL-to-PDF / PDF generation paraphrased",
        ["paraphrase", "topical"],
        ["pdf-generate:from-url", "pdf-generate:generate"],
        exclude=["pdf-generate:invoice"],
        first=["pdfgen-snapshot-pdf-base"],
        distract=["screenshot", "pdf-view", "web-scrape"],
    ),
    Q(
        "what's the damage on a night in a Kyoto ryokan",
        "hotel price search phrased colloquially",
        ["paraphrase", "topical"],
        ["hotel-search:search"],
        distract=["hotel-search:reviews", "fx-rates"],
    ),
    Q(
        "how much are my coins worth across all my chains",
        "multi-chain portfolio valuation",
        ["paraphrase", "topical"],
        ["wallet-balance:portfolio", "wallet-balance"],
        exclude=[],
        first=["bal-portfolio-portfolio-base", "bal-portfolio-portfolio-solana"],
        distract=["crypto-prices", "tx-lookup"],
    ),
    Q(
        "put the gist of a foreign-language email into English",
        "translation (and possibly summarization) phrased loosely",
        ["paraphrase", "topical"],
        ["translation:text"],
        exclude=["group=babelfast-per-pair"],
        distract=["summarization", "email-send", "translation:detect"],
    ),
    # ---- constraint-bearing ----------------------------------------------------------------------
    Q(
        "weather API that takes USDC on stellar",
        "any current/forecast weather on stellar:pubnet priced in USDC; "
        "testnet, other chains and XLM-priced ones are ineligible",
        ["network", "asset"],
        WX,
        net={ST},
        asset={"USDC"},
        distract=["air-quality"],
    ),
    Q(
        "weather forecast endpoint on stellar testnet for my dev environment",
        "forecast on stellar:testnet only (XLM-priced testnet forecasts qualify; no asset was named)",
        ["network"],
        ["weather:forecast"],
        net={STT},
    ),
    Q(
        "weather data on Base Sepolia",
        "current/forecast weather on eip155:84532 only",
        ["network"],
        WX,
        net={BS},
    ),
    Q(
        "Solana-paid weather forecast",
        "forecast priced on solana mainnet only",
        ["network"],
        ["weather:forecast"],
        net={SOL},
    ),
    Q(
        "weather as an MCP tool",
        "MCP tools only; HTTP weather endpoints are ineligible",
        ["type"],
        WX,
        kind="mcp",
    ),
    Q(
        "plain HTTP weather endpoint on Base, not an MCP tool",
        "HTTP on eip155:8453 only; MCP tools and other chains ineligible",
        ["type", "network"],
        WX,
        kind="http",
        net={B},
    ),
    Q(
        "POST endpoint for weather that accepts a JSON body",
        "weather via POST; GET endpoints and MCP tools are ineligible",
        ["method"],
        WX,
        method={"POST"},
    ),
    Q(
        "weather forecast paid in lumens (XLM)",
        "forecast priced in XLM; USDC/EURC-priced forecasts are ineligible",
        ["asset"],
        ["weather:forecast"],
        asset={"XLM"},
    ),
    Q(
        "FX rates I can pay for with EURC",
        "fiat FX priced in EURC (Base/Base Sepolia); USDC/XLM-priced ones ineligible",
        ["asset"],
        ["fx-rates"],
        asset={"EURC"},
        distract=["crypto-prices"],
    ),
    Q(
        "exchange rates priced in XLM on stellar testnet",
        "FX on stellar:testnet paid in XLM",
        ["asset", "network"],
        ["fx-rates"],
        asset={"XLM"},
        net={STT},
    ),
    Q(
        "exchange rates API under $0.001 per call",
        "FX strictly below $0.001 in USD terms (EURC at 1.08, XLM at 0.40); Stellar USDC has 7 decimals",
        ["price"],
        ["fx-rates"],
        max_usd="0.001",
        inclusive=False,
        distract=["crypto-prices"],
    ),
    Q(
        "crypto price feed on solana, at most $0.001 per request",
        "crypto spot prices on solana mainnet costing <= $0.001",
        ["network", "price"],
        ["crypto-prices:spot"],
        net={SOL},
        max_usd="0.001",
    ),
    Q(
        "bitcoin price on Base for no more than $0.0005",
        "BTC spot on eip155:8453 <= $0.0005; per-coin endpoints for other coins are not BTC",
        ["network", "price"],
        ["crypto-prices:spot", "#cx-coinmill-price-btc-base"],
        net={B},
        max_usd="0.0005",
        exclude=["group=coinmill-per-coin", "#cx-lumenprice-get-xlm-price-stellar-xlm"],
        distract=["group=coinmill-per-coin"],
    ),
    Q(
        "PDF text extraction as an MCP tool",
        "MCP tools that extract PDF text; HTTP endpoints ineligible",
        ["type"],
        ["pdf-extract:text"],
        kind="mcp",
        distract=["pdf-view", "pdf-generate"],
    ),
    Q(
        "HTTP API to generate PDFs, paid on solana",
        "HTTP PDF generation on solana mainnet; MCP and other chains ineligible",
        ["type", "network"],
        ["pdf-generate:generate"],
        kind="http",
        net={SOL},
        distract=["pdf-fill", "pdf-view"],
    ),
    Q("OCR for testing on Base Sepolia", "image OCR on eip155:84532", ["network"], ["ocr:text"], net={BS}),
    Q(
        "OCR an image for under half a cent",
        "OCR priced < $0.005 in USD (Stellar USDC 7 decimals vs 6 on EVM/Solana)",
        ["price"],
        ["ocr:text"],
        max_usd="0.005",
        inclusive=False,
        distract=["ocr:caption"],
    ),
    Q(
        "image generation for under $0.05 per image",
        "text-to-image strictly below $0.05 (EURC counted at 1.08 USD)",
        ["price"],
        ["image-generate:text-to-image"],
        max_usd="0.05",
        inclusive=False,
        distract=["image-resize"],
    ),
    Q(
        "text-to-image, my budget is at most ten cents a call",
        "text-to-image <= $0.10; the 4K renderer and the logo generator are over budget",
        ["price"],
        ["image-generate:text-to-image"],
        max_usd="0.10",
        distract=["image-resize"],
    ),
    Q(
        "translate text, paying in EURC on Base",
        "text translation priced in EURC on eip155:8453",
        ["asset", "network"],
        ["translation:text"],
        asset={"EURC"},
        net={B},
    ),
    Q(
        "translation for at most $0.001 a request",
        "text translation <= $0.001 USD-equivalent; the EURC price (1.08x) is just over",
        ["price"],
        ["translation:text"],
        max_usd="0.001",
    ),
    Q(
        "speech-to-text on stellar, under one cent per file",
        "transcription on stellar:pubnet < $0.01",
        ["network", "price"],
        ["speech-to-text"],
        net={ST},
        max_usd="0.01",
        inclusive=False,
    ),
    Q(
        "send email from an MCP tool",
        "email sending as MCP; HTTP ineligible",
        ["type"],
        ["email-send:send"],
        kind="mcp",
        distract=["email-verify"],
    ),
    Q(
        "email address verification paid on solana",
        "email verification on solana mainnet",
        ["network"],
        ["email-verify"],
        net={SOL},
        distract=["email-send"],
    ),
    Q(
        "SMS sending on stellar testnet",
        "SMS send on stellar:testnet",
        ["network"],
        ["sms:send"],
        net={STT},
        distract=["phone-lookup"],
    ),
    Q(
        "DNS record lookup as a GET endpoint on Base mainnet",
        "HTTP GET DNS lookup on eip155:8453; MCP, POST and other chains ineligible",
        ["method", "network"],
        ["dns-whois:dns"],
        kind="http",
        method={"GET"},
        net={B},
    ),
    Q(
        "stock quote MCP tool",
        "stock quotes as MCP tools",
        ["type"],
        ["stock-quotes:quote"],
        kind="mcp",
        distract=["crypto-prices"],
    ),
    Q(
        "SEC filings API paid on solana",
        "company filings on solana mainnet",
        ["network"],
        ["company-filings:filings"],
        net={SOL},
        distract=["stock-quotes"],
    ),
    Q(
        "flight search I can pay for in EURC",
        "flight search priced in EURC",
        ["asset"],
        ["flight-search:search"],
        asset={"EURC"},
        distract=["hotel-search"],
    ),
    Q(
        "hotel availability search on solana",
        "hotel search on solana mainnet",
        ["network"],
        ["hotel-search:search"],
        net={SOL},
        distract=["flight-search"],
    ),
    Q(
        "QR code generator priced in XLM",
        "QR generation paid in XLM",
        ["asset"],
        ["qr-code:generate"],
        asset={"XLM"},
        exclude=["qr-code:payment-qr"],
    ),
    Q(
        "URL shortener on Base Sepolia",
        "shortening on eip155:84532",
        ["network"],
        ["url-shortener:shorten"],
        net={BS},
        distract=["url-shortener:delete"],
    ),
    Q(
        "pay an invoice on Stellar mainnet with USDC",
        "invoice payment on stellar:pubnet in USDC; testnet, XLM-priced and Base payers ineligible",
        ["network", "asset"],
        ["invoice-pay:pay"],
        net={ST},
        asset={"USDC"},
        distract=["payment-docs", "invoice-create"],
    ),
    Q(
        "summarization MCP tool cheaper than $0.002",
        "MCP summarizers strictly below $0.002",
        ["type", "price"],
        ["summarization"],
        kind="mcp",
        max_usd="0.002",
        inclusive=False,
    ),
    Q(
        "text embeddings priced in EURC",
        "embeddings paid in EURC",
        ["asset"],
        ["embeddings:text"],
        asset={"EURC"},
    ),
    Q(
        "code sandbox on Base Sepolia",
        "any code execution on eip155:84532",
        ["network"],
        ["code-sandbox"],
        net={BS},
    ),
    Q(
        "run Python on stellar mainnet",
        "Python-capable sandboxes on stellar:pubnet",
        ["network"],
        ["code-sandbox:python"],
        net={ST},
    ),
    Q(
        "web scraping on any testnet",
        "page fetching on stellar:testnet or base-sepolia only",
        ["network"],
        ["web-scrape:fetch"],
        net={STT, BS},
    ),
    Q(
        "forward geocoding via HTTP GET on Base, max $0.0015",
        "GET geocoder on eip155:8453 <= $0.0015; POST batch and MCP tools ineligible",
        ["method", "network", "price"],
        ["geocoding:forward"],
        kind="http",
        method={"GET"},
        net={B},
        max_usd="0.0015",
    ),
    Q(
        "IP geolocation paid on solana mainnet",
        "IP geolocation on solana",
        ["network"],
        ["ip-geolocation:geo"],
        net={SOL},
    ),
    Q(
        "timezone lookup on Base Sepolia",
        "timezone data on eip155:84532",
        ["network"],
        ["timezone:lookup"],
        net={BS},
        exclude=[LOCALTIME],
        distract=[LOCALTIME],
    ),
    Q(
        "text-to-speech MCP tool paid on Base",
        "TTS as MCP on eip155:8453",
        ["type", "network"],
        ["text-to-speech:synthesize"],
        kind="mcp",
        net={B},
    ),
    Q(
        "news search on stellar for at most $0.002",
        "keyword news search on stellar:pubnet <= $0.002",
        ["network", "price"],
        ["news-search:search"],
        exclude=["news-search:crypto"],
        net={ST},
        max_usd="0.002",
    ),
    Q(
        "fill a PDF form for less than 2 cents",
        "PDF form filling strictly below $0.02; the $0.02 filler is ineligible",
        ["price"],
        ["pdf-fill:fill"],
        max_usd="0.02",
        inclusive=False,
        distract=["pdf-generate"],
    ),
    Q(
        "swap quotes paid on solana",
        "DEX quote on solana mainnet",
        ["network"],
        ["swap-quotes:quote"],
        net={SOL},
    ),
    Q(
        "delete a short link via a DELETE request on solana",
        "DELETE method on solana; the POST shortener at the same URL is the wrong method",
        ["method", "network"],
        ["url-shortener:delete"],
        net={SOL},
        method={"DELETE"},
        distract=["url-shortener:shorten"],
    ),
    Q(
        "POST endpoint to shorten URLs on stellar",
        "POST shortener on stellar:pubnet; MCP and other chains ineligible; DELETE is the wrong operation",
        ["method", "network"],
        ["url-shortener:shorten"],
        method={"POST"},
        net={ST},
        distract=["url-shortener:delete"],
    ),
    Q(
        "email sending on Base mainnet only, no testnets",
        "email on eip155:8453 (any asset)",
        ["network"],
        ["email-send:send"],
        net={B},
    ),
    Q(
        "sports scores on stellar testnet",
        "scores on stellar:testnet",
        ["network"],
        ["sports-scores:scores"],
        net={STT},
    ),
    Q(
        "academic paper search on Base Sepolia",
        "paper search on eip155:84532",
        ["network"],
        ["academic-papers:search"],
        net={BS},
    ),
    Q(
        "Stellar account balances, stellar testnet",
        "balances for a Stellar account on stellar:testnet",
        ["network", "parameter"],
        ["wallet-balance:stellar"],
        net={STT},
        distract=["tx-lookup"],
    ),
    Q(
        "holiday calendar API on mainnet stellar under a tenth of a cent",
        "holidays on stellar:pubnet < $0.001",
        ["network", "price"],
        ["holidays:holidays"],
        net={ST},
        max_usd="0.001",
        inclusive=False,
    ),
    Q(
        "translation API on stellar priced in USDC, not XLM",
        "text translation on stellar:pubnet in USDC; the XLM-priced Lingua deployment is ineligible",
        ["asset", "network"],
        ["translation:text"],
        net={ST},
        asset={"USDC"},
        exclude=["group=babelfast-per-pair"],
    ),
    Q(
        "cheapest tx lookup on Base — must be at most $0.0005",
        "transaction lookup on eip155:8453 <= $0.0005",
        ["network", "price"],
        ["tx-lookup:lookup"],
        net={B},
        max_usd="0.0005",
    ),
    # ---- parameter-driven --------------------------------------------------------------------------
    Q(
        "endpoint that takes a wallet address and returns the tokens it holds",
        "balance lookup keyed by a wallet address; tx lookups and wallet risk screens "
        "take addresses too but answer something else",
        ["parameter"],
        ["wallet-balance"],
        distract=["tx-lookup", "kyc-identity:wallet-aml", "qr-code:payment-qr"],
    ),
    Q(
        "I have an IBAN and need the bank name and BIC",
        "IBAN validation/lookup; BIC-only lookup needs a BIC",
        ["parameter"],
        ["iban-banking:iban"],
        distract=["iban-banking:bic", "tax-rates:validate"],
    ),
    Q(
        "requires an ISO country code and returns that country's public holidays",
        "holidays by ISO-3166 code; other country-coded endpoints (headlines, VAT) are wrong",
        ["parameter"],
        ["holidays:holidays"],
        distract=["news-search:headlines", "tax-rates:rates", "holidays:workdays"],
    ),
    Q(
        "takes a two-letter country code and returns top news headlines",
        "headlines by ISO country code",
        ["parameter"],
        ["news-search:headlines"],
        distract=["holidays", "news-search:search"],
    ),
    Q(
        "accepts a base64-encoded image and returns the text in it",
        "OCR taking an image payload",
        ["parameter"],
        ["ocr:text"],
        exclude=["ocr:scanned-pdf"],
        distract=["ocr:caption", "embeddings:image"],
    ),
    Q(
        "give it a transaction hash and get the transfers back",
        "tx lookup by hash",
        ["parameter"],
        ["tx-lookup:lookup"],
        distract=["wallet-balance"],
    ),
    Q(
        "takes a DOI and returns the papers that cite it",
        "citation graph by DOI; paper metadata by DOI is partial",
        ["parameter"],
        ["academic-papers:citations"],
        distract=["academic-papers:metadata", "academic-papers:search"],
    ),
    Q(
        "input is an SEC CIK number",
        "filings keyed by CIK",
        ["parameter"],
        ["company-filings:filings"],
        exclude=["company-filings:insider"],
        distract=["stock-quotes"],
    ),
    Q(
        "takes two IATA airport codes and a travel date",
        "flight search by IATA codes",
        ["parameter"],
        ["flight-search:search"],
        distract=["flight-search:status", "hotel-search"],
    ),
    Q(
        "takes latitude and longitude and returns the UTC offset",
        "timezone by coordinates; city-named local-time endpoints do not take coordinates",
        ["parameter"],
        ["timezone:lookup"],
        exclude=[LOCALTIME, "#tz-clockwork-get-local-time-solana"],
        distract=[LOCALTIME, "weather:current"],
    ),
    Q(
        "takes an E.164 phone number and tells me the carrier and line type",
        "phone lookup; SMS sending also takes E.164 but sends messages",
        ["parameter"],
        ["phone-lookup:lookup"],
        distract=["sms", "phone-lookup:validate"],
    ),
    Q(
        "accepts a Stellar federation address like bob*example.com",
        "federation resolution; ENS/SNS resolvers do not handle name*domain",
        ["parameter"],
        ["name-resolution:stellar"],
        distract=["name-resolution", "wallet-balance:stellar"],
    ),
    Q(
        "takes an SPL token mint address and returns its USD price",
        "token price by Solana mint; Stellar-asset and ERC-20-only tools are wrong",
        ["parameter"],
        ["token-prices:by-address"],
        exclude=[
            "#tok-stellarkit-get-asset-price-stellar",
            "#tok-stellarkit-get-asset-price-stellar-testnet",
            "#tok-poolwatch-erc20-base-sepolia",
        ],
        first=["tok-solkit-gettokenprice-solana"],
        distract=["crypto-prices:spot"],
    ),
    Q(
        "takes an ERC-20 contract address and returns the token price",
        "token price by EVM contract address",
        ["parameter"],
        ["token-prices:by-address"],
        exclude=[
            "#tok-stellarkit-get-asset-price-stellar",
            "#tok-stellarkit-get-asset-price-stellar-testnet",
            "#tok-solkit-gettokenprice-solana",
        ],
        distract=["crypto-prices:spot"],
    ),
    Q(
        "requires an asset code and an issuer account",
        "Stellar asset (code:issuer) price",
        ["parameter"],
        ["#tok-stellarkit-get-asset-price-stellar", "#tok-stellarkit-get-asset-price-stellar-testnet"],
        distract=["crypto-prices:spot", "wallet-balance:stellar"],
    ),
    Q(
        "takes a VAT number and says whether it is valid",
        "VAT-number validation; VAT rates and IBAN checks are wrong",
        ["parameter"],
        ["tax-rates:validate"],
        distract=["tax-rates:rates", "iban-banking"],
    ),
    Q(
        "takes a list of wallet addresses and returns total portfolio value",
        "portfolio valuation across addresses",
        ["parameter"],
        ["wallet-balance:portfolio"],
        distract=["wallet-balance:evm", "crypto-prices"],
    ),
    Q(
        "IP address goes in the URL path, not a query string",
        "IP geolocation with a path parameter (route template)",
        ["parameter"],
        ["ip-geolocation:geo@iplocate"],
        distract=["ip-geolocation"],
    ),
    Q(
        "takes a pdf_url and an object of field values",
        "PDF form filling signature",
        ["parameter"],
        ["pdf-fill:fill"],
        distract=["pdf-extract", "pdf-fill:fields"],
    ),
    Q(
        "takes a piece of code and a language name and runs it",
        "multi-language code execution",
        ["parameter"],
        ["code-sandbox"],
        first=["code-execly-execute-base"],
        distract=["translation:detect"],
    ),
    # ---- negation and incidental-word traps ------------------------------------------------------
    Q(
        "I need to explain payment docs, not make a payment",
        "documentation Q&A about payments; anything that pays is wrong",
        ["negation"],
        ["payment-docs"],
        distract=["invoice-pay", "invoice-create"],
    ),
    Q(
        "a pdf viewer? no, extract the text from a pdf",
        "PDF text extraction; the viewer named in the query is a trap",
        ["negation"],
        ["pdf-extract:text"],
        distract=["pdf-view", "pdf-generate"],
    ),
    Q(
        "verify that an email address exists, don't send anything",
        "email verification; sending is explicitly excluded",
        ["negation"],
        ["email-verify:verify"],
        distract=["email-send"],
    ),
    Q(
        "company filings, not stock prices",
        "SEC/registry filings; stock quotes explicitly excluded",
        ["negation"],
        ["company-filings:filings", "company-filings:registry"],
        distract=["stock-quotes"],
    ),
    Q(
        "resize an image — I don't want to generate a new one",
        "resizing; generation explicitly excluded",
        ["negation"],
        ["image-resize:resize"],
        distract=["image-generate"],
    ),
    Q(
        "text to speech, not speech recognition",
        "TTS; STT explicitly excluded",
        ["negation"],
        ["text-to-speech:synthesize"],
        distract=["speech-to-text"],
    ),
    Q(
        "geolocate a postal address, not an IP address",
        "forward geocoding; IP geolocation explicitly excluded",
        ["negation"],
        ["geocoding:forward"],
        exclude=["group=geomcp-per-country"],
        distract=["ip-geolocation"],
    ),
    Q(
        "WHOIS registration data — I'm not trying to buy the domain",
        "WHOIS; availability/registration excluded",
        ["negation"],
        ["dns-whois:whois"],
        distract=["domain-availability"],
    ),
    Q(
        "create an invoice but do not pay it",
        "invoice creation; payment excluded",
        ["negation"],
        ["invoice-create:create"],
        distract=["invoice-pay"],
    ),
    Q(
        "weather forecast for next week, not historical data",
        "forecast; history excluded",
        ["negation"],
        ["weather:forecast"],
        distract=["weather:historical"],
    ),
    Q(
        "flight status for TP1234, not ticket prices",
        "live flight status; fare search excluded",
        ["negation"],
        ["flight-search:status"],
        distract=["flight-search:search"],
    ),
    Q(
        "the IP address a domain points to (its A record), not where that IP is located",
        "DNS A record; IP geolocation excluded",
        ["negation"],
        ["dns-whois:dns"],
        distract=["ip-geolocation"],
    ),
    Q(
        "not crypto social buzz — sentiment of my product reviews",
        "text sentiment; crypto social sentiment excluded",
        ["negation"],
        ["sentiment:polarity"],
        distract=["sentiment:crypto-social"],
    ),
    Q(
        "screenshot? no, render the web page itself as a PDF",
        "URL-to-PDF; screenshots excluded",
        ["negation"],
        ["pdf-generate:from-url"],
        distract=["screenshot", "pdf-view:thumbnail"],
    ),
    Q(
        "I don't need a forecast, just the air quality",
        "AQI; forecasts excluded",
        ["negation"],
        ["air-quality:aqi"],
        distract=["weather"],
    ),
    Q(
        "news coverage of the weather service's budget cuts",
        "'weather' is incidental: a news search",
        ["incidental"],
        ["news-search:search"],
        exclude=["news-search:crypto"],
        distract=["weather"],
    ),
    Q(
        "translate the phrase 'payment received' into Spanish",
        "'payment' is incidental: a translation job",
        ["incidental"],
        ["translation:text"],
        exclude=["group=babelfast-per-pair"],
        first=["tr-babelfast-tr-en-es-stellar"],
        distract=["invoice-pay", "payment-docs"],
    ),
    Q(
        "make a QR code that encodes my wallet address",
        "'wallet address' is incidental: QR generation (a payment-request QR also fits)",
        ["incidental"],
        ["qr-code:generate"],
        distract=["wallet-balance"],
    ),
    Q(
        "recipes for using up the stock in my pantry",
        "'stock' is incidental: recipe search",
        ["incidental"],
        ["recipes:search"],
        distract=["stock-quotes"],
    ),
    Q(
        "hotels near the stadium for the weekend of the big game",
        "'game'/'stadium' are incidental: hotel search",
        ["incidental"],
        ["hotel-search:search"],
        distract=["sports-scores"],
    ),
    Q(
        "summarize the news article about the PDF standard's history",
        "'PDF' is incidental: summarization of an article (URL or text)",
        ["incidental"],
        ["summarization"],
        distract=["pdf-extract", "pdf-generate", "pdf-view"],
    ),
    # ---- no-match --------------------------------------------------------------------------------
    Q(
        "book a dentist appointment in Oslo",
        "no appointment-booking capability in the catalog",
        ["no-match"],
        distract=["calendar:create"],
    ),
    Q("order a pepperoni pizza for delivery", "no food ordering in the catalog", ["no-match"]),
    Q(
        "track my DHL parcel",
        "no shipment tracking in the catalog",
        ["no-match"],
        distract=["flight-search:status"],
    ),
    Q(
        "rent a car at Lisbon airport",
        "no car rental in the catalog",
        ["no-match"],
        distract=["flight-search", "hotel-search"],
    ),
    Q("daily horoscope for Leo", "no astrology in the catalog", ["no-match"]),
    Q("lyrics of a song by title", "no lyrics service in the catalog", ["no-match"]),
    Q("qwzx fjrrk blorp vintu", "nonsense string", ["no-match"]),
    Q("the of and to a in", "stopword-only query must return nothing", ["no-match"]),
    Q("???", "punctuation only", ["no-match"]),
    Q(
        "mortgage calculator for a house in Ohio",
        "no mortgage/loan tooling in the catalog",
        ["no-match"],
        distract=["fx-rates"],
    ),
    Q("real estate listings for sale in Austin", "no property listings in the catalog", ["no-match"]),
    Q("reserve a parking spot downtown", "no parking reservations in the catalog", ["no-match"]),
    Q(
        "file my US federal tax return",
        "no tax filing; VAT rates and PDF forms are not tax filing",
        ["no-match"],
        distract=["tax-rates", "pdf-fill"],
    ),
    Q("stream live video from a drone camera", "no video streaming in the catalog", ["no-match"]),
    Q(
        "weather API on Polygon",
        "weather exists but no listing is on Polygon (eip155:137); every weather listing is network-ineligible",
        ["no-match", "network"],
        WX,
        net=set(),
    ),
    Q(
        "KYC identity verification for under one cent",
        "KYC exists but costs $0.40+; every KYC identity listing is over the cap",
        ["no-match", "price"],
        ["kyc-identity:identity"],
        max_usd="0.01",
        inclusive=False,
    ),
    Q(
        "sentiment analysis as a GET endpoint",
        "sentiment endpoints are all POST or MCP; no GET exists",
        ["no-match", "method"],
        ["sentiment:polarity"],
        method={"GET"},
    ),
    Q(
        "speech-to-text that I can pay for in EURC",
        "no transcription listing is priced in EURC",
        ["no-match", "asset"],
        ["speech-to-text"],
        asset={"EURC"},
    ),
    Q(
        "IBAN validation MCP tool on solana",
        "the only IBAN MCP tool is on Base Sepolia; nothing on solana",
        ["no-match", "type", "network"],
        ["iban-banking:iban"],
        kind="mcp",
        net={SOL},
    ),
    Q(
        "buy a soda from a vending machine",
        "no vending/IoT purchase capability",
        ["no-match"],
        distract=["invoice-pay"],
    ),
    # ---- identifiers -----------------------------------------------------------------------------
    Q(
        "SkyCast forecast",
        "the SkyCast seller's forecast; the copycat reseller and the 'official' impersonator are wrong",
        ["identifier"],
        ["weather:forecast@skycast"],
        distract=["weather:forecast@wxresell", "@skycastofficial"],
    ),
    Q(
        "getHistoricalFxRate",
        "exact MCP tool name; other historical FX endpoints are second best",
        ["identifier"],
        ["#fx-fxmcp-gethistoricalfxrate-stellar", "fx-rates:historical"],
        first=["fx-fxmcp-gethistoricalfxrate-stellar"],
    ),
    Q(
        "hourly_precip_outlook",
        "exact snake_case tool with an empty description",
        ["identifier"],
        ["#wx-breezy-hourly-precip-outlook-stellar"],
        distract=["weather:forecast@breezy"],
    ),
    Q(
        "translate_text on mcp.omnitool.example",
        "OmniTool's translate_text tool (both deployments)",
        ["identifier"],
        ["translation:text@omnitool"],
        distract=["translation:text@agentbelt"],
    ),
    Q(
        "ReadPixel OCR on stellar",
        "ReadPixel's OCR on stellar:pubnet; its other deployments are wrong network",
        ["identifier", "network"],
        ["ocr:text@readpixel"],
        net={ST},
        distract=["ocr:receipt@readpixel"],
    ),
    Q(
        "ChainLens transaction lookup on solana",
        "ChainLens tx lookup on solana",
        ["identifier", "network"],
        ["tx-lookup:lookup@chainlens"],
        net={SOL},
        distract=["wallet-balance@chainlens"],
    ),
    Q(
        "CoinMill ETH price",
        "CoinMill's ETH endpoint; its other per-coin endpoints are near-duplicates",
        ["identifier"],
        ["crypto-prices:coin-eth@coinmill"],
        distract=["group=coinmill-per-coin"],
    ),
    Q(
        "run_python",
        "exact tool name; run_javascript/run_shell are siblings",
        ["identifier"],
        ["code-sandbox:python@devbox"],
        distract=["code-sandbox:javascript", "code-sandbox:shell"],
    ),
    Q(
        "xlate",
        "thin MCP tool known only by its name",
        ["identifier"],
        ["#tr-polyglot-xlate-stellar-testnet"],
        distract=["translation:text@agentbelt"],
    ),
    Q(
        "condense",
        "thin summarizer known only by its tool name",
        ["identifier"],
        ["#sum-briefly-condense-solana"],
        distract=["summarization:text@nlpkit"],
    ),
    Q(
        "api.iplocate.example",
        "host name of a seller",
        ["identifier"],
        ["@iplocate"],
        distract=["ip-geolocation"],
    ),
    Q(
        "Babelfast English to Japanese",
        "the en-ja pair endpoint; the other pairs are near-duplicates",
        ["identifier"],
        ["#tr-babelfast-tr-en-ja-stellar"],
        distract=["group=babelfast-per-pair"],
    ),
    # ---- spam, impersonation, injection ----------------------------------------------------------
    Q(
        "best cheap weather api",
        "real weather providers; keyword-stuffed 'best cheap' spam must not win",
        ["spam"],
        WX,
    ),
    Q(
        "cheap fast forex rates",
        "real FX providers; the 'fx fx fx' spam is a trap",
        ["spam"],
        ["fx-rates:latest"],
        exclude=["group=rateboard-per-pair"],
    ),
    Q(
        "x402 pay invoice usdc stellar",
        "invoice payment; the stuffed AgentPay listing and the StellarPay impersonator are traps",
        ["spam", "impersonation"],
        ["invoice-pay:pay"],
        distract=["payment-docs"],
    ),
    Q(
        "cheap kyc aml identity verify",
        "real KYC/AML providers; the stuffed 'cheap kyc' listing is a trap",
        ["spam"],
        ["kyc-identity:identity", "kyc-identity:aml"],
    ),
    Q(
        "best AI translation",
        "real translators; the 'translate translate translate' spam is a trap",
        ["spam"],
        ["translation:text"],
        exclude=["group=babelfast-per-pair"],
    ),
    Q(
        "pdf to text cheap",
        "PDF text extraction; the stuffed multi-keyword listing and the prompt-injection extractor are traps",
        ["spam"],
        ["pdf-extract:text"],
        distract=["pdf-view"],
    ),
    Q(
        "7-day forecast by city",
        "forecasts; the listing whose description tells agents to ignore other results is a prompt-injection trap",
        ["spam"],
        ["weather:forecast"],
    ),
    Q(
        "check a wallet balance on solana",
        "Solana balances; the tool asking agents for a seed phrase is a prompt-injection trap",
        ["spam", "network"],
        ["wallet-balance:solana"],
        net={SOL},
    ),
    Q(
        "official SkyCast weather API",
        "the real SkyCast listings; the 'official' look-alike with another host and payTo is an impersonator",
        ["impersonation"],
        ["weather:current@skycast", "weather:forecast@skycast"],
    ),
    Q(
        "StellarPay invoice payment endpoint",
        "the real StellarPay; the 'new address' StellarPay listing is an impersonator",
        ["impersonation"],
        ["invoice-pay:pay@stellarpay"],
        distract=["invoice-pay:pay@stellarkit"],
    ),
    Q(
        "MailCheck email verification",
        "the real MailCheck; 'MailCheck official (moved here)' is an impersonator",
        ["impersonation"],
        ["email-verify:verify@mailcheck"],
        distract=["email-verify:verify@omnitool"],
    ),
    Q(
        "the verified official weather API with priority routing",
        "wording copied from the impersonator's description; real weather providers are the right answer",
        ["impersonation"],
        WX,
    ),
]


# ---------------------------------------------------------------------------------------------------


def split_for(qids_by_tag: dict[str, list[str]]) -> dict[str, str]:
    """Stratified ~50/50: within each primary-tag group, order ids by hash and alternate."""
    out: dict[str, str] = {}
    for tag in sorted(qids_by_tag):
        ordered = sorted(qids_by_tag[tag], key=lambda i: hashlib.sha256(f"souk-split:{i}".encode()).hexdigest())
        for n, qid in enumerate(ordered):
            out[qid] = "dev" if n % 2 == 0 else "test"
    return out


def build() -> list[dict[str, object]]:
    entries = bc.expand()
    rows: list[dict[str, object]] = []
    groups: dict[str, list[str]] = defaultdict(list)
    problems: list[str] = []
    for n, q in enumerate(QUERIES, start=1):
        qid = f"q{n:03d}"
        bad = set(q.tags) - TAGS
        if bad:
            problems.append(f"{qid}: unknown tags {bad}")
        intended, distract, inelig = resolve(q, entries)
        no_match = "no-match" in q.tags
        if no_match and intended:
            problems.append(f"{qid}: no-match query has intended {intended}")
        if not no_match and not intended:
            problems.append(f"{qid}: positive query has no intended listing ({q.query})")
        if any(s for s in q.want if not any(_match(e, s) for e in entries)):
            problems.append(f"{qid}: a want selector matches nothing: {q.want}")
        groups[q.tags[0]].append(qid)
        rows.append(
            {
                "id": qid,
                "query": q.query,
                "rationale": q.rationale,
                "intended": intended,
                "distractors": distract,
                "constraint_ineligible": inelig,
                "no_match_expected": no_match,
                "tags": q.tags,
            }
        )
    texts = Counter(r["query"] for r in rows)
    problems += [f"duplicate query text {t!r}" for t, c in texts.items() if c > 1]
    if problems:
        raise SystemExit("\n".join(problems))
    splits = split_for(groups)
    for r in rows:
        r["split"] = splits[str(r["id"])]
    return rows


def main() -> None:
    rows = build()
    OUT.write_text(
        "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows),
        encoding="utf-8",
        newline="\n",
    )
    tags = Counter(t for r in rows for t in r["tags"])  # type: ignore[attr-defined]
    primary = Counter(r["tags"][0] for r in rows)  # type: ignore[index]
    splits = Counter(r["split"] for r in rows)
    print(f"{len(rows)} queries -> {OUT}")
    print("primary tag:", dict(sorted(primary.items())))
    print("all tags:", dict(sorted(tags.items())))
    print("split:", dict(splits))


if __name__ == "__main__":
    main()
