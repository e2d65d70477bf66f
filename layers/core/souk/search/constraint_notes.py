"""Why a constraint in a query was, or was not, applied: one note per detected constraint.

``interpretedQuery.constraints`` lists them so an agent can see, for every network, asset, price,
type, method, negation or cheapness word Souk noticed, whether it became a hard filter, a boost, a
demotion, stayed topical text, or could not be applied — and the phrase that decided it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

NoteKind = Literal["network", "asset", "price", "type", "method", "negation", "cheapest"]
AppliedAs = Literal["filter", "boost", "demote", "topic", "unapplied"]


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
