"""Catalog one facilitator event: validate, bind to the seller, upsert, record provenance and settlements.

Everything happens in one transaction; a rejection raises before anything is written.
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
from datetime import UTC, datetime, timedelta
from decimal import Decimal
from typing import Any

from psycopg.types.json import Jsonb

from souk.assets import address_key
from souk.catalog.amounts import check_amount, is_atomic_amount
from souk.catalog.bounds import check_listing_size, served_size
from souk.catalog.events import HEX_HASH, FacilitatorEvent, Settlement, parse_event
from souk.catalog.extract import ListingDraft, draft_listing
from souk.catalog.indexing import index_listing
from souk.catalog.jsonsafety import check_json_safe
from souk.catalog.outcome import Outcome, OutcomeWarning
from souk.catalog.stuffing import keyword_stuffed
from souk.catalog.timestamps import bounded_observed_at
from souk.config import Settings
from souk.db.types import Connection, one
from souk.errors import CatalogRejection
from souk.isotime import iso_utc
from souk.lifecycle import rejections as event_log
from souk.lifecycle.store import record_payment
from souk.listing.canonical import canonical_text
from souk.listing.document import ListingDocument, PaymentOption
from souk.listing.pay_to import same_pay_to
from souk.listing.payment_options import option_amount
from souk.networks import PRODUCTION_NETWORKS, normalize_network
from souk.search.origins import operator_of_url
from souk.search.signature import text_signature

LISTING_KEY_LOCK = 7342010  # advisory lock namespace of listing keys (others: 7342001, 7342002, 7342008)
TRANSACTION_LOCK = 7342011  # advisory lock namespace of settlement transactions


def payer_hash(payer: str, key: str) -> str:
    """Keyed hash of a payer address: counts unique payers without storing who they are."""
    return hmac.new(key.encode(), payer.strip().lower().encode(), hashlib.sha256).hexdigest()


def _slot(option: dict[str, Any]) -> tuple[str, str, str]:
    """Which payment option an entry of ``accepts`` is: one per scheme, network and asset."""
    network = str(option.get("network"))
    return (str(option.get("scheme")), network, address_key(network, str(option.get("asset"))))


def _tie_key(option: dict[str, Any]) -> tuple[int, str]:
    """Which of two options for one slot observed at the same instant stands, whichever arrived first: the higher
    price (a listing never shows less than its seller may ask at that instant), then the option's canonical JSON."""
    amount = option_amount(option)
    price = int(amount) if amount is not None and is_atomic_amount(amount) else -1
    return price, json.dumps(option, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


# What a v1 payment requirement says about the resource rather than the payment: one listing, one text. A newer v1
# declaration on one network left the older options' description and schemas as they were, so a v1 client reading
# the production option saw the old text, steering words the seller had removed included (a probe, 2026-12-07).
_V1_DESCRIBING = ("description", "mimeType", "outputSchema")


def _is_v1(option: dict[str, Any]) -> bool:
    return "maxAmountRequired" in option and "resource" in option


def _merge_accepts(existing: list[dict[str, Any]], incoming: dict[str, Any], replace: bool) -> list[dict[str, Any]]:
    """``existing`` with ``incoming`` in its slot (``replace``: over what is there; else only into an empty slot).
    A replacing v1 requirement also gives the other v1 options its description, MIME type and schemas."""
    merged = {_slot(r): r for r in existing}
    if replace and _is_v1(incoming):
        described = {k: incoming[k] for k in _V1_DESCRIBING if k in incoming}
        merged = {
            slot: {k: v for k, v in r.items() if k not in _V1_DESCRIBING} | described if _is_v1(r) else r
            for slot, r in merged.items()
        }
    if replace or _slot(incoming) not in merged:
        merged[_slot(incoming)] = incoming
    return [merged[k] for k in sorted(merged)]


def _payments(accepts: list[dict[str, Any]]) -> tuple[PaymentOption, ...]:
    return tuple(PaymentOption(r["network"], r["scheme"], r["asset"], str(option_amount(r))) for r in accepts)


def _min_usd(payments: tuple[PaymentOption, ...]) -> Decimal | None:
    values = [p.usd for p in payments if p.usd is not None]
    return min(values) if values else None


def _check_settlement(event: FacilitatorEvent, draft: ListingDraft) -> None:
    settlement = event.settlement
    if settlement is None:
        return
    if normalize_network(settlement.network) != draft.requirement["network"]:
        raise CatalogRejection(
            "settlement_mismatch", "settlement.network differs from the payment requirements' network"
        )
    if settlement.amount is not None:
        check_amount(settlement.amount, "settlement.amount")
        asked = option_amount(draft.requirement)
        if settlement.success and asked is not None and is_atomic_amount(asked):
            _check_settled_amount(int(settlement.amount), int(asked), str(draft.requirement.get("scheme")))
        charged = draft.charged
        if (
            settlement.success
            and charged is not None
            and is_atomic_amount(charged)
            and charged != asked  # requirements naming the ceiling may be the verify-time ones: not judged
            and int(settlement.amount) != int(charged)
        ):
            # upto settles what its settle-time requirements charge: 9000 settled on a charge of 2500 was recorded as
            # a 9000 sale (red team, 2026-12-07)
            raise CatalogRejection(
                "settlement_mismatch",
                f"settlement.amount {settlement.amount} differs from what the requirements charged ({charged})",
            )


def _check_settled_amount(settled: int, asked: int, scheme: str) -> None:
    """An "exact" payment settles at least its price (v1's ``maxAmountRequired`` is a floor the payer may exceed;
    v2's ``amount`` is the price); an "upto" one at most its ceiling. Less than an exact price is the facilitator
    contradicting the payment it settled (a 1-unit payment would count as a sale). Other schemes (batched,
    deferred) may settle several calls at once: not checked."""
    scheme = scheme.lower()  # as the filters read it: "EXACT" is listed under scheme=exact, and judged as exact
    if scheme == "exact" and settled < asked:
        raise CatalogRejection(
            "settlement_mismatch", f"settlement.amount {settled} is below the price the requirements ask ({asked})"
        )
    if scheme == "upto" and settled > asked:
        raise CatalogRejection(
            "settlement_mismatch", f"settlement.amount {settled} is above the ceiling the requirements set ({asked})"
        )


def _max_skew(settings: Settings) -> timedelta:
    return timedelta(seconds=settings.max_clock_skew_seconds)


def catalog_event(conn: Connection, raw: Any, settings: Settings, *, now: datetime | None = None) -> Outcome:
    """Catalog ``raw``; returns a success outcome or raises CatalogRejection (nothing written to the
    catalog). Either way the outcome goes to the seller's bounded event log (souk.lifecycle.rejections)."""
    try:
        outcome = _catalog_event(conn, raw, settings, now=now)
    except CatalogRejection as rejection:
        event_log.record(
            conn, raw, settings, outcome="rejected", error=rejection.error, reason=rejection.reason, now=now
        )
        raise
    notes = "; ".join(w.reason for w in outcome.warnings) or None
    event_log.record(conn, raw, settings, outcome="accepted", reason=notes, listing_key=outcome.listing_key, now=now)
    return outcome


def _catalog_event(conn: Connection, raw: Any, settings: Settings, *, now: datetime | None = None) -> Outcome:
    check_json_safe(raw)
    size = len(json.dumps(raw, separators=(",", ":"), ensure_ascii=False).encode()) if raw is not None else 0
    if size > settings.max_event_bytes:
        raise CatalogRejection(
            "field_too_large", f"the event takes {size} bytes; the limit is {settings.max_event_bytes}"
        )
    event = parse_event(raw)
    draft = draft_listing(event, settings)
    _check_settlement(event, draft)
    clock = now or datetime.now(UTC)
    observed = bounded_observed_at(event.observed(clock), clock, _max_skew(settings))
    warnings: list[OutcomeWarning] = [
        OutcomeWarning("field_dropped", f"{part} was invalid and is optional; it was dropped (Bazaar soft-drop)")
        for part in draft.dropped
    ]
    if _charged_nothing(draft, event.settlement):
        # upto's $0 settlement ("no charge if no usage occurred"): the payment was verified, nothing was paid.
        event = event.model_copy(update={"event": "verified", "settlement": None})
        warnings.append(OutcomeWarning("settlement_not_recorded", "a settlement of 0 is no payment; not counted"))
    with conn.transaction():
        if event.settlement is not None and not event.settlement.success:
            return _failed_settlement(conn, draft, event, observed, settings)
        listing_id, changed, paid = _upsert(conn, draft, event, observed, settings, warnings)
        if paid:
            record_payment(conn, listing_id, observed, settings)  # a probed listing that failed comes back
    return Outcome("success", listing_key=draft.key, listing_id=listing_id, changed=changed, warnings=tuple(warnings))


def _lock_listing(conn: Connection, key: str) -> None:
    # FOR UPDATE locks only a row that exists: two first events for one new listing would both insert, and
    # the second would fail on the unique key. The key's lock serializes them; the second then updates.
    conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (LISTING_KEY_LOCK, key))


