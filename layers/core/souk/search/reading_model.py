"""A second opinion on each hard constraint the rules read: is this phrase, in these words, a constraint?

The rules in ``souk.search.understanding`` are fitted phrase by phrase to the labeled understanding set's dev
half, which they read at >= 0.97 precision, while every blind batch of new text met them at 0.74-0.94: a rule
written from one failure over-reaches on phrasings nobody labeled. This model learns the same question from
the words around every network, price, type and method phrase of the dev half (constraints and confusers
alike, whatever the rules made of them), so it generalizes by word, not by pattern. It only ever takes a
filter away: a hard filter it judges unlikely (probability below ``VETO_BELOW``) becomes topical text, which
costs a missed constraint at worst, never a listing wrongly hidden.

A logistic regression per kind over sparse binary context features (Cox 1958; the hashing-free
bag-of-features form of Weinberger et al. 2009), fitted by ``eval/understanding/train_reading.py`` on the dev
half only and stored in ``reading_weights.json``; the threshold and the fit are described there.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import NamedTuple

WEIGHTS_PATH = Path(__file__).with_name("reading_weights.json")
KINDS = ("network", "price", "type", "method")
VETO_BELOW = 0.2
LEFT_WORDS = 4
RIGHT_WORDS = 3


class KindModel(NamedTuple):
    bias: float
    weights: dict[str, float]


def features(words: Sequence[str], first: int, last: int) -> list[str]:
    """The context of words[first..last] (lowercase words of the query): the words just before and after it
    (by position and as a bag), the phrase itself, every word of the query, and the query's length."""
    left = words[max(0, first - LEFT_WORDS) : first]
    right = words[last + 1 : last + 1 + RIGHT_WORDS]
    out = [f"L{k}:{w}" for k, w in enumerate(reversed(left))]
    out += [f"L:{w}" for w in left]
    out += [f"R{k}:{w}" for k, w in enumerate(right)]
    out += [f"R:{w}" for w in right]
    if len(left) >= 2:
        out.append(f"LL:{left[-2]} {left[-1]}")
    out += [f"M:{w}" for w in words[first : last + 1]]
    out += [f"Q:{w}" for w in set(words)]
    out.append(f"len:{min(len(words) // 10, 8)}")
    return sorted(set(out))


@cache
def _models() -> dict[str, KindModel]:
    data = json.loads(WEIGHTS_PATH.read_text(encoding="utf-8"))
    return {
        kind: KindModel(float(m["bias"]), {k: float(v) for k, v in m["weights"].items()})
        for kind, m in data["kinds"].items()
    }


def probability(kind: str, context: Sequence[str]) -> float:
    """How likely the phrase with this context is a constraint of ``kind`` (1.0 for a kind without a model)."""
    model = _models().get(kind)
    if model is None:
        return 1.0
    z = model.bias + sum(model.weights.get(f, 0.0) for f in context) / math.sqrt(max(1, len(context)))
    return 1.0 / (1.0 + math.exp(-z))
