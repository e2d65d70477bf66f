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
_NUMBER = r"(\d+(?:\.\d+)?|\.\d+)"
# "<0.01", "<= $0.002", "$0.002" (not "<5%", nor the "0" of "<0.5 cents"); "0.3 cents", ".5¢".
_BOUND_OR_DOLLARS = re.compile(rf"((?:(?:<=?|≤|=<)\s*\$?|\$)\s*{_NUMBER})(?![\d.])(?!\s*(?:¢|cents?\b|%))")
_CENTS = re.compile(rf"({_NUMBER}\s*(?:¢|cents?\b))")


def unread_amounts(text: str) -> list[tuple[Decimal, str]]:
    """(USD amount, its words) for each amount written as a price: "<0.01", "$0.002", "0.3 cents"."""
    found = [(Decimal(number), words) for words, number in _BOUND_OR_DOLLARS.findall(text)]
    return found + [(Decimal(number) / 100, words) for words, number in _CENTS.findall(text)]


def _topical_amounts(iq: InterpretedQuery) -> list[tuple[Decimal, ConstraintNote | None]]:
    notes = [c for c in iq.constraints if c.kind == "price"]
    if not notes:
        return [(amount, None) for amount, _ in unread_amounts(iq.normalized)]
    return [(Decimal(c.value), c) for c in notes if c.applied_as == "topic" and _PLAIN_AMOUNT.fullmatch(c.value)]


def soft_cap(iq: InterpretedQuery) -> Decimal | None:
    """The smallest amount under $1 noticed as a price but left topical, or, when the reading noticed no price at
    all, written as one ("<0.01", "$0.002", "0.3 cents"); none when a cap was read."""
    if iq.max_usd_price is not None:
        return None
    within = [amount for amount, _ in _topical_amounts(iq) if amount < SOFT_CAP_MAX]
    return min(within) if within else None


def soft_method(iq: InterpretedQuery, query: str) -> str | None:
    """The one HTTP method noticed but left topical and typed in capitals in ``query``, when no method was read;
    none when several are named ("difference between GET and POST"). In lower case the word is mostly something
    else ("post-punk", "post it to slack"); a caller naming the request it sends writes "GET" or "POST"."""
    if iq.method is not None:
        return None
    named = {c.value for c in iq.constraints if c.kind == "method" and c.applied_as == "topic" and c.value}
    if len(named) != 1:
        return None
    method = named.pop()
    return method if re.search(rf"\b{re.escape(method)}\b", query) else None


def described(iq: InterpretedQuery, profile: Profile, query: str) -> tuple[ConstraintNote, ...]:
    """``iq.constraints`` with each topical reading that ``profile`` turns into a soft boost marked ``boost``, and
    an amount the reading did not notice added as one."""
    cap = soft_cap(iq) if profile.soft_price_boost else None
    method = soft_method(iq, query) if profile.soft_method_boost else None
    soft_networks = set(iq.soft_networks) if profile.soft_network_boost else set()

    def boosted(note: ConstraintNote, what: str) -> ConstraintNote:
        return dataclasses.replace(note, applied_as="boost", why=f"{note.why}; so a boost for {what}, not a filter")

    notes = []
    for note in iq.constraints:
        if note.applied_as != "topic":
            notes.append(note)
        elif note.kind == "network" and note.value in soft_networks:
            notes.append(boosted(note, "listings paid there"))
        elif (
            note.kind == "price"
            and cap is not None
            and _PLAIN_AMOUNT.fullmatch(note.value)
            and Decimal(note.value) == cap
        ):
            notes.append(boosted(note, "listings within it"))
        elif note.kind == "method" and note.value == method:
            notes.append(boosted(note, "listings answering it"))
        else:
            notes.append(note)
    if cap is not None and not any(c.kind == "price" for c in iq.constraints):
        words = next(words for amount, words in unread_amounts(iq.normalized) if amount == cap)
        notes.append(
            ConstraintNote(
                "price",
                str(cap),
                "boost",
                f"'{words}': an amount written as a price: a boost for listings within it",
                words,
            )
        )
    return tuple(notes)
