"""Origin diversity: at most ``max_per_origin`` results of one operator, one payTo or one description on a page.

An operator is a registrable domain (souk.search.origins), so one publisher's sub-domains share a cap
while customers of a hosting platform do not. The cap yields where it would hurt: an over-cap result
stays on the page when the best result that could take its place is clearly weaker (its score below
``relax_ratio`` times the over-cap one's), or, for the operator's cap only, when the query names the
operator. The description cap is for copies: the same text on many platform hosts with as many payTos
(ten ``mailblastN.vercel.app`` took #2-#10 of "send email"). The overflow moves to
the next page, in order, so nothing is dropped.
"""

from __future__ import annotations

from typing import NamedTuple

# Beyond this many results the order is left as fused: later pages are rarely read and the
# look-ahead is quadratic in the worst case.
DIVERSIFIED_DEPTH = 200


# A NamedTuple, not a frozen dataclass: up to 250 are made a search, and a frozen dataclass's __init__ sets each
# field through object.__setattr__ (measured 0.5-2.0 us for 4-10 fields, a NamedTuple 0.2-0.45 us).
class Candidate(NamedTuple):
    listing_id: int
    score: float
    operator: str
    payee: str
    text: str = ""  # a fingerprint of the seller's description ("" when there is none)


class _Page:
    def __init__(self, max_per_origin: int) -> None:
        self.items: list[Candidate] = []
        self._operators: dict[str, int] = {}
        self._payees: dict[str, int] = {}
        self._texts: dict[str, int] = {}
        self._cap = max_per_origin

    def admits(self, c: Candidate) -> bool:
        return self.admits_origin(c) and self.admits_text(c)

    def admits_origin(self, c: Candidate) -> bool:
        return self._operators.get(c.operator, 0) < self._cap and self._payees.get(c.payee, 0) < self._cap

    def admits_seller(self, c: Candidate) -> bool:
        """The caps a named operator does not lift: its payTo's, and its description's."""
        return self._payees.get(c.payee, 0) < self._cap and self.admits_text(c)

    def admits_text(self, c: Candidate) -> bool:
        return not c.text or self._texts.get(c.text, 0) < self._cap

    def add(self, c: Candidate) -> None:
        self.items.append(c)
        self._operators[c.operator] = self._operators.get(c.operator, 0) + 1
        self._payees[c.payee] = self._payees.get(c.payee, 0) + 1
        if c.text:
            self._texts[c.text] = self._texts.get(c.text, 0) + 1


def diversify(
    candidates: list[Candidate],
    *,
    max_per_origin: int,
    page_size: int,
    relax_ratio: float,
    named_operators: frozenset[str] = frozenset(),
) -> list[int]:
    """The listing ids in page order."""
    if max_per_origin <= 0 or not candidates:
        return [c.listing_id for c in candidates]
    head, tail = candidates[:DIVERSIFIED_DEPTH], candidates[DIVERSIFIED_DEPTH:]
    out: list[int] = []
    pending = head
    while pending:
        page = _Page(max_per_origin)
        overflow: list[Candidate] = []
        # pending[i + 1 : scan] are known not to be admitted: a page only fills, so what it refuses once it
        # refuses for the rest of the pass. The look-ahead resumes there instead of rescanning (linear, not
        # quadratic, in a catalog where one origin has many near-copies). ``origin_scan`` does the same for the
        # operator and payTo caps alone (at 100k listings the rescan it replaces was 4 ms of a search).
        scan = origin_scan = 0
        for i, c in enumerate(pending):
            if len(page.items) >= page_size:
                overflow += pending[i:]  # a full page refuses the rest of the pass, in order
                break
            # A named operator lifts its operator's cap, never the payTo's: a free host named like a topic word
            # ("email.vercel.app" for "send email") would otherwise let one seller fill the page.
            keep = page.admits(c) or (c.operator in named_operators and page.admits_seller(c))
            if not keep:
                scan = max(scan, i + 1)
                while scan < len(pending) and not page.admits(pending[scan]):
                    scan += 1
                rival = pending[scan] if scan < len(pending) else None
                if rival is None and not page.admits_origin(c):
                    # Everything left shares a description on the page, but this one also breaks its operator's or
                    # payTo's cap: one that only repeats the text yields less (the description cap is the softer).
                    origin_scan = max(origin_scan, i + 1)
                    while origin_scan < len(pending) and not page.admits_origin(pending[origin_scan]):
                        origin_scan += 1
                    rival = pending[origin_scan] if origin_scan < len(pending) else None
                keep = rival is None or rival.score < relax_ratio * c.score
            if keep:
                page.add(c)
            else:
                overflow.append(c)
        out += [c.listing_id for c in page.items]
        pending = overflow
    return out + [c.listing_id for c in tail]
