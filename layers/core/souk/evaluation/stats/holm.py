"""Holm-Bonferroni step-down adjustment for multiple comparisons.

Holm (1979), "A simple sequentially rejective multiple test procedure", Scand. J. Statist. 6(2).
With the ``m`` p-values sorted ascending, ``p_(1) <= ... <= p_(m)``, the adjusted values are::

    p~_(i) = max_{j <= i} min(1, (m - j + 1) * p_(j))

which are monotone in ``i`` and capped at 1. Rejecting every hypothesis with ``p~ <= alpha``
controls the family-wise error rate at ``alpha``.
"""

from __future__ import annotations

from collections.abc import Mapping


def holm_adjust(p_values: Mapping[str, float]) -> dict[str, float]:
    """Holm-adjusted p-values, keyed and ordered like ``p_values``."""
    for name, p in p_values.items():
        if not 0.0 <= p <= 1.0:
            raise ValueError(f"p-value for {name!r} must be in [0, 1], got {p}")
    m = len(p_values)
    ordered = sorted(p_values, key=lambda name: p_values[name])
    adjusted: dict[str, float] = {}
    running = 0.0
    for i, name in enumerate(ordered):
        running = max(running, min(1.0, (m - i) * p_values[name]))
        adjusted[name] = running
    return {name: adjusted[name] for name in p_values}
