"""Hypothesis strategies that start from real catalog events and break one to three things in them.

Cases generated from the OpenAPI document alone almost never get past the x402 SDK's validation, so
they exercise the front door only. Mutating an event Souk accepts reaches bounds, canonicalization,
seller binding, storage and (afterwards) the read paths that serve what was stored.
"""

from __future__ import annotations

import contextlib
import copy
from typing import Any

from hypothesis import strategies as st

Path = tuple[str | int, ...]

_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=40)
    | st.sampled_from(["", " ", "0", "-1", "1e309", "9999-12-31T23:59:59Z", "https://x", "\u200b", "%00", "//"])
)
JSON_VALUES = st.recursive(
    _SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=10), inner, max_size=3),
    max_leaves=8,
)


def node_paths(value: Any, prefix: Path = ()) -> list[Path]:
    """Every key or index path inside ``value`` (not the root itself)."""
    out: list[Path] = []
    items: list[tuple[str | int, Any]] = []
    if isinstance(value, dict):
        items = list(value.items())
    elif isinstance(value, list):
        items = list(enumerate(value))
    for key, child in items:
        path = (*prefix, key)
        out.append(path)
        out.extend(node_paths(child, path))
    return out


def _apply(event: dict[str, Any], path: Path, action: str, new: Any) -> None:
    parent: Any = event
    for key in path[:-1]:
        parent = parent[key]
    last = path[-1]
    if action == "delete":
        del parent[last]
    else:
        parent[last] = new


@st.composite
def mutated_events(draw: st.DrawFn, seeds: list[dict[str, Any]]) -> dict[str, Any]:
    event = copy.deepcopy(draw(st.sampled_from(seeds)))
    if draw(st.booleans()):
        # A fresh URL, so an event that survives its mutations becomes a new listing instead of being
        # refused as another seller's (payto_mismatch) or ignored as an older copy.
        host = draw(st.integers(min_value=0, max_value=10**6))
        resource = event.get("paymentPayload", {}).get("resource")
        if isinstance(resource, dict):
            resource["url"] = f"https://fuzz{host}.example.com/v1/tool"
    paths = node_paths(event)
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        path = draw(st.sampled_from(paths))
        action = draw(st.sampled_from(["replace", "replace", "delete"]))
        new = draw(JSON_VALUES)
        # An earlier mutation may have removed or replaced this node's parent: then this one is a no-op.
        with contextlib.suppress(KeyError, IndexError, TypeError):
            _apply(event, path, action, new)
    return event