def _check_bound(conn: Connection, listing_id: int, pay_to: str) -> None:
    # The filters' and seller view's payTo equality: an EVM address in other letters is the same seller.
    bound = conn.execute(
        f"SELECT 1 FROM listing_bindings WHERE listing_id = %(id)s AND {same_pay_to('pay_to', '%(pay_to)s')}",
        {"id": listing_id, "pay_to": pay_to},
    ).fetchone()
    if bound is None:
        raise CatalogRejection(
            "payto_mismatch",
            "this listing is bound to another payTo; a seller moves a listing through the operator "
            "(`souk seller move`), never by paying to a new address",
        )


def _failed_settlement(
    conn: Connection, draft: ListingDraft, event: FacilitatorEvent, observed: datetime, settings: Settings
) -> Outcome:
    """A failed settlement is no payment: it neither creates nor changes a listing. For a listing Souk has, it
    is kept in the settlement history when it names a transaction (the spec's failed settlement names "")."""
    assert event.settlement is not None
    _lock_listing(conn, draft.key)
    row = conn.execute("SELECT id FROM listings WHERE listing_key = %s", (draft.key,)).fetchone()
    if row is None:
        raise CatalogRejection(
            "settlement_failed", "the settlement failed, so there is no payment to catalog this resource from"
        )
    _check_bound(conn, row["id"], draft.pay_to)
    network = draft.requirement["network"]
    if transaction := transaction_key(network, event.settlement.transaction):
        _lock_transaction(conn, network, transaction)
        _record_settlement(conn, row["id"], draft, event, observed, settings)
    warning = OutcomeWarning("settlement_failed", "the settlement failed, so the listing was not changed")
    return Outcome("success", listing_key=draft.key, listing_id=row["id"], warnings=(warning,))


