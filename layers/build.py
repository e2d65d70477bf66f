"""Build a Lambda layer's contents (what the layers' Makefiles run under ``sam build``).

``python layers/build.py core <dir>``: the souk package without its local-only modules, the SQL
migrations, and the runtime dependencies of ``layers/core/requirements.txt``.
``python layers/build.py embedding <dir>``: onnxruntime and tokenizers (``layers/embedding/requirements.txt``),
only for the functions that embed.

Wheels are resolved for the Lambda platform (``RUNTIME`` on x86_64 Linux), never for the building
interpreter, and binary only, so the build is the same on any host Python.

Bytecode: Lambda mounts layers read-only at /opt, so a module without a ``.pyc`` is compiled again at every
cold start (~2 s of the search function's ~3.8 s CPU import; eval/bench_coldstart.txt). Compiling every
file (+35 MB) would put the evaluation job over the 250 MB limit, so each layer compiles only its *hot set*
(+15 MB): the files of that layer an interpreter of the runtime's version loads when it imports every
``functions/*/app.py`` handler, every shipped souk module and every third-party module souk's source names
(what a first request imports late), and the X-Ray tracer (``Tracing: Active``). The other layer's packages
come from a cached scratch install under ``.aws-sam/probe`` (SAM may build the layers in parallel), boto3
from ``.aws-sam/runtime-provided``. The ``.pyc`` files are ``unchecked-hash``: zip and unzip change mtimes,
so a timestamp pyc would be rejected (and recompiled in memory) at every cold start. Without such an
interpreter (``$LAMBDA_PYTHON``, ``python3.13`` on PATH, or pyenv's) the layers ship without bytecode, with a
warning.
Stdlib only: it runs before souk is importable.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import glob
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNTIME = "3.13"  # template.yaml Globals Runtime python3.13; tests/test_template.py checks they agree
PLATFORMS = ("manylinux2014_x86_64", "manylinux_2_28_x86_64", "manylinux_2_34_x86_64")  # AL2023: glibc 2.34

# Importable from the Python 3.13 runtime already (pulled in by powertools' tracer extra and x402).
RUNTIME_PROVIDED = ("boto3", "botocore", "s3transfer", "jmespath")

# Local-only code in layers/core/souk: the runner, the model builder (the model layer ships its
# output), the demo generator and its events, the CLI, the evaluation's judgment pooling and the fit of the
# second reading of filters (its output, souk/search/constraint_veto.json, ships).
# tests/test_layers.py checks that no Lambda function's imports reach them.
LOCAL_ONLY = (
    "souk/runner",
    "souk/cli.py",
    "souk/embedding/model_build.py",
    "souk/demo/catalog.py",
    "souk/demo/*.jsonl",
    "souk/evaluation/pooling.py",
    "souk/evaluation/constraint_veto_training.py",
)
_NEVER = ("__pycache__", "*.pyc", "*.egg-info", ".pytest_cache")

LAYER_PATH = "/opt/python"  # where Lambda puts a layer's python/ (the path the .pyc files name)
PROBE_DIR = ROOT / ".aws-sam" / "probe"
REQUIREMENTS = {
    "core": ROOT / "layers" / "core" / "requirements.txt",
    "embedding": ROOT / "layers" / "embedding" / "requirements.txt",
}


def pip_install(requirements: Path | list[str], target: Path, *, no_deps: bool = False) -> None:
    """Wheels for the Lambda platform into ``target``: a requirements file's, or the named packages."""
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    cmd += [f"--platform={p}" for p in PLATFORMS]
    cmd += [f"--python-version={RUNTIME}", "--implementation=cp", "--only-binary=:all:", "--no-compile"]
    cmd += ["--upgrade", "--target", str(target)]
    cmd += ["-r", str(requirements)] if isinstance(requirements, Path) else requirements
    if no_deps:
        cmd.append("--no-deps")
    subprocess.run(cmd, check=True)


def _install_once(target: Path, install: Callable[[Path], None]) -> Path:
    """``install`` into a scratch sibling, then rename it to ``target``: two layer builds running at once
    (``sam build --parallel``) never see a half-installed tree."""
    if target.is_dir():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    scratch = Path(tempfile.mkdtemp(prefix=f".{target.name}-", dir=target.parent))
    try:
        install(scratch)
        try:
            scratch.rename(target)
        except OSError:  # the other build got there first
            if not target.is_dir():
                raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return target


def runtime_provided_dir() -> Path:
    """boto3 for the runtime's Python: the Lambda runtime provides it, so no layer ships it."""
    return _install_once(ROOT / ".aws-sam" / "runtime-provided", lambda d: pip_install(["boto3"], d))


