"""The Lambda layers: what layers/build.py leaves out, and the size check layers/check_build.py runs after sam build."""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from souk.runner.template import load_template
from tests.conftest import REPO

PACKAGE_ROOT = REPO / "layers" / "core"


def _load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"souk_layers_{name}", REPO / "layers" / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


build = _load("build")
check_build = _load("check_build")


def _module_file(name: str) -> Path | None:
    base = PACKAGE_ROOT / name.replace(".", "/")
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate
    return None


def _souk_imports(file: Path) -> set[str]:
    """Every souk module ``file`` imports, late (function-level) imports included."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(file.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "souk"}
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] == "souk":
            found.add(node.module)
            found |= {f"{node.module}.{a.name}" for a in node.names if _module_file(f"{node.module}.{a.name}")}
    # importing a.b.c runs a/__init__.py and a/b/__init__.py too
    return found | {".".join(m.split(".")[:i]) for m in found for i in range(1, m.count(".") + 1)}


def _closure(entry: Path) -> set[str]:
    seen: set[str] = set()
    todo = list(_souk_imports(entry))
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        file = _module_file(name)
        if file is not None:
            todo.extend(_souk_imports(file) - seen)
    return seen


def _relative(module: str) -> str:
    file = _module_file(module)
    assert file is not None, module
    return file.relative_to(PACKAGE_ROOT).as_posix()


def test_no_function_reaches_the_code_the_core_layer_leaves_out():
    template = load_template(REPO / "template.yaml")
    functions = {n: r for n, r in template["Resources"].items() if r["Type"] == "AWS::Serverless::Function"}
    assert functions
    for name, resource in functions.items():
        props = resource["Properties"]
        entry = REPO / props["CodeUri"] / (props["Handler"].rsplit(".", 1)[0] + ".py")
        reached = {_relative(m) for m in _closure(entry) if _module_file(m)}
        assert reached, name
        local = sorted(path for path in reached if build.is_local_only(path))
        assert not local, f"{name} imports local-only modules the core layer does not ship: {local}"


def test_local_only_patterns_name_real_files():
    for pattern in build.LOCAL_ONLY:
        assert list(PACKAGE_ROOT.glob(pattern)), f"{pattern} matches nothing under layers/core"
    assert build.is_local_only("souk/runner/server.py")
    assert build.is_local_only("souk/demo/demo_events.jsonl")
    assert not build.is_local_only("souk/demo/builders.py")
    assert not build.is_local_only("souk/embedding/manifest.py")


def test_copy_package_leaves_local_only_code_and_bytecode_out(tmp_path: Path):
    build.copy_package(PACKAGE_ROOT / "souk", tmp_path)
    shipped = {p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()}
    assert "souk/api/app.py" in shipped and "souk/search/pipeline.py" in shipped
    assert not [p for p in shipped if build.is_local_only(p) or p.endswith(".pyc") or "__pycache__" in p]


def test_layer_build_targets_the_template_runtime():
    template = load_template(REPO / "template.yaml")
    assert template["Globals"]["Function"]["Runtime"] == f"python{build.RUNTIME}"
    assert "manylinux2014_x86_64" in build.PLATFORMS
    assert template["Globals"]["Function"]["Architectures"] == ["x86_64"]


def _write(path: Path, size: int) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\0" * size)


def test_size_check_sums_code_and_every_layer_and_fails_over_the_limit(tmp_path: Path, capsys):
    template = {
        "Globals": {"Function": {"Layers": ["CoreLayer"]}},
        "Resources": {
            "CoreLayer": {"Type": "AWS::Serverless::LayerVersion"},
            "BigLayer": {"Type": "AWS::Serverless::LayerVersion"},
            "SmallFunction": {"Type": "AWS::Serverless::Function", "Properties": {}},
            "BigFunction": {"Type": "AWS::Serverless::Function", "Properties": {"Layers": [{"Ref": "BigLayer"}]}},
        },
    }
    _write(tmp_path / "CoreLayer" / "python" / "a.py", 600)
    _write(tmp_path / "BigLayer" / "python" / "b" / "c.so", 500)
    _write(tmp_path / "SmallFunction" / "app.py", 10)
    _write(tmp_path / "BigFunction" / "app.py", 20)
    rows = {r.function: r for r in check_build.sizes(template, tmp_path)}
    assert rows["SmallFunction"].total == 610
    assert rows["BigFunction"].layers == {"CoreLayer": 600, "BigLayer": 500}
    assert rows["BigFunction"].total == 1120
    table, over = check_build.report(list(rows.values()), limit=1000)
    assert over == [f"BigFunction: {1120 / check_build.MB:.1f} MB > 0 MB unzipped"]
    assert "SmallFunction" in table and "BigLayer" in table


def test_size_check_needs_a_build(tmp_path: Path):
    template = {"Resources": {"Fn": {"Type": "AWS::Serverless::Function", "Properties": {}}}}
    with pytest.raises(FileNotFoundError, match="sam build"):
        check_build.sizes(template, tmp_path)


def test_size_check_of_the_real_template_reads_every_function():
    layers = check_build.function_layers(load_template(REPO / "template.yaml"))
    assert layers["ResourcesFunction"] == ["CoreLayer"]
    assert layers["CatalogFunction"] == ["CoreLayer"]
    for embedding in ("SearchFunction", "StatusFunction", "EmbedJobFunction", "EvalJobFunction"):
        assert layers[embedding] == ["CoreLayer", "EmbeddingLayer", "ModelLayer"], embedding
