"""Constraint words the reading leaves topical, used as soft boosts rather than filters.

A hard filter is read only where the words are a payment or interface constraint (souk.search.understanding).
What it leaves topical may still be one the reading missed: on the blind crawl constraint probes
(eval/crawl_constraints) most violations left were topical readings of real caps, methods and rails. A boost
toward what meets them costs a misread topic a few places and removes nothing: a chain named as the topic
(``InterpretedQuery.soft_networks``), an amount under $1 (``soft_cap``) and one HTTP method typed as one
(``soft_method``). ``described`` says so in the constraint notes a search returns.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal

from souk.search.constraint_notes import ConstraintNote
from souk.search.profile import Profile
from souk.search.understanding import InterpretedQuery

# A topical note's value is a plain USD amount for an upper bound ("under $5", "about a tenth of a cent per
# lookup"); a minimum ("over $100") or an amount in a crypto unit ("under 0.1 eth") is written otherwise.
_PLAIN_AMOUNT = re.compile(r"\d+(?:\.\d+)?")
# From a dollar up, an amount left topical is what the task is about ("sent 250 USDC", "a travel budget of 12,000
# euros", "$1 million"), not a call's price; a boost for every listing within it would only sink those of unknown
# price.
SOFT_CAP_MAX = Decimal(1)
_NUMBER = r"(?P<number>\d+(?:\.\d+)?|\.\d+)(?!\d|[.,]\d)"
# "<0.01", "<= $0.002", "$0.002", "<0.01 usdc"; not "p<0.05", "latency <0.5s", "< 2 seconds", "<5%", "<0.1 eth", nor
# the "0" of "<0.5 cents".
_BOUND = r"(?<![\w<>=])(?:<=?|≤|⩽|=<)\s*"
_BOUND_OR_DOLLARS = re.compile(
    rf"(?:{_BOUND}(?P<dollar>\$)?|(?P<sign>\$))\s*{_NUMBER}(?!\s*(?:¢|c\b|cents?\b|%))(?P<unit>\s*(?:usdc|usd)\b)?"
    r"(?![a-z])(?!\s*(?:ms|s|secs?|seconds?|minutes?|hours?|x|kb|mb|gb|tb|eth|btc|sol)\b)"
)
_CENTS = re.compile(rf"(?<![\w.]){_NUMBER}\s*(?:¢|c\b|cents?\b)")
# A bare bound ("<0.01", "< 0.9") is a price only as small as a call's; the reading takes a bare amount for a cap only
# up to a dime as well. With a currency ("$0.5", "<0.5 usdc") it may be up to SOFT_CAP_MAX.
_BARE_MAX = Decimal("0.1")
# Refused ("not <0.01") or quoted ("'under $0.01'") amounts are not asked for.
_REFUSED_BEFORE = re.compile(r"(?:\bnot|\bno|\bnever|n't)\s*$")
_QUOTED = re.compile(r"\"[^\"]*\"|“[^”]*”|(?<!\w)'[^']*'(?!\w)|‘[^’]*’")


def unread_amounts(text: str) -> list[tuple[Decimal, str]]:
    """(USD amount, its words) for each amount above zero written as a price, neither refused nor quoted: "<0.01",
    "$0.002", "<0.01 usdc", "0.3 cents"."""
    quoted = [m.span() for m in _QUOTED.finditer(text)]
    found: list[tuple[Decimal, str, int]] = []
    for m in _BOUND_OR_DOLLARS.finditer(text):
        amount = Decimal(m["number"])
        currency = m.group("dollar") or m.group("sign") or m.group("unit")
        if currency or amount <= _BARE_MAX:
            found.append((amount, m.group(0).strip(), m.start()))
    found += [(Decimal(m["number"]) / 100, m.group(0), m.start()) for m in _CENTS.finditer(text)]
    return [
        (amount, words)
        for amount, words, at in sorted(found, key=lambda item: item[2])
        if amount > 0
        and not _REFUSED_BEFORE.search(text[max(0, at - 12) : at])
        and not any(lo <= at < hi for lo, hi in quoted)
    ]


def _topical_amounts(iq: InterpretedQuery) -> list[tuple[Decimal, ConstraintNote | None, str]]:
    """(amount, the topical note it comes from or None when the reading noticed no price, its words) for each amount
    under $1 that may be a missed cap; none when a cap was read."""
    if iq.max_usd_price is not None:
        return []
    notes = [c for c in iq.constraints if c.kind == "price"]
    found: list[tuple[Decimal, ConstraintNote | None, str]]
    if not notes:
        found = [(amount, None, words) for amount, words in unread_amounts(iq.normalized)]
    else:
        # Every topical reading, whatever reason it gives: the boost is insurance against the reading's own mistakes
        # (on the dev halves, keeping only "in a long task request", the reason most often wrong, changed nothing).
        found = [
            (Decimal(c.value), c, c.text) for c in notes if c.applied_as == "topic" and _PLAIN_AMOUNT.fullmatch(c.value)
        ]
    return [item for item in found if item[0] < SOFT_CAP_MAX]


def soft_cap(iq: InterpretedQuery) -> Decimal | None:
    """The smallest amount under $1 noticed as a price but left topical, or, when the reading noticed no price at
    all, written as one ("<0.01", "$0.002", "0.3 cents"); none when a cap was read."""
    return min((amount for amount, _, _ in _topical_amounts(iq)), default=None)


def soft_method(iq: InterpretedQuery, query: str) -> str | None:
    """The one HTTP method noticed but left topical and typed in capitals in ``query`` where it was noticed, when no
    method was read; none when several are named ("difference between GET and POST"). In lower case the word is
    mostly something else ("post-punk", "post it to slack"); a caller naming the request it sends writes "GET" or
    "POST", as a word of its own ("POST-processing" is one word)."""
    if iq.method is not None:
        return None
    notes = [c for c in iq.constraints if c.kind == "method" and c.applied_as == "topic" and c.value]
    if len({c.value for c in notes}) != 1:
        return None
    method = notes[0].value
    typed = re.compile(rf"(?<![\w-]){re.escape(method)}(?![\w-])")
    for note in notes:
        for noticed in re.finditer(re.escape(note.text), query, re.IGNORECASE) if note.text else ():
            if typed.search(noticed.group()):
                return method
    return None


def described(iq: InterpretedQuery, profile: Profile, query: str) -> tuple[ConstraintNote, ...]:
    """``iq.constraints`` with each topical reading that ``profile`` turns into a soft boost marked ``boost``, and
    an amount the reading did not notice added as one."""
    amounts = _topical_amounts(iq) if profile.soft_price_boost else []
    cap = min((amount for amount, _, _ in amounts), default=None)
    capped = [(note, words) for amount, note, words in amounts if amount == cap]
    capped_notes = [note for note, _ in capped if note is not None]
    method = soft_method(iq, query) if profile.soft_method_boost else None
    soft_networks = set(iq.soft_networks) if profile.soft_network_boost else set()

    def boosted(note: ConstraintNote, what: str) -> ConstraintNote:
        why = f"{note.why}; still a small boost for {what}, in case it is a constraint"
        return dataclasses.replace(note, applied_as="boost", why=why)

    notes = []
    for note in iq.constraints:
        if note.applied_as != "topic":
            notes.append(note)
        elif note.kind == "network" and note.value in soft_networks:
            notes.append(boosted(note, "listings paid there"))
        elif any(note is c for c in capped_notes):
            notes.append(boosted(note, "listings within it"))
        elif note.kind == "method" and note.value == method:
            notes.append(boosted(note, "listings answering it"))
        else:
            notes.append(note)
    if capped and not capped_notes:  # an amount the reading noticed nowhere
        words = capped[0][1]
        why = f"'{words}': an amount written as a price: a boost for listings within it"
        notes.append(ConstraintNote("price", str(cap), "boost", why, words))
    return tuple(notes)
