"""Build a Lambda layer's contents (what the layers' Makefiles run under ``sam build``).

``python layers/build.py core <dir>``: the souk package without its local-only modules, the SQL
migrations, and the runtime dependencies of ``layers/core/requirements.txt``.
``python layers/build.py embedding <dir>``: onnxruntime and tokenizers (``layers/embedding/requirements.txt``),
only for the functions that embed.

Wheels are resolved for the Lambda platform (``RUNTIME`` on x86_64 Linux), never for the building
interpreter, binary only, and without ``.pyc`` files, so the build is the same on any host Python.
Stdlib only: it runs before souk is importable.
"""

from __future__ import annotations

import argparse
import fnmatch
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = "3.13"  # template.yaml Globals Runtime python3.13; tests/test_template.py checks they agree
PLATFORMS = ("manylinux2014_x86_64", "manylinux_2_28_x86_64", "manylinux_2_34_x86_64")  # AL2023: glibc 2.34

# Importable from the Python 3.13 runtime already (pulled in by powertools' tracer extra and x402).
RUNTIME_PROVIDED = ("boto3", "botocore", "s3transfer", "jmespath")

# Local-only code in layers/core/souk: the runner, the model builder (the model layer ships its
# output), the demo generator and its events, the CLI, and the evaluation's judgment pooling.
# tests/test_layers.py checks that no Lambda function's imports reach them.
LOCAL_ONLY = (
    "souk/runner",
    "souk/cli.py",
    "souk/embedding/model_build.py",
    "souk/demo/catalog.py",
    "souk/demo/*.jsonl",
    "souk/evaluation/pooling.py",
)
_NEVER = ("__pycache__", "*.pyc", "*.egg-info", ".pytest_cache")


def pip_install(requirements: Path, target: Path, *, no_deps: bool = False) -> None:
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    cmd += [f"--platform={p}" for p in PLATFORMS]
    cmd += [f"--python-version={RUNTIME}", "--implementation=cp", "--only-binary=:all:", "--no-compile"]
    cmd += ["--upgrade", "--target", str(target), "-r", str(requirements)]
    if no_deps:
        cmd.append("--no-deps")
    subprocess.run(cmd, check=True)


def _drop_distributions(site: Path, names: tuple[str, ...]) -> None:
    for name in names:
        for path in [site / name, *site.glob(f"{name}-*.dist-info")]:
            if path.is_dir():
                shutil.rmtree(path)


def _strip(site: Path) -> None:
    # Test suites and bytecode are never imported on Lambda (the runtime compiles into /tmp as needed).
    for pattern in ("__pycache__", "tests"):
        for path in sorted(site.rglob(pattern), reverse=True):
            if path.is_dir() and path.name == pattern and "dist-info" not in str(path.parent):
                shutil.rmtree(path)
    for path in site.rglob("*.pyc"):
        path.unlink()
    shutil.rmtree(site / "bin", ignore_errors=True)


def is_local_only(relative: str) -> bool:
    """``relative`` is a path under layers/core (``souk/...``)."""
    return any(relative == p or relative.startswith(p + "/") or fnmatch.fnmatch(relative, p) for p in LOCAL_ONLY)


def copy_package(source: Path, target: Path) -> None:
    for path in sorted(source.rglob("*")):
        relative = path.relative_to(source.parent).as_posix()
        never = any(fnmatch.fnmatch(part, n) for part in path.parts for n in _NEVER)
        if path.is_dir() or never or is_local_only(relative):
            continue
        destination = target / relative
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, destination)


def build_core(artifacts: Path) -> None:
    site = artifacts / "python"
    pip_install(ROOT / "layers" / "core" / "requirements.txt", site)
    _drop_distributions(site, RUNTIME_PROVIDED)
    _strip(site)
    shutil.rmtree(site / "souk", ignore_errors=True)
    copy_package(ROOT / "layers" / "core" / "souk", site)
    shutil.rmtree(site / "migrations", ignore_errors=True)
    shutil.copytree(ROOT / "migrations", site / "migrations")


def build_embedding(artifacts: Path) -> None:
    # --no-deps: numpy comes from the core layer; the requirements file names the rest explicitly, which
    # keeps tokenizers' huggingface_hub and onnxruntime's optional tooling out.
    site = artifacts / "python"
    pip_install(ROOT / "layers" / "embedding" / "requirements.txt", site, no_deps=True)
    _strip(site)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("layer", choices=["core", "embedding"])
    parser.add_argument("artifacts", type=Path, help="the layer root (sam build's ARTIFACTS_DIR)")
    args = parser.parse_args(argv)
    {"core": build_core, "embedding": build_embedding}[args.layer](args.artifacts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
