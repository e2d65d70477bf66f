"""One canonical form per resource URL, so a listing's key and its seller binding cannot be sidestepped by
writing the same address differently.

Anyone can pay themselves while naming someone else's URL; the binding refuses that for the exact key. A
variant spelling (``HTTPS://Weather.Example.com:443//v1/./current/``) would otherwise be a *new* key with
no binding, i.e. a successful impersonation. So before keying:

- scheme and host are lower-cased; the host goes through IDNA with UTS #46 mapping (full-width and other
  compatibility forms fold to their ASCII canonical) and is stored as its A-label (``xn--``) form;
- a host label that mixes scripts, or is written entirely in look-alike letters of another script
  (Cyrillic ``е`` for Latin ``e``), is refused, as is any invisible code point anywhere in the URL
  (zero-width spaces and joiners, bidi controls, soft hyphens: Unicode category Cf);
- userinfo (``user@``) is refused: it changes nothing about where a request goes, only how it looks;
- default ports (80 for http, 443 for https) are dropped, a trailing dot on the host is dropped;
- in the path, percent-escapes of unreserved characters are decoded and the rest upper-cased, dot segments
  are resolved, repeated slashes collapse to one, and trailing slashes are removed (the root path is ``/``);
- query and fragment are dropped (the SDK's rule: they never identify a listing).
"""

from __future__ import annotations

import ipaddress
import re
import unicodedata
from urllib.parse import quote, urlsplit

import idna

from souk.errors import CatalogRejection

MAX_URL_CHARS = 2048
_DEFAULT_PORTS = {"http": 80, "https": 443}
_UNRESERVED = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
_AFTER_IP_LITERAL = re.compile(r"(?::[0-9]*)?", re.ASCII)  # nothing, or a port
# Everything RFC 3986 allows literally in a path, plus '%' for escapes that are already there.
_PATH_SAFE = "/:@!$&'()*+,;=-._~%"
# Scripts that legitimately appear together in one label (UTS #39 "highly restrictive" style).
_COMPATIBLE_WITH_LATIN = frozenset({"HAN", "HIRAGANA", "KATAKANA", "HANGUL", "CJK"})
# Letters of other scripts that render like Latin letters. A label written only in these (and ASCII
# digits/hyphens) is a whole-script confusable of a Latin name, e.g. Cyrillic "раураl" for "paypal".
_LATIN_LOOKALIKES = frozenset(
    "аеорсухіјѕһԁԛԝӏвкмнтгпьѵјӓӧӱ"  # Cyrillic
    "αβεικνορτυχωϲϳ"  # Greek
    "օսոհցզ"  # Armenian
)


def _reject(reason: str, error: str = "invalid_resource") -> CatalogRejection:
    return CatalogRejection(error, reason)


def _script(ch: str) -> str:
    """The script of a letter, from its Unicode name (the stdlib has no Script property)."""
    try:
        name = unicodedata.name(ch)
    except ValueError:
        return "UNKNOWN"
    first = name.split(" ", 1)[0]
    return "CJK" if first.startswith("CJK") else first


def _check_label_scripts(label: str) -> None:
    letters = [c for c in label if unicodedata.category(c).startswith("L")]
    if all(c.isascii() for c in letters):
        return
    scripts = {_script(c) for c in letters}
    non_latin = scripts - {"LATIN"}
    if "LATIN" in scripts and not non_latin <= _COMPATIBLE_WITH_LATIN:
        raise _reject(
            f"the host label {label!r} mixes scripts ({', '.join(sorted(scripts))}); "
            "look-alike letters are refused so a URL cannot impersonate another",
            "confusable_host",
        )
    if len(non_latin) > 1 and not non_latin <= _COMPATIBLE_WITH_LATIN:
        raise _reject(f"the host label {label!r} mixes scripts ({', '.join(sorted(scripts))})", "confusable_host")
    if all(c in _LATIN_LOOKALIKES for c in letters):
        raise _reject(
            f"the host label {label!r} is written only in letters that look like Latin ones",
            "confusable_host",
        )


