"""Package layering: the import graph between souk's subpackages, late (function-level) imports included.

A cycle between two subpackages (``souk.catalog`` imports ``souk.search`` and ``souk.search`` imports
``souk.catalog``) is a layering error even when a late import keeps it from failing at import time.
The edges below are the cycles that remain (issue 11, "package layering"): the listing document and the
SQL filters still have to move down where the write path (catalog, embedding) and the read path (search,
discovery) both import them. This test fails on any *new* cycle edge, and on a listed edge once it is gone,
so the list only shrinks.
"""

from __future__ import annotations

import ast
from collections import defaultdict

from tests.conftest import REPO

PACKAGE = REPO / "layers" / "core" / "souk"

# (importer, imported): each inside a cycle today, with the module that makes it.
KNOWN_CYCLE_EDGES = {
    ("souk.search", "souk.discovery"),  # search/pipeline.py -> discovery.filters (Filters)
    ("souk.search", "souk.catalog"),  # search/lexical_index.py -> catalog.document
    ("souk.search", "souk.lifecycle"),  # search/health.py -> lifecycle.visibility
    ("souk.search", "souk.embedding"),  # search/semantic.py (fine once embedding no longer reaches search)
    ("souk.catalog", "souk.search"),  # catalog/indexing.py -> search.lexical_index (late import)
    ("souk.catalog", "souk.embedding"),  # catalog/indexing.py -> embedding.jobs (late import)
    ("souk.catalog", "souk.lifecycle"),  # catalog/ingest.py -> lifecycle.rejections, lifecycle.store
    ("souk.embedding", "souk.catalog"),  # embedding/worker.py, synthetic.py -> catalog.document
    ("souk.lifecycle", "souk.catalog"),  # lifecycle/store.py -> catalog.bindings
    ("souk.lifecycle", "souk.discovery"),  # lifecycle/merchant.py, rejections.py -> discovery.filters
    ("souk.discovery", "souk.search"),  # discovery/search.py (the read API; fine once search stops reaching up)
    ("souk.discovery", "souk.lifecycle"),  # discovery/resources.py, items.py -> lifecycle
    ("souk.discovery", "souk.catalog"),  # discovery/conversions.py -> catalog.canonical
}


def _subpackage(module: str) -> str:
    return ".".join(module.split(".")[:2])


def _type_checking_only(tree: ast.Module) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            lines |= {n.lineno for child in node.body for n in ast.walk(child) if hasattr(n, "lineno")}
    return lines


def import_graph() -> dict[str, dict[str, list[str]]]:
    """importer subpackage -> imported subpackage -> ["file:line", ...] (runtime imports only)."""
    graph: dict[str, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
    for file in sorted(PACKAGE.rglob("*.py")):
        module = "souk." + ".".join(file.relative_to(PACKAGE).with_suffix("").parts)
        source = _subpackage(module.removesuffix(".__init__"))
        tree = ast.parse(file.read_text(encoding="utf-8"))
        typing_only = _type_checking_only(tree)
        for node in ast.walk(tree):
            if getattr(node, "lineno", None) in typing_only:
                continue
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                target = _subpackage(name)
                if name.startswith("souk.") and target != source and target.count(".") == 1:
                    graph[source][target].append(f"{file.relative_to(PACKAGE)}:{node.lineno}")
    return graph


def cycle_edges(graph: dict[str, dict[str, list[str]]]) -> set[tuple[str, str]]:
    """Edges whose two ends are in the same strongly connected component."""
    nodes = set(graph) | {t for targets in graph.values() for t in targets}
    reach = {n: set() for n in nodes}
    for start in nodes:
        todo = list(graph.get(start, {}))
        while todo:
            n = todo.pop()
            if n not in reach[start]:
                reach[start].add(n)
                todo.extend(graph.get(n, {}))
    return {(a, b) for a in graph for b in graph[a] if a in reach[b]}


def test_no_new_package_import_cycle():
    graph = import_graph()
    found = cycle_edges(graph)
    new = sorted(found - KNOWN_CYCLE_EDGES)
    described = "; ".join(f"{a} -> {b} ({graph[a][b][:3]})" for a, b in new)
    assert not new, f"new import cycles between subpackages: {described}"
    gone = sorted(KNOWN_CYCLE_EDGES - found)
    assert not gone, f"these cycle edges are gone, remove them from KNOWN_CYCLE_EDGES: {gone}"


def test_the_cycle_check_sees_a_cycle_made_by_a_late_import():
    graph = {"souk.a": {"souk.b": ["a.py:1"]}, "souk.b": {"souk.c": ["b.py:3"]}, "souk.c": {"souk.a": ["c.py:9"]}}
    assert cycle_edges(graph) == {("souk.a", "souk.b"), ("souk.b", "souk.c"), ("souk.c", "souk.a")}
    graph["souk.c"] = {}
    assert cycle_edges(graph) == set()
    late = import_graph()["souk.catalog"]["souk.search"]
    assert any(ref.startswith("catalog/indexing.py") for ref in late), late