def _drop_distributions(site: Path, names: tuple[str, ...]) -> None:
    for name in names:
        for path in [site / name, *site.glob(f"{name}-*.dist-info")]:
            if path.is_dir():
                shutil.rmtree(path)


def _strip(site: Path) -> None:
    # Test suites are never imported on Lambda; pip's bytecode (if any) is for the wrong Python, and
    # add_bytecode compiles the files that matter.
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


# Runs under the runtime's interpreter with only the layers (and boto3) on sys.path: imports what a cold
# start and a first request import, then writes the source file of every loaded module to argv[1].
_PROBE = r"""
import importlib, importlib.util, json, logging, sys
logging.disable(logging.CRITICAL)  # the handlers' init warns that it has no database; that is expected
config = json.loads(sys.argv[2])
failed = []
for name, path in config["entries"].items():
    try:
        spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    except Exception as exc:
        failed.append(f"{path}: {type(exc).__name__}: {exc}")
for name in config["modules"]:
    try:
        importlib.import_module(name)
    except Exception:
        pass  # an optional or platform-specific import souk guards; its absence is not this check's business
try:
    from aws_lambda_powertools import Tracer
    Tracer(service="probe", disabled=True)
except Exception as exc:
    failed.append(f"Tracer: {type(exc).__name__}: {exc}")
files = sorted({f for m in list(sys.modules.values()) if (f := getattr(m, "__file__", None)) and f.endswith(".py")})
with open(sys.argv[1], "w") as out:
    json.dump({"files": files, "failed": failed}, out)
"""