def _lock_transaction(conn: Connection, network: str, transaction: str) -> None:
    conn.execute("SELECT pg_advisory_xact_lock(%s, hashtext(%s))", (TRANSACTION_LOCK, f"{network} {transaction}"))


def _new_settlement(conn: Connection, draft: ListingDraft, event: FacilitatorEvent, listing_id: int | None) -> bool:
    """A successful settlement whose transaction is not recorded yet as paid, nor for another listing. Only that
    is a new payment: a replayed transaction id moves no "last paid" time (it put a listing first among the most
    recently paid). The same listing's earlier failure with that id (a receipt timeout, then success) is not."""
    s = event.settlement
    if event.event != "settled" or s is None or not s.success:
        return False
    network = draft.requirement["network"]
    transaction = transaction_key(network, s.transaction)
    _lock_transaction(conn, network, transaction)
    recorded = conn.execute(
        "SELECT 1 FROM settlements WHERE network = %s AND transaction = %s"
        " AND (success OR listing_id IS DISTINCT FROM %s)",
        (network, transaction, listing_id),
    ).fetchone()
    return recorded is None


def _upsert(
    conn: Connection,
    draft: ListingDraft,
    event: FacilitatorEvent,
    observed: datetime,
    settings: Settings,
    warnings: list[OutcomeWarning],
) -> tuple[int, bool, bool]:
    """(listing id, whether its text or payment options changed, whether the event is a new payment)."""
    _lock_listing(conn, draft.key)
    row = conn.execute(
        "SELECT id, accepts, document, source_event_at, content_hash, extensions, description, resource_url"
        " FROM listings WHERE listing_key = %s FOR UPDATE",
        (draft.key,),
    ).fetchone()
    settled = _new_settlement(conn, draft, event, None if row is None else row["id"])
    replayed = event.event == "settled" and not settled  # a transaction already recorded is no new payment
    if row is None and replayed:
        raise CatalogRejection(
            "transaction_reused",
            "this settlement's transaction is already recorded for another listing; a transaction pays once, "
            "so it cannot catalog a new resource",
        )
    paid = _paid_in_production(draft, event, settled)
    if row is None:
        listing_id = _insert(conn, draft, observed, settled, paid, settings)
        changed = True
    elif replayed:
        listing_id, changed = row["id"], False
        _check_bound(conn, listing_id, draft.pay_to)
    else:
        listing_id = row["id"]
        _check_bound(conn, listing_id, draft.pay_to)
        changed = _apply_event(conn, row, draft, observed, settings)
        if observed < row["source_event_at"]:
            # kept, not applied: say so, or a facilitator whose clock runs behind sees "success" and stale text
            warnings.append(
                OutcomeWarning(
                    "older_than_listing",
                    f"observed at {iso_utc(observed)}, before the listing's latest event "
                    f"({iso_utc(row['source_event_at'])}): its text, metadata and prices stay; only a new payment "
                    "option or a settlement counts",
                )
            )
        conn.execute(
            """UPDATE listings SET
                 first_verified_at = LEAST(first_verified_at, %(at)s),
                 last_verified_at = GREATEST(last_verified_at, %(at)s),
                 first_settled_at = CASE WHEN %(settled)s THEN LEAST(first_settled_at, %(at)s)
                                         ELSE first_settled_at END,
                 last_settled_at = CASE WHEN %(settled)s THEN GREATEST(last_settled_at, %(at)s)
                                        ELSE last_settled_at END,
                 last_paid_at = CASE WHEN %(paid)s THEN GREATEST(last_paid_at, %(at)s) ELSE last_paid_at END
               WHERE id = %(id)s""",
            {"at": observed, "settled": settled, "paid": paid, "id": listing_id},
        )
    if event.settlement is not None and not _record_settlement(conn, listing_id, draft, event, observed, settings):
        network = draft.requirement["network"]
        transaction = transaction_key(network, event.settlement.transaction)
        warnings.append(_reused_transaction(conn, network, transaction, listing_id))
    return listing_id, changed, not replayed


