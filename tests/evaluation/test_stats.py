"""Bootstrap interval, paired randomization test and Holm adjustment: hand-computed cases."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from souk.evaluation.stats import bootstrap_ci, holm_adjust, paired_randomization_test

# --- bootstrap ---------------------------------------------------------------------------------


def test_bootstrap_two_point_sample():
    # Resample means of [0, 1] are 0, 0.5, 1 with probability 1/4, 1/2, 1/4, so the 2.5% and
    # 97.5% quantiles of 10,000 resamples are 0 and 1.
    assert bootstrap_ci([0.0, 1.0], seed=7) == (0.5, 0.0, 1.0)


def test_bootstrap_constant_sample():
    assert bootstrap_ci([0.3] * 12) == pytest.approx((0.3, 0.3, 0.3))


def test_bootstrap_is_deterministic_and_contains_mean():
    values = np.random.Generator(np.random.PCG64(1)).uniform(size=200).tolist()
    first = bootstrap_ci(values, seed=42)
    assert bootstrap_ci(values, seed=42) == first
    assert bootstrap_ci(values, seed=43) != first
    mean, low, high = first
    assert mean == pytest.approx(sum(values) / len(values))
    assert low < mean < high
    # Uniform(0, 1): sd ~ 0.289, standard error ~ 0.0204, so a 95% interval is ~0.08 wide.
    assert 0.06 < high - low < 0.10
    _, low90, high90 = bootstrap_ci(values, confidence=0.90, seed=42)
    assert low < low90 < high90 < high


def test_bootstrap_rejects_bad_input():
    with pytest.raises(ValueError):
        bootstrap_ci([])
    with pytest.raises(ValueError):
        bootstrap_ci([1.0], confidence=1.0)
    with pytest.raises(ValueError):
        bootstrap_ci([1.0], n_resamples=0)


# --- paired randomization test -----------------------------------------------------------------


def test_identical_inputs_give_p_one():
    a = [0.1, 0.5, 0.9, 0.3]
    assert paired_randomization_test(a, a) == 1.0


def test_symmetric_differences_give_p_one():
    # Differences +0.2, -0.2, +0.5, -0.5 sum to 0: every sign assignment is at least as extreme.
    a = [0.4, 0.2, 0.9, 0.1]
    b = [0.2, 0.4, 0.4, 0.6]
    assert paired_randomization_test(a, b) == 1.0


def test_clearly_different_pair_gives_minimum_p():
    # All 30 differences are +1; only the all-+ and all-- assignments (2 / 2**30) are as extreme,
    # so with this seed no sampled permutation matches and p = 1 / (10000 + 1).
    a = [1.0] * 30
    b = [0.0] * 30
    assert paired_randomization_test(a, b, seed=3) == pytest.approx(1 / 10_001)
    assert paired_randomization_test(b, a, seed=3) == pytest.approx(1 / 10_001)


def test_randomization_matches_exact_enumeration():
    # Differences 1..5 (sum 15): only all-+ and all-- reach |sum| >= 15, so exact p = 2/32.
    d = [1.0, 2.0, 3.0, 4.0, 5.0]
    exact = (
        sum(
            abs(sum(s * x for s, x in zip(signs, d, strict=True))) >= 15
            for signs in itertools.product((1, -1), repeat=5)
        )
        / 32
    )
    assert exact == 0.0625
    p = paired_randomization_test(d, [0.0] * 5, n_permutations=20_000, seed=11)
    assert p == pytest.approx(exact, abs=0.01)  # Monte Carlo sd ~0.0017


def test_randomization_is_deterministic():
    a = [0.2, 0.5, 0.7, 0.1, 0.9, 0.4]
    b = [0.1, 0.6, 0.5, 0.1, 0.7, 0.5]
    assert paired_randomization_test(a, b, seed=5) == paired_randomization_test(a, b, seed=5)


def test_randomization_rejects_bad_input():
    with pytest.raises(ValueError):
        paired_randomization_test([1.0], [1.0, 2.0])
    with pytest.raises(ValueError):
        paired_randomization_test([], [])


# --- Holm --------------------------------------------------------------------------------------


def test_holm_hand_computed():
    # Sorted: a 0.01, c 0.03, b 0.04 (m = 3)
    #   a: 3 * 0.01 = 0.03
    #   c: max(0.03, 2 * 0.03 = 0.06) = 0.06
    #   b: max(0.06, 1 * 0.04 = 0.04) = 0.06  (monotonicity)
    adjusted = holm_adjust({"a": 0.01, "b": 0.04, "c": 0.03})
    assert adjusted == pytest.approx({"a": 0.03, "b": 0.06, "c": 0.06})
    assert list(adjusted) == ["a", "b", "c"]


def test_holm_caps_at_one():
    # x: min(1, 2 * 0.5) = 1.0 ; y: max(1.0, 0.6) = 1.0
    assert holm_adjust({"x": 0.5, "y": 0.6}) == {"x": 1.0, "y": 1.0}


def test_holm_single_and_empty():
    assert holm_adjust({"only": 0.02}) == {"only": 0.02}
    assert holm_adjust({}) == {}
    with pytest.raises(ValueError):
        holm_adjust({"bad": 1.5})
