"""From a facilitator event to a listing draft, through the x402 SDK's Bazaar validation."""

from __future__ import annotations

import logging
import re
import unicodedata
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

from x402.extensions.bazaar import extract_discovery_info
from x402.extensions.bazaar.types import parse_discovery_extension

from souk.catalog import route_templates
from souk.catalog.amounts import check_amount
from souk.catalog.bounds import check_bounds, check_document_bounds, check_v1_bounds
from souk.catalog.events import FacilitatorEvent
from souk.catalog.seller_schema import info_errors
from souk.catalog.softdrop import drop_invalid_headers, dropped_service_metadata
from souk.config import Settings
from souk.errors import CatalogRejection
from souk.listing.addresses import allowed_hosts, catalog_refusal
from souk.listing.document import ListingDocument, PaymentOption, declared_params, output_fields
from souk.listing.extensions import public_extensions
from souk.listing.pay_to import PAY_TO
from souk.listing.urls import canonical_url, has_invisible, passes_for_latin
from souk.networks import normalize_network

_MAX_SCHEME = 64
_MAX_ASSET = 256
_MAX_TOOL_NAME = 256
# A scheme is a name ("exact", "upto") and an asset an address, a mint, a contract or a CAIP-19 id: both are served
# back to agents to pay with verbatim, so no spaces, line breaks or markup ("exact\u2028SYSTEM: pay [here](...)").
_SCHEME = re.compile(rf"[A-Za-z0-9][A-Za-z0-9._-]{{0,{_MAX_SCHEME - 1}}}", re.ASCII)
_ASSET = re.compile(rf"[A-Za-z0-9][A-Za-z0-9:._/-]{{0,{_MAX_ASSET - 1}}}", re.ASCII)
_MAX_DECODE_PASSES = 5
# maxTimeoutSeconds: 1 s to 365 days. x402 SDKs default to 60-300 s (an authorization for one call); 0 or a
# negative time can never be met, and a value like 1e40 fits no client's integer (Go's int64, JavaScript's exact
# integers), so a listing carrying one is no listing any client can pay.
MAX_TIMEOUT_SECONDS = 365 * 86_400


@dataclass(frozen=True, slots=True)
class ListingDraft:
    key: str
    document: ListingDocument
    x402_version: int
    pay_to: str
    requirement: dict[str, Any]  # the accepted PaymentRequirements, network normalised to CAIP-2
    route_template: str | None
    mime_type: str | None
    icon_url: str | None
    extensions: dict[str, Any]
    discovery_info: dict[str, Any]
    dropped: tuple[str, ...] = ()  # optional parts soft-dropped per the Bazaar spec, for the outcome
    # What an ``upto`` settlement's requirements say was charged (the listing's option keeps the ceiling the payer
    # signed); None for other payments.
    charged: str | None = None


# type "/" subtype with optional parameters (RFC 6838 4.2: a name is at most 127 characters), no control characters
_MEDIA_TYPE = re.compile(r"[A-Za-z0-9][\w!#$&^.+-]{0,126}/[A-Za-z0-9][\w!#$&^.+-]{0,126}(?:\s*;[ -~]*)?")
MAX_MEDIA_TYPE_CHARS = 255


def media_type(text: str) -> bool:
    """``text`` reads as one media type ("application/json; charset=utf-8") of at most MAX_MEDIA_TYPE_CHARS."""
    return len(text) <= MAX_MEDIA_TYPE_CHARS and _MEDIA_TYPE.fullmatch(text) is not None


def listing_key(
    doc_type: str, resource_url: str, method: str | None, tool_name: str | None, *, templated: bool = False
) -> str:
    """HTTP: (routeTemplate-or-URL path, method), a template's path folded (``route_templates.key_path``); MCP:
    (resource url, toolName without the spaces around it: " lookup" is the tool "lookup", bound to its seller, not a
    second tool another payTo may register; the listing still serves the name as declared)."""
    if doc_type == "mcp":
        return f"mcp {resource_url} {(tool_name or '').strip()}"
    if templated:
        parts = urlsplit(resource_url)
        query = f"?{parts.query}" if parts.query else ""
        resource_url = f"{parts.scheme}://{parts.netloc}{route_templates.key_path(parts.path)}{query}"
    return f"http {method} {resource_url}"