def _record_settlement(
    conn: Connection,
    listing_id: int,
    draft: ListingDraft,
    event: FacilitatorEvent,
    observed: datetime,
    settings: Settings,
) -> bool:
    """Store a settlement under its transaction's one spelling; False when that transaction is recorded already
    (a success upgrades the same listing's failed row with that id)."""
    settlement = event.settlement
    assert settlement is not None
    payer = event.payer
    inserted = conn.execute(
        """INSERT INTO settlements
             (listing_id, transaction, settled_at, success, network, asset, amount, payer_hash)
           VALUES (%s, %s, %s, %s, %s, %s, %s, %s)
           ON CONFLICT (network, transaction) DO UPDATE
             SET success = TRUE, settled_at = EXCLUDED.settled_at, amount = EXCLUDED.amount,
                 payer_hash = EXCLUDED.payer_hash
             WHERE EXCLUDED.success AND NOT settlements.success AND settlements.listing_id = EXCLUDED.listing_id
           RETURNING id""",
        (
            listing_id,
            transaction_key(draft.requirement["network"], settlement.transaction),
            observed,
            settlement.success,
            draft.requirement["network"],
            draft.requirement["asset"],
            _settled_amount(draft, settlement),
            payer_hash(payer, settings.payer_hash_key.get_secret_value()) if payer else None,
        ),
    ).fetchone()
    return inserted is not None


def transaction_key(network: str, transaction: str) -> str:
    """The one spelling of a transaction id, so a settlement counts once however it is written: an EVM or
    Stellar hash is 64 hex digits in any case (EVM with 0x); a Solana signature is base58 and kept as it is."""
    tx = transaction.strip()
    family = network.split(":", 1)[0]
    match = HEX_HASH.fullmatch(tx)
    if match and family == "eip155":
        return "0x" + match.group(1).lower()
    if match and family == "stellar":
        return match.group(1).lower()
    return tx


def _reused_transaction(conn: Connection, network: str, transaction: str, listing_id: int) -> OutcomeWarning:
    """A (network, transaction) already recorded is not counted twice; the outcome says so instead of
    answering as if it had been recorded."""
    row = conn.execute(
        "SELECT listing_id FROM settlements WHERE network = %s AND transaction = %s", (network, transaction)
    ).fetchone()
    where = "this listing" if row is not None and row["listing_id"] == listing_id else "another listing"
    return OutcomeWarning(
        "settlement_not_recorded",
        f"transaction {transaction[:80]!r} on {network} is already recorded for {where}; "
        "a settlement counts once, so this one was not counted",
    )