# Default-ignorable code points (Unicode's DerivedCoreProperties) outside Cf: drawn as nothing, so "merge_pdf_files"
# followed by U+FE0F, U+034F or a Hangul filler looked like the bound name beside it (a probe, 2026-12-07).
_IGNORABLE = re.compile(
    "[\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180f\u3164\ufe00-\ufe0f\uffa0"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)
# Scripts whose letters pass for Latin ones beside them ("mеrge" with a Cyrillic е, "ⲟ" Coptic, "ꓲ" Lisu, "Ꭺ" Cherokee).
_LOOKALIKE_SCRIPTS = ("CYRILLIC", "GREEK", "ARMENIAN", "COPTIC", "LISU", "CHEROKEE")
# Latin letters that pass for ASCII ones: "ɡet_forecast" (script g), "get_forecaſt" (long s), "ᴘrice" (small
# capital), "ɑ" (Latin alpha); red team, 2026-12-07. Not the dotless i, which Turkish writes ("hava_durumu_sıcaklık"),
# nor "é", "ß", "ø" or "ł", which read as themselves; Greek letters are the script rule's.
_LATIN_TWIN_NAMES = ("SCRIPT ", "LONG S", "SMALL CAPITAL ", "LETTER ALPHA", "LETTER IOTA")


def has_invisible(text: str) -> bool:
    """Format characters (Cf: zero-width space/joiners, bidi controls, soft hyphen, BOM), controls, and the other
    default-ignorable code points (variation selectors, the combining grapheme joiner, Hangul fillers)."""
    return any(unicodedata.category(c) in ("Cf", "Cc") for c in text) or _IGNORABLE.search(text) is not None


def passes_for_latin(name: str) -> bool:
    """``name`` could pass for a Latin name it is not: Latin letters beside Cyrillic, Greek, Armenian, Coptic, Lisu or
    Cherokee ones, a Latin letter made to pass for an ASCII one ("ɡet"), or only letters that look like Latin ones
    (Cyrillic "раураl"). "поиск", "emitir_2ª_via" and "dose_µg" do not."""
    letters = [c for c in name if unicodedata.category(c).startswith("L")]
    if any(
        not c.isascii() and _script(c) == "LATIN" and any(w in unicodedata.name(c, "") for w in _LATIN_TWIN_NAMES)
        for c in letters
    ):
        return True
    lookalike_script = any(_script(c) in _LOOKALIKE_SCRIPTS for c in letters)
    if lookalike_script and any(_script(c) == "LATIN" for c in letters):
        return True
    return bool(letters) and not all(c.isascii() for c in letters) and all(c in _LATIN_LOOKALIKES for c in letters)


def canonical_host(raw: str) -> str:
    if not raw:
        raise _reject("resource url has no host")
    if raw.startswith("["):  # an IPv6 literal: compared in its compressed form
        try:
            address = ipaddress.IPv6Address(raw[1:-1]) if raw.endswith("]") else None
        except ValueError:
            raise _reject(f"resource url host {raw!r} is not a valid IPv6 literal") from None
        if address is not None and address.scope_id:  # "%eth0" names an interface of the seller's machine
            raise _reject(f"resource url host {raw[:60]!r} carries an IPv6 zone id")
        return f"[{address.compressed}]" if address is not None else ""
    if "%" in raw:
        raise _reject("resource url host must not be percent-encoded")
    host = raw[:-1] if raw.endswith(".") else raw
    if host.isascii():
        host = host.lower()
        labels = host.split(".")
        if any(not label for label in labels):
            raise _reject(f"resource url host {raw!r} has an empty label")
        # ASCII hosts that are already A-labels still have to be valid IDNA (no "xn--" garbage).
        if not any(label.startswith("xn--") for label in labels):
            if not re.fullmatch(r"[a-z0-9_\-.]+", host):
                raise _reject(f"resource url host {raw!r} contains characters a host name cannot have")
            if any(label.startswith("-") or label.endswith("-") for label in labels):
                raise _reject(f"resource url host {raw!r} has a label starting or ending with '-'")
            return host
    try:
        mapped = idna.uts46_remap(host, std3_rules=False, transitional=False)
    except idna.IDNAError as exc:
        raise _reject(f"resource url host {raw!r} is not a valid internationalised name: {exc}") from None
    labels = mapped.split(".")
    if any(not label for label in labels):
        raise _reject(f"resource url host {raw!r} has an empty label")
    for label in labels:
        if label.startswith("xn--"):
            try:
                label = idna.decode(label)
            except idna.IDNAError as exc:
                raise _reject(f"resource url host label {label!r} is not valid punycode: {exc}") from None
        if has_invisible(label):
            raise _reject("resource url host contains invisible characters", "invisible_characters")
        _check_label_scripts(label)
    try:
        return idna.encode(mapped, uts46=False).decode("ascii").lower()
    except (idna.IDNAError, UnicodeError) as exc:
        raise _reject(f"resource url host {raw!r} is not a valid internationalised name: {exc}") from None