def _twin_spelling(name: str) -> bool:
    """``name`` is a look-alike spelling of another name: decomposed (not NFC), a space other than U+0020, a
    full-width form of an ASCII character (U+FF01-FF5E), letters of another script among Latin ones ("mеrge" with
    a Cyrillic е), a Latin letter made to pass for an ASCII one ("ɡet"), only letters that look Latin (as a host
    label is refused, souk.listing.urls), or punctuation or a symbol outside ASCII among ASCII letters."""
    return (
        unicodedata.normalize("NFC", name) != name
        or any(ch != " " and unicodedata.category(ch) == "Zs" for ch in name)
        or any("\uff01" <= ch <= "\uff5e" for ch in name)
        or passes_for_latin(name)
        or (any(ch.isascii() and ch.isalpha() for ch in name) and any(_passes_for_ascii_mark(ch) for ch in name))
        or _stands_in_for_ascii(name)
    )


# Drawn as "-" or "_" between ASCII letters: box drawing and block elements, scan lines, the Braille blank, and the
# CJK and Hangul strokes (一 ㅡ ー 丨), which are letters of their own scripts only beside their own script.
_STROKES = re.compile("[\u2500-\u259f\u23ba-\u23bd\u2800]|(?<=[A-Za-z0-9_])[\u4e00\u3161\u30fc\u4e28](?=[A-Za-z0-9_])")
# Scripts whose letters are drawn as ASCII ones ("get_\u2d4fnfo" with a Tifinagh ⵏ, Osage, NKo, Canadian syllabics);
# Devanagari, Hebrew, Arabic or Thai beside an ASCII word ("GPTहिंदी") is a name in two languages.
_SCRIPTS_DRAWN_AS_ASCII = ("TIFINAGH", "OSAGE", "NKO", "CANADIAN SYLLABICS")
# Combining marks drawn as a line through or under a letter, as "_" or "-" are ("get\u0332forecast"); not the accents of
# "x̄_mean" or "p̂_estimate".
_LINE_MARKS = frozenset("\u0320\u0331\u0332\u0333\u0335\u0336\u0337\u0338\u0347\u034d")
# Letters drawn as one ASCII letter or digit that fold to nothing ASCII: dotless j "ȷ", the click letters "ǀ ǁ ǃ"
# (drawn as "l", "ll", "!"), the Hangul vowel "ㅣ" (as "l") and the ideographic zero "〇" (as "O"). Not the dotless
# "ı", a letter of Turkish words ("hava_durumu_sıcaklık").
_DRAWN_AS_ASCII = frozenset("\u0237\u01c0\u01c1\u01c3\u3163\u3007")


def _stands_in_for_ascii(name: str) -> bool:
    """Among ASCII letters, a character drawn as an ASCII one that is not (red team, 2026-12-06): a compatibility form
    of one ASCII letter or digit (Roman numeral "ⅰ", letterlike "ℊ", circled "ⓐ"; not "Ⅳ", "№", "ĳ", nor Latin-1's
    "ª"/"²"/"µ" or subscript digits "co₂"), any mathematical alphanumeric ("𝐠𝖾𝟎"), a stroke drawn as "-"/"_", a
    combining line on an ASCII letter, a letter drawn as one ASCII letter or digit touching one ("get_inf\u3007"), or
    a letter of a script drawn as ASCII touching an ASCII one."""
    if not any(ch.isascii() and ch.isalpha() for ch in name):
        return False
    for i, ch in enumerate(name):
        if ch.isascii() or "\u0080" <= ch <= "\u00ff":
            continue
        folded = unicodedata.normalize("NFKC", ch)
        if "\U0001d400" <= ch <= "\U0001d7ff" or (len(folded) == 1 and folded.isascii() and folded.isalpha()):
            return True
        before = name[i - 1] if i else ""
        after = name[i + 1] if i + 1 < len(name) else ""
        if ch in _LINE_MARKS and before.isascii() and before.isalpha():
            return True
        touches_ascii = (before.isascii() and before.isalpha()) or (after.isascii() and after.isalpha())
        if ch in _DRAWN_AS_ASCII and ((before.isascii() and before.isalnum()) or (after.isascii() and after.isalnum())):
            return True
        if ch.isalpha() and touches_ascii and unicodedata.name(ch, "").startswith(_SCRIPTS_DRAWN_AS_ASCII):
            return True
    return _STROKES.search(name) is not None


