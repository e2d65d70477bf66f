"""Check ``sam build``'s output: each function's code plus its layers fits Lambda, and it imports.

``python layers/check_build.py [--build-dir .aws-sam/build] [--python python3.13]``

Prints every function's unzipped size (its code and each layer it mounts, Globals' layers first, as
SAM merges them) and exits 1 when one exceeds Lambda's 250 MB limit. With ``--python`` (an interpreter
of the runtime's version), it also imports each function's handler module with only its own code and
layers on ``sys.path`` (plus boto3, which the runtime provides), the way Lambda would at a cold start:
a function that needs a package its layers do not carry fails here, not in AWS. Like Lambda's read-only
/opt, that import writes no bytecode; it reports its CPU time (the median of ``--repeats`` fresh processes)
and how many of the layer modules it loaded have a ``.pyc`` (layers/build.py compiles them when it finds a
Python 3.13). Missing bytecode is a warning, not a failure: a build machine without Python 3.13 still builds.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import os
import statistics
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "layers" / "core"))

from souk.runner.template import load_template  # noqa: E402  (the repository's package, not an installed one)

LIMIT_BYTES = 250 * 1024 * 1024  # Lambda: function code plus all its layers, unzipped
MB = 1024 * 1024


@dataclass(frozen=True)
class FunctionSize:
    function: str
    code_bytes: int
    layers: dict[str, int]

    @property
    def total(self) -> int:
        return self.code_bytes + sum(self.layers.values())


def tree_bytes(path: Path) -> int:
    """Unzipped size: the sum of the files' sizes (what Lambda counts), symlinks not followed."""
    if not path.is_dir():
        raise FileNotFoundError(f"{path} is missing; run `sam build` first")
    return sum(p.lstat().st_size for p in path.rglob("*") if p.is_file() and not p.is_symlink())


def _ref(value: Any) -> str:
    # The CloudFormation loader reads `!Ref X` as "X"; the long form is {"Ref": "X"}.
    return str(value["Ref"]) if isinstance(value, dict) else str(value)


def function_layers(template: dict[str, Any]) -> dict[str, list[str]]:
    """Each function's layer logical ids: Globals' first, then its own (SAM appends, never replaces)."""
    global_layers = [_ref(v) for v in ((template.get("Globals") or {}).get("Function") or {}).get("Layers") or []]
    out: dict[str, list[str]] = {}
    for name, resource in (template.get("Resources") or {}).items():
        if resource.get("Type") == "AWS::Serverless::Function":
            own = [_ref(v) for v in (resource.get("Properties") or {}).get("Layers") or []]
            out[name] = global_layers + [layer for layer in own if layer not in global_layers]
    return out


def sizes(template: dict[str, Any], build_dir: Path) -> list[FunctionSize]:
    layer_bytes: dict[str, int] = {}
    result = []
    for function, layers in function_layers(template).items():
        for layer in layers:
            if layer not in layer_bytes:
                layer_bytes[layer] = tree_bytes(build_dir / layer)
        result.append(FunctionSize(function, tree_bytes(build_dir / function), {k: layer_bytes[k] for k in layers}))
    return result


def report(rows: list[FunctionSize], limit: int = LIMIT_BYTES) -> tuple[str, list[str]]:
    lines = [f"{'function':<24} {'code MB':>8} {'layers MB':>10} {'total MB':>9}  layers"]
    over = []
    for row in rows:
        layers = ", ".join(f"{k} {v / MB:.1f}" for k, v in row.layers.items())
        lines.append(
            f"{row.function:<24} {row.code_bytes / MB:>8.1f} {sum(row.layers.values()) / MB:>10.1f} "
            f"{row.total / MB:>9.1f}  {layers}"
        )
        if row.total > limit:
            over.append(f"{row.function}: {row.total / MB:.1f} MB > {limit / MB:.0f} MB unzipped")
    return "\n".join(lines), over


