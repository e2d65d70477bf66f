"""A second reading of each hard filter the rules read out of a query.

The rules in ``souk.search.understanding`` decide from cue phrases whether a chain, an amount, "MCP" or "POST"
constrains the result or is the task's subject. On each new blind batch of the understanding set they read
hard filters at a precision of ~0.7-0.9 before being revised, and the held-out half stayed near 0.9 however
much the dev half improved: cue phrases do not generalize far. This module gives every hard filter a second,
independent opinion: a logistic regression (Cox 1958; L2-regularized, fitted by full-batch gradient descent)
over the words around the constraint phrase, the phrase itself and the query's words, trained on the dev half of
``eval/understanding/cases.jsonl`` by ``souk.evaluation.constraint_veto_training``. It never sees the rules'
reasons, so where it disagrees it is evidence the rules do not have. A filter it reads as probably the subject
(probability under its kind's threshold) is applied as the topic instead: a network becomes a small boost, an
amount, an interface or a method stays text. A wrong filter hides the right listing; a missed one only lets
others in beside it.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

KINDS = ("network", "price", "type", "method")
WINDOW = 6  # words each side of the phrase, position-tagged
# On queries of up to this many words, cross-fitted on the dev half, the second reading removed 1 wrong filter of 9
# and 1 right one of 590: a short query leaves little around the phrase to read, and the rules are right there.
SHORT_QUERY_WORDS = 10
MODEL_PATH = Path(__file__).with_name("constraint_veto.json")


@dataclass(frozen=True, slots=True)
class Model:
    thresholds: Mapping[str, float]
    bias: Mapping[str, float]
    weights: Mapping[str, Mapping[str, float]]

    def probability(self, kind: str, feature_names: Sequence[str]) -> float:
        """P(the phrase constrains the result | its words), by the ``kind``'s model."""
        weights = self.weights[kind]
        score = self.bias[kind] + sum(weights.get(name, 0.0) for name in feature_names)
        return 1.0 / (1.0 + math.exp(-score))


def features(words: Sequence[str], first: int, last: int, sentences: int) -> list[str]:
    """The features of the phrase ``words[first:last + 1]`` in its query: each of the ``WINDOW`` words before and
    after it, with and without its distance, the bigrams of those windows, the word before joined to the phrase's
    first, the phrase's words, every distinct word of the query, and the query's length and its ``sentences`` in
    buckets. Plain strings, so the committed model reads as what it learned."""
    left = list(words[max(0, first - WINDOW) : first])
    right = list(words[last + 1 : last + 1 + WINDOW])
    mention = list(words[first : last + 1])
    names = [f"len={min(len(words) // 5, 12)}", f"sentences={min(sentences, 4)}"]
    for distance, word in enumerate(reversed(left)):
        names += [f"L:{word}", f"L{distance}:{word}"]
    for distance, word in enumerate(right):
        names += [f"R:{word}", f"R{distance}:{word}"]
    names += [f"LB:{a}_{b}" for a, b in itertools.pairwise(left)]
    names += [f"RB:{a}_{b}" for a, b in itertools.pairwise(right)]
    if left:
        names.append(f"L0M:{left[-1]}_{mention[0] if mention else ''}")
    names += [f"M:{word}" for word in mention]
    names += [f"Q:{word}" for word in sorted(set(words))]
    return names


def reviews(words: Sequence[str]) -> bool:
    """Whether a query of ``words`` gets the second reading: longer than ``SHORT_QUERY_WORDS``."""
    return len(words) > SHORT_QUERY_WORDS


def load(path: Path) -> Model:
    raw = json.loads(path.read_text())
    missing = [kind for kind in KINDS if kind not in raw["bias"] or kind not in raw["weights"]]
    if missing:
        raise ValueError(f"{path}: no model for {', '.join(missing)}")
    missing = [kind for kind in KINDS if kind not in raw["thresholds"]]
    if missing:
        raise ValueError(f"{path}: no threshold for {', '.join(missing)}")
    return Model(thresholds=raw["thresholds"], bias=raw["bias"], weights=raw["weights"])


@cache
def model() -> Model:
    return load(MODEL_PATH)


def probability(kind: str, words: Sequence[str], first: int, last: int, sentences: int) -> float:
    return model().probability(kind, features(words, first, last, sentences))