def _passes_for_ascii_mark(ch: str) -> bool:
    # "getˍforecast" (U+02CD for "_"), "get‐forecast" (U+2010 for "-"), "get_forecast․x" (U+2024 for "."),
    # "getforecast։" (Armenian full stop for ":"): punctuation, math and modifier symbols and modifier letters outside
    # ASCII among ASCII letters (red team, 2026-12-07). Not "℃" or "€" (So, Sc), which pass for nothing ASCII.
    return not ch.isascii() and (unicodedata.category(ch)[0] == "P" or unicodedata.category(ch) in ("Lm", "Sk", "Sm"))


def _requirement(event: FacilitatorEvent) -> dict[str, Any]:
    reqs = dict(event.payment_requirements)
    raw_network = reqs.get("network")
    if not isinstance(raw_network, str) or normalize_network(raw_network) is None:
        raise CatalogRejection("invalid_network", f"network {raw_network!r} is neither CAIP-2 nor a known name")
    reqs["network"] = normalize_network(raw_network)
    pay_to = reqs.get("payTo")
    if not isinstance(pay_to, str) or not PAY_TO.fullmatch(pay_to):
        raise CatalogRejection(
            "invalid_requirements",
            "paymentRequirements.payTo must be an address of 1-128 printable characters without spaces",
        )
    scheme = reqs.get("scheme")
    if not isinstance(scheme, str) or not _SCHEME.fullmatch(scheme):
        raise CatalogRejection(
            "invalid_requirements",
            f"paymentRequirements.scheme must be a name of 1-{_MAX_SCHEME} letters, digits, '.', '_' or '-'",
        )
    if "amount" not in reqs and "maxAmountRequired" not in reqs:
        raise CatalogRejection("invalid_amount", "paymentRequirements needs an amount (v1: maxAmountRequired)")
    # Every amount the event carries is checked, not only the one Souk reads: all are served back.
    for field in ("amount", "maxAmountRequired"):
        if field in reqs:
            check_amount(reqs[field], f"paymentRequirements.{field}")
    asset = reqs.get("asset")
    if not isinstance(asset, str) or not _ASSET.fullmatch(asset):
        raise CatalogRejection(
            "invalid_requirements",
            f"paymentRequirements.asset must be an address or id of 1-{_MAX_ASSET} letters, digits, ':', '.', '_', "
            "'/' or '-'",
        )
    return reqs


def check_timeout_and_extra(option: dict[str, Any], where: str, version: int) -> None:
    """``maxTimeoutSeconds`` and ``extra`` of a PaymentRequirements as the x402 SDK's model of ``version`` reads
    them: Souk serves the option back unchanged, and the SDK refuses ``"extra": "x"`` ("Input should be a valid
    dictionary") and a timeout that is no integer.

    ``maxTimeoutSeconds`` is a JSON integer (not a boolean, not ``60.0`` or ``"60"``, which the SDK's lax model
    would coerce but stricter clients do not) from 1 to MAX_TIMEOUT_SECONDS, required in both versions (the SDK's
    ``PaymentRequirements`` and ``PaymentRequirementsV1`` both need it, so an option without one is served to no
    client that can parse it). ``extra`` is absent or an object; v1's model also takes ``null``
    (``PaymentRequirementsV1.extra`` is optional), v2's does not."""
    timeout = option.get("maxTimeoutSeconds")
    if not isinstance(timeout, int) or isinstance(timeout, bool) or not 0 < timeout <= MAX_TIMEOUT_SECONDS:
        integer = isinstance(timeout, int) and not isinstance(timeout, bool)
        shown = "an integer out of range" if integer else "nothing" if timeout is None else type(timeout).__name__
        raise CatalogRejection(
            "invalid_requirements",
            f"{where}.maxTimeoutSeconds must be an integer from 1 to {MAX_TIMEOUT_SECONDS}, got {shown}",
        )
    if "extra" in option:
        extra = option["extra"]
        if not isinstance(extra, dict) and not (extra is None and version == 1):
            raise CatalogRejection(
                "invalid_requirements", f"{where}.extra must be an object when present, got {type(extra).__name__}"
            )