def _normalise_escapes(segment: str) -> str:
    def fix(match: re.Match[str]) -> str:
        ch = chr(int(match.group(1), 16))
        return ch if ch in _UNRESERVED else "%" + match.group(1).upper()

    # A '%' that does not start an escape is a literal percent sign.
    segment = re.sub(r"%(?![0-9A-Fa-f]{2})", "%25", segment)
    return quote(_ESCAPE.sub(fix, segment), safe=_PATH_SAFE)


def canonical_path(path: str) -> str:
    """Dot segments resolved, repeated and trailing slashes removed, escapes normalised; root is ``/``."""
    out: list[str] = []
    for segment in path.split("/"):
        segment = _normalise_escapes(segment)
        if segment in ("", "."):
            continue
        if segment == "..":
            if out:
                out.pop()
            continue
        out.append(segment)
    return "/" + "/".join(out)


def canonical_url(url: str) -> str:
    """The canonical form of an absolute http(s) resource URL; raises CatalogRejection when it has none."""
    if not isinstance(url, str) or not url:
        raise _reject("resource url must be a non-empty string")
    if len(url) > MAX_URL_CHARS:
        raise _reject(f"resource url has {len(url)} characters; the limit is {MAX_URL_CHARS}")
    if has_invisible(url):
        raise _reject("resource url contains invisible or control characters", "invisible_characters")
    if any(c.isspace() for c in url):
        raise _reject("resource url contains whitespace")
    if any("\ud800" <= c <= "\udfff" for c in url):
        raise _reject("resource url contains a lone surrogate (not Unicode text)")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise _reject(f"resource url does not parse: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS:
        raise _reject("resource url must be an absolute http(s) URL")
    netloc = parts.netloc
    if "@" in netloc:
        raise _reject("resource url must not carry userinfo (user@host)", "userinfo_in_url")
    host_part = netloc
    if netloc.startswith("["):
        end = netloc.find("]")
        host_part = netloc[: end + 1] if end > 0 else netloc
        if end > 0 and not _AFTER_IP_LITERAL.fullmatch(netloc[end + 1 :]):  # urlsplit drops "[::1]junk"'s junk
            raise _reject("resource url has characters after its IP literal host")
    elif ":" in netloc:
        host_part = netloc.rsplit(":", 1)[0]
    host = canonical_host(host_part)
    if not host:
        raise _reject("resource url has no host")
    if port == 0:
        raise _reject("resource url has port 0, which no server listens on")
    if "%00" in parts.path:  # a NUL truncates the path in many servers (as in routeTemplate)
        raise _reject("resource url path contains a NUL (%00)")
    authority = host if port is None or port == _DEFAULT_PORTS[scheme] else f"{host}:{port}"
    return f"{scheme}://{authority}{canonical_path(parts.path)}"