@functools.cache
def _layer_build() -> Any:
    spec = importlib.util.spec_from_file_location("souk_layer_build", ROOT / "layers" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# Run as ``python -S -c _SMOKE <module> <layer python dirs...>``: the handler's import CPU time and, of the
# layer modules it loaded, how many have bytecode (PYTHONDONTWRITEBYTECODE keeps the check from adding any).
_SMOKE = r"""
import importlib, importlib.util, json, os, sys, time
start = time.process_time()
importlib.import_module(sys.argv[1])
cpu = time.process_time() - start
roots = tuple(os.path.join(p, "") for p in sys.argv[2:])
files = {f for m in list(sys.modules.values()) if (f := getattr(m, "__file__", None) or "").endswith(".py")}
layer = [f for f in files if f.startswith(roots)]
compiled = sum(os.path.isfile(importlib.util.cache_from_source(f)) for f in layer)
print("\n" + json.dumps({"cpu_s": cpu, "modules": len(layer), "bytecode": compiled}))
"""


@dataclass(frozen=True)
class ImportResult:
    function: str
    ok: bool
    cpu_s: float = 0.0
    modules: int = 0
    bytecode: int = 0
    error: str = ""

    def line(self) -> str:
        if not self.ok:
            return f"import {self.function:<24} FAILED"
        return (
            f"import {self.function:<24} ok  cpu {self.cpu_s:5.2f} s  "
            f"bytecode {self.bytecode}/{self.modules} layer modules"
        )


def import_once(
    python: str, module: str, paths: list[Path], layer_dirs: list[Path], env: dict[str, str]
) -> dict[str, Any] | str:
    """One fresh process importing ``module``: its measurements, or the error it failed with."""
    env = {**env, "PYTHONPATH": os.pathsep.join(str(p) for p in paths), "PYTHONDONTWRITEBYTECODE": "1"}
    argv = [python, "-S", "-P", "-c", _SMOKE, module, *(str(p) for p in layer_dirs)]  # -P: nothing from the cwd
    proc = subprocess.run(argv, env=env, capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        lines = proc.stderr.strip().splitlines()
        return lines[-1] if lines else f"exit {proc.returncode}"
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    return result


def import_smoke(template: dict[str, Any], build_dir: Path, python: str, repeats: int = 1) -> list[str]:
    build = _layer_build()
    version = build.python_version(python)
    if version != build.RUNTIME:
        return [f"{python} is Python {version or '?'}, not the runtime's {build.RUNTIME}"]
    failures = []
    # boto3 for the runtime's Python: the Lambda runtime provides it, so no layer ships it.
    runtime = Path(build.runtime_provided_dir())
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONNOUSERSITE": "1",
        "POWERTOOLS_TRACE_DISABLED": "true",
        "SOUK_MIGRATIONS_DIR": str(build_dir / "CoreLayer" / "python" / "migrations"),
        "SOUK_MODEL_DIR": str(build_dir / "ModelLayer" / "model"),
    }
    for function, layers in function_layers(template).items():
        result = smoke_function(template, build_dir, function, layers, python, runtime, env, repeats)
        print(result.line(), flush=True)
        if not result.ok:
            failures.append(f"{function}: {result.error}")
        elif result.bytecode < result.modules:
            print(
                f"WARN {function}: {result.modules - result.bytecode} of the {result.modules} layer modules it "
                "imports have no bytecode, so each cold start compiles them (build with a Python "
                f"{build.RUNTIME}: LAMBDA_PYTHON)",
                file=sys.stderr,
            )
    return failures


def smoke_function(
    template: dict[str, Any],
    build_dir: Path,
    function: str,
    layers: list[str],
    python: str,
    runtime: Path,
    env: dict[str, str],
    repeats: int = 1,
) -> ImportResult:
    handler = (template["Resources"][function].get("Properties") or {}).get("Handler", "app.handler")
    module = handler.rsplit(".", 1)[0]
    layer_dirs = [build_dir / layer / "python" for layer in layers]
    runs = []
    for _ in range(max(1, repeats)):
        run = import_once(python, module, [build_dir / function, *layer_dirs, runtime], layer_dirs, env)
        if isinstance(run, str):
            return ImportResult(function, ok=False, error=run)
        runs.append(run)
    cpu = statistics.median(r["cpu_s"] for r in runs)
    return ImportResult(function, True, cpu, runs[-1]["modules"], runs[-1]["bytecode"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", type=Path, default=ROOT / ".aws-sam" / "build")
    parser.add_argument("--template", type=Path, default=ROOT / "template.yaml")
    parser.add_argument("--python", help="an interpreter of the Lambda runtime's version, for the import check")
    parser.add_argument("--repeats", type=int, default=1, help="fresh processes per import (the median CPU time)")
    args = parser.parse_args(argv)
    template = load_template(args.template)
    table, over = report(sizes(template, args.build_dir))
    print(table)
    failures = list(over)
    if args.python:
        failures += import_smoke(template, args.build_dir, args.python, args.repeats)
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
