"""Bytecode in the layers: layers/build.py compiles what a cold start imports from each layer, check_build counts it.

These run the probe and the compiler with the test's own interpreter on small trees; the real build runs them
with a Python of the Lambda runtime's version.
"""

from __future__ import annotations

import importlib.util
import marshal
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from tests.test_layers import build, check_build

HERE = f"{sys.version_info.major}.{sys.version_info.minor}"


def _write(path: Path, text: str = "") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _layer(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A layer's python/ dir, a second sys.path dir (the other layer) and a handler importing souk."""
    site = tmp_path / "layer" / "python"
    _write(site / "souk" / "__init__.py")
    _write(site / "souk" / "api.py", "import hotlib\n\n\ndef late():\n    import latelib\n\n    return latelib\n")
    _write(site / "souk" / "cli.py", "import clionly\n")  # local-only: not shipped, so not probed
    _write(site / "hotlib" / "__init__.py", "from hotlib import used\nimport otherlib\n")
    _write(site / "hotlib" / "used.py", "VALUE = 1\n")
    _write(site / "hotlib" / "unused.py", "VALUE = 2\n")
    _write(site / "latelib.py")
    _write(site / "clionly.py")
    other = tmp_path / "other"
    _write(other / "otherlib.py")
    entry = _write(tmp_path / "functions" / "fn" / "app.py", "import souk.api\n\nhandler = None\n")
    return site, other, entry


def _relative(files: list[Path], site: Path) -> set[str]:
    return {f.relative_to(site).as_posix() for f in files}


def test_the_hot_set_is_what_the_handlers_souk_and_its_late_imports_load_from_this_layer(tmp_path: Path):
    site, other, entry = _layer(tmp_path)
    files = build.hot_files(sys.executable, site, [other], site / "souk", [entry])
    # not hotlib/unused.py (nothing imports it), otherlib (another layer's), clionly (only local-only code imports it)
    assert _relative(files, site) == {
        "souk/__init__.py",
        "souk/api.py",
        "hotlib/__init__.py",
        "hotlib/used.py",
        "latelib.py",
    }


def test_a_handler_that_fails_to_import_is_reported_and_the_rest_still_counts(tmp_path: Path, capsys):
    site, other, entry = _layer(tmp_path)
    broken = _write(tmp_path / "functions" / "broken" / "app.py", "import hotlib.used\nraise RuntimeError('no db')\n")
    files = build.hot_files(sys.executable, site, [other], site / "souk", [broken, entry])
    assert "hotlib/used.py" in _relative(files, site) and "souk/api.py" in _relative(files, site)
    assert "RuntimeError: no db" in capsys.readouterr().out


def test_the_bytecode_is_unchecked_hash_names_opt_python_and_loads_whatever_the_mtimes(tmp_path: Path):
    site, other, entry = _layer(tmp_path)
    files = build.hot_files(sys.executable, site, [other], site / "souk", [entry])
    build.compile_hot_set(sys.executable, site, files)
    for file in files:
        data = Path(importlib.util.cache_from_source(str(file))).read_bytes()
        assert int.from_bytes(data[4:8], "little") == 0b01, file  # hash-based, source never checked
        assert marshal.loads(data[16:]).co_filename == f"/opt/python/{file.relative_to(site).as_posix()}"
    assert not Path(importlib.util.cache_from_source(str(site / "hotlib" / "unused.py"))).exists()
    assert len(list(site.rglob("*.pyc"))) == len(files)

    # Unzipping into /opt sets new mtimes; the .pyc must still be what loads (a changed source proves it is).
    used = site / "hotlib" / "used.py"
    used.write_text("VALUE = 99\n", encoding="utf-8")
    os.utime(used, (0, 0))
    env = {"PYTHONPATH": os.pathsep.join([str(site), str(other)]), "PYTHONDONTWRITEBYTECODE": "1"}
    code = "import hotlib.used as u; print(u.VALUE)"
    out = subprocess.run([sys.executable, "-S", "-P", "-c", code], env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "1"


def test_without_a_runtime_python_the_layer_builds_without_bytecode_and_says_so(tmp_path: Path, monkeypatch, capsys):
    site, _, _ = _layer(tmp_path)
    monkeypatch.setattr(build, "runtime_python", lambda: None)
    build.add_bytecode("core", site)
    out = capsys.readouterr().out  # stdout: what sam build relays
    assert "WARNING" in out and "WITHOUT bytecode" in out and "LAMBDA_PYTHON" in out
    assert not list(tmp_path.rglob("*.pyc"))


def test_the_runtime_python_must_be_the_runtime_version(monkeypatch, capsys):
    monkeypatch.setenv("LAMBDA_PYTHON", sys.executable)
    monkeypatch.setattr(build, "RUNTIME", HERE)
    assert build.runtime_python() == sys.executable
    monkeypatch.setattr(build, "RUNTIME", "2.1")
    assert build.runtime_python() is None
    assert f"LAMBDA_PYTHON={sys.executable} is not a Python 2.1" in capsys.readouterr().out


def test_a_shared_install_appears_whole_or_not_at_all(tmp_path: Path):
    calls: list[Path] = []

    def install(target: Path) -> None:
        calls.append(target)
        (target / "boto3").mkdir()

    def broken(target: Path) -> None:
        (target / "half").mkdir()
        raise subprocess.CalledProcessError(1, "pip")

    root = tmp_path / "aws-sam"
    assert build._install_once(root / "runtime-provided", install) == root / "runtime-provided"
    build._install_once(root / "runtime-provided", install)
    assert len(calls) == 1 and (root / "runtime-provided" / "boto3").is_dir()
    with pytest.raises(subprocess.CalledProcessError):
        build._install_once(root / "probe-core", broken)
    assert [p.name for p in root.iterdir()] == ["runtime-provided"]


def _build_dir(tmp_path: Path) -> tuple[dict, Path]:
    """A sam build output: one function importing a three-module package from its layer, one module compiled."""
    build_dir = tmp_path / "build"
    _write(build_dir / "Fn" / "app.py", "import hotlib\n\nhandler = None\n")
    _write(build_dir / "Broken" / "app.py", "import not_in_any_layer\n")
    site = build_dir / "CoreLayer" / "python"
    _write(site / "hotlib" / "__init__.py", "from hotlib import cold, used\n")
    _write(site / "hotlib" / "used.py")
    _write(site / "hotlib" / "cold.py")
    build.compile_hot_set(sys.executable, site, [site / "hotlib" / "used.py"])
    function = {"Type": "AWS::Serverless::Function", "Properties": {"Handler": "app.handler"}}
    template = {
        "Globals": {"Function": {"Layers": ["CoreLayer"]}},
        "Resources": {"CoreLayer": {"Type": "AWS::Serverless::LayerVersion"}, "Fn": function},
    }
    return template, build_dir


def test_the_import_smoke_counts_the_layer_modules_with_bytecode_and_writes_none(tmp_path: Path):
    template, build_dir = _build_dir(tmp_path)
    runtime = tmp_path / "runtime-provided"
    runtime.mkdir()
    env = {"PATH": os.environ.get("PATH", "")}
    result = check_build.smoke_function(template, build_dir, "Fn", ["CoreLayer"], sys.executable, runtime, env, 2)
    assert (result.ok, result.modules, result.bytecode) == (True, 3, 1)
    assert result.cpu_s >= 0 and "bytecode 1/3 layer modules" in result.line()
    assert len(list(build_dir.rglob("*.pyc"))) == 1  # like Lambda's read-only /opt: the check compiles nothing

    template["Resources"]["Broken"] = template["Resources"]["Fn"]
    failed = check_build.smoke_function(template, build_dir, "Broken", ["CoreLayer"], sys.executable, runtime, env)
    assert not failed.ok and "not_in_any_layer" in failed.error and "FAILED" in failed.line()


def test_missing_bytecode_warns_and_does_not_fail_the_check(tmp_path: Path, monkeypatch, capsys):
    template, build_dir = _build_dir(tmp_path)
    runtime = tmp_path / "runtime-provided"
    runtime.mkdir()
    fake = types.SimpleNamespace(RUNTIME=HERE, runtime_provided_dir=lambda: runtime, python_version=lambda _: HERE)
    monkeypatch.setattr(check_build, "_layer_build", lambda: fake)
    assert check_build.import_smoke(template, build_dir, sys.executable) == []
    out, err = capsys.readouterr()
    assert "import Fn" in out and "bytecode 1/3" in out
    assert "WARN Fn: 2 of the 3 layer modules it imports have no bytecode" in err