def python_version(python: str) -> str | None:
    try:
        probe = subprocess.run(
            [python, "-c", "import sys; print('%d.%d' % sys.version_info[:2])"],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    except OSError:
        return None
    return probe.stdout.strip() if probe.returncode == 0 else None


def runtime_python() -> str | None:
    """An interpreter of ``RUNTIME``'s version: ``$LAMBDA_PYTHON``, ``python3.13`` on PATH, or pyenv's."""
    given = os.environ.get("LAMBDA_PYTHON", "").strip()
    pyenv = sorted(glob.glob(os.path.expanduser(f"~/.pyenv/versions/{RUNTIME}*/bin/python{RUNTIME}")), reverse=True)
    for candidate in [given, shutil.which(f"python{RUNTIME}"), *pyenv]:
        if candidate and python_version(candidate) == RUNTIME:
            return candidate
        if candidate and candidate == given:
            _warn(f"LAMBDA_PYTHON={given} is not a Python {RUNTIME}; looking for another")
    return None


def _warn(message: str) -> None:
    # stdout: sam build shows a successful make's stdout and drops its stderr.
    print(f"layers/build.py: WARNING: {message}", flush=True)


def _module_names(package_dir: Path) -> tuple[list[str], list[str]]:
    """The souk modules under ``package_dir`` (its parent on sys.path) and every absolute non-souk import
    their source names, function-level ones included (those are what a first request imports late)."""
    souk: list[str] = []
    other: set[str] = set()
    for path in sorted(package_dir.rglob("*.py")):
        relative = path.relative_to(package_dir.parent)
        if is_local_only(relative.as_posix()):
            continue
        parts = relative.with_suffix("").parts
        souk.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
        for node in ast.walk(ast.parse(path.read_bytes())):
            if isinstance(node, ast.Import):
                other |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                other.add(node.module)
    return souk, sorted(name for name in other if name.split(".")[0] != package_dir.name)


def _scratch_site(layer: str) -> Path:
    """``layer``'s requirements installed as its build installs them, kept across builds (keyed by what
    they are installed from): the packages a probe of the *other* layer imports through."""
    requirements = REQUIREMENTS[layer]
    key = hashlib.sha256(f"{requirements.read_text()}{RUNTIME}{PLATFORMS}".encode()).hexdigest()[:12]
    target = PROBE_DIR / f"{layer}-{key}"
    for stale in PROBE_DIR.glob(f"{layer}-*"):
        if stale != target and not stale.name.startswith("."):
            shutil.rmtree(stale, ignore_errors=True)
    return _install_once(target, lambda d: pip_install(requirements, d, no_deps=layer == "embedding"))


def hot_files(
    python: str,
    site: Path,
    others: list[Path],
    package_dir: Path,
    entries: list[Path] | None = None,
    *,
    timeout: float = 600,
) -> list[Path]:
    """The ``.py`` files under ``site`` that importing every function's handler (``entries``; by default
    ``functions/*/app.py``) and the rest of ``_PROBE`` loads, with ``site`` first on sys.path, then ``others``."""
    souk, other = _module_names(package_dir)
    handlers = sorted((ROOT / "functions").glob("*/app.py")) if entries is None else entries
    entry_names = {f"_souk_probe_{i}_{p.parent.name}": str(p) for i, p in enumerate(handlers)}
    env = {
        "PATH": os.environ.get("PATH", ""),
        "PYTHONPATH": os.pathsep.join(str(p) for p in [site, *others]),
        "PYTHONNOUSERSITE": "1",
        "PYTHONDONTWRITEBYTECODE": "1",  # the probe compiles nothing itself: only the hot set gets bytecode
        "POWERTOOLS_TRACE_DISABLED": "true",
        "SOUK_MIGRATIONS_DIR": str(ROOT / "migrations"),
        "SOUK_MODEL_DIR": os.environ.get("SOUK_MODEL_DIR", str(ROOT / ".souk" / "model")),
        "OMP_NUM_THREADS": "1",
    }
    config = json.dumps({"entries": entry_names, "modules": souk + other})
    with tempfile.TemporaryDirectory() as scratch:
        out = Path(scratch) / "probe.json"
        # -P and a scratch cwd: sam runs this from a copy of layers/core, whose souk/ must not shadow the layer's.
        proc = subprocess.run(
            [python, "-S", "-P", "-c", _PROBE, str(out), config],
            cwd=scratch,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )
        if proc.returncode != 0 or not out.is_file():
            raise RuntimeError(f"the import probe failed: {proc.stderr.strip()[-2000:]}")
        result = json.loads(out.read_text())
    for failure in result["failed"]:
        _warn(f"probe: {failure}")
    root = site.resolve()
    return [Path(f) for f in result["files"] if Path(f).resolve().is_relative_to(root)]


def compile_hot_set(python: str, site: Path, files: list[Path]) -> None:
    """``unchecked-hash`` bytecode for ``files``, naming them as Lambda mounts them (under /opt/python)."""
    cmd = [python, "-m", "compileall", "-q", "--invalidation-mode", "unchecked-hash"]
    cmd += ["-s", str(site), "-p", LAYER_PATH, "-i", "-"]
    subprocess.run(cmd, input="\n".join(str(f) for f in files), text=True, check=True)


def add_bytecode(layer: str, site: Path) -> None:
    """Compile ``layer``'s hot set for the runtime, or warn that it ships without bytecode."""
    python = runtime_python()
    if python is None:
        _warn(
            f"no Python {RUNTIME} found (set LAMBDA_PYTHON); the {layer} layer ships WITHOUT bytecode, "
            "so every Lambda cold start compiles the modules it imports (seconds of CPU)"
        )
        return
    try:
        others = [_scratch_site("embedding")] if layer == "core" else [_scratch_site("core"), ROOT / "layers" / "core"]
        package_dir = (site if layer == "core" else ROOT / "layers" / "core") / "souk"
        files = hot_files(python, site, [*others, runtime_provided_dir()], package_dir)
        compile_hot_set(python, site, files)
    except (OSError, RuntimeError, subprocess.SubprocessError) as exc:
        _warn(f"the {layer} layer ships WITHOUT bytecode: {exc}")
        return
    source = sum(f.stat().st_size for f in files)
    compiled = sum(p.stat().st_size for p in site.rglob("*.pyc"))
    print(
        f"layers/build.py: {layer} layer: bytecode ({python}) for the {len(files)} files a cold start imports "
        f"({source / 2**20:.1f} MB source, +{compiled / 2**20:.1f} MB .pyc)",
        flush=True,
    )


def build_core(artifacts: Path) -> None:
    site = artifacts / "python"
    pip_install(REQUIREMENTS["core"], site)
    _drop_distributions(site, RUNTIME_PROVIDED)
    _strip(site)
    shutil.rmtree(site / "souk", ignore_errors=True)
    copy_package(ROOT / "layers" / "core" / "souk", site)
    shutil.rmtree(site / "migrations", ignore_errors=True)
    shutil.copytree(ROOT / "migrations", site / "migrations")
    add_bytecode("core", site)


def build_embedding(artifacts: Path) -> None:
    # --no-deps: numpy comes from the core layer; the requirements file names the rest explicitly, which
    # keeps tokenizers' huggingface_hub and onnxruntime's optional tooling out.
    site = artifacts / "python"
    pip_install(REQUIREMENTS["embedding"], site, no_deps=True)
    _strip(site)
    add_bytecode("embedding", site)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("layer", choices=["core", "embedding"])
    parser.add_argument("artifacts", type=Path, help="the layer root (sam build's ARTIFACTS_DIR)")
    args = parser.parse_args(argv)
    {"core": build_core, "embedding": build_embedding}[args.layer](args.artifacts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