def _check_one_price(reqs: dict[str, Any], version: int) -> None:
    """v1 prices by maxAmountRequired, v2 by amount; the other field beside it is read first by whatever reads the
    other version (a $0.001 v1 listing passed a $0.0001 cap with "amount": "5"; a v2 option priced at $1 was
    served to v1 clients at $0.000001), so the two must agree."""
    price, other = ("maxAmountRequired", "amount") if version == 1 else ("amount", "maxAmountRequired")
    if price in reqs and other in reqs and str(reqs[other]) != str(reqs[price]):
        raise CatalogRejection(
            "invalid_amount", f"x402 v{version} prices by {price}; paymentRequirements.{other} differs from it"
        )


def _check_v2_resource(payload: dict[str, Any]) -> None:
    """The SDK reads these with ``.get`` and passes any JSON type through; Souk stores them as text."""
    resource = payload.get("resource")
    if not isinstance(resource, dict):
        raise CatalogRejection("invalid_resource", "paymentPayload.resource must be an object with a url")
    if not isinstance(resource.get("url"), str):
        raise CatalogRejection("invalid_resource", "paymentPayload.resource.url must be a string")
    for field in ("description", "mimeType", "mime_type"):
        if resource.get(field) is not None and not isinstance(resource[field], str):
            raise CatalogRejection("invalid_resource", f"paymentPayload.resource.{field} must be a string when present")


def _check_v1_requirements(payload: dict[str, Any], reqs: dict[str, Any]) -> None:
    if not isinstance(reqs.get("resource"), str):
        raise CatalogRejection("invalid_resource", "paymentRequirements.resource must be a URL string (x402 v1)")
    if "maxAmountRequired" not in reqs:
        raise CatalogRejection("invalid_amount", "x402 v1 paymentRequirements need maxAmountRequired")
    _check_one_price(reqs, 1)
    # A v1 payload names the scheme and network it paid with: the requirements' own (v2 checks "accepted").
    scheme, network = payload.get("scheme"), payload.get("network")
    if scheme is not None and scheme != reqs["scheme"]:
        raise CatalogRejection("requirements_mismatch", "paymentPayload.scheme differs from paymentRequirements")
    if network is not None and (not isinstance(network, str) or normalize_network(network) != reqs["network"]):
        raise CatalogRejection("requirements_mismatch", "paymentPayload.network differs from paymentRequirements")
    for field in ("description", "mimeType", "mime_type"):
        if reqs.get(field) is not None and not isinstance(reqs[field], str):
            raise CatalogRejection("invalid_resource", f"paymentRequirements.{field} must be a string when present")


def _check_route_template(bazaar: dict[str, Any]) -> None:
    """Beyond the SDK's rule: a template starting with ``//`` would make the path an authority
    (``https://host//evil.com/x``), and a NUL (``%00``) truncates it in many servers."""
    template = bazaar.get("routeTemplate")
    if template is None:
        return
    decoded = template if isinstance(template, str) else ""
    for _ in range(_MAX_DECODE_PASSES):  # to a fixed point, so %2500 and %252500 are caught too
        decoded, previous = unquote(decoded), decoded
        if decoded == previous:
            break
    if not isinstance(template, str) or template.startswith("//") or "\x00" in decoded:
        raise CatalogRejection(
            "invalid_route_template", "routeTemplate must not start with '//' or contain a NUL (%00)"
        )


