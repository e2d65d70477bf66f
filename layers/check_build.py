"""Check ``sam build``'s output: each function's code plus its layers fits Lambda, and it imports.

``python layers/check_build.py [--build-dir .aws-sam/build] [--python python3.13]``

Prints every function's unzipped size (its code and each layer it mounts, Globals' layers first, as
SAM merges them) and exits 1 when one exceeds Lambda's 250 MB limit. With ``--python`` (an interpreter
of the runtime's version), it also imports each function's handler module with only its own code and
layers on ``sys.path`` (plus boto3, which the runtime provides), the way Lambda would at a cold start:
a function that needs a package its layers do not carry fails here, not in AWS.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
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


def _layer_build() -> Any:
    spec = importlib.util.spec_from_file_location("souk_layer_build", ROOT / "layers" / "build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def _runtime_dir(build_dir: Path) -> Path:
    """boto3 for the runtime's Python: the Lambda runtime provides it, so no layer ships it."""
    target = build_dir.parent / "runtime-provided"
    if not (target / "boto3").is_dir():
        build = _layer_build()
        cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-compile"]
        cmd += [f"--platform={p}" for p in build.PLATFORMS]
        cmd += [f"--python-version={build.RUNTIME}", "--only-binary=:all:"]
        subprocess.run([*cmd, "--target", str(target), "boto3"], check=True)
    return target


def import_smoke(template: dict[str, Any], build_dir: Path, python: str) -> list[str]:
    probe = subprocess.run([python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"], capture_output=True)
    version = probe.stdout.decode().strip()
    if probe.returncode != 0 or version != _layer_build().RUNTIME:
        return [f"{python} is Python {version or '?'} ({probe.stderr.decode().strip()[-200:]}), not the runtime's"]
    failures = []
    runtime = _runtime_dir(build_dir)
    for function, layers in function_layers(template).items():
        handler = (template["Resources"][function].get("Properties") or {}).get("Handler", "app.handler")
        module = handler.rsplit(".", 1)[0]
        paths = [build_dir / function] + [build_dir / layer / "python" for layer in layers] + [runtime]
        env = {
            "PATH": os.environ.get("PATH", ""),
            "PYTHONPATH": os.pathsep.join(str(p) for p in paths),
            "PYTHONNOUSERSITE": "1",
            "POWERTOOLS_TRACE_DISABLED": "true",
            "SOUK_MIGRATIONS_DIR": str(build_dir / "CoreLayer" / "python" / "migrations"),
            "SOUK_MODEL_DIR": str(build_dir / "ModelLayer" / "model"),
        }
        code = f"import {module}, sys; print(len(sys.modules))"
        proc = subprocess.run([python, "-S", "-c", code], env=env, capture_output=True, text=True, check=False)
        status = "ok" if proc.returncode == 0 else "FAILED"
        print(f"import {function:<24} {status}")
        if proc.returncode != 0:
            failures.append(f"{function}: {proc.stderr.strip().splitlines()[-1] if proc.stderr.strip() else '?'}")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build-dir", type=Path, default=ROOT / ".aws-sam" / "build")
    parser.add_argument("--template", type=Path, default=ROOT / "template.yaml")
    parser.add_argument("--python", help="an interpreter of the Lambda runtime's version, for the import check")
    args = parser.parse_args(argv)
    template = load_template(args.template)
    table, over = report(sizes(template, args.build_dir))
    print(table)
    failures = list(over)
    if args.python:
        failures += import_smoke(template, args.build_dir, args.python)
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
