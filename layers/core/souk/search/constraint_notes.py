"""Why a constraint in a query was, or was not, applied: one note per detected constraint.

``interpretedQuery.constraints`` lists them so an agent can see, for every network, asset, price,
type, method, negation or cheapness word Souk noticed, whether it became a hard filter, a boost, a
demotion, stayed topical text, could not be applied, or gave way to an explicit parameter — and the phrase
that decided it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Literal

NoteKind = Literal["network", "asset", "price", "type", "method", "negation", "cheapest"]
AppliedAs = Literal["filter", "boost", "demote", "topic", "unapplied", "overridden"]


@dataclass(frozen=True, slots=True)
class ConstraintNote:
    kind: NoteKind
    value: str
    applied_as: AppliedAs
    why: str
    text: str  # the words of the query the note is about

    def to_dict(self) -> dict[str, str]:
        return {
            "kind": self.kind,
            "value": self.value,
            "appliedAs": self.applied_as,
            "why": self.why,
            "text": self.text,
        }


def overridden(notes: tuple[ConstraintNote, ...], parameters: Mapping[str, str]) -> tuple[ConstraintNote, ...]:
    """``notes`` with each filter (or refusal) read from the words whose kind an explicit parameter set
    (``parameters``: kind to parameter name) marked ``overridden``: the parameter is what was applied, never both."""
    return tuple(
        replace(note, applied_as="overridden", why=f"{note.why}; the {parameter} parameter wins over the words")
        if note.applied_as in ("filter", "demote")
        and note.kind != "negation"
        and (parameter := parameters.get(note.kind))
        else note
        for note in notes
    )
