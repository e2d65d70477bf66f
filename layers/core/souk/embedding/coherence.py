"""Which of a listing's declared fields its description bears out, and the texts to embed without the rest.

Every field a seller writes is a claim, and the short ones are the easiest to aim at a query: an MCP tool named
``weather_forecast_for_city`` whose description is "Spin the slot machine and win jackpots" matched "weather
forecast for a city" at cosine 0.99 through its name query (synthetic template 1) and 0.47 through its canonical
text, which leads with the name, and ranked first above every weather listing (a probe, 2026-12-07). The same
slot machine reached the top 5, labelled strong, with the query's words only in a parameter name
(``phone_number_validation``), its tags or its output field names (red team, 2026-12-07; also its route or its
subdomain, which are not probed: see ``synthetic.claim_probes``). The description is the longer, harder-to-fake
account of what the endpoint does, so each of those fields is embedded only when the model reads it as related to
the description: the cosine between the field's words (``synthetic.claim_probes``) and the description's first
sentence (template 2; with the next ones while it has fewer than three words, so "Jackpot! Spin to win." is judged by
what follows) is at least ``MIN_COHERENCE`` (measured for the bundled model; another model is not judged).

Measured on the demo catalog: honest tool names sit at 0.43-0.71 from their descriptions ("get forecast" /
"Daily weather forecast for a place name ..." 0.49); the slot machine at -0.03. A brand ("NimbusGrid" / "Current
weather for a city by name", 0.03) or a generic parameter ("q", "id") falls below too: the model reads nothing in
it, so embedding the listing without it loses nothing the vectors carried.

A field that fails is left out of the listing's vectors: its line of the canonical text and the synthetic
queries built from it (a name that fails no longer leads the name-led queries: the next subject does). Only the
vectors change; the lexical index, the stored document and what the API serves keep every field as declared. A
listing without a description is left as it is: there is nothing to weigh its fields against.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping

import numpy as np
import numpy.typing as npt

from souk.embedding.synthetic import claim_probes, synthetic_queries
from souk.listing.canonical import canonical_text
from souk.listing.document import ListingDocument

# The cosine under which a field reads as unrelated, per model: measured for the bundled model only. Cosine scales
# differ between models (unrelated texts sit near 0 here and near 0.7 under some others), so a model without a
# measured threshold has no field left out.
MIN_COHERENCE = {"sentence-transformers/all-MiniLM-L6-v2": 0.15}

Vector = npt.NDArray[np.float32]

_EMPTY: Mapping[str, dict[str, object]] = {
    "name": {"tool_name": None, "service_name": None},
    "tags": {"tags": ()},
    "inputs": {"params": ()},
    "outputs": {"output_fields": ()},
}


def threshold_for(model_id: str) -> float | None:
    return MIN_COHERENCE.get(model_id)


def probe_texts(doc: ListingDocument) -> list[str]:
    """The texts whose vectors ``unrelated_fields`` compares (the purpose first), none without a description."""
    probes = claim_probes(doc)
    if probes is None:
        return []
    purpose, fields = probes
    return [purpose, *fields.values()]


def unrelated_fields(doc: ListingDocument, vector_of: Callable[[str], Vector], threshold: float) -> frozenset[str]:
    """The declared fields (``name``, ``tags``, ``inputs``, ``outputs``) the model reads as unrelated to the
    description: the cosine of their unit vectors under ``threshold``."""
    probes = claim_probes(doc)
    if probes is None:
        return frozenset()
    purpose, fields = probes
    anchor = vector_of(purpose)
    return frozenset(f for f, text in fields.items() if float(np.dot(vector_of(text), anchor)) < threshold)


def without(doc: ListingDocument, fields: frozenset[str]) -> ListingDocument:
    changes: dict[str, object] = {}
    for f in sorted(fields):
        changes |= _EMPTY[f]
    return dataclasses.replace(doc, **changes)  # type: ignore[arg-type]


def texts_without(doc: ListingDocument, fields: frozenset[str]) -> tuple[str, list[str]]:
    """The canonical text and synthetic queries of ``doc`` as if it declared none of ``fields``."""
    bare = without(doc, fields)
    return canonical_text(bare), synthetic_queries(bare)
