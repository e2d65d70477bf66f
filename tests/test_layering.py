"""Package layering: the import graph between souk's subpackages, late (function-level) imports included.

A cycle between two subpackages (``souk.catalog`` imports ``souk.search`` and ``souk.search`` imports
``souk.catalog``) is a layering error even when a late import keeps it from failing at import time. What the
write path and the read path both need (the listing document, canonical URLs, the SQL filters, the id-or-key
resolver) lives in ``souk.listing``, which imports no other subpackage, so there is no cycle at all.
"""

from __future__ import annotations

import ast
from collections import defaultdict

from tests.conftest import REPO

PACKAGE = REPO / "layers" / "core" / "souk"


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


def test_no_package_import_cycle():
    graph = import_graph()
    found = sorted(cycle_edges(graph))
    described = "; ".join(f"{a} -> {b} ({graph[a][b][:3]})" for a, b in found)
    assert not found, f"import cycles between subpackages: {described}"


def test_the_shared_layer_imports_no_other_subpackage():
    allowed = {"souk.db", "souk.errors", "souk.networks", "souk.assets", "souk.config"}
    assert set(import_graph()["souk.listing"]) <= allowed


def test_the_cycle_check_sees_a_cycle_made_by_a_late_import():
    graph = {"souk.a": {"souk.b": ["a.py:1"]}, "souk.b": {"souk.c": ["b.py:3"]}, "souk.c": {"souk.a": ["c.py:9"]}}
    assert cycle_edges(graph) == {("souk.a", "souk.b"), ("souk.b", "souk.c"), ("souk.c", "souk.a")}
    graph["souk.c"] = {}
    assert cycle_edges(graph) == set()
    edge = import_graph()["souk.catalog"]["souk.search"]  # the write path indexes for search: one way only
    assert any(ref.startswith("catalog/indexing.py") for ref in edge), edge
