from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from souk.embedding import (
    EmbeddingUnavailable,
    ModelIntegrityError,
    ModelMissingError,
    OnnxEmbedder,
    load_manifest,
)


@pytest.fixture
def model_copy(model_dir: Path, tmp_path: Path) -> Path:
    return Path(shutil.copytree(model_dir, tmp_path / "model"))


def test_errors_are_embedding_unavailable() -> None:
    assert issubclass(ModelMissingError, EmbeddingUnavailable)
    assert issubclass(ModelIntegrityError, EmbeddingUnavailable)


def test_valid_dir_loads(model_dir: Path) -> None:
    manifest = load_manifest(model_dir)
    assert manifest.dimension == 384
    assert set(manifest.files) >= {"model.onnx", "tokenizer.json"}


def test_missing_dir(tmp_path: Path) -> None:
    with pytest.raises(ModelMissingError, match="does not exist"):
        load_manifest(tmp_path / "nope")


def test_missing_manifest(tmp_path: Path) -> None:
    with pytest.raises(ModelMissingError, match=r"manifest\.json is missing"):
        load_manifest(tmp_path)


def test_missing_listed_file(model_copy: Path) -> None:
    (model_copy / "tokenizer.json").unlink()
    with pytest.raises(ModelMissingError, match=r"tokenizer\.json"):
        load_manifest(model_copy)


def test_corrupt_model_file(model_copy: Path) -> None:
    onnx = model_copy / "model.onnx"
    data = bytearray(onnx.read_bytes())
    data[len(data) // 2] ^= 0xFF  # same size, different bytes: only the hash can tell
    onnx.write_bytes(bytes(data))
    with pytest.raises(ModelIntegrityError, match=r"model\.onnx does not match"):
        load_manifest(model_copy)
    with pytest.raises(ModelIntegrityError):
        OnnxEmbedder(model_copy)
    # verify=False skips hashing, for callers that checked once already
    assert load_manifest(model_copy, verify=False).dimension == 384


def test_unreadable_manifest(model_copy: Path) -> None:
    (model_copy / "manifest.json").write_text("{not json")
    with pytest.raises(ModelIntegrityError, match="not a valid manifest"):
        load_manifest(model_copy)


def test_manifest_cannot_point_outside(model_copy: Path) -> None:
    path = model_copy / "manifest.json"
    data = json.loads(path.read_text())
    data["files"]["../escape"] = {"sha256": "0" * 64, "size": 1}
    path.write_text(json.dumps(data))
    with pytest.raises(ModelIntegrityError, match="outside"):
        load_manifest(model_copy)