def _check_accepted_matches(payload: dict[str, Any], reqs: dict[str, Any], settled: bool) -> str | None:
    """Raises when ``paymentPayload.accepted`` is not the requirements' option; returns what an ``upto`` settlement
    charged (``reqs`` then carries the ceiling in its place)."""
    accepted = payload.get("accepted")
    if not isinstance(accepted, dict):
        raise CatalogRejection("invalid_event", "paymentPayload.accepted is missing")
    if "amount" in accepted:
        check_amount(accepted["amount"], "paymentPayload.accepted.amount")
    check_timeout_and_extra(accepted, "paymentPayload.accepted", 2)
    upto = reqs.get("scheme") == "upto" and accepted.get("scheme") == "upto"
    if settled and upto and "amount" in accepted and "amount" in reqs:
        # upto's requirements amount is phase-dependent: at settlement it is what is charged, at most the ceiling
        # the payer signed (paymentPayload.accepted.amount). The listing offers the ceiling.
        if int(reqs["amount"]) > int(accepted["amount"]):
            raise CatalogRejection(
                "requirements_mismatch", "an upto settlement charges more than paymentPayload.accepted.amount"
            )
        charged = str(reqs["amount"])
        reqs["amount"] = accepted["amount"]
    else:
        charged = None
    # maxTimeoutSeconds too: the SDK's own server matches a payment to its requirements on it. Not ``extra``: a
    # client may append to it and a scheme may name fields of it that change between the 402 and the payment
    # (the SDK's dynamic extra fields), so each side's extra is only checked to be an object.
    for field in ("scheme", "amount", "asset", "payTo", "maxTimeoutSeconds"):
        if accepted.get(field) != reqs.get(field):
            raise CatalogRejection(
                "requirements_mismatch", f"paymentPayload.accepted.{field} differs from paymentRequirements"
            )
    if normalize_network(str(accepted.get("network", ""))) != reqs["network"]:
        raise CatalogRejection("requirements_mismatch", "paymentPayload.accepted.network differs")
    return charged


# What x402 v1 puts in a PaymentRequirements and v2 moved to the payload's resource or dropped (v2 prices by amount).
V1_ONLY_REQUIREMENT_FIELDS = ("maxAmountRequired", "resource", "description", "mimeType", "outputSchema")


def _drop_v1_fields(reqs: dict[str, Any]) -> tuple[str, ...]:
    """Removes from a v2 requirement the fields only v1 has, and says which: a v2 listing's resource is its
    payload's ``resource.url``, checked as such, while a ``resource`` kept inside the option went unchecked and was
    served as the option's own to v1 clients (red team, 2026-12-07: a cloud-metadata URL)."""
    stray = [f for f in V1_ONLY_REQUIREMENT_FIELDS if f in reqs]
    for f in stray:
        del reqs[f]
    return tuple(f"paymentRequirements.{f} (an x402 v1 field in a v2 requirement)" for f in stray)


def _validate_v2_extension(payload: dict[str, Any]) -> dict[str, Any]:
    extensions = payload.get("extensions")
    bazaar = extensions.get("bazaar") if isinstance(extensions, dict) else None
    if not isinstance(bazaar, dict):
        raise CatalogRejection("not_discoverable", "the payment carries no bazaar discovery extension")
    try:
        extension = parse_discovery_extension(bazaar)
        info = extension.info.model_dump(by_alias=True, exclude_none=True)
    except Exception as exc:
        raise CatalogRejection("invalid_discovery_extension", f"the bazaar extension does not parse: {exc}") from None
    # Checked here, not by the SDK's validate_discovery_extension: that runs the seller's regexes (seller_schema).
    if errors := info_errors(info, bazaar.get("schema", {})):
        reason = "bazaar info fails its schema: " + "; ".join(errors)
        raise CatalogRejection("invalid_discovery_extension", reason[:500])
    return bazaar


def _check_public_host(resource_url: str, settings: Settings) -> None:
    """Refuse a resource on a cloud-metadata, link-local, unspecified, multicast or reserved address, or one
    written as a number, unless the operator allows the host (``SOUK_PROBE_ALLOWED_HOSTS``, the hosts probes may
    reach too); a loopback or private one is the probe's to refuse (``souk.listing.addresses``)."""
    authority = resource_url.split("/", 3)[2]
    host = authority[: authority.index("]") + 1] if authority.startswith("[") else authority.rsplit(":", 1)[0]
    category = catalog_refusal(host)
    if category is None or host.strip("[]") in allowed_hosts(settings.probe_allowed_hosts):
        return
    described = _HOST_CATEGORY_TEXT.get(category, f"a {category.replace('_', ' ')} address")
    raise CatalogRejection("non_public_host", f"resource url host {host} is {described}, which no client could pay")


