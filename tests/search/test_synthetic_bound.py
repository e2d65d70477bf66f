"""A synthetic query may lift a listing's cosine at most ``margin`` above its own text's
(souk.search.semantic.bound_synthetic; a profile's ``synthetic_margin``, not shipped: see souk.search.profile)."""

from __future__ import annotations

import pytest

from souk.search.semantic import SemanticHit, bound_synthetic


def test_the_lift_is_bounded_and_the_order_follows():
    hits = [
        SemanticHit(1, 0.95, 0.50),  # its name echoes the query; its text is about something else
        SemanticHit(2, 0.80, 0.75),
        SemanticHit(3, 0.60, 0.0),  # its text vector was not among the rows read: left as it is
        SemanticHit(4, 0.55, 0.55),
    ]
    bounded = bound_synthetic(hits, 0.2)
    assert [h.listing_id for h in bounded] == [2, 1, 3, 4]
    assert [h.similarity for h in bounded] == pytest.approx([0.80, 0.70, 0.60, 0.55])
    assert [h.listing_similarity for h in bounded] == [0.75, 0.50, 0.0, 0.55]
