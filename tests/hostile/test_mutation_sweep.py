"""Every JSON place of real events, replaced by hostile values: a CatalogRejection or a success, never
another exception (which the handler would answer with a 500), and a rejection writes nothing.

By default each place gets 3 of the values, rotating so every value meets every kind of place across the
three bases (~10 s); ``SOUK_FULL_SWEEP=1`` tries every value at every place (~70 s).
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterator
from typing import Any

import pytest

from souk.catalog.ingest import catalog_event
from souk.errors import CatalogRejection
from tests.conftest import table_snapshot
from tests.factories import pdf_tool, settled, weather
from tests.hostile.recipes import v1_event

HOSTILE_VALUES: list[Any] = [
    None,
    0,
    -1,
    1.5,
    True,
    "",
    "x" * 3000,
    [],
    [None],
    {},
    {"a": {"b": 1}},
    "\u0000",
    "\ud800",
    "²",
    "https://we\u200bather.example.com/",
]


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    if isinstance(node, dict):
        for key, child in node.items():
            yield (*prefix, key)
            yield from _paths(child, (*prefix, key))
    elif isinstance(node, list):
        for i, child in enumerate(node[:2]):
            yield (*prefix, i)
            yield from _paths(child, (*prefix, i))


def _replace(event: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    out = copy.deepcopy(event)
    node: Any = out
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = copy.deepcopy(value)
    return out


BASES = {
    "http-settled": settled(weather()),
    "mcp": settled(pdf_tool()),
    "v1": v1_event(),
}


@pytest.mark.parametrize("base", sorted(BASES))
def test_no_hostile_value_anywhere_crashes_cataloging(base: str, db: Any, settings: Any) -> None:
    event = BASES[base]
    paths = list(_paths(event))
    assert len(paths) > 20
    crashes: list[str] = []
    accepted = rejected = 0
    full = os.environ.get("SOUK_FULL_SWEEP") == "1"
    n = len(HOSTILE_VALUES)
    for i, path in enumerate(paths):
        values = HOSTILE_VALUES if full else [HOSTILE_VALUES[(i * 3 + k) % n] for k in range(3)]
        for value in values:
            before = table_snapshot(db)
            try:
                catalog_event(db, _replace(event, path, value), settings)
                accepted += 1
            except CatalogRejection as rejection:
                rejected += 1
                assert rejection.reason
                if table_snapshot(db) != before:
                    crashes.append(f"{path} = {value!r:.40}: rejection {rejection.error} wrote")
            except Exception as exc:  # any other exception is the bug under test
                crashes.append(f"{path} = {json.dumps(value)[:40]}: {type(exc).__name__}: {str(exc)[:120]}")
            db.execute("DELETE FROM listings")
            db.commit()
    assert not crashes, "\n".join(crashes[:40])
    assert accepted and rejected
