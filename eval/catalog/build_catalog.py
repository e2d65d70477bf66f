"""Build the Souk evaluation fixture catalog (deterministic; fixed clock).

Writes, next to this file:

* ``events.jsonl``   -- one facilitator event per line (verified + settled), sorted keys, LF.
* ``listings.jsonl`` -- one line per listing with the fixture's stable id and judge-facing metadata.

Then runs sanity checks: every event passes the official Bazaar validation, every catalog key is unique,
and every listing id referenced by ``../golden/queries.draft.jsonl`` exists.

Run:  python eval/catalog/build_catalog.py
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import Counter
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from pathlib import Path
from typing import Any

import families as fam
from x402.extensions.bazaar import extract_discovery_info

from souk import assets, networks
from souk.demo.builders import Listing, Param, days_before, fixture_address, history

EVAL_CLOCK = datetime(2026, 10, 20, 12, 0, 0, tzinfo=UTC)

HERE = Path(__file__).resolve().parent
EVENTS_PATH = HERE / "events.jsonl"
LISTINGS_PATH = HERE / "listings.jsonl"
QUERIES_PATH = HERE.parent / "golden" / "queries.draft.jsonl"

NETWORKS: dict[str, str] = {
    fam.ST: networks.STELLAR_PUBNET,
    fam.STT: networks.STELLAR_TESTNET,
    fam.B: networks.BASE,
    fam.BS: networks.BASE_SEPOLIA,
    fam.SOL: networks.SOLANA,
}
HIST_RANK = {"busy": 0, "recent": 1, "single": 2, "wash": 3, "stale": 4, "never": 5, "new": 6}

# ---------------------------------------------------------------------------------------------------
# Deterministic made-up addresses
# ---------------------------------------------------------------------------------------------------


def _digest(seed: str) -> bytes:
    return hashlib.sha256(seed.encode()).digest()


def _h(*parts: object) -> int:
    return int.from_bytes(_digest("|".join(str(p) for p in parts))[:8], "big")


def address_for(network: str, seed: str) -> str:
    return fixture_address(network, _digest(seed))


def pay_to(seller: str, network: str) -> str:
    # One key per seller per chain family: the same seller uses one EVM address on Base and Base Sepolia.
    return address_for(network, f"souk-eval:payto:{seller}:{network.split(':')[0]}")


def payer_pool(network: str) -> list[str]:
    return [address_for(network, f"souk-eval:payer:{network.split(':')[0]}:{i}") for i in range(24)]


# ---------------------------------------------------------------------------------------------------
# Expansion
# ---------------------------------------------------------------------------------------------------

SAMPLES: dict[str, Any] = {
    "city": "Lisbon",
    "lat": 38.72,
    "lon": -9.14,
    "lng": -9.14,
    "units": "metric",
    "days": 3,
    "start_date": "2026-01-01",
    "end_date": "2026-01-31",
    "region": "Florida",
    "q": "electric vehicles",
    "place": "Porto",
    "address": "Praca do Comercio, Lisbon",
    "ip": "203.0.113.7",
    "time": "2026-10-20T12:00:00Z",
    "from_tz": "Europe/Lisbon",
    "to_tz": "Asia/Tokyo",
    "timestamp": "2026-10-20T12:00:00Z",
    "target_zone": "America/New_York",
    "profile": "driving",
    "origins": "38.72,-9.14",
    "destinations": "41.15,-8.61",
    "origin": "LIS",
    "destination": "OPO",
    "minutes": 15,
    "base": "USD",
    "symbols": "EUR,GBP",
    "date": "2026-10-01",
    "from": "USD",
    "to": "EUR",
    "amount": 100,
    "currency_pair": "EURUSD",
    "pair": "BTC-USD",
    "interval": "1d",
    "convert": "USD",
    "symbol": "ACME",
    "ticker": "ACME",
    "mint": "So11111111111111111111111111111111111111112",
    "asset_code": "USDC",
    "issuer": "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN",
    "contract": "0x4200000000000000000000000000000000000006",
    "chain": "base",
    "account_id": "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN",
    "account": "GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN",
    "owner": "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    "pubkey": "9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin",
    "hash": "3389e9f0f1a65f19736cacf544c2e825313e8447f569233bb8db39aa607c8889",
    "signature": "5h3k",
    "name": "alice.base.eth",
    "source_asset": "XLM",
    "dest_asset": "USDC",
    "sell_token": "ETH",
    "buy_token": "USDC",
    "invoice_id": "inv_123",
    "memo": "order 42",
    "payment_uri": "web+stellar:pay?destination=GA5Z&amount=10",
    "question": "What is a facilitator?",
    "query": "refund webhooks",
    "cik": "0000320193",
    "number": "09446231",
    "country": "DE",
    "vat_number": "DE123456789",
    "year": 2026,
    "start": "2026-11-02",
    "end": "2026-11-30",
    "text": "The quick brown fox.",
    "style": "bullets",
    "input": "hello world",
    "url": "https://www.example.com/",
    "image_url": "https://img.example/cat.png",
    "language": "en",
    "target": "es",
    "source": "en",
    "file_url": "https://files.example/doc.pdf",
    "target_language": "es",
    "audio_url": "https://files.example/talk.mp3",
    "recording_url": "https://files.example/meeting.m4a",
    "voice": "alloy",
    "sample_url": "https://files.example/voice.wav",
    "code": "print(1 + 1)",
    "command": "uname -a",
    "notebook_url": "https://files.example/nb.ipynb",
    "format": "markdown",
    "schema": {"title": "string"},
    "max_pages": 10,
    "width": 800,
    "height": 600,
    "html": "<h1>Hi</h1>",
    "paper": "A4",
    "pdf_url": "https://files.example/form.pdf",
    "fields": {"name": "Ada"},
    "values": {"name": "Ada"},
    "signer_email": "ada@corp.example",
    "image": "https://img.example/r.jpg",
    "prompt": "a lighthouse at dawn",
    "instruction": "make the sky purple",
    "brand": "Souk",
    "src": "https://img.example/cat.png",
    "w": 200,
    "h": 200,
    "subject": "Hello",
    "body": "Hi there",
    "email": "ada@corp.example",
    "emails": ["ada@corp.example"],
    "messages": [{"to": "a@b.example"}],
    "phone": "+14155550100",
    "message": "Your code is 1234",
    "type": "MX",
    "domain": "example.com",
    "record_type": "MX",
    "host": "example.com",
    "keyword": "souk",
    "document_image": "https://img.example/id.jpg",
    "selfie_image": "https://img.example/selfie.jpg",
    "full_name": "Ada Lovelace",
    "title": "Sync",
    "attendees": "ada@corp.example,bob@corp.example",
    "duration_minutes": 30,
    "league": "nba",
    "event_id": "evt_1",
    "ingredients": "chickpeas,spinach",
    "diet": "vegetarian",
    "food": "banana",
    "doi": "10.1000/xyz",
    "court": "cand",
    "data": "https://souk.example",
    "size": 256,
    "destination_account": "GA5Z",
    "long_url": "https://www.example.com/a/very/long/path",
    "short_code": "abc123",
    "short_url": "https://tiny.example/abc123",
    "flight": "TP1234",
    "checkin": "2026-11-02",
    "checkout": "2026-11-05",
    "nights": 3,
    "hotel_id": "h_1",
    "route": "LIS-OPO",
    "task": "anything",
    "token": "SOL",
    "coin": "BTC",
    "company": "Acme",
    "category": "business",
    "line_items": [{"desc": "consulting", "amount": 100}],
    "customer_email": "billing@corp.example",
    "template_id": "tpl_1",
    "data_obj": {"x": 1},
    "tx_hash": "0xabc",
    "addresses": ["0xabc"],
    "recipients": [{"to": "x", "amount": "1"}],
    "waypoints": ["38.72,-9.14", "41.15,-8.61"],
    "locations": ["Lisbon"],
    "latitude": 52.52,
    "longitude": 13.41,
    "height_m": 4.0,
    "code_bic": "DEUTDEFF",
    "iban": "DE89370400440532013000",
    "max_words": 100,
    "note": "",
    "anything": "x",
    "owner_name": "",
    "duration": 30,
    "page": 1,
}
TYPE_DEFAULTS: dict[str, Any] = {
    "string": "example",
    "number": 1,
    "integer": 1,
    "boolean": True,
    "array": [],
    "object": {},
}


def _sample(p: Param) -> Any:
    if p.enum:
        return p.enum[0]
    value = SAMPLES.get(p.name, TYPE_DEFAULTS[p.type])
    expected = {
        "string": str,
        "number": (int, float),
        "integer": int,
        "array": list,
        "object": dict,
        "boolean": bool,
    }[p.type]
    return value if isinstance(value, expected) else TYPE_DEFAULTS[p.type]


def example_for(spec: fam.Spec) -> dict[str, Any] | None:
    if spec.example is not None:
        return spec.example
    if spec.no_example and (spec.kind == "mcp" or spec.method in {"GET", "HEAD", "DELETE"}):
        return None
    return {p.name: _sample(p) for p in spec.params}


def _multi_network_sellers() -> set[str]:
    combos: dict[str, set[tuple[str, str]]] = {}
    for spec in fam.SPECS:
        for offer in spec.offers:
            combos.setdefault(spec.seller, set()).add((offer.net, offer.asset))
    return {s for s, c in combos.items() if len(c) > 1}


MULTI = _multi_network_sellers()


def _deployment(offer: fam.Offer) -> str:
    return offer.net if offer.asset == "USDC" else f"{offer.net}-{offer.asset.lower()}"


def atomic_amount(network: str, symbol: str, price: str) -> str:
    address = assets.address_of(network, symbol)
    if address is None:
        raise ValueError(f"no {symbol} on {network}")
    known = assets.lookup(network, address)
    assert known is not None
    scaled = Decimal(price).scaleb(known.decimals)
    if scaled != scaled.to_integral_value():
        raise ValueError(f"{price} {symbol} is not representable with {known.decimals} decimals")
    return str(int(scaled))


@dataclass
class Entry:
    id: str
    spec: fam.Spec
    offer: fam.Offer
    listing: Listing
    network: str
    price_usd: Decimal
    key: tuple[str, str]
    catalog_url: str
    events: list[dict[str, Any]]
    settlements: int
    payers: int
    last_settled_days: float | None

    @property
    def family(self) -> str:
        return self.spec.family

    @property
    def caps(self) -> tuple[str, ...]:
        return self.spec.caps

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def method(self) -> str | None:
        return None if self.spec.kind == "mcp" else self.spec.method

    @property
    def testnet(self) -> bool:
        return self.network in networks.TESTNETS

    @property
    def thin(self) -> bool:
        return not self.spec.desc or len(self.spec.desc) < 20


def _settlements(lid: str, hist: str, network: str) -> tuple[datetime, list[tuple[datetime, str]]]:
    pool = payer_pool(network)

    def at(days: float, k: object) -> datetime:
        return days_before(EVAL_CLOCK, days) + timedelta(minutes=_h(lid, "min", k) % 1440)

    def payers(n: int) -> list[str]:
        start = _h(lid, "payers") % len(pool)
        step = 1 + _h(lid, "step") % 5
        return [pool[(start + i * step) % len(pool)] for i in range(n)]

    if hist == "busy":
        n = 8 + _h(lid, "n") % 6
        who = payers(5 + _h(lid, "p") % 4)
        return at(150 + _h(lid, "l") % 100, "l"), [(at(1 + _h(lid, i) % 40, i), who[i % len(who)]) for i in range(n)]
    if hist == "recent":
        n = 3 + _h(lid, "n") % 4
        who = payers(n)
        return at(60 + _h(lid, "l") % 150, "l"), [(at(1 + _h(lid, i) % 28, i), who[i]) for i in range(n)]
    if hist == "single":
        return at(30 + _h(lid, "l") % 60, "l"), [(at(3 + _h(lid, 0) % 18, 0), payers(1)[0])]
    if hist == "wash":
        who = payers(1)[0]
        return at(20 + _h(lid, "l") % 20, "l"), [(at(0.5 + _h(lid, i) % 10, i), who) for i in range(10)]
    if hist == "stale":
        n = 2 + _h(lid, "n") % 3
        who = payers(n)
        return at(300 + _h(lid, "l") % 100, "l"), [(at(95 + _h(lid, i) % 150, i), who[i]) for i in range(n)]
    if hist == "never":
        return at(5 + _h(lid, "l") % 235, "l"), []
    if hist == "new":
        return at(0.5 + (_h(lid, "l") % 3), "l"), []
    raise ValueError(hist)


def expand() -> list[Entry]:
    entries: list[Entry] = []
    for spec in fam.SPECS:
        seller = fam.SELLERS[spec.seller]
        for offer in spec.offers:
            network = NETWORKS[offer.net]
            dep = _deployment(offer)
            lid = f"{fam.FAMILY_ABBR[spec.family]}-{spec.seller}-{spec.slug}-{dep}"
            prefix, host = "", seller.host
            if spec.seller in MULTI:
                if seller.net_style == "host":
                    host = f"{dep}.{seller.host}"
                else:
                    prefix = f"/{dep}"
            url = f"https://{host}{prefix}{spec.path}"
            template = f"{prefix}{spec.route_template}" if spec.route_template else None
            listing = Listing(
                url=url,
                pay_to=pay_to(spec.seller, network),
                network=network,
                amount=atomic_amount(network, offer.asset, offer.price),
                description=spec.desc,
                kind=spec.kind,
                method=spec.method,
                tool_name=spec.tool,
                asset_symbol=offer.asset,
                service_name=spec.service_name or seller.name,
                tags=spec.tags,
                params=spec.params,
                example_input=example_for(spec),
                route_template=template,
                path_params=spec.path_params,
                body_type=spec.body_type,
            )
            listed_at, settles = _settlements(lid, offer.hist, network)
            events = history(listing, listed_at=listed_at, settlements=settles)
            catalog_url = f"https://{host}{template or prefix + spec.path}"
            key = (catalog_url, spec.tool or "") if spec.kind == "mcp" else (catalog_url, spec.method)
            usd = assets.usd_value(network, assets.address_of(network, offer.asset) or "", listing.amount)
            assert usd is not None
            last = min(((EVAL_CLOCK - t).total_seconds() / 86400 for t, _ in settles), default=None)
            entries.append(
                Entry(
                    id=lid,
                    spec=spec,
                    offer=offer,
                    listing=listing,
                    network=network,
                    price_usd=usd,
                    key=key,
                    catalog_url=catalog_url,
                    events=events,
                    settlements=len(settles),
                    payers=len({p for _, p in settles}),
                    last_settled_days=last,
                )
            )
    return entries


def _notes(e: Entry) -> str:
    parts = [f"caps={','.join(e.caps)}"]
    if e.settlements:
        assert e.last_settled_days is not None
        parts.append(
            f"history={e.offer.hist}: {e.settlements} settlements from {e.payers} payer(s), "
            f"last {e.last_settled_days:.0f}d before the clock"
        )
    else:
        parts.append(f"history={e.offer.hist}: never settled")
    parts.append(f"price={e.offer.price} {e.offer.asset}")
    if e.listing.route_template:
        parts.append(f"routeTemplate={e.listing.route_template}")
    if e.spec.group:
        parts.append(f"near-duplicate group {e.spec.group}")
    if e.thin:
        parts.append("thin description")
    if e.spec.trap:
        parts.append(f"TRAP={e.spec.trap}")
    if e.spec.notes:
        parts.append(e.spec.notes)
    return "; ".join(parts)


def listing_record(e: Entry) -> dict[str, Any]:
    return {
        "id": e.id,
        "url": e.catalog_url,
        "method": e.method,
        "toolName": e.spec.tool,
        "network": e.network,
        "asset": e.offer.asset,
        "priceUsd": float(e.price_usd),
        "payTo": e.listing.pay_to,
        "serviceName": e.listing.service_name,
        "description": e.spec.desc,
        "tags": e.spec.tags,
        "family": e.family,
        "notes": _notes(e),
    }


def _dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def write(entries: list[Entry]) -> None:
    rows = []
    for e in entries:
        for seq, ev in enumerate(e.events):
            rows.append((ev["observedAt"], e.id, seq, _dump(ev)))
    rows.sort()
    EVENTS_PATH.write_text("".join(r[3] + "\n" for r in rows), encoding="utf-8", newline="\n")
    LISTINGS_PATH.write_text(
        "".join(_dump(listing_record(e)) + "\n" for e in sorted(entries, key=lambda x: x.id)),
        encoding="utf-8",
        newline="\n",
    )


# ---------------------------------------------------------------------------------------------------
# Sanity checks
# ---------------------------------------------------------------------------------------------------


def check(entries: list[Entry]) -> list[str]:
    problems: list[str] = []
    ids = Counter(e.id for e in entries)
    problems += [f"duplicate id {i}" for i, n in ids.items() if n > 1]
    keys = Counter(e.key for e in entries)
    problems += [f"duplicate catalog key {k}" for k, n in keys.items() if n > 1]
    for e in entries:
        for ev in e.events:
            info = extract_discovery_info(ev["paymentPayload"], ev["paymentRequirements"], validate=True)
            if info is None:
                problems.append(f"{e.id}: event fails Bazaar validation")
                break
            got = (info.resource_url, info.tool_name or "") if e.kind == "mcp" else (info.resource_url, info.method)
            if got != e.key:
                problems.append(f"{e.id}: extracted key {got} != {e.key}")
                break
        usd = e.price_usd
        if not Decimal("0.0001") <= usd <= Decimal("5"):
            problems.append(f"{e.id}: price ${usd} out of range")
    if QUERIES_PATH.exists():
        known = set(ids)
        for line in QUERIES_PATH.read_text(encoding="utf-8").splitlines():
            q = json.loads(line)
            for field in ("intended", "distractors", "constraint_ineligible"):
                problems += [f"{q['id']}.{field}: unknown listing {i}" for i in q[field] if i not in known]
    else:
        problems.append(f"{QUERIES_PATH} missing (run eval/golden/build_queries.py)")
    return problems


def summary(entries: list[Entry]) -> str:
    lines = [f"{len(entries)} listings, {sum(len(e.events) for e in entries)} events"]
    lines.append("by network: " + ", ".join(f"{k}={v}" for k, v in sorted(Counter(e.network for e in entries).items())))
    lines.append(
        "by asset: " + ", ".join(f"{k}={v}" for k, v in sorted(Counter(e.offer.asset for e in entries).items()))
    )
    kinds = Counter(e.kind if e.kind == "mcp" else f"http-{e.method}" for e in entries)
    lines.append("by type: " + ", ".join(f"{k}={v}" for k, v in sorted(kinds.items())))
    lines.append(
        "by history: " + ", ".join(f"{k}={v}" for k, v in sorted(Counter(e.offer.hist for e in entries).items()))
    )
    lines.append(
        "traps: "
        + ", ".join(f"{k}={v}" for k, v in sorted(Counter(e.spec.trap for e in entries if e.spec.trap).items()))
    )
    fams = Counter(e.family for e in entries)
    lines.append(f"{len(fams)} families: " + ", ".join(f"{k}={v}" for k, v in sorted(fams.items())))
    return "\n".join(lines)


def main() -> int:
    entries = expand()
    write(entries)
    print(summary(entries))
    problems = check(entries)
    for p in problems:
        print("PROBLEM:", p, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