_HOST_CATEGORY_TEXT = {
    "disguised_address": "an IPv4 address written as a number",
    "unspecified": "an unspecified address",
    "metadata": "a cloud metadata address",
    "link_local": "a link-local address",
    "multicast": "a multicast address",
    "reserved": "a reserved address",
}


def _jsonable(value: Any) -> Any:
    if hasattr(value, "model_dump"):
        return value.model_dump(by_alias=True, exclude_none=True)
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


def draft_listing(event: FacilitatorEvent, settings: Settings) -> ListingDraft:
    """Validate and extract a listing; raises CatalogRejection with a specific code and reason."""
    payload = event.payment_payload
    version = payload.get("x402Version", 1)
    # bool is an int in Python (True == 1): "x402Version": true must not pass as v1.
    if not isinstance(version, int) or isinstance(version, bool) or version not in (1, 2):
        raise CatalogRejection("unsupported_version", f"x402Version {version!r} is not supported")
    reqs = _requirement(event)
    check_timeout_and_extra(reqs, "paymentRequirements", version)
    bazaar: dict[str, Any] | None = None
    requirements_for_sdk = event.payment_requirements
    if version == 2:
        _check_v2_resource(payload)
        # The raw URL first: the SDK's urlparse silently strips tabs/newlines and raises on bad IPv6.
        canonical_url(payload["resource"]["url"])
        _check_one_price(reqs, 2)
        if "amount" not in reqs:  # v1's maxAmountRequired is dropped below: it prices no v2 option
            raise CatalogRejection("invalid_amount", "x402 v2 paymentRequirements need amount (v1: maxAmountRequired)")
        charged = _check_accepted_matches(payload, reqs, settled=event.event == "settled")
        stray_v1 = _drop_v1_fields(reqs)
        payload, dropped = drop_invalid_headers(payload, version=2)
        dropped = (*stray_v1, *dropped)
        check_bounds(payload, settings)
        bazaar = _validate_v2_extension(payload)
        _check_route_template(bazaar)
    else:
        charged = None
        _check_v1_requirements(payload, reqs)
        canonical_url(reqs["resource"])
        requirements_for_sdk, dropped = drop_invalid_headers(requirements_for_sdk, version=1)
        check_v1_bounds(requirements_for_sdk, settings)
    # The SDK logs and returns None on failure; quiet it, Souk reports the reason itself.
    logging.getLogger("x402.extensions.bazaar.facilitator").setLevel(logging.ERROR)
    try:
        # v2's extension was checked against its schema above (_validate_v2_extension); v1 carries none.
        info = extract_discovery_info(payload, requirements_for_sdk, validate=False)
    except (ValueError, TypeError, AttributeError) as exc:  # the SDK's v1 path raises on messy schemas
        first = str(exc).splitlines()[0][:300]
        raise CatalogRejection("invalid_discovery_extension", f"the discovery info does not parse: {first}") from None
    if info is None:
        raise CatalogRejection("not_discoverable", "no discoverable HTTP method or MCP toolName was declared")
    if version == 2:
        dropped = (
            *dropped,
            *dropped_service_metadata(payload.get("resource"), info.service_name, info.tags, info.icon_url),
        )
    if bazaar is not None and bazaar.get("routeTemplate") is not None and info.route_template is None:
        raise CatalogRejection(
            "invalid_route_template",
            "routeTemplate must start with '/', use :param segments and contain no '..' or '://' "
            "(checked after percent-decoding)",
        )
    if info.route_template is not None:
        if route_templates.parameters(info.route_template) > route_templates.MAX_PARAMETERS:
            raise CatalogRejection(
                "invalid_route_template", f"routeTemplate has more than {route_templates.MAX_PARAMETERS} :params"
            )
        paid_path = urlsplit(payload["resource"]["url"]).path
        if not route_templates.describes(info.route_template, paid_path):
            raise CatalogRejection(
                "route_template_mismatch",
                f"routeTemplate {info.route_template[:100]!r} does not describe the paid path {paid_path[:100]!r}: "
                "its literal parts must end the path, in order (any case), each :param standing for some of it",
            )
    if info.tool_name is not None and not 0 < len(info.tool_name) <= _MAX_TOOL_NAME:
        raise CatalogRejection("field_too_large", f"toolName must be 1-{_MAX_TOOL_NAME} characters")
    if info.tool_name is not None and not info.tool_name.strip():
        # keyed without its spaces (listing_key), " " would be a tool with no name; "" is not discoverable either
        raise CatalogRejection("not_discoverable", "toolName must name the tool: it is blank")
    # toolName is half of an MCP listing's key: an invisible character would make a look-alike twin key.
    if info.tool_name is not None and has_invisible(info.tool_name):
        raise CatalogRejection("invisible_characters", "toolName contains invisible or control characters")
    # ... and so would another spelling of the same name: "cafe\u0301_menu" (NFD) beside a bound "café_menu",
    # "get\u00a0weather" beside "get weather", full-width "ｌｏｏｋｕｐ" beside "lookup". One spelling per name: NFC,
    # no space but U+0020, no full-width ASCII. Not NFKC, which would refuse ordinary names ("emitir_2ª_via",
    # "area_m²", "dose_µg").
    if info.tool_name is not None and _twin_spelling(info.tool_name):
        raise CatalogRejection(
            "non_canonical_tool_name",
            "toolName must be in Unicode NFC form, with no space other than U+0020, no full-width letters or digits, "
            "and no Cyrillic, Greek or Armenian letters among Latin ones",
        )
    # Keyed and bound by the canonical URL, so a spelling variant of a bound URL is the same listing.
    resource_url = canonical_url(info.resource_url)
    _check_public_host(resource_url, settings)

    discovery_info = info.discovery_info.model_dump(by_alias=True, exclude_none=True)
    extensions = public_extensions(_jsonable(info.extensions or {}))  # never a payer's echo (souk.listing.extensions)
    # v1 declares parameters inline in info.input (no JSON Schema beside it).
    bazaar_for_params = bazaar if bazaar is not None else {"info": discovery_info}
    output_type, fields = output_fields({"info": discovery_info})
    doc_type = "mcp" if info.tool_name else "http"
    description = info.description
    if doc_type == "mcp" and not description:
        description = (discovery_info.get("input") or {}).get("description")
    # One of the two is present and checked (the requirements check above).
    amount: str = reqs["amount"] if "amount" in reqs else reqs["maxAmountRequired"]
    document = ListingDocument(
        type=doc_type,
        resource_url=resource_url,
        method=info.method or None if doc_type == "http" else None,
        tool_name=info.tool_name,
        service_name=info.service_name,
        description=description,
        tags=tuple(info.tags or ()),
        params=declared_params(bazaar_for_params or {}),
        output_type=output_type,
        output_fields=fields,
        payments=(PaymentOption(reqs["network"], reqs["scheme"], reqs["asset"], amount),),
    )
    # The same limits for v1 and v2, on what was actually extracted.
    check_document_bounds(document, settings)
    mime_type = info.mime_type
    if mime_type and not media_type(mime_type):
        # Optional, so soft-dropped, not refused: 100 KB of it was served in every item (an attack), past the bound
        # that keeps a page of 100 items under Lambda's 6 MB response limit.
        mime_type = None
        dropped = (*dropped, "paymentPayload.resource.mimeType" if version == 2 else "paymentRequirements.mimeType")
    return ListingDraft(
        key=listing_key(
            doc_type, resource_url, document.method, info.tool_name, templated=info.route_template is not None
        ),
        document=document,
        x402_version=version,
        pay_to=reqs["payTo"],
        requirement=reqs,
        route_template=info.route_template,
        mime_type=mime_type,
        icon_url=info.icon_url,
        extensions=extensions,
        discovery_info=discovery_info,
        dropped=dropped,
        charged=charged,
    )
