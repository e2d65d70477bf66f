"""Whether a listing's name says what its description says, and the texts to embed when it does not.

A name is the seller's shortest claim and the easiest to aim at a query: an MCP tool named
``weather_forecast_for_city`` whose description is "Spin the slot machine and win jackpots" matched
"weather forecast for a city" at cosine 0.99 through its name query (synthetic template 1) and 0.47
through its canonical text, which leads with the name, and ranked first above every weather listing
(a probe, 2026-12-07). The description is the longer, harder-to-fake account of what the endpoint does,
so the name is trusted only when the model reads the two as related: the cosine between the name's
query and the description's first sentence (synthetic template 2), both already embedded for the
listing, is at least ``MIN_NAME_COHERENCE``.

Measured on the demo catalog: honest tool names sit at 0.43-0.71 from their descriptions ("get
forecast" / "Daily weather forecast for a place name ..." 0.49); the slot machine at -0.03. A brand
("NimbusGrid" / "Current weather for a city by name", 0.03) falls below too: the model reads nothing
in a brand, so embedding the listing as if it declared no name loses nothing the vectors carried and
lets the next subject (the first tag, else the route) lead the name-led queries instead.

A listing whose name fails is embedded as if it declared neither a tool nor a service name: the
canonical text without those lines and the synthetic queries of that document. Only the vectors
change; the lexical index, the stored document and what the API serves keep the name as declared.
A listing without a description, or whose subject is not a declared name, is left as it is.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from souk.embedding.synthetic import name_and_purpose, synthetic_queries
from souk.listing.canonical import canonical_text
from souk.listing.document import ListingDocument

MIN_NAME_COHERENCE = 0.15

Vector = npt.NDArray[np.float32]


def name_is_coherent(doc: ListingDocument, vector_of: Callable[[str], Vector]) -> bool:
    """True unless the listing's name and description are both declared and the model reads them as
    unrelated (cosine of their unit vectors under ``MIN_NAME_COHERENCE``)."""
    texts = name_and_purpose(doc)
    if texts is None or len(texts[0]) < 2 or len(texts[1]) < 2 or texts[0] == texts[1]:
        return True
    name, purpose = texts
    return float(np.dot(vector_of(name), vector_of(purpose))) >= MIN_NAME_COHERENCE


def without_name(doc: ListingDocument) -> ListingDocument:
    return dataclasses.replace(doc, tool_name=None, service_name=None)


def texts_without_name(doc: ListingDocument) -> tuple[str, list[str]]:
    """The canonical text and synthetic queries of ``doc`` as if it declared no tool or service name."""
    bare = without_name(doc)
    return canonical_text(bare), synthetic_queries(bare)
