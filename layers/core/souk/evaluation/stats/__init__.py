"""Significance and uncertainty for per-query metric scores."""

from souk.evaluation.stats.bootstrap import bootstrap_ci
from souk.evaluation.stats.holm import holm_adjust
from souk.evaluation.stats.randomization import paired_randomization_test

__all__ = ["bootstrap_ci", "holm_adjust", "paired_randomization_test"]
