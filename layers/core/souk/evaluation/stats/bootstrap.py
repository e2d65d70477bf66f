"""Percentile bootstrap confidence interval for a mean over queries.

Efron & Tibshirani (1993), "An Introduction to the Bootstrap", ch. 13: resample the per-query
scores with replacement, take the mean of each resample, and read the interval off the
``(1 - confidence) / 2`` and ``(1 + confidence) / 2`` quantiles of those means (numpy's default
linear interpolation). Deterministic for a given seed (numpy ``Generator(PCG64(seed))``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

# Resampled indices are drawn in blocks of at most this many cells to bound memory.
_BLOCK_CELLS = 1 << 22


def bootstrap_ci(
    values: Sequence[float],
    n_resamples: int = 10_000,
    confidence: float = 0.95,
    seed: int = 0,
) -> tuple[float, float, float]:
    """``(mean, low, high)``: sample mean of ``values`` and its percentile bootstrap interval."""
    data = np.asarray(values, dtype=np.float64)
    if data.ndim != 1 or data.size == 0:
        raise ValueError("values must be a non-empty 1-D sequence")
    if n_resamples < 1:
        raise ValueError(f"n_resamples must be >= 1, got {n_resamples}")
    if not 0.0 < confidence < 1.0:
        raise ValueError(f"confidence must be in (0, 1), got {confidence}")

    rng = np.random.Generator(np.random.PCG64(seed))
    n = data.size
    block = max(1, _BLOCK_CELLS // n)
    means = np.empty(n_resamples, dtype=np.float64)
    for start in range(0, n_resamples, block):
        stop = min(start + block, n_resamples)
        idx = rng.integers(0, n, size=(stop - start, n))
        means[start:stop] = data[idx].mean(axis=1)

    alpha = 1.0 - confidence
    low, high = np.quantile(means, [alpha / 2.0, 1.0 - alpha / 2.0])
    return float(data.mean()), float(low), float(high)
