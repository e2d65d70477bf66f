"""Paired randomization (sign-flip) test on per-query score differences.

Fisher (1935), "The Design of Experiments"; applied to IR by Smucker, Allan & Carterette (2007),
"A comparison of statistical significance tests for information retrieval evaluation", CIKM.
Under the null hypothesis the two systems are exchangeable on every query, so each per-query
difference ``a_i - b_i`` is equally likely to carry either sign. The test statistic is
``|mean(d)|`` (two-sided); the p-value counts random sign assignments at least as extreme as the
observed one, with the +1 correction of Phipson & Smyth (2010) so it is never 0::

    p = (count + 1) / (n_permutations + 1)

Identical inputs give p = 1.0. Deterministic for a given seed (numpy ``Generator(PCG64(seed))``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

# Sign matrices are drawn in blocks of at most this many cells to bound memory.
_BLOCK_CELLS = 1 << 22
# Relative tolerance so a permutation that reproduces the observed statistic counts as extreme.
_REL_TOL = 1e-12


def paired_randomization_test(
    a: Sequence[float],
    b: Sequence[float],
    n_permutations: int = 10_000,
    seed: int = 0,
) -> float:
    """Two-sided p-value that paired per-query scores ``a`` and ``b`` share a mean."""
    x = np.asarray(a, dtype=np.float64)
    y = np.asarray(b, dtype=np.float64)
    if x.ndim != 1 or x.shape != y.shape or x.size == 0:
        raise ValueError("a and b must be non-empty 1-D sequences of equal length")
    if n_permutations < 1:
        raise ValueError(f"n_permutations must be >= 1, got {n_permutations}")

    diff = x - y
    n = diff.size
    # Sums rather than means: same ordering of statistics, fewer rounding steps.
    observed = abs(float(diff.sum()))
    threshold = observed - _REL_TOL * max(1.0, float(np.abs(diff).sum()))

    rng = np.random.Generator(np.random.PCG64(seed))
    block = max(1, _BLOCK_CELLS // n)
    count = 0
    for start in range(0, n_permutations, block):
        rows = min(block, n_permutations - start)
        signs = rng.integers(0, 2, size=(rows, n)) * 2 - 1
        count += int(np.count_nonzero(np.abs(signs @ diff) >= threshold))
    return (count + 1) / (n_permutations + 1)