def _payment_columns(doc: ListingDocument, accepts: list[dict[str, Any]]) -> dict[str, Any]:
    """The columns that follow from the payment options (the search text and document name every option too)."""
    text = canonical_text(doc)
    return {
        "accepts": Jsonb(accepts),
        "schemes": sorted({r["scheme"] for r in accepts}),
        "networks": sorted({r["network"] for r in accepts}),
        "assets": sorted({str(r["asset"]) for r in accepts}),
        "asset_symbols": sorted({p.symbol for p in doc.payments if p.symbol}),
        "min_usd_price": _min_usd(doc.payments),
        "search_text": text,
        "document": Jsonb(doc.to_json()),
        "content_hash": hashlib.sha256(text.encode("utf-8")).hexdigest(),
    }


def _columns(draft: ListingDraft, doc: ListingDocument, accepts: list[dict[str, Any]]) -> dict[str, Any]:
    return {
        "type": doc.type,
        "resource_url": doc.resource_url,
        "operator": operator_of_url(doc.resource_url),
        "method": doc.method,
        "tool_name": doc.tool_name,
        "route_template": draft.route_template,
        "pay_to": draft.pay_to,
        "x402_version": draft.x402_version,
        "description": doc.description,
        "keyword_stuffed": keyword_stuffed(doc.description, (doc.service_name, doc.tool_name)),
        "text_signature": text_signature(doc.description, doc.service_name) or b"",
        "mime_type": draft.mime_type,
        "service_name": doc.service_name,
        "tags": list(doc.tags) or None,
        "icon_url": draft.icon_url,
        "extensions": Jsonb(draft.extensions),
        "discovery_info": Jsonb(draft.discovery_info),
    } | _payment_columns(doc, accepts)


def _paid_in_production(draft: ListingDraft, event: FacilitatorEvent, settled: bool) -> bool:
    """A new payment in a production network's tokens, of more than nothing: test tokens are free, and so are those
    of a chain not known as production (souk.networks.PRODUCTION_NETWORKS), and a $0 settlement pays nothing, so
    none of them buys "most recently paid"."""
    network = draft.requirement["network"]
    return settled and network in PRODUCTION_NETWORKS and _settled_amount(draft, event.settlement) > 0


def _settled_amount(draft: ListingDraft, settlement: Settlement | None) -> Decimal:
    """The settlement's own amount, else what an ``upto`` payment's requirements charged, else the listing's price."""
    stated = settlement.amount if settlement is not None else None
    return Decimal(stated or draft.charged or draft.document.payments[0].amount)


def _charged_nothing(draft: ListingDraft, settlement: Settlement | None) -> bool:
    """A successful settlement of $0: its own amount says so, or, without one (the v2 SettleResponse has no amount),
    the requirements it settled charged 0 (an ``upto`` charge, or an ``exact`` price of 0: that one was recorded
    with no warning and moved "last settled"; red team, 2026-12-07)."""
    if settlement is None or not settlement.success:
        return False
    if settlement.amount is not None:
        return settlement.charged_nothing
    charged = draft.charged if draft.charged is not None else draft.document.payments[0].amount
    return charged.isdigit() and int(charged) == 0


def _insert(
    conn: Connection, draft: ListingDraft, observed: datetime, settled: bool, paid: bool, settings: Settings
) -> int:
    accepts = [draft.requirement]
    check_listing_size(accepts, draft.extensions, draft.document.description, draft.document.resource_url, settings)
    doc = dataclasses.replace(draft.document, payments=_payments(accepts))
    cols = _columns(draft, doc, accepts) | {
        "listing_key": draft.key,
        "source_event_at": observed,
        "first_verified_at": observed,
        "last_verified_at": observed,
        "first_settled_at": observed if settled else None,
        "last_settled_at": observed if settled else None,
        "last_paid_at": observed if paid else None,
    }
    names = ", ".join(cols)
    values = ", ".join(f"%({k})s" for k in cols)
    listing_id: int = one(conn.execute(f"INSERT INTO listings ({names}) VALUES ({values}) RETURNING id", cols))["id"]
    conn.execute("INSERT INTO listing_bindings (listing_id, pay_to) VALUES (%s, %s)", (listing_id, draft.pay_to))
    index_listing(conn, listing_id, doc, cols["search_text"], cols["content_hash"])
    return listing_id


