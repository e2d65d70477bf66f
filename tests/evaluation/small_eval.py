"""A small, project-authored evaluation set (catalog + golden queries) for harness, gate and job tests."""

from __future__ import annotations

import json
from pathlib import Path

from souk.demo.builders import Listing, Param, event
from souk.evaluation.run import EVAL_CLOCK, EvalPaths

SELLER = "0x3333333333333333333333333333333333333333"

CAPABILITIES = {
    "weather": (
        "Weather forecast",
        "Seven-day weather forecast for a city: temperature, rain, wind.",
        ["city"],
    ),
    "pdf-text": (
        "PDF text extractor",
        "Extract the plain text from every page of a PDF document.",
        ["pdf_url"],
    ),
    "pdf-make": ("HTML to PDF", "Render an HTML page into a printable PDF file.", ["html"]),
    "email-send": ("Mail sender", "Send a transactional email message to one recipient.", ["to", "subject"]),
    "email-verify": (
        "Mailbox checker",
        "Check whether an email address exists and can receive mail.",
        ["email"],
    ),
    "stock": ("Equity quotes", "Latest stock market quote for a ticker symbol.", ["symbol"]),
    "geocode": ("Geocoder", "Turn a street address into latitude and longitude coordinates.", ["address"]),
    "translate": (
        "Translator",
        "Translate text between languages, for example English to Spanish.",
        ["text"],
    ),
    "ocr": ("Image OCR", "Read printed text out of a photo or scanned image.", ["image_url"]),
    "fx": (
        "Currency rates",
        "Foreign exchange rate between two currencies, like EUR to USD.",
        ["base", "quote"],
    ),
    "tts": ("Voice maker", "Turn written text into natural sounding speech audio.", ["text"]),
    "dns": ("DNS lookup", "Resolve the DNS records (A, MX, TXT) of a domain name.", ["domain"]),
}

# (id, query, relevant slug) — paraphrases, so a whole-phrase baseline finds nothing.
QUERIES = [
    ("t01", "what will the weather be like in Lisbon tomorrow", "weather"),
    ("t02", "get the words out of a pdf file", "pdf-text"),
    ("t03", "make a pdf from my html page", "pdf-make"),
    ("t04", "send an email to a customer", "email-send"),
    ("t05", "is this email address real", "email-verify"),
    ("t06", "current share price for AAPL", "stock"),
    ("t07", "coordinates for a street address", "geocode"),
    ("t08", "translate english text into spanish", "translate"),
    ("t09", "read the text in a scanned image", "ocr"),
    ("t10", "exchange rate euro to dollar", "fx"),
    ("t11", "convert text to speech audio", "tts"),
    ("t12", "mx records of a domain", "dns"),
]


def write_small_eval(root: Path) -> EvalPaths:
    paths = EvalPaths.under(root)
    for directory in (paths.events.parent, paths.golden.parent, paths.reports):
        directory.mkdir(parents=True, exist_ok=True)
    events, listings = [], []
    for slug, (name, description, params) in CAPABILITIES.items():
        listing = Listing(
            url=f"https://{slug}.tools.example/v1/run",
            pay_to=SELLER,
            network="eip155:8453",
            amount="1000",
            description=description,
            service_name=name,
            params=[Param(p, "string", None, True) for p in params],
        )
        events.append(event(listing, observed_at=EVAL_CLOCK))
        listings.append({"id": slug, "url": listing.url, "method": "GET", "toolName": None})
    paths.events.write_text("".join(json.dumps(e, sort_keys=True) + "\n" for e in events), encoding="utf-8")
    paths.listings.write_text("".join(json.dumps(x, sort_keys=True) + "\n" for x in listings), encoding="utf-8")
    golden = [
        {
            "id": qid,
            "query": text,
            "rationale": f"wants {slug}",
            "judgments": {slug: 3},
            "split": "test",
            "tags": ["paraphrase"],
        }
        for qid, text, slug in QUERIES
    ] + [
        {
            "id": "t13",
            "query": "zzkq wvvx",
            "rationale": "nonsense",
            "judgments": {},
            "no_match_expected": True,
            "split": "test",
            "tags": ["no-match"],
        }
    ]
    paths.golden.write_text("".join(json.dumps(g, sort_keys=True) + "\n" for g in golden), encoding="utf-8")
    (paths.golden.parent / "VERSION.json").write_text('{"version": "test-1"}\n', encoding="utf-8")
    return paths