def _apply_event(
    conn: Connection, row: dict[str, Any], draft: ListingDraft, observed: datetime, settings: Settings
) -> bool:
    """Whether the listing's text or payment options changed. The newest event wins the text, metadata and an
    option's price; a payment option the listing lacks is added whatever the arrival order (a payment on another
    network observed earlier but delivered later is still a way to pay, and its settlement counts). Of two events
    at the same instant for one option, the one ``_wins_tie`` picks is the newer."""
    url = row["resource_url"]
    previous = (len(row["accepts"]), served_size(row["accepts"], row["extensions"], row["description"], url))
    if observed > row["source_event_at"] or (observed == row["source_event_at"] and _wins_tie(row, draft)):
        accepts = _merge_accepts(row["accepts"], draft.requirement, replace=True)
        description = draft.document.description
        check_listing_size(accepts, draft.extensions, description, url, settings, previous=previous)
        return _refresh(conn, row["id"], draft, accepts, observed, row["content_hash"])
    if _slot(draft.requirement) in {_slot(r) for r in row["accepts"]}:
        return False  # an older event only contributes provenance
    accepts = _merge_accepts(row["accepts"], draft.requirement, replace=False)
    # the newer event's text stays
    check_listing_size(accepts, row["extensions"], row["description"], url, settings, previous=previous)
    return _add_option(conn, row["id"], row["document"], accepts, row["content_hash"])


def _wins_tie(row: dict[str, Any], draft: ListingDraft) -> bool:
    """Whether ``draft``, observed at the instant of the listing's latest event, stands over it: by its option's
    ``_tie_key``, then, for the same option, by ``_declaration_key`` (two texts at one instant: the same one stands
    whichever arrived first)."""
    incoming = draft.requirement
    stored = next((r for r in row["accepts"] if _slot(r) == _slot(incoming)), None)
    if stored is None:
        return False
    incoming_key, stored_key = _tie_key(incoming), _tie_key(stored)
    if incoming_key != stored_key:
        return incoming_key > stored_key
    return _declaration_key(draft.document.to_json(), draft.extensions) > _declaration_key(
        row["document"], row["extensions"]
    )


def _declaration_key(document: dict[str, Any], extensions: Any) -> str:
    """A declaration's text, metadata and schemas as canonical JSON: what a listing shows besides its payment
    options (those are ``_tie_key``'s)."""
    described = {k: v for k, v in document.items() if k != "payments"}
    return json.dumps([described, extensions], sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def _refresh(
    conn: Connection,
    listing_id: int,
    draft: ListingDraft,
    accepts: list[dict[str, Any]],
    observed: datetime,
    old_hash: str,
) -> bool:
    """Apply a newer declaration: metadata, text and pricing."""
    doc = dataclasses.replace(draft.document, payments=_payments(accepts))
    cols = _columns(draft, doc, accepts) | {"source_event_at": observed}
    return _update(conn, listing_id, doc, cols, old_hash)


def _add_option(
    conn: Connection, listing_id: int, stored: dict[str, Any], accepts: list[dict[str, Any]], old_hash: str
) -> bool:
    """An older event's new payment option: what follows from the options changes, the newer declaration stays."""
    doc = dataclasses.replace(ListingDocument.from_json(stored), payments=_payments(accepts))
    return _update(conn, listing_id, doc, _payment_columns(doc, accepts), old_hash)


def _update(conn: Connection, listing_id: int, doc: ListingDocument, cols: dict[str, Any], old_hash: str) -> bool:
    """Write ``cols`` and, when the search text changed, index it (postings now, embedding queued)."""
    assignments = ", ".join(f"{k} = %({k})s" for k in cols)
    conn.execute(f"UPDATE listings SET {assignments}, updated_at = now() WHERE id = %(id)s", cols | {"id": listing_id})
    if cols["content_hash"] == old_hash:
        return False
    index_listing(conn, listing_id, doc, cols["search_text"], cols["content_hash"])
    return True


def ingest_many(
    conn: Connection, events: list[Any], settings: Settings, *, now: datetime | None = None
) -> list[Outcome]:
    """Catalog a batch; each event stands alone (one rejection does not stop the rest).

    ``now`` is the clock observedAt is bounded by (default: the wall clock); a fixed-clock evaluation
    passes its own so the result does not depend on the machine's date."""
    outcomes: list[Outcome] = []
    for raw in events:
        try:
            outcomes.append(catalog_event(conn, raw, settings, now=now))
        except CatalogRejection as rejection:
            outcomes.append(Outcome("rejected", rejection.reason, rejection.error))
    return outcomes
